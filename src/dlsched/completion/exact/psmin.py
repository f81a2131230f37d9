"""Least number of parameter servers a configuration needs under the PS rule (2i).

For a spread configuration k = (m, p, q = 0, N), every server h that hosts PSs of j carries the
traffic of the workers off h: b_m (N - y_h) <= B_p s_h (2i). A PS host also holds one PS at
least, so y_h <= Y = floor(min_r (C^r_h - z^r_p) / e^r_m) (over the servers that fit a PS, the
largest). A spread job uses two servers or more: if a PS host holds all N workers, another
server hosts PSs and no worker, so it needs b_m N <= B_p s. Hence every feasible schedule of the
configuration uses, in total, at least

    s_min = max(1, ceil(b_m (N - min(Y, N - 1)) / B_p))

PSs of type p (colocated, q = 1: one). The bounds (column generation, the area bound and the
redundant cluster cumulative of ``completion-interval``) charge s_min PSs instead of one: a
schedule's load on every resource is at least N e_m + s_min z_p, so they stay valid.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ..instance import CompletionInstance

SLACK = 1e-6  # the validator's tolerance on (2i): s may be short of the traffic by this much


def max_workers_beside_ps(inst: CompletionInstance) -> np.ndarray:
    """[m, p]: the most workers of type m one server holds next to one PS of type p (over the
    servers that fit that PS; 0 if none does)."""
    C = inst.capacity[None, :, :] - inst.ps_demand[:, None, :]  # [p, h, r]
    e = inst.worker_demand  # [m, r]
    with np.errstate(divide="ignore", invalid="ignore"):
        per = np.where(e[:, None, None, :] > 0,
                       np.floor(C[None] / e[:, None, None, :] + 1e-9), np.inf)  # [m, p, h, r]
    per = per.min(axis=3)
    fits = np.all(C >= -1e-9, axis=2)  # [p, h]
    per = np.where(fits[None], per, -np.inf)
    out = per.max(axis=2)
    return np.where(np.isfinite(out), out, np.where(out > 0, 1e9, 0.0))


def min_ps_count(inst: CompletionInstance, m: np.ndarray, p: np.ndarray, q: np.ndarray,
                 n: np.ndarray, beside: np.ndarray | None = None) -> np.ndarray:
    """Per configuration (arrays m, p, q, n), the least PS count s_min of the module docstring
    (0 under Ring-AllReduce). ``beside``: ``max_workers_beside_ps(inst)`` if already known."""
    m, p, q, n = (np.asarray(v) for v in (m, p, q, n))
    if inst.ring:
        return np.zeros(len(m), dtype=int)
    Y = (max_workers_beside_ps(inst) if beside is None else beside)[m, np.maximum(p, 0)]
    off = n - np.minimum(Y, n - 1)
    need = np.ceil((inst.worker_bw[m] * off - SLACK) / inst.ps_bw[np.maximum(p, 0)] - 1e-9)
    s = np.maximum(1, need).astype(int)
    return np.where(q == 1, 1, s)


__all__ = ["max_workers_beside_ps", "min_ps_count"]
