"""Exercises of notebooks/revenue.ipynb.

Each expected value is worked out here from the paper's formulas (Eq. (8) prices, Eq. (2)
payment split, Theorem 1(i)) with the worked example's constants; nothing is read from the
mechanism's code.
"""

from __future__ import annotations

from typing import Any

from ..grading import close, correct, integer, number, unanswered, verify

#: Exercise 1: price base and pool size.
THETA_W, POOL = 27.0, 9
PRICE_LIMIT = 8.0
#: Exercise 2: idle workers / PSs per tenant after phase 1, per-slot costs, slots.
IDLE_W, IDLE_P = {"u1": 1, "u2": 3}, {"u1": 1, "u2": 1}
COST_W, COST_P, SLOTS = 3.0, 1.0, 4
#: Exercise 3: the worked example (docs/specs/revenue.md, notes §4): jobs, k_max = k_min,
#: lambda, and the default mode's golden OPT and Astraea revenue (computed there by an
#: independent prototype).
JOBS, K, LAMBDA = 4, -2.0, 2
OPT_DEFAULT, ASTRAEA_DEFAULT = 326.0, 168.0


def _price(h: int) -> float:
    """Eq. (8): theta^(h / pool) - 1."""
    return THETA_W ** (h / POOL) - 1


def _bound(L: int) -> float:
    """Theorem 1(i): J ((2^L - 1) k_max - (2^(L+1) - 1)(2 lambda - 1) k_min)."""
    return JOBS * ((2**L - 1) * K - (2 ** (L + 1) - 1) * (2 * LAMBDA - 1) * K)


def check_exercise_1(answer: Any) -> None:
    """The fewest busy workers h (of 9, theta 27) with a price above 8: 3^(h/3) > 9 iff h > 6."""
    if unanswered(answer, "the fewest busy workers (an integer)"):
        return
    h = integer(answer, "h")
    verify(0 <= h <= POOL, f"h counts busy workers of a pool of {POOL}: 0..{POOL}, got {h}")
    verify(
        _price(h) > PRICE_LIMIT + 1e-12,
        f"with {h} busy workers a worker-slot costs {_price(h):.3f}, not more than 8",
    )
    verify(
        _price(h - 1) <= PRICE_LIMIT + 1e-12,
        f"with {h - 1} busy workers the price is already {_price(h - 1):.3f} > 8",
    )
    correct(
        f"h = {h}: the price is {_price(h - 1):.3f} at {h - 1} busy workers and "
        f"{_price(h):.3f} at {h}; exponential in the load, so the last workers are dear"
    )


def check_exercise_2(answer: Any) -> None:
    """u2's income by Eq. (2): per slot 3/4 of the worker cost and 1/2 of the PS cost."""
    if unanswered(answer, "u2's total income (a number)"):
        return
    got = number(answer, "the income")
    a_w, a_p = sum(IDLE_W.values()), sum(IDLE_P.values())
    expected = SLOTS * (IDLE_W["u2"] / a_w * COST_W + IDLE_P["u2"] / a_p * COST_P)
    verify(
        close(got, expected),
        f"{got:g} is not u2's share: split the worker cost and the PS "
        "cost separately, each in proportion to the idle resources, slot by slot",
    )
    correct(f"{expected:g}: u2 gets 3/4 of the worker payment and 1/2 of the PS payment")


def check_exercise_3(answer: Any) -> None:
    """The smallest L with Theorem 1(i)'s bound (40 2^L - 16 here) >= the gap 326 - 168."""
    if unanswered(answer, "the smallest number of batches L (an integer)"):
        return
    L = integer(answer, "L")
    verify(L >= 1, f"L counts batches: at least 1, got {L}")
    gap = OPT_DEFAULT - ASTRAEA_DEFAULT
    verify(_bound(L) >= gap, f"with L = {L} the bound is {_bound(L):g} < the gap {gap:g}")
    verify(L == 1 or _bound(L - 1) < gap, f"a smaller L already gives a bound >= {gap:g}")
    correct(
        f"L = {L}: bound {_bound(L):g} >= gap {gap:g}; the run itself used 5 batches "
        f"(bound {_bound(5):g}), so the guarantee holds with room to spare"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 6,  # the price at h = 6 is exactly 8, not more
    2: 9.0,  # the worker part only
    3: 5,  # the batches the run used, not the smallest L whose bound covers the gap
}
