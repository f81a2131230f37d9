"""HiveD (``baselines/hived.py``, notes §6.2)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from dlsched.ltgf.support.simulate import simulate

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


def test_guaranteed_job_preempts_the_most_recent_opportunistic_job_by_hand():
    """1 node x 3 GPUs, tenants A, B, C of weight 1: integer quotas (1, 1, 1). Jobs (index
    order): X (A, 0 s, 1000 s), Y (A, 50 s, 1000 s), Z (A, 0 s, 1000 s), C1 (C, 100 s, 100 s),
    1 GPU each.

    * t=0: A's FIFO queue X, Z: X is guaranteed (0 + 1 <= 1), Z beyond the quota runs
      opportunistically on a free GPU.
    * t=50: Y (beyond A's quota) takes the last GPU opportunistically.
    * t=100: C1 is guaranteed (C uses 0 of 1) but no GPU is free: HiveD preempts an
      opportunistic job, other tenants' first (both are A's), then the most recently started:
      Y (started 50; the lower-id tie-break alone would pick Z). C1 runs [100, 200).
    * t=200: Y resumes opportunistically with 950 s left: [200, 1150).
    """
    inst = hand_instance(
        [("X", "A", 0, 1, 1000), ("Y", "A", 50, 1, 1000), ("Z", "A", 0, 1, 1000),
         ("C1", "C", 100, 1, 100)],
        tenants=(("A", 1), ("B", 1), ("C", 1)), gpn=3)
    sol = simulate(inst, "hived")
    assert sol["completion"] == {"X": 1000.0, "Y": 1150.0, "Z": 1000.0, "C1": 200.0}
    assert runs(sol, "Y") == [(50.0, 100.0, "preempt"), (200.0, 1150.0, "complete")]
    assert sol["preemptions"] == 1
