"""``completion-patterns``: the pattern ILP E2 of notes §2.4 and its config LP (notes §2.5.5).

Set partitioning over the single-job patterns of ``support/pattern_set.py`` (problem (8) with the
completion objective): binaries x_jl,

    min sum_j w_j (t_l + d_l) x_jl
    s.t. sum_l x_jl = 1                                  for every job j          (2a)/(8b)
         sum_{j, l: t in [t_l, t_l + d_l)} f_jhr(l) x_jl <= C_hr   for every (h, r, t)   (8a)/(2h)

(2b)-(2g), (2i) and (2j) hold inside each pattern by construction. Its LP relaxation is the
configuration LP, at least as strong as E1's and the aggregate LP (each pattern is a feasible
single-job schedule).

The matrix form and the HiGHS runs are in ``.pattern_model`` (shared with the config LP
bound of ``.bounds``).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses
import time
from typing import Any

import numpy as np

from ...core import Result, SolveOptions, Status, register_model
from ...core.result import relative_gap
from ...core.solver import uses_solver
from ..instance import CompletionInstance
from ..solution import JobPlan
from ..support.config import configurations
from ..support.pattern_set import pattern_set
from .bounds import LP_TIME_LIMIT, LpSwitch, check_lp_switch
from .bounds import solve_config_lp as config_lp
from .finish import finish
from .incumbent import resolve_horizon, statement_horizon
from .pattern_model import NONZERO_LIMIT, PatternModel, build_pattern_model, run_model


def _plans(pm: PatternModel, x: np.ndarray) -> dict[int, JobPlan]:
    ps = pm.ps
    plans: dict[int, JobPlan] = {}
    for c in np.nonzero(x > 0.5)[0]:
        j, i = int(ps.job[c]), int(ps.place[c])
        pl = ps.placements[j]
        k = configurations(ps.inst, j)[int(pl.config[i])]
        y = {h: int(v) for h, v in enumerate(pl.y[i])}
        s = {h: int(v) for h, v in enumerate(pl.s[i])} if k.p >= 0 else {}
        plans[j] = JobPlan(int(ps.start[c]), int(pl.d[i]), k.m, k.p, y, s)
    return plans


def _attach_config_lp(res: Result, value: float | None, why: str) -> None:
    """Add the configuration LP to ``stats["bounds"]`` and fold it into ``best`` and into the
    result's bound the way ``finish.finish`` folds the other bounds."""
    bounds = res.stats["bounds"]
    bounds["config_lp"] = value
    if value is None:
        res.stats.setdefault("bounds_missing", {})["config_lp"] = why
        return
    bounds["best"] = max(bounds["best"], value)
    if res.status is not Status.OPTIMAL and (res.status.has_solution
                                             or res.status is Status.TIME_LIMIT):
        res.bound = value if res.bound is None else max(res.bound, value)
        res.gap = relative_gap(res.objective, res.bound)
    if (res.status is Status.OPTIMAL and res.objective is not None
            and value > res.objective + 1e-6 * max(1.0, res.objective)):
        res.stats["bound_above_optimum"] = value


@register_model("completion-patterns", "completion",
                "Pattern ILP E2 (set partitioning over single-job placements x starts, "
                "highspy), its LP = configuration LP; for H <= 3")
@uses_solver("HiGHS through highspy")
def solve_patterns(inst: CompletionInstance, *, options: SolveOptions | None = None,
                   horizon: int | str | None = None, lp_bound: LpSwitch = "auto",
                   dominance: bool = True, mip_presolve: bool = False, **_: Any) -> Result:
    """Pattern ILP E2: set partitioning over single-job placements x starts (HiGHS via highspy).

    Its LP is the configuration LP, the strongest bound here; sized for small clusters
    (H <= 3). Always HiGHS: ``options.solver`` is ignored, its time limit, gap, threads and
    options apply. Status ``infeasible`` when some job has no pattern that ends by T_max.

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
    lp_bound : bool or str, default "auto"
        Also solve the LP bounds of E1 (aggregate LP and LP relaxation): True, False, or
        ``"auto"`` (only up to ``bounds.LP_COLUMN_LIMIT`` configuration x start columns).
    dominance : bool, default True
        Drop dominated placements (exact; see ``support/pattern_set.py``).
    mip_presolve : bool, default False
        Run HiGHS presolve (also needs ``options.presolve``); off by default because it
        slows these set-partitioning MIPs down.

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
        non-preemptive), or the pattern
        set exceeds ``pattern_set.PLACEMENT_LIMIT`` / ``COLUMN_LIMIT`` (use another model), or
        ``lp_bound`` is not true, false or ``"auto"``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = solve_patterns(golden("s4"), lp_bound=False)
    >>> res.status.value, res.objective
    ('optimal', 7.0)
    """
    check_lp_switch(lp_bound)
    options = options or SolveOptions()
    options = dataclasses.replace(options, presolve=options.presolve and mip_presolve)
    t0 = time.perf_counter()
    horizon = statement_horizon(inst, horizon)
    tmax = resolve_horizon(inst, horizon)
    ps = pattern_set(inst, tmax, dominance=dominance)
    stats: dict[str, Any] = {"placements_enumerated": ps.enumerated,
                             "placements": ps.n_placements, "columns": ps.n_columns}
    if np.bincount(ps.job, minlength=inst.n_jobs).min() == 0:
        res = finish(inst, "completion-patterns", Status.INFEASIBLE, None, None, None, t0,
                      time.perf_counter() - t0, stats, tmax, False)
        _attach_config_lp(res, None, "some job has no pattern that fits by T_max: infeasible")
        return res
    pm = build_pattern_model(ps)
    build_s = time.perf_counter() - t0
    stats.update(rows=pm.n_rows, nonzeros=int(pm.rows.nnz), presolve=options.presolve)
    run = run_model(pm, options, integer=True)
    stats.update(run.stats)
    plans = _plans(pm, run.x) if run.x is not None else None
    res = finish(inst, "completion-patterns", run.status, run.objective, run.bound, plans, t0,
                  build_s, stats, tmax, lp_bound, config=False,  # its own config LP below
                  time_limit=options.time_limit)
    if lp_bound is False:
        return res
    lp_t0 = time.perf_counter()
    value = config_lp(inst, tmax, model=pm)
    res.stats["config_lp_s"] = time.perf_counter() - lp_t0
    res.runtime_s = time.perf_counter() - t0
    _attach_config_lp(res, value, f"not solved to optimality within {LP_TIME_LIMIT:g} s")
    return res


__all__ = ["NONZERO_LIMIT", "PatternModel", "build_pattern_model", "config_lp", "solve_patterns"]
