"""ojpap-exact (notes §6, the offline counterpart of Alg. 4): the optimum Theta of a re-placement
under the migration budget, checked by brute force over labelled re-placements (validator only)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.ojpp.algorithms.adjustment import max_slowdown
from dlsched.ojpp.exact.ojpap import ojpap_instance
from dlsched.ojpp.solution import counts

from .helpers import brute_force_ojpap, golden
from .strategies import tiny_instances


@settings(max_examples=12, deadline=None)
@given(inst=tiny_instances(max_workers=5, variants=False), budget=st.sampled_from([0.0, 1.0, 2.0]))
def test_exact_ojpap_matches_brute_force(inst, budget):
    start = ds.run(inst, "heuristic")
    Y0 = counts(inst, start.solution)
    expected = brute_force_ojpap(inst, Y0, budget)
    stated = ojpap_instance(inst, start.solution, budget)  # the instance states OJPAP
    res = ds.solve(stated, model="ojpap-exact")
    assert res.status is ds.Status.OPTIMAL
    assert expected is not None  # y0 itself is feasible at zero cost
    assert res.objective == pytest.approx(expected, abs=1e-7)
    assert ds.check(stated, res) == []
    assert res.objective <= max_slowdown(inst, Y0) + 1e-9
    assert res.stats["migration_cost"] <= budget + 1e-9


def test_exact_ojpap_golden_budget_effect():
    # G-O1 full OJPP, Heuristic start: zero budget keeps Theta; more budget never hurts
    inst = golden()
    start = ds.run(inst, "heuristic")
    zero_inst = ojpap_instance(inst, start.solution, 0.0)
    big_inst = ojpap_instance(inst, start.solution, 100.0)
    zero = ds.solve(zero_inst, model="ojpap-exact")
    big = ds.solve(big_inst, model="ojpap-exact")
    assert zero.objective == pytest.approx(max_slowdown(inst, counts(inst, start.solution)))
    assert big.objective <= zero.objective
    assert ds.check(big_inst, big) == [] and ds.check(zero_inst, zero) == []
    # the bigger budget's re-placement moves more than a zero budget allows
    if big.objective < zero.objective - 1e-9:
        assert any("migration cost" in v for v in ds.check(zero_inst, big.solution))
