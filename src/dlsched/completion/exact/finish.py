"""What every exact model does with its outcome: validate the schedule, attach the lower
bounds of notes §2.5 (``.bounds``), fall back to the warm start when the solver stopped with
none or a worse one, and build the Result."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from typing import Any

from ...core import Result, Status
from ...core.deadline import DeadlineExceeded
from ..instance import CompletionInstance
from ..solution import JobPlan, make_solution, plans_from_solution
from ..validate import check
from .bounds import COLGEN_TIME_LIMIT, LpSwitch, bound_notes, lower_bounds


def stopped(inst: CompletionInstance, method: str, heur: Result | None, tmax: int, t0: float,
            stats: dict[str, Any], time_limit: float | None) -> Result:
    """Status ``time_limit`` when the time ran out before the solver started (a Python phase
    met ``core.deadline``): the warm start as incumbent if it ends by T_max."""
    stats["stopped"] = "the time limit was reached before the solver started"
    obj, plans = fallback(inst, heur, tmax, None, None, stats)
    return finish(inst, method, Status.TIME_LIMIT, obj, None, plans, t0,
                   time.perf_counter() - t0, stats, tmax, False, time_limit=time_limit)


def finish(inst: CompletionInstance, method: str, status: Status, obj: float | None,
            bound: float | None, plans: dict[int, JobPlan] | None, t0: float, build_s: float,
            stats: dict[str, Any], tmax: int, lp: LpSwitch, model: Any = None,
            config: bool | None = None, time_limit: float | None = None) -> Result:
    """Validate, attach the lower bounds and build the Result. The column-generation bound
    runs only for a result that is not proven optimal, within what is left of ``time_limit``
    (measured from ``t0``) and at most ``COLGEN_TIME_LIMIT``."""
    capped = tmax <= inst.horizon
    sol = make_solution(inst, plans, capped=capped) if plans is not None else None
    if sol is not None:
        viol = check(inst, sol)
        if viol:
            stats["violations"] = viol[:10]
            status = Status.ERROR
    remaining = None if time_limit is None else time_limit - (time.perf_counter() - t0)
    left = COLGEN_TIME_LIMIT if remaining is None else min(COLGEN_TIME_LIMIT, remaining)
    known = stats.get("colgen", {}).get("bound")  # computed up front by the model
    colgen = (status is not Status.OPTIMAL and obj is not None and left > 0.5
              and known is None)
    if remaining is not None and remaining < 0.25 * time_limit:  # LPs would overrun the limit
        lp, config = False, False
        stats["bounds_skipped"] = "no time left in the limit for the LP bounds"
    try:
        lbs = lower_bounds(inst, tmax, lp=lp, exact_lp=lp, model=model,
                           config=bool(lp) if config is None else config, colgen=colgen,
                           colgen_time=max(left, 0.0), info=stats)
    except DeadlineExceeded:  # the caller's time limit (core.deadline): no bounds but known
        stats["bounds_skipped"] = "time limit reached"
        lbs = {"best": known if known is not None else -math.inf}
    if known is not None:
        lbs["colgen"] = known
        lbs["best"] = max(lbs["best"], known)
    stats["bounds"] = lbs
    notes = bound_notes(inst, lbs, tmax)
    if notes:
        stats["bounds_missing"] = notes
    stats["tmax"] = tmax
    if ((status is not Status.OPTIMAL and status.has_solution) or status is Status.TIME_LIMIT) \
            and math.isfinite(lbs["best"]):
        bound = max(bound, lbs["best"]) if bound is not None else lbs["best"]
    if status is Status.OPTIMAL and obj is not None and lbs["best"] > obj + 1e-6 * max(1, obj):
        stats["bound_above_optimum"] = lbs["best"]  # would be a bug; surfaced, not hidden
    return Result(problem="completion", method=method, status=status, objective=obj,
                  bound=bound, runtime_s=time.perf_counter() - t0, build_s=build_s,
                  solution=sol, stats=stats)


def fallback(inst: CompletionInstance, heur: Result | None, tmax: int, obj: float | None,
              plans: dict[int, JobPlan] | None, stats: dict[str, Any],
              ) -> tuple[float | None, dict[int, JobPlan] | None]:
    """The heuristic schedule as incumbent when the solver stopped with none or a worse one
    (the status stays time_limit): it is feasible whenever it ends by T_max."""
    if heur is None or heur.solution is None:
        return obj, plans
    recs = heur.solution["jobs"].values()
    fits = all("segments" not in r and r["start"] + r["duration"] - 1 <= tmax for r in recs)
    if fits and (obj is None or heur.objective < obj - 1e-9):
        stats["incumbent_from"] = f"warm_start ({heur.method})"
        return float(heur.objective), plans_from_solution(inst, heur.solution)
    return obj, plans
