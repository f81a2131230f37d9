"""Slowdowns from per-job worker counts on one device (notes §3).

``I[i, q]`` is the slowdown of a worker of job i caused by one co-located worker of job q. The
slowdown of a worker of job i on a device sums (``additive``, default) or maximises (``max``)
``I[i, q]`` over the *other* workers on that device, so a lone worker has slowdown 0 and a
second worker of the same job contributes the diagonal ``I[i, i]``.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Slowdown = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _additive(I: np.ndarray, y: np.ndarray) -> np.ndarray:
    """s_i = sum_q I[i, q] y_q - I[i, i] for present jobs (0 where y_i == 0)."""
    s = I @ y - np.diag(I)
    return np.where(y > 0, s, 0.0)


def _max(I: np.ndarray, y: np.ndarray) -> np.ndarray:
    """s_i = max{I[i, q]: q present, q != i or y_i >= 2} for present jobs (0 where y_i == 0)."""
    n = len(y)
    others = np.broadcast_to(y, (n, n)).copy()
    others[np.arange(n), np.arange(n)] -= 1  # remove the worker itself
    vals = np.where(others > 0, I, 0.0)
    s = vals.max(axis=1) if n else np.zeros(0)
    return np.where(y > 0, s, 0.0)


#: Interference composition models by name.
MODELS: dict[str, Slowdown] = {"additive": _additive, "max": _max}


def slowdowns(I: np.ndarray, y: np.ndarray, model: str = "additive") -> np.ndarray:
    """Per-job slowdown on a device holding ``y[i]`` workers of job i (0 for absent jobs)."""
    return MODELS[model](np.asarray(I, dtype=float), np.asarray(y))


def device_interference(I: np.ndarray, y: np.ndarray, model: str = "additive") -> float:
    """theta_k = max slowdown over the device's workers (0 for an empty or lone-worker device)."""
    s = slowdowns(I, y, model)
    return float(s.max()) if s.size else 0.0
