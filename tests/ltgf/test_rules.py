"""The statement lives in the instance (issue 32): ``time`` / ``leases`` fields, the rules the
validator reads from them only, the exact models' refusal of continuous time, and the
equivalence of slot schedules and validated timelines on a slotted instance."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from dlsched.core.errors import InputError
from dlsched.core.registry import PROBLEMS
from dlsched.ltgf import check, dump, objective, parse, timeline_of_slots
from dlsched.ltgf.exact.bounds import covering_horizon
from dlsched.ltgf.paper import fig6
from dlsched.ltgf.support.slots import slot_data
from dlsched.ltgf.validate import check as check_timeline

from .hand import hand_instance


def _file(**kw):
    base = {"problem": "ltgf", "cluster": {"nodes": 1, "gpus_per_node": 2}, "lease": 100,
            "tick": 100, "tenants": [{"name": "A", "weight": 1}],
            "jobs": [{"name": "j", "tenant": "A", "submit": 100, "gpus": 1, "duration": 200}],
            "overhead": {"checkpoint": 0, "cold_start": 0}, "time": "slotted"}
    base.update(kw)
    return base


def test_old_files_default_to_continuous_per_job_and_round_trip():
    inst = fig6()
    assert (inst.time, inst.leases) == ("continuous", "per-job")
    sl = parse(dump(inst.slotted()))
    assert sl == inst.slotted() and sl.time == "slotted"
    syn = replace(inst, leases="synchronized")
    assert parse(dump(syn)).leases == "synchronized"


@pytest.mark.parametrize("change, field", [
    ({"tick": 10}, "tick"),
    ({"overhead": {"checkpoint": 0, "cold_start": 30}}, "overhead.cold_start"),
    ({"jobs": [{"name": "j", "tenant": "A", "submit": 150, "gpus": 1, "duration": 200}]},
     "jobs[0].submit"),
    ({"jobs": [{"name": "j", "tenant": "A", "submit": 100, "gpus": 1, "duration": 250}]},
     "jobs[0].duration"),
])
def test_slotted_parse_names_the_field_that_breaks_it(change, field):
    assert parse(_file()).time == "slotted"
    with pytest.raises(InputError) as err:
        parse(_file(**change))
    assert err.value.field == field


def test_rules_and_model_for_rules():
    prob = PROBLEMS.get("ltgf")
    r = prob.rules(fig6().slotted())
    assert r == {"time": "slotted", "lease": 600, "leases": "per-job"}
    assert prob.model_for_rules(r) == "ltgf-milp"
    assert prob.model_for_rules(prob.rules(fig6())) is None
    assert len(prob.describe_rules(r)) == 6 and len(prob.describe_rules(prob.rules(fig6()))) == 5


# ---- validator: lease rules from the instance only ------------------------------------------
# one job of 150 s on 1 GPU, lease 100 s, no overheads; a second job fills the gap
INST = hand_instance([("a", "A", 0, 1, 150)], lease=100)


def _pre(end, restart):
    """a runs [0, end] (preempted), then [restart, restart + 150 - end] (complete)."""
    return {"segments": [["a", 0, end, [[0, 1]], "preempt", 0, 0],
                         ["a", restart, restart + 150 - end, [[0, 1]], "complete", 0, 0]],
            "completion": {"a": restart + 150 - end}}


def test_preemption_exactly_at_a_lease_end_passes_and_mid_lease_fails():
    assert check_timeline(INST, _pre(100, 200)) == []
    # 1.5 leases: a whole lease has passed but the second one is running
    long_inst = hand_instance([("a", "A", 0, 1, 300)], lease=100)
    ok = {"segments": [["a", 0, 200, [[0, 1]], "preempt", 0, 0],
                       ["a", 300, 400, [[0, 1]], "complete", 0, 0]], "completion": {"a": 400}}
    assert check_timeline(long_inst, ok) == []
    mid = {"segments": [["a", 0, 150, [[0, 1]], "preempt", 0, 0],
                        ["a", 300, 450, [[0, 1]], "complete", 0, 0]], "completion": {"a": 450}}
    assert check_timeline(long_inst, mid) == [
        "a: preempted after 150 s, inside a lease (leases of 100 s from the run's start)"]
    # the same timeline through the fast path and the reference loop
    assert check(long_inst, mid) == check_timeline(long_inst, mid)


def test_tolerance_of_a_lease_end():
    assert check_timeline(INST, _pre(100 + 1e-7, 200)) == []
    assert check_timeline(INST, _pre(100 + 1e-5, 200)) != []


@pytest.mark.parametrize("declared", [
    {"lease_based": False}, {"lease": 50}, {"synchronized": True},
    {"knobs": {"synchronized": True}}, {"lease_based": False, "lease": 50, "synchronized": True},
])
def test_a_solution_declaring_looser_rules_fails(declared):
    """Preempted 50 s after the start on a 100-s per-job lease instance: mid-lease whatever
    the solution declares (once accepted with lease 50, lease_based false, or synchronized)."""
    sol = {**_pre(50, 100), **declared}
    assert check_timeline(INST, sol) == [
        "a: preempted after 50 s, inside a lease (leases of 100 s from the run's start)"]


def test_synchronized_rule_comes_from_the_instance():
    # a starts at 50, preempted at 100 (a synchronized lease end), resumes at 100 + 50
    inst = hand_instance([("a", "A", 50, 1, 150)], lease=100)
    sol = {"segments": [["a", 50, 100, [[0, 1]], "preempt", 0, 0],
                        ["a", 150, 250, [[0, 1]], "complete", 0, 0]], "completion": {"a": 250}}
    assert check_timeline(inst, sol) != []
    assert check_timeline(replace(inst, leases="synchronized"), sol) == []


def test_slotted_runs_must_lie_on_the_slot_grid():
    inst = parse(_file())
    ok = {"segments": [["j", 100, 300, [[0, 1]], "complete", 0, 0]], "completion": {"j": 300}}
    assert check(inst, ok) == []
    off = {"segments": [["j", 110, 310, [[0, 1]], "complete", 0, 0]], "completion": {"j": 310}}
    assert check(inst, off) == [
        "j: run [110, 310] is not on the slot grid (multiples of 100 s; slotted time)"]
    assert check(replace(inst, time="continuous"), off) == []


def test_slot_schedules_are_judged_on_slotted_instances_only():
    sol = {"slot_length": 600, "horizon": 8,
           "slots": {"J1": [0, 1, 2, 3], "J2": [4, 5, 6, 7], "J3": [4, 5, 6, 7]}}
    assert check(fig6().slotted(), sol) == []
    assert check(fig6(), sol)[0].startswith("a slot schedule states the slotted problem")
    assert check(fig6().slotted(), {**sol, "slot_length": 300}) == [
        "slot_length 300 s is not the instance's lease 600 s"]


# ---- exact models --------------------------------------------------------------------------
@pytest.mark.parametrize("model", ["ltgf-milp", "ltgf-cpsat"])
def test_exact_models_refuse_continuous_time(model):
    import dlsched as ds

    with pytest.raises(InputError) as err:
        ds.solve(fig6(), model=model)
    assert err.value.field == "time" and "inst.slotted()" in str(err.value)


def test_every_slot_schedule_is_a_valid_timeline_with_the_same_objective():
    """The feasible set of the exact models equals the validator's on a slotted instance:
    every slot schedule of fig6 over 8 slots that fits the GPU count (J1 in any 4 slots, J2
    and J3 in the other 4: 70) converts to a timeline the timeline validator accepts, with
    the same objective; schedules over the GPU count are refused."""
    inst = fig6().slotted()
    names = ["J1", "J2", "J3"]
    seen = refused = 0
    quads = list(itertools.combinations(range(8), 4))
    for j1 in quads:
        for j2 in [*quads[::7], tuple(sorted(set(range(8)) - set(j1)))]:
            j3 = tuple(sorted(set(range(8)) - set(j1)))
            sol = {"slot_length": 600, "horizon": 8,
                   "slots": dict(zip(names, (j1, j2, j3), strict=True))}
            fits = not set(j1) & set(j2)  # 6 + 3 GPUs > 6: J1 shares no slot
            assert (check(inst, sol) == []) == fits
            if not fits:
                refused += 1
                continue
            tl = timeline_of_slots(inst, sol)
            assert check_timeline(inst, tl) == []
            assert objective(inst, tl) == pytest.approx(objective(inst, sol), abs=1e-12)
            seen += 1
    assert seen >= 70 and refused > 0  # 70 distinct, a few visited twice


def test_covering_horizon_by_hand():
    """fig6 slotted: M = 6; J1 (6 GPUs, 4 slots), J2, J3 (3 GPUs, 4 slots), all released at 0.
    k = J1: 0 + 4 + min(8, (12 + 12) // 1) = 12; k = J2: 0 + 4 + min(8, (24 + 12) // 4) = 12."""
    assert covering_horizon(slot_data(fig6().slotted(), 1)) == 12
