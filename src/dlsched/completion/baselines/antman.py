"""AntMan baseline (Xiao et al., OSDI 2020, simplified; notes §5).

``antman``: guaranteed jobs admitted FIFO with the ideal configuration (non-preemptive);
after waiting more than 2 slots a job runs opportunistically on idle resources with 1..N
workers, re-evaluated each slot, suspended when guaranteed jobs need the resources.

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
from ...sim import Placement, SimState
from ..instance import CompletionInstance
from ..support.config import EPS
from ..support.placement import count_cap, ideal_config
from ..support.simulation import simulate, try_place


def _antman_policy(inst: CompletionInstance, patience: int = 2) -> Callable:
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    guaranteed: dict[int, Placement] = {}

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        for j in [j for j in guaranteed if st.jobs[j].done]:
            del guaranteed[j]
        res = inst.capacity - sum((pl.load for pl in guaranteed.values()),
                                  np.zeros_like(inst.capacity))
        waiting = sorted((j for j in st.active() if j.id not in guaranteed),
                         key=lambda j: (j.arrival, j.id))
        for job in waiting:  # FIFO admission of guaranteed jobs (evict opportunistic ones)
            k = ideal[job.id]
            pl = try_place(inst, job.id, k.m, k.p, k.n, res)
            if pl is None:
                break
            guaranteed[job.id] = pl
            res = res - pl.load
        out = dict(guaranteed)
        for job in waiting:
            if job.id in guaranteed or t - job.arrival <= patience:
                continue
            k = ideal[job.id]
            prev = st.running.get(job.id)
            if prev is not None and np.all(prev.load <= res + EPS):
                pl = prev
            else:
                # no n above the workers that fit the residual at all can be placed (place()
                # needs n <= sum_h floor(res_h / e_m)): start there (same result, fewer tries)
                top = min(k.n, int(count_cap(res, inst.worker_demand[k.m]).sum()))
                pl = next((x for n in range(top, 0, -1)
                           if (x := try_place(inst, job.id, k.m, k.p, n, res)) is not None), None)
            if pl is not None:
                out[job.id] = pl
                res = res - pl.load
        return out

    return policy


@register_algorithm("antman", "completion",
                    "AntMan (simplified): guaranteed FIFO jobs + opportunistic jobs on idle "
                    "resources after waiting > 2 slots")
def antman(inst: CompletionInstance, *, patience: int = 2, resume_penalty: int = 1,
           rescale_penalty: int = 0, **_: Any) -> Result:
    """AntMan (simplified): guaranteed jobs FIFO with the ideal configuration, others opportunistic.

    Guaranteed jobs are admitted in arrival order with their ideal configuration and are
    never preempted; a job that has waited more than ``patience`` slots runs
    opportunistically on idle resources with 1..N workers, re-evaluated each slot, and is
    suspended when guaranteed jobs need the resources.

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    patience : int, default 2
        Slots a job waits before it may run opportunistically. Unit: slots.
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
    >>> res = antman(golden("s4"))
    >>> res.status.value, res.objective
    ('feasible', 8.0)
    """
    return simulate(inst, "antman", _antman_policy(inst, patience), patience=patience,
                resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)
