"""``ltgf-milp``'s second objective: (tenant, window) pairs with rho < 1 (notes §9.2)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds
from dlsched.ltgf import generate_slotted


def test_windows_objective_not_worse_than_online():
    inst = generate_slotted(n_jobs=6, tenants=2, gpus=8, max_slots=2, release_slots=3, seed=7)
    res = ds.solve(inst, model="ltgf-milp", objective="windows", window=2)
    assert res.status.value == "optimal" and ds.check(inst, res) == []
    assert res.objective >= 0
