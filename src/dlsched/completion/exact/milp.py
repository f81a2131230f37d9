"""``completion-milp``: the time-indexed MILP E1 (Pyomo + HiGHS).

``horizon``: by default the instance's rule (``"instance"``, T_max = T, on a hard horizon
[A22]; ``"extended"``, the unconstrained optimum of ``.incumbent.extended_horizon``, on an open
one); a value stating another problem is refused (``.incumbent.statement_horizon``). Every
result carries the lower bounds of notes §2.5 (``.bounds``, attached by ``.finish.finish``)
and is re-checked by the independent validator. The MILP's LP relaxation re-solves its own
model with integrality dropped.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pyomo.environ as pyo

from ...core import Result, SolveOptions, Status, register_model, solve_pyomo
from ...core.deadline import remaining
from ..instance import CompletionInstance
from ..model import build_e1, e1_data
from ..solution import JobPlan
from .bounds import LpSwitch, check_lp_switch
from .finish import fallback, finish
from .incumbent import best_heuristic, resolve_horizon, statement_horizon

#: Pyomo builds of E1 run at about this many configuration x start columns per second on the
#: reference machine (benchmarks/time-limits.md: 40-job single machine, 24.9 s)
PYOMO_COLUMNS_PER_S = 4_000


@register_model("completion-milp", "completion",
                "Time-indexed MILP E1 (configuration x start, compact placement), PS and RAR")
def solve_milp(inst: CompletionInstance, *, options: SolveOptions | None = None,
               horizon: int | str | None = None, aggregate_cut: bool = True,
               lp_bound: LpSwitch = "auto", warm_start: bool = True, **_: Any) -> Result:
    """Time-indexed MILP E1 (configuration x start binaries, compact placement), Pyomo + HiGHS.

    Refused (status ``time_limit`` with the heuristic incumbent, ``stats["refused"]``) when
    building it in Pyomo alone would take more than half the time limit.

    Parameters
    ----------
    inst : CompletionInstance
        The instance to solve.
    options : SolveOptions or None, default None
        Solver settings (``time_limit``, ``mip_gap``, ``threads``, ...); None uses the
        defaults (no limit).
    horizon : int or str or None, default None
        T_max, the last slot a schedule may use. None follows the instance's rule:
        ``"instance"`` (T_max = T) when ``horizon_hard``, else ``"extended"`` (the bound of
        notes §2.4 from the best heuristic, by which every optimal schedule ends). A value
        that states another problem (``"instance"`` or an int below the extended horizon on
        an open instance, anything but T on a hard one) is refused
        (``incumbent.statement_horizon``). Unit: slots.
    aggregate_cut : bool, default True
        Add the aggregate capacity cut to E1.
    lp_bound : bool or str, default "auto"
        Also solve the LP bounds of E1 (aggregate LP and LP relaxation): True, False, or
        ``"auto"`` (only up to ``bounds.LP_COLUMN_LIMIT`` configuration x start columns).
    warm_start : bool, default True
        If HiGHS stops with no incumbent or a worse one than the best of A_online and FIFO,
        return that schedule instead (the status stays ``time_limit``).

    Returns
    -------
    Result
        ``status`` (``optimal``, ``feasible``, ``time_limit``, ``infeasible`` or ``error``
        when the validator rejects the schedule); ``objective`` sum_j w_j C_j of the schedule
        (Unit: weight x slots); ``bound`` the best lower bound (solver bound or the bounds of
        notes §2.5 in ``stats["bounds"]``, with ``stats["bounds_missing"]`` saying why an LP
        bound is absent); ``solution`` a completion ``Solution`` (per job ``start``,
        ``duration``, ``worker_type``, ``workers``, ``ps_type`` / ``ps`` under PS) with
        ``capped`` true when T_max <= T (information); ``stats["tmax"]`` the T_max used.

    Raises
    ------
    InputError
        ``horizon`` does not state the instance's horizon rule (or is not ``"instance"``,
        ``"extended"``, a positive int or None), ``preemption`` is true (the model is
        non-preemptive), or
        ``lp_bound`` is not true, false or ``"auto"``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = solve_milp(golden("s4"), lp_bound=False)
    >>> res.status.value, res.objective
    ('optimal', 7.0)
    """
    check_lp_switch(lp_bound)
    options = options or SolveOptions()
    t0 = time.perf_counter()
    horizon = statement_horizon(inst, horizon)
    heur = best_heuristic(inst) if horizon == "extended" else None
    tmax = resolve_horizon(inst, horizon, heur)
    data = e1_data(inst, tmax)
    if any(not any(len(rng) for rng in data.starts[j]) for j in range(inst.n_jobs)):
        # a job fits no configuration and start by T_max: (2a) cannot hold (no model to build)
        return finish(inst, "completion-milp", Status.INFEASIBLE, None, None, None, t0,
                       time.perf_counter() - t0, {"reason": "a job has no start by T_max"},
                       tmax, False)
    predicted = data.n_columns / PYOMO_COLUMNS_PER_S
    if options.time_limit is not None and predicted > 0.5 * options.time_limit:
        # the Pyomo build alone would eat the budget: refuse it (E2 / CP-SAT build faster)
        stats = {"refused": f"E1 has {data.n_columns} columns, ~{predicted:.0f} s to build "
                            f"in Pyomo (> half the {options.time_limit:g}-s limit)"}
        heur = heur or best_heuristic(inst)
        obj, plans = fallback(inst, heur, tmax, None, None, stats)
        return finish(inst, "completion-milp", Status.TIME_LIMIT, obj, None, plans, t0,
                       time.perf_counter() - t0, stats, tmax, False,
                       time_limit=options.time_limit)
    m = build_e1(data, aggregate_cut)
    build_s = time.perf_counter() - t0
    stats: dict[str, Any] = {"binaries": data.n_columns + 2 * inst.n_jobs * inst.n_servers,
                             "rows": m.nconstraints(), "columns": m.nvariables()}
    if options.time_limit is not None:  # the solver gets what the build left
        options = replace(options, time_limit=remaining(options.time_limit, build_s))
    out = solve_pyomo(m, options)
    stats.update(out.stats)
    plans = None
    if out.has_solution:
        plans = {}
        for j, k, t in m.XK:
            if pyo.value(m.X[j, k, t]) > 0.5:
                cfg = data.configs[j][k]
                y = {h: round(pyo.value(m.Y[j, h, cfg.m])) for h in range(inst.n_servers)}
                s = ({h: round(pyo.value(m.S[j, h, cfg.p])) for h in range(inst.n_servers)}
                     if not inst.ring else {})
                plans[j] = JobPlan(t, cfg.d, cfg.m, cfg.p, y, s)
    obj = out.objective
    status = out.status
    if warm_start and status in (Status.TIME_LIMIT, Status.FEASIBLE):  # only then needed
        obj, plans = fallback(inst, heur or best_heuristic(inst), tmax, obj, plans, stats)
    return finish(inst, "completion-milp", status, obj, out.bound, plans, t0,
                   build_s, stats, tmax, lp_bound, model=m, time_limit=options.time_limit)
