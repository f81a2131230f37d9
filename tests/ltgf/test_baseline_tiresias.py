"""Tiresias-L (``baselines/tiresias.py``, notes §6.4): discretised 2D-LAS. Attained service =
GPUs x executed seconds; queue = number of thresholds (threshold x 2^q GPU-s) reached; FIFO
(submission, id) inside a queue; preemptive at lease ends; a pending job that waited >= STARVE x
its last run is promoted to the top queue (until it runs again)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from dlsched.ltgf.support.simulate import simulate

from .hand import hand_instance, runs


def test_threshold_is_reached_at_equality_by_hand():
    """1 GPU, lease 100, tick 10, K = 2 queues, threshold 200 GPU-s. J1 (0 s, 400 s), J2 (50 s,
    100 s). t=100: J1 attained 100 < 200 -> queue 0 as J2; FIFO -> J1 renewed. t=200: J1
    attained exactly 200 >= 200 -> queue 1; J2 queue 0 runs [200, 300) and J1 is preempted
    (200 s left). t=300: J1 runs [300, 500)."""
    inst = hand_instance([("J1", "A", 0, 1, 400), ("J2", "A", 50, 1, 100)], lease=100)
    sol = simulate(inst, "tiresias-l", queues=2, threshold_gpu_s=200.0)
    assert sol["completion"] == {"J1": 500.0, "J2": 300.0}
    assert runs(sol, "J1") == [(0.0, 200.0, "preempt"), (300.0, 500.0, "complete")]


def test_starvation_guard_by_hand():
    """1 GPU, lease 100, tick 10, K = 2, threshold 100 GPU-s, STARVE = 1. X (0 s, 1000 s),
    Y (10 s, 100 s), Z (150 s, 100 s).

    * t=100: X attained 100 -> queue 1; Y queue 0 runs [100, 200); X preempted (last run 100).
    * t=150: X waited 50 < 1 x 100: not starving; no GPU free.
    * t=200: Y done. X waited 100 >= 100: promoted to queue 0, beside Z; FIFO -> X [200, 300).
      (Without the guard Z, the only queue-0 job, would run first and end at 300.)
    * t=300: X attained 200 -> queue 1 (the promotion ends once it ran); Z queue 0 runs
      [300, 400); X preempted with 800 s left.
    * t=400: X [400, 1200).
    """
    inst = hand_instance([("X", "A", 0, 1, 1000), ("Y", "A", 10, 1, 100),
                          ("Z", "A", 150, 1, 100)], lease=100)
    sol = simulate(inst, "tiresias-l", queues=2, threshold_gpu_s=100.0, starve=1.0)
    assert sol["completion"] == {"X": 1200.0, "Y": 200.0, "Z": 400.0}
    assert runs(sol, "X") == [(0.0, 100.0, "preempt"), (200.0, 300.0, "preempt"),
                              (400.0, 1200.0, "complete")]


def test_queue_thresholds_double_from_queue_to_queue_by_hand():
    """1 GPU, lease 100, K = 3 queues, threshold 100 GPU-s: queue q starts at 100 x 2^(q-1),
    i.e. 100 and 200 GPU-s; no starvation guard (STARVE = 100). A and B (400 s each) at 0.
    * t=0: both queue 0, FIFO -> A [0, 100) (attained 100 -> queue 1).
    * t=100: B (queue 0) [100, 200) (-> queue 1).
    * t=200: both queue 1 -> A [200, 300): attained 200 -> queue 2.
    * t=300: B (queue 1, 100) before A (queue 2) -> B [300, 400) (-> 200, queue 2).
    * t=400, 500: both queue 2, FIFO -> A [400, 600) ends; B [600, 800).
    (Thresholds 100 and 300 would keep A in queue 1 at t=300 and end it at 700.)"""
    inst = hand_instance([("A", "A", 0, 1, 400), ("B", "A", 0, 1, 400)], lease=100)
    sol = simulate(inst, "tiresias-l", queues=3, threshold_gpu_s=100.0, starve=100.0)
    assert sol["completion"] == {"A": 600.0, "B": 800.0}
