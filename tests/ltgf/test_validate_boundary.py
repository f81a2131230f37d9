"""Boundary tamper tests of the LTGF timeline checker (``dlsched.ltgf.validate.check``).

Hand-built instance: 2 nodes x 4 GPUs, lease 105 s, checkpoint 5 s, cold start 10 s; job j1
(4 GPUs, 150 s, submitted at 0) and j2 (2 GPUs, 40 s, submitted at 50). Feasible timeline:
j1 runs [0, 105] on node 0 (preempted at its first lease end, 100 s served + 5 s checkpoint;
since issue 32 a preemption falls exactly on a lease end: the lease was 100 s, and 105 s
passed as "at least a lease" before), then
[110, 170] on node 1 (10 s cold start + 50 s); j2 runs [105, 145] on node 0, starting exactly
when j1 releases it. Each test crosses one rule by the smallest step and expects exactly the
violations worked out by hand.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.core.errors import InputError
from dlsched.ltgf.instance import parse
from dlsched.ltgf.validate import check

INST = parse({
    "problem": "ltgf", "cluster": {"nodes": 2, "gpus_per_node": 4}, "lease": 105, "tick": 10,
    "tenants": [{"name": "A", "weight": 1}],
    "jobs": [{"name": "j1", "tenant": "A", "submit": 0, "gpus": 4, "duration": 150},
             {"name": "j2", "tenant": "A", "submit": 50, "gpus": 2, "duration": 40}],
    "overhead": {"checkpoint": 5, "cold_start": 10},
})


def sol() -> dict:
    return {"segments": [["j1", 0, 105, [[0, 4]], "preempt", 0, 5],
                         ["j1", 110, 170, [[1, 4]], "complete", 10, 0],
                         ["j2", 105, 145, [[0, 2]], "complete", 0, 0]],
            "completion": {"j1": 170, "j2": 145}, "lease_based": True}


def seg(s: dict, k: int, **kw) -> dict:
    """``s`` with fields of segment ``k`` replaced (names of the solution format)."""
    names = ["job", "start", "end", "place", "reason", "cold", "ckpt"]
    for key, value in kw.items():
        s["segments"][k][names.index(key)] = value
    return s


def test_feasible_and_release_before_acquire() -> None:
    assert check(INST, sol()) == []
    s = sol()
    s["segments"].reverse()  # order of segments does not matter
    assert check(INST, s) == []


def test_shape_errors() -> None:
    assert check(INST, {}) == ["solution has no 'segments' list"]
    assert check(INST, {"segments": "x"}) == ["solution has no 'segments' list"]
    s = sol()
    s["segments"].append([1, 2])
    s["segments"].append(7)
    assert check(INST, s) == [
        "segments[3]: expected [job, start, end, placement, reason, cold, ckpt]",
        "segments[4]: expected [job, start, end, placement, reason, cold, ckpt]"]
    s = sol()
    s["segments"].append(["jx", 0, 1, [[1, 1]], "complete", 0, 0])
    assert check(INST, s) == ["segments[3]: unknown job 'jx'"]


def test_missing_and_extra_job() -> None:
    s = sol()
    del s["segments"][2]
    assert check(INST, s) == ["j2: never runs"]
    s = sol()
    s["segments"].append(["j2", 150, 190, [[0, 2]], "complete", 10, 0])
    assert check(INST, s) == ["j2: segment 0 ends 'complete' out of order",
                              "j2: receives 70.000000 s of service, needs 40.0",
                              "j2: completion 145 != end of last segment"]


def test_one_gpu_over_on_a_node() -> None:
    s = seg(sol(), 2, place=[[0, 1], [1, 1]])  # node 1 holds j1's 4 GPUs from 110
    assert check(INST, s) == ["node 1: 5 GPUs in use at 110.0 > 4"]
    s = seg(sol(), 2, start=104.5, end=144.5)  # j2 arrives before j1 releases node 0
    s["completion"]["j2"] = 144.5
    assert check(INST, s) == ["node 0: 6 GPUs in use at 104.5 > 4"]


def test_at_most_five_capacity_messages() -> None:
    inst = parse({"problem": "ltgf", "cluster": {"nodes": 1, "gpus_per_node": 1}, "lease": 100,
                  "tenants": [{"name": "A", "weight": 1}],
                  "jobs": [{"name": f"j{i}", "tenant": "A", "submit": 0, "gpus": 1,
                            "duration": 10} for i in range(8)]})
    s = {"segments": [[f"j{i}", 0, 10, [[0, 1]], "complete", 0, 0] for i in range(8)]}
    assert check(inst, s) == [f"node 0: {n} GPUs in use at 0.0 > 1" for n in range(2, 7)]


def test_node_out_of_range_and_empty_entry() -> None:
    s = seg(sol(), 2, place=[[2, 2]])
    assert check(INST, s) == ["segments[2] (j2): bad placement entry [2, 2]",
                              "j2: gang violated, holds 0 GPUs, needs 2"]
    s = seg(sol(), 2, place=[[-1, 2]])
    assert check(INST, s) == ["segments[2] (j2): bad placement entry [-1, 2]",
                              "j2: gang violated, holds 0 GPUs, needs 2"]
    s = seg(sol(), 2, place=[[1, 0], [0, 2]])
    assert check(INST, s) == ["segments[2] (j2): bad placement entry [1, 0]"]


def test_gang_one_gpu_short_or_over() -> None:
    assert check(INST, seg(sol(), 2, place=[[0, 1]])) == [
        "j2: gang violated, holds 1 GPUs, needs 2"]
    assert check(INST, seg(sol(), 2, place=[[0, 3]])) == [
        "j2: gang violated, holds 3 GPUs, needs 2"]


def test_before_submission() -> None:
    s = seg(sol(), 2, start=49.5, end=89.5, place=[[1, 2]])
    s["completion"]["j2"] = 89.5
    assert check(INST, s) == ["j2: runs at 49.5 before its submission 50.0"]
    s = seg(sol(), 2, start=50 - 5e-7, end=90 - 5e-7, place=[[1, 2]])
    s["completion"]["j2"] = 90 - 5e-7
    assert check(INST, s) == []


def test_empty_segment() -> None:
    s = seg(sol(), 2, end=105)
    s["completion"]["j2"] = 105
    assert check(INST, s) == ["segments[2] (j2): end 105 <= start 105",
                              "j2: receives 0.000000 s of service, needs 40.0"]


def test_unknown_end_reason() -> None:
    s = seg(sol(), 2, reason="done")
    assert check(INST, s) == ["segments[2] (j2): unknown end reason 'done'",
                              "j2: segment 0 ends 'done' out of order"]


def test_lease_must_exceed_the_overheads() -> None:
    """The lease is the instance's: a solution's ``lease`` is ignored (it once replaced it)."""
    for lease in (15, 14, 15.5):
        s = sol()
        s["lease"] = lease
        assert check(INST, s) == []
    bad = {"problem": "ltgf", "cluster": {"nodes": 1}, "lease": 15, "tenants": [{"name": "A",
           "weight": 1}], "jobs": [{"name": "j", "tenant": "A", "submit": 0, "gpus": 1,
           "duration": 1}], "overhead": {"checkpoint": 5, "cold_start": 10}}
    with pytest.raises(InputError) as err:
        parse(bad)
    assert err.value.field == "lease"


def test_preempted_inside_the_lease() -> None:
    s = sol()
    assert check(INST, s) == []  # exactly one lease of 105 s
    s["lease"] = 105.5  # a solution declaring another lease: ignored
    assert check(INST, s) == []
    longer = replace(INST, lease=105.5)  # the instance's lease decides
    msg = "j1: preempted after 105 s, inside a lease (leases of 105.5 s from the run's start)"
    assert check(longer, sol()) == [msg]
    s = sol()
    s["lease_based"] = False  # no opting out of leases
    assert check(longer, s) == [msg]
    s = seg(sol(), 0, end=104.5)
    s = seg(s, 1, end=170.5)
    s["completion"]["j1"] = 170.5
    assert check(INST, s) == [
        "j1: preempted after 104.5 s, inside a lease (leases of 105 s from the run's start)"]


def test_synchronized_leases_end_on_multiples() -> None:
    sync = replace(INST, lease=100.0, leases="synchronized")
    assert check(sync, sol()) == ["j1: preempted at 105, not at the end of a synchronized lease "
                                  "(multiple of 100 s)"]
    s = sol()
    s["knobs"] = {"synchronized": True}  # a solution's knobs are not rules
    s["synchronized"] = True
    assert check(INST, s) == []
    s = seg(seg(sol(), 0, end=100), 1, end=175)  # 95 + 55 = 150 s of service
    s["completion"]["j1"] = 175
    assert check(sync, s) == []
    assert check(replace(INST, lease=100.0), s) == []  # one per-job lease of 100 s too
    s["lease_based"] = False
    assert check(sync, seg(copy.deepcopy(s), 0, end=100.5)) == [
        "j1: preempted at 100.5, not at the end of a synchronized lease (multiple of 100 s)",
        "j1: receives 150.500000 s of service, needs 150.0"]


def test_overlapping_segments_of_a_job() -> None:
    s = seg(sol(), 1, start=104.5, end=164.5)
    s["completion"]["j1"] = 164.5
    assert check(INST, s) == ["j1: overlapping segments at 104.5"]
    s = seg(sol(), 1, start=105 - 5e-7, end=165 - 5e-7)
    s["completion"]["j1"] = 165 - 5e-7
    assert check(INST, s) == []


def test_overheads() -> None:
    s = seg(sol(), 2, cold=10, end=155)
    s["completion"]["j2"] = 155
    assert check(INST, s) == ["j2: segment 0 cold start 10, expected 0.0"]
    s = seg(sol(), 1, cold=0, end=160)
    s["completion"]["j1"] = 160
    assert check(INST, s) == ["j1: segment 1 cold start 0, expected 10.0"]
    s = seg(sol(), 2, ckpt=5, end=150)
    s["completion"]["j2"] = 150
    assert check(INST, s) == ["j2: segment 0 checkpoint 5, expected 0.0"]
    s = seg(sol(), 0, ckpt=0, end=100)  # exactly one lease of 100 s, no checkpoint
    assert check(replace(INST, lease=100.0), s) == ["j1: segment 0 checkpoint 0, expected 5.0"]
    s = seg(sol(), 2, cold=5e-7, end=145 + 5e-7)
    s["completion"]["j2"] = 145 + 5e-7
    assert check(INST, s) == []


def test_complete_out_of_order() -> None:
    s = seg(sol(), 0, reason="complete", ckpt=0, end=100)
    assert check(INST, s) == ["j1: segment 0 ends 'complete' out of order"]
    s = seg(sol(), 1, reason="preempt", ckpt=5, end=175)
    s["completion"]["j1"] = 175
    assert check(INST, s) == ["j1: segment 1 ends 'preempt' out of order",
                              "j1: preempted after 65 s, inside a lease (leases of 105 s from "
                              "the run's start)"]


def test_service_tolerance_scales_with_duration() -> None:
    # service is an amount (dlsched.core.tolerance): 1e-7 * 150 = 1.5e-5 s on j1
    s = seg(sol(), 1, end=170 + 1e-5)
    s["completion"]["j1"] = 170 + 1e-5
    assert check(INST, s) == []
    s = seg(sol(), 1, end=170 + 2e-5)
    s["completion"]["j1"] = 170 + 2e-5
    assert check(INST, s) == ["j1: receives 150.000020 s of service, needs 150.0"]


def test_completion_must_be_the_last_end() -> None:
    s = sol()
    s["completion"]["j1"] = 171
    assert check(INST, s) == ["j1: completion 171 != end of last segment"]
    s["completion"] = {"j1": 170 + 5e-7}
    assert check(INST, s) == []


def test_lease_based_is_the_default() -> None:
    """Every solution is judged lease-based by the instance's lease, whatever it declares."""
    s = sol()
    del s["lease_based"]
    s["lease"] = 105.5
    assert check(INST, s) == []
    assert check(replace(INST, lease=105.5), s) == [
        "j1: preempted after 105 s, inside a lease (leases of 105.5 s from the run's start)"]


def test_every_job_is_checked_after_a_missing_or_unknown_one() -> None:
    s = sol()
    del s["segments"][:2]
    s["completion"]["j2"] = 146
    assert check(INST, s) == ["j1: never runs", "j2: completion 146 != end of last segment"]
    s = sol()
    s["segments"].insert(0, ["jx", 0, 1, [[1, 1]], "complete", 0, 0])
    assert check(INST, s) == ["segments[0]: unknown job 'jx'"]


def test_tolerance_edges_are_inclusive() -> None:
    # start exactly TOL before the submission
    s = seg(sol(), 2, start=50 - 1e-6, end=90 - 1e-6, place=[[1, 2]])
    s["completion"]["j2"] = 90 - 1e-6
    assert check(INST, s) == []
    # next segment exactly TOL before the previous end
    s = seg(sol(), 1, start=105 - 1e-6, end=165 - 1e-6)
    s["completion"]["j1"] = 165 - 1e-6
    assert check(INST, s) == []
    # preempted exactly TOL before a lease end (105 - 1e-6 s)
    s = seg(seg(sol(), 0, end=105 - 1e-6), 1, end=170 + 1e-6)
    s["completion"]["j1"] = 170 + 1e-6
    assert check(INST, s) == []
    # cold start / checkpoint exactly TOL off
    s = seg(sol(), 2, cold=1e-6, end=145 + 1e-6)
    s["completion"]["j2"] = 145 + 1e-6
    assert check(INST, s) == []
    s = seg(sol(), 2, ckpt=1e-6, end=145 + 1e-6)
    s["completion"]["j2"] = 145 + 1e-6
    assert check(INST, s) == []


def test_service_and_completion_tolerance_on_short_jobs() -> None:
    def tiny(duration: float):
        return parse({"problem": "ltgf", "cluster": {"nodes": 1, "gpus_per_node": 1},
                      "tenants": [{"name": "A", "weight": 1}],
                      "jobs": [{"name": "k", "tenant": "A", "submit": 0, "gpus": 1,
                                "duration": duration}]})

    # duration 1e-6: service tolerance 1e-7 * max(1, d) = 1e-7 (an amount); 0.9e-7 over passes,
    # 2e-7 over does not
    s = {"segments": [["k", 0, 1.09e-6, [[0, 1]], "complete", 0, 0]],
         "completion": {"k": 1.09e-6}}
    assert check(tiny(1e-6), s) == []
    s = {"segments": [["k", 0, 1.2e-6, [[0, 1]], "complete", 0, 0]], "completion": {"k": 1.2e-6}}
    assert len(check(tiny(1e-6), s)) == 1
    s = {"segments": [["k", 0, 1e-6, [[0, 1]], "complete", 0, 0]], "completion": {"k": 2e-6}}
    assert check(tiny(1e-6), s) == []  # completion (an instant) exactly 1e-6 after the end
    # duration 1: tolerance 1e-7 (not 2e-7)
    s = {"segments": [["k", 0, 1 + 1.5e-7, [[0, 1]], "complete", 0, 0]]}
    out = check(tiny(1.0), s)
    assert len(out) == 1 and out[0].startswith("k: receives 1.00000")


def test_synchronized_lease_offset_is_in_seconds() -> None:
    # 1 ms after the lease boundary: 1e-5 of a lease, 1e-3 s > 1e-6 s
    s = seg(seg(sol(), 0, end=100.001), 1, end=174.999)
    s["completion"]["j1"] = 174.999
    sync = replace(INST, lease=100.0, leases="synchronized")
    assert check(sync, s) == ["j1: preempted at 100.001, not at the end of a synchronized "
                              "lease (multiple of 100 s)"]


def test_capacity_is_counted_per_node() -> None:
    inst = parse({"problem": "ltgf", "cluster": {"nodes": 2, "gpus_per_node": 4}, "lease": 200,
                  "tenants": [{"name": "A", "weight": 1}],
                  "jobs": [{"name": "a", "tenant": "A", "submit": 0, "gpus": 2, "duration": 100},
                           {"name": "b", "tenant": "A", "submit": 0, "gpus": 1, "duration": 100},
                           {"name": "c", "tenant": "A", "submit": 0, "gpus": 4, "duration": 10},
                           {"name": "d", "tenant": "A", "submit": 0, "gpus": 1,
                            "duration": 10}]})
    s = {"segments": [["a", 0, 100, [[0, 2]], "complete", 0, 0],
                      ["b", 50, 150, [[0, 1]], "complete", 0, 0],  # node 0: 2, 3, 1, 0 GPUs
                      ["c", 0, 10, [[1, 4]], "complete", 0, 0],
                      ["d", 0, 10, [[1, 1]], "complete", 0, 0]]}  # node 1: 5 at time 0
    assert check(inst, s) == ["node 1: 5 GPUs in use at 0.0 > 4"]
    s["segments"][3][3] = [[0, 1]]  # d on node 0 instead: at most 4 there
    assert check(inst, s) == []


def test_synchronized_offset_of_exactly_tol_is_allowed() -> None:
    inst = parse({"problem": "ltgf", "cluster": {"nodes": 1, "gpus_per_node": 1}, "lease": 1,
                  "tenants": [{"name": "A", "weight": 1}], "leases": "synchronized",
                  "overhead": {"checkpoint": 0, "cold_start": 0},
                  "jobs": [{"name": "k", "tenant": "A", "submit": 0, "gpus": 1, "duration": 1}]})
    s = {"segments": [["k", 0, 1e-6, [[0, 1]], "preempt", 0, 0],  # 1e-6 s past the boundary 0
                      ["k", 1, 2 - 1e-6, [[0, 1]], "complete", 0, 0]]}
    assert check(inst, s) == []
    s["segments"][0][2] = 2e-6
    s["segments"][1][2] = 2 - 2e-6
    assert check(inst, s) == ["k: preempted at 2e-06, not at the end of a synchronized lease "
                              "(multiple of 1 s)"]


@given(st.integers(0, 10_000))
def test_property_a_later_start_keeps_a_timeline_feasible(delta: int) -> None:
    """Every rule is invariant under a common delay (submissions only bound from below)."""
    s = sol()
    for segment in s["segments"]:
        segment[1] += delta
        segment[2] += delta
    s["completion"] = {k: v + delta for k, v in s["completion"].items()}
    assert check(INST, s) == []
