"""Gandiva_fair (``gandiva-fair``, notes §6.2) pinned on tiny instances worked by hand.

The rule (notes §6.2): start from the weighted equal split; repeatedly the buyer u holding slow
type a and the seller s holding fast type b with the largest ratio gap r_u - r_s > 0
(r_l = w_l^b / w_l^a) trade; ties go to the lowest (a, b), then buyer, then seller. The price is
the second price: the largest ratio r_o among the *other* rows that still hold type a and have
r_o > r_s, capped at r_u; without such a row the midpoint (r_u + r_s) / 2. The buyer gives
``price * q`` of type a for ``q`` of type b, with q the smaller of the seller's fast share and
what the buyer's slow share can pay (``X[u, a] / price``).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.oef import make, parse

ATOL = 1e-12


def flat(X) -> list[float]:
    return [x for row in X for x in row]


def market_stats(res) -> dict:
    """The market's own stats: ``res.stats`` without the validator's verdict (``check``),
    which ``ds.run`` adds (``Result.verdict``)."""
    return {k: v for k, v in res.stats.items() if k != "check"}


def trades(res) -> list[tuple]:
    return [(t["slow"], t["fast"], t["buyer"], t["seller"], t["price"], t["quantity"], t["rule"])
            for t in res.solution["trades"]]


def test_two_users_midpoint_buyer_spends_all():
    """W = [[1, 2], [1, 4]], one GPU of each type. Equal split: every cell 1/2.

    r = (2, 4): buyer u1, seller u0, gap 2; no other bidder -> midpoint price 3. The buyer's
    slow share pays for 1/2 / 3 = 1/6 < 1/2 fast: q = 1/6, the buyer spends all its slow.
    X = [[1/2 + 3/6, 1/2 - 1/6], [0, 1/2 + 1/6]] = [[1, 1/3], [0, 2/3]].
    Then u1 holds no slow and u0 (r = 2) gains nothing from u1: stop. E = (5/3, 8/3).
    """
    res = ds.run(make([[1, 2], [1, 4]]), "gandiva-fair")
    assert trades(res) == [(0, 1, 1, 0, pytest.approx(3), pytest.approx(1 / 6), "midpoint")]
    assert flat(res.solution["allocation"]) == pytest.approx([1, 1 / 3, 0, 2 / 3], abs=ATOL)
    assert res.solution["efficiency"] == pytest.approx([5 / 3, 8 / 3], abs=ATOL)
    assert res.objective == pytest.approx(13 / 3, abs=ATOL)
    assert res.verdict == {"valid": True, "count": 0, "violations": []}
    assert market_stats(res) == {"trades": 1, "stopped": "no profitable trade"}


def test_seller_sells_all_its_fast_share():
    """W = [[1, 2], [1, 4]], 4 slow and 1 fast GPU. Equal split: (2, 1/2) each.

    Midpoint price 3; the buyer can pay for 2 / 3 > 1/2 fast: the seller sells all, q = 1/2,
    and the buyer pays 3/2 slow. X = [[2 + 3/2, 0], [2 - 3/2, 1]] = [[7/2, 0], [1/2, 1]].
    E = (7/2, 1/2 + 4) = (7/2, 9/2).
    """
    res = ds.run(make([[1, 2], [1, 4]], [4, 1]), "gandiva-fair")
    assert trades(res) == [(0, 1, 1, 0, pytest.approx(3), pytest.approx(0.5), "midpoint")]
    assert flat(res.solution["allocation"]) == pytest.approx([3.5, 0, 0.5, 1], abs=ATOL)
    assert res.solution["efficiency"] == pytest.approx([3.5, 4.5], abs=ATOL)


def test_tie_goes_to_the_lowest_buyer_and_the_second_price_needs_slow_left():
    """W = [[1, 2], [1, 4], [1, 4]], 3 GPUs of each type. Equal split: (1, 1) each.

    Trade 1: buyers u1 and u2 tie (r = 4, gap 2 to seller u0): the lower index u1 buys. u2 still
    holds slow and r_2 = 4 > r_0: second price min(4, r_1) = 4. u1 pays for 1/4 fast with all its
    slow: X = [[1 + 1, 1 - 1/4], [0, 1 + 1/4], [1, 1]].
    Trade 2: buyer u2, seller u0; u1 holds no slow any more, so no other bidder: midpoint 3,
    q = 1/3: X = [[2 + 1, 3/4 - 1/3], [0, 5/4], [0, 4/3]] = [[3, 5/12], [0, 5/4], [0, 4/3]].
    Then only u0 holds slow and it has the lowest ratio: stop.
    """
    res = ds.run(make([[1, 2], [1, 4], [1, 4]], [3, 3]), "gandiva-fair")
    assert trades(res) == [
        (0, 1, 1, 0, pytest.approx(4), pytest.approx(1 / 4), "second-price"),
        (0, 1, 2, 0, pytest.approx(3), pytest.approx(1 / 3), "midpoint"),
    ]
    assert flat(res.solution["allocation"]) == pytest.approx(
        [3, 5 / 12, 0, 5 / 4, 0, 4 / 3], abs=ATOL)


def test_second_price_is_capped_at_the_buyers_ratio():
    """W = [[1, 2], [1, 3.8], [1, 4]], 3 GPUs of each type, gap_tol = 0.5. Equal split (1, 1).

    Gaps to seller u0: u1 1.8, u2 2; both within gap_tol of the best (2), so the first in order,
    buyer u1, trades. The other bidder u2 (r = 4 > 2 + 0.5) sets the second price, capped at
    u1's own ratio: min(4, 3.8) = 3.8. u1 pays all its slow for q = 1/3.8 = 5/19 fast:
    u0 (2, 14/19), u1 (0, 24/19). Then buyer u2, seller u0, nobody else holds slow: midpoint 3,
    q = 1/3: u0 (3, 14/19 - 1/3 = 23/57), u2 (0, 4/3). Only u0 holds slow now: stop.
    """
    res = ds.run(make([[1, 2], [1, 3.8], [1, 4]], [3, 3]), "gandiva-fair", gap_tol=0.5)
    assert trades(res) == [
        (0, 1, 1, 0, pytest.approx(3.8), pytest.approx(5 / 19), "second-price"),
        (0, 1, 2, 0, pytest.approx(3), pytest.approx(1 / 3), "midpoint"),
    ]
    assert flat(res.solution["allocation"]) == pytest.approx(
        [3, 23 / 57, 0, 24 / 19, 0, 4 / 3], abs=ATOL)


def test_weights_set_the_starting_split():
    """W = [[1, 2], [1, 4]], weights (1, 2), 3 GPUs of each type. Weighted split: u0 (1, 1),
    u1 (2, 2). Midpoint 3; u1 pays for 2/3 < 1 fast with all its slow:
    X = [[1 + 2, 1 - 2/3], [0, 2 + 2/3]] = [[3, 1/3], [0, 8/3]]."""
    res = ds.run(make([[1, 2], [1, 4]], [3, 3], weights=[1, 2]), "gandiva-fair")
    assert trades(res) == [(0, 1, 1, 0, pytest.approx(3), pytest.approx(2 / 3), "midpoint")]
    assert flat(res.solution["allocation"]) == pytest.approx([3, 1 / 3, 0, 8 / 3], abs=ATOL)


def test_max_trades_stops_the_market_and_says_so():
    """The tie instance above with max_trades=1: only trade 1 happens."""
    res = ds.run(make([[1, 2], [1, 4], [1, 4]], [3, 3]), "gandiva-fair", max_trades=1)
    assert res.verdict == {"valid": True, "count": 0, "violations": []}
    assert market_stats(res) == {"trades": 1, "stopped": "max_trades"}
    assert flat(res.solution["allocation"]) == pytest.approx([2, 3 / 4, 0, 5 / 4, 1, 1], abs=ATOL)


def test_equal_ratios_do_not_trade():
    """W = [[1, 2], [1, 2]]: both ratios are 2, no gap: the equal split stays, no trade."""
    res = ds.run(make([[1, 2], [1, 2]], [2, 2]), "gandiva-fair")
    assert res.solution["trades"] == [] and res.stats["trades"] == 0
    assert flat(res.solution["allocation"]) == pytest.approx([1, 1, 1, 1], abs=ATOL)


def test_trading_variant_is_the_same_allocation_under_its_own_label():
    inst = make([[1, 2], [1, 4], [1, 4]], [3, 3])
    a, b = ds.run(inst, "gandiva-fair"), ds.run(inst, "gandiva-fair-trading")
    assert b.method == "gandiva-fair-trading" and a.method == "gandiva-fair"
    assert b.solution["allocation"] == a.solution["allocation"]


def test_job_types_of_one_user_trade_as_rows():
    """User a has job types x (speedup 2) and y (speedup 4), weight 2 -> two rows of weight 1;
    user b (speedup 2) one row. 3 GPUs of each type: each row starts with (1, 1).
    Buyer a.y (r = 4); sellers a.x and b tie at r = 2: the lower row a.x sells. No other bidder
    with r > 2: midpoint 3, q = 1/3: a.x (1 + 1, 2/3), a.y (0, 4/3). Then buyer none (a.y has no
    slow); a.x, b have r = 2 < 4. Per user a: (2, 2), b: (1, 1)."""
    inst = parse({"problem": "oef", "gpu_types": [{"name": "s", "count": 3},
                                                  {"name": "f", "count": 3}],
                  "users": [{"name": "a", "weight": 2,
                             "job_types": [{"name": "x", "speedup": [1, 2]},
                                           {"name": "y", "speedup": [1, 4]}]},
                            {"name": "b", "speedup": [1, 2]}]})
    res = ds.run(inst, "gandiva-fair")
    assert trades(res) == [(0, 1, 1, 0, pytest.approx(3), pytest.approx(1 / 3), "midpoint")]
    rows = [r["allocation"] for r in res.solution["rows"]]
    assert flat(rows) == pytest.approx([2, 2 / 3, 0, 4 / 3, 1, 1], abs=ATOL)
    assert flat(res.solution["allocation"]) == pytest.approx([2, 2, 1, 1], abs=ATOL)


def test_exact_ties_with_a_zero_gap_tolerance():
    """``gap_tol=0``: only the exact largest gap is a candidate; on W = [[1, 2], [1, 4]] it is
    the same single midpoint trade as above (buyer u1, seller u0, price 3, q = 1/6)."""
    res = ds.run(make([[1, 2], [1, 4]]), "gandiva-fair", gap_tol=0.0)
    assert trades(res) == [(0, 1, 1, 0, pytest.approx(3), pytest.approx(1 / 6), "midpoint")]
    assert flat(res.solution["allocation"]) == pytest.approx([1, 1 / 3, 0, 2 / 3], abs=ATOL)


def test_one_gpu_type_leaves_the_equal_split():
    """One GPU type (4 GPUs), weights 1 and 3: there is no pair of types to trade, so the
    result is the weighted equal split 1 and 3 with no trade."""
    res = ds.run(make([[1], [1]], [4], weights=[1, 3]), "gandiva-fair")
    assert trades(res) == [] and res.stats["trades"] == 0
    assert flat(res.solution["allocation"]) == pytest.approx([1, 3], abs=ATOL)
