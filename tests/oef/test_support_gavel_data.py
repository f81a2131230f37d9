"""Gavel-derived OEF instances: committed files load, are valid, and are reproducible."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import dlsched as ds
from dlsched.oef.support.gavel_data import SPECS, instance_dict, load_throughputs

INSTANCES = Path(__file__).resolve().parents[2] / "instances" / "oef"
GAVEL = [INSTANCES / f"{spec.name}.json" for spec in SPECS]


@pytest.mark.parametrize("path", GAVEL, ids=lambda p: p.stem)
def test_committed_gavel_instance_is_valid(path: Path) -> None:
    inst = ds.load(path)
    assert [g.name for g in inst.gpu_types] == ["k80", "p100", "v100"]
    assert np.allclose(inst.rows.W[:, 0], 1.0)
    prov = inst.provenance
    for key in ("repository", "commit", "file", "license", "selection", "command"):
        assert prov[key]
    assert prov["commit"] == "c4fa40097339e9608ab71fd64c8bdea96a5e4a4c"
    assert inst.fairness == "none"  # made by scripts/make_oef_instances.py: capacity only
    res = ds.solve(inst)
    assert res.method == "oef-efficiency" and res.ok and ds.check(inst, res) == []
    nc = inst.with_fairness("noncooperative")
    res = ds.solve(nc)
    assert res.method == "oef-noncooperative" and res.ok and ds.check(nc, res) == []


def test_known_speedups_from_the_data() -> None:
    # ratios read off throughputs_isolated.csv by hand (3 decimals): A3C p100/k80 = 1.652,
    # v100/k80 = 2.087; Recommendation (batch size 1024) is slower on V100 (0.662)
    inst = ds.load(INSTANCES / "gavel-all.json")
    W = dict(zip([u.name for u in inst.users], inst.rows.W, strict=True))
    assert len(W) == 26
    assert np.allclose(W["A3C"], [1, 1.652, 2.087], atol=5e-4)
    assert W["Recommendation (batch size 1024)"][2] == pytest.approx(0.662, abs=5e-4)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_committed_files_are_reproduced_by_the_script_function(spec) -> None:
    committed = json.loads((INSTANCES / f"{spec.name}.json").read_text())
    assert instance_dict(spec) == committed


def test_data_dir_from_env_skips_zero_and_incomplete_rows(tmp_path, monkeypatch) -> None:
    d = tmp_path / "gavel_throughputs"
    d.mkdir()
    (d / "throughputs_isolated.csv").write_text(
        "gpu_type,placement,job_type,model,batch_size,num_gpus,throughput_steps_per_s\n"
        "k80,consolidated,A,A,,1,2.0\np100,consolidated,A,A,,1,4.0\nv100,consolidated,A,A,,1,5.0\n"
        "k80,consolidated,B,B,,1,0.0\np100,consolidated,B,B,,1,1.0\nv100,consolidated,B,B,,1,1.0\n"
        "k80,consolidated,C,C,,2,1.0\nk80,unconsolidated,A,A,,1,9.0\n"
    )
    monkeypatch.setenv("DLSCHED_DATA", str(tmp_path))
    assert load_throughputs() == {"A": (2.0, 4.0, 5.0)}


def test_every_instance_file_is_listed_in_the_readme() -> None:
    readme = (INSTANCES / "README.md").read_text()
    missing = [p.name for p in INSTANCES.glob("*.json") if f"`{p.name}`" not in readme]
    assert missing == []
