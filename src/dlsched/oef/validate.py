"""Independent validator of OEF solutions: shapes, non-negativity, capacity (notes §1).

Written from the paper's constraints, not from the solvers. Returns a list of violations
(empty when feasible).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .instance import OEFInstance
from .validate_rounds import check_rounds

#: Absolute tolerance per unit of capacity.
TOL = 1e-7


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
    tol = TOL * np.maximum(1.0, inst.capacity)
    for i, j in zip(*np.nonzero(X < -TOL), strict=False):
        out.append(f"allocation[{i}][{j}]: negative ({X[i, j]:.3g})")
    used = X.sum(axis=0)
    for j in np.nonzero(used > inst.capacity + tol)[0]:
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
            for r in np.nonzero((Xr < -TOL).any(axis=1))[0]:
                out.append(f"rows[{r}].allocation: negative entry")
            summed = np.zeros((n, k))
            np.add.at(summed, inst.rows.owner, Xr)
            if not np.allclose(summed, X, atol=1e-6):
                out.append("rows: per-row allocations do not sum to the per-user allocation")
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
    allocation) and the placer's ``rounds`` when present. ``dlsched.oef.check`` is this
    function and also takes a typed ``Solution``.

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
    """
    if not isinstance(solution, dict):
        return ["solution: expected a JSON object"]
    keys = [key for key in CHECKS if key in solution]
    if not keys:
        return [f"solution: none of the keys {sorted(CHECKS)} present"]
    out: list[str] = []
    for key in keys:
        out.extend(CHECKS[key](inst, solution))
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
