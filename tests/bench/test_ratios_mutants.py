"""bench.ratios at its edges: which reference value is used, every reason string, and the
tolerance of the "beats the optimum" flag (values worked by hand)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.bench.ratios import BOUND, PROVEN, TOL, Ratio, attach, ratio, reference_value


def alg(obj=3.0, status="feasible", valid=1, **kw):
    return {"objective": obj, "status": status, "valid": valid, "method": "alg",
            "instance_key": "i1", **kw}


def ref(obj=4.0, status="optimal", valid=1, bound=None, **kw):
    return {"objective": obj, "status": status, "valid": valid, "bound": bound,
            "method": "ref", "instance_key": "i1", **kw}


def test_reference_value_basis() -> None:
    assert reference_value(None) == (None, None, "no reference row")
    assert reference_value(ref(4.0)) == (4.0, PROVEN, None)
    assert reference_value(ref(4, bound=9)) == (4.0, PROVEN, None)  # optimal beats its bound
    # an optimal reference that failed validation falls back to its bound
    assert reference_value(ref(4.0, valid=0, bound=5.0)) == (5.0, BOUND, None)
    assert reference_value(ref(math.inf, bound=5.0)) == (5.0, BOUND, None)
    assert reference_value(ref(None, bound=5)) == (5.0, BOUND, None)
    for status in ("time_limit", "feasible"):
        assert reference_value(ref(3.0, status=status, bound=5.0)) == (5.0, BOUND, None)
    assert reference_value(ref(3.0, status="error", bound=5.0)) == (
        None, None, "reference error without a proven optimum or a bound")
    assert reference_value(ref(3.0, status="time_limit", bound=math.nan)) == (
        None, None, "reference time_limit without a proven optimum or a bound")
    assert reference_value(ref(3.0, status="time_limit", bound="5")) == (
        None, None, "reference time_limit without a proven optimum or a bound")
    assert reference_value(ref(4.0, valid=0)) == (
        None, None, "reference optimal without a proven optimum or a bound")
    assert PROVEN == "proven" and BOUND == "bound"


def test_sense_is_checked() -> None:
    with pytest.raises(ValueError, match=r"^sense must be 'max' or 'min', got 'up'$"):
        ratio(alg(), ref(), "up")


@pytest.mark.parametrize(("row", "reason"), [
    (alg(status="error"), "method error"),
    (alg(status="infeasible"), "method infeasible"),
    (alg(status=None), "method None"),
    (alg(valid=0), "solution fails validation"),
    (alg(valid=0, first_violation="capacity of g1"), "solution fails validation"),
    (alg(valid=0, first_violation="objective: reported 3 but 4"),
     "reported objective differs from its solution's"),
    (alg(valid=0, first_violation=None), "solution fails validation"),
    (alg(obj=None), "method has no objective"),
    (alg(obj=math.nan), "method has no objective"),
    (alg(obj="3"), "method has no objective"),
])
def test_unusable_method_rows(row, reason) -> None:
    assert ratio(row, ref(), "max") == Ratio(None, None, reason)


def test_accepted_method_statuses() -> None:
    for status in ("optimal", "feasible", "time_limit"):
        assert ratio(alg(status=status), ref(), "max").value == pytest.approx(4 / 3)


def test_unusable_references() -> None:
    assert ratio(alg(), None, "max") == Ratio(None, None, "no reference row")
    assert ratio(alg(), ref(None, status="infeasible"), "min") == Ratio(
        None, None, "reference infeasible, yet this solution is valid", suspicious=True)
    assert ratio(alg(), ref(None, status="error"), "min") == Ratio(
        None, None, "reference error without a proven optimum or a bound")


def test_zero_and_negative_values() -> None:
    assert ratio(alg(0.0), ref(0.0), "max") == Ratio(1.0, PROVEN)
    assert ratio(alg(0.0), ref(3.0, status="time_limit", bound=0.0), "min") == Ratio(1.0, BOUND)
    # max, ALG 2 > OPT 0: OPT/ALG = 0 beats the optimum; min, OPT 0 < ALG: no finite ratio
    assert ratio(alg(2.0), ref(0.0), "max") == Ratio(0.0, PROVEN, suspicious=True)
    assert ratio(alg(2.0), ref(0.0), "min") == Ratio(None, None, "reference value is zero")
    assert ratio(alg(0.0), ref(1.0), "max") == Ratio(
        None, None, "objective is zero: the ratio is infinite")
    neg = "negative objective (ratios need non-negative objectives)"
    assert ratio(alg(2.0), ref(-1.0), "max") == Ratio(None, None, neg)
    assert ratio(alg(-2.0), ref(1.0), "max") == Ratio(None, None, neg)
    assert ratio(alg(0.0), ref(1.0), "min") == Ratio(0.0, PROVEN, suspicious=True)


def test_values_and_the_suspicious_tolerance() -> None:
    assert ratio(alg(4.0), ref(5.0), "max") == Ratio(1.25, PROVEN)  # OPT / ALG
    assert ratio(alg(5.0), ref(4.0), "min") == Ratio(1.25, PROVEN)  # ALG / OPT
    assert ratio(alg(3.0), ref(2.0, status="time_limit", bound=6.0), "max") == Ratio(2.0, BOUND)
    assert TOL == 1e-6
    # max: ALG up to OPT (1 + TOL) is fine, beyond is flagged; min: down to OPT (1 - TOL)
    assert not ratio(alg(1.0 + 0.5e-6), ref(1.0), "max").suspicious
    assert ratio(alg(1.0 + 2e-6), ref(1.0), "max").suspicious
    assert not ratio(alg(1.0 - 0.5e-6), ref(1.0), "min").suspicious
    assert ratio(alg(1.0 - 2e-6), ref(1.0), "min").suspicious
    assert not ratio(alg(1.0 - 2e-6), ref(1.0), "max").suspicious
    assert not ratio(alg(1.0 + 2e-6), ref(1.0), "min").suspicious
    assert not ratio(alg(1.0), ref(1.0), "max").suspicious


def test_attach_uses_the_first_reference_row_of_each_instance() -> None:
    rows = [ref(4.0), ref(8.0), alg(2.0), alg(2.0, instance_key="i2"),
            ref(5.0, instance_key="i2", status="time_limit", bound=10.0)]
    out = attach(rows, "ref", "max")
    # OPT / ALG: 4/4, 4/8, 4/2; i2 vs the bound 10: 10/2, 10/5
    assert [(r["ratio"], r["basis"]) for r in out] == [
        (1.0, PROVEN), (0.5, PROVEN), (2.0, PROVEN), (5.0, BOUND), (2.0, BOUND)]
    assert out[1]["suspicious"] is True and out[0]["suspicious"] is False
    assert out[2]["reason"] is None
    assert rows[2] == alg(2.0)  # inputs are not modified
    missing = attach([alg(2.0)], "ref", "max")
    assert missing[0]["reason"] == "no reference row" and missing[0]["ratio"] is None


def test_attach_without_a_reference() -> None:
    out = attach([alg(2.0), ref(4.0)], None, "max")
    assert [(r["ratio"], r["basis"], r["reason"], r["suspicious"]) for r in out] == [
        (None, None, None, False)] * 2
    assert out[0]["objective"] == 2.0


@given(st.floats(0.001, 1e6), st.floats(0.001, 1e6))
def test_property_proven_ratio_and_flag(a: float, o: float) -> None:
    """>= 1 is worse against a proven optimum (ALG/OPT for min, OPT/ALG for max); flagged
    exactly when the ratio is below 1 - TOL (ALG beats OPT)."""
    for sense in ("max", "min"):
        r = ratio(alg(a), ref(o), sense)
        want = 1.0 if a == o else (a / o if sense == "min" else o / a)
        assert r.basis == PROVEN and r.value == want
        assert r.suspicious is (want < 1 - TOL)
