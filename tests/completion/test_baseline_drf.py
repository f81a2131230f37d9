"""DRF (Ghodsi et al., NSDI 2011; notes §5): at admission, progressive filling gives one worker
at a time to the job with the smallest dominant share (max over resources of its load / the
cluster's capacity), ties by arrival then index, until no job can take another worker (or has
N = D_j); the allocation is kept until the job completes. Expected schedules are worked by hand
from that rule (docstrings), not taken from the code."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds

from .hand import job, one_server, preemptive, runs, servers

WORKERS = [{"name": "m1", "demand": {"gpu": 1, "cpu": 1}, "bandwidth": 1.0},
           {"name": "m2", "demand": {"gpu": 1, "cpu": 2}, "bandwidth": 1.0}]


def test_progressive_filling_by_dominant_share_with_index_tie_break() -> None:
    """One server: 10 GPUs, 6 CPUs. j1 runs on m1 workers (1 GPU, 1 CPU: dominant share 1/6 per
    worker), j2 on m2 workers (1 GPU, 2 CPUs: 1/3 per worker); both D = 4, v = 1 (4 mini-batches:
    ceil(4 / N) slots), arrival 1. Filling (shares in sixths): j1 1 (1), j2 1 (2), j1 2 (2);
    tie j1 = j2 = 2/6 -> j1 by index: j1 3 (3, CPUs 3 + 2 = 5); j2 2 would need CPUs 3 + 4 = 7 > 6:
    j2 is saturated; j1 4 (CPUs 6); j1 5 > D. So j1 runs 4 workers for 1 slot (C = 2), j2 one
    worker for 4 slots (C = 5): objective 7. With the tie to j2 it would be 2 + 2 workers
    (C = 3, 3)."""
    inst = one_server([job("j1", chunks=4, types=("m1",)), job("j2", chunks=4, types=("m2",))],
                      {"gpu": 10, "cpu": 6}, WORKERS)
    res = ds.run(inst, "drf")
    assert runs(res.solution) == {"j1": (1, 2, 4), "j2": (1, 5, 1)}
    assert res.objective == 7 and ds.check(inst, res) == []


def test_allocation_is_kept_until_completion() -> None:
    """Non-preemptive DRF on one 2-GPU server: A (a = 1, D = 2, v = 4: 8 mini-batches) takes
    both GPUs at slot 1 (4 slots: C = 5). B (a = 2, D = 2, v = 1) arrives at slot 2 with dominant
    share 0 but nothing is taken back from A; B fills both GPUs at slot 5 (1 slot: C = 6)."""
    inst = one_server([job("A", chunks=2, v=4.0), job("B", a=2, chunks=2, v=1.0)], {"gpu": 2})
    res = ds.run(inst, "drf")
    assert runs(res.solution) == {"A": (1, 5, 2), "B": (5, 6, 2)}
    assert "segments" not in res.solution["jobs"]["A"]


def test_elastic_variant_refills_every_slot() -> None:
    """``elastic=True`` on the same pair: slot 1 A alone takes both GPUs (progress 2 x 1/4 of
    its 2 mini-batches: 0.5). At slot 2 the filling restarts from zero over A and B: A 1 worker
    (share 1/2), B 1 worker (share 1/2), then the tie goes to A (earlier arrival) but no GPU is
    left. B runs slots 2-3 at rate 1 (C = 4); A runs 1 worker (rate 1/4) in slots 2-3 (1.0 done)
    and both GPUs again from slot 4 (rate 1/2): done after slot 5, C = 6; objective 10, with three
    segments for A (2, 1, 2 workers). With ``rescale_penalty=1`` each of A's two resizes (slots 2
    and 4) costs a slot without progress: 0.5 after slot 1, 0.75 after slot 3, then 0.5 per slot
    from slot 5: 2.0 after slot 7, C_A = 8; objective 12."""
    inst = one_server([job("A", chunks=2, v=4.0), job("B", a=2, chunks=2, v=1.0)], {"gpu": 2})
    res = ds.run(preemptive(inst), "drf", elastic=True)
    assert runs(res.solution) == {"A": (1, 6, 2), "B": (2, 4, 1)} and res.objective == 10
    segs = res.solution["jobs"]["A"]["segments"]
    assert [(s["start"], s["end"], s["workers"]) for s in segs] == [
        (1, 2, {"h1": 2}), (2, 4, {"h1": 1}), (4, 6, {"h1": 2})]
    assert ds.check(preemptive(inst), res) == []
    # the hand instance is non-preemptive (the default): A's three runs are rejected there,
    # and run there the baseline keeps A's first placement (2 workers, rate 1/2) to the end:
    # A runs slots 1-4 (C = 5); B waits, then takes both GPUs at slot 5 (C = 6): 11
    assert ds.check(inst, res) == [
        "jobs.A: preempted (3 segments) but the instance is non-preemptive (a pause or a "
        "resize starts a new segment)"]
    plain = ds.run(inst, "drf", elastic=True)
    assert ds.check(inst, plain) == [] and plain.stats["preempted_jobs"] == 0
    assert runs(plain.solution) == {"A": (1, 5, 2), "B": (5, 6, 2)} and plain.objective == 11
    assert ds.run(preemptive(inst), "drf", elastic=True, rescale_penalty=1).objective == 12


def test_filling_across_servers_stops_when_no_server_has_room() -> None:
    """Two 1-GPU servers h1, h2; j1 (D = 2, v = 1: 2 mini-batches) and j2 (D = 1, v = 1), both
    arriving at slot 1. Filling: tie at share 0 -> j1 by index: 1 worker on h1 (first fit, share
    1/2); j2 (share 0): 1 worker on h2; tie at 1/2 -> j1 asks for a 2nd worker: both GPUs are
    taken (no server has one left, spread or not) -> saturated; j2 is at D. So j1 runs 1
    worker for 2 slots (C = 3), j2 1 slot (C = 2): objective 5. (Giving j1 both GPUs first would
    make it C = 2 and j2 C = 3.)"""
    inst = servers([job("j1", chunks=2), job("j2")], [{"gpu": 1}, {"gpu": 1}])
    res = ds.run(inst, "drf")
    assert runs(res.solution) == {"j1": (1, 3, 1), "j2": (1, 2, 1)}
    assert res.solution["jobs"]["j1"]["workers"] == {"h1": 1}
    assert res.solution["jobs"]["j2"]["workers"] == {"h2": 1}
    assert res.objective == 5 and ds.check(inst, res) == []
