"""Exact models: agree with brute force and with each other on tiny random instances; removing a
constraint never increases the optimum; time-limited solves are honest."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.ojpp.instance import Limits

from .helpers import brute_force, golden
from .strategies import tiny_instances


def _compact_supports(inst) -> bool:
    return not (inst.limits.balance is not None and inst.interference_model == "max")


@settings(max_examples=15)
@given(tiny_instances())
def test_models_agree_with_brute_force(inst):
    opt = brute_force(inst)
    for model, params in (("ojpp-cpsat", {"table": False}), ("ojpp-cpsat", {"table": True}),
                          ("ojpp-patterns", {})):
        res = ds.solve(inst, model=model, **params)
        assert res.status is ds.Status.OPTIMAL and res.objective == opt, (model, params)
        assert ds.check(inst, res) == []
    if _compact_supports(inst):
        res = ds.solve(inst, model="ojpp-compact")
        assert res.status is ds.Status.OPTIMAL and res.objective == opt
        assert ds.check(inst, res) == []


@settings(max_examples=8)
@given(inst=tiny_instances(variants=False))
def test_compact_solvers_agree_with_cpsat(inst, solver):
    a = ds.solve(inst, model="ojpp-cpsat")
    b = ds.solve(inst, model="ojpp-compact", solver=solver)
    assert a.objective == b.objective
    assert ds.check(inst, b) == []


@settings(max_examples=10)
@given(tiny_instances())
def test_removing_a_constraint_never_increases_the_optimum(inst):
    full = ds.solve(inst, model="ojpp-cpsat").objective
    for drop in ("collision", "interference", "balance"):
        relaxed = inst.with_limits(inst.limits.without(drop))
        assert ds.solve(relaxed, model="ojpp-cpsat").objective <= full


def test_heuristic_never_beats_the_optimum_on_paper_like_instances():
    for seed in range(3):
        inst = ds.generate("ojpp", workload="mixed", n_jobs=5, max_workers=3, seed=seed)
        opt = ds.solve(inst, model="ojpp-cpsat", time_limit=20)
        heur = ds.run(inst, "heuristic")
        assert opt.ok and ds.check(inst, opt) == []
        assert heur.objective >= (opt.bound if opt.bound is not None else opt.objective)
        if opt.status is ds.Status.OPTIMAL:
            assert heur.objective >= opt.objective


@pytest.mark.parametrize("model", ["ojpp-cpsat", "ojpp-compact"])
def test_time_limit_is_honest(model):
    inst = ds.generate("ojpp", workload="mixed", seed=1)
    res = ds.solve(inst, model=model, time_limit=1.0)
    if res.status is ds.Status.OPTIMAL:
        assert res.bound == res.objective
    else:
        assert res.status is ds.Status.TIME_LIMIT
        assert res.bound is not None and res.bound <= res.objective
        assert res.gap is not None and res.gap > 0
    assert ds.check(inst, res) == []


@pytest.mark.parametrize("workload", ["mixed", "c-high"])
def test_patterns_and_heuristic_on_paper_size(workload):
    inst = ds.generate("ojpp", workload=workload, seed=1)
    res = ds.solve(inst, model="ojpp-patterns", time_limit=30)
    assert res.status is ds.Status.OPTIMAL and ds.check(inst, res) == []
    assert res.objective >= inst.lower_bound()
    for name in ("greedy", "heuristic"):
        assert ds.run(inst, name).objective >= res.objective


def test_patterns_beyond_the_limit():
    inst = ds.generate("ojpp", workload="c-high", seed=1)  # 33 feasible patterns
    with pytest.raises(ds.InputError) as err:
        ds.solve(inst, model="ojpp-patterns", max_patterns=20, columns="enumerate")
    assert "ojpp-cpsat" in err.value.reason
    # auto: falls back to column generation; its bound must not exceed the enumerated optimum
    res = ds.solve(inst, model="ojpp-patterns", max_patterns=20, time_limit=60)
    assert res.stats["columns_mode"] == "generated"
    exact = ds.solve(inst, model="ojpp-patterns")
    assert res.bound <= exact.objective <= res.objective
    assert ds.check(inst, res) == []


@settings(max_examples=15)
@given(tiny_instances())
def test_column_generation_brackets_the_optimum(inst):
    opt = brute_force(inst)
    res = ds.solve(inst, model="ojpp-patterns", columns="generate")
    assert res.bound <= opt <= res.objective
    assert ds.check(inst, res) == []
    if res.status is ds.Status.OPTIMAL:
        assert res.objective == opt


@settings(max_examples=30)
@given(tiny_instances(), st.lists(st.floats(-1, 1), min_size=3, max_size=3))
def test_pricing_is_exact(inst, pi):
    from dlsched.ojpp.exact.pricing import Pricer
    from dlsched.ojpp.support.patterns import device_feasible, enumerate_patterns

    pi = np.array(pi[: inst.n_jobs])
    A = enumerate_patterns(inst).A
    best = max(0.0, float((A @ pi).max())) if len(A) else 0.0
    val, a = Pricer(inst, None).best(pi)
    assert val == pytest.approx(best, abs=1e-9)
    assert float(a @ pi) == pytest.approx(val, abs=1e-9)
    assert device_feasible(inst, a)


def test_vector_packing_reduction_with_extra_dimension():
    # 3 items (compute, memory, cpu) with demand; hand-checked optimum 2 bins:
    # a+b fit in every dimension (6+4, 2+4, 3+5 within 10), c x2 together (5+5, 5+5, 5+5)
    data = {
        "problem": "ojpp", "device_capacity": {"compute": 10, "memory": 10, "cpu": 10},
        "jobs": [
            {"name": "a", "workers": 1, "compute": 6, "mem_base": 2, "resources": {"cpu": 3}},
            {"name": "b", "workers": 1, "compute": 4, "mem_base": 4, "resources": {"cpu": 5}},
            {"name": "c", "workers": 2, "compute": 5, "mem_base": 5, "resources": {"cpu": 5}},
        ],
    }
    inst = ds.ojpp.parse(data)
    assert brute_force(inst) == 2
    for model in ("ojpp-cpsat", "ojpp-compact", "ojpp-patterns"):
        res = ds.solve(inst, model=model)
        assert res.objective == 2 and ds.check(inst, res) == []


def test_infeasible_device_budget():
    inst = golden(devices=4)
    res = ds.solve(inst, model="ojpp-cpsat")
    assert res.status is ds.Status.INFEASIBLE
    res = ds.solve(inst, model="ojpp-compact")
    assert res.status is ds.Status.INFEASIBLE
    assert ds.solve(inst, model="ojpp-patterns").status is ds.Status.INFEASIBLE


def test_compact_rejects_balance_with_max_model():
    data = golden().with_limits(Limits(0.1, 0.2, 0.1))
    inst = ds.ojpp.parse({**ds.ojpp.dump(data), "interference": {
        "model": "max", "matrix": [list(r) for r in data.interference.matrix]}})
    with pytest.raises(ds.InputError) as err:
        ds.solve(inst, model="ojpp-compact")
    assert err.value.field == "interference.model"
    assert ds.solve(inst, model="ojpp-cpsat").status is ds.Status.OPTIMAL


@pytest.mark.parametrize(
    ("text", "opt"),
    [
        # 2D: (6,4)+(4,6) fill a bin exactly, twice; (5,5) needs a third; volume bound 25/10 -> 3
        ("2\n10 10\n3\n6 4 2\n4 6 2\n5 5 1\n", 3),
        # 1D: 7+3 and 5+4+1 fill two bins; volume bound 20/10 -> 2
        ("1\n10\n5\n7 1\n5 1\n4 1\n3 1\n1 1\n", 2),
        # 3D: no two items share a bin (third dimension 6+6 > 10): 4 bins
        ("3\n10 10 10\n2\n2 2 6 3\n3 3 6 1\n", 4),
    ],
)
def test_vbp_reduction_hand_made(tmp_path, text, opt):
    """G-O2 in miniature (hand-made instances; the vendored published ones are still to come)."""
    path = tmp_path / "t.vbp"
    path.write_text(text)
    inst = ds.ojpp.read_vbp(path)
    assert inst.is_vector_packing
    for model in ("ojpp-patterns", "ojpp-cpsat", "ojpp-compact"):
        res = ds.solve(inst, model=model)
        assert res.status is ds.Status.OPTIMAL and res.objective == opt, model
        assert ds.check(inst, res) == []
    assert ds.run(inst, "best-fit").objective >= opt
