"""Real-data OJPP instances: the shipped Gavel matrix and instances load, validate, and are
reproduced from the vendored Gavel data (src/dlsched/data/gavel_throughputs)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import dlsched as ds
from dlsched.ojpp.support.gavel_data import data_dir, slowdown_matrix

ROOT = Path(__file__).resolve().parents[2]
OJPP = ROOT / "instances" / "ojpp"


def test_shipped_instances_load_and_heuristic_validates():
    files = sorted(OJPP.glob("*-n20-*.json"))
    assert len(files) == 10
    for f in files:
        inst = ds.load(f)
        res = ds.run(inst, "heuristic")
        assert res.ok and ds.check(inst, res) == []


def test_gavel_matrix_is_slowdown_of_isolated_over_colocated():
    data = json.loads((OJPP / "gavel-v100-slowdowns.json").read_text())
    types, M = data["types"], np.array(data["matrix"])
    assert M.shape == (len(types), len(types)) and (M >= 0).all()
    idx = {t: i for i, t in enumerate(types)}
    for a, b, s in data["pairs"][:50]:
        assert M[idx[a], idx[b]] == pytest.approx(max(s, 0.0), abs=1e-6)


def test_matrix_reproduces_from_the_raw_csv():
    import csv

    types, S, _ = slowdown_matrix("v100")
    data = json.loads((OJPP / "gavel-v100-slowdowns.json").read_text())
    assert types == data["types"] and np.allclose(S, data["matrix"], atol=1e-6)
    # one pair by hand from the two CSV files: ResNet-18 bs 32 next to LM bs 20 on a V100
    d = data_dir()
    a, b = "ResNet-18 (batch size 32)", "LM (batch size 20)"
    with open(d / "throughputs_isolated.csv", newline="") as f:
        iso = next(float(r["throughput_steps_per_s"]) for r in csv.DictReader(f)
                   if (r["gpu_type"], r["placement"], r["job_type"], r["num_gpus"])
                   == ("v100", "consolidated", a, "1"))
    with open(d / "throughputs_colocated_pairs.csv", newline="") as f:
        co = next(float(r["throughput_a_steps_per_s"]) for r in csv.DictReader(f)
                  if (r["gpu_type"], r["placement"], r["job_type_a"], r["num_gpus_a"],
                      r["job_type_b"], r["num_gpus_b"]) == ("v100", "consolidated", a, "1", b, "1"))
    assert S[types.index(a), types.index(b)] == pytest.approx(max(iso / co - 1, 0.0))
