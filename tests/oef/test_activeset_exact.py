"""The cooperative active set (``exact/activeset.py``) returns exactly the optimum of LP (10).

Reference values come from the full LP (all n(n-1) envy rows at once, ``envy="full"``), an
independent solve; the active set's strategies (default, thin chain seed, column generation)
must reach the same objective, an allocation the validator accepts, and a bound of the full LP.
The certificate must refuse "optimal" when a needed column is never priced in.
"""

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import SolveOptions, Status
from dlsched.oef import generate
from dlsched.oef.exact import activeset, envy_violations
from dlsched.oef.exact.activeset import ActiveSet

from .common import case_id, full_optimum

CASES = [(30, 4, 0, True, False), (50, 6, 1, False, True), (80, 10, 2, True, True),
         (120, 10, 3, False, False)]
STRATEGIES = {
    "default": ActiveSet(),
    "chain-seed": ActiveSet(neighbours=1, chain=0, partners=1),
    "colgen": ActiveSet(window=0, columns=1),
    "colgen-wide": ActiveSet(window=1, columns=3, neighbours=1),
}


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_active_set_equals_full_lp(case, strategy):
    inst = generate(*case[:3], monotone=case[3], weighted=case[4])
    opt = full_optimum(case)
    res = activeset.solve_lazy(inst, SolveOptions(), STRATEGIES[strategy])
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(opt, rel=1e-7, abs=1e-7)
    assert res.bound >= opt * (1 - 1e-9)  # a bound of the full LP, attained
    assert res.stats["dual_bound_gap"] <= activeset.CERT_TOL
    assert ds.check(inst, res) == []
    X = np.asarray(res.solution.allocation, float)
    assert not envy_violations(inst.rows.W, inst.rows.weight, X, 1e-6 * opt).any()
    assert res.stats["envy_rows"] < case[0] * (case[0] - 1)


@pytest.mark.parametrize("block", [1, 7, 64, 1000])
def test_blockwise_separation_sees_every_violated_pair(block):
    """Same violated pairs as the dense n x n envy matrix, for any block size."""
    inst = generate(40, 5, seed=9, weighted=True)
    W, pi = inst.rows.W, inst.rows.weight
    X = np.random.default_rng(1).uniform(0, 2, size=W.shape)
    dense = envy_violations(W, pi, X, 1e-9)
    r, s, count, worst = activeset.envy_separation(W, pi, X, 1e-9, 40, block)
    assert count == np.count_nonzero(dense) > 0
    assert worst == pytest.approx(dense.max())
    got = np.zeros_like(dense, dtype=bool)
    got[r, s] = True
    np.testing.assert_array_equal(got, dense > 0)  # partners = n - 1: all of them


def test_certificate_refuses_optimal_when_a_column_is_never_priced(monkeypatch):
    """Column generation without pricing stops on a restricted LP: not 'optimal', and the bound
    (from bounds.py, every column) still lies above the full optimum."""
    case = CASES[2]
    inst = generate(*case[:3], monotone=case[3], weighted=case[4])
    opt = full_optimum(case)
    monkeypatch.setattr(activeset, "price", lambda *a: (np.empty(0, int), np.empty(0, int)))
    res = activeset.solve_lazy(inst, SolveOptions(), ActiveSet(window=0))
    assert res.status is not Status.OPTIMAL
    assert res.objective < opt - 1e-6  # the restricted columns really cut the optimum
    assert res.bound >= opt * (1 - 1e-9)
    assert ds.check(inst, res.solution) == []
