"""Optimality certificate for cooperative OEF (10) without building the full LP.

For any multipliers u >= 0 on the capacity rows and v >= 0 on any subset of the envy rows
(zero on the others), and any x feasible for the full LP (10):

    sum_r W_r.x_r  <=  u.m + sum_{r,j} max(0, d_rj) m_j,   d = W - u + G^T v,

because G x >= 0 and 0 <= x_rj <= m_j. The bound holds for *every* column x_rj, whether or not
the active set's LP contains it, so it certifies both shortcuts of ``activeset.py`` at once:
envy rows left out (their v is 0) and columns left out (their reduced cost d_rj enters the sum).
With the duals of the active-set LP it equals the objective exactly when no left-out column has
d_rj > 0, so ``dual_bound`` checks the claim "active set = full LP" at sizes where the full LP
(n(n-1) rows) cannot be built.

Statement certified: ``fairness='cooperative'`` (``dlsched.oef.rules``), the only statement whose
model (``oef-cooperative``) reports this bound. The validator accepts envy up to
``rules.FAIR_RTOL`` = 1e-8 relative, i.e. ``G x >= -eps`` with eps ~ 1e-8 of the row values; an
accepted allocation can then exceed the bound by at most ``v . eps`` (measured on the lib sets:
5.4e-8 of the optimum), inside the library's 1e-6 beyond-bound tolerance.
"""

from __future__ import annotations

import numpy as np


def reduced_costs(W: np.ndarray, weight: np.ndarray, r: np.ndarray, s: np.ndarray,
                  u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """d = W - u + G^T v for u, v clipped to >= 0 (envy row i: pairs r[i], s[i])."""
    u = np.maximum(np.asarray(u, float), 0.0)
    v = np.maximum(np.asarray(v, float), 0.0)
    d = W - u[None, :]
    # row (r, s) has coefficient pi_s W_r on x_r and -pi_r W_r on x_s
    a = np.zeros(W.shape[0])
    np.add.at(a, r, v * weight[s])
    d += a[:, None] * W
    np.add.at(d, s, -(v * weight[r])[:, None] * W[r])
    return d


def dual_bound(W: np.ndarray, weight: np.ndarray, capacity: np.ndarray, r: np.ndarray,
               s: np.ndarray, u: np.ndarray, v: np.ndarray) -> float:
    """Upper bound on LP (10) from multipliers u (capacity, clipped to >= 0) and v (envy rows
    pi_s W_r.x_r - pi_r W_r.x_s >= 0 for the pairs (r[i], s[i]), clipped to >= 0)."""
    d = reduced_costs(W, weight, r, s, u, v)
    u = np.maximum(np.asarray(u, float), 0.0)
    return float(u @ capacity + (np.maximum(d, 0.0) * capacity[None, :]).sum())
