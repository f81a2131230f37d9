"""Issue 18 (completion): restart and rescale costs honoured by the slotted engine, Tiresias's
own 2D-LAS next to the clairvoyant variant, the two readings of the §7 capacity rule, and the
tie rule of A_online. Expected values are worked by hand from the rules (comments)."""

# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion.generate import generate, resize_servers, single_machine_dict
from dlsched.completion.instance import parse
from dlsched.completion.paper import golden
from dlsched.sim import Placement, SimJob, run_policy

CAP = np.array([[1.0]])


def _pl(server: int = 0) -> Placement:
    return Placement(np.array([[1.0]]), 1.0,
                     {server: 1}, {}, {"where": server})


def _run(work: float, schedule, **kw) -> SimJob:
    """One job of ``work`` units at rate 1; ``schedule(t)`` -> placement or None (paused)."""
    def policy(t, st):
        pl = schedule(t)
        return {} if pl is None or st.jobs[0].done else {0: pl}

    return run_policy([SimJob(0, 1, work)], CAP, policy, max_slots=100, **kw)[0]


@pytest.mark.parametrize(("penalty", "completion"), [(0, 6), (1, 7), (3, 9)])
def test_resume_penalty_stalls_that_many_slots(penalty: int, completion: int) -> None:
    # work 4, rate 1: slot 1 runs (progress 1), slot 2 paused, resumed from slot 3.
    # The resume stalls `penalty` slots (3..2+penalty), then 3 slots of progress:
    # completion = end of slot 5 + penalty = 6 + penalty. Before the fix 3 acted like 1 (7).
    job = _run(4.0, lambda t: None if t == 2 else _pl(), resume_penalty=penalty)
    assert job.completion == completion
    assert sum(s["stall"] for s in job.segments) == penalty


@pytest.mark.parametrize(("penalty", "completion"), [(0, 4), (2, 6)])
def test_reconfigure_penalty_charges_a_change_of_placement(penalty: int, completion: int) -> None:
    # work 3: slot 1 on placement A, from slot 2 on placement B without a pause. A rescale
    # stalls `penalty` slots (2..1+penalty), then 2 more units: completion 4 + penalty.
    job = _run(3.0, lambda t: _pl() if t == 1 else Placement(np.array([[1.0]]), 1.0, {0: 1}, {},
                                                              {"where": "B"}),
               reconfigure_penalty=penalty)
    assert job.completion == completion


def _two_jobs() -> ds.core.Instance:
    # one server with one GPU, 1-GPU workers, D = E = K = 1: job A (arrival 1, 10 slots),
    # job B (arrival 2, 1 slot); weights 1.
    d = single_machine_dict(n=2, seed=0)
    for job, (a, p) in zip(d["jobs"], ((1, 10.0), (2, 1.0)), strict=True):
        job["arrival"], job["minibatch_time"], job["weight"] = a, {"m1": p}, 1
    d["horizon"] = 20
    return parse(d)


def test_tiresias_default_is_attained_service_not_remaining_time() -> None:
    inst = _two_jobs()
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


def test_area_capacity_reading_by_hand() -> None:
    # one ring job: one worker type (1 GPU, 2 vCPU, 1 Gbps), D = 4, E = 2, K = 3, v = 0.5,
    # U = 0, pi = 0, so theta = 0.5 and the ideal (full-width) run takes E K theta = 3 slots.
    # Ideal per-slot demand 4 x (1, 2, 1) = (4, 8, 4); resource-time (12, 24, 12); over T = 6:
    # (2, 4, 2). kappa = 0.5 -> footprint reading (2, 4, 2), area reading (1, 2, 1).
    d = {"problem": "completion", "schema_version": 1, "name": "area", "architecture": "ring",
         "horizon": 6, "slot_seconds": 3600.0, "servers": [{"name": "h1", "capacity": {
             "gpu": 9, "cpu": 9, "bandwidth": 9.0}}],
         "worker_types": [{"name": "m1", "demand": {"gpu": 1, "cpu": 2}, "bandwidth": 1.0}],
         "jobs": [{"name": "j1", "arrival": 1, "weight": 1, "epochs": 2, "chunks": 4,
                   "minibatches_per_chunk": 3, "minibatch_time": {"m1": 0.5},
                   "update_time": 0.0, "gradient_size": 0.0}]}
    foot = resize_servers(d, 0.5, "footprint")["servers"][0]["capacity"]
    area = resize_servers(d, 0.5, "area")["servers"][0]["capacity"]
    assert (foot["gpu"], foot["cpu"], foot["bandwidth"]) == (2, 4, 2)
    assert (area["gpu"], area["cpu"], area["bandwidth"]) == (1, 2, 1)
    assert d["servers"][0]["capacity"]["gpu"] == 9  # the input is not changed


def test_generator_capacity_basis_option() -> None:
    foot = generate(n_jobs=6, n_servers=3, horizon=60, seed=1)
    area = generate(n_jobs=6, n_servers=3, horizon=60, seed=1, capacity_basis="area")
    assert area.provenance["capacity_basis"] == "area"
    # resource-time / T <= per-slot demand x (T/2) / T (generator guard): area <= footprint
    assert np.all(area.capacity.sum(axis=0) <= foot.capacity.sum(axis=0) + 1e-9)
    with pytest.raises(ds.core.InputError):
        generate(n_jobs=2, n_servers=1, seed=0, capacity_basis="volume")


def test_tie_rule_default_and_loop_order_variant() -> None:
    inst = generate(n_jobs=8, n_servers=4, horizon=60, seed=2, architecture="ps")
    default = ds.run(inst, "a-online")
    assert default.objective == ds.run(inst, "a-online", tie="earliest").objective
    loop = ds.run(inst, "a-online", tie="loop-order")
    assert loop.objective == ds.run(inst, "a-online", tie="faithful").objective
    # S8 (notes §6) holds under both tie rules: B in slot 8, A in slot 16 at alpha = 4
    for tie in ("earliest", "loop-order"):
        assert ds.run(golden("s3"), "a-online", alpha=4, tie=tie).objective == 55


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
