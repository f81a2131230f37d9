"""The configuration filter is exact for the PS bandwidth rule (2i): the largest N listed for
q = 0 equals the largest N with any placement found by brute force (so d^min is attainable)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dlsched.completion.generate import tiny
from dlsched.completion.support.config import configurations


def _placeable(inst, m: int, p: int, n: int, max_ps: int = 4) -> bool:
    H = inst.n_servers
    for y in itertools.product(range(n + 1), repeat=H):
        if sum(y) != n:
            continue
        for s in itertools.product(range(max_ps + 1), repeat=H):
            if sum(s) < 1:
                continue
            load = np.outer(y, inst.worker_demand[m]) + np.outer(s, inst.ps_demand[p])
            if np.any(load > inst.capacity + 1e-9):
                continue
            if all(inst.worker_bw[m] * (n - y[h]) <= inst.ps_bw[p] * s[h] + 1e-9
                   for h in range(H) if s[h]):
                return True
    return False


@pytest.mark.parametrize("seed", range(8))
def test_q0_limit_matches_brute_force(seed: int) -> None:
    inst = tiny(seed=seed, n_jobs=2, n_servers=2, max_chunks=5)
    for j in range(inst.n_jobs):
        listed: dict[tuple[int, int], int] = {}
        for k in configurations(inst, j, prune=False):
            if k.q == 0:
                listed[k.m, k.p] = max(listed.get((k.m, k.p), 0), k.n)
        for m in range(len(inst.worker_names)):
            for p in range(len(inst.ps_names)):
                brute = max((n for n in range(1, int(inst.chunks[j]) + 1)
                             if _placeable(inst, m, p, n)), default=0)
                assert listed.get((m, p), 0) == brute
