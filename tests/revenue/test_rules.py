"""Issue 32: the revenue statement lives in the instance. ``Problem.rules`` reads it from the
instance alone; methods may not change it (a parameter that differs is an InputError naming
the field); the exact models solve exactly it (= a brute force written from (3)/(4) with the
rules); every scheduler's schedule ends by the horizon."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.core.errors import InputError
from dlsched.core.registry import ALGORITHMS, PROBLEMS
from dlsched.revenue import generate
from dlsched.revenue.exact import AUTO_HORIZON_RUNS, auto_horizon

from .bruteforce import brute_force, tiny_instance


def test_rules_come_from_the_instance():
    prob = PROBLEMS.get("revenue")
    inst = tiny_instance(0)
    assert prob.rules(inst) == {"time_origin": "arrival", "fixed_workers": False,
                                "horizon": "capped", "ps_placement": "any"}
    other = inst.with_rules(time_origin="absolute", fixed_workers=True)
    assert prob.rules(other)["time_origin"] == "absolute"
    assert prob.rules(other)["fixed_workers"] is True
    text = " ".join(prob.describe_rules(prob.rules(other)))
    assert "exactly D_j" in text and "completion slot t+" in text and "horizon" in text
    assert prob.model_for(inst) == "revenue-milp"


@pytest.mark.parametrize("model", ["revenue-milp", "revenue-cpsat"])
@pytest.mark.parametrize(("params", "field"), [
    ({"time_origin": "absolute"}, "time_origin"),
    ({"fixed_workers": True}, "fixed_workers"),
    ({"horizon": 6}, "horizon"),
    ({"horizon": "auto"}, "horizon"),
])
def test_models_refuse_another_statement(model, params, field):
    with pytest.raises(InputError) as err:
        ds.solve(tiny_instance(0), model=model, **params)
    assert err.value.field == field


@pytest.mark.parametrize("model", ["revenue-milp", "revenue-cpsat"])
def test_models_accept_the_instance_values(model):
    inst = tiny_instance(1)
    res = ds.solve(inst, model=model, time_origin="arrival", fixed_workers=False,
                   horizon=inst.horizon)
    assert res.status.value == "optimal"


@pytest.mark.parametrize("name", ["astraea", "gandiva-fair", "hived", "batchsche"])
def test_algorithms_refuse_another_time_origin(name):
    with pytest.raises(InputError) as err:
        ALGORITHMS.get(name, problem="revenue").run(tiny_instance(0), time_origin="absolute")
    assert err.value.field == "time_origin"


def test_astraea_cannot_widen_fixed_workers():
    inst = tiny_instance(0).with_rules(fixed_workers=True)
    with pytest.raises(InputError) as err:
        ds.run(inst, "astraea", fixed_workers=False)
    assert err.value.field == "fixed_workers"


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize(("origin", "fixed"), [("absolute", False), ("arrival", True),
                                               ("absolute", True)])
def test_models_solve_the_stated_problem(seed, origin, fixed, solver):
    inst = tiny_instance(seed).with_rules(time_origin=origin, fixed_workers=fixed)
    ref = brute_force(inst, inst.horizon)
    for model in ("revenue-milp", "revenue-cpsat"):
        res = ds.solve(inst, model=model, solver=solver)
        assert res.status.value == "optimal", model
        assert res.objective == pytest.approx(ref, rel=1e-6, abs=1e-6), model
        assert ds.check(inst, res) == []
        assert PROBLEMS.get("revenue").objective(inst, res.solution) == pytest.approx(ref)


@pytest.mark.parametrize("seed", [0, 3, 7])
def test_every_scheduler_ends_by_the_horizon(seed):
    # a short horizon: the schedulers reject what cannot end by T; all stay valid and <= OPT
    inst = generate(n_jobs=8, n_servers=3, n_tenants=2, seed=seed, scale="small",
                    arrival_max=6, horizon=12)
    opt = ds.solve(inst, model="revenue-milp")
    assert opt.status.value == "optimal"
    for name, _ in ALGORITHMS.items("revenue"):
        res = ALGORITHMS.get(name, problem="revenue").run(inst)
        assert ds.check(inst, res) == [], name
        ends = [r["completion"] for r in res.solution["jobs"].values() if r["admitted"]]
        assert max(ends, default=0) <= 12, name
        assert res.objective <= opt.objective + 1e-6, name


@pytest.mark.parametrize("name", ["hived", "gandiva-fair"])
def test_baselines_reject_a_job_that_cannot_end_by_the_horizon(name):
    # notes §4 (docs/specs/revenue.md) example:
    # j11 (r = 3, D = 2 = dem) runs C with 2 workers from slot 4 for
    # ceil(2 * 2 * 1 / (1 * 2)) = 2 slots: completion 5. T = 5 holds it, T = 4 does not.
    from dlsched.revenue.instance import parse
    from dlsched.revenue.paper import worked_example

    inst = parse(worked_example())
    rec = ds.run(inst.with_rules(horizon=5), name).solution["jobs"]["j11"]
    assert rec["admitted"] and (rec["start"], rec["completion"]) == (4, 5)
    res = ds.run(inst.with_rules(horizon=4), name)
    assert ds.check(inst.with_rules(horizon=4), res) == []
    assert not any(r["admitted"] for r in res.solution["jobs"].values())


def test_auto_horizon_covers_the_uncapped_schedulers():
    from dlsched.core.limits import MAX_SLOTS

    inst = generate(n_jobs=8, n_servers=3, n_tenants=2, seed=3, scale="small",
                    arrival_max=6, horizon=12)
    wide = inst.with_rules(horizon=MAX_SLOTS)  # no effective cap
    ends = [r["completion"] for name, params in AUTO_HORIZON_RUNS
            for r in ALGORITHMS.get(name, problem="revenue").run(wide, **params).solution[
                "jobs"].values() if r["admitted"]]
    T = auto_horizon(inst)
    assert max([12, *ends]) == T
    # on the instance stating that T, every scheduler keeps its uncapped schedule
    stated = inst.with_rules(horizon=T)
    for name, params in AUTO_HORIZON_RUNS:
        run = ALGORITHMS.get(name, problem="revenue").run
        assert run(stated, **params).solution["jobs"] == run(wide, **params).solution["jobs"]
