"""core.intscale at its edges: the magnitude budget, signs, shapes, and refusals.

Expected values are worked by hand (``0.3 = 3/10``, ``0.25 = 1/4``, lcm of denominators).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.core.intscale import LIMIT, common_scale, exact_integers, scaled_int, simplest_fraction


def test_non_finite_values_are_refused() -> None:
    for x in (float("inf"), float("-inf"), float("nan")):
        with pytest.raises(ValueError, match="not a finite number"):
            simplest_fraction(x)


def test_simplest_fractions_by_hand() -> None:
    assert simplest_fraction(0.5) == Fraction(1, 2)
    assert simplest_fraction(-0.75) == Fraction(-3, 4)
    assert simplest_fraction(0.1) == Fraction(1, 10)
    assert simplest_fraction(1 / 7) == Fraction(1, 7)
    assert simplest_fraction(2 / 3) == Fraction(2, 3)
    assert simplest_fraction(0.0) == 0
    assert simplest_fraction(-4.0) == -4


def test_common_scale_is_the_lcm() -> None:
    assert common_scale(np.array([0.5, 1 / 3])) == 6
    assert common_scale(np.array([0.25, 0.1])) == 20
    assert common_scale(np.array([3.0, -2.0])) == 1
    assert common_scale([0.5, 0.5, 0.5]) == 2
    assert common_scale(np.array([[0.5], [0.2]])) == 10


def test_empty_input() -> None:
    ints, scale = exact_integers(np.array([]))
    assert ints.dtype == np.int64 and ints.size == 0 and scale == 1


def test_shape_sign_and_dtype_are_kept() -> None:
    ints, scale = exact_integers(np.array([[0.5, 1.0], [2.0, -0.25]]))
    assert scale == 4
    assert ints.dtype == np.int64 and ints.tolist() == [[2, 4], [8, -1]]
    ints, scale = exact_integers([1, 2, 3])  # plain ints
    assert scale == 1 and ints.tolist() == [1, 2, 3] and ints.dtype == np.int64


def test_budget_is_inclusive_and_counts_multiplicity() -> None:
    assert exact_integers(np.array([4.0]), multiplicity=2, limit=8) is not None
    assert exact_integers(np.array([4.0]), multiplicity=2, limit=7) is None
    # a multiplicity below 1 counts as 1
    assert exact_integers(np.array([4.0]), multiplicity=0.5, limit=4) is not None
    assert exact_integers(np.array([4.0]), multiplicity=0.5, limit=3) is None
    # the largest magnitude counts, whatever its sign
    assert exact_integers(np.array([-5.0, 1.0]), limit=4) is None
    ints, _ = exact_integers(np.array([-5.0, 1.0]), limit=5)
    assert ints.tolist() == [-5, 1]
    # the scaled value counts: 1.5 * 2 = 3
    assert exact_integers(np.array([0.5, 1.5]), limit=3) is not None
    assert exact_integers(np.array([0.5, 1.5]), limit=2) is None
    assert LIMIT == 2**53
    assert exact_integers(np.array([2.0**52]), multiplicity=2) is not None
    assert exact_integers(np.array([2.0**52]), multiplicity=2.5) is None


def test_scaled_int() -> None:
    assert scaled_int(0.25, 8) == 2
    assert scaled_int(3, 1) == 3
    assert scaled_int(-0.5, 4) == -2
    with pytest.raises(ValueError, match=r"^0\.3 is not an integer multiple of 1/7$"):
        scaled_int(0.3, 7)


@given(st.lists(st.integers(-10**6, 10**6), min_size=1, max_size=8),
       st.sampled_from([1, 2, 4, 5, 8, 10, 16, 20, 25, 100]))
def test_fractions_over_a_common_denominator_scale_back(nums, den):
    """p/den for small p: the scale divides den and each integer is p * scale / den."""
    values = np.array([p / den for p in nums])
    ints, scale = exact_integers(values)
    assert den % scale == 0
    assert ints.tolist() == [p * scale // den for p in nums]
