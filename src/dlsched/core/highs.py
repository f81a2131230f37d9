"""HiGHS model status -> core :class:`Status`, for models solved through highspy directly
(OEF matrix LPs, the completion pattern ILP). Pyomo models go through ``solver.HighsSession``."""

from __future__ import annotations

from typing import Any

import highspy

from .result import Status

_MS = highspy.HighsModelStatus


def use_threads(threads: int | None) -> None:
    """Prepare HiGHS's one process-wide thread pool for a solve with ``threads`` threads.

    HiGHS sizes that pool at its first parallel solve; a later solve asking for another size
    fails (status error) unless the pool is reset first. ``None`` keeps the pool as it is.
    """
    if threads is not None:
        highspy.Highs.resetGlobalScheduler(True)

#: A solution is only reported if HiGHS says it is feasible; limits map to ``time_limit``.
HIGHS_STATUS: dict[Any, Status] = {
    _MS.kOptimal: Status.OPTIMAL,
    _MS.kInfeasible: Status.INFEASIBLE,
    _MS.kUnbounded: Status.UNBOUNDED,
    _MS.kUnboundedOrInfeasible: Status.INFEASIBLE,
    _MS.kTimeLimit: Status.TIME_LIMIT,
    _MS.kIterationLimit: Status.TIME_LIMIT,
    _MS.kInterrupt: Status.TIME_LIMIT,
    _MS.kHighsInterrupt: Status.TIME_LIMIT,
    _MS.kObjectiveBound: Status.FEASIBLE,
    _MS.kObjectiveTarget: Status.FEASIBLE,
    _MS.kSolutionLimit: Status.FEASIBLE,
}
