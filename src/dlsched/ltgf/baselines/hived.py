"""HiveD (notes §6.2): guaranteed jobs within the integer quota, opportunistic jobs on free GPUs
beyond it; guaranteed jobs preempt opportunistic ones.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ...sim.events import RUNNING, EventSim
from ...sim.placement import consolidated
from ..instance import LTGFInstance
from ..support.simulate import register_policy
from .yarn_cs import YarnCS, tenant_fifo


@register_policy("HiveD: guaranteed quota jobs preempt opportunistic borrowers")
class HiveD(YarnCS):
    """HiveD: guaranteed jobs within the quota, opportunistic jobs on free GPUs beyond it.

    Guaranteed jobs preempt opportunistic ones (most recently started first, other tenants'
    first) at the end of the opportunistic jobs' leases, the rule every scheduler follows
    (issue 32; HiveD once preempted mid-lease); a guaranteed job that needs GPUs still under
    lease waits for those leases to end (notes §6.2).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    backfill : bool, default True
        A job that cannot be placed does not block the jobs behind it (as the Kubernetes
        queue does); False stops a tenant's queue at its first job that does not fit.

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "hived", backfill=False).objective, 3)
    0.553
    """

    name = "hived"

    def __init__(self, inst: LTGFInstance, backfill: bool = True) -> None:
        super().__init__(inst)
        self.opportunistic = np.zeros(inst.n_jobs, dtype=bool)
        # backfill (default, issue 19): a job that cannot be placed does not block the jobs
        # behind it (HiveD runs in the Kubernetes scheduler, whose queue moves an
        # unschedulable pod aside and tries the next); a tenant whose guaranteed job cannot be
        # placed still has its later jobs tried opportunistically. backfill=False: the old
        # head-of-line rule (stop a tenant's queue at its first job that does not fit).
        self.knobs = {"quota": "largest remainder of (6)", "victims": "most recent, others first",
                      "backfill": backfill}

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        if sim.epoch == self.noop_epoch:  # nothing changed since a call that changed nothing
            return
        epoch = sim.epoch
        inst = self.inst
        run = sim.state == RUNNING
        guar = run & ~self.opportunistic
        use = np.bincount(inst.job_tenant[guar], weights=sim.gpus[guar], minlength=inst.n_tenants)
        beyond: dict[int, list[int]] = {}
        for k, queue in tenant_fifo(inst, pending, self.fifo):  # guaranteed pass
            for q, i in enumerate(queue):
                g = int(sim.gpus[i])
                if not (use[k] + g <= self.iquota[k] or (g > self.iquota[k] and use[k] == 0)):
                    beyond[k] = queue[q:]
                    break
                if not self._place_guaranteed(i, k):
                    if self.knobs["backfill"]:
                        beyond[k] = queue[q + 1:]
                    break
                self.opportunistic[i] = False
                use[k] += g
        for _k, queue in sorted(beyond.items()):  # opportunistic pass: free GPUs only
            for i in queue:
                if sim.place(i):
                    self.opportunistic[i] = True
                elif not self.knobs["backfill"]:
                    break
        # a guaranteed job that waits for opportunistic leases to end may start at a later
        # lease end without any other change: the call is a function of the state only when
        # no opportunistic job runs
        if sim.epoch == epoch and not (self.opportunistic & (sim.state == RUNNING)).any():
            self.noop_epoch = epoch

    def _place_guaranteed(self, i: int, k: int) -> bool:
        sim = self.sim
        if sim.place(i):
            return True
        # victims: opportunistic jobs at the end of a lease now (renewed in this call)
        opp = [j for j in np.flatnonzero((sim.state == RUNNING) & self.opportunistic)
               if sim.preemptable(int(j))]
        held = sim.free.copy()
        for j in opp:
            for n, c in sim.placement[j]:
                held[n] += c
        if consolidated(held, int(sim.gpus[i]), sim.cfg.gpus_per_node) is None:
            return False
        victims = sorted(opp, key=lambda j: (self.inst.job_tenant[j] == k, -sim.seg_start[j], -j))
        for j in victims:
            sim.preempt(int(j))
            self.opportunistic[j] = False
            if sim.place(i):
                return True
        return False
