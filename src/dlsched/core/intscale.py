"""Exact integer data for CP-SAT: the smallest common scale that represents every value.

CP-SAT needs integer coefficients. Rounding fractional data at a fixed 10^k changes the instance
(a packing of items k/1024 into capacity 1 is cut off by rounding each item *up*), so a verdict of
the rounded model is not a verdict on the instance as given. Instead each float ``x`` is read as
the fraction ``p/q`` with the **smallest** denominator whose float is ``x`` (0.3 -> 3/10,
k/1024 -> k/1024, 1/3 -> 1/3, an integer -> itself): that is the number the user wrote. The
common scale ``s`` of a group of values compared with each other is the lcm of their ``q``; every
scaled value ``x * s = p * s / q`` is then an exact integer, verified by reconstruction
(``float(Fraction(n, s)) == x``). When the scaled values would not fit the caller's magnitude
budget (sums CP-SAT must handle, kept below 2^53 so float arithmetic on them stays exact), there
is no exact integer model: ``exact_integers`` returns ``None`` and the caller must fall back
to a conservative model whose labels are never ``optimal`` / ``infeasible``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np

#: Default budget for any scaled value times the caller's multiplicity (exact in float64).
LIMIT = 2**53


@lru_cache(maxsize=65536)
def simplest_fraction(x: float) -> Fraction:
    """The fraction with the smallest denominator whose float equals ``x`` (``x`` finite)."""
    if not math.isfinite(x):
        raise ValueError(f"not a finite number: {x!r}")
    exact = Fraction(x)  # floats are dyadic rationals
    if exact.denominator == 1:
        return exact
    lo, hi = 1, exact.denominator  # limit_denominator(hi) == exact round-trips
    while lo < hi:  # smallest q whose closest fraction with denominator <= q round-trips
        mid = (lo + hi) // 2
        if float(exact.limit_denominator(mid)) == x:
            hi = mid
        else:
            lo = mid + 1
    return exact.limit_denominator(lo)


def common_scale(values: np.ndarray) -> int:
    """lcm of the simplest denominators of ``values`` (1 for integers)."""
    scale = 1
    for v in np.unique(np.asarray(values, dtype=float).ravel()):
        scale = math.lcm(scale, simplest_fraction(float(v)).denominator)
    return scale


def exact_integers(values: np.ndarray, multiplicity: float = 1.0,
                   limit: int = LIMIT) -> tuple[np.ndarray, int] | None:
    """``(values * s as int64, s)`` with ``s`` the common scale, or ``None`` when some scaled
    value times ``multiplicity`` (how many of them one constraint may add up) exceeds ``limit``.
    Every integer is checked to reconstruct its float exactly."""
    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        return arr.astype(np.int64), 1
    scale = common_scale(arr)
    top = max(abs(simplest_fraction(float(v))) for v in np.unique(arr)) * scale
    if top * max(multiplicity, 1.0) > limit:
        return None
    lookup = {float(v): simplest_fraction(float(v)) * scale for v in np.unique(arr)}
    ints = np.vectorize(lambda v: int(lookup[float(v)]), otypes=[np.int64])(arr)
    for v, n in zip(arr.ravel().tolist(), ints.ravel().tolist(), strict=True):
        if float(Fraction(n, scale)) != v:  # cannot happen by construction; a hard guard
            raise AssertionError(f"scaled value {n}/{scale} does not reconstruct {v!r}")
    return ints, scale


def scaled_int(x: float, scale: int) -> int:
    """``x * scale`` as the exact integer (``scale`` a multiple of x's simplest denominator)."""
    value = simplest_fraction(float(x)) * scale
    if value.denominator != 1:
        raise ValueError(f"{x!r} is not an integer multiple of 1/{scale}")
    return int(value)
