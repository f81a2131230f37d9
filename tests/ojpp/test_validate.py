"""The validator reports every violation, each naming the device or job (notes §2-§4)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds

from .helpers import golden


def test_optimal_golden_packing_is_feasible():
    inst = golden()
    sol = {"devices": [{"C": 1}, {"B": 1, "C": 1}, {"B": 2}, {"A": 1}, {"A": 1}], "used": 5}
    assert ds.check(inst, sol) == []


def test_each_violation_is_reported():
    inst = golden()
    sol = {"devices": [{"A": 2}, {"B": 3}, {"C": 2}], "used": 4}
    out = ds.check(inst, sol)
    assert "used: says 4, the placement uses 3 devices" in out
    assert any(v.startswith("device 0: memory") for v in out)  # 0.6 + 0.62 > 1
    assert any(v.startswith("device 0: interference 0.15") for v in out) is False  # 0.15 <= 0.2
    assert any(v.startswith("device 1: collision probability 0.216") for v in out)
    # compute A: 1.0 fits exactly; B on one device: 0.9 fits
    assert not any("compute" in v for v in out)


def test_interference_and_balance():
    inst = golden()
    # (0,1,2): B 0.16, C 0.10; (0,2,0): B 0.05 -> B spread 0.11 > 0.1 (row "all but balance")
    sol = {"devices": [{"B": 1, "C": 2}, {"B": 2}, {"A": 1}, {"A": 1}]}
    assert ds.check(inst, sol) == ["job B: slowdown spread 0.11 > 0.1 (8)"]
    # A with B: A's slowdown 0.25 > 0.2 (and memory 0.5 + 0.62 > 1)
    sol = {"devices": [{"A": 1, "B": 1}, {"A": 1}, {"B": 2}, {"C": 2}]}
    out = ds.check(inst, sol)
    assert any(v.startswith("device 0: interference 0.25 > 0.2") for v in out)
    assert any(v.startswith("device 0: memory") for v in out)


def test_assignment_errors():
    inst = golden()
    out = ds.check(inst, {"devices": [{"A": 1, "Z": 1}, {"B": -1}, {"C": 2.5}]})
    assert "devices[0].Z: unknown job" in out
    assert "devices[1].B: count must be a non-negative integer" in out
    assert "devices[2].C: count must be a non-negative integer" in out
    assert "job A: 1 workers placed, expected 2" in out
    assert ds.check(inst, {"placement": []}) == ["devices: missing or not a list"]


def test_device_budget():
    inst = golden(devices=4)
    sol = {"devices": [{"C": 1}, {"B": 1, "C": 1}, {"B": 2}, {"A": 1}, {"A": 1}]}
    assert ds.check(inst, sol) == ["devices: 5 used, only 4 available"]


def test_compute_violation_and_max_model():
    inst = golden()
    out = ds.check(inst, {"devices": [{"B": 3, "C": 1}, {"C": 1}, {"A": 1}, {"A": 1}]})
    assert any(v.startswith("device 0: compute 1.1 > capacity 1") for v in out)
    data_inst = golden(interference={"model": "max", "matrix": [[0.15, 0.25, 0.05],
                                                                [0.10, 0.05, 0.08],
                                                                [0.02, 0.06, 0.04]]})
    # max model: B on (0,1,2) sees max(0.08) = 0.08, B on (0,2,0) 0.05 -> spread 0.03
    sol = {"devices": [{"B": 1, "C": 2}, {"B": 2}, {"A": 1}, {"A": 1}]}
    assert ds.check(data_inst, sol) == []


def test_exact_results_are_rechecked():
    from dlsched.ojpp.solution import checked

    inst = golden()
    stats: dict = {}
    bad = {"devices": [{"A": 2}, {"B": 3}, {"C": 2}]}
    assert checked(inst, ds.Status.OPTIMAL, bad, stats) is ds.Status.ERROR
    assert stats["violations"]
    good = {"devices": [{"C": 1}, {"B": 1, "C": 1}, {"B": 2}, {"A": 1}, {"A": 1}]}
    assert checked(inst, ds.Status.OPTIMAL, good, {}) is ds.Status.OPTIMAL
