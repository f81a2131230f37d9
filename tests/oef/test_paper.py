"""Golden tests: every row of notes §9 (G1-G8 incl. lies), with exact fractions.

Expected values come from the notes (verified there with exact rationals); the LPs run on every
registered backend (Pyomo with the ``--solvers`` solvers, cvxpy, ...). X is asserted only where
the notes say the optimal face is a single point; otherwise objective and E vector.

Each LP runs on the instance stating its own problem (``inst.with_fairness``: the committed files
state the LP of their golden row, e.g. paper-w1 the cooperative G2); the baselines' allocations
are checked against the capacity-only statement (``fairness='none'``), which is the problem they
solve, and where the notes say they envy, the cooperative statement rejects them.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest
from scipy.optimize import linprog

import dlsched as ds
from dlsched.core import Result, Status
from dlsched.oef import make
from dlsched.oef.exact import BACKENDS
from dlsched.oef.metrics import (
    ef_slack,
    envy_free,
    pareto_efficient,
    si_slack,
    strategy_proof_sample,
)
from dlsched.oef.rules import FAIRNESS_OF
from dlsched.oef.solution import rows_of
from tests.oef.common import ATOL, load, q


def approx(*values) -> pytest.approx:
    return pytest.approx(q(*values), abs=ATOL)


def alloc(res: Result) -> np.ndarray:
    return np.asarray(res.solution["allocation"], dtype=float)


def eff(res: Result) -> list[float]:
    return res.solution["efficiency"]


def true_efficiency(inst, res: Result) -> np.ndarray:
    """Per-row throughput of ``res`` valued with ``inst``'s (true) speedups."""
    return np.einsum("rk,rk->r", inst.rows.W, rows_of(inst, res.solution))


def checked(inst, res: Result) -> Result:
    assert res.ok, res.stats
    assert ds.check(inst, res) == []
    return res


@pytest.fixture(params=sorted(BACKENDS))
def lp(request, solver):
    """solve(inst, mechanism) through ds.solve on one backend; asserts optimal and feasible."""

    def solve(inst, mechanism: str) -> Result:
        inst = inst.with_fairness(FAIRNESS_OF[f"oef-{mechanism}"])
        res = ds.solve(inst, solver=solver, backend=request.param)
        assert res.method == f"oef-{mechanism}"
        assert res.status is Status.OPTIMAL
        return checked(inst, res)

    return solve


def run(inst, algorithm: str, **params) -> Result:
    """A baseline's result, valid on the capacity-only statement of ``inst``."""
    return checked(inst.with_fairness("none"), ds.run(inst, algorithm, **params))


# --- G1: Gandiva_fair on W_1 ------------------------------------------------------------------
def test_g1_gandiva_fair_trades():
    inst = load("paper-w1")
    res = run(inst, "gandiva-fair")
    trades = res.solution["trades"]
    assert [(t["buyer"], t["seller"]) for t in trades] == [(2, 0), (1, 0)]
    assert [t["price"] for t in trades] == approx(3, "5/2")
    assert [t["quantity"] for t in trades] == approx("1/9", "2/15")
    assert alloc(res).ravel().tolist() == approx(1, "4/45", 0, "7/15", 0, "4/9")
    assert eff(res) == approx("53/45", "7/5", "16/9")
    assert res.objective == pytest.approx(float(F(53, 45) + F(7, 5) + F(16, 9)), abs=ATOL)
    assert res.status is Status.FEASIBLE


def test_g1_lie_gandiva_fair_liar_gains():
    inst = load("paper-w1")
    truth = run(inst, "gandiva-fair")
    lie = run(inst.with_speedup(0, [1, 2.8]), "gandiva-fair")
    assert [t["price"] for t in lie.solution["trades"]] == approx(3, "29/10")
    assert alloc(lie).ravel().tolist() == approx(1, "28/261", 0, "13/29", 0, "4/9")
    true_e = true_efficiency(inst, lie)
    assert true_e == pytest.approx([1.2146, 1.3448, 1.7778], abs=5e-5)
    assert true_e[0] > eff(truth)[0]


def test_g1_ef_gandiva_fair_u3_envies_u2():
    inst = load("paper-w1")
    X = alloc(run(inst, "gandiva-fair"))
    W = inst.rows.W
    assert W[2] @ X[1] == pytest.approx(float(4 * F(7, 15)), abs=ATOL)
    assert ef_slack(W, X)[2, 1] == pytest.approx(float(F(16, 9) - 4 * F(7, 15)), abs=ATOL)
    assert not envy_free(W, X)


def test_gandiva_fair_tie_rule_lowest_seller():
    """Hand-derived from the notes §6.2 rules: sellers u1, u2 tie (gap 2) -> the lower index sells;
    u2 cannot bid (r_2 = r_s), so the price is the midpoint 3."""
    inst = make([[1, 2], [1, 2], [1, 4]])
    res = run(inst, "gandiva-fair")
    trades = res.solution["trades"]
    assert [(t["buyer"], t["seller"], t["rule"]) for t in trades] == [(2, 0, "midpoint")]
    assert [t["price"] for t in trades] == approx(3)
    assert alloc(res).ravel().tolist() == approx("2/3", "2/9", "1/3", "1/3", 0, "4/9")


def test_gandiva_fair_three_types_trades_over_all_pairs():
    """Hand-derived k = 3 case of the notes §6.2 generalisation: first the widest gap (types 1-3,
    midpoint 5/2), then types 2-3 (midpoint 3/2)."""
    inst = make([[1, 1, 1], [1, 2, 4]])
    res = run(inst, "gandiva-fair")
    trades = res.solution["trades"]
    assert [(t["slow"], t["fast"], t["buyer"], t["seller"]) for t in trades] == [
        (0, 2, 1, 0), (1, 2, 1, 0)]
    assert [t["price"] for t in trades] == approx("5/2", "3/2")
    assert [t["quantity"] for t in trades] == approx("1/5", "3/10")
    assert alloc(res).ravel().tolist() == approx(1, "19/20", 0, 0, "1/20", 1)


# --- G2 / G2b: cooperative and non-cooperative OEF on W_1 -------------------------------------
def test_g2_cooperative(lp):
    inst = load("paper-w1")
    res = lp(inst, "cooperative")
    assert alloc(res).ravel().tolist() == approx(1, 0, 0, "1/2", 0, "1/2")
    assert eff(res) == approx(1, "3/2", 2)
    assert res.objective == pytest.approx(4.5, abs=ATOL)
    slack = si_slack(inst.rows.W, alloc(res), inst.capacity)
    assert slack[0] == pytest.approx(0.0, abs=ATOL)  # SI tight for u1
    assert (slack >= -ATOL).all()


def test_g2b_noncooperative(lp):
    inst = load("paper-w1")
    res = lp(inst, "noncooperative")
    assert res.solution["level"] == pytest.approx(float(F(18, 13)), abs=ATOL)
    assert alloc(res).ravel().tolist() == approx(1, "5/26", 0, "6/13", 0, "9/26")
    assert res.objective == pytest.approx(float(F(54, 13)), abs=ATOL)
    # below both baselines (notes G2b)
    assert res.objective < run(inst, "gandiva-fair").objective
    assert res.objective < run(inst, "gavel").objective


# --- G3: Gavel --------------------------------------------------------------------------------
@pytest.mark.parametrize("second_stage", [True, False])
def test_g3_gavel(second_stage):
    inst = load("paper-w1")
    res = run(inst, "gavel", second_stage=second_stage)
    assert res.solution["level"] == pytest.approx(float(F(12, 11)), abs=ATOL)
    assert alloc(res).ravel().tolist() == approx("10/11", "1/11", "1/11", "5/11", 0, "5/11")
    assert eff(res) == approx("12/11", "16/11", "20/11")
    assert res.objective == pytest.approx(float(F(48, 11)), abs=ATOL)
    W, X = inst.rows.W, alloc(res)
    assert W[2] @ X[1] == pytest.approx(float(F(21, 11)), abs=ATOL)  # u3 envies u2
    assert not envy_free(W, X)
    # so on the cooperative statement (paper-w1.json) Gavel's allocation is invalid
    assert inst.fairness == "cooperative"
    envy = ds.check(inst, res)
    assert [e[:45] for e in envy] == ["envy: user u3 values user u2's bundle at 1.90"]


def test_g3_gavel_without_cap_is_not_the_paper():
    res = run(load("paper-w1"), "gavel", cap=None)
    assert res.solution["level"] == pytest.approx(float(F(54, 49)), abs=ATOL)
    assert alloc(res).ravel().tolist() == pytest.approx([1, 0.051, 0, 0.490, 0, 0.459], abs=1e-3)


def test_g3_lie_gavel():
    inst = load("paper-w1")
    lie = run(inst.with_speedup(0, [1, 2.5]), "gavel")
    assert alloc(lie)[0].tolist() == pytest.approx([0.8523, 0.1477], abs=5e-5)
    true_e1 = true_efficiency(inst, lie)[0]
    assert true_e1 == pytest.approx(1.1477, abs=5e-5)
    assert true_e1 > float(F(12, 11))


def test_g3_pe_trade_improves_gavel():
    inst = load("paper-w1")
    gavel = run(inst, "gavel")
    W, X = inst.rows.W, alloc(gavel)
    traded = np.array(q(1, "1/22", 0, "1/2", 0, "5/11")).reshape(3, 2)
    assert ds.check(inst.with_fairness("none"), {"allocation": traded.tolist()}) == []
    e_new = np.einsum("rk,rk->r", W, traded)
    assert e_new == pytest.approx(q("12/11", "3/2", "20/11"), abs=ATOL)
    assert (e_new >= np.array(eff(gavel)) - ATOL).all() and e_new.sum() > gavel.objective
    assert traded[0].sum() > 1  # the trade breaks Gavel's per-user cap ...
    assert not pareto_efficient(W, X, inst.capacity)  # ... so Gavel is not PE in OEF's model
    assert pareto_efficient(W, X, inst.capacity, cap=1)  # but is within its own capped model


# --- G4: pure efficiency ----------------------------------------------------------------------
def test_g4_efficiency(lp):
    inst = load("paper-w1")
    res = lp(inst, "efficiency")
    assert res.objective == pytest.approx(5.0, abs=ATOL)
    paper_x = np.array([[1.0, 0], [0, 0], [0, 1]])
    assert ds.check(inst.with_fairness("none"), {"allocation": paper_x.tolist()}) == []
    assert ds.check(inst, {"allocation": paper_x.tolist()}) != []  # u2 envies: not LP (10)
    assert np.einsum("rk,rk->", inst.rows.W, paper_x) == pytest.approx(res.objective, abs=ATOL)
    assert alloc(res)[:, 1].tolist() == approx(0, 0, 1)  # the fast GPU is u3's in every optimum


# --- G5: eq (6) -------------------------------------------------------------------------------
def test_g5_cooperative(lp):
    inst = load("paper-eq6")
    res = lp(inst, "cooperative")
    assert alloc(res).ravel().tolist() == approx(1, "1/4", 0, "3/4")
    assert eff(res) == approx("3/2", "15/4")
    assert res.objective == pytest.approx(5.25, abs=ATOL)
    assert ef_slack(inst.rows.W, alloc(res))[0, 1] == pytest.approx(0.0, abs=ATOL)  # u1 tight


def test_g5_lie_cooperative(lp):
    inst = load("paper-eq6")
    lie = lp(inst.with_speedup(0, [1, 4]), "cooperative")
    assert alloc(lie).ravel().tolist() == approx(1, "3/8", 0, "5/8")
    true_e = true_efficiency(inst, lie)
    assert true_e.tolist() == approx("7/4", "25/8")
    assert true_e.sum() == pytest.approx(4.875, abs=ATOL)
    assert true_e[0] / 1.5 - 1 == pytest.approx(1 / 6, abs=ATOL)  # liar +16.7%


def test_g5_both_lie_cooperative(lp):
    inst = load("paper-eq6")
    both = inst.with_speedup(0, [1, 4]).with_speedup(1, [1, 4])
    res = lp(both, "cooperative")
    assert res.objective == pytest.approx(5.0, abs=ATOL)
    assert eff(res) == approx("5/2", "5/2")  # identical reports + EF => equal reported E
    split = np.full((2, 2), 0.5)  # one optimum (the face is not a point)
    assert envy_free(both.rows.W, split)
    assert np.einsum("rk,rk->", both.rows.W, split) == pytest.approx(res.objective, abs=ATOL)
    assert np.einsum("rk,rk->r", inst.rows.W, split).tolist() == approx("3/2", 3)


def _max_total_subject_to_si(inst) -> np.ndarray:
    """max Sigma s.t. capacity and SI (no EF): notes G5-SI, solved independently with scipy."""
    W, m = inst.rows.W, inst.capacity
    R, k = W.shape
    cap_rows = np.kron(np.ones((1, R)), np.eye(k))
    si_rows = -np.kron(np.eye(R), np.ones((1, k))) * np.tile(W.ravel(), (R, 1))
    A = np.vstack([cap_rows, si_rows])
    b = np.concatenate([m, -(W @ m) / R])
    res = linprog(-W.ravel(), A_ub=A, b_ub=b, bounds=(0, None), method="highs")
    assert res.status == 0
    return res.x.reshape(R, k)


def test_g5_si_instead_of_ef():
    inst = load("paper-eq6")
    X = _max_total_subject_to_si(inst)
    assert X.ravel().tolist() == approx(1, "1/4", 0, "3/4")
    lie = _max_total_subject_to_si(inst.with_speedup(0, [1, 4]))
    true_total = float(np.einsum("rk,rk->", inst.rows.W, lie))
    assert true_total == pytest.approx(4.875, abs=ATOL)
    assert 1 - true_total / 5.25 == pytest.approx(0.0714, abs=1e-4)  # the paper's "8%"


def test_g5_nc_noncooperative(lp):
    res = lp(load("paper-eq6"), "noncooperative")
    assert res.solution["level"] == pytest.approx(float(F(15, 7)), abs=ATOL)
    assert alloc(res).ravel().tolist() == approx(1, "4/7", 0, "3/7")
    assert res.objective == pytest.approx(float(F(30, 7)), abs=ATOL)


# --- G6 / G7: weights and multiple job types --------------------------------------------------
def test_g6_weighted_noncooperative(lp):
    inst = load("paper-weighted")
    res = lp(inst, "noncooperative")
    assert alloc(res).ravel().tolist() == approx(1, "1/3", 0, "2/3")
    assert eff(res) == approx("5/3", "10/3")  # E = 5/3 per unit of weight
    assert res.objective == pytest.approx(5.0, abs=ATOL)
    # the paper's literal replication gives the same allocation
    rep = lp(make([[1, 2], [1, 5], [1, 5]]), "noncooperative")
    assert alloc(rep).ravel().tolist() == approx(1, "1/3", 0, "1/3", 0, "1/3")


def test_g7_multitype_noncooperative(lp):
    inst = load("paper-multitype")
    res = lp(inst, "noncooperative")
    rows = rows_of(inst, res.solution)
    # u2's two replica rows [0, 9/37] of the notes merged into its single (weight-1) row
    assert rows.ravel().tolist() == approx(1, "4/37", 0, "15/37", 0, "18/37")
    assert [r["efficiency"] for r in res.solution["rows"]] == approx("45/37", "45/37", "90/37")
    assert eff(res) == approx("90/37", "90/37")
    rep = lp(make([[1, 2], [1, 3], [1, 5], [1, 5]]), "noncooperative")
    assert rep.solution["level"] == pytest.approx(float(F(45, 37)), abs=ATOL)
    assert alloc(rep).ravel().tolist() == approx(1, "4/37", 0, "15/37", 0, "9/37", 0, "9/37")


# --- G8: Fig. 2 -------------------------------------------------------------------------------
def test_g8_cooperative_not_strategy_proof(lp):
    inst = load("paper-fig2")
    res = lp(inst, "cooperative")
    assert alloc(res).ravel().tolist() == approx(1, "1/4", 0, "3/4")
    lie = lp(inst.with_speedup(0, [1, 3]), "cooperative")
    assert alloc(lie).ravel().tolist() == approx(1, "1/3", 0, "2/3")
    assert eff(res)[0] == pytest.approx(1.5, abs=ATOL)
    assert true_efficiency(inst, lie)[0] == pytest.approx(float(F(5, 3)), abs=ATOL)


@pytest.mark.parametrize(
    ("name", "lie", "truth", "after"),
    [("paper-w1", 2.8, F(18, 13), 1.3165), ("paper-eq6", 4, F(15, 7), 1.8889),
     ("paper-fig2", 3, F(2), 1.8571)],
)
def test_g8_nc_noncooperative_liar_loses(lp, name, lie, truth, after):
    inst = load(name)
    honest = lp(inst, "noncooperative")
    lied = lp(inst.with_speedup(0, [1, lie]), "noncooperative")
    assert eff(honest)[0] == pytest.approx(float(truth), abs=ATOL)
    assert true_efficiency(inst, lied)[0] == pytest.approx(after, abs=5e-5)


def test_sp_sampler_finds_g8_violation_only_for_cooperative():
    inst = load("paper-fig2")
    coop = strategy_proof_sample(inst, "oef-cooperative", samples=12, seed=1, modes=["inflate"])
    nc = strategy_proof_sample(inst, "oef-noncooperative", samples=12, seed=1, modes=["inflate"])
    assert coop["inflate"]["violations"] > 0 and coop["inflate"]["max_gain"] > 0
    assert nc["inflate"]["violations"] == 0 and nc["inflate"]["samples"] == 12


# --- max-min ----------------------------------------------------------------------------------
def test_max_min_equal_split_weighted():
    inst = load("paper-weighted")  # pi = (1, 2): shares 1/3 and 2/3 of every type
    res = run(inst, "max-min")
    assert alloc(res).ravel().tolist() == approx("1/3", "1/3", "2/3", "2/3")
    multi = run(load("paper-multitype"), "max-min")  # u1's half split over its two job types
    assert rows_of(load("paper-multitype"), multi.solution).ravel().tolist() == approx(
        "1/4", "1/4", "1/4", "1/4", "1/2", "1/2"
    )
