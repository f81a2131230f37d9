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
    """WSPT list schedule (not in the paper): jobs by w_j / d^min_j descending, each greedily.

    Each job, in that order, takes the configuration, placement and start that complete it
    earliest beside the jobs already placed (``support.lists.list_schedule``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    horizon : int or None, default None
        Last slot a job may use; None uses a horizon long enough for any order
        (``list_horizon``). Unit: slots.
    spread : bool, default True
        Also try multi-server configurations (otherwise only single-server ones).

    Returns
    -------
    Result
        Status ``feasible`` with ``objective`` sum_j w_j C_j (Unit: weight x slots) and a
        completion ``Solution`` (per job ``start``, ``duration``, ``worker_type``,
        ``workers``, ``ps_type`` / ``ps``); status ``infeasible`` with no solution when some
        job fits no configuration ending by ``horizon``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = wspt_list_algorithm(golden("s4"))
    >>> res.status.value, res.objective
    ('feasible', 7.0)
    """
    tmax = horizon if horizon is not None else list_horizon(inst)
    res = wspt_list(inst, tmax, spread=spread)
    if res is None:
        return Result(problem="completion", method="wspt-list", status=Status.INFEASIBLE,
                      stats={"reason": "some job has no single-server configuration (the "
                                       "WSPT order needs its d^min) or none that ends by "
                                       f"slot {tmax}"})
    return res
