"""OEF solutions: per-row allocation -> the solution dict every OEF method returns."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..core import Result, Status
from .instance import OEFInstance


def per_user(inst: OEFInstance, X_rows: np.ndarray) -> np.ndarray:
    """Sum virtual-row allocations per user, shape (n, k)."""
    out = np.zeros((inst.n_users, inst.n_types))
    np.add.at(out, inst.rows.owner, X_rows)
    return out


def row_efficiency(inst: OEFInstance, X_rows: np.ndarray) -> np.ndarray:
    """E_r = W_r . x_r for every virtual row."""
    return np.einsum("rk,rk->r", inst.rows.W, X_rows)


def user_efficiency(inst: OEFInstance, X_rows: np.ndarray) -> np.ndarray:
    """Normalised throughput of every user: sum of its rows' E_r."""
    out = np.zeros(inst.n_users)
    np.add.at(out, inst.rows.owner, row_efficiency(inst, X_rows))
    return out


def clean(X: np.ndarray, tol: float = 1e-11) -> np.ndarray:
    """Zero out solver noise (|x| < tol) so sparsity/adjacency are measured on the vertex."""
    X = np.array(X, dtype=float)
    X[np.abs(X) < tol] = 0.0
    return X


def make_solution(inst: OEFInstance, X_rows: np.ndarray, **extra: Any) -> dict[str, Any]:
    """Solution dict: ``allocation`` (n x k per user), ``rows`` (per virtual row), efficiencies."""
    X_rows = clean(X_rows)
    E_rows = row_efficiency(inst, X_rows)
    rows = [
        {
            "user": user,
            "job_type": jt,
            "weight": float(inst.rows.weight[r]),
            "allocation": X_rows[r].tolist(),
            "efficiency": float(E_rows[r]),
        }
        for r, (user, jt) in enumerate(inst.rows.labels)
    ]
    return {
        "allocation": per_user(inst, X_rows).tolist(),
        "efficiency": user_efficiency(inst, X_rows).tolist(),
        "total_efficiency": float(E_rows.sum()),
        "rows": rows,
        **extra,
    }


def rows_of(inst: OEFInstance, solution: dict[str, Any]) -> np.ndarray:
    """Per-row allocation of a solution; a per-user ``allocation`` is accepted when each user
    has a single job type."""
    if "rows" in solution:
        return np.array([r["allocation"] for r in solution["rows"]], dtype=float)
    X = np.asarray(solution["allocation"], dtype=float)
    if inst.rows.size != inst.n_users:
        raise ValueError("solution has no 'rows' but users have several job types")
    return X


def allocation_result(inst: OEFInstance, method: str, X: np.ndarray, t0: float,
                      stats: dict[str, Any] | None = None, **extra: Any) -> Result:
    """A baseline's feasible Result; the objective is recomputed from the allocation (never taken
    from a solver)."""
    solution = make_solution(inst, X, **extra)
    return Result(problem="oef", method=method, status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()),
                  runtime_s=time.perf_counter() - t0, solution=solution, stats=stats or {})
