"""``wspt-list``: the reference list heuristic (not in the paper): jobs in WSPT order (Smith's
rule, w_j / d^min_j descending), each at its earliest-completing configuration, placement and
start (the serial list schedule of ``..support.lists``)."""

from __future__ import annotations

from typing import Any

from ...core import Result, Status, register_algorithm
from ..instance import CompletionInstance
from ..support.lists import list_horizon, wspt_list


@register_algorithm("wspt-list", "completion",
                    "Reference list heuristic (not in the paper): jobs in WSPT order, each at "
                    "its earliest-completing configuration, placement and start")
def wspt_list_algorithm(inst: CompletionInstance, *, horizon: int | None = None,
                        spread: bool = True, **_: Any) -> Result:
    """``horizon``: last slot a job may use (default: long enough for any order);
    ``spread``: also multi-server configurations (``list_schedule``)."""
    tmax = horizon if horizon is not None else list_horizon(inst)
    res = wspt_list(inst, tmax, spread=spread)
    if res is None:
        return Result(problem="completion", method="wspt-list", status=Status.INFEASIBLE,
                      stats={"reason": f"some job has no single-server configuration ending "
                                       f"by slot {tmax}"})
    return res
