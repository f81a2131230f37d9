"""AlloX (``baselines/allox.py``, notes §6.3)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from dlsched.ltgf.support.simulate import simulate

from .hand import hand_instance


def test_allox_fill_by_hand():
    # 8 GPUs; tenants A, B (quota 4 each). t=0: A1 (4 GPUs, 1000 s) and B1 (4 GPUs, 100 s).
    # AlloX alpha 0.5: ceil(0.5 * 2) = 1 eligible tenant, the least served (0/0 tie -> A).
    # Old rule: only A1 is tried; 4 GPUs stay idle at t=0 while B1 fits. With fill, B1 takes
    # them: B1 runs [0, 100).
    inst = hand_instance(
        [("A1", "A", 0, 4, 1000), ("B1", "B", 0, 4, 100)],
        tenants=(("A", 1), ("B", 1)), gpn=8)
    old = simulate(inst, "allox", fill=False)["completion"]
    new = simulate(inst, "allox")["completion"]
    # old: B1 starts only once B is the least-served tenant at a later decision
    assert new["B1"] == 100.0 and old["B1"] > 100.0


def test_least_served_tenant_then_shortest_job_first_by_hand():
    """1 GPU, lease 10000 s, tenants A and B (quota 0.5 GPU each), alpha 0.5: ceil(0.5 x 2) = 1
    eligible tenant per decision. Jobs at 0: A1 (300 s), A2 (100 s), B1 (200 s).

    * t=0: progress (16) 0/0 = 0 for both: tie -> A (lower id). Shortest first among A's
      jobs: A2 [0, 100).
    * t=100: A's progress 100 / (0.5 x 100) = 2, B's 0 / 50 = 0: B is the least served ->
      B1 [100, 300), although the shorter-queued A1 waits since A is not eligible.
    * t=300: A1 [300, 600). Non-preemptive: every job runs in one segment.
    """
    inst = hand_instance(
        [("A1", "A", 0, 1, 300), ("A2", "A", 0, 1, 100), ("B1", "B", 0, 1, 200)],
        tenants=(("A", 1), ("B", 1)), lease=10000)
    sol = simulate(inst, "allox")
    assert sol["completion"] == {"A1": 600.0, "A2": 100.0, "B1": 300.0}
    assert sol["preemptions"] == 0


def test_eligible_tenants_are_rounded_up_by_hand():
    """1 node x 2 GPUs, tenants A, B, C, alpha 0.5, no fill: ceil(0.5 x 3) = 2 eligible tenants.
    At 0 all progress ratios are 0: the two lowest ids, A and B, run [0, 100); C1 waits for a
    GPU until 100 and ends at 200."""
    inst = hand_instance(
        [("A1", "A", 0, 1, 100), ("B1", "B", 0, 1, 100), ("C1", "C", 0, 1, 100)],
        tenants=(("A", 1), ("B", 1), ("C", 1)), gpn=2, lease=10000)
    sol = simulate(inst, "allox", fill=False)
    assert sol["completion"] == {"A1": 100.0, "B1": 100.0, "C1": 200.0}
