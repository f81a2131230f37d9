"""MPS/LP exporter of the linearised revenue MILP (``dlsched export``, core.export)."""

from __future__ import annotations

from ..core.export import Budget, ExportPlan, register_exporter
from .exact import _horizon
from .instance import RevenueInstance
from .model import build_milp, milp_data

SHRINK = "use -p horizon=N (fewer slots) or a smaller instance"


@register_exporter("revenue-milp", "revenue", SHRINK)
def plan_milp(inst: RevenueInstance, budget: Budget, horizon: int | str = "instance",
              fixed_workers: bool = False, time_origin: str = "arrival") -> ExportPlan:
    """The §2.2 MILP with the parameters of ``dlsched solve -m revenue-milp``: ``horizon``
    ("instance", "auto" or a number of slots), ``fixed_workers``, ``time_origin``."""
    J, S = inst.n_jobs, inst.n_servers
    T = _horizon(inst, horizon)
    # y, z per (job, server, slot r_j+1..T) come first: they bound the size before the starts
    # (the x columns) are listed
    jst = sum(S * max(0, T - int(inst.arrival[j])) for j in range(J))
    budget.check(2 * jst + 4 * J * S, SHRINK)
    data = milp_data(inst, T, time_origin, fixed_workers)
    columns = len(data.value) + 2 * jst + 4 * J * S
    budget.check(columns, SHRINK)
    return ExportPlan(columns, lambda: build_milp(data))
