"""Boundary tamper tests of the OJPP validator (``dlsched.ojpp.validate.check``).

Hand-built instance: devices of {compute 100, memory 100, net 10}, at most 2 devices; job a
(2 workers: compute 50, memory 30 + burst 20 with probability 1/2, net 5), job b (1 worker:
compute 40, memory 20 + burst 30 w.p. 1/5, net 4); slowdown matrix (row = victim)
[[0.1, 0.2], [0.3, 0.05]]. Feasible packing: device 0 = {a: 2} (compute 100, net 10: both full;
memory 60 + 20 = 80; tau = 1 - 1/4 - 2 * 1/4 = 1/4; slowdowns 0.1), device 1 = {b: 1}.
"""

from __future__ import annotations

import pytest

from dlsched.core.errors import InputError
from dlsched.ojpp.instance import dump, parse, with_ojpap
from dlsched.ojpp.validate import check, objective

CAP = {"compute": 100, "memory": 100, "net": 10}
MATRIX = [[0.1, 0.2], [0.3, 0.05]]


def instance(cap: dict | None = None, limits: dict | None = None, devices: int = 2,
             model: str = "additive", collision_model: str = "independent"):
    return parse({
        "problem": "ojpp", "devices": devices, "device_capacity": cap or CAP,
        "jobs": [{"name": "a", "workers": 2, "compute": 50, "mem_base": 30, "mem_burst": 20,
                  "burst_prob": 0.5, "resources": {"net": 5}},
                 {"name": "b", "workers": 1, "compute": 40, "mem_base": 20, "mem_burst": 30,
                  "burst_prob": 0.2, "resources": {"net": 4}}],
        "interference": {"model": model, "matrix": MATRIX},
        "limits": limits or {}, "collision_model": collision_model,
    })


INST = instance()
BASE = {"devices": [{"a": 2}, {"b": 1}], "used": 2}


def test_feasible_at_every_bound() -> None:
    limits = {"collision": 0.25, "interference": 0.1, "balance": 0.0}
    assert check(instance(limits=limits), BASE) == []
    assert objective(INST, BASE) == 2.0
    # the solution's objective_kind is information: the instance's objective decides
    assert objective(INST, {**BASE, "objective_kind": "max_slowdown"}) == 2.0
    assert objective(with_ojpap(INST, BASE), BASE) == pytest.approx(0.1)


@pytest.mark.parametrize(("cap", "message"), [
    ({"compute": 99}, "device 0: compute 100 > capacity 99"),
    ({"net": 9}, "device 0: net 10 > capacity 9"),
    ({"memory": 79}, "device 0: memory bases + largest burst 80 > capacity 79 (3)"),
])
def test_one_unit_over_on_every_resource(cap: dict, message: str) -> None:
    assert check(instance({**CAP, **cap}), BASE) == [message]


def test_memory_counts_only_the_largest_burst() -> None:
    sol = {"devices": [{"a": 1, "b": 1}, {"a": 1}]}  # 30 + 20 + max(20, 30) = 80
    assert check(instance({**CAP, "memory": 80}), sol) == []
    assert check(instance({**CAP, "memory": 79}), sol) == [
        "device 0: memory bases + largest burst 80 > capacity 79 (3)"]


def test_relative_tolerance_on_resources() -> None:
    # the shared amount tolerance (dlsched.core.tolerance): 1e-7 of the capacity
    assert check(instance({**CAP, "compute": 100 * (1 - 0.5e-7)}), BASE) == []
    assert check(instance({**CAP, "compute": 100 * (1 - 2e-7)}), BASE) == [
        "device 0: compute 100 > capacity 100"]


def test_solution_shape() -> None:
    assert check(INST, [1]) == ["solution: expected a JSON object"]
    assert check(INST, {}) == ["devices: missing or not a list"]
    assert check(INST, {"devices": {"a": 2}}) == ["devices: missing or not a list"]
    assert check(INST, {"devices": [{"a": 2}, 5]}) == [
        "devices[1]: expected an object mapping job names to worker counts",
        "job b: 0 workers placed, expected 1"]


def test_counts() -> None:
    assert check(INST, {"devices": [{"a": 2, "z": 1}, {"b": 1}]}) == ["devices[0].z: unknown job"]
    for bad in (-1, 1.5, True, "2", None):
        assert check(INST, {"devices": [{"a": bad}, {"a": 2, "b": 1}]})[0] == (
            "devices[0].a: count must be a non-negative integer")
    assert check(INST, {"devices": [{"a": 2.0}, {"b": 1.0}]}) == []
    assert check(INST, {"devices": [{"a": 2, "b": 0}, {"b": 1}]}) == []


def test_missing_and_extra_worker() -> None:
    assert check(INST, {"devices": [{"a": 1}, {"b": 1}]}) == [
        "job a: 1 workers placed, expected 2"]
    assert check(INST, {"devices": [{"a": 2}, {"a": 1, "b": 1}]}) == [
        "job a: 3 workers placed, expected 2"]
    assert check(INST, {"devices": [{"a": 2}]}) == ["job b: 0 workers placed, expected 1"]


def test_one_device_over_the_budget() -> None:
    sol = {"devices": [{"a": 1}, {"a": 1}, {"b": 1}]}
    assert check(INST, sol) == ["devices: 3 used, only 2 available"]
    assert check(instance(devices=3), sol) == []
    assert check(INST, {"devices": [{"a": 2}, {}, {"b": 1}, {}]}) == []  # empty ones are free


def test_used_must_match() -> None:
    assert check(INST, {**BASE, "used": 3}) == ["used: says 3, the placement uses 2 devices"]
    assert check(INST, {"devices": BASE["devices"]}) == []


def test_collision_bound() -> None:
    assert check(instance(limits={"collision": 0.24}), BASE) == [
        "device 0: collision probability 0.25 > 0.24 (5)"]
    # a and b together: 1 - 0.5*0.8 - (0.5*0.8 + 0.2*0.5) = 0.1
    sol = {"devices": [{"a": 1, "b": 1}, {"a": 1}]}
    assert check(instance(limits={"collision": 0.1}), sol) == []
    assert check(instance(limits={"collision": 0.09}), sol) == [
        "device 0: collision probability 0.1 > 0.09 (5)"]


def test_correlated_bursts_of_one_job() -> None:
    # two workers of a burst together: tau = Pr[a bursts] = 0.5
    inst = instance(limits={"collision": 0.5}, collision_model="correlated_same_job")
    assert check(inst, BASE) == []
    inst = instance(limits={"collision": 0.49}, collision_model="correlated_same_job")
    assert check(inst, BASE) == ["device 0: collision probability 0.5 > 0.49 (5)"]
    # one worker of each: the same 0.1 as independent bursts
    sol = {"devices": [{"a": 1, "b": 1}, {"a": 1}]}
    inst = instance(limits={"collision": 0.09}, collision_model="correlated_same_job")
    assert check(inst, sol) == ["device 0: collision probability 0.1 > 0.09 (5)"]
    # three units, one of them doubled: 1 - none - (singles alone)
    inst3 = parse({
        "problem": "ojpp", "collision_model": "correlated_same_job", "limits": {"collision": 0},
        "device_capacity": {"compute": 10, "memory": 10},
        "jobs": [{"name": "x", "workers": 2, "compute": 1, "burst_prob": 0.5},
                 {"name": "y", "workers": 1, "compute": 1, "burst_prob": 0.5},
                 {"name": "z", "workers": 1, "compute": 1, "burst_prob": 0.5}],
    })
    # none = 1/8; exactly one single unit bursting and nobody else: y or z alone: 2 * 1/8
    assert check(inst3, {"devices": [{"x": 2, "y": 1, "z": 1}]}) == [
        "device 0: collision probability 0.625 > 0 (5)"]


def test_interference_cap_additive_and_max() -> None:
    sol = {"devices": [{"a": 1, "b": 1}, {"a": 1}]}  # a hit by b: 0.2, b hit by a: 0.3
    assert check(instance(limits={"interference": 0.3}), sol) == []
    assert check(instance(limits={"interference": 0.29}), sol) == [
        "device 0: interference 0.3 > 0.29 (7)"]
    big = {"compute": 200, "memory": 200, "net": 20}
    three = {"devices": [{"a": 2, "b": 1}]}  # b hit by two a's: 0.6 additive, 0.3 max
    assert check(instance(big, {"interference": 0.59}), three) == [
        "device 0: interference 0.6 > 0.59 (7)"]
    assert check(instance(big, {"interference": 0.3}, model="max"), three) == []
    assert check(instance(big, {"interference": 0.29}, model="max"), three) == [
        "device 0: interference 0.3 > 0.29 (7)"]
    assert objective(with_ojpap(instance(big), three), three) == pytest.approx(0.6)
    assert objective(with_ojpap(instance(big, model="max"), three), three) == pytest.approx(0.3)


def test_balance_of_a_jobs_slowdowns() -> None:
    sol = {"devices": [{"a": 1, "b": 1}, {"a": 1}]}  # a: 0.2 on device 0, 0 on device 1
    assert check(instance(limits={"balance": 0.2}), sol) == []
    assert check(instance(limits={"balance": 0.19}), sol) == [
        "job a: slowdown spread 0.2 > 0.19 (8)"]


def test_objective_errors_and_empty() -> None:
    with pytest.raises(ValueError, match="devices: missing or not a list"):
        objective(INST, {})
    with pytest.raises(ValueError, match=r"devices\[0\]\.z: unknown job"):
        objective(INST, {"devices": [{"z": 1}]})
    assert objective(INST, {**BASE, "objective_kind": "x"}) == 2.0  # ignored
    assert objective(with_ojpap(INST, BASE), {"devices": [{}]}) == 0.0
    assert objective(INST, {"devices": [{"a": 1}, {}], "objective_kind": "max_slowdown"}) == 1.0


def test_parsing_goes_on_after_a_bad_entry() -> None:
    assert check(INST, {"devices": [5, {"z": 1}]}) == [
        "devices[0]: expected an object mapping job names to worker counts",
        "devices[1].z: unknown job",
        "job a: 0 workers placed, expected 2", "job b: 0 workers placed, expected 1"]
    assert check(INST, {"devices": [{"z": 1, "a": 2}, {"b": 1}]}) == ["devices[0].z: unknown job"]
    assert check(INST, {"devices": [{"b": -1, "a": 2}, {"b": 1}]}) == [
        "devices[0].b: count must be a non-negative integer"]
    assert check(INST, {"devices": [{"a": 2, "b": 0.0}, {"b": 1}]}) == []
    with pytest.raises(ValueError, match=r"^devices\[0\]\.z: unknown job; devices\[0\]\.y: "):
        objective(INST, {"devices": [{"z": 1, "y": 1}]})


def test_devices_after_an_empty_one_are_checked() -> None:
    sol = {"devices": [{"b": 1}, {}, {"a": 2}]}
    assert check(instance({**CAP, "compute": 99}), sol) == ["device 2: compute 100 > capacity 99"]


def test_balance_of_later_jobs_after_a_single_worker_job() -> None:
    inst = parse({"problem": "ojpp", "device_capacity": {"compute": 10, "memory": 10},
                  "jobs": [{"name": "x", "workers": 1, "compute": 1},
                           {"name": "y", "workers": 2, "compute": 1}],
                  "interference": {"matrix": [[0, 0], [0.5, 0]]}, "limits": {"balance": 0.4}})
    assert check(inst, {"devices": [{"x": 1, "y": 1}, {"y": 1}]}) == [
        "job y: slowdown spread 0.5 > 0.4 (8)"]


def test_capacity_plus_relative_tol_is_still_feasible() -> None:
    x = 0.5 + 5e-10  # two of them are exactly 1 * (1 + 1e-9)
    inst = parse({"problem": "ojpp", "device_capacity": {"compute": 1, "memory": 1, "net": 1},
                  "jobs": [{"name": "c", "workers": 2, "compute": x, "mem_base": x,
                            "resources": {"net": x}},
                           {"name": "d", "workers": 2, "compute": 0.1}]})  # d needs no net
    assert check(inst, {"devices": [{"c": 2}, {"d": 2}]}) == []


def test_limits_plus_tol_are_still_feasible() -> None:
    # tau = 0.25, theta = 0.1 on device 0; limit + 1e-9 equals them exactly
    limits = {"collision": 0.25 - 1e-9, "interference": 0.1 - 1e-9}
    assert check(instance(limits=limits), BASE) == []
    sol = {"devices": [{"a": 1, "b": 1}, {"a": 1}]}  # spread of a: 0.2 - 0
    assert check(instance(limits={"balance": 0.2 - 1e-9}), sol) == []
    assert check(instance(limits={"interference": 0.3 - 1e-9}), sol) == []


# -- OJPAP stated by the instance (issue 32): reference devices and the budget (19) -----------
BIG = {"compute": 200, "memory": 200, "net": 20}
THREE = {"devices": [{"a": 2, "b": 1}]}  # fits one BIG device


def test_migration_budget_is_inclusive() -> None:
    # b leaves reference device 1 for device 0: cost 1 (migration_cost 1 per worker)
    assert check(with_ojpap(instance(BIG), BASE, 1.0), THREE) == []
    assert check(with_ojpap(instance(BIG), BASE, 0.99), THREE) == [
        "migration cost 1 > budget 0.99 (19)"]
    # the solution cannot declare a looser budget or another problem
    tampered = {**THREE, "objective_kind": "devices", "migration_budget": 9}
    assert check(with_ojpap(instance(BIG), BASE, 0.99), tampered) == [
        "migration cost 1 > budget 0.99 (19)"]


def test_devices_are_labelled_by_the_reference() -> None:
    swapped = {"devices": [{"b": 1}, {"a": 2}]}  # a leaves device 0 (2), b leaves 1 (1)
    assert check(with_ojpap(instance(BIG), BASE, 3.0), swapped) == []
    assert check(with_ojpap(instance(BIG), BASE, 2.99), swapped) == [
        "migration cost 3 > budget 2.99 (19)"]
    # an empty device keeps the labels: nothing moves
    assert check(with_ojpap(instance(BIG), BASE, 0.0), {"devices": [{"a": 2}, {}, {"b": 1}]}) == [
        "migration cost 1 > budget 0 (19)"]
    assert check(with_ojpap(instance(BIG), BASE, 0.0), {"devices": [{"a": 2}, {"b": 1}]}) == []


def test_at_most_the_reference_devices() -> None:
    # reference on one device; splitting it uses 2 devices (b leaves device 0: cost 1)
    assert check(with_ojpap(instance(BIG), THREE, 5.0), BASE) == [
        "devices: 2 used, the reference placement uses 1"]


def test_ojpap_fields_parse_and_round_trip() -> None:
    stated = with_ojpap(instance(BIG), BASE, 1.5)
    data = dump(stated)
    assert data["objective"] == "max_slowdown" and data["migration_budget"] == 1.5
    assert data["reference"] == [{"a": 2}, {"b": 1}]
    assert parse(data) == stated
    assert dump(INST)["objective"] == "devices" and "reference" not in dump(INST)
    with pytest.raises(InputError, match="reference"):  # a reference states OJPAP only
        parse({**dump(INST), "reference": [{"a": 2}, {"b": 1}]})
    with pytest.raises(InputError, match="reference"):  # OJPAP needs its reference
        parse({**dump(INST), "objective": "max_slowdown"})
    with pytest.raises(InputError, match="reference"):  # an infeasible reference
        parse({**dump(INST), "objective": "max_slowdown", "reference": [{"a": 2, "b": 1}]})
    with pytest.raises(InputError, match="migration_budget"):
        parse({**data, "migration_budget": -1})
