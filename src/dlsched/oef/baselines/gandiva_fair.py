"""Gandiva_fair baseline of the OEF paper (notes §6.2): equal split, then greedy trading.

Starts from the weighted equal split (``max_min.equal_split``) of the *virtual rows* (one row per
(user, job type), weight ``pi_u / t_u``; ``inst.rows``); every virtual row trades on its own
behalf (rows of the same user may trade with each other: that is the user re-balancing its own
job types, and both rows weakly gain).

Status: ``feasible``: the objective (total efficiency, recomputed from the allocation) is not
the optimum of any OEF model.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ...core.deadline import check_deadline
from ..instance import OEFInstance
from ..solution import allocation_result
from .max_min import equal_split

__all__ = ["gandiva_fair", "gandiva_fair_trading"]


# --- Gandiva_fair -----------------------------------------------------------------------------
class _Market:
    """The fixed part of Gandiva_fair's market: type pairs and all ratio gaps r_u - r_s."""

    def __init__(self, W: np.ndarray) -> None:
        # all (slow a, fast b) with a < b, in lexicographic order (the notes' tie order)
        self.a, self.b = np.triu_indices(W.shape[1], 1)
        self.ratio = (W[:, self.b] / W[:, self.a]).T  # (P, R): r_l for every pair
        gap = self.ratio[:, :, None] - self.ratio[:, None, :]  # (P, buyer, seller)
        gap[:, np.arange(W.shape[0]), np.arange(W.shape[0])] = -np.inf  # no self-trade
        self.gap = gap

    def best_trade(self, X: np.ndarray, eps: float, gap_tol: float
                   ) -> tuple[int, int, int, int] | None:
        """(a, b, buyer, seller) with the largest gap r_u - r_s > 0 (notes §6.2 step 2).

        Buyers hold slow type a, sellers fast type b. Ties (within ``gap_tol``): lowest a, then
        b, then buyer, then seller — the first candidate in row-major (pair, buyer, seller) order.
        """
        has_slow = np.greater(X[:, self.a].T, eps)  # (P, R)
        has_fast = np.greater(X[:, self.b].T, eps)
        gap = np.where(has_slow[:, :, None] & has_fast[:, None, :], self.gap, -np.inf)
        if gap.size == 0:  # one GPU type or one user: nothing to trade
            return None
        best = gap.max()
        if not best > gap_tol:
            return None
        p, u, s = np.unravel_index(int(np.argmax(gap.ravel() >= best - gap_tol)), gap.shape)
        return int(self.a[p]), int(self.b[p]), int(u), int(s)


def _price(ratio: np.ndarray, can_bid: np.ndarray, u: int, s: int, gap_tol: float
           ) -> tuple[float, str]:
    """Second price among other bidders with r_l > r_s, else the midpoint; capped at r_u."""
    others = can_bid.copy()
    others[[u, s]] = False
    others &= ratio > ratio[s] + gap_tol
    if others.any():
        return min(float(ratio[others].max()), float(ratio[u])), "second-price"
    return (float(ratio[u]) + float(ratio[s])) / 2.0, "midpoint"


def gandiva_fair(inst: OEFInstance, max_trades: int = 100_000, eps: float = 1e-12,
                 gap_tol: float = 1e-9) -> Result:
    """Gandiva_fair: the weighted equal split, then greedy trading of slow for fast GPUs.

    Notes §6.2, reproduced exactly: the pair of rows with the largest ratio gap trades at a
    second price (or the midpoint). Each trade empties the buyer's slow share or the seller's
    fast share and strictly raises the seller's (reported) throughput, so the loop terminates.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    max_trades : int, default 100000
        Safety net on the number of trades; hitting it is recorded in ``stats["stopped"]``.
        Unit: trades.
    eps : float, default 1e-12
        Shares below ``eps`` times the largest GPU count count as empty. Unit: dimensionless.
    gap_tol : float, default 1e-9
        Speedup-ratio gaps below this are ties (no trade). Unit: dimensionless.

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` is the total normalised throughput recomputed from
        the allocation; the ``Solution`` holds ``allocation``, ``efficiency``,
        ``total_efficiency``, ``rows`` and ``trades`` (every trade in order: slow and fast
        type, buyer and seller row, price, quantity, pricing rule); ``stats["trades"]`` counts
        them.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.baselines import gandiva_fair
    >>> res = gandiva_fair(generate(n=3, k=2, seed=0))
    >>> res.status.value, round(res.objective, 6), len(res.solution.trades)
    ('feasible', 4.837423, 2)
    """
    t0 = time.perf_counter()
    W = inst.rows.W
    X = equal_split(inst)
    market = _Market(W)
    eps = eps * max(1.0, float(inst.capacity.max()))
    trades: list[dict[str, Any]] = []
    stopped = "no profitable trade"
    while True:
        check_deadline()  # only inside the label guard's time limit (core.deadline)
        pick = market.best_trade(X, eps, gap_tol)
        if pick is None:
            break
        if len(trades) >= max_trades:
            stopped = "max_trades"
            break
        a, b, u, s = pick
        ratio = W[:, b] / W[:, a]
        price, rule = _price(ratio, X[:, a] > eps, u, s, gap_tol)
        buyer_limit = X[u, a] / price
        if X[s, b] <= buyer_limit:  # seller sells all of its fast share
            q = X[s, b]
            X[u, a] = max(0.0, X[u, a] - price * q)
            X[s, b] = 0.0
        else:  # buyer spends all of its slow share
            q = buyer_limit
            X[s, b] -= q
            X[u, a] = 0.0
        X[u, b] += q
        X[s, a] += price * q
        X[np.abs(X) < eps] = 0.0
        trades.append({"slow": a, "fast": b, "buyer": u, "seller": s, "price": price,
                       "quantity": float(q), "rule": rule})
    stats = {"trades": len(trades), "stopped": stopped}
    return allocation_result(inst, "gandiva-fair", X, t0, stats, trades=trades)


# registered by a call, not a decorator: mutmut (scripts/mutation.py) mutates only
# undecorated functions
register_algorithm(
    "gandiva-fair", "oef",
    "Gandiva_fair: equal split, then greedy pairwise second-price trading "
    "(reconstruction of notes §6.2); in the job simulator the Gandiva_fair "
    "system (tickets from this outcome, split stride scheduling, jobsim.py)",
)(gandiva_fair)


@register_algorithm("gandiva-fair-trading", "oef",
                    "the OEF paper's fractional trading, not the Gandiva_fair system: the same "
                    "allocation as gandiva-fair, demand-blind; in the job simulator it runs on "
                    "OEF's placer")
def gandiva_fair_trading(inst: OEFInstance, max_trades: int = 100_000, eps: float = 1e-12,
                         gap_tol: float = 1e-9) -> Result:
    """``gandiva_fair``'s trading outcome under its own label ``gandiva-fair-trading``.

    Why a second name: the job simulator runs ``gandiva-fair`` as the Gandiva_fair system and
    this one as the OEF paper's fractional reading (on OEF's placer); as an allocation both
    are the same.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    max_trades : int, default 100000
        Safety net on the number of trades (passed to ``gandiva_fair``). Unit: trades.
    eps : float, default 1e-12
        Shares below ``eps`` times the largest GPU count count as empty. Unit: dimensionless.
    gap_tol : float, default 1e-9
        Speedup-ratio gaps below this are ties (no trade). Unit: dimensionless.

    Returns
    -------
    Result
        ``gandiva_fair``'s result with ``method`` = ``gandiva-fair-trading``.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.baselines import gandiva_fair_trading
    >>> res = gandiva_fair_trading(generate(n=3, k=2, seed=0))
    >>> res.method, round(res.objective, 6)
    ('gandiva-fair-trading', 4.837423)
    """
    res = gandiva_fair(inst, max_trades=max_trades, eps=eps, gap_tol=gap_tol)
    res.method = "gandiva-fair-trading"
    return res
