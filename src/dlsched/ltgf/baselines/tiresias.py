"""Tiresias-L (notes §6.4): discretised 2D-LAS with a starvation guard at lease ends."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ...sim.events import PENDING, RUNNING, EventSim
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
        self.promoted = np.zeros(inst.n_jobs, dtype=bool)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        kn = self.knobs
        thr = np.array([kn["threshold_gpu_s"] * (2**q) for q in range(kn["queues"] - 1)])
        cands = np.array(pending + expired, dtype=np.int64)
        state = sim.state[cands]
        last = sim.last_run_len[cands]
        waited = t - sim.last_stop[cands]
        starving = (state == PENDING) & (last > 0) & (waited >= kn["starve"] * last)
        self.promoted[cands[starving]] = True
        att = sim.alloc_acc[cands] + np.where(
            state == RUNNING, sim.gpus[cands] * (t - sim.seg_start[cands]), 0.0
        )
        queue = np.where(self.promoted[cands], 0, (att[:, None] >= thr[None, :]).sum(axis=1))
        # key (queue, submission, id), as sorted() on the tuple would give
        order = cands[np.lexsort((cands, sim.submit[cands], queue))].tolist()
        gpus = sim.gpus
        for i in order:
            # a pending job larger than the pool is refused by place() with no effect
            if i in sim.expired or (sim.state[i] == PENDING and gpus[i] <= sim.pool_size()):
                sim.place(i)
        for i in order:
            if sim.state[i] == RUNNING and i not in sim.expired:
                self.promoted[i] = False
