"""Constraints of the OEF LPs; each names the paper equation it implements."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pyomo.environ as pyo


def efficiency_expr(m: pyo.ConcreteModel, W: np.ndarray, r: int, s: int | None = None):
    """W_r . x_s (s defaults to r): virtual user r's valuation of row s's bundle."""
    s = r if s is None else s
    return sum(float(W[r, j]) * m.x[s, j] for j in m.J)


def add_capacity(m: pyo.ConcreteModel, capacity: np.ndarray) -> None:
    """sum_r x[r, j] <= m_j for every GPU type j (LPs (4), (9), (10))."""
    m.capacity = pyo.Constraint(
        m.J, rule=lambda m, j: sum(m.x[r, j] for r in m.R) <= float(capacity[j])
    )


def add_equal_level(m: pyo.ConcreteModel, W: np.ndarray, weight: np.ndarray) -> None:
    """W_r . x_r = pi_r T for every row (LP (9); weighted direct form of notes §3)."""
    m.equal_level = pyo.Constraint(
        m.R, rule=lambda m, r: efficiency_expr(m, W, r) == float(weight[r]) * m.T
    )


def add_envy_free(
    m: pyo.ConcreteModel,
    W: np.ndarray,
    weight: np.ndarray,
    pairs: Iterable[tuple[int, int]] | None = None,
) -> None:
    """pi_s W_r . x_r >= pi_r W_r . x_s for r != s (LP (10), weighted EF of notes §3).

    ``pairs`` restricts to a subset (lazy generation); more can be added with ``add_envy_rows``.
    """
    m.envy_free = pyo.Constraint(pyo.Any)
    if pairs is None:
        R = W.shape[0]
        pairs = ((r, s) for r in range(R) for s in range(R) if r != s)
    add_envy_rows(m, W, weight, pairs)


def add_envy_rows(
    m: pyo.ConcreteModel, W: np.ndarray, weight: np.ndarray, pairs: Iterable[tuple[int, int]]
) -> int:
    """Add the envy-freeness rows of ``pairs`` not yet in the model; returns how many were added."""
    added = 0
    for r, s in pairs:
        key = (int(r), int(s))
        if key in m.envy_free:
            continue
        m.envy_free[key] = float(weight[s]) * efficiency_expr(m, W, r) >= float(
            weight[r]
        ) * efficiency_expr(m, W, r, s)
        added += 1
    return added
