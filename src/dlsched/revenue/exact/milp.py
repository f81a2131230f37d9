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
    """Exact revenue by the linearised MILP of notes §2.2 (Pyomo + HiGHS).

    Binaries per (job, configuration, start), static placement variables per server, per-slot
    usage rows, the bandwidth rule (3i) on PS hosts and admission as in (4). A model whose
    build would exceed the time limit is refused (the guard then adds the heuristics).

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    horizon : int or str, default 'instance'
        The model's horizon T: ``'instance'`` (the instance's), ``'auto'`` (covering the
        makespan of every compared scheduler, so that OPT >= ALG) or a number of slots.
        Unit: slots.
    fixed_workers : bool, default False
        Run every job with exactly D_j workers (the notes §4 narrative) instead of choosing w
        in 1..D_j (Alg. 3 as written).
    time_origin : str, default 'arrival'
        Argument of a job's utility: completion minus arrival (``'arrival'``) or the
        completion slot itself (``'absolute'``).

    Returns
    -------
    Result
        ``status`` (``optimal`` when proven; ``time_limit`` with the incumbent and the proven
        ``bound``; ``error`` if the independent validator rejects the schedule),
        ``objective`` = the total revenue sum F_j (unit: utility) and a ``Solution`` with per
        job ``admitted`` and, if so, ``placement``, ``start`` / ``completion``, ``workers`` /
        ``ps`` per server and ``utility``; plus ``revenue``, ``gains`` and ``fairness``.

    Raises
    ------
    InputError
        ``horizon`` is not ``'instance'``, ``'auto'`` or a positive integer.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small",
    ...                 arrival_max=2, horizon=12)
    >>> from dlsched.revenue.exact.milp import solve_milp
    >>> res = solve_milp(inst)
    >>> res.status.value, round(res.objective, 6)
    ('optimal', 1513.374)
    """
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

