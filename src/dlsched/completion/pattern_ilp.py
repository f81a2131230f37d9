"""``completion-patterns``: the pattern ILP E2 of notes §2.4 and its config LP (notes §2.5.5).

Set partitioning over the single-job patterns of ``patterns.py`` (problem (8) with the
completion objective): binaries x_jl,

    min sum_j w_j (t_l + d_l) x_jl
    s.t. sum_l x_jl = 1                                  for every job j          (2a)/(8b)
         sum_{j, l: t in [t_l, t_l + d_l)} f_jhr(l) x_jl <= C_hr   for every (h, r, t)   (8a)/(2h)

(2b)-(2g), (2i) and (2j) hold inside each pattern by construction. Its LP relaxation is the
configuration LP, at least as strong as E1's and the aggregate LP (each pattern is a feasible
single-job schedule).

Why highspy directly, not Pyomo: the model is a 0/1 matrix plus a cost vector that numpy builds
as CSR arrays in one pass (10^5 columns in a fraction of a second, where Pyomo would spend
seconds creating components), and the configuration LP is the same arrays with integrality
dropped: one more solve, no second build. Statuses are mapped honestly (a time-limited run keeps
its incumbent and the MIP dual bound); an ``infeasible`` verdict with presolve on is re-checked
with presolve off (DESIGN.md).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

import highspy
import numpy as np

from ..core import Result, SolveOptions, Status, register_model
from ..core.highs import HIGHS_STATUS, use_threads
from ..core.result import relative_gap
from .bounds import LP_TIME_LIMIT, LpSwitch
from .config import configurations
from .exact import _finish, resolve_horizon
from .instance import CompletionInstance
from .patterns import PatternSet, _too_big, pattern_set
from .solution import JobPlan

_FEASIBLE = 2  # HiGHS kSolutionStatusFeasible


@dataclass(frozen=True)
class PatternModel:
    """E2 in matrix form: columns ``ps``, rows = J assignment rows then the packing rows."""

    ps: PatternSet
    cost: np.ndarray
    rows: Any  # scipy CSR, (J + packing rows) x columns
    lower: np.ndarray
    upper: np.ndarray

    @property
    def n_rows(self) -> int:
        return int(self.lower.size)


#: Above this many nonzeros HiGHS (1.14) spends minutes before its root LP on these dense
#: capacity rows and overruns its time limit (measured: 8 PS jobs, 2 servers, T = 193: 56,556
#: columns, 1.58 M nonzeros, 150 s against a 60 s limit, incumbent 7.5x the optimum; every
#: instance of the completion-small suite up to 0.3 M nonzeros solved in <= 14 s).
NONZERO_LIMIT = 800_000


def build_pattern_model(ps: PatternSet) -> PatternModel:
    import scipy.sparse as sp

    cap, upper, _ = ps.capacity()
    J = ps.inst.n_jobs
    rows = sp.vstack([ps.assignment(), cap], format="csr")
    if rows.nnz > NONZERO_LIMIT:
        raise _too_big("matrix nonzeros", int(rows.nnz), NONZERO_LIMIT)
    lower = np.concatenate([np.ones(J), np.full(cap.shape[0], -highspy.kHighsInf)])
    return PatternModel(ps, ps.cost(), rows, lower, np.concatenate([np.ones(J), upper]))


def _highs(pm: PatternModel, options: SolveOptions, integer: bool,
           presolve: bool | None = None) -> highspy.Highs:
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    if options.time_limit is not None:
        h.setOptionValue("time_limit", float(options.time_limit))
    if options.mip_gap is not None:
        h.setOptionValue("mip_rel_gap", float(options.mip_gap))
    if options.threads is not None:
        use_threads(options.threads)
        h.setOptionValue("threads", int(options.threads))
    if not (options.presolve if presolve is None else presolve):
        h.setOptionValue("presolve", "off")
    for key, val in options.options.items():
        h.setOptionValue(key, val)
    n = pm.ps.n_columns
    h.addVars(n, np.zeros(n), np.ones(n))
    idx = np.arange(n, dtype=np.int32)
    h.changeColsCost(n, idx, pm.cost.astype(float))
    A = pm.rows
    h.addRows(pm.n_rows, pm.lower, pm.upper, int(A.nnz), A.indptr[:-1].astype(np.int32),
              A.indices.astype(np.int32), A.data.astype(float))
    if integer and n:
        h.changeColsIntegrality(n, idx, np.full(n, highspy.HighsVarType.kInteger))
    return h


@dataclass(frozen=True)
class _Run:
    status: Status
    objective: float | None
    bound: float | None
    x: np.ndarray | None
    stats: dict[str, Any]


def _run(pm: PatternModel, options: SolveOptions, integer: bool) -> _Run:
    """Solve E2 (or its LP); an ``infeasible`` verdict with presolve on is re-solved without."""
    h = _highs(pm, options, integer)
    t0 = time.perf_counter()
    h.run()
    out = _read(h, integer, time.perf_counter() - t0)
    if out.status is Status.INFEASIBLE and options.presolve:
        again = _highs(pm, options, integer, presolve=False)
        t0 = time.perf_counter()
        again.run()
        second = _read(again, integer, time.perf_counter() - t0)
        second.stats["presolve_recheck"] = (
            f"presolve on said infeasible; off says {second.status.value}")
        return second
    return out


def _read(h: highspy.Highs, integer: bool, solve_s: float) -> _Run:
    ms = h.getModelStatus()
    info = h.getInfo()
    status = HIGHS_STATUS.get(ms, Status.ERROR)
    obj = bound = x = None
    if status.has_solution and info.primal_solution_status == _FEASIBLE:
        obj = float(info.objective_function_value)
        x = np.asarray(h.getSolution().col_value, dtype=float)
    elif status.has_solution:
        status = Status.TIME_LIMIT if status is Status.TIME_LIMIT else Status.ERROR
    if status is Status.OPTIMAL:
        bound = float(info.mip_dual_bound) if integer else obj
    elif integer and np.isfinite(info.mip_dual_bound):
        bound = float(info.mip_dual_bound)
    stats: dict[str, Any] = {"termination": h.modelStatusToString(ms), "solver": "highspy",
                             "solve_s": solve_s}
    if integer:
        stats["nodes"] = int(info.mip_node_count)
    return _Run(status, obj, bound, x, stats)


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


def config_lp(inst: CompletionInstance, tmax: int | None = None, *,
              time_limit: float = LP_TIME_LIMIT, model: PatternModel | None = None,
              ) -> float | None:
    """The configuration LP (notes §2.5.5): E2 with 0 <= x <= 1; ``None`` if not solved to
    optimality. Raises ``InputError`` above the pattern limits (see ``patterns.py``).

    Solved with presolve off: on these set-partitioning LPs HiGHS presolve costs far more than
    the simplex (tiny PS, H = 3, 2163 columns: 0.9 s with presolve, 0.008 s without)."""
    pm = model or build_pattern_model(pattern_set(inst, tmax))
    if pm.ps.n_columns == 0:
        return None
    run = _run(pm, SolveOptions(time_limit=time_limit, presolve=False), integer=False)
    return run.objective if run.status is Status.OPTIMAL else None


def _attach_config_lp(res: Result, value: float | None, why: str) -> None:
    """Add the configuration LP to ``stats["bounds"]`` and fold it into ``best`` and into the
    result's bound the way ``exact._finish`` folds the other bounds."""
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
def solve_patterns(inst: CompletionInstance, *, options: SolveOptions | None = None,
                   horizon: int | str = "instance", lp_bound: LpSwitch = "auto",
                   dominance: bool = True, mip_presolve: bool = False, **_: Any) -> Result:
    """``lp_bound`` drives the E1 LP bounds as for the other models; the configuration LP is
    solved unless it is ``False`` (its size was accepted by the pattern limits). ``dominance``
    drops dominated placements (exact; see ``patterns.py``). Always HiGHS through highspy:
    ``options.solver`` is ignored, its time limit, gap, threads and options apply.

    HiGHS presolve runs only if ``mip_presolve`` and ``options.presolve``: off by default
    because it slows these set-partitioning MIPs down (benchmark instances 8 jobs x 3 servers x
    T = 30: PS 41.9 s -> 16.4 s, RAR 16.5 s -> 5.5 s without it, same optima)."""
    options = options or SolveOptions()
    options = dataclasses.replace(options, presolve=options.presolve and mip_presolve)
    t0 = time.perf_counter()
    tmax = resolve_horizon(inst, horizon)
    ps = pattern_set(inst, tmax, dominance=dominance)
    stats: dict[str, Any] = {"placements_enumerated": ps.enumerated,
                             "placements": ps.n_placements, "columns": ps.n_columns}
    if np.bincount(ps.job, minlength=inst.n_jobs).min() == 0:
        res = _finish(inst, "completion-patterns", Status.INFEASIBLE, None, None, None, t0,
                      time.perf_counter() - t0, stats, tmax, False)
        _attach_config_lp(res, None, "some job has no pattern that fits by T_max: infeasible")
        return res
    pm = build_pattern_model(ps)
    build_s = time.perf_counter() - t0
    stats.update(rows=pm.n_rows, nonzeros=int(pm.rows.nnz), presolve=options.presolve)
    run = _run(pm, options, integer=True)
    stats.update(run.stats)
    plans = _plans(pm, run.x) if run.x is not None else None
    res = _finish(inst, "completion-patterns", run.status, run.objective, run.bound, plans, t0,
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
