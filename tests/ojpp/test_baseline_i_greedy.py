"""I-Greedy (the paper's Table 4 baseline, notes §7): Greedy with the interference cap (7) only.

Rule: Greedy's job order; each worker goes to the open device of lowest interference potential
(the largest worker slowdown on the device after placing it; then least residual, then lowest
index) among the devices where compute, memory (3) and potential <= theta-bar hold; collision (5)
and balance (8) are not checked. Expected placements are worked by hand in each docstring.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds

from .helpers import placed, tiny


def test_the_cap_keeps_b_away_and_collision_is_ignored():
    """A's 3 workers share device 0 (tau 0.216 > 0.1 is not checked; I[A][A] = 0). B would slow
    each A worker by I[A][B] = 0.5 > 0.2 -> device 0 refused -> B opens device 1."""
    inst = tiny([("A", 3, 0.1, 0.1, 0.1, 0.3), ("B", 1, 0.05, 0.1, 0.0, 0.0)],
                [[0.0, 0.5], [0.0, 0.0]], collision=0.1, interference=0.2, balance=0.1)
    res = ds.run(inst, "i-greedy")
    assert placed(res) == [{"A": 3}, {"B": 1}]
    assert res.stats["enforced"] == ["compute", "memory (opportunistic)", "interference"]


def test_lowest_potential_beats_best_fit():
    """A (0.6) opens device 0, B (0.5) cannot join it and opens device 1. C (0.3): potential
    on device 0 = C's slowdown I[C][A] = 0.15, on device 1 = I[C][B] = 0.05 -> device 1,
    although device 0 fits tighter (residual 0.1 + 0.8 = 0.9 < 0.2 + 0.8 = 1.0)."""
    inst = tiny([("A", 1, 0.6, 0.1, 0.0, 0.0), ("B", 1, 0.5, 0.1, 0.0, 0.0),
                 ("C", 1, 0.3, 0.1, 0.0, 0.0)],
                [[0, 0, 0], [0, 0, 0], [0.15, 0.05, 0]], interference=0.2)
    assert placed(ds.run(inst, "i-greedy")) == [{"A": 1}, {"B": 1, "C": 1}]
    assert placed(ds.run(inst, "best-fit")) == [{"A": 1, "C": 1}, {"B": 1}]


@pytest.mark.parametrize(("on_a", "expected"), [
    (0.2, [{"A": 1, "C": 1}, {"B": 1}]),  # potential 0.2 = the cap: allowed (<=)
    (0.21, [{"A": 1}, {"B": 1}, {"C": 1}]),  # 0.21 > 0.2 and 0.25 > 0.2: a new device
])
def test_the_interference_cap_is_inclusive(on_a, expected):
    """As above with I[C][A] = ``on_a`` and I[C][B] = 0.25 > 0.2 (device 1 always refused)."""
    inst = tiny([("A", 1, 0.6, 0.1, 0.0, 0.0), ("B", 1, 0.5, 0.1, 0.0, 0.0),
                 ("C", 1, 0.3, 0.1, 0.0, 0.0)],
                [[0, 0, 0], [0, 0, 0], [on_a, 0.25, 0]], interference=0.2)
    assert placed(ds.run(inst, "i-greedy")) == expected


@pytest.mark.parametrize(("model", "expected"), [
    ("max", [{"A": 1, "B": 1, "C": 1}]),  # every slowdown max(0.15, 0.15) = 0.15 <= 0.2
    ("additive", [{"A": 1, "B": 1}, {"C": 1}]),  # C beside A and B: 0.15 + 0.15 = 0.3 > 0.2
])
def test_the_interference_model_composes_the_slowdowns(model, expected):
    """A, B, C (compute 0.2 each), every pairwise slowdown 0.15, cap 0.2. B joins A (0.15 each).
    C next to both: under ``max`` each worker's slowdown is the largest pairwise one, 0.15;
    ``additive`` sums them to 0.3 > 0.2, so C opens device 1."""
    from dlsched.ojpp.instance import dump, parse

    m = [[0.0, 0.15, 0.15], [0.15, 0.0, 0.15], [0.15, 0.15, 0.0]]
    data = dump(tiny([(n, 1, 0.2, 0.1, 0.0, 0.0) for n in "ABC"], m, interference=0.2))
    data["interference"]["model"] = model
    assert placed(ds.run(parse(data), "i-greedy")) == expected
