"""HiveD (``baselines/hived.py``, notes §6.2)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dlsched.ltgf.support.simulate import simulate
from dlsched.ltgf.validate import check as check_timeline

from .hand import hand_instance, runs


def test_hived_backfill_by_hand():
    # HiveD, head of line: A (quota 4): A1 (4 GPUs, guaranteed) runs; A2 (8 GPUs, beyond the
    # quota) cannot fit the 4 free GPUs; A3 (2 GPUs, beyond the quota) fits them. Backfill:
    # A3 runs opportunistically [0, 100). Old rule: A3 waits behind A2.
    inst = hand_instance(
        [("A1", "A", 0, 4, 1000), ("A2", "A", 0, 8, 100), ("A3", "A", 0, 2, 100)],
        tenants=(("A", 1), ("B", 1)), gpn=8)
    assert simulate(inst, "hived")["completion"]["A3"] == 100.0
    assert simulate(inst, "hived", backfill=False)["completion"]["A3"] > 100.0


def test_guaranteed_job_waits_for_an_opportunistic_lease_end_by_hand():
    """HiveD follows the lease rule of every scheduler (issue 32; it once preempted mid-lease).
    1 node x 3 GPUs, tenants A, B, C of weight 1: integer quotas (1, 1, 1); 40-s leases, 10-s
    ticks. Jobs (index order): X (A, 0 s, 1000 s), Y (A, 50 s, 1000 s), Z (A, 0 s, 1000 s),
    C1 (C, 100 s, 100 s), 1 GPU each.

    * t=0: A's FIFO queue X, Z: X is guaranteed (0 + 1 <= 1), Z beyond the quota runs
      opportunistically; leases of X, Z end at 40, 80, 120, ...
    * t=50: Y (beyond A's quota) takes the last GPU opportunistically; its leases end at 90,
      130, ...
    * t=100: C1 is guaranteed (C uses 0 of 1) but no GPU is free and both opportunistic jobs
      are mid-lease: C1 waits (the old rule preempted Y at once, C1 ending at 200).
    * t=120: Z's lease ends (Y's does not): Z is the only victim; C1 runs [120, 220).
    * t=220: Z resumes with 880 s left: [220, 1100). Y never stops: [50, 1050).
    """
    inst = hand_instance(
        [("X", "A", 0, 1, 1000), ("Y", "A", 50, 1, 1000), ("Z", "A", 0, 1, 1000),
         ("C1", "C", 100, 1, 100)],
        tenants=(("A", 1), ("B", 1), ("C", 1)), gpn=3, lease=40)
    sol = simulate(inst, "hived")
    assert sol["completion"] == {"X": 1000.0, "Y": 1050.0, "Z": 1100.0, "C1": 220.0}
    assert runs(sol, "Z") == [(0.0, 120.0, "preempt"), (220.0, 1100.0, "complete")]
    assert sol["preemptions"] == 1
    assert check_timeline(inst, sol) == []


def test_guaranteed_job_preempts_the_most_recent_opportunistic_job_at_a_lease_end_by_hand():
    """As above with 50-s synchronized leases (every lease ends at 50, 100, ...): at t=100 both
    opportunistic jobs Z (started 0) and Y (started 50) are at a lease end; HiveD preempts
    the most recently started: Y. C1 runs [100, 200); Y resumes at 200 with 950 s left:
    [200, 1150)."""
    inst = hand_instance(
        [("X", "A", 0, 1, 1000), ("Y", "A", 50, 1, 1000), ("Z", "A", 0, 1, 1000),
         ("C1", "C", 100, 1, 100)],
        tenants=(("A", 1), ("B", 1), ("C", 1)), gpn=3, lease=50)
    inst = replace(inst, leases="synchronized")
    sol = simulate(inst, "hived")
    assert sol["completion"] == {"X": 1000.0, "Y": 1150.0, "Z": 1000.0, "C1": 200.0}
    assert runs(sol, "Y") == [(50.0, 100.0, "preempt"), (200.0, 1150.0, "complete")]
    assert check_timeline(inst, sol) == []


def test_no_policy_preempts_mid_lease():
    """The engine refuses a mid-lease preemption whatever the policy declares."""
    from dlsched.sim.events import EventSim, SimConfig

    sim = EventSim(SimConfig(1, 1, 100.0, 10.0), np.zeros(1), np.ones(1, dtype=int),
                   np.full(1, 500.0))
    sim.state[0] = 1  # PENDING
    sim._pending.add(0)
    sim._pend_add(0)
    assert sim.place(0)
    sim.now = 50.0
    with pytest.raises(ValueError, match="mid-lease"):
        sim.preempt(0)


def _victim_case():
    """1 node x 6 GPUs, tenants A, B, C of weight 1: quotas (2, 2, 2); 100-s leases (all end
    at t=100, so every opportunistic job is a possible victim then).
    Jobs in index order: A1 (A, 0 s, 2 GPUs, 100 s), B1 (B, 0 s, 2 GPUs, 1000 s), B2 (B, 0 s,
    1 GPU, 1000 s), A2 (A, 0 s, 1 GPU, 1000 s), A3 (A, 100 s, 3 GPUs, 100 s)."""
    return hand_instance(
        [("A1", "A", 0, 2, 100), ("B1", "B", 0, 2, 1000), ("B2", "B", 0, 1, 1000),
         ("A2", "A", 0, 1, 1000), ("A3", "A", 100, 3, 100)],
        tenants=(("A", 1), ("B", 1), ("C", 1)), gpn=6, lease=100)


def test_guaranteed_job_preempts_other_tenants_opportunistic_jobs_first_by_hand():
    """t=0, guaranteed pass per tenant (FIFO): A1 (A uses 0 + 2 <= 2) and B1 (B: 2 <= 2) are
    guaranteed; A2 and B2 would exceed their tenants' quotas: both run opportunistically on the
    last 2 GPUs. t=100: A1 ends (2 GPUs free); A3 (3 GPUs > A's quota 2, but A uses 0: the
    oversize rule) is guaranteed and needs one more GPU: HiveD preempts an opportunistic job,
    other tenants' first: B2 (B), not A2 (A's own, although it has the higher id and both
    started at 0). A3 runs [100, 200); B2 resumes at 200 with 900 s left: [200, 1100)."""
    sol = simulate(_victim_case(), "hived")
    assert runs(sol, "B2") == [(0.0, 100.0, "preempt"), (200.0, 1100.0, "complete")]
    assert runs(sol, "A2") == [(0.0, 1000.0, "complete")]
    assert sol["completion"]["A3"] == 200.0 and sol["preemptions"] == 1


def test_backfill_tries_every_job_behind_a_guaranteed_job_that_cannot_be_placed_by_hand():
    """1 node x 3 GPUs, tenants A (weight 1), B (weight 2): quotas (1, 2). B1 (B, 0 s, 2 GPUs,
    1000 s) is guaranteed at t=0. t=10: A's queue A1 (2 GPUs, 100 s), A2, A3 (1 GPU, 100 s
    each). A1 is guaranteed (2 > quota 1 but A is idle: oversize rule) but only 1 GPU is free
    and no opportunistic job can be preempted: it is not placed. With backfill the jobs behind
    it are tried opportunistically in FIFO order: A2 takes the free GPU [10, 110); A3 waits and
    runs [110, 210). A1 runs when B1 ends: [1000, 1100)."""
    inst = hand_instance(
        [("B1", "B", 0, 2, 1000), ("A1", "A", 10, 2, 100), ("A2", "A", 10, 1, 100),
         ("A3", "A", 10, 1, 100)],
        tenants=(("A", 1), ("B", 2)), gpn=3)
    sol = simulate(inst, "hived")
    assert sol["completion"] == {"B1": 1000.0, "A1": 1100.0, "A2": 110.0, "A3": 210.0}
