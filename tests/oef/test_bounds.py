"""The dual bound of cooperative OEF (10) (``exact/bounds.py``): weak duality for any
multipliers, and tight on the active set's row duals (the certificate of its optimality)."""

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import Status
from dlsched.oef import generate
from dlsched.oef.exact import solve_oef
from dlsched.oef.exact.bounds import dual_bound
from dlsched.oef.exact.matrix import all_pairs


def solved(inst, mechanism: str, backend: str, **params):
    res = solve_oef(inst, mechanism, backend=backend, **params)
    assert res.status is Status.OPTIMAL, (backend, mechanism, res.status)
    assert ds.check(inst, res) == []
    return res


def test_dual_bound_is_an_upper_bound_for_any_multipliers():
    """Weak duality: any u, v >= 0 on any subset of envy rows bound the full LP from above."""
    inst = generate(12, 4, seed=21, weighted=True)
    W, pi, cap = inst.rows.W, inst.rows.weight, inst.capacity
    opt = solved(inst, "cooperative", "highs", envy="full").objective
    r, s = all_pairs(inst.rows.size)
    rng = np.random.default_rng(0)
    for _ in range(30):
        sub = rng.random(r.size) < 0.3
        u, v = rng.uniform(0, 5, inst.n_types), rng.uniform(0, 1, int(sub.sum()))
        assert dual_bound(W, pi, cap, r[sub], s[sub], u, v) >= opt * (1 - 1e-12)
    assert dual_bound(W, pi, cap, r[:0], s[:0], np.zeros(inst.n_types), []) >= opt


@pytest.mark.parametrize("seed,monotone", [(0, True), (1, False)])
def test_active_set_result_carries_a_tight_certificate(seed, monotone):
    inst = generate(80, 8, seed=seed, monotone=monotone)
    full = solved(inst, "cooperative", "highs", envy="full").objective
    lazy = solved(inst, "cooperative", "highs", envy="lazy")
    assert lazy.bound >= full * (1 - 1e-9)  # a valid bound of the full LP ...
    assert lazy.stats["dual_bound_gap"] <= 1e-9  # ... that the active-set objective attains
