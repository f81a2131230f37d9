"""The cross-check rule of the design, enforced in one place for every registered exact model.

A measuring instrument may not return a wrong label. After an exact model returns, the guard

1. re-validates the model's solution with the problem's independent validator (violations ->
   status ``error``, the violations in ``stats["violations"]``);
2. runs the problem's *cross-check algorithms* for that model: heuristics whose validated
   solutions lie in the model's feasible set and are scored by the same objective (declared per
   problem in ``Problem.crosscheck``, see ``CrossCheck``);
3. refuses a contradiction: ``infeasible`` while a heuristic has a valid solution, or
   ``optimal`` worse than a valid heuristic solution. The model is re-solved once with presolve
   off (DESIGN.md: HiGHS presolve once declared feasible MILPs infeasible); if the contradiction
   stays, the result is status ``error`` carrying the best valid solution and the reason in
   ``stats["crosscheck"]`` — never ``infeasible`` / ``optimal``;
4. fills a missing or worse incumbent of a stopped solve (``time_limit`` / ``feasible``) with the
   best validated heuristic solution (``stats["incumbent_from"]``), so no exact model returns
   without an incumbent when one is known.

Time: a limit is wall-clock for the whole call (issue 20). The model runs inside a
``core.deadline`` block of its limit, so its Python loops that call ``check_deadline`` stop
there; a model stopped that way returns status ``time_limit`` without a solution (the
heuristics below may then supply one). The heuristics run inside the caller's limit too; a
model that used all of it leaves them a grace of ``GRACE_SHARE`` of the limit plus ``GRACE_S``
seconds. Every heuristic is stopped at that point, where its loop calls
``core.deadline.check_deadline`` (recorded in ``skipped`` / ``stopped_at_limit``): an
``optimal`` or ``infeasible`` label is then checked against fewer heuristics
(``stats["crosscheck"]`` says which), and a stopped solve may end without an incumbent. The
presolve-off re-solve gets what is left of the limit.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .deadline import DeadlineExceeded, deadline, remaining
from .errors import DlschedError
from .registry import ALGORITHMS, MODEL_WRAPPERS, PROBLEMS
from .result import Result, Status, relative_gap

if TYPE_CHECKING:
    from .solver import SolveOptions

#: Relative tolerance when comparing an exact objective with a heuristic one.
REL_TOL = 1e-6
#: Time the heuristics get after a model that used its whole limit (share of the limit plus
#: seconds): inside the tolerated ``limit + 3 s`` end to end (issue 20, with the exit of the
#: process), enough for the fast heuristics to replace a stopped solve's incumbent.
GRACE_SHARE, GRACE_S = 0.02, 0.5


@dataclass(frozen=True)
class CrossCheck:
    """Which heuristics can refute or back up one exact model.

    ``algorithms`` are names registered for the same problem. ``admits(inst, solution, params)``
    says whether a validated heuristic solution is also feasible for this model *as called*
    (e.g. ends within the model's horizon); ``None`` means every validated solution is.
    """

    algorithms: tuple[str, ...]
    admits: Callable[[Any, dict[str, Any], Mapping[str, Any]], bool] | None = None


def _better(sense: str, a: float, b: float) -> bool:
    """``a`` strictly better than ``b`` beyond the tolerance."""
    tol = REL_TOL * max(1.0, abs(a), abs(b))
    return a < b - tol if sense == "min" else a > b + tol


def _heuristics(problem: Any, check: CrossCheck, inst: Any, params: Mapping[str, Any],
                log: dict[str, Any], left: float | None = None) -> list[Result]:
    """Valid solutions of the cross-check algorithms (each validated; failures recorded).

    ``left``: seconds of the caller's limit still available. A heuristic is not started once
    the time is out and is stopped at the limit where its loop checks ``core.deadline``; the
    names are recorded in ``log["skipped"]`` / ``log["stopped_at_limit"]``.
    """
    found: list[Result] = []
    t_start = time.perf_counter()
    for name in check.algorithms:
        t = time.perf_counter()
        remaining = None if left is None else left - (t - t_start)
        if remaining is not None and remaining <= 0:
            log.setdefault("skipped", []).append(name)
            continue
        try:
            with deadline(remaining):
                res = ALGORITHMS.get(name, problem=problem.name).run(inst)
        except DeadlineExceeded:
            log.setdefault("stopped_at_limit", []).append(name)
            continue
        except DlschedError as exc:  # e.g. the heuristic refuses this instance
            log.setdefault("failed", {})[name] = str(exc)
            continue
        except Exception as exc:  # a heuristic's bug must not sink the exact solve: recorded
            log.setdefault("failed", {})[name] = f"{type(exc).__name__}: {exc}"
            continue
        log.setdefault("seconds", {})[name] = round(time.perf_counter() - t, 4)
        if not res.ok or res.objective is None or not math.isfinite(res.objective):
            continue
        if problem.check(inst, res.solution):
            log.setdefault("invalid", []).append(name)
            continue
        if check.admits is not None and not check.admits(inst, res.solution, params):
            log.setdefault("not_admitted", []).append(name)
            continue
        found.append(res)
    return found


def _best(sense: str, results: list[Result]) -> Result | None:
    if not results:
        return None
    pick = min if sense == "min" else max
    return pick(results, key=lambda r: r.objective)


def _contradiction(res: Result, best: Result | None, sense: str) -> str | None:
    if best is None:
        return None
    if res.status is Status.INFEASIBLE:
        return f"model says infeasible but {best.method} found a valid solution " \
               f"(objective {best.objective:.10g})"
    if res.status is Status.OPTIMAL and res.objective is not None \
            and _better(sense, best.objective, res.objective):
        return f"model says optimal at {res.objective:.10g} but {best.method} found a valid " \
               f"solution with objective {best.objective:.10g}"
    return None


def _validate(problem: Any, inst: Any, res: Result) -> Result:
    """Status ``error`` when the model's own solution fails the independent validator."""
    if res.solution is None or not res.status.has_solution:
        return res
    violations = problem.check(inst, res.solution)
    if not violations:
        return res
    stats = {**res.stats, "violations": violations[:20], "status_before_check": res.status.value}
    return replace(res, status=Status.ERROR, stats=stats)


def _with_incumbent(res: Result, heur: Result, sense: str) -> Result:
    """``res`` with the heuristic's solution as incumbent when it has none or a worse one."""
    if res.objective is not None and res.solution is not None \
            and not _better(sense, heur.objective, res.objective):
        return res
    stats = {**res.stats, "incumbent_from": heur.method,
             "model_incumbent": res.objective}
    bound = res.bound
    return replace(res, objective=heur.objective, solution=heur.solution, stats=stats,
                   gap=relative_gap(heur.objective, bound))


def _timed(res: Result, t0: float) -> Result:
    """``runtime_s`` covers the model and the guard's own work."""
    res.runtime_s = max(res.runtime_s, time.perf_counter() - t0)
    return res


def _within(fn: Callable[..., Result], inst: Any, options: SolveOptions,
            params: Mapping[str, Any], problem_name: str, model_name: str,
            t0: float) -> Result:
    """``fn`` inside a deadline of its time limit; stopped there (a Python loop of the model
    called ``check_deadline`` past the limit): status ``time_limit`` without a solution."""
    try:
        with deadline(options.time_limit):
            return fn(inst, options=options, **params)
    except DeadlineExceeded:
        return Result(problem_name, model_name, Status.TIME_LIMIT,
                      runtime_s=time.perf_counter() - t0,
                      stats={"stopped": "the model's Python work reached the time limit"})


def guarded(problem_name: str, model_name: str, fn: Callable[..., Result]) -> Callable[..., Result]:
    """``fn`` with the cross-check rule (see module docstring)."""

    def run(inst: Any, *, options: SolveOptions | None = None, **params: Any) -> Result:
        from .solver import SolveOptions

        t0 = time.perf_counter()
        options = options or SolveOptions()
        limit = options.time_limit
        res = _within(fn, inst, options, params, problem_name, model_name, t0)
        problem = PROBLEMS.get(problem_name)
        res = _validate(problem, inst, res)
        check = (problem.crosscheck or {}).get(model_name)
        if check is None or res.status in (Status.ERROR, Status.UNBOUNDED):
            return res
        left = None if limit is None else max(
            limit - (time.perf_counter() - t0), GRACE_SHARE * limit + GRACE_S)
        log: dict[str, Any] = {}
        best = _best(problem.sense, _heuristics(problem, check, inst, params, log, left))
        log["best"] = None if best is None else {"method": best.method,
                                                  "objective": best.objective}
        reason = _contradiction(res, best, problem.sense)
        if reason is not None and options.presolve:
            log["first_verdict"] = {"status": res.status.value, "objective": res.objective}
            again = replace(options, presolve=False,
                            time_limit=remaining(limit, time.perf_counter() - t0))
            res = _validate(problem, inst, _within(fn, inst, again, params, problem_name,
                                                   model_name, time.perf_counter()))
            log["resolved_presolve_off"] = res.status.value
            reason = _contradiction(res, best, problem.sense)
        if reason is not None:
            log["conflict"] = reason
            stats = {**res.stats, "crosscheck": log, "model_status": res.status.value}
            return _timed(replace(res, status=Status.ERROR, objective=best.objective,
                                  solution=best.solution, bound=None, gap=None, stats=stats), t0)
        res = replace(res, stats={**res.stats, "crosscheck": log})
        if best is not None and res.status in (Status.TIME_LIMIT, Status.FEASIBLE):
            res = _with_incumbent(res, best, problem.sense)
        return _timed(res, t0)

    run.__doc__ = fn.__doc__
    run.__name__ = getattr(fn, "__name__", model_name)
    run.__wrapped__ = fn  # type: ignore[attr-defined]
    return run


MODEL_WRAPPERS.append(guarded)  # every exact model registered from now on is guarded
