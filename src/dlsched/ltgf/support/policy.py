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
    """Base class of the LTGF event-simulator policies (ASTRAEA and the baselines; plugins too).

    A subclass sets ``name`` (its registered name), takes its knobs as keyword parameters of
    ``__init__`` (passing them to ``super().__init__`` so results report them) and
    implements ``schedule(sim, t, pending, expired)``: at each decision time ``t`` it places
    jobs with ``sim.place(i)`` (pending jobs start, expired ones are renewed in place);
    expired jobs it does not renew are preempted after the call. ``register_policy``
    registers it as an algorithm. The base class keeps the fair-share accounting
    (``tracker``) and offers ``tenant_alloc``, ``job_rho`` and ``renew_all``. All ties go to
    the lower tenant / job id.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    **knobs
        The policy's parameters, kept in ``knobs`` (``job_share_uses_quota`` also switches
        the tracker's job fair shares to the tenant quota).

    Attributes
    ----------
    lease_based : bool
        True when the policy preempts only at lease ends (False: it may call
        ``sim.preempt`` mid-lease).
    renews_when_idle : bool
        True when it renews every expired job if nothing is pending (the simulator then skips
        the call).
    name : str
        Registered name.

    Examples
    --------
    >>> from dlsched.ltgf.support.simulate import POLICIES
    >>> issubclass(POLICIES["yarn-cs"], Policy), POLICIES["hived"].lease_based
    (True, False)
    """

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
        """Remember the simulator (called once before the run).

        Parameters
        ----------
        sim : EventSim
            The simulator running this policy.
        """
        self.sim = sim

    def on_submit(self, i: int, t: float) -> None:
        """Account a submission (override to react; call the base method).

        Parameters
        ----------
        i : int
            Job index.
        t : float
            Submission time. Unit: s.
        """
        self.tracker.add(i, t)

    def on_finish(self, i: int, t: float) -> None:
        """Account a completion (override to react; call the base method).

        Parameters
        ----------
        i : int
            Job index.
        t : float
            Completion time. Unit: s.
        """
        self.tracker.remove(i, t)

    def tenant_alloc(self, t: float) -> np.ndarray:
        """Alloc^ten (11) of every tenant up to ``t``: the GPU-seconds its jobs held.

        Parameters
        ----------
        t : float
            Current time. Unit: s.

        Returns
        -------
        numpy.ndarray
            GPU-seconds per tenant. Unit: GPU-s.
        """
        s = self.sim
        run = s.state == RUNNING
        held = s.alloc_acc + np.where(run, s.gpus * (t - s.seg_start), 0.0)
        return np.bincount(self.inst.job_tenant, weights=held, minlength=self.inst.n_tenants)

    def job_rho(self, i: int, t: float) -> float:
        """rho^job (15) of job ``i`` over [a_i, t]: GPU-seconds held / its fair share.

        Parameters
        ----------
        i : int
            Job index.
        t : float
            Current time. Unit: s.

        Returns
        -------
        float
            The ratio (0/0 is 0, x/0 is inf). Unit: dimensionless.
        """
        self.tracker.update(int(self.inst.job_tenant[i]), t)
        return ratio(self.sim.alloc(i, t), self.tracker.job_fair[i])

    def renew_all(self, expired: list[int]) -> None:
        """Renew every expired job in place (a work-conserving policy's first step).

        Parameters
        ----------
        expired : list of int
            The expired jobs passed to ``schedule``.
        """
        for i in expired:
            self.sim.place(i)
