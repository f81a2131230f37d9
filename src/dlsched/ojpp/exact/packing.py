"""Primal packings for the pattern model: first fit / best fit decreasing in several item orders
and a bin-centric dot-product fill (Panigrahy et al. 2011), over any pricing oracle's
per-device feasibility test, so they respect OJPP side constraints too.

Workers of one job are identical, so first fit places as many of them as fit on the first
device before moving on (the same packing as worker-by-worker first fit). With the knapsack
oracle (plain vector packing) the fit of a job on *all* open devices is one numpy expression over
the device loads; other oracles test device by device. ``best_packing`` keeps the packing
with fewest devices and stops trying further orders at its deadline (one packing always
completes).
"""

from __future__ import annotations

import time

import numpy as np

from .pricing import KnapsackOracle, Oracle

#: Worker-by-worker methods (best fit, dot product) only up to this many workers.
SMALL_WORKERS = 400
_BIG = np.iinfo(np.int64).max


class _Devices:
    """Open devices: count rows ``Y`` and, for the knapsack oracle, integer loads ``L``."""

    def __init__(self, oracle: Oracle, n: int, capacity: int) -> None:
        self.oracle, self.n = oracle, n
        self.vec = isinstance(oracle, KnapsackOracle)
        self.Y: list[np.ndarray] = []
        if self.vec:
            self.L = np.zeros((capacity, oracle.W.shape[1]), dtype=np.int64)

    def __len__(self) -> int:
        return len(self.Y)

    def fit(self, i: int, limit: int) -> np.ndarray:
        """Per open device: how many more workers of job i (<= limit) fit."""
        m = len(self.Y)
        if m == 0:
            return np.zeros(0, dtype=np.int64)
        if self.vec:
            w = self.oracle.W[i]
            nz = w > 0
            if not nz.any():
                return np.full(m, limit, dtype=np.int64)
            free = self.oracle.C[nz][None, :] - self.L[:m, nz]
            return np.clip((free // w[nz]).min(axis=1), 0, limit)
        return np.array([self.oracle.add_max(y, i, limit) for y in self.Y], dtype=np.int64)

    def put(self, k: int, i: int, c: int) -> None:
        if k == len(self.Y):
            self.Y.append(np.zeros(self.n, dtype=np.int64))
        self.Y[k][i] += c
        if self.vec:
            self.L[k] += c * self.oracle.W[i]

    def matrix(self) -> np.ndarray:
        return np.array(self.Y, dtype=np.int64).reshape(len(self.Y), self.n)


def _orders(rel: np.ndarray, rng: np.random.Generator, extra: int) -> list[np.ndarray]:
    keys = [rel.sum(axis=1), rel.max(axis=1), (rel**2).sum(axis=1)]
    keys += [rel[:, k] for k in range(rel.shape[1]) if np.any(rel[:, k] > 0)]
    keys += [rel.sum(axis=1) * rng.uniform(0.8, 1.2, len(rel)) for _ in range(extra)]
    return [np.argsort(-k, kind="stable") for k in keys]


def first_fit(oracle: Oracle, omega: np.ndarray, order: np.ndarray) -> np.ndarray:
    """First fit of the jobs' workers in ``order``; count matrix (devices x jobs)."""
    dev = _Devices(oracle, len(omega), int(omega.sum()))
    for i in order:
        i, left = int(i), int(omega[i])
        if left == 0:
            continue
        cnt = dev.fit(i, left)
        before = np.cumsum(cnt) - cnt
        take = np.clip(left - before, 0, cnt)
        for k in np.flatnonzero(take):
            dev.put(int(k), i, int(take[k]))
        left -= int(take.sum())
        while left > 0:
            k = len(dev)
            c = max(1, oracle.add_max(np.zeros(len(omega), dtype=np.int64), i, left))
            dev.put(k, i, c)
            left -= c
    return dev.matrix()


def best_fit(oracle: Oracle, omega: np.ndarray, order: np.ndarray, rel: np.ndarray) -> np.ndarray:
    """Best fit (fullest device, by normalised load, that takes the worker) in ``order``."""
    dev = _Devices(oracle, len(omega), int(omega.sum()))
    score = np.zeros(int(omega.sum()))
    w = rel.sum(axis=1)
    for i in order:
        i = int(i)
        for _ in range(int(omega[i])):
            ok = dev.fit(i, 1) > 0
            k = int(np.argmax(np.where(ok, score[: len(dev)], -np.inf))) if ok.any() else len(dev)
            dev.put(k, i, 1)
            score[k] += w[i]
    return dev.matrix()


def dot_product(oracle: Oracle, omega: np.ndarray, rel: np.ndarray) -> np.ndarray:
    """Bin-centric: fill one device at a time with the worker whose normalised demand has the
    largest dot product with the device's remaining capacity."""
    n = len(omega)
    left = omega.astype(np.int64).copy()
    Y = []
    while left.any():
        y = np.zeros(n, dtype=np.int64)
        while True:
            cand = np.flatnonzero(left > 0)
            if isinstance(oracle, KnapsackOracle):
                free = oracle.C - y @ oracle.W
                cand = cand[np.all(oracle.W[cand] <= free, axis=1)]
            else:
                cand = np.array([i for i in cand if oracle.add_max(y, int(i), 1) == 1],
                                dtype=np.int64)
            if cand.size == 0:
                break
            i = int(cand[np.argmax(rel[cand] @ (1.0 - y @ rel))])
            y[i] += 1
            left[i] -= 1
        if not y.any():  # cannot happen for a valid instance (every worker fits alone)
            i = int(np.flatnonzero(left > 0)[0])
            y[i] = 1
            left[i] -= 1
        Y.append(y)
    return np.array(Y, dtype=np.int64).reshape(len(Y), n)


def best_packing(oracle: Oracle, omega: np.ndarray, rel: np.ndarray, deadline: float | None = None,
                 seed: int = 0, extra: int = 4) -> tuple[np.ndarray, str]:
    """The packing with fewest devices over the heuristics and orders above, and its name."""
    rng = np.random.default_rng(seed)
    workers = int(omega.sum())
    small = workers <= SMALL_WORKERS or (
        isinstance(oracle, KnapsackOracle) and workers <= 10 * SMALL_WORKERS)
    orders = _orders(rel, rng, extra if small else 0)
    best, name = first_fit(oracle, omega, orders[0]), "ffd-order0"
    runs = [("dot-product", lambda: dot_product(oracle, omega, rel))] if small else []
    for k, order in enumerate(orders):
        if k:
            runs.append((f"ffd-order{k}", lambda o=order: first_fit(oracle, omega, o)))
        if small:
            runs.append((f"bfd-order{k}", lambda o=order: best_fit(oracle, omega, o, rel)))
    for label, make in runs:
        if deadline is not None and time.perf_counter() > deadline:
            break
        Y = make()
        if len(Y) < len(best):
            best, name = Y, label
    return best, name
