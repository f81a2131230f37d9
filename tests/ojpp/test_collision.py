"""Golden G-O0 (notes §2) and properties of the collision probability."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.ojpp.support.collision import log_g, minimal_colliding, tangent_cut, tau, tau_counts


@pytest.mark.parametrize(
    ("probs", "expected"),
    [
        ([0.2, 0.2], 0.04),
        ([0.3, 0.3], 0.09),
        ([0.1, 0.2, 0.3], 0.098),
        ([0.1, 0.1, 0.1], 0.028),
        ([0.3, 0.3, 0.3], 0.216),
        ([0.7], 0.0),
        ([], 0.0),
    ],
)
def test_golden_o0(probs, expected):
    assert tau(probs) == pytest.approx(expected, abs=1e-12)


def _enumerate(probs):
    """Pr[>= 2 bursts] by summing over all 2^n burst outcomes."""
    total = 0.0
    for bits in itertools.product((0, 1), repeat=len(probs)):
        if sum(bits) >= 2:
            pr = 1.0
            for b, p in zip(bits, probs, strict=True):
                pr *= p if b else 1.0 - p
            total += pr
    return total


@given(st.lists(st.floats(0.0, 0.99), min_size=0, max_size=8))
def test_matches_enumeration(probs):
    assert tau(probs) == pytest.approx(_enumerate(probs), abs=1e-12)


@given(st.lists(st.integers(0, 3), min_size=3, max_size=3), st.integers(0, 2))
def test_counts_form_equals_worker_list_and_is_monotone(y, extra):
    p = np.array([0.1, 0.25, 0.4])
    probs = [p[i] for i in range(3) for _ in range(y[i])]
    assert tau_counts(np.array([y]), p)[0] == pytest.approx(tau(probs), abs=1e-12)
    y2 = np.array(y)
    y2[extra] += 1
    assert tau_counts(y2[None, :], p)[0] >= tau_counts(np.array([y]), p)[0] - 1e-15


def test_two_workers_is_product():
    p = np.array([0.2, 0.35])
    assert tau_counts(np.array([[1, 1]]), p)[0] == pytest.approx(0.07)


def test_correlated_same_job_variant():
    p = np.array([0.2, 0.3])
    # two workers of one job burst together: they collide exactly when the job bursts
    assert tau_counts(np.array([[2, 0]]), p, "correlated_same_job")[0] == pytest.approx(0.2)
    assert tau_counts(np.array([[3, 0]]), p, "correlated_same_job")[0] == pytest.approx(0.2)
    # one worker each: same as independent
    assert tau_counts(np.array([[1, 1]]), p, "correlated_same_job")[0] == pytest.approx(0.06)
    # job 0 pair + job 1 single: collide unless nobody bursts or only job 1 bursts
    expected = 1 - 0.8 * 0.7 - 0.8 * 0.3
    assert tau_counts(np.array([[2, 1]]), p, "correlated_same_job")[0] == pytest.approx(expected)


def test_tangent_cut_is_valid_and_cuts_off_the_point():
    p = np.array([0.3, 0.1])
    tau_bar = 0.1
    y_hat = np.array([3, 0])  # tau = 0.216 > 0.1
    coef, rhs = tangent_cut(y_hat, p, tau_bar)
    assert coef @ y_hat < rhs
    for y in itertools.product(range(4), range(4)):
        y = np.array(y)
        if tau_counts(y[None, :], p)[0] <= tau_bar:
            assert coef @ y >= rhs - 1e-12, y
        assert log_g(y, p) == pytest.approx(np.log(1 - tau_counts(y[None, :], p)[0]))


def test_minimal_colliding():
    p = np.array([0.3, 0.1, 0.05])
    c = minimal_colliding(np.array([3, 2, 1]), p, 0.1)
    assert tau_counts(c[None, :], p)[0] > 0.1
    for i in np.nonzero(c)[0]:
        d = c.copy()
        d[i] -= 1
        assert tau_counts(d[None, :], p)[0] <= 0.1
