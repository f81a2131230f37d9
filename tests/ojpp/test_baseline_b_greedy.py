"""B-Greedy (the paper's Table 4 baseline, notes §7): Greedy with the balance constraint (8) only.

Rule: Greedy's job order; each worker goes to the open device of lowest interference potential
(then least residual, then lowest index) among the devices where compute and memory (3) hold and,
after placing it, every job's worker slowdowns stay within theta' of each other (the job placed
and the jobs already on the device); collision (5) and the interference cap (7) are not checked.
Expected placements are worked by hand in each docstring.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds

from .helpers import placed, tiny


def test_one_shared_device_is_balanced_whatever_the_interference():
    """A's 3 workers share device 0 (collision 0.216 > 0.1 not checked). B slows every A worker
    by 0.5 (> the cap 0.2, not checked): all A workers then have slowdown 0.5, spread 0 <= 0.1 ->
    B joins device 0."""
    inst = tiny([("A", 3, 0.1, 0.1, 0.1, 0.3), ("B", 1, 0.05, 0.1, 0.0, 0.0)],
                [[0.0, 0.5], [0.0, 0.0]], collision=0.1, interference=0.2, balance=0.1)
    res = ds.run(inst, "b-greedy")
    assert placed(res) == [{"A": 3, "B": 1}]
    assert res.stats["enforced"] == ["compute", "memory (opportunistic)", "balance"]


@pytest.mark.parametrize(("slow", "expected"), [
    (0.1, [{"A": 1, "B": 1}, {"A": 1}]),  # spread 0.1 = theta': allowed; tie -> device 0
    (0.5, [{"A": 1}, {"A": 1}, {"B": 1}]),  # spread 0.5 > 0.1 on either device: new device
])
def test_b_may_not_unbalance_a_split_job(slow, expected):
    """A's two workers (compute 0.6) need a device each: devices 0 and 1. B (0.3) next to one of
    them slows that A worker by I[A][B] = ``slow`` and leaves the other at 0: A's spread is
    ``slow``. Allowed when <= 0.1; then both devices have potential ``slow`` and residual
    (1 - 0.9) + (1 - 0.2) -> the lowest index, device 0."""
    inst = tiny([("A", 2, 0.6, 0.1, 0.0, 0.0), ("B", 1, 0.3, 0.1, 0.0, 0.0)],
                [[0.0, slow], [0.0, 0.0]], balance=0.1)
    assert placed(ds.run(inst, "b-greedy")) == expected


def test_a_held_device_may_not_unbalance_the_jobs_own_workers():
    """B-Greedy, spread limit 0.1. X (0.6) opens device 0, Y (0.55) device 1. J: 3 workers of
    0.2; J is slowed by 0.05 per Y worker and 0.2 per other J worker on its device, X slows
    nobody. Phase A: J1 -> device 0 (potential 0), J2 -> device 1 (0.05 < device 0's 0.2; J's
    spread 0.05). J3: device 0 would put J at 0.2 there against 0.05 on device 1 (spread 0.15),
    device 1 at 0.25 against 0 (0.25): both refused, so Phase A undoes J. Phase B (a fresh
    device may hold 0) repeats J1, J2 and opens device 2 for J3."""
    m = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.05, 0.2]]
    inst = tiny([("X", 1, 0.6, 0.1, 0.0, 0.0), ("Y", 1, 0.55, 0.1, 0.0, 0.0),
                 ("J", 3, 0.2, 0.1, 0.0, 0.0)], m, balance=0.1)
    assert placed(ds.run(inst, "b-greedy")) == [{"X": 1, "J": 1}, {"Y": 1, "J": 1}, {"J": 1}]
