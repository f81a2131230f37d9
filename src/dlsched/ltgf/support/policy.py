"""Base class of the LTGF event-simulator policies (ASTRAEA in ``algorithms/``, the six
baselines of notes §6 in ``baselines/``).

Every policy exposes ``knobs`` (its parameters with the harness defaults of notes §6; the paper
gives none) so each result reports them. All ties go to the lower tenant/job id.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from ...sim.events import RUNNING, EventSim
from ..instance import LTGFInstance
from .fairness import FairShareTracker, ratio


class Policy:
    """Common plumbing: instance arrays, fair-share tracker, per-tenant candidate grouping."""

    lease_based = True
    #: with no pending job every policy here renews all expired jobs (see sim.events)
    renews_when_idle = True
    name = "policy"

    def __init__(self, inst: LTGFInstance, **knobs: Any) -> None:
        self.inst = inst
        self.knobs = knobs
        self.tracker = FairShareTracker(inst, bool(knobs.get("job_share_uses_quota", False)))
        self.sim: EventSim | None = None

    def attach(self, sim: EventSim) -> None:
        self.sim = sim

    def on_submit(self, i: int, t: float) -> None:
        self.tracker.add(i, t)

    def on_finish(self, i: int, t: float) -> None:
        self.tracker.remove(i, t)

    def tenant_alloc(self, t: float) -> np.ndarray:
        """Alloc^ten_j (11) up to ``t`` for every tenant."""
        s = self.sim
        run = s.state == RUNNING
        held = s.alloc_acc + np.where(run, s.gpus * (t - s.seg_start), 0.0)
        return np.bincount(self.inst.job_tenant, weights=held, minlength=self.inst.n_tenants)

    def job_rho(self, i: int, t: float) -> float:
        """rho^job_{i,j} (15) over [a_i, t]."""
        self.tracker.update(int(self.inst.job_tenant[i]), t)
        return ratio(self.sim.alloc(i, t), self.tracker.job_fair[i])

    def renew_all(self, expired: list[int]) -> None:
        for i in expired:
            self.sim.place(i)
