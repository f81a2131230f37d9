"""Tiresias-L (notes §6.4): discretised 2D-LAS with a starvation guard at lease ends."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ...sim.events import EventSim
from ..instance import LTGFInstance
from ..support.policy import Policy
from ..support.simulate import register_policy


@register_policy("Tiresias-L: discretised 2D-LAS with starvation guard at lease ends")
class TiresiasL(Policy):
    """Tiresias-L: discretised 2D-LAS on attained GPU-seconds with a starvation guard.

    K queues by attained service, FIFO inside a queue, preemptive at lease boundaries; a job
    that waited ``starve`` times its last run is promoted; no duration knowledge
    (notes §6.4).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    queues : int, default 2
        Number of priority queues K. Unit: queues.
    threshold_gpu_s : float, default 3600.0
        Attained service at which a job leaves the first queue (queue q ends at threshold x
        2^q). Unit: GPU-s.
    starve : float, default 2.0
        A pending job is promoted when it has waited this many times its last run length.
        Unit: dimensionless.

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "tiresias-l", queues=3).objective, 3)
    0.89
    """

    name = "tiresias-l"

    def __init__(
        self,
        inst: LTGFInstance,
        queues: int = 2,
        threshold_gpu_s: float = 3600.0,
        starve: float = 2.0,
    ) -> None:
        super().__init__(inst, queues=queues, threshold_gpu_s=threshold_gpu_s, starve=starve)
        #: queue q ends at threshold x 2^q (the last queue is open)
        self._thr = np.array([threshold_gpu_s * (2**q) for q in range(queues - 1)], dtype=float)
        self._gpus: list[int] = inst.job_gpus.tolist()

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        # A job is promoted while it waits once it has waited ``starve`` times its last run,
        # and demoted when it runs again. Waiting, its last stop and run length are fixed, so
        # "promoted" is "starving now" for a pending job and False for a running one: it is
        # evaluated here, for the jobs that are ordered, instead of being stored.
        if not sim.any_placeable():
            # no pending job can start, so every expired job is renewed (renewals are
            # independent of their order)
            self.renew_all(expired)
            return
        kn = self.knobs
        thr = self._thr
        # pending jobs place() must refuse (demand above the pool or every node) play no part:
        # the bounds only shrink during the call, so they are dropped before ordering
        pend = np.array(sim.placeable_pending(), dtype=np.int64)  # the key ends with the id
        last = sim.last_run_len[pend]
        starving = (last > 0) & (t - sim.last_stop[pend] >= kn["starve"] * last)
        exp = np.array(expired, dtype=np.int64)
        cands = np.concatenate((pend, exp))
        att = np.concatenate((sim.alloc_acc[pend], sim.alloc_acc[exp]
                              + sim.gpus[exp] * (t - sim.seg_start[exp])))
        queue = (att[:, None] >= thr[None, :]).sum(axis=1)
        queue[:pend.size][starving] = 0
        # key (queue, submission, id), as sorted() on the tuple would give
        order = cands[np.lexsort((cands, sim.submit[cands], queue))].tolist()
        gpus = self._gpus
        live = sim.expired
        fits = sim.can_fit
        for i in order:
            if not sim.pool_size():  # nothing left to renew or start (an expired job holds GPUs)
                break
            # a displaced expired job is pending again and may be started later in the order;
            # a pending job place() must refuse (can_fit) is skipped: no effect either way
            if i in live or fits(gpus[i]):
                sim.place(i)
