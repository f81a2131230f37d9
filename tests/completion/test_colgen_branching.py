"""Branching on start windows over the column-generation LP (``exact.branching``) stays a valid
lower bound: below the brute-force optimum of tiny generated instances (seeded property test)
and the proven optima of the library's small set; on a hand-picked tiny instance it lifts the
root LP bound to the optimum."""

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


def hard(inst):
    """``inst`` with a hard horizon: ``"instance"`` (T_max = T) is then its statement, and the
    brute force's optimum is that of the schedules ending by T."""
    return dataclasses.replace(inst, horizon_hard=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arch=st.sampled_from(["ps", "ring"]), seed=st.integers(0, 10_000),
       n_jobs=st.integers(2, 3))

def test_branching_below_brute_force_optimum(arch: str, seed: int, n_jobs: int) -> None:
    inst = hard(tiny(seed=seed, n_jobs=n_jobs, n_servers=2, horizon=12,
                     architecture=arch))
    opt = brute_force(inst)
    if not math.isfinite(opt):
        return
    cg = colgen_bound(inst, "instance", time_limit=5.0, branch_time=1.0)
    assert below(cg.bound, opt)
    assert cg.bound is None or cg.bound >= cg.root_bound - 1e-9  # never below the root
    # with the optimum as the known schedule, nodes close but the bound never passes it
    up = colgen_bound(inst, "instance", time_limit=5.0, branch_time=1.0, upper=opt)
    assert below(up.bound, opt)


@pytest.mark.parametrize(("seed", "opt"), [(3, 60.0), (57, 92.0)])
def test_branching_lifts_the_root_bound(seed: int, opt: float) -> None:
    # tiny PS instances (3 jobs, 2 servers, T = 12) whose root LP is fractional in the
    # starts: the brute-force optimum (independent enumeration) is above the root bound,
    # and branching on the starts closes that gap
    inst = hard(tiny(seed=seed, n_jobs=3, n_servers=2, horizon=12,
                     architecture="ps"))
    assert brute_force(inst) == opt
    root = colgen_bound(inst, "instance", time_limit=5.0)
    assert root.bound < opt - 1.0
    cg = colgen_bound(inst, "instance", time_limit=5.0, branch_time=3.0)
    assert cg.root_bound == pytest.approx(root.bound)
    assert cg.nodes >= 2
    assert cg.bound == pytest.approx(opt, abs=1e-6)


def test_branching_bound_with_upper_closes_at_the_optimum() -> None:
    inst = hard(tiny(seed=3, n_jobs=3, n_servers=2, horizon=12,
                     architecture="ps"))
    cg = colgen_bound(inst, "instance", time_limit=5.0, branch_time=3.0, upper=60.0)
    assert cg.bound == pytest.approx(60.0, abs=1e-6)



@pytest.mark.parametrize("row", small_optimal_rows()[:6], ids=lambda r: r["id"])
def test_branching_below_library_optimum(row: dict[str, str]) -> None:
    inst = load(SMALL / row["file"])
    opt = float(row["best_known"])
    cg = colgen_bound(inst, None, time_limit=5.0, branch_time=1.0)
    assert cg.bound is not None and below(cg.bound, opt)
