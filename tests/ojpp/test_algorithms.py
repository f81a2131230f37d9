"""Algorithms (notes §6-§7): outputs validate under their constraint set, never beat the optimum,
follow the notes' orders (the generator's tests: test_generate.py)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

import dlsched as ds
from dlsched.ojpp.algorithms.heuristic import gregariousness
from dlsched.ojpp.instance import Limits
from dlsched.ojpp.support.placement import VARIANTS, resource_order

from .helpers import brute_force, golden
from .strategies import tiny_instances

NAMES = list(VARIANTS)


def constraint_view(inst, name):
    """The instance with only the limits the algorithm enforces."""
    r = VARIANTS[name].rules
    lim = inst.limits
    return inst.with_limits(Limits(
        lim.collision if r.collision else None,
        lim.interference if r.interference else None,
        lim.balance if r.balance else None,
    ))


def test_all_registered():
    assert set(NAMES) <= set(ds.ALGORITHMS)
    assert {"best-fit", "i-greedy", "b-greedy", "c-greedy", "greedy", "heuristic"} == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("workload", ["mixed", "c-high", "i-high", "average"])
def test_outputs_validate_on_paper_workloads(name, workload):
    inst = ds.generate("ojpp", workload=workload, seed=7)
    res = ds.run(inst, name)
    assert res.ok and res.objective == res.solution["used"]
    assert ds.check(constraint_view(inst, name), res) == []


def test_best_fit_peak_memory_variant():
    inst = golden()
    res = ds.run(inst, "best-fit", memory="peak")
    assert ds.check(constraint_view(inst, "best-fit"), res) == []
    # with peak memory summed, C+C (0.6) fits but B (0.5 peak) can only pair with nothing > 0.5
    assert res.objective >= ds.run(inst, "best-fit").objective


def test_unknown_parameter_names_it():
    with pytest.raises(ds.InputError) as err:
        ds.run(golden(), "greedy", literal_order=True)
    assert err.value.field == "literal_order"


def test_resource_order_and_gregariousness_on_golden():
    inst = golden()
    assert [inst.jobs[i].name for i in resource_order(inst)] == ["A", "B", "C"]
    V = np.arange(3)
    # tau(i, V) = p_i * max_{q != i} p_q: A 0.2*0.3, B 0.3*0.2, C 0.1*0.3
    assert gregariousness(inst, V) == pytest.approx([0.06, 0.06, 0.03])
    # self variant: B (3 workers) also counts 0.3*0.3
    assert gregariousness(inst, V, self_collision=True) == pytest.approx([0.06, 0.09, 0.03])


def test_heuristic_orders():
    inst = golden()
    assert ds.run(inst, "heuristic").stats["order"] == ["C", "A", "B"]
    # literal pseudo-code: the front (largest) job goes first, then re-sorted
    assert ds.run(inst, "heuristic", literal_order=True).stats["order"] == ["A", "C", "B"]
    assert ds.run(inst, "greedy").stats["order"] == ["A", "B", "C"]


def test_heuristic_and_greedy_reach_the_golden_optimum():
    inst = golden()
    for name in ("greedy", "heuristic"):
        res = ds.run(inst, name)
        assert res.objective == 5 and ds.check(inst, res) == []


def test_device_budget_exceeded_is_an_error():
    res = ds.run(golden(devices=4), "heuristic")
    assert res.status is ds.Status.ERROR and "only 4 available" in res.stats["reason"]


@settings(max_examples=25)
@given(tiny_instances())
def test_tiny_heuristics_validate_and_never_beat_brute_force(inst):
    for name in NAMES:
        view = constraint_view(inst, name)
        res = ds.run(inst, name)
        assert ds.check(view, res) == [], name
        assert res.objective >= brute_force(view), name


@pytest.mark.parametrize("name", ["greedy", "heuristic"])
def test_correlated_variant_validates(name):
    inst = ds.generate("ojpp", workload="c-high", seed=2).with_collision_model(
        "correlated_same_job"
    )
    res = ds.run(inst, name)
    assert ds.check(inst, res) == []


@pytest.mark.parametrize("name", NAMES)
def test_max_model_and_correlated_outputs_validate(name):
    inst = ds.generate("ojpp", workload="mixed", seed=5, interference_model="max")
    for variant in (inst, inst.with_collision_model("correlated_same_job")):
        res = ds.run(variant, name)
        assert ds.check(constraint_view(variant, name), res) == []


def test_enforced_constraints_are_reported():
    inst = golden()
    assert ds.run(inst, "best-fit").stats["enforced"] == ["compute", "memory (opportunistic)"]
    assert ds.run(inst, "c-greedy").stats["enforced"][-1] == "collision"
    assert ds.run(inst, "heuristic").stats["enforced"][2:] == [
        "collision", "interference", "balance"
    ]
