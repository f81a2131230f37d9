"""FIFO (notes §5): the worker-count variants. Expected values are worked by hand from the
rule (comments)."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds
from dlsched.completion.generate import single_machine_dict
from dlsched.completion.instance import parse

from .hand import job, one_server, runs


def test_fifo_ideal_workers_variant() -> None:
    # one server with 30 GPUs, 1-GPU workers, one ring job with D = 30, E = K = 1, v = 1 and no
    # communication: theta = 1, d(N) = ceil(30 / N). The ideal configuration is N = 30 (d = 1),
    # so workers="ideal" starts it in slot 1 and completes it at 2 (weight 3: objective 6).
    d = single_machine_dict(n=1, seed=0)
    d["servers"][0]["capacity"] = {"gpu": 30, "bandwidth": 30.0}
    d["jobs"][0].update(chunks=30, weight=3, minibatch_time={"m1": 1.0})
    inst = parse(d)
    res = ds.run(inst, "fifo", workers="ideal")
    assert res.objective == 6 and ds.check(inst, res) == []
    assert res.solution["jobs"]["j1"]["workers"] == {"h1": 30}


def test_head_of_line_blocking_in_arrival_then_index_order() -> None:
    """One 2-GPU server, ``workers="ideal"``, all arrive at slot 1. A (1 worker, 3 slots),
    B (ideal N = 2: both GPUs, 2 slots), C (1 worker, 1 slot). Slot 1: A starts; B does not fit
    the one idle GPU and blocks the queue, so C waits although it fits. A ends at 4, B runs slots
    4-5 (C = 6), then C slot 6 (C = 7): objective 4 + 6 + 7 = 17."""
    inst = one_server([job("A", v=3.0), job("B", chunks=2, v=2.0), job("C", v=1.0)],
                      {"gpu": 2})
    res = ds.run(inst, "fifo", workers="ideal")
    assert runs(res.solution) == {"A": (1, 4, 1), "B": (4, 6, 2), "C": (6, 7, 1)}
    assert res.objective == 17 and ds.check(inst, res) == []


def test_a_draw_the_cluster_cannot_host_shrinks_to_one_worker() -> None:
    """One 1-GPU server, one job with D = 5, v = 1 (5 mini-batches). FIFO draws N = min(U{1..30},
    5) workers, but only N = 1 fits the cluster, so whatever the seed's draw the job runs with
    N' = 1 (the largest count that fits the empty cluster): slots 1-5, C = 6. Without the
    shrinking a draw >= 2 would never start."""
    inst = one_server([job("A", chunks=5)], {"gpu": 1})
    for seed in range(4):
        res = ds.run(inst, "fifo", seed=seed)
        assert runs(res.solution) == {"A": (1, 6, 1)} and res.objective == 6
