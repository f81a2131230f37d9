"""Primal packings for the pattern model: first fit / best fit decreasing in several item orders
and a bin-centric dot-product fill (Panigrahy et al. 2011), over any pricing oracle's
per-device feasibility test (``oracle.add_max``), so they respect OJPP side constraints too.

Workers of one job are identical, so first fit places as many of them as fit on the first
device before moving on (the same packing as worker-by-worker first fit). Each run is cheap
(jobs x devices feasibility tests); :func:`best_packing` keeps the packing with fewest devices.
"""

from __future__ import annotations

import numpy as np

from .pricing import Oracle


def _orders(rel: np.ndarray, rng: np.random.Generator, extra: int) -> list[np.ndarray]:
    keys = [rel.sum(axis=1), rel.max(axis=1), (rel**2).sum(axis=1)]
    keys += [rel[:, k] for k in range(rel.shape[1]) if np.any(rel[:, k] > 0)]
    keys += [rel.sum(axis=1) * rng.uniform(0.8, 1.2, len(rel)) for _ in range(extra)]
    return [np.argsort(-k, kind="stable") for k in keys]


def first_fit(oracle: Oracle, omega: np.ndarray, order: np.ndarray) -> np.ndarray:
    """First fit of the jobs' workers in ``order``; count matrix (devices x jobs)."""
    n = len(omega)
    Y: list[np.ndarray] = []
    for i in order:
        left = int(omega[i])
        for y in Y:
            if left == 0:
                break
            c = oracle.add_max(y, int(i), left)
            y[i] += c
            left -= c
        while left > 0:
            y = np.zeros(n, dtype=np.int64)
            c = max(1, oracle.add_max(y, int(i), left))
            y[i] = c
            left -= c
            Y.append(y)
    return np.array(Y, dtype=np.int64).reshape(len(Y), n)


def best_fit(oracle: Oracle, omega: np.ndarray, order: np.ndarray, rel: np.ndarray) -> np.ndarray:
    """Best fit (least normalised slack after placing) of single workers in ``order``."""
    n = len(omega)
    Y: list[np.ndarray] = []
    loads: list[float] = []
    w = rel.sum(axis=1)
    for i in order:
        for _ in range(int(omega[i])):
            best, key = -1, -np.inf
            for k, y in enumerate(Y):
                if loads[k] + w[i] > key and oracle.add_max(y, int(i), 1) == 1:
                    best, key = k, loads[k] + w[i]
            if best < 0:
                Y.append(np.zeros(n, dtype=np.int64))
                loads.append(0.0)
                best = len(Y) - 1
            Y[best][i] += 1
            loads[best] += w[i]
    return np.array(Y, dtype=np.int64).reshape(len(Y), n)


def dot_product(oracle: Oracle, omega: np.ndarray, rel: np.ndarray) -> np.ndarray:
    """Bin-centric: fill one device at a time with the worker whose normalised demand has the
    largest dot product with the device's remaining capacity."""
    n = len(omega)
    left = omega.astype(np.int64).copy()
    Y = []
    while left.any():
        y = np.zeros(n, dtype=np.int64)
        while True:
            free = 1.0 - y @ rel
            cand = [i for i in np.flatnonzero(left > 0) if oracle.add_max(y, int(i), 1) == 1]
            if not cand:
                break
            i = max(cand, key=lambda j: float(rel[j] @ free))
            y[i] += 1
            left[i] -= 1
        if not y.any():  # cannot happen for a valid instance (every worker fits alone)
            i = int(np.flatnonzero(left > 0)[0])
            y[i] = 1
            left[i] -= 1
        Y.append(y)
    return np.array(Y, dtype=np.int64).reshape(len(Y), n)


def best_packing(oracle: Oracle, omega: np.ndarray, rel: np.ndarray, seed: int = 0,
                 extra: int = 4) -> tuple[np.ndarray, str]:
    """The packing with fewest devices over the heuristics and orders above, and its name."""
    rng = np.random.default_rng(seed)
    best, name = dot_product(oracle, omega, rel), "dot-product"
    for k, order in enumerate(_orders(rel, rng, extra)):
        for label, Y in (("ffd", first_fit(oracle, omega, order)),
                         ("bfd", best_fit(oracle, omega, order, rel))):
            if len(Y) < len(best):
                best, name = Y, f"{label}-order{k}"
    return best, name
