"""Exact model ``revenue-cpsat``: optimum = brute force on tiny instances, and OPT >= every
scheduler when the horizon covers their makespan (notes §2.2)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue import generate

from .bruteforce import brute_force, tiny_instance

ALGS = ["astraea", "a-round", "a-maxirev", "batchsche", "gandiva-fair",
        "hived"]


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


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_tiny_brute_force(seed):
    inst = tiny_instance(seed)
    ref = brute_force(inst, inst.horizon)
    cp = ds.solve(inst, model="revenue-cpsat")
    assert cp.status.value == "optimal"
    assert cp.objective == pytest.approx(ref, rel=1e-6, abs=1e-6)
    assert ds.check(inst, cp) == []
