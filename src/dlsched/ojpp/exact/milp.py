"""Compact OJPP MILP (notes §5.1) in Pyomo with lazy collision cuts.

Loop: solve the MILP without (5); for every device of the integer solution with
tau > tau-bar add a cut for *all* devices (they are interchangeable), re-solve; stop when the
solution satisfies (5). Cuts: the outer-approximation tangent of the concave
g(y) = sum y_i ln(1-p_i) + ln(1 + sum y_i r_i) (independent bursts, as in the notes), or a no-good
over a minimal colliding count vector (always valid because tau is monotone; used for the
``correlated_same_job`` model, and when a tangent at a point was already added but the solver's
tolerance let the point through again). With HiGHS the appsi solver object is kept and reused
(persistent: only the new rows are passed on). Every MILP in the loop is a relaxation of OJPP,
so its bound is valid; a run stopped by the time limit reports the best (5)-feasible incumbent
(CP-SAT-free: the heuristic's when the MILP's incumbent still collides), the bound and the gap.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import inspect
import math
import time
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ...core import (
    HighsSession,
    InputError,
    Result,
    SolveOptions,
    Status,
    register_model,
    solve_pyomo,
)
from ...core.inputs import FORWARDS
from ...core.solver import SolveOutcome
from ...core.tolerance import exceeds
from ..algorithms.heuristic import run_heuristic
from ..instance import OJPPInstance
from ..model import add_no_good, add_tangent_cut, build_model
from ..rules import require_devices
from ..solution import checked, make_solution
from ..support.collision import minimal_colliding, tau_counts
from .bounds import bottom_up


def _counts(m: pyo.ConcreteModel, inst: OJPPInstance) -> np.ndarray:
    return np.array(
        [[round(pyo.value(m.y[i, k])) for i in m.J] for k in m.K], dtype=int
    ).reshape(len(m.K), inst.n_jobs)


def _colliding(inst: OJPPInstance, Y: np.ndarray) -> list[int]:
    if inst.limits.collision is None or not len(Y):
        return []
    t = tau_counts(Y, inst.p, inst.collision_model)
    return [int(k) for k in np.nonzero(exceeds(t, inst.limits.collision))[0]]


def _lazy_loop(m: pyo.ConcreteModel, inst: OJPPInstance, options: SolveOptions,
               deadline: float | None, use_oa: bool) -> tuple[SolveOutcome, Any, dict[str, Any]]:
    """Solve ``m`` with lazy collision cuts (module docstring): (outcome, counts, loop stats)."""
    persistent = HighsSession(options) if options.solver in ("highs", "appsi_highs") else None
    seen: set[tuple[Any, ...]] = set()
    rounds = oa_cuts = nogoods = 0
    cut_s = 0.0
    Y: np.ndarray | None = None
    while True:
        remaining = None if deadline is None else max(0.01, deadline - time.perf_counter())
        if persistent is not None:
            out = persistent.solve(m, remaining)  # re-checks "infeasible" without presolve
        else:
            opts = SolveOptions(options.solver, remaining, options.mip_gap, options.threads,
                                options.presolve, dict(options.options))
            out = solve_pyomo(m, opts)
        rounds += 1
        if not out.has_solution:
            Y = None
            break
        Y = _counts(m, inst)
        bad = _colliding(inst, Y)
        if not bad:
            break
        tb = time.perf_counter()
        this_round: set[tuple[int, ...]] = set()
        for k in bad:
            key = tuple(int(v) for v in Y[k])
            if key in this_round:
                continue
            this_round.add(key)
            if use_oa and key not in seen:
                seen.add(key)
                add_tangent_cut(m, inst, Y[k])
                oa_cuts += 1
            else:
                c = minimal_colliding(Y[k], inst.p, inst.limits.collision, inst.collision_model)
                ckey = ("nogood", *(int(v) for v in c))
                if ckey not in seen:
                    seen.add(ckey)
                    add_no_good(m, inst, c)
                    nogoods += 1
        cut_s += time.perf_counter() - tb
        if deadline is not None and time.perf_counter() >= deadline:
            out.status, Y = Status.TIME_LIMIT, None
            break
    return out, Y, {"lazy_rounds": rounds, "tangent_cuts": oa_cuts, "nogood_cuts": nogoods,
                    "cut_s": cut_s}


#: Pyomo build rate of the compact model, (job, device) pairs per second (benchmarks/
#: time-limits.md: 80 jobs x 238 devices took 21 s)
PYOMO_PAIRS_PER_S = 900


def solve_compact(
    inst: OJPPInstance, options: SolveOptions | None = None, cuts: str = "auto",
    top_down_share: float = 0.3
) -> Result:
    """Exact OJPP by the compact MILP with lazy collision cuts (module docstring).

    With a time limit the min-devices MILP gets ``top_down_share`` of it; if it stops with a
    gap, the rest goes to bottom-up feasibility MILPs with exactly t devices (t = proven bound,
    bound + 1, ...): a feasible one is optimal, an infeasible one raises the bound by one.
    """
    options = options or SolveOptions()
    if cuts not in ("auto", "oa", "nogood"):
        raise InputError("cuts", "must be 'auto', 'oa' or 'nogood'")
    if inst.limits.balance is not None and inst.interference_model != "additive" and np.any(inst.I):
        raise InputError(
            "interference.model", "ojpp-compact models balance for 'additive' only; use ojpp-cpsat"
        )
    use_oa = cuts == "oa" or (cuts == "auto" and inst.collision_model == "independent")
    if use_oa and inst.collision_model != "independent":
        raise InputError("cuts", "tangent cuts need collision_model 'independent'")
    t0 = time.perf_counter()
    heur = run_heuristic(inst)
    n_dev = min(int(heur.objective), inst.devices) if heur.ok else inst.devices
    predicted = inst.n_jobs * n_dev / PYOMO_PAIRS_PER_S
    if options.time_limit is not None and predicted > 0.5 * options.time_limit:
        # the Pyomo build alone would eat the budget: the Heuristic's placement, no proof
        stats = {"devices_modelled": n_dev, "heuristic": heur.objective,
                 "refused": f"{inst.n_jobs} jobs x {n_dev} devices, ~{predicted:.0f} s to "
                            "build in Pyomo (> half the limit)"}
        out = SolveOutcome(Status.TIME_LIMIT, None, None, 0.0)
        return _result(inst, out, None, heur, t0, 0.0, stats)
    m = build_model(inst, n_dev)
    build_s = time.perf_counter() - t0
    deadline = None if options.time_limit is None else t0 + options.time_limit
    first = None if deadline is None else t0 + top_down_share * options.time_limit
    stats: dict[str, Any] = {"devices_modelled": n_dev, "heuristic": heur.objective,
                             "phase": "top-down"}
    out, Y, loop = _lazy_loop(m, inst, options, first, use_oa)
    build_s += loop.pop("cut_s")
    stats.update(out.stats, **loop)
    if deadline is not None and out.status is Status.TIME_LIMIT:
        out, Y = _bottom_up(inst, out, Y, heur, options, deadline, use_oa, stats)
    return _result(inst, out, Y, heur, t0, build_s, stats)


def _bottom_up(inst: OJPPInstance, out: SolveOutcome, Y: np.ndarray | None, heur: Result,
               options: SolveOptions, deadline: float, use_oa: bool,
               stats: dict[str, Any]) -> tuple[SolveOutcome, np.ndarray | None]:
    """Feasibility MILPs with exactly t devices for t = bound, bound + 1, ... < incumbent."""
    inc = [] if Y is None or _colliding(inst, Y) else [float(make_solution(inst, Y)["used"])]
    if heur.ok:
        inc.append(float(heur.objective))
    if not inc:
        return out, Y
    bound = out.bound if out.bound is not None else 0.0
    found: dict[int, SolveOutcome] = {}

    def solve_fixed(t: int) -> tuple[str, np.ndarray | None]:
        o, Yt, _ = _lazy_loop(build_model(inst, t, fixed=True), inst, options, deadline, use_oa)
        found[t] = o
        if o.status is Status.INFEASIBLE:
            return "infeasible", None
        if Yt is not None and o.has_solution and o.status is Status.OPTIMAL:
            return "feasible", Yt
        return "time limit", None

    start = max(inst.lower_bound(), math.ceil(bound - 1e-6))
    t, Yt, tried = bottom_up(start, min(inc), deadline, solve_fixed)
    if Yt is not None:
        found[t].bound = float(t)
        stats.update(phase="bottom-up", bottom_up=tried)
        return found[t], Yt
    out.bound = float(max(t, bound))  # t devices are proven necessary
    stats.update(bottom_up=tried)
    return out, Y


def _result(inst: OJPPInstance, out: SolveOutcome, Y: np.ndarray | None, heur: Result,
            t0: float, build_s: float, stats: dict[str, Any]) -> Result:
    status, bound = out.status, out.bound
    lb = float(inst.lower_bound())  # valid even when the solver stopped without a bound
    bound = lb if bound is None else max(float(math.ceil(bound - 1e-6)), lb)
    sol, obj = None, None
    if Y is not None and status.has_solution:
        sol = make_solution(inst, Y)
        obj = float(sol["used"])
        if status is not Status.OPTIMAL and heur.ok and heur.objective < obj:
            sol, obj = heur.solution, heur.objective
            stats["incumbent"] = "heuristic"
    elif status.has_solution and heur.ok:
        sol, obj = heur.solution, heur.objective
        stats["incumbent"] = "heuristic"
    if status is Status.OPTIMAL:
        bound = obj
    elif status.has_solution:
        status = Status.TIME_LIMIT
        if obj is not None and obj <= bound:  # the incumbent meets a proven lower bound
            status, stats["proof"] = Status.OPTIMAL, "incumbent equals the lower bound"
    status = checked(inst, status, sol, stats)
    return Result("ojpp", "ojpp-compact", status, objective=obj, bound=bound,
                  runtime_s=time.perf_counter() - t0, build_s=build_s, solution=sol, stats=stats)


@register_model("ojpp-compact", "ojpp",
                "Compact MILP (notes §5.1): max-burst rows, big-M interference/balance, lazy "
                "outer-approximation (or no-good) collision cuts; Pyomo + HiGHS")
def compact(inst: OJPPInstance, *, options: SolveOptions | None = None, **params: Any) -> Result:
    """Exact OJPP by the compact MILP with lazy collision cuts (notes §5.1, Pyomo + HiGHS).

    Max-burst rows for memory (3), big-M rows for interference (7) and balance (8); the
    collision bound (5) is added lazily as outer-approximation (tangent) or no-good cuts. The
    keyword parameters go to ``solve_compact``.

    Parameters
    ----------
    inst : OJPPInstance
        The instance to place.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    cuts : str, default 'auto'
        Collision cuts: ``'oa'`` (tangent cuts, needs collision_model 'independent'),
        ``'nogood'`` or ``'auto'`` (tangent cuts for the independent model, else no-goods).
    top_down_share : float, default 0.3
        With a time limit, the share of it the min-devices model gets before bottom-up
        feasibility models with exactly t devices take over (meaningful in (0, 1]).
        Unit: dimensionless. Range: 0..1.

    Returns
    -------
    Result
        ``status`` (``optimal`` when proven, else ``time_limit`` with the incumbent and the
        proven lower ``bound``; ``error`` if the independent validator rejects the solution),
        ``objective`` = devices used, and a ``Solution`` listing per device the worker count
        of each job (``devices``) and ``used``.

    Raises
    ------
    InputError
        A keyword ``solve_compact`` does not take, ``cuts`` is not one of the three values
        or ``'oa'`` with a correlated collision model, balance with a non-additive
        interference model, or an instance that states OJPAP (``objective``).

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> from dlsched.ojpp.exact.milp import compact
    >>> res = compact(generate(n_jobs=4, max_workers=2, seed=0))
    >>> res.status.value, res.objective
    ('optimal', 3.0)
    """
    require_devices(inst, "ojpp-compact")
    for key in params:
        if key in ("inst", "options") or key not in inspect.signature(solve_compact).parameters:
            raise InputError(key, f"unknown parameter {key!r}")
    return solve_compact(inst, options, **params)


# ``**params`` reach ``solve_compact``: the parameter check (core.inputs.FORWARDS) knows them
FORWARDS[f"{compact.__module__}:{compact.__qualname__}"] = (f"{__name__}:solve_compact",)
