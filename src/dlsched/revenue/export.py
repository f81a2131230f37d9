"""MPS/LP exporter of the linearised revenue MILP (``dlsched export``, core.export)."""

from __future__ import annotations

from ..core.export import Budget, ExportPlan, register_exporter, require, require_bool
from .instance import RevenueInstance
from .model import build_milp, milp_data
from .support.configs import TIME_ORIGINS
from .support.horizon import model_rules

SHRINK = "use a smaller instance (fewer jobs, servers or slots: inst.with_rules(horizon=N))"


@register_exporter("revenue-milp", "revenue", SHRINK)
def plan_milp(inst: RevenueInstance, budget: Budget, horizon: int | str = "instance",
              fixed_workers: bool | None = None, time_origin: str | None = None) -> ExportPlan:
    """The §2.2 MILP of the instance's statement, with the parameters of ``dlsched solve -m
    revenue-milp``: ``horizon``, ``fixed_workers`` and ``time_origin`` may only repeat the
    instance's rules (``revenue.support.horizon.model_rules``)."""
    if fixed_workers is not None:
        require_bool("fixed_workers", fixed_workers)
    if time_origin is not None:
        require("time_origin", time_origin, time_origin in TIME_ORIGINS, " or ".join(TIME_ORIGINS))
    J, S = inst.n_jobs, inst.n_servers
    T, time_origin, fixed_workers = model_rules(inst, horizon, time_origin, fixed_workers)
    # y, z per (job, server, slot r_j+1..T) come first: they bound the size before the starts
    # (the x columns) are listed. Rows and entries without x (upper bounds; model/*.py):
    # M6 rows per (j, s, t) with y/z and Y/Z; M7/M8 hold every y, z twice; M1-M5 per (j, s).
    jst = sum(S * max(0, T - int(inst.arrival[j])) for j in range(J))
    cols = 2 * jst + 4 * J * S
    rows = 2 * jst + 2 * S * T + 2 * T + 6 * J + 5 * J * S
    nnz = 8 * jst + 16 * J * S
    budget.check(cols, SHRINK, rows, nnz, at_least=True)
    data = milp_data(inst, T, time_origin, fixed_workers)
    # each x: M1-M3, M4 host/c1, objective; M4 y/z and M5 bw per server; M6 y/z per server and
    # slot of its run
    for j, k, _t0 in data.value:
        nnz += 6 + 3 * S + 2 * S * data.configs[j][k].d
    columns = len(data.value) + cols
    budget.check(columns, SHRINK, rows, nnz)
    return ExportPlan(columns, lambda: build_milp(data), rows=rows, nonzeros=nnz)
