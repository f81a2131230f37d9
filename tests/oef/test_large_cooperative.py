"""Cooperative OEF active set (LP (10)) when a HiGHS sub-solve stops unfinished (issue 23).

At n = 10,000, k = 10 a lazy round's HiGHS run stopped at the time limit with a dual feasible
point, and the bound of that unfinished sub-solve raised a TypeError (highspy 1.14's
``getDualObjectiveValue``). Small instances force the same path here: an iteration limit stops
every sub-solve, or ``run`` is replaced by one that reports an unfinished solve. The answer must
be ``time_limit`` with the equal split as incumbent and a bound that is a true upper bound.
"""

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import SolveOptions, Status
from dlsched.oef.exact import activeset
from dlsched.oef.exact.matrix import Solved


@pytest.fixture(scope="module")
def case():
    """A 60-row instance, its full-LP optimum and its equal-split value written out by hand."""
    inst = ds.generate("oef", n=60, k=6, seed=3, fairness="cooperative")
    full = ds.solve(inst, model="oef-cooperative", envy="full")
    assert full.status is Status.OPTIMAL
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    total = sum(pi)
    split = sum(W[r, j] * pi[r] / total * m[j] for r in range(len(pi)) for j in range(len(m)))
    return inst, full.objective, split


def _check_stopped(res, opt: float, split: float, inst) -> None:
    assert res.status is Status.TIME_LIMIT
    assert res.objective == pytest.approx(split, rel=1e-12)
    assert res.stats["incumbent"] == "equal split"
    assert ds.check(inst, res.solution) == []
    if res.bound is not None:
        assert res.bound >= opt - 1e-7 * abs(opt)
        assert res.gap is not None and res.gap >= 0


@pytest.mark.parametrize(("iterations", "has_bound"), [(5, False), (20, True), (150, True)])
def test_iteration_limited_subsolve_is_time_limit_not_a_crash(case, iterations, has_bound):
    # 5 iterations: still in phase 1, no dual feasible point, so no bound; from 20 on the
    # stopped dual simplex is dual feasible (the path that raised the TypeError) and its row
    # duals give an upper bound of the relaxation, hence of LP (10)
    inst, opt, split = case
    opts = SolveOptions(options={"simplex_iteration_limit": iterations})
    res = activeset.solve_lazy(inst, opts)
    _check_stopped(res, opt, split, inst)
    # no dual point (5 iterations): the bound is LP (4)'s optimum, never absent
    lp4 = float(inst.capacity @ inst.rows.W.max(axis=0))
    assert res.bound is not None and (res.bound == pytest.approx(lp4)) is not has_bound


def test_unfinished_subsolve_without_a_bound_keeps_the_last_relaxation_bound(case, monkeypatch):
    inst, opt, split = case
    real = activeset.run
    calls = {"n": 0}
    relax: list[float] = []

    def first_real_then_stopped(h, R, k):
        calls["n"] += 1
        if calls["n"] == 1:
            s = real(h, R, k)
            relax.append(s.objective)
            return s
        return Solved(Status.TIME_LIMIT, None, None, None, None, 0.0, "Time limit reached", 3)

    monkeypatch.setattr(activeset, "run", first_real_then_stopped)
    res = activeset.solve_lazy(inst, SolveOptions())
    assert calls["n"] == 2, "the instance must need a second lazy round for this test"
    _check_stopped(res, opt, split, inst)
    # the seed relaxation's optimum (a relaxation of LP (10)) is kept as the bound
    assert res.bound == pytest.approx(relax[0])
    assert relax[0] > opt + 1e-6  # the seed alone is not the full LP: a real relaxation bound


def test_unfinished_first_subsolve_without_a_dual_point_reports_the_lp4_bound(case, monkeypatch):
    inst, opt, split = case

    def stopped(h, R, k):
        return Solved(Status.TIME_LIMIT, None, None, None, None, 0.0, "Time limit reached", 0)

    monkeypatch.setattr(activeset, "run", stopped)
    res = activeset.solve_lazy(inst, SolveOptions())
    _check_stopped(res, opt, split, inst)
    # no round had a dual point: the bound is LP (4)'s optimum, each type to its fastest row
    W, m = inst.rows.W, inst.capacity
    lp4 = sum(m[j] * max(W[r, j] for r in range(W.shape[0])) for j in range(len(m)))
    assert res.bound == pytest.approx(lp4, rel=1e-12) and res.bound > opt


def test_finished_solve_is_certified_by_the_dual_bound(case):
    inst, opt, _ = case
    res = activeset.solve_lazy(inst, SolveOptions())
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(opt, rel=1e-9)
    assert res.bound == pytest.approx(opt, rel=1e-8)
    assert np.isfinite(res.stats["dual_bound_gap"])
