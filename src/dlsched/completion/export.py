"""MPS/LP exporter of the time-indexed MILP E1 (``dlsched export``, core.export)."""

from __future__ import annotations

from ..core.errors import InputError
from ..core.export import Budget, ExportPlan, register_exporter
from .exact import resolve_horizon
from .instance import CompletionInstance
from .model import build_e1, e1_data

SHRINK = "use -p horizon=N (fewer slots) or a smaller instance"


@register_exporter("completion-milp", "completion", SHRINK)
def plan_milp(inst: CompletionInstance, budget: Budget, horizon: int | str = "instance",
              aggregate_cut: bool = True) -> ExportPlan:
    """E1 with the parameters of ``dlsched solve -m completion-milp``: ``horizon`` ("instance",
    "extended" or a number of slots) and ``aggregate_cut``."""
    tmax = resolve_horizon(inst, horizon)
    J, H = inst.n_jobs, inst.n_servers
    per_slot = J * (1 + H * len(inst.resources))  # Z[j, t] and V[j, h, r, t]
    fixed = J * H * (len(inst.worker_names) + 1)  # Y, o
    if not inst.ring:
        fixed += J * H * (len(inst.ps_names) + 1)  # S, g
    budget.check(fixed + per_slot * tmax, SHRINK)
    data = e1_data(inst, tmax)
    for j in range(J):
        if not any(len(rng) for rng in data.starts[j]):
            raise InputError(
                "horizon", f"job {j} fits no configuration and start by slot {tmax}: E1 is "
                "infeasible (use -p horizon=extended)"
            )
    columns = data.n_columns + fixed + per_slot * len(data.slots)
    budget.check(columns, SHRINK)
    return ExportPlan(columns, lambda: build_e1(data, aggregate_cut))
