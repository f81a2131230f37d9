"""The LP-restricted primal search of ``completion-interval`` (``_restricted_search``) and the
configuration ranking of column generation it reads (``ColgenResult.lp_configs``).

Expected values are worked out by hand or taken from the library's proven optima
(instances/lib/completion/small/index.csv), never from the search itself.
"""

from __future__ import annotations

import csv
import time
from itertools import permutations
from pathlib import Path

import numpy as np
import pytest

from dlsched.completion.exact.colgen import colgen_bound
from dlsched.completion.exact.incumbent import incumbent_pool
from dlsched.completion.exact.interval import _neighbourhood, _restricted_search, solve_interval
from dlsched.completion.support.config import configurations
from dlsched.completion.support.lists import list_schedule
from dlsched.completion.validate import check
from dlsched.core import InputError, SolveOptions
from dlsched.core.io import load

from .hand import job, servers

SMALL = Path(__file__).resolve().parents[2] / "instances" / "lib" / "completion" / "small"


def test_lp_configs_lead_with_the_lp_choice() -> None:
    # one job (4 chunks, v = 1: workload 4) alone on a 4-GPU server: N workers run
    # ceil(4 / N) slots, so the LP (and the optimum) is N = 4, d = 1 at arrival
    inst = servers([job("j", chunks=4)], [{"gpu": 4}])
    cg = colgen_bound(inst, None)
    assert cg.bound == pytest.approx(2.0)
    first = cg.lp_configs[0][0]
    assert (first[3], first[4]) == (4, 1)
    own = {(k.m, k.p, k.q, k.n, k.d) for k in configurations(inst, 0)}
    assert set(cg.lp_configs[0]) <= own


def _poor_start(inst):
    """The worst list schedule over all job orders (both placements) that ends by the
    horizon, or None when none does."""
    tmax = int(inst.horizon)
    lists = [list_schedule(inst, order, tmax, spread=sp) for sp in (False, True)
             for order in permutations(range(inst.n_jobs))]
    fits = [r for r in lists if r is not None]
    return max(fits, key=lambda r: r.objective) if fits else None


def _optimal_rows() -> list[dict[str, str]]:
    """The first 5 proven-optimal small records that have a list schedule to start from."""
    with open(SMALL / "index.csv") as fh:
        rows = [r for r in csv.DictReader(fh) if r["status"] == "optimal"]
    return [r for r in rows if _poor_start(load(SMALL / r["file"])) is not None][:5]


@pytest.mark.parametrize("row", _optimal_rows(), ids=lambda r: r["id"])
def test_restricted_search_from_a_poor_start_reaches_the_optimum(row: dict[str, str]) -> None:
    # every configuration ranked: the restriction is the model up to 1.25 x the start's
    # makespan; from the worst list schedule over all job orders it must reach the proven optimum
    inst = load(SMALL / row["file"])
    tmax = int(inst.horizon)
    poor = _poor_start(inst)
    assert poor is not None
    ranked = tuple(tuple((k.m, k.p, k.q, k.n, k.d) for k in configurations(inst, j))
                   for j in range(inst.n_jobs))
    stats: dict = {}
    best = _restricted_search(inst, tmax, poor, ranked, SolveOptions(time_limit=20, threads=1),
                              0.9, (time.perf_counter(), 0.0), stats, True, None)
    assert check(inst, best.solution) == []
    assert best.objective == pytest.approx(float(row["best_known"]))
    assert best.objective <= poor.objective
    assert stats["restricted_search"]["rounds"]


def test_restricted_search_keeps_the_start_without_candidates() -> None:
    # an empty ranking leaves only the start's own configurations: it may move jobs but never
    # returns anything worse, and the schedule stays valid
    row = _optimal_rows()[0]
    inst = load(SMALL / row["file"])
    tmax = int(inst.horizon)
    start = incumbent_pool(inst, tmax)
    empty = tuple(() for _ in range(inst.n_jobs))
    best = _restricted_search(inst, tmax, start, empty, SolveOptions(time_limit=5, threads=1),
                              0.9, (time.perf_counter(), 0.0), {}, True, None)
    assert best.objective <= start.objective
    assert check(inst, best.solution) == []


def test_restrict_share_is_validated() -> None:
    inst = servers([job("j")], [{"gpu": 1}])
    with pytest.raises(InputError, match="restrict_share"):
        solve_interval(inst, restrict_share=1.0)


def test_neighbourhood_targets_the_waiting_job() -> None:
    # only j3 waits (arrives at 1, starts at 20): its wait + run window is [1, 25). j1 runs
    # [2, 5) and j4 [22, 24) (distance 0), j2 [30, 35) (distance 5), j5 [60, 70) (35): the
    # delay-targeted neighbourhood (round 1) of size 3 is j3, j1 and j4 whatever the draw
    runs = {"j1": (2, 3), "j2": (30, 5), "j3": (20, 5), "j4": (22, 2), "j5": (60, 10)}
    arrival = {"j1": 2, "j2": 30, "j3": 1, "j4": 22, "j5": 60}
    inst = servers([job(n, a=arrival[n]) for n in runs], [{"gpu": 1}], horizon=80)
    sol = {"jobs": {n: {"start": s, "duration": d} for n, (s, d) in runs.items()}}
    for seed in range(5):
        rng = np.random.default_rng(seed)
        assert _neighbourhood(inst, sol, 3, 1, rng) == {0, 2, 3}
    assert len(_neighbourhood(inst, sol, 3, 2, rng)) == 3
    assert len(_neighbourhood(inst, sol, 4, 0, rng)) == 4
