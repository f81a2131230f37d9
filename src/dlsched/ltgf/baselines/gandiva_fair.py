"""Gandiva_fair (notes §6.6): gang-aware split stride scheduling without trading."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from ...sim.events import EventSim
from ...sim.ordered import PendingOrder
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
    #: the pending jobs are kept in pass order across decisions (``PendingOrder``)
    sorted_pending = False
    #: no pending job can start: every expired job is renewed (the engine may do it)
    renews_when_blocked = True

    def __init__(self, inst: LTGFInstance, quantum: float | None = None) -> None:
        super().__init__(inst, quantum=quantum or inst.lease)
        #: pass per job (Python floats: the same IEEE operations as numpy scalars)
        self.pass_: list[float] = [0.0] * inst.n_jobs
        self.wten: list[float] = [tn.weight for tn in inst.tenants]
        self.gpus: list[int] = inst.job_gpus.tolist()
        self._tenant: list[int] = inst.job_tenant.tolist()
        #: submitted, unfinished jobs (the tracker's active jobs) and their count per tenant
        self._active: set[int] = set()
        self._count: list[int] = [0] * inst.n_tenants
        self._quantum = self.knobs["quantum"]
        self._order: PendingOrder | None = None

    def attach(self, sim: EventSim) -> None:
        super().attach(sim)
        # a pending job's pass changes only when it is scheduled: its key is fixed while it waits
        self._order = PendingOrder(sim, lambda i: (self.pass_[i], i))

    def on_submit(self, i: int, t: float) -> None:
        p = self.pass_
        p[i] = min([p[j] for j in self._active]) if self._active else 0.0
        self._active.add(i)
        self._count[self._tenant[i]] += 1
        super().on_submit(i, t)

    def on_finish(self, i: int, t: float) -> None:
        self._active.discard(i)
        self._count[self._tenant[i]] -= 1
        super().on_finish(i, t)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        if not sim.any_placeable():
            # no pending job can start: every expired job is renewed and advances its pass
            # (per job, so in any order)
            for i in expired:
                sim.place(i)
                self._advance(i)
            return
        # candidates by (pass, id): the pending jobs kept in that order merged with the
        # expired ones; pending jobs place() must refuse are skipped by demand (the bounds only
        # shrink during the call)
        order = self._order
        order.sync()
        p = self.pass_
        for i in order.order([(p[i], i) for i in expired]):
            if sim.place(i):
                self._advance(i)

    def on_blocked_renewal(self, i: int) -> None:
        """A renewal the engine made for this policy (``renews_when_blocked``): the pass
        advances as in ``schedule``'s blocked branch."""
        self._advance(i)

    def _advance(self, i: int) -> None:
        """Advance the pass of job ``i``, just scheduled, by gpus x quantum / its tickets."""
        k = self._tenant[i]
        tickets = self.wten[k] / max(self._count[k], 1)  # the tracker's active count
        self.pass_[i] += self.gpus[i] * self._quantum / tickets
