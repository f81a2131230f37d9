"""Jain et al.'s max-weight batch greedy for problem (7) (GreedyRTL reconstruction, notes §5):
jobs by w_j / (area x d) of their smallest-footprint configuration, descending (ties by index);
each job takes its configurations by increasing footprint and the latest start t with
t + d <= tau that fits; a job that fits nowhere is left out. The objective is the accepted
weight. Expected schedules are worked by hand from that rule (docstring). It is a routine of (7),
not a registered completion algorithm: ``dlsched.completion.batch`` holds it with its validator
``check_batch``."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds
from dlsched.completion.batch import check_batch, jain_greedy

from .hand import job, one_server, runs


def test_heaviest_per_footprint_first_latest_fit_by_the_deadline() -> None:
    """One 1-GPU server, tau = 4 (slots 1-3 usable). j1 (w 1, 2 slots), j2 (w 3, 2 slots),
    j3 (w 1, 1 slot); area 1 GPU / 1 GPU = 1 each, so keys w / d: j1 1/2, j2 3/2, j3 1. Order
    j2, j3, j1. j2 at the latest start t = tau - 2 = 2 (slots 2-3); j3 latest free start: slot 3
    taken, slot 2 taken -> t = 1; j1 needs two free slots by slot 3: none, left out. Accepted
    weight 3 + 1 = 4."""
    inst = one_server([job("j1", w=1, v=2.0), job("j2", w=3, v=2.0), job("j3", w=1, v=1.0)],
                      {"gpu": 1})
    res = jain_greedy(inst, tau=4)
    assert runs(res.solution) == {"j2": (2, 4, 1), "j3": (1, 2, 1)}
    assert res.objective == 4 and res.solution["deadline"] == 4
    assert check_batch(inst, res.solution, 4) == []


def test_area_weighs_each_resource_by_the_cluster_total() -> None:
    """One server: 2 GPUs, 0.5 memory units, 0 CPUs (a resource nobody needs). Type a: 1 GPU +
    0.4 mem; type b: 2 GPUs + 0.1 mem. j1 on a, j2 on b, both w 1, 1 slot, tau = 2 (slot 1
    only). Area = sum_r load_r / total_r over resources with capacity (CPU: 0 / 1):
    j1 1/2 + 0.4/0.5 = 1.3, j2 2/2 + 0.1/0.5 = 1.2, so j2 (key 1/1.2) goes before j1 (1/1.3) and
    takes both GPUs in slot 1; j1 is left out. (Mem unscaled, 1 / 1 for every resource or one
    total over all resources would put j1 first.)"""
    types = [{"name": "a", "demand": {"gpu": 1, "mem": 0.4}, "bandwidth": 1.0},
             {"name": "b", "demand": {"gpu": 2, "mem": 0.1}, "bandwidth": 1.0}]
    inst = one_server([job("j1", types=("a",)), job("j2", types=("b",))],
                      {"gpu": 2, "mem": 0.5, "cpu": 0}, types)
    res = jain_greedy(inst, tau=2)
    assert runs(res.solution) == {"j2": (1, 2, 1)}
    assert res.objective == 1 and check_batch(inst, res.solution, 2) == []


def _area_vs_duration(architecture: str):
    """One server, 2 GPUs (+ 1 CPU for the PS). j1 (w 1.2): 1 worker of 1 GPU, 2 slots; j2 (w 1):
    1 worker of 2 GPUs, 1 slot. With ``ps`` every job also has one PS taking the only CPU."""
    types = [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0},
             {"name": "m2", "demand": {"gpu": 2}, "bandwidth": 1.0}]
    data = {"problem": "completion", "schema_version": 1, "name": "hand",
            "architecture": architecture, "horizon": 10, "slot_seconds": 1.0,
            "servers": [{"name": "h1", "capacity": {"gpu": 2, "cpu": 1}}],
            "worker_types": types,
            "jobs": [job("j1", w=1.2, v=2.0, types=("m1",)), job("j2", v=1.0, types=("m2",))]}
    if architecture == "ps":
        data["ps_types"] = [{"name": "p1", "demand": {"cpu": 1}, "bandwidth": 1.0}]
        for j in data["jobs"]:
            j["update_time"] = {"p1": 0.0}
    return ds.PROBLEMS.get("completion").parse(data)


def test_ring_jobs_area_is_the_workers_only() -> None:
    """Ring (no PS): areas j1 1/2 (x d 2 = 1), j2 2/2 = 1 (x d 1 = 1): keys 1.2 / 1 and 1 / 1:
    j1 first, at its latest start t = tau - 2 = 1 (slots 1-2, tau = 3); j2 then needs both GPUs
    in slot 1 or 2: one is taken in each -> left out. Accepted weight 1.2."""
    inst = _area_vs_duration("ring")
    res = jain_greedy(inst, tau=3)
    assert runs(res.solution) == {"j1": (1, 3, 1)}
    assert res.objective == 1.2 and check_batch(inst, res.solution, 3) == []


def test_ps_demand_counts_in_the_area() -> None:
    """PS: each job's area adds its PS, 1 CPU of 1: j1 (1/2 + 1) x 2 = 3, j2 (1 + 1) x 1 = 2;
    keys 1.2 / 3 = 0.4 < 1 / 2 = 0.5: j2 first, at t = tau - 1 = 2; j1 (slots 1-2) would share
    slot 2's only CPU -> left out. Accepted weight 1 (without the PS in the area j1 would go
    first and win 1.2)."""
    inst = _area_vs_duration("ps")
    res = jain_greedy(inst, tau=3)
    assert runs(res.solution) == {"j2": (2, 3, 1)}
    assert res.objective == 1 and check_batch(inst, res.solution, 3) == []


def test_not_a_completion_algorithm_and_its_schedule_is_not_a_completion_schedule() -> None:
    """(7) leaves jobs out: the completion validator (every job, sum w C) rejects the batch
    schedule whatever its ``deadline`` / ``accepted_weight`` keys say, and the completion
    registry does not list the routine."""
    inst = one_server([job("j1", w=1, v=2.0), job("j2", w=3, v=2.0), job("j3", w=1, v=1.0)],
                      {"gpu": 1})
    res = jain_greedy(inst, tau=4)
    assert res.solution["deadline"] == 4 and res.solution["accepted_weight"] == 4
    assert ds.check(inst, res.solution) == ["jobs.j1: not scheduled"]
    assert "jain-greedy" not in dict(ds.ALGORITHMS.items("completion"))
    # its own validator reads the deadline from the caller: tau = 3 makes j2 (slots 2-3) late
    assert check_batch(inst, res.solution, 3) == ["jobs.j2: completes at 4 > deadline 3 (7b)"]
