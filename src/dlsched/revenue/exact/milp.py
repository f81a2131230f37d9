"""Exact model ``revenue-milp``: the linearised revenue MILP of notes §2.2 (Pyomo + HiGHS).

Options: ``horizon`` ("instance", "auto" = covering the makespan of every scheduler, or an int
T_opt, which must cover every compared schedule for OPT >= ALG),
``fixed_workers`` (K_j restricted to w = D_j, notes §4's narrative), ``time_origin``. A time-limited
solve returns its incumbent with status ``time_limit`` and the proven bound; every solution is
re-checked by the independent validator (violations -> status ``error``).
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import pyomo.environ as pyo

from ...core import Result, SolveOptions, register_model, solve_pyomo
from ..instance import RevenueInstance
from ..model import build_milp, milp_data
from ..support.horizon import model_horizon
from .bounds import alone_bound
from .common import _finish, _or_empty, _plan, _remaining, _size_gate

#: Build rate of the Pyomo model, start columns per second (conservative, like
#: ``cpsat.CP_VALUES_PER_S``)
PYOMO_COLUMNS_PER_S = 4_000


@register_model("revenue-milp", "revenue",
                "Linearised revenue MILP (notes §2.2): configuration x start binaries, static "
                "placement, per-slot usage, (3i) on PS hosts, admission as in (4)")
def solve_milp(inst: RevenueInstance, *, options: SolveOptions | None = None,
               horizon: int | str = "instance", fixed_workers: bool = False,
               time_origin: str = "arrival", **_: Any) -> Result:
    options = options or SolveOptions()
    t0 = time.perf_counter()
    T = model_horizon(inst, horizon)
    refused = _size_gate(inst, "revenue-milp", options, t0, T, time_origin, fixed_workers,
                         PYOMO_COLUMNS_PER_S, "start columns", "in Pyomo")
    if refused is not None:
        return refused
    data = milp_data(inst, T, time_origin, fixed_workers)
    m = build_milp(data)
    build_s = time.perf_counter() - t0
    stats: dict[str, Any] = {"binaries": len(data.value) + 2 * inst.n_jobs * inst.n_servers,
                             "rows": m.nconstraints(), "columns": m.nvariables(),
                             "T": data.T, "time_origin": time_origin,
                             "fixed_workers": fixed_workers, "bound_alone": alone_bound(data)}
    out = solve_pyomo(m, _remaining(options, t0))
    stats.update(out.stats)
    plans = None
    if out.has_solution:
        plans = {}
        for j, k, t in m.XK:
            if pyo.value(m.x[j, k, t]) > 0.5:
                Y = {s: round(pyo.value(m.Y[j, s])) for s in range(inst.n_servers)}
                Z = {s: round(pyo.value(m.Z[j, s])) for s in range(inst.n_servers)}
                plans[j] = _plan(inst, data, j, k, t, Y, Z)
    plans = _or_empty(plans, out.status, stats)
    return _finish(inst, "revenue-milp", out.status, out.objective, out.bound, plans, t0,
                   build_s, stats)

