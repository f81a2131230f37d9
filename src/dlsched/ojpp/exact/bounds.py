"""Redundant constraints shared by the assignment models (ojpp-compact, ojpp-cpsat).

All of them hold for general OJPP (every side constraint is invariant under relabelling devices,
and compute/memory bases/extra resources are additive), so they never cut off an optimum:

* **Device order** (symmetry): number workers job by job in ``job_order`` (largest first) and
  label devices by the smallest worker number they hold. Device k then holds a worker numbered
  >= k, so job i (workers ``C_i .. C_i + omega_i - 1``) only uses devices ``< C_i + omega_i``.
  Used devices come first, so this is compatible with ``x[k] >= x[k+1]``.
  ``order_devices`` relabels any solution (e.g. a warm start) to satisfy it.
* **Cardinality**: a device holds at most ``max_workers`` workers (the smallest demands first).
* **Fixed device count** (the bottom-up feasibility models): with exactly m devices and every
  worker placed, each device carries at least ``cap_d - (m cap_d - total_d)`` in every additive
  dimension d, hence at least ``min_workers`` workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np


def job_order(demand: np.ndarray, cap: np.ndarray) -> np.ndarray:
    """Jobs by decreasing relative size (sum over dimensions of demand / capacity), stable."""
    rel = (demand / np.maximum(cap, 1e-300)).sum(axis=1)
    return np.argsort(-rel, kind="stable")


def device_limits(demand: np.ndarray, cap: np.ndarray, omega: np.ndarray) -> np.ndarray:
    """Per job: the first device index it may not use (module docstring, device order)."""
    lim = np.zeros(len(omega), dtype=int)
    c = 0
    for i in job_order(demand, cap):
        c += int(omega[i])
        lim[i] = c
    return lim


def order_devices(Y: np.ndarray, demand: np.ndarray, cap: np.ndarray) -> np.ndarray:
    """Rows of the count matrix ``Y`` sorted by the rank of the first job they hold (empty last);
    the result satisfies the device-order constraint."""
    rank = np.empty(Y.shape[1], dtype=int)
    rank[job_order(demand, cap)] = np.arange(Y.shape[1])
    keys = [int(rank[Y[k] > 0].min()) if np.any(Y[k] > 0) else Y.shape[1] for k in range(len(Y))]
    return Y[np.argsort(keys, kind="stable")]


def max_workers(demand: np.ndarray, cap: np.ndarray, omega: np.ndarray) -> int:
    """Most workers any single device can hold by the additive dimensions alone."""
    best = int(omega.sum())
    for d in range(demand.shape[1]):
        sizes = np.sort(np.repeat(demand[:, d], omega))
        if sizes.size and sizes[-1] > 0:
            fit = int(np.searchsorted(np.cumsum(sizes), cap[d] * (1 + 1e-12), side="right"))
            best = min(best, fit)
    return best


def min_loads(demand: np.ndarray, cap: np.ndarray, omega: np.ndarray, m: int) -> np.ndarray:
    """Per dimension: the load every device carries when all workers sit on exactly m devices."""
    total = (demand * omega[:, None]).sum(axis=0)
    return np.maximum(0.0, total - (m - 1) * cap)


def min_workers(demand: np.ndarray, cap: np.ndarray, omega: np.ndarray, m: int) -> int:
    """Fewest workers a device holds when all workers sit on exactly m devices."""
    need = min_loads(demand, cap, omega, m)
    best = 1
    for d in range(demand.shape[1]):
        if need[d] <= 0:
            continue
        sizes = np.sort(np.repeat(demand[:, d], omega))[::-1]
        k = int(np.searchsorted(np.cumsum(sizes), need[d] * (1 - 1e-12), side="left")) + 1
        best = max(best, k)
    return best


FixedOutcome = tuple[str, "np.ndarray | None"]  # ("feasible" | "infeasible" | "unknown", Y)


def bottom_up(start: int, incumbent: float, deadline: float,
              solve_fixed: Callable[[int], FixedOutcome],
              now: Callable[[], float] = time.perf_counter,
              ) -> tuple[int, np.ndarray | None, list]:
    """Decide "exactly t devices" for t = start, start + 1, ... < incumbent until one is
    feasible (then t is optimal), one is undecided, or the deadline passes.

    Returns (t, Y or None, log): with Y, t is the optimum; without, t devices are proven
    necessary (t == incumbent proves the incumbent optimal). Shared by the compact MILP and
    CP-SAT, which differ only in how they solve one fixed-t model. ``now``: the clock of
    ``deadline`` (CP-SAT's reproducible mode passes its deterministic clock)."""
    t, log = start, []
    while t < incumbent and now() < deadline:
        verdict, Y = solve_fixed(t)
        log.append(f"{t}: {verdict}")
        if verdict == "infeasible":
            t += 1
            continue
        return (t, Y, log) if verdict == "feasible" else (t, None, log)
    return t, None, log
