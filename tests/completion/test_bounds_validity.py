"""Every lower bound of the completion engine stays below proven optima.

- the least PS count of rule (2i) (``psmin``) against a hand-worked case and against an
  exhaustive enumeration of single-job placements (more PSs per server than it could need);
- column generation, the area bound and the engine's reported bound below the brute-force
  optimum of tiny generated instances (seeded property test) and below the proven optima of
  the library's small set (instances/lib/completion/small/index.csv).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlsched.completion.exact.bounds import area_bound, colgen_bound
from dlsched.completion.exact.psmin import min_ps_count
from dlsched.completion.generate import tiny
from dlsched.completion.instance import parse
from dlsched.completion.support.config import configurations
from dlsched.core import InputError
from dlsched.core.io import load

from .bounds_common import SMALL, small_optimal_rows
from .bruteforce import brute_force


def _ps_instance(n_servers: int = 2, chunks: int = 4, gpus: int = 2, wbw: float = 4.0) -> object:
    """Servers of ``gpus`` GPUs, 8 vCPUs, 100 Gbps; one worker type (1 GPU, ``wbw`` Gbps of
    traffic), one PS type (1 vCPU, carries 5 Gbps)."""
    return parse({
        "problem": "completion", "schema_version": 1, "name": "ps-hand",
        "architecture": "ps", "horizon": 40, "slot_seconds": 1.0,
        "servers": [{"name": f"h{i}", "capacity": {"gpu": gpus, "cpu": 8, "bandwidth": 100}}
                    for i in range(1, n_servers + 1)],
        "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": wbw}],
        "ps_types": [{"name": "p1", "demand": {"cpu": 1}, "bandwidth": 5.0}],
        "jobs": [{"name": "j1", "arrival": 1, "weight": 1, "epochs": 1, "chunks": chunks,
                  "minibatches_per_chunk": 1, "minibatch_time": {"m1": 1.0},
                  "update_time": {"p1": 0.0}, "gradient_size": 0.0}]})


def test_min_ps_count_hand_worked() -> None:
    # N = 4 spread over two 2-GPU servers: a PS host holds 2 workers, the other 2 send
    # 2 x 4 = 8 Gbps to it, so it needs ceil(8 / 5) = 2 PSs; N = 3: ceil(4 / 5) = 1; colocated 1
    inst = _ps_instance()
    got = min_ps_count(inst, np.array([0, 0, 0, 0]), np.array([0, 0, 0, 0]),
                       np.array([0, 0, 1, 0]), np.array([4, 3, 2, 2]))
    assert got.tolist() == [2, 1, 1, 1]


def _enumerated_min_ps(inst, max_ps: int = 4) -> dict[tuple[int, int, int, int], int]:
    """(m, p, q, N) -> fewest PSs over every placement that meets capacity and (2i)."""
    H = inst.n_servers
    best: dict[tuple[int, int, int, int], int] = {}
    for m, p in itertools.product(range(len(inst.worker_names)), range(len(inst.ps_names))):
        for n in range(1, int(inst.chunks.max()) + 1):
            for y in itertools.product(range(n + 1), repeat=H):
                if sum(y) != n:
                    continue
                for s in itertools.product(range(max_ps + 1), repeat=H):
                    if sum(s) < 1:
                        continue
                    load = (np.outer(y, inst.worker_demand[m])
                            + np.outer(s, inst.ps_demand[p]))
                    if np.any(load > inst.capacity + 1e-9):
                        continue
                    if any(inst.worker_bw[m] * (n - y[h]) > inst.ps_bw[p] * s[h] + 1e-9
                           for h in range(H) if s[h]):
                        continue
                    q = int(sum(1 for h in range(H) if y[h] + s[h]) == 1)
                    key = (m, p, q, n)
                    best[key] = min(best.get(key, math.inf), sum(s))
    return best


@pytest.mark.parametrize("make", [lambda: _ps_instance(3, 5),
                                  lambda: tiny(seed=3, n_servers=3, max_chunks=4),
                                  lambda: tiny(seed=7, n_servers=2, max_chunks=4)])
def test_min_ps_count_below_every_placement(make) -> None:
    inst = make()
    found = _enumerated_min_ps(inst)
    assert found
    keys = list(found)
    got = min_ps_count(inst, *(np.array([k[i] for k in keys]) for i in range(4)))
    for key, g in zip(keys, got, strict=True):
        assert g <= found[key], (key, g, found[key])


def test_min_ps_count_of_a_spread_job_that_one_server_could_hold() -> None:
    # 4-GPU servers hold both workers, but a spread job uses two servers: one worker (6 Gbps)
    # sends to the PS host, ceil(6 / 5) = 2 PSs (all on one server would be q = 1)
    inst = _ps_instance(2, 2, gpus=4, wbw=6.0)
    assert _enumerated_min_ps(inst)[(0, 0, 0, 2)] == 2
    assert min_ps_count(inst, np.array([0]), np.array([0]), np.array([0]),
                        np.array([2])).tolist() == [2]


def test_min_ps_count_exceeds_one_when_traffic_needs_it() -> None:
    inst = _ps_instance(3, 5)
    found = _enumerated_min_ps(inst)
    # 5 workers on 2-GPU servers: a PS host holds 2 of them, the other 3 send 3 x 4 = 12 Gbps
    # to it, so ceil(12 / 5) = 3 PSs (two PS hosts need more: each carries its off traffic)
    assert found[(0, 0, 0, 5)] == 3
    assert min_ps_count(inst, np.array([0]), np.array([0]), np.array([0]),
                        np.array([5])).tolist() == [found[(0, 0, 0, 5)]]


def _tiny_case(arch: str, seed: int, n_jobs: int):
    """A hard-horizon tiny instance: ``"instance"`` is its statement's T_max."""
    return dataclasses.replace(tiny(seed=seed, n_jobs=n_jobs, n_servers=2, horizon=12,
                                    architecture=arch), horizon_hard=True)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arch=st.sampled_from(["ps", "ring"]), seed=st.integers(0, 10_000),
       n_jobs=st.integers(2, 3))
def test_bounds_below_brute_force_optimum(arch: str, seed: int, n_jobs: int) -> None:
    inst = _tiny_case(arch, seed, n_jobs)
    opt = brute_force(inst)
    if not math.isfinite(opt):
        return
    for kw in ({}, {"half_rows": True}):
        cg = colgen_bound(inst, "instance", time_limit=5.0, **kw)
        assert cg.bound is None or cg.bound <= opt + 1e-6 * max(1.0, opt)
    assert area_bound(inst) <= opt + 1e-6 * max(1.0, opt)



@pytest.mark.parametrize("row", small_optimal_rows(), ids=lambda r: r["id"])
def test_bounds_below_library_optimum(row: dict[str, str]) -> None:
    inst = load(SMALL / row["file"])
    opt = float(row["best_known"])
    # the set states an open horizon: its bound is the uncapped one (None), and a capped one
    # ("instance") would bound a restriction: refused
    for kw in ({}, {"half_rows": True}):
        cg = colgen_bound(inst, None, time_limit=5.0, **kw)
        assert cg.bound is not None and cg.bound <= opt + 1e-6 * max(1.0, opt)
    with pytest.raises(InputError, match="restriction"):
        colgen_bound(inst, "instance")
    assert area_bound(inst) <= opt + 1e-6 * max(1.0, opt)
    assert all(configurations(inst, j) for j in range(inst.n_jobs))


def test_half_rows_lift_the_bound_to_the_optimum() -> None:
    # two servers of 3 GPUs, three jobs of one 2-GPU worker for 1 slot (ring, no PS): two such
    # jobs never share a server, so two run in slot 1 and one in slot 2: OPT = 2 + 2 + 3 = 7.
    # The class rows alone see 6 GPUs and let all three run in slot 1 (bound 6).
    from .hand import job, servers
    inst = servers([job(f"j{i}", types=("m2",)) for i in range(3)], [{"gpu": 3}] * 2,
                   [{"name": "m2", "demand": {"gpu": 2}, "bandwidth": 1.0}], horizon=6)
    assert brute_force(inst) == 7.0
    assert colgen_bound(inst, None).bound == pytest.approx(6.0)
    assert colgen_bound(inst, None, half_rows=True).bound == pytest.approx(7.0)


def test_spread_list_with_more_ps_reaches_five_workers() -> None:
    # 3 servers of 2 GPUs, one job of 5 chunks (workload 5, theta 1): with one PS on the host
    # (2 workers there) only floor(5 / 4) = 1 worker may sit elsewhere: N = 3, d = 2, C = 3;
    # with 3 PSs, floor(15 / 4) = 3 elsewhere: N = 5, d = 1, C = 2
    from dlsched.completion.support.lists import list_schedule
    inst = _ps_instance(3, 5)
    assert list_schedule(inst, [0], spread=True, spread_ps=1).objective == 3.0
    assert list_schedule(inst, [0], spread=True, spread_ps=3).objective == 2.0
