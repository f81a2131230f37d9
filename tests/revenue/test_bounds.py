"""The exact models' bound Σ_j max f_j (every job alone on the empty cluster at its earliest
best start), worked by hand on the notes §4 example: r = 3, E = 2, M = 1, n^C = 1,
n^D = 0.5, f(x) = 100 - 2x with x = completion - r, servers of 2 workers (8 in all)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

from dlsched.revenue.exact.bounds import alone_bound
from dlsched.revenue.instance import parse
from dlsched.revenue.model.data import milp_data, milp_extent
from dlsched.revenue.paper import worked_example


@pytest.fixture(scope="module")
def inst():
    return parse(worked_example())


def test_alone_bound_as_written(inst):
    """j11, j21 (E·D·M = 4): C w=2, d=2, start 4, x = 2 -> 96. j12 (6): C w=2, d=3 -> 94.
    j22 (60): D w=8 (W = min(30, 8)), d = ceil(60 / 4) = 15 -> 70 (C w=2 takes 30 slots -> 40;
    the bound does not ask whether the 6 PSs fit). 96 + 94 + 96 + 70 = 356 >= OPT 326."""
    assert alone_bound(milp_data(inst)) == pytest.approx(356.0)
    assert milp_extent(inst)[1] == pytest.approx(356.0)


def test_alone_bound_fixed_workers(inst):
    """w = D_j: j11, j21 C w=2 -> 96; j12 w=3 > 2 per server, D d = ceil(6/1.5) = 4 -> 92;
    j22 w=30 > 8 workers in the cluster: no configuration -> 0. 284 = the fixed-workers OPT."""
    assert alone_bound(milp_data(inst, fixed_workers=True)) == pytest.approx(284.0)


def test_alone_bound_short_horizon(inst):
    """T = 5: only runs of <= 2 slots from slot 4 end in time: j11 and j21 (C w=2, 96 each);
    j12 needs 3 slots, j22 15: 0. 192."""
    assert alone_bound(milp_data(inst, 5)) == pytest.approx(192.0)
    assert milp_extent(inst, 5) == (2, pytest.approx(192.0))  # one start value per job


def test_alone_bound_of_a_job_worth_less_than_one():
    """One job (1 worker, 2 mini-batches: 2 slots from slot 1, x = 2) with f(x) = 2.5 - x: its
    best value alone is 0.5, and so is the bound."""
    from .builders import cluster, job

    j = job("a", "u1")
    j["utility"] = {"kind": "linear", "slope": -1, "intercept": 2.5}
    inst = cluster([("s1", 1, 1, None)], [("u1", 1, 1)], [j])
    assert alone_bound(milp_data(inst)) == pytest.approx(0.5)
