"""core.intscale: the smallest exact integer scale of float data, or an honest refusal."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from dlsched.core.intscale import common_scale, exact_integers, scaled_int, simplest_fraction

DECIMALS = st.builds(lambda p, k: p / 10**k, st.integers(-10**6, 10**6), st.integers(0, 6))
DYADIC = st.builds(lambda p, k: p / 2**k, st.integers(-10**6, 10**6), st.integers(0, 20))


@given(st.lists(st.one_of(DECIMALS, DYADIC), min_size=1, max_size=12))
def test_scaled_values_reconstruct_exactly(values):
    got = exact_integers(np.array(values))
    assert got is not None
    ints, scale = got
    for v, n in zip(values, ints.tolist(), strict=True):
        assert float(Fraction(n, scale)) == v


@given(st.lists(st.one_of(DECIMALS, DYADIC), min_size=1, max_size=12))
def test_scale_is_the_smallest(values):
    """No proper divisor of the scale makes every value integral with an exact float."""
    scale = common_scale(np.array(values))
    for p in (2, 3, 5, 7):
        if scale % p == 0:
            smaller = scale // p
            assert not all(float(Fraction(round(v * smaller), smaller)) == v for v in values)


@given(st.integers(1, 10**6), st.integers(1, 10**4))
def test_simplest_fraction_recovers_small_fractions(p, q):
    x = p / q
    f = simplest_fraction(x)
    assert float(f) == x and f.denominator <= Fraction(p, q).denominator


def test_known_readings():
    assert simplest_fraction(0.3) == Fraction(3, 10)
    assert simplest_fraction(5 / 1024) == Fraction(5, 1024)
    assert simplest_fraction(1 / 3) == Fraction(1, 3)
    assert simplest_fraction(7.0) == 7
    assert scaled_int(0.3, 10) == 3
    ints, scale = exact_integers(np.array([0.1, 0.2, 0.3, 1.0]))
    assert scale == 10 and ints.tolist() == [1, 2, 3, 10]


def test_no_exact_scale_within_the_budget_is_refused():
    # a float sum carries rounding error: its simplest fraction has a huge denominator
    assert exact_integers(np.array([0.1 + 0.2, 1.0]), multiplicity=100) is None
    assert exact_integers(np.array([1.0, 2.0**40]), multiplicity=2**20) is None
