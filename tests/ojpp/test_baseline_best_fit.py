"""Best-fit (the paper's Table 4 baseline, notes §7): 2D best-fit decreasing on compute and memory.

Rule, as the namesake states it: take the jobs in Greedy's order (compute desc, then peak memory
base + burst desc, then workers desc, then index) and put each worker on the open device that is
left with the least residual capacity (normalised compute + memory residual after placing it;
ties: lowest device index), opening a new device only when none fits. Collision, interference and
balance are ignored. Every expected placement below is worked by hand in the test's docstring.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds

from .helpers import placed, tiny


@pytest.mark.parametrize("name", ["best-fit", "i-greedy", "b-greedy", "c-greedy"])
def test_greedy_order_breaks_ties_by_peak_memory_then_workers_then_index(name):
    """S has the largest compute (0.5) -> first. R, Q, P, T all have compute 0.2; peaks
    (base + burst): R 0.2 + 0.1 = 0.3, Q 0.1 + 0.2 = 0.3, P 0.1, T 0.1. R and Q tie on peak:
    R has 2 workers, Q 1 -> R, Q. P and T tie on everything -> index: P (3) before T (4).
    Order: S, R, Q, P, T (the same for every baseline: they all use Greedy's order)."""
    inst = tiny([("P", 1, 0.2, 0.1, 0.0, 0.0), ("Q", 1, 0.2, 0.1, 0.2, 0.0),
                 ("R", 2, 0.2, 0.2, 0.1, 0.0), ("T", 1, 0.2, 0.1, 0.0, 0.0),
                 ("S", 1, 0.5, 0.1, 0.0, 0.0)])
    assert ds.run(inst, name).stats["order"] == ["S", "R", "Q", "P", "T"]


def test_least_residual_device_wins_not_the_first_that_fits():
    """Order A (compute 0.6), B (0.5), C (0.3). A opens device 0; B does not fit there
    (0.6 + 0.5 > 1) and opens device 1. C fits both; residual after placing it:
    device 0: (1 - 0.9) + (1 - 0.2) = 0.9, device 1: (1 - 0.8) + (1 - 0.8) = 0.4 -> device 1
    (first fit would take device 0)."""
    inst = tiny([("A", 1, 0.6, 0.1, 0.0, 0.0), ("B", 1, 0.5, 0.7, 0.0, 0.0),
                 ("C", 1, 0.3, 0.1, 0.0, 0.0)])
    assert placed(ds.run(inst, "best-fit")) == [{"A": 1}, {"B": 1, "C": 1}]


def test_equal_residuals_go_to_the_lowest_device_index():
    """A and B (compute 0.6, memory 0.2) cannot share a device: devices 0 (A) and 1 (B).
    C (0.3, 0.1) leaves residual (1 - 0.9) + (1 - 0.3) = 0.8 on either -> device 0."""
    inst = tiny([("A", 1, 0.6, 0.2, 0.0, 0.0), ("B", 1, 0.6, 0.2, 0.0, 0.0),
                 ("C", 1, 0.3, 0.1, 0.0, 0.0)])
    assert placed(ds.run(inst, "best-fit")) == [{"A": 1, "C": 1}, {"B": 1}]


def test_opportunistic_memory_counts_one_burst_and_peak_counts_all():
    """Two workers of A: base 0.3, burst 0.3. Opportunistic (3): 0.3 + 0.3 + max burst 0.3 = 0.9
    <= 1 -> one device. Peak memory: (0.3 + 0.3) * 2 = 1.2 > 1 -> one device each."""
    inst = tiny([("A", 2, 0.1, 0.3, 0.3, 0.5)])
    assert placed(ds.run(inst, "best-fit")) == [{"A": 2}]
    assert placed(ds.run(inst, "best-fit", memory="peak")) == [{"A": 1}, {"A": 1}]


def test_collision_interference_and_balance_are_ignored():
    """A: 3 workers (compute 0.1, memory 0.1 + burst 0.1, p = 0.3); B: 1 worker (0.05, 0.1).
    Everything fits on one device (compute 0.35, memory 0.4 + 0.1) although three A workers
    collide with probability 1 - 0.7^3 - 3 * 0.3 * 0.7^2 = 0.216 > 0.1 and B slows A by 0.5 >
    the cap 0.2: Best-fit checks neither."""
    inst = tiny([("A", 3, 0.1, 0.1, 0.1, 0.3), ("B", 1, 0.05, 0.1, 0.0, 0.0)],
                [[0.0, 0.5], [0.0, 0.0]], collision=0.1, interference=0.2, balance=0.1)
    res = ds.run(inst, "best-fit")
    assert placed(res) == [{"A": 3, "B": 1}]
    assert res.stats["enforced"] == ["compute", "memory (opportunistic)"]


def test_too_few_devices_is_an_error_naming_the_count():
    """Two jobs of compute 0.6 cannot share a unit device: best fit opens 2 devices, but the
    instance has only 1, so the run is an ERROR of ``best-fit`` that says so."""
    from dlsched.core import Status
    from dlsched.ojpp.instance import dump, parse

    data = dump(tiny([("A", 1, 0.6, 0.1, 0.0, 0.0), ("B", 1, 0.6, 0.1, 0.0, 0.0)]))
    data["devices"] = 1
    res = ds.run(parse(data), "best-fit")
    assert res.status is Status.ERROR and res.method == "best-fit"
    assert res.stats["devices_opened"] == 2
    assert res.stats["reason"] == "needs 2 devices, only 1 available"


def test_memory_may_be_filled_exactly():
    """Best fit, no bursts: A and B (compute 0.3, base memory 0.5 each) fill the unit memory
    of one device exactly (0.5 + 0.5 = 1 <= 1): one device."""
    inst = tiny([("A", 1, 0.3, 0.5, 0.0, 0.0), ("B", 1, 0.3, 0.5, 0.0, 0.0)])
    assert placed(ds.run(inst, "best-fit")) == [{"A": 1, "B": 1}]
