"""The verdict rule of the reproduction reports: boundaries worked by hand from the README."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.bench.repro import (
    ClaimResult,
    Estimate,
    Target,
    Verdict,
    category,
    estimate,
    judge,
    parse_claims,
    sweep,
)
from dlsched.bench.repro.verdict import interval_category
from dlsched.core import InputError

R, W, S, N = (Verdict.REPRODUCED, Verdict.WEAKER, Verdict.STRONGER, Verdict.NOT_REPRODUCED)


@pytest.mark.parametrize(("value", "expected"), [
    # claimed +20 %: tol = max(0.25 * 0.20, 0.02) = 0.05 -> reproduced on [0.15, 0.25]
    (0.15, R), (0.1499, W), (0.25, R), (0.2501, S), (0.20, R),
    (0.01, W), (0.0099, N), (0.0, N), (-0.30, N),
])
def test_effect_boundaries_higher(value, expected):
    assert category(Target("effect", 1, 0.20, 0.20), value) is expected


@pytest.mark.parametrize(("value", "expected"), [
    # claimed -17 %: tol = 0.0425 -> reproduced on -[0.1275, 0.2125]
    (-0.17, R), (-0.1275, R), (-0.127, W), (-0.2125, R), (-0.213, S),
    (-0.036, W), (-0.0099, N), (0.02, N),
])
def test_effect_boundaries_lower(value, expected):
    assert category(Target("effect", -1, 0.17, 0.17), value) is expected


def test_small_claims_use_the_absolute_tolerance():
    # claimed 3 %: tol = max(0.0075, 0.02) = 0.02 -> reproduced on [0.01, 0.05]
    t = Target("effect", 1, 0.03, 0.03)
    assert [category(t, v) for v in (0.0099, 0.01, 0.05, 0.0501)] == [N, R, R, S]


def test_figure_interval():
    # read [0.10, 0.30]: reproduced on [0.10 - 0.025, 0.30 + 0.075] = [0.075, 0.375]
    t = Target("effect", 1, 0.10, 0.30)
    assert [category(t, v) for v in (0.074, 0.075, 0.375, 0.376)] == [W, R, R, S]


def test_parity_and_ordering():
    p = Target("parity", 1, 0.0, 0.05)
    assert [category(p, v) for v in (-0.0501, -0.05, 0.05, 0.0501)] == [N, R, R, N]
    o = Target("ordering", -1)
    assert [category(o, v) for v in (-0.01, -0.0099, 0.5)] == [R, N, N]


def test_an_interval_over_two_categories_is_inconclusive():
    t = Target("effect", 1, 0.20, 0.20)
    v, touched = interval_category(t, Estimate(0.18, 0.14, 0.22, 5))
    assert v is Verdict.INCONCLUSIVE and set(touched) == {W, R}
    p = Target("parity", 1, 0.0, 0.05)
    assert interval_category(p, Estimate(0.04, 0.03, 0.06, 5))[0] is Verdict.INCONCLUSIVE
    assert interval_category(p, Estimate(0.07, 0.06, 0.08, 5))[0] is N
    assert interval_category(p, Estimate(-0.07, -0.08, -0.06, 5))[0] is N


def test_judge_special_cases_and_explanations():
    t = Target("effect", -1, 0.17, 0.17)
    assert judge(t, None, cannot_differ="load 0.02")[0] is Verdict.NO_VERDICT
    assert judge(t, None, not_measured="testbed only")[0] is Verdict.NOT_MEASURED
    v, why = judge(t, Estimate(-0.04, -0.05, -0.03, 5))
    assert v is W and "-4.0%" in why and "-17%" in why
    with pytest.raises(InputError):
        judge(t, None)


def test_estimate_is_the_mean_with_a_reproducible_interval():
    e = estimate([0.1, 0.2, 0.3, 0.4])
    assert e.point == pytest.approx(0.25) and e.low < e.point < e.high
    assert e.low >= 0.1 and e.high <= 0.4
    assert estimate([0.1, 0.2, 0.3, 0.4]) == e
    one = estimate([0.3])
    assert one.low == one.high == one.point == 0.3
    with pytest.raises(InputError):
        estimate([])
    with pytest.raises(InputError):
        estimate([0.1, float("nan")])


ORDER = {N: 0, W: 1, R: 2, S: 3}


@given(st.floats(0.0, 1.0), st.floats(-2, 2), st.floats(-2, 2), st.sampled_from([1, -1]))
def test_categories_are_monotone_in_the_claimed_direction(c, a, b, d):
    t = Target("effect", d, c, c)
    lo, hi = sorted((a, b))
    assert ORDER[category(t, d * lo)] <= ORDER[category(t, d * hi)]


@given(st.floats(-1, 1), st.floats(0.0, 0.5))
def test_a_point_interval_has_the_point_category(v, c):
    t = Target("effect", 1, c, c)
    assert interval_category(t, Estimate(v, v, v, 1))[0] is category(t, v)


def test_sensitivity_names_the_settings_that_flip():
    t = Target("effect", 1, 0.20, 0.20)
    values = {("spread", "a"): 0.19, ("spread", "b"): 0.05}
    s = sweep(t, R, values, lambda k, v: Estimate(values[k, v], values[k, v], values[k, v], 1))
    assert not s.robust and [p.value for p in s.flips] == ["b"]
    assert "spread=b → weaker" in s.text()
    s2 = sweep(t, R, [("spread", "a")], lambda k, v: Estimate(0.2, 0.2, 0.2, 1))
    assert s2.robust and s2.text() == "robust (1 settings)"


CLAIM = {"paper": "P", "problem": "oef", "claims": [
    {"id": "x", "location": "§1", "quote": "q", "kind": "effect", "direction": "lower",
     "claimed": -0.17}]}


def test_a_result_other_than_reproduced_needs_a_cause():
    claim = parse_claims(CLAIM).claims[0]
    with pytest.raises(InputError, match="cause"):
        ClaimResult(claim, "b", "w", Estimate(-0.04, -0.04, -0.04, 1), W, "why")
    with pytest.raises(InputError, match="cause"):
        ClaimResult(claim, "b", "w", None, Verdict.NO_VERDICT, "why", cause=("luck", "x"))


def test_small_claims_keep_a_null_band_below_them_and_levels_have_none():
    # claimed 0.8 %: null band min(1 %, 0.4 %) = 0.4 %; tol = 2 points -> reproduced on
    # [0.4 %, 2.8 %]; as a level (an overhead) 0.1 % is within 2 points of 0.8 %.
    t = Target("effect", 1, 0.008, 0.008)
    assert [category(t, v) for v in (0.0039, 0.004, 0.028, 0.0281)] == [N, R, R, S]
    lvl = Target("level", 1, 0.008, 0.008)
    assert [category(lvl, v) for v in (0.0, 0.001, 0.028, 0.0281)] == [R, R, R, S]
    assert category(Target("level", 1, 0.5, 0.5), 0.2) is W
