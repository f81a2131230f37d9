"""A_online speed-ups change no schedule: pinned digests of whole schedules (recorded with the
unoptimised code, commit db05a95) re-checked by the validator, and the exactness of every
shortcut in mincost (sparse-table window minima, count windows, infeasibility screens,
lower-bound pruning of Alg. 4 pairs) against direct computations on random price states."""

from __future__ import annotations

import hashlib
import json
import math

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion.algorithms import mincost as mc
from dlsched.completion.generate import generate
from dlsched.completion.support.config import EPS, configurations, longest_duration

# (arch, jobs, servers, horizon, seed, options) -> (objective, sha256[:16] of the solution JSON);
# recorded under the loop-order tie rule (the default before issue 18), so it is named explicitly
PINNED = [
    ("ring", 8, 4, 60, 1, {"tie": "loop-order"}, 4554391.0, "7efe3f8bac37a280"),
    ("ring", 12, 6, 100, 2, {"alpha_mode": "theory", "tie": "loop-order"}, 111735415.0,
     "d8d2c48b6de3a803"),
    ("ring", 20, 10, 150, 4, {"tie": "earliest"}, 12519015.0, "c328b8d44007aa11"),
    ("ps", 5, 3, 60, 1, {"tie": "faithful"}, 1227346.0, "b2ffca2afb2557ce"),
    ("ps", 8, 5, 100, 3, {"alpha_mode": "adaptive", "tie": "earliest"}, 74672182.0,
     "ede27e89c30c6a2e"),
    ("ps", 12, 8, 120, 5, {"alpha": 2, "order": "weight", "tie": "loop-order"},
     4221334.0, "12a0d2a7e90533d6"),
]


def _digest(solution: dict) -> str:
    return hashlib.sha256(json.dumps(solution, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("arch", "J", "H", "T", "seed", "kw", "obj", "digest"), PINNED)
def test_pinned_schedules(arch: str, J: int, H: int, T: int, seed: int, kw: dict, obj: float,
                          digest: str) -> None:
    inst = generate(n_jobs=J, n_servers=H, horizon=T, architecture=arch, seed=seed,
                    capacity="legacy")  # the instances the digests were recorded on
    res = ds.run(inst, "a-online", **kw)
    assert ds.check(inst, res) == []
    sol = json.loads(json.dumps(res.solution.to_json()))
    recomputed = sum(float(inst.weight[inst.job_names.index(name)]) * (p["start"] + p["duration"])
                     for name, p in sol["jobs"].items())
    assert recomputed == pytest.approx(obj, rel=1e-12) and res.objective == obj
    assert _digest(sol) == digest


def _naive_window_min(a: np.ndarray, L: int, n: int) -> np.ndarray:
    return np.stack([a[..., t:t + L].min(axis=-1) for t in range(n)], axis=-1)


def test_window_min_matches_sliding_minimum() -> None:
    rng = np.random.default_rng(3)
    for tau in (2, 3, 9, 40):
        a = rng.integers(0, 6, size=(2, 3, tau - 1)).astype(float)
        cache: dict = {}
        for L in range(1, tau):
            assert np.array_equal(mc._window_min(cache, "a", a, L, tau - L),
                                  _naive_window_min(a, L, tau - L))


def _random_prices(inst, tau: int, rng: np.random.Generator, k: int = 6) -> mc.Prices:
    pr = mc.Prices(inst, tau, 1e4)
    for _ in range(k):
        t = int(rng.integers(1, tau))
        d = int(rng.integers(1, tau - t + 1))
        load = inst.capacity * rng.uniform(0, 0.3, size=inst.capacity.shape)
        load *= rng.random(inst.n_servers)[:, None] < 0.6
        pr.allocate(t, d, load)
    return pr


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_shortcuts_are_exact_on_random_prices(seed: int) -> None:
    rng = np.random.default_rng(seed)
    inst = generate(n_jobs=4, n_servers=6, horizon=60, architecture="ps", seed=seed)
    tau = 24
    pr = _random_prices(inst, tau, rng)
    omega = (pr.cap - pr.beta)[:, :, : tau - 1]
    for L in range(1, tau):
        wmin = _naive_window_min(omega, L, tau - L)
        assert np.array_equal(pr.wmin(L), wmin)
        for m in range(len(inst.worker_names)):
            e = inst.worker_demand[m]
            capw = mc._count_cap(wmin, e)
            assert np.array_equal(mc._worker_arrays(pr, L, e)[0], capw)
            assert mc._total_cap(pr, L, e) == int(capw.sum(axis=0).max())
            for p in range(len(inst.ps_names)):
                z = inst.ps_demand[p]
                # centralised screen: no n above the bound fits one server anywhere
                nfit = mc._central_fit(pr, e, z)
                for n in range(1, 12):
                    fits = np.all((n * e + z)[None, :, None] <= wmin + EPS, axis=1).any()
                    assert not (fits and n > nfit)


@pytest.mark.parametrize("seed", [0, 1])
def test_ps_block_screens_and_pruning_are_exact(seed: int) -> None:
    """Screened blocks have no placement; a pruned block returns the full block's winner
    whenever that winner's cost is within the limit."""
    rng = np.random.default_rng(10 + seed)
    inst = generate(n_jobs=4, n_servers=7, horizon=60, architecture="ps", seed=seed)
    tau = 20
    checked = 0
    for _ in range(2):
        pr = _random_prices(inst, tau, rng)
        for m in range(0, len(inst.worker_names), 2):
            e, b = inst.worker_demand[m], float(inst.worker_bw[m])
            for p in range(0, len(inst.ps_names), 3):
                z, B = inst.ps_demand[p], float(inst.ps_bw[p])
                for L in (1, 4, 10):
                    for n in (1, 3, 8, 16):
                        full = mc._ps_distributed_block(pr, L, n, e, z, b, B, inst.n_servers)
                        nb = n * b - EPS
                        if (n > mc._total_cap(pr, L, e)
                                or mc._ps_screen(pr, L, e, z, b, B) < nb - mc._screen_margin(nb)):
                            assert full is None
                        if full is None:
                            continue
                        checked += 1
                        for limit in (full[0], full[0] * 1.5 + 1e-3, math.inf):
                            got = mc._ps_distributed_block(pr, L, n, e, z, b, B, inst.n_servers,
                                                           limit)
                            assert got == full
                        lower = mc._ps_distributed_block(pr, L, n, e, z, b, B, inst.n_servers,
                                                         full[0] * 0.5 - 1e-3)
                        assert lower is None or lower[0] >= full[0]
    assert checked > 0


def test_longest_duration_matches_configurations() -> None:
    for arch in ("ps", "ring"):
        inst = generate(n_jobs=10, n_servers=4, horizon=80, architecture=arch, seed=7)
        for j in range(inst.n_jobs):
            assert longest_duration(inst, j) == max((k.d for k in configurations(inst, j)),
                                                    default=0)
