"""MPS/LP exporters of the OEF LPs (``dlsched export``, ``dlsched.core.export``).

Every LP is written complete: ``oef-cooperative`` with all R(R-1) envy rows (the exact solver
may add them lazily, the file never does).
"""

from __future__ import annotations

from ..core.export import Budget, ExportPlan, register_exporter
from .instance import OEFInstance
from .model import MECHANISMS, build_model


def _plan(mechanism: str):
    def plan(inst: OEFInstance, budget: Budget) -> ExportPlan:
        R, k = inst.rows.size, inst.n_types
        columns = R * k + (mechanism == "noncooperative")
        rows, nnz = k, R * k  # capacity rows
        if mechanism == "noncooperative":  # W_r . x_r = w_r T
            rows, nnz = rows + R, nnz + R * (k + 1)
        elif mechanism == "cooperative":  # envy rows over x_r and x_s
            rows, nnz = rows + R * (R - 1), nnz + R * (R - 1) * 2 * k
        budget.check(columns, "use an instance with fewer users", rows, nnz)
        return ExportPlan(columns, lambda: build_model(inst, mechanism), rows=rows, nonzeros=nnz)

    plan.__doc__ = f"LP of ``oef-{mechanism}`` (no parameters)."
    return plan


for _mechanism in MECHANISMS:
    register_exporter(f"oef-{_mechanism}", "oef", "use an instance with fewer users")(
        _plan(_mechanism)
    )
