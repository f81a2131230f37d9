"""The two counterexamples of notes §7: where the paper's theorems do not hold.

* Thm 5.2 (adjacency) fails for cooperative OEF even with monotone speedup ratios, and the
  optimal face is a single point, so *every* optimum is non-adjacent.
* Thm 5.3 (Pareto efficiency) fails for cooperative OEF: a Pareto improvement exists, but it is
  not envy-free.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
from scipy.optimize import linprog

import dlsched as ds
from dlsched.core import Status
from dlsched.oef.exact import BACKENDS
from dlsched.oef.metrics import (
    adjacency,
    envy_free,
    non_adjacent_rows,
    pareto_efficient,
    pe_gap,
    properties,
)
from dlsched.oef.rules import for_model
from tests.oef.common import ATOL, load, q


@pytest.fixture(params=sorted(BACKENDS))
def lp(request, solver):
    def solve(inst, mechanism: str):
        inst = for_model(inst, f"oef-{mechanism}")  # the LP's own statement
        res = ds.solve(inst, model=f"oef-{mechanism}", solver=solver, backend=request.param)
        assert res.status is Status.OPTIMAL
        assert ds.check(inst, res) == []
        return res

    return solve


def _optimal_face_extreme(inst, optimum: float, row: int, col: int, sense: int) -> float:
    """min (sense=1) or max (sense=-1) of x[row, col] over the optimal face of LP (10),
    built independently with scipy (capacity, all n(n-1) envy rows, Sigma >= optimum - 1e-11)."""
    W, m = inst.rows.W, inst.capacity
    R, k = W.shape
    rows, rhs = [np.kron(np.ones((1, R)), np.eye(k))], [m]
    for r in range(R):
        for s in range(R):
            if r != s:  # W_r.x_s - W_r.x_r <= 0
                a = np.zeros((R, k))
                a[s] += W[r]
                a[r] -= W[r]
                rows.append(a.reshape(1, -1))
                rhs.append([0.0])
    rows.append(-W.reshape(1, -1))
    rhs.append([-(optimum - 1e-11)])
    c = np.zeros(R * k)
    c[row * k + col] = sense
    res = linprog(c, A_ub=np.vstack(rows), b_ub=np.concatenate(rhs), bounds=(0, None),
                  method="highs")
    assert res.status == 0
    return sense * res.fun


def test_instance_satisfies_monotone_ratio_assumption():
    W = load("counterexample-coop-adjacency").rows.W
    k = W.shape[1]
    for p in range(k):
        for qq in range(p + 1, k):
            assert (np.diff(W[:, qq] / W[:, p]) >= 0).all()


def test_cooperative_violates_adjacency(lp):
    inst = load("counterexample-coop-adjacency")
    res = lp(inst, "cooperative")
    X = np.asarray(res.solution["allocation"])
    assert X[2, 0] >= 1.3029 - 1e-4 and X[2, 2] >= 0.7042 - 1e-4  # notes §7 face minima
    assert X[2, 1] == pytest.approx(0.0, abs=1e-7)
    assert 2 in non_adjacent_rows(X, inst.capacity)
    assert not adjacency(X)
    assert properties(inst, res.solution)["adjacency"]["holds"] is False


def test_every_cooperative_optimum_is_non_adjacent():
    inst = load("counterexample-coop-adjacency")
    optimum = ds.solve(inst, model="oef-cooperative").objective
    assert _optimal_face_extreme(inst, optimum, 2, 1, -1) == pytest.approx(0.0, abs=1e-6)
    assert _optimal_face_extreme(inst, optimum, 2, 0, 1) == pytest.approx(1.3029, abs=1e-4)
    assert _optimal_face_extreme(inst, optimum, 2, 2, 1) == pytest.approx(0.7042, abs=1e-4)


def test_noncooperative_is_adjacent_on_the_same_instance(lp):
    inst = load("counterexample-coop-adjacency")
    res = lp(inst, "noncooperative")
    assert adjacency(np.asarray(res.solution["allocation"]), inst.capacity)


def test_cooperative_is_not_pareto_efficient(lp):
    inst = load("counterexample-coop-pe")
    W, m = inst.rows.W, inst.capacity
    res = lp(inst, "cooperative")
    assert res.solution["efficiency"] == pytest.approx(q("43/6", "53/6", "10/3"), abs=ATOL)
    X = np.asarray(res.solution["allocation"])
    assert envy_free(W, X)
    assert not pareto_efficient(W, X, m)
    assert pe_gap(W, X, m) >= 1 / 8 - ATOL
    verdict = properties(inst, res.solution)
    assert verdict["envy_free"]["holds"] and verdict["sharing_incentive"]["holds"]
    assert not verdict["pareto_efficient"]["holds"]


def test_spec_pareto_improvement_is_feasible_but_not_envy_free():
    inst = load("counterexample-coop-pe")
    W = inst.rows.W
    better = np.array(q(0, "13/24", 1, 0, "43/24", 0, 2, "2/3", 0)).reshape(3, 3)
    assert ds.check(inst.with_fairness("none"), {"allocation": better.tolist()}) == []
    assert ds.check(inst, {"allocation": better.tolist()})[0].startswith(
        "envy: user u3 values user u2's bundle")  # the file states LP (10)
    e_new = np.einsum("rk,rk->r", W, better)
    assert e_new == pytest.approx(q("43/6", F(53, 6) + F(1, 8), "10/3"), abs=ATOL)
    assert W[2] @ better[1] > e_new[2]  # user 3 envies user 2
    assert not envy_free(W, better)


def test_noncooperative_is_pareto_efficient_on_the_same_instance(lp):
    inst = load("counterexample-coop-pe")
    res = lp(inst, "noncooperative")
    assert pareto_efficient(inst.rows.W, np.asarray(res.solution["allocation"]), inst.capacity)
