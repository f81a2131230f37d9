"""Gandiva_fair (notes §6.6): gang-aware split stride scheduling without trading."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ...sim.events import EventSim
from ..instance import LTGFInstance
from ..support.policy import Policy
from ..support.simulate import register_policy


@register_policy("Gandiva_fair: gang-aware split stride scheduling (no trading)")
class GandivaFair(Policy):
    """Gandiva_fair: gang-aware split stride scheduling without trading (notes §6.6).

    Tenant tickets are proportional to its weight and split among its active jobs; jobs run
    by increasing pass, skipping those that do not fit; a job's pass grows by gpus x quantum /
    tickets each time it is scheduled.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    quantum : float or None, default None
        Stride quantum; None (or 0) uses the instance's lease length. Unit: s.

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "gandiva-fair", quantum=600.0).objective, 3)
    0.816
    """

    name = "gandiva-fair"

    def __init__(self, inst: LTGFInstance, quantum: float | None = None) -> None:
        super().__init__(inst, quantum=quantum or inst.lease)
        self.pass_ = np.zeros(inst.n_jobs)
        self.wten = np.array([tn.weight for tn in inst.tenants])
        self.gpus: list[int] = inst.job_gpus.tolist()

    def on_submit(self, i: int, t: float) -> None:
        active = self.tracker.pos >= 0
        self.pass_[i] = float(self.pass_[active].min()) if active.any() else 0.0
        super().on_submit(i, t)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        if not sim.any_placeable():
            # no pending job can start: every expired job is renewed and advances its pass
            # (per job, so in any order)
            for i in expired:
                sim.place(i)
                self._advance(i)
            return
        # pending jobs place() must refuse (demand above the pool or every node) play no part:
        # the bounds only shrink during the call, so they are dropped before ordering
        pend = np.array(sim.placeable_pending(), dtype=np.int64)  # the key ends with the id
        cands = np.concatenate((pend, np.array(expired, dtype=np.int64)))
        order = cands[np.lexsort((cands, self.pass_[cands]))].tolist()  # by pass, ties by id
        exp = set(expired)
        gpus = self.gpus
        fits = sim.can_fit
        for i in order:
            if not sim.pool_size():  # nothing left to renew or start (an expired job holds GPUs)
                break
            # a pending job place() must refuse (can_fit) is skipped: no effect either way
            if (i in exp or fits(gpus[i])) and sim.place(i):
                self._advance(i)

    def _advance(self, i: int) -> None:
        """Advance the pass of job ``i``, just scheduled, by gpus x quantum / its tickets."""
        inst = self.inst
        k = inst.job_tenant[i]
        tickets = self.wten[k] / max(self.tracker.count[k], 1)
        self.pass_[i] += inst.job_gpus[i] * self.knobs["quantum"] / tickets
