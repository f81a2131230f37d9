"""Exact model ``revenue-milp``: the linearised revenue MILP of notes §2.2 (Pyomo + HiGHS).

The statement is the instance's (``revenue.rules``): its horizon T caps every run, its
``time_origin`` and ``fixed_workers`` (K_j restricted to w = D_j, notes §4's narrative); the
options ``horizon``, ``time_origin`` and ``fixed_workers`` may only repeat them (another
problem is stated with ``inst.with_rules``; ``auto_horizon`` gives a T covering every
scheduler, for OPT >= ALG). PSs may sit on several servers, as the validator allows. A time-limited
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
from ..support.horizon import model_rules
from .bounds import alone_bound
from .common import _finish, _or_empty, _plan, _remaining, _size_gate

#: Build rate of the Pyomo model, start columns per second (conservative, like
#: ``cpsat.CP_VALUES_PER_S``)
PYOMO_COLUMNS_PER_S = 4_000


@register_model("revenue-milp", "revenue",
                "Linearised revenue MILP (notes §2.2): configuration x start binaries, static "
                "placement, per-slot usage, (3i) on PS hosts, admission as in (4)")
def solve_milp(inst: RevenueInstance, *, options: SolveOptions | None = None,
               horizon: int | str = "instance", fixed_workers: bool | None = None,
               time_origin: str | None = None, **_: Any) -> Result:
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
        The model's horizon T: ``'instance'`` or the instance's horizon (T caps every
        schedule; another T is refused: ``inst.with_rules(horizon=auto_horizon(inst))``
        states the problem that covers every scheduler). Unit: slots.
    fixed_workers : bool or None, default None
        None or the instance's ``fixed_workers`` (every job at exactly D_j workers, the
        notes §4 narrative); another value would solve another problem and is refused.
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
        ``horizon``, ``time_origin`` or ``fixed_workers`` differs from the instance's rule
        (a model solves exactly the instance's problem).

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
    T, time_origin, fixed_workers = model_rules(inst, horizon, time_origin, fixed_workers)
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

