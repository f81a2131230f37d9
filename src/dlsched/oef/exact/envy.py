"""Envy of an allocation between virtual rows, for lazy envy-row generation (LP (10)).

Shared by the Pyomo lazy loop (``lp.py``) and the HiGHS active set (``activeset.py``), below
both so that neither imports the other.
"""

from __future__ import annotations

import numpy as np

#: Tolerance on envy-row violation in lazy generation (relative to max(1, total efficiency)).
LAZY_TOL = 1e-9


def envy_violations(W: np.ndarray, weight: np.ndarray, X: np.ndarray, tol: float) -> np.ndarray:
    """Matrix V[r, s] = pi_r W_r.x_s - pi_s W_r.x_r (positive = row r envies row s)."""
    V = W @ X.T  # V[r, s] = W_r . x_s
    E = np.diag(V).copy()
    viol = weight[:, None] * V - E[:, None] * weight[None, :]
    np.fill_diagonal(viol, 0.0)
    viol[viol <= tol] = 0.0
    return viol
