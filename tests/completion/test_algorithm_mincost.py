"""Theorem 1 check (notes §7.5): the greedy single-job cost minimisers against brute force.

Alg. 5 (centralised) enumerates every (m, p, L, t^-, h), so its cost must equal the brute-force
minimum over single-server schedules with one PS; Alg. 4's greedy is not exact (notes §4 AUDIT),
so its cost is only asserted >= the brute-force minimum over distributed schedules."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dlsched.completion.algorithms.mincost import (
    Prices,
    _durations,
    mincost_centralised,
    mincost_ps_distributed,
)
from dlsched.completion.generate import tiny


def _random_prices(inst, tau: int, seed: int) -> Prices:
    rng = np.random.default_rng(seed)
    pr = Prices(inst, tau, lam=9.0)
    for _ in range(3):  # a few random feasible allocations
        t = int(rng.integers(1, tau))
        d = int(rng.integers(1, tau - t + 1))
        h = int(rng.integers(inst.n_servers))
        load = np.zeros_like(inst.capacity)
        load[h] = np.floor(rng.uniform(0, 0.6) * inst.capacity[h])
        if np.all(pr.beta[:, :, t - 1:t - 1 + d] + load[:, :, None] <= pr.cap):
            pr.allocate(t, d, load)
    return pr


def _window_cost(pr: Prices, t: int, L: int, load: np.ndarray) -> float | None:
    omega = (pr.cap - pr.beta)[:, :, t - 1:t - 1 + L].min(axis=2)
    if np.any(load > omega + 1e-9):
        return None
    return float((pr.delta[:, :, t - 1:t - 1 + L].sum(axis=2) * load).sum())


def _brute(inst, j: int, pr: Prices, distributed: bool) -> float:
    best = np.inf
    H = inst.n_servers
    for m in range(len(inst.worker_names)):
        for p in range(len(inst.ps_names)):
            th = inst.minibatch_time[j, m] + inst.update_time[j, p] + (
                inst.transfer[j, m] if distributed else 0.0)
            for L, n in _durations(float(inst.workload[j]), th, int(inst.chunks[j]), pr.tau):
                for t in range(1, pr.tau - L + 1):
                    if not distributed:
                        for h in range(H):
                            load = np.zeros_like(inst.capacity)
                            load[h] = n * inst.worker_demand[m] + inst.ps_demand[p]
                            c = _window_cost(pr, t, L, load)
                            best = min(best, c if c is not None else np.inf)
                        continue
                    for y in itertools.product(range(n + 1), repeat=H):
                        if sum(y) != n:
                            continue
                        for s in itertools.product(range(3), repeat=H):
                            if sum(s) < 1 or any(
                                    inst.worker_bw[m] * (n - y[h]) > inst.ps_bw[p] * s[h] + 1e-9
                                    for h in range(H) if s[h]):
                                continue
                            load = (np.outer(y, inst.worker_demand[m])
                                    + np.outer(s, inst.ps_demand[p]))
                            c = _window_cost(pr, t, L, load)
                            best = min(best, c if c is not None else np.inf)
    return best


@pytest.mark.parametrize("seed", range(5))
def test_centralised_is_exact_and_distributed_never_beats_brute_force(seed: int) -> None:
    inst = tiny(seed=seed, n_jobs=2, n_servers=2, horizon=12, max_chunks=3)
    pr = _random_prices(inst, tau=8, seed=seed)
    for j in range(inst.n_jobs):
        cen = mincost_centralised(inst, j, pr)
        bf_cen = _brute(inst, j, pr, distributed=False)
        assert (cen.cost if cen else np.inf) == pytest.approx(bf_cen, rel=1e-9, abs=1e-9)
        dist = mincost_ps_distributed(inst, j, pr)
        bf_dist = _brute(inst, j, pr, distributed=True)
        if dist is not None:
            assert dist.cost >= bf_dist - 1e-9
            load = np.zeros_like(inst.capacity)
            for h, c in dist.workers.items():
                load[h] += c * inst.worker_demand[dist.m]
            for h, c in dist.ps.items():
                load[h] += c * inst.ps_demand[dist.p]
            assert _window_cost(pr, dist.t, dist.d, load) == pytest.approx(dist.cost)
