"""Fairness and efficiency properties of an OEF allocation, as predicates on (W, X) (notes §5).

Everything works on *virtual rows* (one per (user, job type)) with their weights ``pi_r``
(``inst.rows``); with one job type per user and equal weights this is exactly the paper's setting.
Weighted forms (notes §5, §3):

* SI: ``E_r >= W_r . m * pi_r / sum(pi)``.
* EF: ``E_r / pi_r >= W_r . x_s / pi_s``, evaluated as ``E_r - (pi_r / pi_s) W_r . x_s >= 0`` so the
  slack is in row r's throughput units (identical to the unweighted form when weights are equal).
* PE: no allocation gives every row at least its throughput and strictly more in total
  (DRF sense, by LP; no per-user cap unless ``cap`` is given, e.g. to judge Gavel in its own model).

Tolerance ``eps = 1e-7 * max(1, total efficiency)`` (notes §5). Predicates return ``bool``; the
``*_slack`` functions return the numbers behind them (negative = violated).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ..core import ALGORITHMS, MODELS, InputError, Result
from .instance import OEFInstance
from .rules import for_model
from .solution import rows_of

#: Relative tolerance of the property predicates (notes §5).
REL_TOL = 1e-7
#: Entries at most this (times max(1, m_j)) count as zero for adjacency and sparsity.
ZERO_TOL = 1e-9


def tolerance(W: np.ndarray, X: np.ndarray) -> float:
    """eps = 1e-7 * max(1, Sigma(X))."""
    return REL_TOL * max(1.0, float(np.einsum("rk,rk->", W, X)))


def _weights(W: np.ndarray, weight: np.ndarray | None) -> np.ndarray:
    return np.ones(W.shape[0]) if weight is None else np.asarray(weight, dtype=float)


# --- sharing incentive ------------------------------------------------------------------------
def si_slack(W: np.ndarray, X: np.ndarray, capacity: np.ndarray,
             weight: np.ndarray | None = None) -> np.ndarray:
    """Per row: E_r - W_r . (m pi_r / sum(pi)) (own throughput minus that of the equal slice)."""
    pi = _weights(W, weight)
    fair_share = (W @ np.asarray(capacity, dtype=float)) * pi / pi.sum()
    return np.einsum("rk,rk->r", W, X) - fair_share


def sharing_incentive(W: np.ndarray, X: np.ndarray, capacity: np.ndarray,
                      weight: np.ndarray | None = None, tol: float | None = None) -> bool:
    """SI: every row gets at least the throughput of its (weighted) equal slice."""
    tol = tolerance(W, X) if tol is None else tol
    return bool(si_slack(W, X, capacity, weight).min() >= -tol)


# --- envy-freeness ----------------------------------------------------------------------------
def ef_slack(W: np.ndarray, X: np.ndarray, weight: np.ndarray | None = None) -> np.ndarray:
    """S[r, s] = E_r - (pi_r / pi_s) W_r . x_s (negative: row r envies row s); S[r, r] = inf."""
    pi = _weights(W, weight)
    V = W @ X.T  # V[r, s] = W_r . x_s
    S = np.diag(V)[:, None] - V * (pi[:, None] / pi[None, :])
    np.fill_diagonal(S, np.inf)
    return S


def envy_free(W: np.ndarray, X: np.ndarray, weight: np.ndarray | None = None,
              tol: float | None = None) -> bool:
    """EF: no row values another row's (weight-scaled) bundle above its own."""
    if W.shape[0] < 2:
        return True
    tol = tolerance(W, X) if tol is None else tol
    return bool(ef_slack(W, X, weight).min() >= -tol)


# --- Pareto efficiency ------------------------------------------------------------------------
def pe_gap(W: np.ndarray, X: np.ndarray, capacity: np.ndarray, cap: float | None = None) -> float:
    """max Sigma(X') s.t. capacity, W_r.x'_r >= E_r(X) [, sum_j x'_r^j <= cap]; minus Sigma(X).

    A positive gap is a Pareto improvement. Capacity is taken as max(m_j, used_j) so that X itself
    is always feasible (a validated X exceeds m_j by at most the validator's 1e-7); ``nan`` if the
    LP fails anyway.
    """
    R, k = W.shape
    E = np.einsum("rk,rk->r", W, X)
    cap_rows = sp.kron(np.ones((1, R)), sp.eye(k))
    own_rows = -sp.block_diag([W[r:r + 1] for r in range(R)])
    room = np.maximum(np.asarray(capacity, float), X.sum(axis=0))
    blocks, rhs = [cap_rows, own_rows], [room, -E]
    if cap is not None:
        blocks.append(sp.kron(sp.eye(R), np.ones((1, k))))
        rhs.append(np.maximum(float(cap), X.sum(axis=1)))
    res = linprog(-W.ravel(), A_ub=sp.vstack(blocks).tocsr(), b_ub=np.concatenate(rhs),
                  bounds=(0, None), method="highs")
    if res.status != 0:
        return float("nan")
    return float(-res.fun - E.sum())


def pareto_efficient(W: np.ndarray, X: np.ndarray, capacity: np.ndarray,
                     cap: float | None = None, tol: float | None = None) -> bool:
    """PE: the improvement LP cannot raise total throughput by more than eps."""
    tol = tolerance(W, X) if tol is None else tol
    return bool(pe_gap(W, X, capacity, cap) <= tol)


# --- structure: adjacency and sparsity --------------------------------------------------------
def _support(X: np.ndarray, capacity: np.ndarray | None) -> np.ndarray:
    scale = 1.0 if capacity is None else np.maximum(1.0, np.asarray(capacity, float))
    return np.asarray(X) > ZERO_TOL * scale


def non_adjacent_rows(X: np.ndarray, capacity: np.ndarray | None = None) -> list[int]:
    """Rows whose nonzero entries do not occupy one contiguous range of GPU types (Thm 5.2)."""
    S = _support(X, capacity)
    count = S.sum(axis=1)
    k = S.shape[1]
    idx = np.arange(k)
    first = np.where(S, idx, k).min(axis=1)
    last = np.where(S, idx, -1).max(axis=1)
    return [int(r) for r in np.nonzero((count > 0) & (last - first + 1 != count))[0]]


def adjacency(X: np.ndarray, capacity: np.ndarray | None = None) -> bool:
    """Every row's support is contiguous."""
    return not non_adjacent_rows(X, capacity)


def nnz(X: np.ndarray, capacity: np.ndarray | None = None) -> int:
    return int(_support(X, capacity).sum())


def sparsity(X: np.ndarray, capacity: np.ndarray | None = None) -> bool:
    """nnz(X) <= R + k - 1 (extreme-point bound, notes §7; k = number of GPU types)."""
    R, k = np.shape(X)
    return nnz(X, capacity) <= R + k - 1


# --- everything at once: the Problem hooks ----------------------------------------------------
def properties(inst: OEFInstance, solution: dict[str, Any]) -> dict[str, Any]:
    """Verdicts with their worst slack (negative = violated), evaluated on the virtual rows."""
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    X = rows_of(inst, solution)
    tol = tolerance(W, X)
    si = float(si_slack(W, X, m, pi).min())
    ef = float(ef_slack(W, X, pi).min()) if W.shape[0] > 1 else float("inf")
    gap = pe_gap(W, X, m)
    bad = non_adjacent_rows(X, m)
    count, bound = nnz(X, m), W.shape[0] + inst.n_types - 1
    return {
        "sharing_incentive": {"holds": si >= -tol, "worst_slack": si},
        "envy_free": {"holds": ef >= -tol, "worst_slack": ef},
        "pareto_efficient": {"holds": bool(gap <= tol), "worst_slack": -gap},
        "adjacency": {"holds": not bad, "non_adjacent_rows": bad},
        "sparsity": {"holds": count <= bound, "nnz": count, "bound": bound,
                     "worst_slack": bound - count},
        "total_efficiency": float(np.einsum("rk,rk->", W, X)),
        "tolerance": tol,
    }


def metrics(inst: OEFInstance, result: Result | dict[str, Any]) -> dict[str, float]:
    """0/1 indicators si/ef/pe/adjacent/sparse plus total_efficiency ({} without a solution)."""
    solution = result.solution if isinstance(result, Result) else result
    if not solution:
        return {}
    p = properties(inst, solution)
    flags = {"si": "sharing_incentive", "ef": "envy_free", "pe": "pareto_efficient",
             "adjacent": "adjacency", "sparse": "sparsity"}
    out = {short: float(p[name]["holds"]) for short, name in flags.items()}
    out["total_efficiency"] = p["total_efficiency"]
    return out


# --- strategy-proofness, empirically ----------------------------------------------------------
Misreport = Callable[[np.ndarray, np.random.Generator], np.ndarray]


def _inflate(w: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The paper's SP definition: w'^1 = 1, w'^j = w^j * U(1, 2) >= w^j."""
    return w * np.concatenate([[1.0], rng.uniform(1.0, 2.0, w.size - 1)])


def _arbitrary(w: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Outside the paper's claim: each w^j (j > 1) scaled by U(0.5, 2), kept >= 1."""
    return np.concatenate([[1.0], np.maximum(1.0, w[1:] * rng.uniform(0.5, 2.0, w.size - 1))])


#: Misreport samplers by name; ``inflate`` is what Thm 5.4 covers.
MISREPORTS: dict[str, Misreport] = {"inflate": _inflate, "arbitrary": _arbitrary}


def mechanism_runner(name: str) -> Callable[..., Result]:
    """An OEF exact model or algorithm by registry name, as ``fn(inst, **params) -> Result``.

    An exact model runs on the instance stating its own rule (``rules.for_model``): the
    mechanism named is the problem solved, whatever ``inst.fairness`` says.
    """
    if MODELS.has(name, "oef"):
        model = MODELS.get(name, problem="oef").run
        return lambda inst, **params: model(for_model(inst, name), **params)
    if ALGORITHMS.has(name, "oef"):
        return ALGORITHMS.get(name, problem="oef").run
    known = sorted(n for reg in (MODELS, ALGORITHMS) for n, _ in reg.items("oef"))
    raise InputError("mechanism", f"unknown OEF mechanism {name!r} (known: {', '.join(known)})")


def _owner_throughput(inst: OEFInstance, X_rows: np.ndarray, owner: int) -> float:
    """True throughput of user ``owner`` (its rows valued with the *true* W, notes §10.6)."""
    mine = inst.rows.owner == owner
    return float(np.einsum("rk,rk->", inst.rows.W[mine], X_rows[mine]))


def strategy_proof_sample(
    instances: OEFInstance | Iterable[OEFInstance],
    mechanism: str,
    *,
    samples: int = 100,
    seed: int = 0,
    modes: Iterable[str] = ("inflate", "arbitrary"),
    tol: float | None = None,
    **params: Any,
) -> dict[str, dict[str, float]]:
    """Empirical SP (notes §5): per mode, ``samples`` misreports per instance by a random row.

    The liar's gain is its *user's* true throughput under the misreport minus under the truth
    (for single-type users: the row's). A violation is a gain above ``tol`` (default eps of the
    truthful allocation). Returns per mode: samples, violations, violation_rate, max_gain,
    max_relative_gain (gain / truthful throughput), failures (mechanism gave no solution).
    """
    run = mechanism_runner(mechanism)
    insts = [instances] if isinstance(instances, OEFInstance) else list(instances)
    rng = np.random.default_rng(seed)
    modes = list(modes)
    for mode in modes:
        if mode not in MISREPORTS:
            known = ", ".join(sorted(MISREPORTS))
            raise InputError("modes", f"unknown misreport mode {mode!r} (known: {known})")
    report = {mode: {"samples": 0, "violations": 0, "failures": 0, "max_gain": -np.inf,
                     "max_relative_gain": -np.inf} for mode in modes}
    for inst in insts:
        truth = run(inst, **params)
        if truth.solution is None:
            for mode in modes:
                report[mode]["failures"] += samples
            continue
        X = rows_of(inst, truth.solution)
        eps = tolerance(inst.rows.W, X) if tol is None else tol
        for mode in modes:
            stats = report[mode]
            for _ in range(samples):
                row = int(rng.integers(inst.rows.size))
                lie = MISREPORTS[mode](inst.rows.W[row], rng)
                res = run(inst.with_speedup(row, lie), **params)
                if res.solution is None:
                    stats["failures"] += 1
                    continue
                owner = int(inst.rows.owner[row])
                before = _owner_throughput(inst, X, owner)
                gain = _owner_throughput(inst, rows_of(inst, res.solution), owner) - before
                stats["samples"] += 1
                stats["violations"] += int(gain > eps)
                stats["max_gain"] = max(stats["max_gain"], gain)
                relative = gain / max(before, 1e-12)
                stats["max_relative_gain"] = max(stats["max_relative_gain"], relative)
    for stats in report.values():
        done = stats["samples"]
        stats["violation_rate"] = stats["violations"] / done if done else 0.0
    return report
