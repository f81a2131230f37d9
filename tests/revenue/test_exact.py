"""Exact models: MILP = CP-SAT = brute force on tiny instances; OPT >= every scheduler;
honest time-limited status."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue import generate
from dlsched.revenue.instance import parse

from .bruteforce import brute_force

ALGS = ["astraea", "a-round", "a-maxirev", "batchsche", "gandiva-fair",
        "hived"]


def _tiny(seed: int):
    data = ds.PROBLEMS.get("revenue").dump(generate(n_jobs=3, n_servers=2, n_tenants=2,
                                                   seed=seed, scale="small", arrival_max=2))
    data["horizon"] = 7
    for job in data["jobs"]:
        job["chunks"] = min(job["chunks"], 3)
    return parse(data)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_tiny_brute_force(seed, solver):
    inst = _tiny(seed)
    ref = brute_force(inst, inst.horizon)
    milp = ds.solve(inst, model="revenue-milp", solver=solver)
    cp = ds.solve(inst, model="revenue-cpsat")
    assert milp.status.value == cp.status.value == "optimal"
    assert milp.objective == pytest.approx(ref, rel=1e-6, abs=1e-6)
    assert cp.objective == pytest.approx(ref, rel=1e-6, abs=1e-6)
    assert ds.check(inst, milp) == [] and ds.check(inst, cp) == []


@pytest.mark.parametrize("seed", [0])
def test_opt_dominates_schedulers(seed):
    inst = generate(n_jobs=5, n_servers=3, n_tenants=2, seed=seed, scale="small",
                    arrival_max=3)
    runs = {a: ds.run(inst, a) for a in ALGS}
    makespan = max([r["completion"] for res in runs.values()
                    for r in res.solution["jobs"].values() if r["admitted"]] + [inst.horizon])
    opt = ds.solve(inst, model="revenue-cpsat", horizon=makespan)
    assert opt.status.value == "optimal" and ds.check(inst, opt) == []
    for name, res in runs.items():
        assert ds.check(inst, res) == [], name
        assert res.objective <= opt.objective + 1e-6, name


def test_time_limit_is_honest():
    inst = generate(n_jobs=10, n_servers=4, n_tenants=2, seed=5, scale="small",
                    arrival_max=6, horizon=30)
    res = ds.solve(inst, model="revenue-milp", time_limit=0.2)
    assert res.status.value in ("time_limit", "optimal")
    if res.status.value == "time_limit" and res.objective is not None:
        assert res.bound is not None and res.bound >= res.objective - 1e-6
        assert ds.check(inst, res) == []
