"""AlloX (notes §6.3): the least-served tenants run shortest-job-first, non-preemptive."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math

import numpy as np

from ...sim.events import EventSim
from ..instance import LTGFInstance
from ..support.fairness import ratio
from ..support.policy import Policy
from ..support.simulate import register_policy


@register_policy("AlloX: least-served tenants first, SJF matching, non-preemptive")
class AlloX(Policy):
    """AlloX: the least-served tenants run shortest-job-first, non-preemptive (notes §6.3).

    The ceil(alpha T_act) least-served tenants ((16) progress) run shortest-job-first with
    backfilling (min-cost matching on identical GPUs). ``fill`` (default): when the eligible
    tenants' jobs leave GPUs free, the other tenants' jobs (least-served tenant first,
    shortest first) fill them, as the public re-implementation (Gavel's ``allox.py``) does.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    alpha : float, default 0.5
        Share of the active tenants that are eligible each round (meaningful in (0, 1]).
        Unit: dimensionless.
    fill : bool, default True
        Let the other tenants' jobs fill GPUs the eligible ones leave free (False: GPUs may
        idle).

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "allox", alpha=1.0).objective, 3)
    0.853
    """

    name = "allox"
    #: no pending job can start: every expired job is renewed (the engine may do it)
    renews_when_blocked = True

    def __init__(self, inst: LTGFInstance, alpha: float = 0.5, fill: bool = True) -> None:
        super().__init__(inst, alpha=alpha, fill=fill)
        self.gpus: list[int] = inst.job_gpus.tolist()

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        if not pending or not sim.any_placeable():
            return
        inst = self.inst
        # pending jobs place() must refuse (demand above the free GPUs or every node) play no
        # part: the bounds only shrink during the call, so they are dropped first; the
        # tenant ranking below only orders the others (no effect when none is left)
        pend = np.array(sim.placeable_pending(), dtype=np.int64)  # the keys end with the id
        active = np.flatnonzero(self.tracker.count > 0)
        if active.size == 0 or pend.size == 0:
            return
        prog = self.tenant_alloc(t)
        keys = sorted(active.tolist(), key=lambda k: (ratio(prog[k], inst.quota[k] * t), k))
        n_el = math.ceil(self.knobs["alpha"] * len(active))
        rank = np.full(inst.n_tenants, len(keys), dtype=np.int64)  # inactive: never eligible
        rank[keys] = np.arange(len(keys))
        ten_rank = rank[inst.job_tenant[pend]]
        eligible = ten_rank < n_el
        jobs = pend[eligible]
        gpus, fits = self.gpus, sim.can_fit
        # by (remaining, id)
        for i in jobs[np.lexsort((jobs, sim.remaining[jobs]))].tolist():
            if not sim.pool_size():
                return
            if fits(gpus[i]):
                sim.place(i)
        if self.knobs["fill"] and sim.pool_size() > 0:
            rest = pend[~eligible]
            # by (tenant rank, remaining, id)
            order = np.lexsort((rest, sim.remaining[rest], ten_rank[~eligible]))
            for i in rest[order].tolist():
                if not sim.pool_size():
                    return
                if fits(gpus[i]):
                    sim.place(i)
