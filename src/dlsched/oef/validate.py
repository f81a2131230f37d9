"""Independent validator of OEF solutions: shapes, non-negativity, capacity (notes §1) and the
fairness rule the *instance* states (notes §2-§3; ``dlsched.oef.rules``).

Written from the paper's constraints, not from the solvers. Returns a list of violations
(empty when feasible). The rules come from the instance only: ``inst.fairness`` is
``'none'`` (capacity only, LP (4)), ``'cooperative'`` (weighted envy-freeness between virtual
rows, LP (10)) or ``'noncooperative'`` (equal weighted normalised throughput, LP (9)); no key
of the solution changes them.

Fairness is judged on the per-row allocation the objective counts (``rows`` when present,
else ``allocation`` when every user has one job type). A solution with ``rounds`` (the placer)
is judged by the same rule on its stored long-run average (``allocation`` / ``rows``, which
must equal the mean of the rounds): the rounding of the fractional ``ideal`` is not exempt, so
on a cooperative or non-cooperative instance a placer output is valid only when its average
itself satisfies the rule. Tolerance of the fairness rows: ``FAIR_RTOL`` relative.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.tolerance import exceeds, negative, same_amount
from .instance import OEFInstance
from .rules import FAIR_FLOOR, FAIR_RTOL
from .validate_rounds import check_rounds

#: Violations of a fairness rule listed one by one (the rest are counted).
SHOWN = 10


def _matrix(value: Any, name: str, shape: tuple[int, int], out: list[str]) -> np.ndarray | None:
    try:
        X = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        out.append(f"{name}: not a numeric matrix")
        return None
    if X.shape != shape:
        out.append(f"{name}: shape {X.shape}, expected {shape}")
        return None
    if not np.all(np.isfinite(X)):
        out.append(f"{name}: contains NaN or infinity")
        return None
    return X


def check_allocation(inst: OEFInstance, solution: dict[str, Any]) -> list[str]:
    """Fractional allocation: n x k, x >= 0, sum over users <= m_j; rows add up to users."""
    out: list[str] = []
    if "allocation" not in solution:
        return ["allocation: missing"]
    n, k = inst.n_users, inst.n_types
    X = _matrix(solution["allocation"], "allocation", (n, k), out)
    if X is None:
        return out
    for i, j in zip(*np.nonzero(negative(X)), strict=False):
        out.append(f"allocation[{i}][{j}]: negative ({X[i, j]:.3g})")
    used = X.sum(axis=0)
    for j in np.nonzero(exceeds(used, inst.capacity))[0]:
        out.append(
            f"capacity of {inst.gpu_types[j].name}: "
            f"{used[j]:.9g} allocated > {inst.capacity[j]:.9g}"
        )
    if "rows" in solution:
        rows = solution["rows"]
        if len(rows) != inst.rows.size:
            out.append(f"rows: {len(rows)} entries, expected {inst.rows.size}")
            return out
        Xr = _matrix(
            [r.get("allocation") for r in rows], "rows.allocation", (inst.rows.size, k), out
        )
        if Xr is not None:
            for r in np.nonzero(negative(Xr).any(axis=1))[0]:
                out.append(f"rows[{r}].allocation: negative entry")
            summed = np.zeros((n, k))
            np.add.at(summed, inst.rows.owner, Xr)
            if not same_amount(summed, X).all():
                out.append("rows: per-row allocations do not sum to the per-user allocation")
            used_rows = Xr.sum(axis=0)  # the objective counts the rows: they meet capacity too
            for j in np.nonzero(exceeds(used_rows, inst.capacity))[0]:
                out.append(f"capacity of {inst.gpu_types[j].name}: rows allocate "
                           f"{used_rows[j]:.9g} > {inst.capacity[j]:.9g}")
            if not out:
                out.extend(check_fairness(inst, Xr))
        return out
    if not out and inst.fairness != "none":
        if all(len(u.job_types) == 1 for u in inst.users):
            out.extend(check_fairness(inst, X))
        else:
            out.append(f"rows: missing; fairness={inst.fairness!r} is judged per (user, job "
                       "type) row, and a user has several job types")
    return out


def _label(inst: OEFInstance, r: int) -> str:
    user, jt = inst.rows.labels[r]
    return f"user {user}" if user == jt else f"row {user}/{jt}"


def envy_gaps(inst: OEFInstance, X_rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Weighted own and cross values of the rows: ``own[r] = W_r.x_r / pi_r`` and
    ``other[r, s] = W_r.x_s / pi_s`` (row r envies row s when ``other[r, s] > own[r]``).

    Examples
    --------
    >>> from dlsched.oef import make
    >>> own, other = envy_gaps(make([[1, 2], [1, 5]]), np.array([[1, 0.25], [0, 0.75]]))
    >>> own.tolist(), other[0].tolist()
    ([1.5, 3.75], [1.5, 1.5])
    """
    W, pi = inst.rows.W, inst.rows.weight
    V = W @ np.asarray(X_rows, dtype=float).T  # V[r, s] = W_r . x_s
    return np.diag(V) / pi, V / pi[None, :]


def check_fairness(inst: OEFInstance, X_rows: np.ndarray) -> list[str]:
    """Violations of the instance's fairness rule by the per-row allocation ``X_rows`` (R x k).

    ``cooperative``: row r envies row s when ``W_r.x_s / pi_s - W_r.x_r / pi_r`` exceeds
    ``FAIR_RTOL`` times the larger of the two (floor: 1e-9 of ``W_r.m / pi_r``, r's value of
    the whole cluster). ``noncooperative``: the levels ``W_r.x_r / pi_r`` must agree within
    ``FAIR_RTOL`` of the largest. ``none``: no fairness row.

    Examples
    --------
    >>> from dlsched.oef import make
    >>> inst = make([[1, 2], [1, 5]], fairness="cooperative")
    >>> check_fairness(inst, np.array([[1, 0.25], [0, 0.75]]))
    []
    >>> check_fairness(inst, np.array([[1, 0.2], [0, 0.8]]))
    ["envy: user u1 values user u2's bundle at 1.6 > its own 1.4 (weighted: ...)"]
    """
    if inst.fairness == "none":
        return []
    W, pi = inst.rows.W, inst.rows.weight
    own, other = envy_gaps(inst, X_rows)
    floor = FAIR_FLOOR * (W @ inst.capacity) / pi
    if inst.fairness == "noncooperative":
        top, low = int(np.argmax(own)), int(np.argmin(own))
        if own[top] - own[low] <= FAIR_RTOL * max(own[top], floor.max()):
            return []
        return [f"equal level: {_label(inst, low)} gets {own[low]:.9g} per unit of weight, "
                f"{_label(inst, top)} gets {own[top]:.9g} (LP (9): W_r.x_r/pi_r = T for all rows, "
                f"relative tolerance {FAIR_RTOL:g})"]
    scale = np.maximum(np.maximum(own[:, None], other), floor[:, None])
    gap = other - own[:, None]
    np.fill_diagonal(gap, 0.0)
    bad = np.argwhere(gap > FAIR_RTOL * scale)
    if bad.size == 0:
        return []
    bad = bad[np.argsort(-(gap / scale)[bad[:, 0], bad[:, 1]], kind="stable")]
    out = [f"envy: {_label(inst, r)} values {_label(inst, s)}'s bundle at {other[r, s]:.9g} > "
           f"its own {own[r]:.9g} (weighted: W_r.x_s/pi_s > W_r.x_r/pi_r)"
           for r, s in bad[:SHOWN]]
    if len(bad) > SHOWN:
        out.append(f"envy: {len(bad) - SHOWN} more envious pairs")
    return out


#: Part validators by the solution key that triggers them (the placer adds ``rounds``).
CHECKS: dict[str, Callable[[OEFInstance, dict[str, Any]], list[str]]] = {
    "allocation": check_allocation,
    "rounds": check_rounds,
}


def check(inst: OEFInstance, solution: dict[str, Any]) -> list[str]:
    """All violations of an OEF solution by the independent validator (empty when feasible).

    Checks the per-user ``allocation`` (shape n x k, finite, non-negative, at most m_j GPUs of
    each type in total), the per-row ``rows`` when present (they must sum to the per-user
    allocation), the instance's fairness rule (``inst.fairness``, module docstring) and the
    placer's ``rounds`` when present. ``dlsched.oef.check`` is this function and also takes a
    typed ``Solution``.

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    solution : dict
        The solution's JSON (``allocation`` at least).

    Returns
    -------
    list of str
        One message per violation, naming the field (e.g. ``capacity of g1: ...``).

    Examples
    --------
    >>> from dlsched.oef import check, generate
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> check(inst, {"allocation": [[0.5, 0.5], [0.5, 0.5]]})
    []
    >>> check(inst, {"allocation": [[1.0, 0.5], [0.5, 0.5]]})
    ['capacity of g1: 1.5 allocated > 1']
    >>> check(inst.with_fairness("cooperative"), {"allocation": [[1.0, 0.0], [0.0, 1.0]]})
    ["envy: user u1 values user u2's bundle at 1.555... > its own 1 (weighted: ...)"]
    """
    if not isinstance(solution, dict):
        return ["solution: expected a JSON object"]
    keys = [key for key in CHECKS if key in solution]
    if not keys:
        return [f"solution: none of the keys {sorted(CHECKS)} present"]
    out: list[str] = []
    for key in keys:
        out.extend(CHECKS[key](inst, solution))
    if "allocation" not in solution and not out and inst.fairness != "none":
        # rounds only: the rule applies to their long-run average
        out.extend(check_fairness(inst, np.asarray(solution["rounds"], dtype=float).mean(axis=0)))
    return out


def objective(inst: OEFInstance, solution: dict[str, Any]) -> float:
    """Total normalised throughput sum_r W_r . x_r of a solution (``Problem.objective``).

    Read from the per-row allocation, or the per-user one when each user has one job type.

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    solution : dict
        The solution's JSON.

    Returns
    -------
    float
        The objective. Unit: normalised throughput.

    Raises
    ------
    ValueError
        The allocation's shape does not match the speedup rows.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.validate import objective
    >>> inst = generate(n=2, k=2, seed=0, counts=[1, 1])
    >>> round(objective(inst, {"allocation": [[1, 0], [0, 1]]}), 6)
    2.20563
    """
    if "rows" in solution:
        X = np.array([r["allocation"] for r in solution["rows"]], dtype=float)
    else:
        X = np.asarray(solution["allocation"], dtype=float)
    W = np.asarray(inst.rows.W, dtype=float)
    if X.shape != W.shape:
        raise ValueError(f"allocation of shape {X.shape}, speedups of shape {W.shape}")
    return float((W * X).sum())
