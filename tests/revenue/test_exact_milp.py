"""Exact model ``revenue-milp``: optimum = brute force on tiny instances; honest time-limited
status."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue import generate

from .bruteforce import brute_force, tiny_instance


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_tiny_brute_force(seed, solver):
    inst = tiny_instance(seed)
    ref = brute_force(inst, inst.horizon)
    milp = ds.solve(inst, model="revenue-milp", solver=solver)
    assert milp.status.value == "optimal"
    assert milp.objective == pytest.approx(ref, rel=1e-6, abs=1e-6)
    assert ds.check(inst, milp) == []


def test_time_limit_is_honest():
    inst = generate(n_jobs=10, n_servers=4, n_tenants=2, seed=5, scale="small",
                    arrival_max=6, horizon=30)
    res = ds.solve(inst, model="revenue-milp", time_limit=0.2)
    assert res.status.value in ("time_limit", "optimal")
    if res.status.value == "time_limit" and res.objective is not None:
        assert res.bound is not None and res.bound >= res.objective - 1e-6
        assert ds.check(inst, res) == []
