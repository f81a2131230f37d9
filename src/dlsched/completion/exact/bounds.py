"""Lower bounds of notes §2.5 (each <= OPT of the instance's statement; take the max).

Valid for the non-preemptive statement (one run in one configuration per job); on an instance
with ``preemption`` true ``lower_bounds`` and ``colgen_bound`` refuse (LB0 alone stays valid).
LB0 and the area bound ignore the horizon, so they bound both the hard and the open statement;
the time-indexed bounds bound the schedules ending by their ``tmax``, which by default follows
the instance (T when ``horizon_hard``, else the extended horizon of notes §2.4, by which every
optimal schedule ends; column generation's default is uncapped, valid for both).

- ``lb0``: sum_j w_j (a_j + d^min_j).
- ``area``: per resource r, single-machine relaxation with p_j = min_k d_k (N_k e^r + z^r) /
  sum_h C^r_h; Smith's rule on 1||sum w_j C_j plus w(J) for the first slot (slot 1 is the
  earliest start).
- ``aggregate_lp``: min sum w (t + d_k) X s.t. sum X = 1 and the aggregate cut, X >= 0
  (sparse LP, HiGHS through scipy).
- ``lp_relaxation``: the LP relaxation of E1 (Pyomo + HiGHS).
- ``config_lp``: the configuration LP, i.e. the LP relaxation of the pattern ILP E2 (item 5;
  ``solve_config_lp``); asked for with ``config=``, ``None`` above the pattern limits.
- ``colgen``: the best Lagrangian bound of column generation over per-job schedules
  (``.colgen``, Dantzig-Wolfe of E1 with class-aggregated placements), valid at every
  iteration, so a time-limited run still gives a bound; asked for with ``colgen=`` (the exact
  models do), limited to ``colgen_time`` seconds. ``colgen_bound`` is the direct access.

The two LPs are time-indexed: by default (``"auto"``) they are solved only when E1 has at most
``LP_COLUMN_LIMIT`` configuration x start columns, so the bounds never dominate a benchmark's
runtime; a skipped or unsolved LP is ``None`` and ``bound_notes`` says why.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ...core import SolveOptions, Status
from ...core.deadline import check_deadline
from ...core.errors import InputError
from ..instance import CompletionInstance
from ..model import build_e1, e1_data, load_of
from ..support.config import configurations, min_duration
from ..support.pattern_set import pattern_set
from .colgen import COLGEN_TIME_LIMIT, ColgenResult
from .colgen import colgen_bound as _colgen
from .pattern_model import PatternModel, build_pattern_model, run_model
from .psmin import min_ps_count


def lb0(inst: CompletionInstance) -> float:
    """LB0: sum_j w_j (a_j + d^min_j), each job alone on the empty cluster.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    float
        The bound. Unit: weight x slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> lb0(golden("s4"))
    6.0
    """
    dmin = np.array([_checked_min_duration(inst, j) for j in range(inst.n_jobs)], dtype=float)
    return float(np.dot(inst.weight, inst.arrival + dmin))


def _checked_min_duration(inst: CompletionInstance, j: int) -> int:
    """``min_duration`` after a check of the caller's time limit (the first call per job
    enumerates its configurations: 1.7 s for 40 jobs x 10 servers under load)."""
    check_deadline()
    return min_duration(inst, j)


def _min_areas(inst: CompletionInstance, j: int) -> np.ndarray:
    """Per resource, the least d x load (N e_m + s_min z_p, ``psmin``) over the configurations
    of job ``j`` (``load_of`` for every configuration at once: 40 jobs x 10 servers took 2 s
    per call as a Python loop)."""
    ks = configurations(inst, j)
    if not ks:
        return np.full(len(inst.resources), np.inf)
    n, m, p, d = (np.array([getattr(k, a) for k in ks]) for a in ("n", "m", "p", "d"))
    load = n[:, None] * inst.worker_demand[m]
    ps = p >= 0
    if ps.any():
        q = np.array([k.q for k in ks])
        s = min_ps_count(inst, m[ps], p[ps], q[ps], n[ps])  # fewest PSs rule (2i) allows
        load[ps] = load[ps] + s[:, None] * inst.ps_demand[p[ps]]
    return (d[:, None] * load).min(axis=0)


def area_bound(inst: CompletionInstance) -> float:
    """Area bound: per resource, Smith's rule on the jobs' least resource-time over the cluster
    total (a single-machine relaxation); the best over resources.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    float
        The bound. Unit: weight x slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> area_bound(golden("s4"))
    5.0
    """
    best = 0.0
    total = inst.capacity.sum(axis=0)
    w = inst.weight
    areas = []
    for j in range(inst.n_jobs):
        check_deadline()
        areas.append(_min_areas(inst, j))
    for r in range(len(inst.resources)):
        if total[r] <= 0:
            continue
        area = np.array([a[r] for a in areas], dtype=float)
        p = area / total[r]
        order = np.lexsort((np.arange(len(p)), p / w))  # Smith: p_j / w_j ascending
        comp = np.cumsum(p[order])
        best = max(best, float(w.sum() + np.dot(w[order], comp)))
    return best


LP_COLUMN_LIMIT = 20_000
LP_TIME_LIMIT = 60.0


def e1_columns(inst: CompletionInstance, tmax: int | None = None) -> int:
    """Number of configuration x start columns of E1 (the size of both LPs)."""
    return e1_data(inst, tmax).n_columns


def aggregate_lp(inst: CompletionInstance, tmax: int | None = None,
                 time_limit: float = LP_TIME_LIMIT) -> float | None:
    data = e1_data(inst, tmax)
    keys = data.xkeys()
    if not keys:
        return None
    J, R, T = inst.n_jobs, len(inst.resources), data.tmax
    cost = np.array([inst.weight[j] * (t + data.configs[j][k].d) for j, k, t in keys])
    rows_eq, cols_eq = zip(*[(j, i) for i, (j, _, _) in enumerate(keys)], strict=False)
    A_eq = sp.csr_matrix((np.ones(len(keys)), (rows_eq, cols_eq)), shape=(J, len(keys)))
    ri, ci, vi = [], [], []
    for i, (j, k, t0) in enumerate(keys):
        cfg = data.configs[j][k]
        lk = load_of(cfg, inst)
        for r in np.nonzero(lk)[0]:
            for t in range(t0, t0 + cfg.d):
                ri.append(r * T + (t - 1))
                ci.append(i)
                vi.append(lk[r])
    A_ub = sp.csr_matrix((vi, (ri, ci)), shape=(R * T, len(keys)))
    b_ub = np.repeat(inst.capacity.sum(axis=0), T)
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=np.ones(J), bounds=(0, None),
                  method="highs", options={"time_limit": time_limit})
    return float(res.fun) if res.status == 0 else None


def lp_relaxation(inst: CompletionInstance, tmax: int | None = None, model: Any = None,
                  time_limit: float = LP_TIME_LIMIT) -> float | None:
    """Optimum of E1 with integrality dropped; ``model`` reuses an E1 already built (it is
    relaxed in place, so pass it only once its MILP solution has been read)."""
    import pyomo.environ as pyo

    from ...core import solve_pyomo

    m = model if model is not None else build_e1(e1_data(inst, tmax))
    pyo.TransformationFactory("core.relax_integer_vars").apply_to(m)
    out = solve_pyomo(m, SolveOptions(time_limit=time_limit))
    return out.objective if out.status.value == "optimal" else None


LpSwitch = bool | str  # True, False or "auto" (only up to LP_COLUMN_LIMIT columns)


def check_lp_switch(switch: Any, field: str = "lp_bound") -> None:
    """Refuse an ``LpSwitch`` other than True, False or ``"auto"`` (field ``field``)."""
    if not (isinstance(switch, bool) or switch == "auto"):
        raise InputError(field, f"unknown value {switch!r} (known: true, false, auto)")


def _wanted(switch: LpSwitch, columns: int | None) -> bool:
    if switch == "auto":
        return columns is not None and columns <= LP_COLUMN_LIMIT
    return bool(switch)


def solve_config_lp(inst: CompletionInstance, tmax: int | None = None, *,
                    time_limit: float = LP_TIME_LIMIT, model: PatternModel | None = None,
                    ) -> float | None:
    """The configuration LP (notes §2.5.5): E2 with 0 <= x <= 1; ``None`` if not solved to
    optimality. Raises ``InputError`` above the pattern limits (see ``support/pattern_set.py``).

    Solved with presolve off: on these set-partitioning LPs HiGHS presolve costs far more than
    the simplex (tiny PS, H = 3, 2163 columns: 0.9 s with presolve, 0.008 s without)."""
    pm = model or build_pattern_model(pattern_set(inst, tmax))
    if pm.ps.n_columns == 0:
        return None
    run = run_model(pm, SolveOptions(time_limit=time_limit, presolve=False), integer=False)
    return run.objective if run.status is Status.OPTIMAL else None


def config_lp(inst: CompletionInstance, tmax: int | None = None) -> float | None:
    """The configuration LP of E2, or ``None`` when E2 exceeds its pattern limits."""
    try:
        return solve_config_lp(inst, tmax)
    except InputError:
        return None


def _non_preemptive(inst: CompletionInstance) -> None:
    if inst.preemption:
        raise InputError("preemption", "these bounds are for the non-preemptive statement (one "
                         "run in one configuration per job); the instance allows preemption, "
                         "for which only lb0 is valid")


def statement_tmax(inst: CompletionInstance) -> int:
    """T_max of the instance's statement: T when ``horizon_hard``, else the extended horizon
    of notes §2.4 (every optimal schedule ends by it; runs the best heuristic)."""
    from .incumbent import resolve_horizon

    return int(inst.horizon) if inst.horizon_hard else resolve_horizon(inst, "extended")


def colgen_bound(inst: CompletionInstance, tmax: int | str | None = None,
                 time_limit: float = COLGEN_TIME_LIMIT, **kw: Any) -> ColgenResult:
    """Column-generation (Lagrangian) bound of the instance's statement, independent of any
    exact model (see ``.colgen`` for why the bound is valid): ``tmax`` None / ``"extended"``
    bounds the uncapped optimum (valid under both horizon rules); ``"instance"`` or an int
    bounds the schedules ending by that slot, and is accepted only where that is a bound of the
    statement: on a hard horizon ``"instance"`` or an int >= T, on an open one an int >= the
    extended horizon. Anything else (a restriction's bound) and a preemptive instance are
    refused with an ``InputError`` (``.colgen.colgen_bound`` is the unchecked engine)."""
    _non_preemptive(inst)
    if tmax not in (None, "extended"):
        T = int(inst.horizon)
        cap = T if tmax == "instance" else tmax
        if not isinstance(cap, int) or isinstance(cap, bool):
            raise InputError("tmax", f"must be None, 'extended', 'instance' or an int, got "
                             f"{tmax!r}")
        if inst.horizon_hard and cap < T:
            raise InputError("tmax", f"{cap} < the hard horizon {T}: the bound of a restriction")
        if not inst.horizon_hard and (tmax == "instance" or cap < statement_tmax(inst)):
            raise InputError("tmax", f"the horizon is open (horizon_hard false) and T_max={cap} "
                             "is below the extended horizon: the bound of a restriction; use "
                             "None")
    return _colgen(inst, tmax, time_limit=time_limit, **kw)


def lower_bounds(inst: CompletionInstance, tmax: int | None = None, lp: LpSwitch = False,
                 exact_lp: LpSwitch = False, model: Any = None,
                 config: bool = False, colgen: bool = False,
                 colgen_time: float = COLGEN_TIME_LIMIT,
                 info: dict[str, Any] | None = None) -> dict[str, Any]:
    """All bounds of notes §2.5 that are asked for; ``best`` is their maximum.

    An LP that is skipped (``"auto"`` above the column limit, ``config`` above the pattern
    limits) or not solved to optimality is ``None``; ``bound_notes`` says why.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int or None, default None
        T_max of the time-indexed LPs and of column generation; None uses the instance's
        statement (``statement_tmax``: T when the horizon is hard, else the extended
        horizon). An explicit value bounds the schedules ending by it. Unit: slots.
    lp : bool or str, default False
        Solve the aggregate LP: True, False or ``"auto"`` (only up to ``LP_COLUMN_LIMIT``
        columns).
    exact_lp : bool or str, default False
        Solve the LP relaxation of E1 (same switch values).
    model : object, default None
        An E1 model already built for ``tmax`` (saves the build).
    config : bool, default False
        Solve the configuration LP of E2.
    colgen : bool, default False
        Run the column-generation bound (schedules ending by ``tmax``).
    colgen_time : float, default COLGEN_TIME_LIMIT
        Time limit of the column generation. Unit: s.
    info : dict or None, default None
        Receives the column generation's statistics under ``"colgen"``.

    Returns
    -------
    dict
        ``lb0``, ``area`` and the requested LP bounds (float or None), and ``best``.

    Raises
    ------
    InputError
        ``preemption``: the instance allows preemption (the bounds assume one run per job).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> lower_bounds(golden("s4"))
    {'lb0': 6.0, 'area': 5.0, 'best': 6.0}
    """
    _non_preemptive(inst)
    if tmax is None and (lp or exact_lp or config or colgen):
        tmax = statement_tmax(inst)
    out: dict[str, Any] = {"lb0": lb0(inst), "area": area_bound(inst)}
    columns = e1_columns(inst, tmax) if "auto" in (lp, exact_lp) else None
    if lp:
        out["aggregate_lp"] = aggregate_lp(inst, tmax) if _wanted(lp, columns) else None
    if exact_lp:
        out["lp_relaxation"] = (lp_relaxation(inst, tmax, model) if _wanted(exact_lp, columns)
                                else None)
    if config:
        out["config_lp"] = config_lp(inst, tmax)
    if colgen:
        cg = _colgen(inst, int(tmax or inst.horizon), time_limit=colgen_time)
        out["colgen"] = cg.bound
        if info is not None:
            info["colgen"] = {"iterations": cg.iterations, "columns": cg.columns,
                              "converged": cg.converged, "rows": cg.rows,
                              "master_lp": cg.lp, "runtime_s": round(cg.runtime_s, 3)}
    out["best"] = max(v for v in out.values() if v is not None)
    return out


def bound_notes(inst: CompletionInstance, bounds: dict[str, Any], tmax: int | None = None,
                ) -> dict[str, str]:
    """Why each LP bound in ``bounds`` is missing (skipped for size, or not solved)."""
    out: dict[str, str] = {}
    if "colgen" in bounds and bounds["colgen"] is None:
        out["colgen"] = f"some job has no schedule ending by slot {tmax or inst.horizon}"
    if "config_lp" in bounds and bounds["config_lp"] is None:
        out["config_lp"] = ("above the pattern limits of E2 (pattern_set.PLACEMENT_LIMIT / "
                            f"COLUMN_LIMIT), or not solved within {LP_TIME_LIMIT:g} s")
    missing = [k for k in ("aggregate_lp", "lp_relaxation") if k in bounds and bounds[k] is None]
    if not missing:
        return out
    columns = e1_columns(inst, tmax)
    why = (f"skipped: E1 has {columns} configuration x start columns > LP_COLUMN_LIMIT "
           f"{LP_COLUMN_LIMIT}; pass lp_bound=True to force" if columns > LP_COLUMN_LIMIT
           else f"not solved to optimality within {LP_TIME_LIMIT:g} s (or infeasible)")
    return {**out, **dict.fromkeys(missing, why)}
