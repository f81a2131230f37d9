"""The menu strategy (``exact/menu.py``) returns exactly the optimum of LP (10), and its
certificate is what makes it say so.

Reference values come from the full LP (all n(n-1) envy rows at once, ``envy="full"``), an
independent solve. The menu strategy must reach the same objective, an allocation the validator
and the pairwise envy check accept, and a bound that ``bounds.dual_bound`` recomputes. A wrong
certificate (mutants below) must not be reported as ``optimal``.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import SolveOptions, Status
from dlsched.oef import generate
from dlsched.oef.exact import envy_violations, menu, menuseed, solve_oef
from dlsched.oef.exact.activeset import CERT_TOL, speedup_order
from dlsched.oef.exact.bounds import dual_bound

from .common import case_id, full_optimum

CASES = [(30, 4, 0, True, False), (50, 6, 1, False, True), (60, 5, 3, False, False),
         (80, 10, 2, True, True), (100, 10, 4, True, False)]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_menu_equals_full_lp(case):
    inst = generate(*case[:3], monotone=case[3], weighted=case[4], fairness="cooperative")
    opt = full_optimum(case)
    res = ds.solve(inst, model="oef-cooperative", envy="menu")
    assert res.status is Status.OPTIMAL
    assert res.stats["envy"] == "menu"
    assert res.objective == pytest.approx(opt, rel=1e-7, abs=1e-7)
    assert res.bound >= opt * (1 - 1e-9)  # a bound of the full LP, attained
    assert res.stats["dual_bound_gap"] <= CERT_TOL
    assert ds.check(inst, res) == []
    X = np.asarray(res.solution.allocation, float)
    assert not envy_violations(inst.rows.W, inst.rows.weight, X, 1e-6 * opt).any()
    if case[3]:  # monotone: far fewer distinct bundles than rows, the point of the method
        assert res.stats["groups"] < case[0] / 2


def _five_intervals(case: tuple):
    """A case's rows, their speedup ranks, 5 speedup-order intervals and their grouped LP."""
    inst = generate(*case[:3], monotone=case[3], weighted=case[4], fairness="cooperative")
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    order = speedup_order(W)
    rank = np.empty(W.shape[0], np.int64)
    rank[order] = np.arange(W.shape[0])
    lab = menu.intervals(order, 5)
    return W, pi, m, rank, lab, menu.grouped_lp(W, pi, m, lab, order, SolveOptions())


def test_lifted_certificate_is_a_bound_of_the_full_lp():
    """On any partition (here: 5 intervals, far from optimal) the lifted multipliers give,
    through bounds.py, a value above the full optimum; the grouped LP stays below it."""
    case = CASES[2]
    W, pi, m, rank, lab, g = _five_intervals(case)
    r, s, v, excess = menu.lift_duals(W, pi, m, lab, rank, g, 3, 30)
    opt = full_optimum(case)
    assert g.objective < opt - 1e-6  # 5 bundles really cut the optimum
    assert dual_bound(W, pi, m, r, s, g.u, v) >= opt * (1 - 1e-9)
    assert excess.sum() > 0  # the certificate does not close on a wrong partition


def test_certificate_needs_within_group_pairs(monkeypatch):
    """Mutant: the lifting drops every pair inside a group (rows holding one bundle). The bound,
    recomputed by bounds.py, stays valid but no longer closes: not 'optimal'."""
    case = CASES[3]
    inst = generate(*case[:3], monotone=case[3], weighted=case[4], fairness="cooperative")
    opt = full_optimum(case)
    real = menu.lift_duals

    def no_within(W, pi, m, lab, *rest):
        r, s, v, excess = real(W, pi, m, lab, *rest)
        cross = lab[r] != lab[s]
        return r[cross], s[cross], v[cross], excess

    monkeypatch.setattr(menu, "lift_duals", no_within)
    res = menu.solve_menu(inst, SolveOptions(), menu.Menu(start_groups=4, max_rounds=4))
    assert res.status is not Status.OPTIMAL
    assert res.bound > opt * (1 + CERT_TOL)
    assert ds.check(inst, res.solution) == []


def test_a_bound_below_the_optimum_is_caught(monkeypatch):
    """Mutant: a certificate whose bound is too low (here 0). The strategy then stops at its
    first, coarse partition and calls a suboptimal allocation 'optimal', which the objective
    check of test_menu_equals_full_lp (against the independent full LP) rejects."""
    case = CASES[3]
    inst = generate(*case[:3], monotone=case[3], weighted=case[4], fairness="cooperative")
    opt = full_optimum(case)
    monkeypatch.setattr(menu, "dual_bound", lambda *a: 0.0)
    res = menu.solve_menu(inst, SolveOptions(), menu.Menu(start_groups=4))
    assert res.status is Status.OPTIMAL
    assert res.objective < opt * (1 - 1e-7)


def test_unknown_envy_strategy_is_an_input_error():
    from dlsched.core.errors import InputError

    with pytest.raises(InputError):
        solve_oef(generate(5, 2, seed=0), "cooperative", backend="highs", envy="menus")


SEEDED = menu.Menu(seed_stride=4, seed_min=20)
SEED_CASES = [*CASES, (150, 10, 5, True, True)]


@pytest.mark.parametrize("case", SEED_CASES, ids=case_id)
def test_multilevel_seeded_menu_equals_full_lp(case):
    """With the multilevel seed (subsample optimum -> favourite bundles) and the local repair,
    the menu strategy still returns exactly the full LP's optimum, certified."""
    inst = generate(*case[:3], monotone=case[3], weighted=case[4], fairness="cooperative")
    opt = full_optimum(case)
    res = menu.solve_menu(inst, SolveOptions(), SEEDED)
    assert res.stats["seed"] is not None  # the seeded path ran
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(opt, rel=1e-7, abs=1e-7)
    assert res.bound >= opt * (1 - 1e-9)
    assert ds.check(inst, res) == []
    X = np.asarray(res.solution.allocation, float)
    assert not envy_violations(inst.rows.W, inst.rows.weight, X, 1e-6 * opt).any()


def test_seeded_partition_path_is_taken():
    """The first grouped LP runs on the favourite-bundle partition of the subsample's menu
    (every 4th row in speedup order: 80 rows -> 20), not on ``start_groups`` intervals."""
    inst = generate(80, 10, 2, monotone=True, weighted=True, fairness="cooperative")
    res = menu.solve_menu(inst, SolveOptions(), menu.Menu(seed_stride=4, seed_min=20,
                                                          start_groups=7))
    seed = res.stats["seed"]
    assert seed["rows"] == 20 and seed["status"] == "optimal"
    assert res.stats["round_log"][0]["groups"] == seed["groups"] != 7
    off = menu.solve_menu(inst, SolveOptions(), menu.Menu(seed_stride=0, start_groups=7))
    assert off.stats["seed"] is None and off.stats["round_log"][0]["groups"] == 7


def test_favourite_partition_by_hand():
    """Rows pick their best bundle per unit weight; a tie goes to the bundle whose holders sit
    nearest in speedup order."""
    W = np.array([[1.0, 1.0], [1.0, 3.0], [1.0, 2.0], [1.0, 2.0]])
    B = np.array([[2.0, 0.0], [0.0, 1.0]])  # values: row0 2|1, row1 2|3, rows 2,3 tie 2|2
    rank = np.array([0, 3, 1, 2])
    centre = np.array([0.0, 3.0])
    lab = menuseed.favourite_partition(W, B, rank, centre, 1e-9)
    assert lab.tolist() == [0, 1, 0, 1]  # row 2 (rank 1) nearer bundle 0, row 3 (rank 2) to 1


def test_certificate_past_its_deadline_is_still_a_bound():
    """A certificate cut off by its deadline falls back to the uniform spread: weaker, but
    bounds.py still recomputes a value above the full optimum."""
    case = CASES[2]
    W, pi, m, rank, lab, g = _five_intervals(case)
    t = time.perf_counter()
    r, s, v, _ = menu.lift_duals(W, pi, m, lab, rank, g, 3, 30, deadline=t - 1.0)
    assert time.perf_counter() - t < 1.0
    assert dual_bound(W, pi, m, r, s, g.u, v) >= full_optimum(case) * (1 - 1e-9)
