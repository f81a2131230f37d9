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
