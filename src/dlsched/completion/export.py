"""MPS/LP exporter of the time-indexed MILP E1 (``dlsched export``, core.export)."""

from __future__ import annotations

import numpy as np

from ..core.errors import InputError
from ..core.export import Budget, ExportPlan, register_exporter, require_bool
from .exact.incumbent import resolve_horizon, statement_horizon
from .instance import CompletionInstance
from .model import build_e1, e1_data, load_of

SHRINK = "use a smaller instance (or, under a hard horizon, fewer slots T)"


def _sizes(inst: CompletionInstance, T: int) -> tuple[int, int, int]:
    """(columns, rows, nonzeros) of E1 without the X columns (upper bounds; model/*.py)."""
    J, H = inst.n_jobs, inst.n_servers
    W, P = len(inst.worker_names), 0 if inst.ring else len(inst.ps_names)
    used = inst.worker_demand.any(axis=0)
    if not inst.ring:
        used = used | inst.ps_demand.any(axis=0)
    RU = int(used.sum())
    cols = J * H * (W + 1) + J * T * (1 + H * len(inst.resources)) + (J * H * (P + 1) if P else 0)
    rows = J * (5 + T) + J * H * (2 * W + 3 * P + 1 + RU + RU * T) + H * RU * T
    nnz = (J * H * (4 * W + 6 * P + H * W + 3) + J * T  # types, colocation, PS rows, running
           + J * H * RU * (W + P)  # load_cap
           + J * H * RU * T * (3 + W + P)  # load_link: V, Z, the loads
           + H * RU * T * J)  # capacity
    return cols, rows, nnz


@register_exporter("completion-milp", "completion", SHRINK)
def plan_milp(inst: CompletionInstance, budget: Budget, horizon: int | str | None = None,
              aggregate_cut: bool = True) -> ExportPlan:
    """E1 with the parameters of ``dlsched solve -m completion-milp``: ``horizon`` (None: the
    instance's rule; "instance", "extended" or a number of slots where it states that rule,
    ``exact.incumbent.statement_horizon``) and ``aggregate_cut``."""
    require_bool("aggregate_cut", aggregate_cut)
    tmax = resolve_horizon(inst, statement_horizon(inst, horizon))
    cols, rows, nnz = _sizes(inst, tmax)
    budget.check(cols, SHRINK, rows, nnz, at_least=True)
    data = e1_data(inst, tmax)
    for j in range(inst.n_jobs):
        if not any(len(rng) for rng in data.starts[j]):
            raise InputError(
                "horizon", f"job {j} fits no configuration and start by slot {tmax}: E1 is "
                "infeasible (use -p horizon=extended)"
            )
    # each X column: start_once, worker_count, colocated, objective, its worker / PS type rows
    # on every server, and the running (+ aggregate) rows of the d slots it covers
    H, ps = inst.n_servers, 0 if inst.ring else 1
    for j, ks in enumerate(data.configs):
        for cfg, rng in zip(ks, data.starts[j], strict=True):
            n_r = int(np.count_nonzero(load_of(cfg, inst))) if aggregate_cut else 0
            nnz += len(rng) * (4 + H * (1 + ps) + cfg.d * (1 + n_r))
    rows += len(inst.resources) * tmax if aggregate_cut else 0
    columns = data.n_columns + cols
    budget.check(columns, SHRINK, rows, nnz)
    return ExportPlan(columns, lambda: build_e1(data, aggregate_cut), rows=rows, nonzeros=nnz)
