"""Tiresias-L (notes §6.4): discretised 2D-LAS with a starvation guard at lease ends."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import heapq
from bisect import bisect_right

from ...sim.events import EventSim
from ...sim.ordered import PendingOrder
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
    #: the pending jobs are kept in their order across decisions (``PendingOrder``)
    sorted_pending = False
    #: no pending job can start: every expired job is renewed (the engine may do it)
    renews_when_blocked = True

    def __init__(
        self,
        inst: LTGFInstance,
        queues: int = 2,
        threshold_gpu_s: float = 3600.0,
        starve: float = 2.0,
    ) -> None:
        super().__init__(inst, queues=queues, threshold_gpu_s=threshold_gpu_s, starve=starve)
        #: queue q ends at threshold x 2^q (the last queue is open)
        self._thr = [float(threshold_gpu_s * (2**q)) for q in range(queues - 1)]
        self._ascending = self._thr == sorted(self._thr)  # False for a negative threshold
        self._starve = float(starve)
        self._gpus: list[int] = inst.job_gpus.tolist()
        self._t = 0.0
        self._order: PendingOrder | None = None
        #: (promotion time, job, key): pending jobs that will starve, by the time they do
        self._promo: list[tuple[float, int, tuple[int, float, int]]] = []

    def attach(self, sim: EventSim) -> None:
        super().attach(sim)
        self._order = PendingOrder(sim, self._pending_key)
        self._promo = []

    def _queue(self, att: float) -> int:
        """The 2D-LAS queue of attained service ``att`` GPU-s (thresholds passed)."""
        thr = self._thr
        if self._ascending:  # the count of thresholds x with att >= x
            return bisect_right(thr, att)
        return sum(att >= x for x in thr)

    def _pending_key(self, i: int) -> tuple[int, float, int]:
        """Key (queue, submission, id) of pending job ``i`` at the current decision time:
        queue 0 when it is starving (waited ``starve`` times its last run), else the queue of
        its attained service (both fixed while it waits, but for the starvation clock)."""
        sim, t = self.sim, self._t
        q = self._queue(float(sim.alloc_acc[i]))
        key = (q, float(sim.submit[i]), i)
        last = float(sim.last_run_len[i])
        if q and last > 0:
            stop = float(sim.last_stop[i])
            if t - stop >= self._starve * last:
                return (0, key[1], i)
            heapq.heappush(self._promo, (stop + self._starve * last, i, key))
        return key

    def _promote(self, t: float) -> None:
        """Move the pending jobs that are starving at ``t`` to queue 0 (their clock is fixed
        while they wait: once starving they stay so until they run)."""
        promo, order, sim = self._promo, self._order, self.sim
        back = []
        while promo and promo[0][0] <= t + 1.0:  # the exact test below decides
            item = heapq.heappop(promo)
            _, i, key = item
            if order.key_of.get(i) != key:  # started since, or already promoted
                continue
            last = float(sim.last_run_len[i])
            if t - float(sim.last_stop[i]) >= self._starve * last:
                order.rekey(i, (0, key[1], i))
            else:
                back.append(item)
        for item in back:
            heapq.heappush(promo, item)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        # A job is promoted while it waits once it has waited ``starve`` times its last run,
        # and demoted when it runs again. Waiting, its last stop and run length are fixed, so
        # "promoted" is "starving now" for a pending job and False for a running one.
        if not sim.any_placeable():
            # no pending job can start, so every expired job is renewed (renewals are
            # independent of their order)
            self.renew_all(expired)
            return
        self._t = t
        order = self._order
        order.sync()
        self._promote(t)
        # candidates by (queue, submission, id): the pending jobs kept in that order, merged
        # with the expired (running, never promoted) jobs; pending jobs place() must refuse
        # are skipped by demand (the bounds only shrink during the call)
        acc, start, sub = sim.alloc_acc, sim.seg_start, sim.submit
        gpus = self._gpus
        exp = [(self._queue(float(acc[i]) + gpus[i] * (t - float(start[i]))), float(sub[i]), i)
               for i in expired]
        for i in order.order(exp):
            # a displaced expired job is pending again and is tried at its place in the order
            sim.place(i)
