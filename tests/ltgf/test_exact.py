"""Exact slotted models agree with each other and with brute force; online <= optimum."""

from __future__ import annotations

from fractions import Fraction

import pytest

import dlsched as ds
from dlsched.ltgf import generate_slotted
from dlsched.ltgf.brute import brute_force
from dlsched.ltgf.exact import online_schedules, online_slot_matrix, solve_maxmin
from dlsched.ltgf.slots import schedule_rho, slot_data


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_models_agree_with_brute_force(seed):
    inst = generate_slotted(n_jobs=5, tenants=2, gpus=8, max_slots=2, release_slots=2, seed=seed)
    x0 = online_slot_matrix(inst)
    S = x0.shape[1]  # ASTRAEA's makespan keeps the brute force small
    assert max(x.shape[1] for x in online_schedules(inst)) >= S
    milp = solve_maxmin(inst, "ltgf-milp", slots=S)
    cp = solve_maxmin(inst, "ltgf-cpsat", slots=S)
    bis = solve_maxmin(inst, "ltgf-milp", slots=S, method="bisection")
    best, _ = brute_force(inst, horizon=S, level="tenant")
    assert milp.status.value == cp.status.value == bis.status.value == "optimal"
    assert Fraction(milp.stats["rho_exact"]) == Fraction(cp.stats["rho_exact"])
    assert Fraction(milp.stats["rho_exact"]) == Fraction(bis.stats["rho_exact"])
    assert milp.objective == pytest.approx(best)
    online = min(schedule_rho(slot_data(inst, S), x0).values())
    assert online <= Fraction(milp.stats["rho_exact"])
    for r in (milp, cp, bis):
        assert ds.check(inst, r) == []


def test_default_horizon_covers_every_policy():
    """Every online policy's slotted schedule is feasible in the exact model: ratio <= 1."""
    inst = generate_slotted(n_jobs=6, tenants=2, gpus=8, max_slots=2, release_slots=3, seed=2)
    opt = ds.solve(inst, model="ltgf-milp")
    assert opt.status.value == "optimal"
    for name in ("astraea-ltgf", "yarn-cs", "themis", "gandiva-fair"):
        assert ds.run(inst, name).objective <= opt.objective + 1e-9


def test_windows_objective_not_worse_than_online():
    inst = generate_slotted(n_jobs=6, tenants=2, gpus=8, max_slots=2, release_slots=3, seed=7)
    res = ds.solve(inst, model="ltgf-milp", objective="windows", window=2)
    assert res.status.value == "optimal" and ds.check(inst, res) == []
    assert res.objective >= 0
