"""Skeleton plug-in for the ``completion`` problem (docs/plugins/completion.md): copy, rename,
fill in.

Registers ``my-completion-fifo``: jobs in arrival order, each placed by the serial list
schedule (``list_schedule``: earliest-completing configuration, placement and start, on one
server or spread over several, as the shipped ``wspt-list`` places its jobs; with the WSPT
order ``wspt_order(inst)`` it is ``wspt-list``). Replace ``job_order`` with your own priority,
or build ``JobPlan`` s yourself and call ``make_solution``. Try it: ``.venv/bin/dlsched run
instances/completion/s1-ps.json -a my-completion-fifo --import
docs/examples/plugins/completion_skeleton.py``.
"""

from __future__ import annotations

import time

import numpy as np

from dlsched.completion.instance import CompletionInstance
from dlsched.completion.support.lists import list_horizon, list_schedule
from dlsched.core import Result, Status, register_algorithm


def job_order(inst: CompletionInstance) -> list[int]:
    """Job indices in the order they are placed: here by arrival, then by index (FIFO)."""
    return [int(j) for j in np.lexsort((np.arange(inst.n_jobs), inst.arrival))]


@register_algorithm("my-completion-fifo", "completion",
                    "skeleton plug-in: FIFO order through the serial list schedule")
def my_completion_fifo(inst: CompletionInstance) -> Result:
    """FIFO list schedule.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    """
    t0 = time.perf_counter()
    res = list_schedule(inst, job_order(inst), list_horizon(inst), method="my-completion-fifo")
    if res is None:  # some job fits no configuration in time (or breaks a hard horizon)
        return Result(problem="completion", method="my-completion-fifo",
                      status=Status.INFEASIBLE, runtime_s=time.perf_counter() - t0)
    return res  # a Result: status feasible, objective sum_j w_j C_j, typed solution
