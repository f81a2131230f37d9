"""exact/bounds.py: the redundant rows shared by ojpp-compact and ojpp-cpsat, and the bottom-up
search over fixed device counts. Every expected value is worked by hand in the test's docstring."""

from __future__ import annotations

import numpy as np

from dlsched.ojpp.exact.bounds import (
    bottom_up,
    device_limits,
    job_order,
    max_workers,
    min_loads,
    min_workers,
    order_devices,
)

# three jobs, two dimensions, capacity (1, 2):   relative size = sum_d demand / cap
DEMAND = np.array([[0.2, 0.2],    # job 0: 0.2 + 0.1 = 0.3
                   [0.5, 0.4],    # job 1: 0.5 + 0.2 = 0.7
                   [0.25, 0.1]])  # job 2: 0.25 + 0.05 = 0.3 (ties job 0: stable -> 0 first)
CAP = np.array([1.0, 2.0])
OMEGA = np.array([3, 1, 2])


def test_job_order_is_decreasing_relative_size_ties_by_index():
    """Sizes 0.3, 0.7, 0.3 -> job 1, then jobs 0 and 2 in index order."""
    assert job_order(DEMAND, CAP).tolist() == [1, 0, 2]


def test_device_limits_count_the_workers_before_and_of_each_job():
    """In order 1, 0, 2 with 1, 3, 2 workers: job 1 may use devices < 1, job 0 < 1 + 3 = 4,
    job 2 < 4 + 2 = 6."""
    assert device_limits(DEMAND, CAP, OMEGA).tolist() == [4, 1, 6]


def test_order_devices_sorts_rows_by_their_first_job_empty_rows_last():
    """Ranks: job 1 -> 0, job 0 -> 1, job 2 -> 2. Rows: [0,0,2] first job rank 2; [1,0,0] rank 1;
    [0,0,0] empty -> last; [1,1,0] rank 0. Sorted: [1,1,0], [1,0,0], [0,0,2], [0,0,0]."""
    Y = np.array([[0, 0, 2], [1, 0, 0], [0, 0, 0], [1, 1, 0]])
    assert order_devices(Y, DEMAND, CAP).tolist() == [[1, 1, 0], [1, 0, 0], [0, 0, 2], [0, 0, 0]]


def test_max_workers_is_the_tightest_dimension():
    """Dimension 0, smallest first: 0.2, 0.2, 0.2, 0.25, 0.25, 0.5 -> cumulative 0.2, 0.4, 0.6,
    0.85, 1.1: 4 fit in 1. Dimension 1: 0.1, 0.1, 0.2, 0.2, 0.2, 0.4 -> all 6 fit in 2 (1.2).
    Bound: min(6 workers, 4, 6) = 4. An exact fit counts: 5 workers of 0.2 fill capacity 1."""
    assert max_workers(DEMAND, CAP, OMEGA) == 4
    assert max_workers(np.array([[0.2, 0.0]]), np.array([1.0, 1.0]), np.array([5])) == 5


def test_min_loads_and_min_workers_on_m_devices():
    """Totals: dimension 0: 0.6 + 0.5 + 0.5 = 1.6, dimension 1: 0.6 + 0.4 + 0.2 = 1.2.
    On m = 2 devices each carries at least total - (m - 1) cap = (0.6, 0) (dimension 1 would be
    -0.8 -> 0). Largest first in dimension 0: 0.5 < 0.6, 0.5 + 0.25 >= 0.6 -> at least 2 workers.
    On m = 1: (1.6, 1.2); dimension 0 largest first 0.5, 0.25, 0.25, 0.2, 0.2, 0.2 -> cumulative
    0.5, 0.75, 1.0, 1.2, 1.4, 1.6 reaches 1.6 only with the 6th worker (dimension 1 likewise:
    0.4, 0.6, 0.8, 1.0, 1.1, 1.2) -> 6, every worker. On m = 3: no load forced -> 1."""
    assert np.allclose(min_loads(DEMAND, CAP, OMEGA, 2), [0.6, 0.0])
    assert np.allclose(min_loads(DEMAND, CAP, OMEGA, 1), [1.6, 1.2])
    assert min_workers(DEMAND, CAP, OMEGA, 2) == 2
    assert min_workers(DEMAND, CAP, OMEGA, 1) == 6
    assert min_workers(DEMAND, CAP, OMEGA, 3) == 1


def test_bottom_up_stops_at_the_first_feasible_count():
    """Infeasible at 3 and 4, feasible at 5 (< incumbent 7): optimum 5 with its Y."""
    Y = np.ones((5, 1))
    verdicts = {3: ("infeasible", None), 4: ("infeasible", None), 5: ("feasible", Y)}
    t, got, log = bottom_up(3, 7.0, float("inf"), verdicts.__getitem__)
    assert (t, log) == (5, ["3: infeasible", "4: infeasible", "5: feasible"]) and got is Y


def test_bottom_up_reaching_the_incumbent_proves_it_and_unknown_stops():
    """Infeasible at 3 and 4 with incumbent 5: t = 5 = incumbent (proven), no Y. An undecided
    count stops the search there; a passed deadline stops it before any solve."""
    t, got, log = bottom_up(3, 5.0, float("inf"), lambda t: ("infeasible", None))
    assert (t, got, log) == (5, None, ["3: infeasible", "4: infeasible"])
    t, got, log = bottom_up(3, 9.0, float("inf"), lambda t: ("unknown", None))
    assert (t, got, log) == (3, None, ["3: unknown"])
    assert bottom_up(3, 9.0, 0.0, lambda t: ("feasible", None), now=lambda: 1.0) == (3, None, [])


def test_order_devices_keeps_ties_in_their_order():
    """Job 0 (relative size 1.0) ranks before job 1 (0.2). Forty devices alternate between
    holding job 0 (rows [2m + 1, 0]) and job 1 (rows [0, 2m + 2]): sorted by first-job rank,
    the twenty job-0 rows come first and each group keeps its original order (a stable sort;
    a quicksort reorders ties at this size)."""
    demand, cap = np.array([[0.5, 0.5], [0.1, 0.1]]), np.array([1.0, 1.0])
    Y = np.array([[k + 1, 0] if k % 2 == 0 else [0, k + 1] for k in range(40)])
    expected = [[k + 1, 0] for k in range(0, 40, 2)] + [[0, k + 1] for k in range(1, 40, 2)]
    assert order_devices(Y, demand, cap).tolist() == expected
