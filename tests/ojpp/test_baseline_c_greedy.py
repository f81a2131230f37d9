"""C-Greedy (the paper's Table 4 baseline, notes §7): Greedy with the collision bound (5) only.

Rule: Greedy's job order; each worker goes to the open device of lowest interference potential
after placing it (then least residual, then lowest index) among the devices where compute,
memory (3) and the collision probability tau <= tau-bar hold; the interference cap (7) and the
balance (8) are not checked. Expected placements are worked by hand in each docstring.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds

from .helpers import placed, tiny


def test_collision_splits_a_job_and_interference_is_ignored():
    """A: 3 workers, p = 0.3. Two on one device collide with 0.3 * 0.3 = 0.09 <= 0.1; a third
    gives 1 - 0.7^3 - 3 * 0.3 * 0.7^2 = 0.216 > 0.1 -> devices {A: 2}, {A: 1}. B (p = 0) slows A
    by 0.5 > the cap 0.2 (ignored): potential 0.5 on both devices, so best fit decides:
    residual device 0 (1 - 0.25) + (1 - 0.4) = 1.35 < device 1 (1 - 0.15) + (1 - 0.3) = 1.55."""
    inst = tiny([("A", 3, 0.1, 0.1, 0.1, 0.3), ("B", 1, 0.05, 0.1, 0.0, 0.0)],
                [[0.0, 0.5], [0.0, 0.0]], collision=0.1, interference=0.2, balance=0.1)
    res = ds.run(inst, "c-greedy")
    assert placed(res) == [{"A": 2, "B": 1}, {"A": 1}]
    assert res.stats["enforced"] == ["compute", "memory (opportunistic)", "collision"]


@pytest.mark.parametrize(("limit", "expected"), [
    (0.09, [{"A": 2}]),  # tau = 0.3 * 0.3 = 0.09 = the limit: allowed (<=)
    (0.089, [{"A": 1}, {"A": 1}]),  # 0.09 > 0.089: the pair must split
])
def test_the_collision_limit_is_inclusive(limit, expected):
    """Two workers of A with p = 0.3 on one device collide with probability 0.09."""
    inst = tiny([("A", 2, 0.1, 0.1, 0.1, 0.3)], collision=limit)
    assert placed(ds.run(inst, "c-greedy")) == expected


def test_a_job_spread_over_nine_devices_keeps_them_open_for_the_next():
    """C-Greedy, collision limit 0.1, no bursts (collision probability 0 everywhere). A has 9
    workers of compute 0.6: two never share a unit device, so Placement opens 9 devices, one
    worker each. B (compute 0.3) fits beside any of them; all tie on potential 0 and residual
    0.4 -> the lowest index, device 0. No device may be dropped for B (0.6 + 0.3 <= 1, collision
    0 <= 0.1) and none may take a second A worker (0.6 + 0.6 > 1)."""
    inst = tiny([("A", 9, 0.6, 0.1, 0.0, 0.0), ("B", 1, 0.3, 0.1, 0.0, 0.0)], collision=0.1)
    assert placed(ds.run(inst, "c-greedy")) == [{"A": 1, "B": 1}] + [{"A": 1}] * 8


def test_a_collision_free_device_must_still_fit_the_compute():
    """C-Greedy, collision limit 0.1, no bursts (collision probability 0 everywhere). A (compute
    0.6) opens device 0. C (0.5) passes the collision test there but 0.6 + 0.5 > 1: it opens
    device 1. D (0.2) fits both; potentials tie at 0 -> least residual: device 0 (0.4 < 0.5)."""
    inst = tiny([("A", 1, 0.6, 0.1, 0.0, 0.0), ("C", 1, 0.5, 0.1, 0.0, 0.0),
                 ("D", 1, 0.2, 0.1, 0.0, 0.0)], collision=0.1)
    assert placed(ds.run(inst, "c-greedy")) == [{"A": 1, "D": 1}, {"C": 1}]
