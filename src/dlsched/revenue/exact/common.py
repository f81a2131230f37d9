"""What the two exact models share: sizing a model before building it (refusing one whose
build would eat the time limit), the time left after the build, decoding a chosen
configuration into a job record, and the validated Result with the bound of every job alone."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

from ...core import Result, SolveOptions, Status
from ...core.deadline import DeadlineExceeded, remaining
from ..instance import RevenueInstance
from ..model import MilpData
from ..model.data import milp_extent
from ..solution import finish, job_record
from ..validate import check

#: a model is built only if its predicted build takes at most this share of the limit: under
#: load (issue 20) the 1.28M-value CP-SAT build of philly-vc-4pervc predicted at 12.8 s of a
#: 26-s budget ran the solve to 63 s
BUILD_SHARE = 0.25


def _remaining(options: SolveOptions, t0: float) -> SolveOptions:
    """``options`` with the time limit cut to what is left since ``t0`` (build included)."""
    if options.time_limit is None:
        return options
    left = remaining(options.time_limit, time.perf_counter() - t0)
    return SolveOptions(**{**options.__dict__, "time_limit": left})


def _or_empty(plans: dict[int, Any] | None, status: Status, stats: dict[str, Any],
              ) -> dict[int, Any] | None:
    """A solve stopped without incumbent gets the empty schedule (nobody admitted, revenue 0:
    always feasible), so a stopped revenue model always returns a validated incumbent."""
    if plans is None and status is Status.TIME_LIMIT:
        stats["incumbent"] = "empty schedule"
        return {}
    return plans


def _refused(inst: RevenueInstance, method: str, alone: float | None, t0: float, time_origin: str,
             reason: str) -> Result:
    """No model (its build would eat the limit): status ``time_limit`` with the empty schedule
    (nobody admitted, revenue 0: always feasible) as validated incumbent and the bound of every
    job alone; the guard's heuristics may replace the incumbent."""
    stats = {"refused": reason, "bound_alone": alone, "time_origin": time_origin,
             "incumbent": "empty schedule"}
    return _finish(inst, method, Status.TIME_LIMIT, None, alone, {}, t0,
                   time.perf_counter() - t0, stats)


def _size_gate(inst: RevenueInstance, method: str, options: SolveOptions, t0: float, T: int,
               time_origin: str, fixed_workers: bool, rate: float, unit: str,
               build: str) -> Result | None:
    """Size the model before building it: a refusal (``_refused``) when the time limit is
    over before the data or building ``unit`` at ``rate`` per second would take more than
    ``BUILD_SHARE`` of the limit (the guard then adds the heuristics); ``None`` to go on."""
    try:
        count, alone = milp_extent(inst, T, time_origin, fixed_workers)
    except DeadlineExceeded:  # the time limit (core.deadline) is over before the data
        return _refused(inst, method, None, t0, time_origin, "no time left for the model")
    predicted = count / rate
    if options.time_limit is not None and predicted > BUILD_SHARE * options.time_limit:
        return _refused(inst, method, alone, t0, time_origin,
                        f"{count} {unit}, ~{predicted:.0f} s to build {build} "
                        "(> a quarter of the limit)")
    return None



def _plan(inst: RevenueInstance, data: MilpData, j: int, k: int, t0: int,
          Y: dict[int, int], Z: dict[int, int]) -> dict[str, Any]:
    cfg = data.configs[j][k]
    placement = cfg.placement
    hosts = {s for s, v in Y.items() if v} | {s for s, v in Z.items() if v}
    if placement == "D" and len(hosts) == 1 and sum(Z.values()) == 1 and \
            inst.duration(j, "C", cfg.w) == cfg.d:
        placement = "C"  # notes §6.11: a D-solution on one server tied with C is relabelled
    return job_record(inst, j, placement, t0, cfg.d, Y, Z, data.time_origin)



def _finish(inst: RevenueInstance, method: str, status: Status, obj: float | None,
            bound: float | None, plans: dict[int, dict[str, Any]] | None, t0: float,
            build_s: float, stats: dict[str, Any]) -> Result:
    alone = stats.get("bound_alone")
    if alone is not None and status is not Status.OPTIMAL and status.has_solution:
        bound = alone if bound is None else min(bound, alone)
    sol = None
    if plans is not None:
        sol = finish(inst, plans, stats["time_origin"], {"ps_multi": True})
        viol = check(inst, sol)
        if viol:
            stats["violations"] = viol[:10]
            status = Status.ERROR
        obj = sol["revenue"]
        if status is Status.TIME_LIMIT and bound is not None and obj >= bound - 1e-9 * max(
                1.0, abs(bound)):
            status = Status.OPTIMAL  # the incumbent meets a proven bound
            stats["optimal_by"] = "bound_alone"
    return Result(problem="revenue", method=method, status=status, objective=obj,
                  bound=bound, runtime_s=time.perf_counter() - t0, build_s=build_s,
                  solution=sol, stats=stats)

