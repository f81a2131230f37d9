"""The cluster rows of column generation (``colgen_bound(cluster_rows=...)``: at most k - 1
columns above 1 / k of the cluster's capacity of a resource, or of its worker type's
single-type maximum W_w, run at once) stay valid lower bounds: below the brute-force optimum
of tiny generated instances (seeded property test) and the proven optima of the library's
small set; on two hand cases they lift the LP bound to the optimum."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlsched.completion.exact.colgen import colgen_bound
from dlsched.completion.generate import tiny
from dlsched.core.io import load

from .bounds_common import SMALL, below, small_optimal_rows
from .bruteforce import brute_force
from .hand import job, servers

TWO_GPU_WORKER = [{"name": "m2", "demand": {"gpu": 2}, "bandwidth": 1.0}]




def hard(inst):
    """``inst`` with a hard horizon: ``"instance"`` (T_max = T) is then its statement, and the
    brute force's optimum is that of the schedules ending by T."""
    return dataclasses.replace(inst, horizon_hard=True)

def test_type_rows_lift_the_bound_to_the_optimum() -> None:
    # three servers of 3 GPUs, workers of 2 GPUs: one worker per server, W = 3. Two jobs of
    # 2 chunks (2 workers: 1 slot; 1 worker: 2 slots), both at slot 1. Both on 2 workers at
    # once needs 4 > 3 workers, so OPT = 2 + 3 = 5 (one on 2 workers, C = 2; the other on
    # 1 worker beside it, C = 3, or after it, C = 3). The class row (3 workers, 9 GPUs) lets
    # the LP overlap them fractionally; "at most one job with more than W / 2 = 1.5 workers
    # of the type at once" does not (the GPU row, 4 <= 9 / 2, would not catch it)
    inst = servers([job(f"j{i}", chunks=2, types=("m2",)) for i in range(2)],
                   [{"gpu": 3}] * 3, TWO_GPU_WORKER, horizon=6)
    assert brute_force(inst) == 5.0
    assert colgen_bound(inst, None, cluster_rows=()).bound < 5.0 - 0.5
    assert colgen_bound(inst, None, cluster_rows=(2,)).bound == pytest.approx(5.0)


def test_resource_rows_lift_the_bound_to_the_optimum() -> None:
    # one server of 3 GPUs, two jobs of 2 chunks on 1-GPU workers: OPT = 2 + 3 = 5; the LP
    # runs half of the second job on 2 workers beside the first (4.5) until "at most one
    # load above 3 / 2 GPUs at once" forbids it
    inst = servers([job(f"j{i}", chunks=2) for i in range(2)], [{"gpu": 3}], horizon=6)
    assert brute_force(inst) == 5.0
    assert colgen_bound(inst, None, cluster_rows=()).bound == pytest.approx(4.5)
    assert colgen_bound(inst, None, cluster_rows=(2,)).bound == pytest.approx(5.0)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arch=st.sampled_from(["ps", "ring"]), seed=st.integers(0, 10_000),
       n_jobs=st.integers(2, 3))
def test_cluster_rows_below_brute_force_optimum(arch: str, seed: int, n_jobs: int) -> None:
    inst = hard(tiny(seed=seed, n_jobs=n_jobs, n_servers=2, horizon=12,
                     architecture=arch))
    opt = brute_force(inst)
    if not math.isfinite(opt):
        return
    for kw in ({"cluster_rows": (2, 3)}, {"cluster_rows": (2, 3, 4), "half_rows": True},
               {"cluster_rows": (2,), "branch_time": 1.0}):
        assert below(colgen_bound(inst, "instance", time_limit=5.0, **kw).bound, opt), kw
    # warm start: the heuristic schedule's own columns carry the cluster rows too
    assert below(colgen_bound(inst, None, time_limit=5.0, cluster_rows=(2, 3),
                               warm=True).bound, opt)



@pytest.mark.parametrize("row", small_optimal_rows(), ids=lambda r: r["id"])
def test_cluster_rows_below_library_optimum(row: dict[str, str]) -> None:
    inst = load(SMALL / row["file"])
    opt = float(row["best_known"])
    cg = colgen_bound(inst, None, time_limit=5.0, cluster_rows=(2, 3))
    assert cg.bound is not None and below(cg.bound, opt)
