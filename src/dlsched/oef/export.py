"""MPS/LP exporters of the OEF LPs (``dlsched export``, :mod:`dlsched.core.export`).

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
        rows = k + (R if mechanism == "noncooperative" else 0)
        rows += R * (R - 1) if mechanism == "cooperative" else 0
        budget.check(columns, "use an instance with fewer users", rows)
        return ExportPlan(columns, lambda: build_model(inst, mechanism))

    plan.__doc__ = f"LP of ``oef-{mechanism}`` (no parameters)."
    return plan


for _mechanism in MECHANISMS:
    register_exporter(f"oef-{_mechanism}", "oef", "use an instance with fewer users")(
        _plan(_mechanism)
    )
