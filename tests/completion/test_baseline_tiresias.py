"""Tiresias (notes §5): its own discretised 2D-LAS next to the clairvoyant variant (issue 18).
Expected values are worked by hand from the rules (comments)."""

# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses

import dlsched as ds
from dlsched.completion.generate import single_machine_dict
from dlsched.completion.instance import parse

from .hand import job, one_server, runs, servers


def _two_jobs() -> ds.core.Instance:
    # one server with one GPU, 1-GPU workers, D = E = K = 1: job A (arrival 1, 10 slots),
    # job B (arrival 2, 1 slot); weights 1.
    d = single_machine_dict(n=2, seed=0)
    for rec, (a, p) in zip(d["jobs"], ((1, 10.0), (2, 1.0)), strict=True):
        rec["arrival"], rec["minibatch_time"], rec["weight"] = a, {"m1": p}, 1
    d["horizon"] = 20
    return parse(d)


def test_tiresias_default_is_attained_service_not_remaining_time() -> None:
    inst = dataclasses.replace(_two_jobs(), preemption=True)
    # 2D-LAS, threshold 8 GPU-slots: at t = 2 A has 1 GPU-slot < 8, both in the first queue,
    # FIFO keeps A for slots 1..8; at t = 9 A has 8 GPU-slots and drops to the second queue, so
    # B runs slot 9 (C_B = 10); A resumes at 10, stalls one slot, runs 11, 12: C_A = 13 -> 23.
    las = ds.run(inst, "tiresias")
    ends = {n: p["start"] + p["duration"] for n, p in las.solution["jobs"].items()}
    assert ends == {"j1": 13, "j2": 10} and las.objective == 23
    # clairvoyant (remaining time x GPUs): at t = 2 B's 1 < A's 9, B preempts A: B completes at
    # 3; A resumes at slot 3, stalls one slot (resume_penalty 1), runs 9 slots 4..12 -> 13: 16.
    assert ds.run(inst, "tiresias", clairvoyant=True).objective == 16
    # LAS with threshold 1: A (1 GPU-slot attained) drops to the second queue at t = 2, so B
    # goes first as under the clairvoyant rule: 16; with a 3-slot restart A ends at 15: 18.
    assert ds.run(inst, "tiresias", threshold=1.0).objective == 16
    res = ds.run(inst, "tiresias", threshold=1.0, resume_penalty=3)
    assert res.objective == 18
    assert ds.check(inst, res) == []
    # where preemption is forbidden (the default) A keeps its GPU for its 10 slots of work
    # (C_A = 11) and B, which waits, runs slot 11 (C_B = 12): 23, valid there
    plain = ds.run(_two_jobs(), "tiresias", threshold=1.0)
    assert ds.check(_two_jobs(), plain) == [] and plain.stats["preempted_jobs"] == 0
    ends = {n: p["start"] + p["duration"] for n, p in plain.solution["jobs"].items()}
    assert ends == {"j1": 11, "j2": 12} and plain.objective == 23


def test_fifo_inside_a_queue_with_greedy_backfill_and_weights_ignored() -> None:
    """One 2-GPU server. A (a = 1, 1 worker, 5 slots), B (a = 2, ideal N = 2: 2 GPUs, 2 slots),
    C (a = 3, weight 5, 1 worker, 2 slots). Attained service stays below the 8 GPU-slot
    threshold, so all are in the first queue, served by (arrival, index): at t = 2 and 3, A
    keeps its GPU and B (2 GPUs) does not fit in the 1 left; at t = 3 C is backfilled into it
    (slots 3-4, C = 5). A ends at 6; B runs slots 6-7 (C = 8). Objective 6 + 8 + 5 x 5 = 39;
    the weight does not move C ahead of B."""
    inst = one_server([job("A", v=5.0), job("B", a=2, chunks=2, v=2.0),
                       job("C", a=3, w=5, v=2.0)], {"gpu": 2})
    res = ds.run(inst, "tiresias")
    assert runs(res.solution) == {"A": (1, 6, 1), "B": (6, 8, 2), "C": (3, 5, 1)}
    assert res.objective == 39 and ds.check(inst, res) == []


def test_a_running_job_keeps_its_server_when_it_still_fits() -> None:
    """Two 1-GPU servers h1, h2; X (a = 1, 1 slot) and A (a = 1, 3 slots). Slot 1, by (queue,
    arrival, index): X first fit on h1, A on h2. Slot 2: X is done; A comes first and its
    placement on h2 still fits the (now empty) cluster, so it stays there, exactly filling h2,
    instead of moving to the first-fit server h1. No migration: A runs slots 1-3 (C = 4) in one
    segment, and a migration cost (``rescale_penalty=1``) is never paid: objective 2 + 4 = 6."""
    inst = servers([job("X", v=1.0), job("A", v=3.0)], [{"gpu": 1}, {"gpu": 1}])
    res = ds.run(inst, "tiresias", rescale_penalty=1)
    assert runs(res.solution) == {"X": (1, 2, 1), "A": (1, 4, 1)}
    assert res.solution["jobs"]["A"]["workers"] == {"h2": 1}
    assert "segments" not in res.solution["jobs"]["A"]
    assert res.objective == 6 and ds.check(inst, res) == []


def test_clairvoyant_remaining_time_counts_the_ring_update() -> None:
    """One 2-GPU server, ``clairvoyant=True``, both jobs arrive at slot 1. P: D = 4, v = 1,
    ring update time U = 1: theta(N) = v + (N - 1)/N U, so N = 1 takes 4 slots and N = 2
    (theta 1.5) ceil(4 x 1.5 / 2) = 3: ideal N = 2 (2 GPUs). Q: 1 worker, v = 5 (5 slots).
    Priorities (remaining mini-batches x theta / N x GPUs): P 4 x 1.5 / 2 x 2 = 6, Q 1 x 5 x 1
    = 5: Q first (slots 1-5, C = 6); P needs both GPUs and waits: slots 6-8, C = 9. Objective
    15. (Ignoring the update, P's 4 x 1 / 2 x 2 = 4 would go first: 4 + 9 = 13.)"""
    p = job("P", chunks=4, v=1.0)
    p["update_time"] = 1.0
    inst = one_server([p, job("Q", v=5.0)], {"gpu": 2})
    res = ds.run(inst, "tiresias", clairvoyant=True)
    assert runs(res.solution) == {"P": (6, 9, 2), "Q": (1, 6, 1)}
    assert res.objective == 15 and ds.check(inst, res) == []
