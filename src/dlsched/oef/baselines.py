"""Baselines the OEF paper compares against: max-min equal split, Gavel, Gandiva_fair (notes §6).

All three work on the *virtual rows* of the instance (one row per (user, job type), weight
``pi_u / t_u``; ``inst.rows``), exactly like the OEF LPs, so weighted and multi-job-type instances
get a defined behaviour:

* ``max-min``  — every row gets the weighted equal slice ``m_j * pi_r / sum(pi)`` of every type.
* ``gavel``    — weighted max-min of normalised throughput relative to that slice; the per-job cap
  ``sum_j x_r^j <= d_r`` applies per virtual row (each job type is a Gavel "job").
* ``gandiva-fair`` — starts from the weighted equal split; every virtual row trades on its own
  behalf (rows of the same user may trade with each other: that is the user re-balancing its own
  job types, and both rows weakly gain).

Status: the baselines report ``feasible``: their objective (total efficiency, recomputed from the
allocation) is not the optimum of any OEF model, even where Gavel's own LP is solved to optimality
(its LP status is kept in ``stats["lp_status"]``).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ..core import InputError, Result, Status, register_algorithm
from ..core.deadline import check_deadline
from .instance import OEFInstance
from .solution import make_solution, row_efficiency


def equal_split(inst: OEFInstance) -> np.ndarray:
    """Weighted equal split X^eq, shape (R, k): row r gets m_j * pi_r / sum(pi) of type j."""
    pi = inst.rows.weight
    return np.outer(pi / pi.sum(), inst.capacity)


def _result(inst: OEFInstance, method: str, X: np.ndarray, t0: float,
            stats: dict[str, Any] | None = None, **extra: Any) -> Result:
    """Result with the objective recomputed from the allocation (never taken from a solver)."""
    solution = make_solution(inst, X, **extra)
    return Result(problem="oef", method=method, status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()),
                  runtime_s=time.perf_counter() - t0, solution=solution, stats=stats or {})


# --- max-min ----------------------------------------------------------------------------------
@register_algorithm("max-min", "oef", "weighted equal split of every GPU type (max-min fairness)")
def max_min(inst: OEFInstance) -> Result:
    """Equal split: SI with equality, EF only among identical rows, far from efficient."""
    t0 = time.perf_counter()
    return _result(inst, "max-min", equal_split(inst), t0)


# --- Gavel ------------------------------------------------------------------------------------
def _row_demands(inst: OEFInstance) -> np.ndarray:
    """min_demand of each virtual row's job type (Gavel's worker count)."""
    index = {(u.name, jt.name): jt.min_demand for u in inst.users for jt in u.job_types}
    return np.array([index[label] for label in inst.rows.labels], dtype=float)


#: How the ``cap`` parameter turns into per-row caps d_r (None = no cap).
CAP_RULES: dict[str, Callable[[OEFInstance], np.ndarray]] = {
    "demand": _row_demands,
}


#: A per-row cap: a number for every row, a ``CAP_RULES`` name, one number per row, or None.
Cap = float | str | Sequence[float] | np.ndarray | None


def _caps(inst: OEFInstance, cap: Cap) -> np.ndarray | None:
    if cap is None:
        return None
    if isinstance(cap, (list, tuple, np.ndarray)):
        caps = np.asarray(cap, dtype=float)
        if caps.shape != (inst.rows.size,):
            raise InputError("cap", f"{caps.shape[0] if caps.ndim == 1 else caps.shape} caps "
                             f"for {inst.rows.size} rows")
        if np.any(caps <= 0):
            raise InputError("cap", "every per-row cap must be positive")
        return caps
    if isinstance(cap, str):
        if cap not in CAP_RULES:
            known = ", ".join(sorted(CAP_RULES))
            raise InputError("cap", f"unknown cap rule {cap!r} (known: {known}, or a number)")
        return CAP_RULES[cap](inst)
    if cap <= 0:
        raise InputError("cap", f"must be positive, got {cap}")
    return np.full(inst.rows.size, float(cap))


def _gavel_constraints(inst: OEFInstance, caps: np.ndarray | None
                       ) -> tuple[sp.csr_matrix, np.ndarray]:
    """A_ub, b_ub over variables [x (R*k, row-major), t]: capacity, caps, W_r.x_r >= t E^eq_r."""
    W, (R, k) = inst.rows.W, inst.rows.W.shape
    e_eq = row_efficiency(inst, equal_split(inst))
    cap_rows = sp.hstack([sp.kron(np.ones((1, R)), sp.eye(k)), sp.csr_matrix((k, 1))])
    # -W_r.x_r + t E^eq_r <= 0
    fair_rows = sp.hstack([-sp.block_diag([W[r:r + 1] for r in range(R)]), e_eq[:, None]])
    blocks, rhs = [cap_rows, fair_rows], [inst.capacity, np.zeros(R)]
    if caps is not None:
        blocks.append(sp.hstack([sp.kron(sp.eye(R), np.ones((1, k))), sp.csr_matrix((R, 1))]))
        rhs.append(caps)
    return sp.vstack(blocks).tocsr(), np.concatenate(rhs)


def _linprog(c: np.ndarray, A: sp.csr_matrix, b: np.ndarray) -> Any:
    # dual simplex returns a vertex, so ties are broken the same way on every run (notes §6.1)
    return linprog(c, A_ub=A, b_ub=b, bounds=(0, None), method="highs-ds")


@register_algorithm("gavel", "oef",
                    "Gavel max-min of throughput normalised to the equal split (notes §6.1); "
                    "cap=1 per job, second_stage=True")
def gavel(inst: OEFInstance, cap: Cap = 1.0, second_stage: bool = True,
          tol: float = 0.0) -> Result:
    """Gavel's heterogeneity-aware max-min LP, solved with scipy's HiGHS (dual simplex).

    Stage 1: max t s.t. capacity, sum_j x_r^j <= d_r, W_r.x_r >= t E^eq_r. Stage 2 (optional):
    max total efficiency with t >= (1 - tol) t* (tol = 0 keeps G3 exact; if HiGHS then reports
    the stage infeasible, the stage-1 vertex is kept and the reason recorded).
    ``cap`` is a number (d_r for every row; the default 1 is Gavel's time-fraction constraint and
    is needed to reproduce the paper, notes §6.1), ``"demand"`` (each job type's min_demand), a
    sequence with one d_r per row (the job simulator passes each tenant's active worker demand)
    or None (no cap).
    """
    t0 = time.perf_counter()
    W, (R, k) = inst.rows.W, inst.rows.W.shape
    A, b = _gavel_constraints(inst, _caps(inst, cap))
    c = np.zeros(R * k + 1)
    c[-1] = -1.0
    first = _linprog(c, A, b)
    if first.status != 0:  # cannot happen for a valid instance (X = 0, t = 0 is feasible)
        return Result("oef", "gavel", Status.ERROR, runtime_s=time.perf_counter() - t0,
                      stats={"lp_status": first.message})
    level = float(first.x[-1])
    x = first.x
    stats: dict[str, Any] = {"lp_status": "optimal", "solver": "scipy-highs-ds", "stages": 1}
    if second_stage:
        # t >= (1 - tol) t*  as  -t <= -(1 - tol) t*
        A2 = sp.vstack([A, sp.csr_matrix(([-1.0], ([0], [R * k])), shape=(1, R * k + 1))]).tocsr()
        b2 = np.append(b, -(1.0 - tol) * level)
        c2 = np.append(-W.ravel(), 0.0)
        second = _linprog(c2, A2, b2)
        if second.status == 0:
            x = second.x
            stats["stages"] = 2
        else:
            stats["second_stage"] = second.message
    X = np.clip(x[:-1].reshape(R, k), 0.0, None)
    return _result(inst, "gavel", X, t0, stats, level=level)


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


@register_algorithm("gandiva-fair", "oef",
                    "Gandiva_fair: equal split, then greedy pairwise second-price trading "
                    "(reconstruction of notes §6.2); in the job simulator the Gandiva_fair "
                    "system (tickets from this outcome, split stride scheduling, jobsim.py)")
def gandiva_fair(inst: OEFInstance, max_trades: int = 100_000, eps: float = 1e-12,
                 gap_tol: float = 1e-9) -> Result:
    """Equal split plus greedy trading of slow for fast GPUs (notes §6.2, reproduced exactly).

    Each trade empties the buyer's slow share or the seller's fast share and strictly raises the
    seller's (reported) throughput; shares below ``eps`` count as empty and ratio gaps below
    ``gap_tol`` as ties, so the loop terminates. ``max_trades`` is a safety net; hitting it is
    recorded in ``stats["stopped"]``. The trade list is in ``solution["trades"]``.
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
    return _result(inst, "gandiva-fair", X, t0, stats, trades=trades)


@register_algorithm("gandiva-fair-trading", "oef",
                    "the OEF paper's fractional trading, not the Gandiva_fair system: the same "
                    "allocation as gandiva-fair, demand-blind; in the job simulator it runs on "
                    "OEF's placer")
def gandiva_fair_trading(inst: OEFInstance, **params: Any) -> Result:
    """``gandiva_fair``'s trading outcome under its own label (why: the job simulator runs
    ``gandiva-fair`` as the Gandiva_fair system and this variant as the paper's reading)."""
    res = gandiva_fair(inst, **params)
    res.method = "gandiva-fair-trading"
    return res
