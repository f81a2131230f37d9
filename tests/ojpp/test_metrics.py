"""Harness metrics of notes §3/§8 on the golden optimum (values computed by hand)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.ojpp.metrics import job_slowdowns, metrics

from .helpers import golden

# full-OJPP optimum of G-O1: (0,0,1), (0,1,1), (0,2,0), (1,0,0) x 2
SOLUTION = {"devices": [{"C": 1}, {"B": 1, "C": 1}, {"B": 2}, {"A": 1}, {"A": 1}], "used": 5}


def test_job_slowdowns_by_hand():
    inst = golden()
    # A alone: 0. B: (0,1,1) s=0.08, tau=0.03 -> 0.11; (0,2,0) s=0.05, tau=0.09 -> 0.14.
    # C: (0,0,1) 0; (0,1,1) s=0.06 + tau 0.03 = 0.09
    assert job_slowdowns(inst, SOLUTION) == pytest.approx([0.0, 0.14, 0.09])
    assert job_slowdowns(inst, SOLUTION, kappa=0.0) == pytest.approx([0.0, 0.08, 0.06])


def test_metrics_by_hand():
    inst = golden()
    got = metrics(inst, SOLUTION)
    assert got["devices"] == 5
    assert got["resource_saving"] == pytest.approx(1 - 5 / 7)
    assert got["guaranteed_performance"] == pytest.approx(3 / (1 + 1.14 + 1.09))
    assert got["max_slowdown"] == pytest.approx(0.14)


def test_problem_hook_accepts_results():
    inst = golden()
    res = ds.run(inst, "heuristic")
    assert ds.PROBLEMS.get("ojpp").metrics(inst, res)["devices"] == res.objective
