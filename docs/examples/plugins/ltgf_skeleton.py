"""Skeleton plug-in for the ``ltgf`` problem (docs/plugins/ltgf.md): copy, rename, fill in.

Registers ``my-ltgf-fifo``: a policy of the event simulator that renews every expired lease and
starts pending jobs in submission order while they fit (global FIFO, no fairness at all).
Replace ``schedule`` with your own rule; the simulator turns it into a validated timeline.
Try it: ``.venv/bin/dlsched run instances/ltgf/paper-fig6.json -a my-ltgf-fifo --import
docs/examples/plugins/ltgf_skeleton.py``.
"""

from __future__ import annotations

from dlsched.ltgf.support.policy import Policy
from dlsched.ltgf.support.simulate import register_policy
from dlsched.sim.events import EventSim


@register_policy("skeleton plug-in: global FIFO, every lease renewed")
class MyLtgfFifo(Policy):
    """Global FIFO over all tenants (submission time, then job index)."""

    name = "my-ltgf-fifo"  # the algorithm name

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        """Called at every decision time ``t`` (seconds).

        Parameters
        ----------
        sim : EventSim
            The simulator: ``sim.place(i)`` starts job ``i`` (True) if its gang fits now.
        t : float
            The current time. Unit: s.
        pending : list of int
            Submitted jobs not running (indices into ``inst.jobs``).
        expired : list of int
            Running jobs whose lease ended: place them again (renew) or leave them preempted.
        """
        self.renew_all(expired)
        for i in sorted(pending, key=lambda i: (self.inst.job_submit[i], i)):
            if not sim.place(i):
                break  # strict FIFO: nobody overtakes the head of the queue
