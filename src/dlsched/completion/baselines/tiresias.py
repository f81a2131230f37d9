"""Tiresias baseline (Gu et al., NSDI 2019; notes §5).

``tiresias``: preemptive each slot; default Tiresias's own discretised 2D-LAS (attained
GPU-service, two queues split at ``threshold`` GPU-slots, FIFO inside a queue; not
clairvoyant), ``clairvoyant=True`` the earlier rule (remaining time x GPUs ascending, this
paper's §7 sentence read literally); greedy backfill.

Like every preemptive baseline, a resume costs
``resume_penalty`` slots without progress (default 1), a change of a running job's placement
(rescale, migration) ``rescale_penalty`` slots (default 0, the earlier free rescaling).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ...sim import Placement, SimJob, SimState
from ..instance import CompletionInstance
from ..support.config import EPS, theta
from ..support.placement import gpu_index, ideal_config
from ..support.simulation import simulate, try_place


def _tiresias_policy(inst: CompletionInstance, clairvoyant: bool = False,
                     threshold: float = 8.0) -> Callable:
    """Tiresias. Default (its paper's 2D-LAS, discretised, non-clairvoyant): attained service
    = GPUs x slots run so far; two queues split at ``threshold`` GPU-slots (ours), the first
    queue ahead of the second, FIFO (arrival, id) inside a queue; every slot the queues are
    served greedily with backfill and a job that does not fit is preempted. ``clairvoyant``:
    the earlier dlsched rule, this paper's §7 sentence read literally: remaining time at the
    ideal configuration x GPUs, ascending (needs the job's remaining work)."""
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    g = gpu_index(inst)

    def gpus(j: int) -> float:
        k = ideal[j]
        return float(k.n * inst.worker_demand[k.m, g] + (inst.ps_demand[k.p, g] if k.p >= 0
                                                          else 0))

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        def prio(job: SimJob) -> tuple:
            k = ideal[job.id]
            if clairvoyant:
                rem = (job.work - job.progress) * theta(inst, job.id, k.m, k.p, k.q, k.n) / k.n
                return (rem * max(gpus(job.id), 1e-9), job.arrival, job.id)
            attained = sum((s["end"] - s["start"]) for s in job.segments) * gpus(job.id)
            return (int(attained >= threshold - EPS), job.arrival, job.id)

        res = st.capacity.copy()  # what is left to place in (see support.simulation)
        out: dict[int, Placement] = {}
        for job in sorted(st.active(), key=prio):
            k = ideal[job.id]
            prev = st.running.get(job.id)
            if prev is not None and np.all(prev.load <= res + EPS):
                pl = prev
            else:
                pl = try_place(inst, job.id, k.m, k.p, k.n, res)
            if pl is not None:
                out[job.id] = pl
                res = res - pl.load
        return out

    return policy


@register_algorithm("tiresias", "completion",
                    "Tiresias: preemptive 2D-LAS (attained GPU-service, two queues), greedy "
                    "backfill; clairvoyant=True: remaining time x GPUs")
def tiresias(inst: CompletionInstance, *, clairvoyant: bool = False, threshold: float = 8.0,
             resume_penalty: int = 1, rescale_penalty: int = 0, **_: Any) -> Result:
    """Tiresias: preemptive discretised 2D-LAS with greedy backfill, every slot.

    Default (not clairvoyant): attained service = GPUs x slots run so far; two queues split
    at ``threshold`` GPU-slots, FIFO inside a queue. ``clairvoyant=True``: remaining time at
    the ideal configuration x GPUs, ascending. A job that does not fit is preempted.

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    clairvoyant : bool, default False
        Order by remaining time x GPUs (needs the remaining work) instead of attained service.
    threshold : float, default 8.0
        Attained service at which a job moves to the second queue. Unit: GPU-slots.
    resume_penalty : int, default 1
        Slots without progress when a paused job resumes. Unit: slots.
    rescale_penalty : int, default 0
        Slots without progress when a running job's placement changes (rescale, migration).
        Unit: slots.

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the validator rejects the run); ``objective`` the
        total weighted completion time sum_j w_j C_j. Unit: weight x slots. ``solution`` a
        completion ``Solution`` whose jobs carry ``start``, ``duration`` (first slot to last
        slot of progress), ``worker_type``, ``workers``, ``ps_type`` / ``ps`` (PS only) and,
        when a job was paused or rescaled, its run ``segments``; ``capped`` is false (no
        horizon cap). ``stats`` holds the parameters used.

    Raises
    ------
    InputError
        Some job has no configuration that fits any server, or needs more than
        ``limits.MAX_SLOTS`` slots in its fastest configuration, or a penalty is negative.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = tiresias(golden("s4"))
    >>> res.status.value, res.objective
    ('feasible', 8.0)
    """
    return simulate(inst, "tiresias", _tiresias_policy(inst, clairvoyant, threshold),
                clairvoyant=clairvoyant, threshold=threshold, resume_penalty=resume_penalty,
                rescale_penalty=rescale_penalty)
