"""Boundary tamper tests of the completion checker (``dlsched.completion.validate.check``).

Hand-built PS instance (horizon 7): server s1 {gpu 2, cpu 3, bandwidth 8}, s2 {gpu 2, cpu 4,
bandwidth 10}; worker type w {gpu 1, cpu 1, 2 Gbps}, PS type p {cpu 1, 4 Gbps}. Job A (weight
2, W = 1*3*2 = 6 mini-batches, v = 0.5, U = 0.5, pi = 1 Gbit so 2 pi / b = 1 slot) runs slots
1-3 with 2 workers + 1 PS on s1: q = 1, theta = 1, rate 2 -> 6 mini-batches, and fills s1
exactly (gpu 2, cpu 3, bandwidth 2*2 + 4 = 8). Job B (weight 1, W = 2, v = U = 1) runs slots
4-7 with 1 worker + 1 PS on s1: theta = 2, rate 0.5 -> 2. Objective 2*(1+3) + 1*(4+4) = 16.

Every rule comes from the instance (``horizon_hard``, ``preemption``); the solution keys
``capped``, ``deadline``, ``accepted_weight`` and ``earliest_start`` change nothing. The batch
problem (7) has its own checker, ``dlsched.completion.batch.check_batch`` (tested at the end).
"""

from __future__ import annotations

import copy

import pytest

from dlsched.completion.batch import accepted_weight, check_batch
from dlsched.completion.instance import parse
from dlsched.completion.validate import check, objective, recompute_objective

S1 = {"gpu": 2, "cpu": 3, "bandwidth": 8}


def instance(s1: dict | None = None, wbw: float = 2, pbw: float = 4, hard: bool | None = None,
             preemption: bool | None = None):
    rules = {k: v for k, v in (("horizon_hard", hard), ("preemption", preemption))
             if v is not None}  # None: the field is absent (its default, false)
    return parse({
        "problem": "completion", "architecture": "ps", "horizon": 7, **rules,
        "servers": [{"name": "s1", "capacity": s1 or S1},
                    {"name": "s2", "capacity": {"gpu": 2, "cpu": 4, "bandwidth": 10}}],
        "worker_types": [{"name": "w", "demand": {"gpu": 1, "cpu": 1}, "bandwidth": wbw},
                         {"name": "w2", "demand": {"gpu": 1}, "bandwidth": 2}],
        "ps_types": [{"name": "p", "demand": {"cpu": 1}, "bandwidth": pbw},
                     {"name": "p2", "demand": {"cpu": 1}, "bandwidth": 4}],
        "jobs": [
            {"name": "A", "arrival": 1, "weight": 2, "epochs": 1, "chunks": 3,
             "minibatches_per_chunk": 2, "minibatch_time": {"w": 0.5},
             "update_time": {"p": 0.5}, "gradient_size": 1},
            {"name": "B", "arrival": 2, "weight": 1, "epochs": 1, "chunks": 1,
             "minibatches_per_chunk": 2, "minibatch_time": {"w": 1, "w2": 1},
             "update_time": {"p": 1, "p2": 1}, "gradient_size": 1},
        ],
    })


INST = instance()  # open horizon, non-preemptive: the defaults
HARD = instance(hard=True)
PREEMPTIVE = instance(preemption=True)


def sol() -> dict:
    return {"jobs": {
        "A": {"start": 1, "duration": 3, "worker_type": "w", "ps_type": "p",
              "workers": {"s1": 2}, "ps": {"s1": 1}},
        "B": {"start": 4, "duration": 4, "worker_type": "w", "ps_type": "p",
              "workers": {"s1": 1}, "ps": {"s1": 1}},
    }, "objective": 16}


def job(s: dict, name: str, **kw) -> dict:
    s["jobs"][name].update(kw)
    return s


def test_feasible_schedule_and_objective() -> None:
    assert check(INST, sol()) == []
    assert recompute_objective(INST, sol()) == 16.0
    assert objective(INST, sol()) == 16.0
    # a "deadline" key does not switch the objective to the batch problem's accepted weight
    assert objective(INST, {**sol(), "deadline": 7}) == 16.0
    assert check(INST, {**sol(), "deadline": 7, "accepted_weight": 3, "capped": True}) == []


def test_shape_and_unknown_and_missing_jobs() -> None:
    assert check(INST, {}) == ["solution.jobs: missing or not a mapping"]
    assert check(INST, {"jobs": [1]}) == ["solution.jobs: missing or not a mapping"]
    s = sol()
    s["jobs"]["Z"] = s["jobs"]["B"]
    assert check(INST, s) == ["solution.jobs: unknown jobs ['Z']"]
    s = sol()
    del s["jobs"]["B"]
    assert check(INST, s) == ["jobs.B: not scheduled"]


@pytest.mark.parametrize("bad", [{"start": 1.0}, {"duration": 3.0}, {"start": 0},
                                 {"duration": 0}, {"start": True}, {"duration": None}])
def test_start_and_duration_must_be_integers_from_one(bad: dict) -> None:
    assert check(INST, job(sol(), "A", **bad)) == [
        "jobs.A: start and duration must be integers >= 1"]


@pytest.mark.parametrize(("resource", "used", "cap"), [("gpu", 2, 1), ("cpu", 3, 2),
                                                        ("bandwidth", 8, 7)])
def test_one_unit_over_on_every_resource(resource: str, used: int, cap: int) -> None:
    inst = instance({**S1, resource: cap})
    assert check(inst, sol()) == [
        f"capacity (2h): server s1, resource {resource}, slot {t}: {used} > {cap}"
        for t in (1, 2, 3)]
    # the shared amount tolerance (dlsched.core.tolerance): 1e-7 of the capacity, floor 1
    assert check(instance({**S1, resource: used * (1 - 0.5e-7)}), sol()) == []
    assert len(check(instance({**S1, resource: used * (1 - 2e-7)}), sol())) == 3


def test_overlap_in_the_last_slot_of_a_job() -> None:
    s = job(sol(), "B", start=3)  # B now shares slot 3 with A on s1
    s["objective"] = 15
    assert check(INST, s) == ["capacity (2h): server s1, resource gpu, slot 3: 3 > 2",
                              "capacity (2h): server s1, resource cpu, slot 3: 5 > 3",
                              "capacity (2h): server s1, resource bandwidth, slot 3: 14 > 8"]


def test_one_gpu_over_on_the_other_server() -> None:
    s = job(sol(), "B", start=2, workers={"s2": 1}, ps={"s2": 1})
    s["objective"] = 14
    assert check(INST, s) == []
    s = job(sol(), "A", workers={"s2": 3}, ps={"s2": 1})  # gpu 3 > 2; cpu 4, bw 10 fit
    assert check(INST, s) == [f"capacity (2h): server s2, resource gpu, slot {t}: 3 > 2"
                              for t in (1, 2, 3)]


def test_last_slot_of_the_horizon() -> None:
    # hard horizon: ending in slot T = 7 passes, slot 8 fails, whatever "capped" says
    s = job(sol(), "B", start=4)  # last slot 7 = horizon
    assert check(HARD, s) == []
    s = job(sol(), "B", start=5)
    s["objective"] = 17
    past = ["jobs.B: runs past the horizon 7 (slot 8; the instance's horizon is hard)"]
    assert check(HARD, s) == past
    s["capped"] = False
    assert check(HARD, s) == past
    del s["capped"]
    assert check(HARD, s) == past
    # open horizon (the default): both pass, even when the solution says capped = true
    assert check(INST, s) == []
    s["capped"] = True
    assert check(INST, s) == []
    assert check(INST, job(sol(), "B", start=4)) == []
    assert check(instance(hard=False), s) == []


def test_arrival_and_round_start() -> None:
    s = job(sol(), "B", start=1, workers={"s2": 1}, ps={"s2": 1})
    assert check(INST, s) == ["jobs.B.start: 1 before arrival 2 (2j)"]
    s["deadline"] = 7  # no batch exemption from the arrival rule
    assert check(INST, s) == ["jobs.B.start: 1 before arrival 2 (2j)"]
    s = sol()
    s["earliest_start"] = {"B": 5}  # A_online's round starts: information only
    assert check(INST, s) == []


def test_a_deadline_key_does_not_make_a_batch() -> None:
    s = sol()
    del s["jobs"]["A"]
    s["deadline"] = 8
    s["accepted_weight"] = 1
    assert check(INST, s) == ["jobs.A: not scheduled"]
    s = sol()
    s["deadline"] = 2  # every job ends after slot 2: still a valid completion schedule
    assert check(INST, s) == []


def test_types() -> None:
    assert check(INST, job(sol(), "A", worker_type="x")) == [
        "jobs.A.worker_type: unknown 'x' (2b)"]
    assert check(INST, job(sol(), "A", worker_type="w2")) == [
        "jobs.A.worker_type: 'w2' cannot run this job"]
    assert check(INST, job(sol(), "A", ps_type="x")) == ["jobs.A.ps_type: unknown 'x' (2c)"]
    assert check(INST, job(sol(), "A", ps_type="p2")) == [
        "jobs.A.ps_type: 'p2' cannot serve this job"]


def test_workers_and_ps_counts() -> None:
    assert check(INST, job(sol(), "A", workers={"s1": 2, "s2": 2})) == [
        "jobs.A.workers: 4 workers, need 1..D_j=3 (2g)"]
    assert check(INST, job(sol(), "A", workers={})) == [
        "jobs.A.workers: 0 workers, need 1..D_j=3 (2g)"]
    assert check(INST, job(sol(), "A", ps={})) == ["jobs.A.ps: needs at least one PS (2e)"]
    for bad in ({"s9": 1}, {"s1": -1}, {"s1": 1.0}, {"s1": True}):
        name, c = next(iter(bad.items()))
        assert check(INST, job(sol(), "A", workers=bad)) == [
            f"jobs.A.workers.{name}: unknown server or bad count {c!r}"]
    assert check(INST, job(sol(), "A", ps={"s3": 1})) == [
        "jobs.A.ps.s3: unknown server or bad count 1"]


def test_ps_bandwidth_rule() -> None:
    # 2 workers on s2, PS on s1: traffic off s1 = 2 Gbps * 2 = 4 = B_p * 1 (at the bound); q = 0
    # so theta = 0.5 + 0.5 + 1 = 2, rate 1, 6 slots
    def rule(workers: dict, ps: dict, d: int) -> list[str]:
        s = job(sol(), "A", workers=workers, ps=ps, duration=d)
        del s["jobs"]["B"]
        return [e for e in check(INST, s) if "(2i)" in e or "mini-batches" in e]

    assert rule({"s2": 2}, {"s1": 1}, 6) == []
    assert rule({"s2": 3}, {"s1": 1}, 6) == ["jobs.A: PSs on s1 carry 6 Gbps > 4 (2i)"]
    assert rule({"s2": 3}, {"s1": 2}, 6) == []
    assert rule({"s2": 3}, {"s1": 1, "s2": 1}, 6) == ["jobs.A: PSs on s1 carry 6 Gbps > 4 (2i)"]
    # too short on the spread placement: 5 slots x rate 1 = 5 < 6
    assert rule({"s2": 2}, {"s1": 1}, 5) == ["jobs.A: 5 of 6 mini-batches done (2f)"]


def test_progress_and_segments() -> None:
    s = job(sol(), "A", duration=2)
    s["objective"] = 14
    assert check(INST, s) == ["jobs.A: 4 of 6 mini-batches done (2f)"]
    w, p = {"s1": 2}, {"s1": 1}

    def segs(*bounds, **extra) -> list[dict]:
        return [{"start": a, "end": b, "workers": w, "ps": p} | extra for a, b in bounds]

    s = job(sol(), "B", workers={"s2": 1}, ps={"s2": 1})  # keep s1 for A alone
    s["jobs"]["A"]["segments"] = segs((1, 4))  # one run: fine without preemption
    assert check(INST, s) == []
    s["jobs"]["A"]["segments"] = segs((1, 2), (2, 4))  # contiguous: 2 + 4 = 6
    assert check(PREEMPTIVE, s) == []
    assert check(INST, s) == ["jobs.A: preempted (2 segments) but the instance is "
                              "non-preemptive (a pause or a resize starts a new segment)"]
    # the rest on the preemptive statement
    s["jobs"]["A"]["segments"] = segs((1, 2), (3, 5))  # pause costs a slot: 2 + 2
    s["jobs"]["A"]["duration"] = 4
    s["objective"] = 18
    assert check(PREEMPTIVE, s) == ["jobs.A: 4 of 6 mini-batches done (2f)"]
    s["jobs"]["A"]["segments"] = [*segs((1, 2)), *segs((3, 5), stall=0)]  # recorded: no stall
    assert check(PREEMPTIVE, s) == []
    s["jobs"]["A"]["segments"] = segs((1, 2), (3, 6))  # 2 + 4 = 6, but ends at 6 != 1 + 4
    assert check(PREEMPTIVE, s) == ["jobs.A: start/duration disagree with the segments"]
    s["jobs"]["A"]["segments"] = segs((2, 3), (3, 5))
    assert check(PREEMPTIVE, s) == ["jobs.A: start/duration disagree with the segments"]
    s["jobs"]["A"]["segments"] = segs((1, 2), (3, 3))
    assert check(PREEMPTIVE, s) == ["jobs.A.segments[1]: bad segment bounds"]
    s["jobs"]["A"]["segments"] = segs((1, 1))
    assert check(PREEMPTIVE, s) == ["jobs.A: bad segment bounds"]


def test_objective_tolerance() -> None:
    s = sol()
    s["objective"] = 16 + 1e-5  # tolerance 1e-6 * 16
    assert check(INST, s) == []
    s["objective"] = 16 + 2e-5
    assert check(INST, s) == [f"objective: reported {16 + 2e-5} but the schedule gives 16.0"]
    s["objective"] = 17
    assert check(INST, s) == ["objective: reported 17 but the schedule gives 16.0"]
    s = copy.deepcopy(sol())
    del s["objective"]
    assert check(INST, s) == []


def test_ring_jobs_have_no_ps() -> None:
    inst = parse({
        "problem": "completion", "architecture": "ring", "horizon": 5,
        "servers": [{"name": "s1", "capacity": {"gpu": 2}}],
        "worker_types": [{"name": "w", "demand": {"gpu": 1}, "bandwidth": 2}],
        "jobs": [{"name": "R", "arrival": 1, "weight": 1, "epochs": 1, "chunks": 2,
                  "minibatches_per_chunk": 2, "minibatch_time": {"w": 1}, "update_time": 1,
                  "gradient_size": 1}],
    })
    # q = 1: theta = 1 + (1/2) * 1 = 1.5, 2 workers: rate 4/3, 3 slots for 4 mini-batches
    s = {"jobs": {"R": {"start": 1, "duration": 3, "worker_type": "w", "workers": {"s1": 2}}},
         "objective": 4}
    assert check(inst, s) == []
    s["jobs"]["R"]["duration"] = 2
    s["objective"] = 3
    assert check(inst, s) == ["jobs.R: 2.66667 of 4 mini-batches done (2f)"]
    s["jobs"]["R"].update(duration=3, ps={"s1": 1})
    s["objective"] = 4
    assert check(inst, s) == ["jobs.R.ps: Ring-AllReduce jobs have no parameter servers"]


def ring(horizon: int = 5, chunks: int = 2, mbpc: int = 2, weight: float = 1):
    return parse({
        "problem": "completion", "architecture": "ring", "horizon": horizon,
        "servers": [{"name": "s1", "capacity": {"gpu": 1}}],
        "worker_types": [{"name": "w", "demand": {"gpu": 1}, "bandwidth": 2}],
        "jobs": [{"name": "R", "arrival": 1, "weight": weight, "epochs": 1, "chunks": chunks,
                  "minibatches_per_chunk": mbpc, "minibatch_time": {"w": 1}, "update_time": 1,
                  "gradient_size": 1}],
    })


def test_capacity_in_the_very_last_slot() -> None:
    s = job(job(sol(), "A", start=5), "B", start=4)  # both on s1 in slots 5, 6, 7 (the last)
    s["objective"] = 24
    assert check(INST, s) == [
        f"capacity (2h): server s1, resource {r}, slot {t}: {u} > {c}"
        for t in (5, 6, 7) for r, u, c in (("gpu", 3, 2), ("cpu", 5, 3), ("bandwidth", 14, 8))]


def test_at_most_51_violations_are_listed() -> None:
    # 2 workers on a 1-GPU server: W = 70, rate 2 / 1.5 -> 53 slots, each one GPU over
    inst = ring(horizon=60, mbpc=35)
    s = {"jobs": {"R": {"start": 1, "duration": 53, "worker_type": "w", "workers": {"s1": 2}}}}
    out = check(inst, s)
    assert out == [f"capacity (2h): server s1, resource gpu, slot {t}: 2 > 1"
                   for t in range(1, 52)]


def test_one_slot_jobs_and_zero_counts_are_fine() -> None:
    inst = ring(chunks=1, mbpc=1)  # 1 worker, theta = 1: one mini-batch in one slot
    s = {"jobs": {"R": {"start": 1, "duration": 1, "worker_type": "w", "workers": {"s1": 1}}},
         "objective": 2}
    assert check(inst, s) == []
    s = job(sol(), "A", workers={"s1": 2, "s2": 0}, ps={"s1": 1, "s2": 0})
    assert check(INST, s) == []


def test_every_bad_entry_is_listed() -> None:
    assert check(INST, job(sol(), "A", workers={"s9": 1, "s8": 1})) == [
        "jobs.A.workers.s9: unknown server or bad count 1",
        "jobs.A.workers.s8: unknown server or bad count 1"]
    s = sol()
    s["jobs"]["A"]["segments"] = [{"start": 1, "end": 4.0, "workers": {"s1": 2},
                                   "ps": {"s1": 1}}]
    assert check(INST, s) == ["jobs.A: bad segment bounds"]


@pytest.mark.parametrize("bad", [None, {"start": 0}, {"worker_type": "x"},
                                 {"worker_type": "w2"}, {"ps_type": "x"}, {"ps_type": "p2"}])
def test_later_jobs_are_checked_after_a_bad_one(bad) -> None:
    s = job(sol(), "B", start=1, workers={"s2": 1}, ps={"s2": 1})
    if bad is None:
        del s["jobs"]["A"]
    else:
        job(s, "A", **bad)
    out = check(INST, s)
    assert len(out) == 2 and out[1] == "jobs.B.start: 1 before arrival 2 (2j)"


def test_batch_weight_adds_up() -> None:
    s = sol()
    s["deadline"] = 8
    s["accepted_weight"] = 3  # 2 + 1
    assert check(INST, s) == []


def test_batch_weight_tolerance() -> None:
    inst = ring(weight=1e-6)
    s = {"jobs": {"R": {"start": 1, "duration": 4, "worker_type": "w", "workers": {"s1": 1}}},
         "deadline": 5}
    s["accepted_weight"] = 2e-6  # exactly 1e-6 * max(1, 1e-6) off: accepted
    assert check_batch(inst, s, 5) == []
    s["accepted_weight"] = 2.5e-6
    assert check_batch(inst, s, 5) == [
        "accepted_weight: reported 2.5e-06 but the schedule accepts 1e-06"]
    assert check(inst, s) == []  # the completion checker ignores accepted_weight


def test_batch_deadline() -> None:
    """(7): a subset of jobs, each completing by the caller's deadline (start + d <= tau),
    no release dates, the placement rows of (2), accepted weight = sum of w_j."""
    s = sol()
    del s["jobs"]["A"]  # a batch may leave jobs out
    s["accepted_weight"] = 1
    assert check_batch(INST, s, 8) == []  # B completes at 4 + 4 = 8
    assert check_batch(INST, s, 7) == ["jobs.B: completes at 8 > deadline 7 (7b)"]
    s["deadline"] = 8  # the solution's own deadline is not read
    assert check_batch(INST, s, 7) == ["jobs.B: completes at 8 > deadline 7 (7b)"]
    s["accepted_weight"] = 2
    assert check_batch(INST, s, 8) == [
        "accepted_weight: reported 2 but the schedule accepts 1.0"]
    assert accepted_weight(INST, s) == 1.0
    s = job(sol(), "B", start=1, workers={"s2": 1}, ps={"s2": 1})  # no arrival rule in a batch
    assert check_batch(INST, s, 7) == []
    s["jobs"]["B"]["duration"] = 3  # 1.5 of 2 mini-batches
    assert check_batch(INST, s, 7) == ["jobs.B: 1.5 of 2 mini-batches done (2f)"]
    s = job(sol(), "B", start=3)  # shares slot 3 with A on s1
    assert check_batch(INST, s, 8)[0] == "capacity (2h): server s1, resource gpu, slot 3: 3 > 2"
    s = sol()
    s["jobs"]["A"]["segments"] = [{"start": 1, "end": 2, "workers": {"s1": 2}, "ps": {"s1": 1}},
                                  {"start": 2, "end": 4, "workers": {"s1": 2}, "ps": {"s1": 1}}]
    assert check_batch(INST, s, 8) == [
        "jobs.A: 2 segments; a batch schedule runs each job once"]


def test_ps_bandwidth_edges() -> None:
    def rule(inst, workers: dict, ps: dict) -> list[str]:
        s = job(sol(), "A", workers=workers, ps=ps, duration=6)
        del s["jobs"]["B"]
        return [e for e in check(inst, s) if "(2i)" in e]

    # traffic 2 * 2 (1 + 0.5e-7) is within the shared amount tolerance of B_p = 4 (1e-7 of 4);
    # 2 * 2 (1 + 2e-7) is not
    assert rule(instance(wbw=2 * (1 + 0.5e-7)), {"s2": 2}, {"s1": 1}) == []
    assert len(rule(instance(wbw=2 * (1 + 2e-7)), {"s2": 2}, {"s1": 1})) == 1
    # two PSs of 2 Gbps on s1 carry at most 4; 3 remote workers send 6
    assert rule(instance(pbw=2), {"s2": 3}, {"s1": 2}) == [
        "jobs.A: PSs on s1 carry 6 Gbps > 4 (2i)"]
