"""Gandiva_fair (``baselines/gandiva_fair.py``, notes §6.6): split stride scheduling without
trading. Tenant tickets = weight, split equally among its active jobs; a new job starts at the
minimum pass of the active jobs; each quantum (= lease) jobs go by increasing pass (ties: lower
id), skipping those that do not fit; a job placed for a quantum adds g x quantum / tickets."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from dlsched.ltgf.support.simulate import simulate

from .hand import hand_instance, runs


def test_stride_with_weights_and_new_job_pass_by_hand():
    """1 GPU, lease = quantum = 100 s, tick 10. Tenants A (weight 1), B (weight 3).
    Jobs (index order): A1 (A, 0 s, 300 s), B1 (B, 0 s, 300 s), A2 (A, submitted 250, 100 s).

    * t=0: passes A1 0, B1 0 (the minimum active pass is 0): tie -> A1 (lower id) runs;
      A1 += 100/1 = 100.
    * t=100: B1 0 < A1 100 -> B1 runs (A1 preempted, 200 s left); B1 += 100/3 = 33.3.
    * t=200: B1 33.3 < 100 -> renewed, B1 = 66.7.
    * t=250: A2 arrives with pass = min active pass = 66.7 (A now has 2 active jobs: tickets 1/2).
    * t=300: B1 66.7 = A2 66.7 < A1 100: tie -> B1 (id 1 < 2) renewed, B1 = 100; it ends at 400.
    * t=400: A2 66.7 < A1 100 -> A2 runs [400, 500) (A2 += 100/(1/2) = 200).
    * t=500: A1 runs its last 200 s: [500, 700).
    """
    inst = hand_instance(
        [("A1", "A", 0, 1, 300), ("B1", "B", 0, 1, 300), ("A2", "A", 250, 1, 100)],
        tenants=(("A", 1), ("B", 3)), lease=100)
    sol = simulate(inst, "gandiva-fair")
    assert sol["completion"] == {"A1": 700.0, "B1": 400.0, "A2": 500.0}
    assert runs(sol, "A1") == [(0.0, 100.0, "preempt"), (500.0, 700.0, "complete")]
    assert runs(sol, "B1")[0][0] == 100.0


def test_a_job_that_does_not_fit_is_skipped_by_hand():
    """1 node x 2 GPUs, lease 100, one tenant. J1 (2 GPUs, 100 s) and J2, J3 (1 GPU, 200 s) at 0:
    passes tie at 0 -> J1 runs [0, 100) (pass 2 x 100 / (1/3) = 600). t=100: J2, J3 (pass 0)
    run; J2 += 300, J3 += 300. t=200: J2, J3 renewed (300 < 600) and end at 300. The stride
    order never lets J1 block: at t=0 J2 and J3 do not fit beside it and are skipped."""
    inst = hand_instance(
        [("J1", "A", 0, 2, 100), ("J2", "A", 0, 1, 200), ("J3", "A", 0, 1, 200)],
        gpn=2, lease=100)
    sol = simulate(inst, "gandiva-fair")
    assert sol["completion"] == {"J1": 100.0, "J2": 300.0, "J3": 300.0}


def test_tickets_are_split_among_the_tenants_active_jobs_by_hand():
    """1 GPU, lease = quantum = 100 s. Tenants A and B of weight 1. A1 (A, 200 s), A2 (A, 100 s),
    B1 (B, 200 s), all at 0. A has two active jobs: tickets 1/2 each, so a quantum adds 200 to
    an A job's pass and 100 to B1's.

    * t=0: passes 0, 0, 0 -> A1 [0, 100), A1 = 200.
    * t=100: A2 (0) -> [100, 200), A2 = 200; A2 ends at 200 (A1 now A's only active job).
    * t=200: B1 (0) < A1 (200) -> B1 [200, ...), B1 = 100.
    * t=300: B1 100 < A1 200 -> renewed, B1 = 200; B1 ends at 400.
    * t=400: A1 [400, 500).
    (Unsplit tickets would give A1 = 100 at t=0 and hand t=300 to A1 on the id tie.)
    """
    inst = hand_instance(
        [("A1", "A", 0, 1, 200), ("A2", "A", 0, 1, 100), ("B1", "B", 0, 1, 200)],
        tenants=(("A", 1), ("B", 1)), lease=100)
    sol = simulate(inst, "gandiva-fair")
    assert sol["completion"] == {"A1": 500.0, "A2": 200.0, "B1": 400.0}
