"""Max-min (``max-min``, notes §6): the weighted equal split, pinned on instances worked by hand.

The rule: virtual row r (user, job type; weight pi_u split equally over the user's job types)
gets ``m_j * pi_r / sum(pi)`` of every GPU type j, whatever its speedups.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.oef import make, parse

ATOL = 1e-12


def flat(X) -> list[float]:
    return [x for row in X for x in row]


def test_weighted_split_ignores_speedups():
    """W = [[1, 2], [1, 4]], c = (2, 4), weights (1, 3): u0 gets (2/4, 4/4) = (1/2, 1), u1 gets
    (3/2, 3). E = (1/2 + 2, 3/2 + 12) = (5/2, 27/2), total 16."""
    res = ds.run(make([[1, 2], [1, 4]], [2, 4], weights=[1, 3]), "max-min")
    assert flat(res.solution["allocation"]) == pytest.approx([0.5, 1, 1.5, 3], abs=ATOL)
    assert res.solution["efficiency"] == pytest.approx([2.5, 13.5], abs=ATOL)
    assert res.objective == pytest.approx(16.0, abs=ATOL)
    assert res.status.value == "feasible"


def test_job_types_split_their_users_weight():
    """User a (weight 2) has job types x, y -> rows of weight 1 each; user b (weight 1) one row.
    c = (3, 6): each row gets (1, 2); user a (2, 4), user b (1, 2).
    Row efficiencies: a.x 1 + 2*2 = 5, a.y 1 + 3*2 = 7, b 1 + 4*2 = 9; users (12, 9)."""
    inst = parse({"problem": "oef", "gpu_types": [{"name": "s", "count": 3},
                                                  {"name": "f", "count": 6}],
                  "users": [{"name": "a", "weight": 2,
                             "job_types": [{"name": "x", "speedup": [1, 2]},
                                           {"name": "y", "speedup": [1, 3]}]},
                            {"name": "b", "speedup": [1, 4]}]})
    res = ds.run(inst, "max-min")
    assert flat(r["allocation"] for r in res.solution["rows"]) == pytest.approx(
        [1, 2, 1, 2, 1, 2], abs=ATOL)
    assert [r["weight"] for r in res.solution["rows"]] == [1, 1, 1]
    assert [r["efficiency"] for r in res.solution["rows"]] == pytest.approx([5, 7, 9], abs=ATOL)
    assert flat(res.solution["allocation"]) == pytest.approx([2, 4, 1, 2], abs=ATOL)
    assert res.solution["efficiency"] == pytest.approx([12, 9], abs=ATOL)


def test_fractional_device_counts():
    """Three equal users on c = (1.5, 0.75): each gets (1/2, 1/4)."""
    res = ds.run(make([[1, 2], [1, 3], [1, 5]], [1.5, 0.75]), "max-min")
    assert flat(res.solution["allocation"]) == pytest.approx([0.5, 0.25] * 3, abs=ATOL)
