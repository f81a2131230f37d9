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

    def __init__(self, inst: LTGFInstance, alpha: float = 0.5, fill: bool = True) -> None:
        super().__init__(inst, alpha=alpha, fill=fill)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        inst = self.inst
        active = np.flatnonzero(self.tracker.count > 0)
        if active.size == 0 or not pending:
            return
        prog = self.tenant_alloc(t)
        keys = sorted(active, key=lambda k: (ratio(prog[k], inst.quota[k] * t), k))
        n_el = math.ceil(self.knobs["alpha"] * len(active))
        eligible = set(int(k) for k in keys[:n_el])
        jobs = np.array([i for i in pending if inst.job_tenant[i] in eligible], dtype=np.int64)
        # by (remaining, id); a job larger than the pool is refused by place() with no effect
        for i in jobs[np.lexsort((jobs, sim.remaining[jobs]))].tolist():
            if sim.gpus[i] <= sim.pool_size():
                sim.place(i)
        if self.knobs["fill"] and sim.pool_size() > 0:
            rank = {int(k): r for r, k in enumerate(keys)}
            rest = [i for i in pending if inst.job_tenant[i] not in eligible]
            for i in sorted(rest, key=lambda i: (rank[int(inst.job_tenant[i])],
                                                 sim.remaining[i], i)):
                if sim.gpus[i] <= sim.pool_size():
                    sim.place(i)
