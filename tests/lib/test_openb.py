"""The ojpp/openb library set (Alibaba's GPU-sharing trace openb): vendored data intact, the
builder rebuilds the stored instances, every record validates, and three optima re-proven by an
independent cutting-stock program (own pattern enumeration + scipy's MILP) on the raw files."""

from __future__ import annotations

import copy
import csv
import hashlib
import importlib.util
import math
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import dlsched as ds
from dlsched.core.errors import InputError
from dlsched.core.io import read_json, to_dict

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "dlsched" / "data" / "alibaba_openb"
SET = ROOT / "instances" / "lib" / "ojpp" / "openb"
EXTRA = ("cpu_milli", "host_memory_mib")


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _rows() -> list[dict[str, str]]:
    with (SET / "index.csv").open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _raw(name: str) -> dict[str, Any]:
    return read_json(SET / name)  # plain or .json.gz (big records are stored compressed)


def _pods() -> list[dict[str, str]]:
    with (DATA / "openb_gpushare_pods.csv").open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# ---- vendored data -------------------------------------------------------------------------
def test_vendored_files_match_their_provenance_sha256() -> None:
    text = (DATA / "PROVENANCE.md").read_text(encoding="utf-8")
    vendored = text.split("## Vendored files")[1].split("## What was cut")[0]
    stated = dict(re.findall(r"\| `([\w.]+\.csv)` \| [\d,]+ \| `([0-9a-f]{64})` \|", vendored))
    on_disk = {p.name for p in DATA.glob("*.csv")}
    assert set(stated) == on_disk == {"openb_gpushare_pods.csv", "openb_node_list_gpu_node.csv"}
    for name, digest in stated.items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name
    # the node list is the original byte for byte: its digest is the original's
    originals = text.split("## Originals")[1].split("## Vendored files")[0]
    assert stated["openb_node_list_gpu_node.csv"] in originals


def test_vendored_slice_is_what_provenance_says() -> None:
    rows = _pods()
    assert len(rows) == 3078  # the trace's GPU-sharing tasks (PROVENANCE: 3,078 of 8,152)
    assert all(0 < int(r["gpu_milli"]) < 1000 for r in rows)
    times = [int(r["creation_time"]) for r in rows]
    assert times == sorted(times)
    # the per-GPU share of a G2 node, read here from the node list without the builder
    with (DATA / "openb_node_list_gpu_node.csv").open(newline="", encoding="utf-8") as fh:
        g2 = [r for r in csv.DictReader(fh) if r["model"] == "G2"]
    assert len(g2) == 549
    assert {(r["gpu"], r["cpu_milli"], r["memory_mib"]) for r in g2} == {("8", "96000", "393216")}
    # the reading's premise: every task fits one GPU's share (96000 / 8, 393216 / 8)
    assert max(int(r["cpu_milli"]) for r in rows) <= 12000
    assert max(int(r["memory_mib"]) for r in rows) <= 49152


# ---- builder -------------------------------------------------------------------------------
def test_builder_rebuilds_the_stored_instances_exactly() -> None:
    made = _script("lib_sources").ojpp_openb()
    rows = _rows()
    assert len(rows) >= 10
    assert [prov for _, prov in made] == [r["provenance"] for r in rows]
    for (inst, _), row in zip(made, rows, strict=True):
        assert to_dict(ds.load(SET / row["file"])) == to_dict(inst), row["id"]


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["id"])
def test_instance_is_its_window_of_the_csv(row: dict[str, str]) -> None:
    """The instance's workers are the CSV rows of its window (summed per column straight from
    the vendored file, not through the builder), with no GPU memory and no side limits."""
    start, n = map(int, re.search(r"window\((\d+), (\d+)\)", row["provenance"]).groups())
    sel = _pods()[start:start + n]
    assert len(sel) == n
    raw = _raw(row["file"])
    jobs = raw["jobs"]
    assert sum(j["workers"] for j in jobs) == n
    assert sum(j["workers"] * j["compute"] for j in jobs) == sum(int(r["gpu_milli"]) for r in sel)
    for key, col in zip(EXTRA, ("cpu_milli", "memory_mib"), strict=True):
        assert (sum(j["workers"] * j["resources"][key] for j in jobs)
                == sum(int(r[col]) for r in sel))
    assert all(j["mem_base"] == j["mem_burst"] == j["burst_prob"] == 0 for j in jobs)
    assert raw.get("interference") is None
    assert all(v is None for v in raw.get("limits", {}).values())
    assert raw["device_capacity"] == {"compute": 1000, "memory": 1, "cpu_milli": 12000,
                                      "host_memory_mib": 49152}


def test_window_refuses_bad_input_naming_the_field() -> None:
    ob = _script("openb_ojpp")
    for call, field in ((lambda: ob.window_data(3078, 1), "start"),
                        (lambda: ob.window_data(3000, 79), "n"),
                        (lambda: ob.gpu_share("H100"), "model")):
        with pytest.raises(InputError) as err:
            call()
        assert err.value.field == field
    assert ob.window_data(3000, 78)["jobs"]  # the last task is inside


# ---- records -------------------------------------------------------------------------------
@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["id"])
def test_every_record_validates(row: dict[str, str]) -> None:
    inst = ds.load(SET / row["file"])
    res = ds.load(SET / row["solution_file"])
    assert ds.check(inst, res) == []
    assert res.objective == float(row["best_known"]) == len(res.solution.devices)
    assert row["status"] == "optimal" and float(row["bound"]) == float(row["best_known"])


def _solution(row: dict[str, str]) -> dict[str, Any]:
    return _raw(row["solution_file"])["solution"]


def test_a_device_over_its_cpu_share_by_152_milli_fails() -> None:
    """Boundary: the stored packing has devices at exactly 12,000 milli-CPU (valid); swapping one
    4,000-CPU worker there for a 4,152-CPU one (compute and memory still fit) must fail."""
    row = _rows()[0]
    inst, sol = ds.load(SET / row["file"]), _solution(row)
    jobs = {j["name"]: j for j in _raw(row["file"])["jobs"]}

    def load(dev: dict[str, int], key: str) -> float:
        return sum(jobs[k]["resources"][key] * v for k, v in dev.items())

    full = next(i for i, d in enumerate(sol["devices"])
                if load(d, "cpu_milli") == 12000 and "g470-c8000-m30517" in d
                and any(jobs[k]["resources"]["cpu_milli"] == 4000 for k in d))
    assert ds.ojpp.check(inst, sol) == []
    small = next(k for k in sol["devices"][full] if jobs[k]["resources"]["cpu_milli"] == 4000)

    def fits_but_cpu(k: str) -> bool:  # with the g470-c8000-m30517 worker: compute and memory
        j = jobs[k]
        return (j["resources"]["cpu_milli"] == 4152 and j["compute"] <= 530
                and j["resources"]["host_memory_mib"] <= 49152 - 30517)

    other = next(i for i, d in enumerate(sol["devices"]) if any(fits_but_cpu(k) for k in d))
    big = next(k for k in sol["devices"][other] if fits_but_cpu(k))
    bad = copy.deepcopy(sol)
    for dev, out, into in ((bad["devices"][full], small, big), (bad["devices"][other], big, small)):
        dev[out] -= 1
        if dev[out] == 0:
            del dev[out]
        dev[into] = dev.get(into, 0) + 1
    swapped = bad["devices"][full]
    assert load(swapped, "cpu_milli") == 12152
    assert sum(jobs[k]["compute"] * v for k, v in swapped.items()) <= 1000
    assert load(swapped, "host_memory_mib") <= 49152
    why = ds.ojpp.check(inst, bad)
    assert why and any("cpu_milli" in w for w in why), why


def test_one_device_fewer_fails() -> None:
    """Dropping a device (its workers unplaced) must fail: the count is not free."""
    row = _rows()[0]
    inst, sol = ds.load(SET / row["file"]), _solution(row)
    bad = {"devices": sol["devices"][1:], "used": sol["used"] - 1}
    assert ds.ojpp.check(inst, bad)


# ---- independent optimum -------------------------------------------------------------------
def _patterns(jobs: list[dict[str, Any]], cap: dict[str, float]) -> list[tuple[int, ...]]:
    """Every non-empty device content (workers per job, at most the job's workers) within the
    capacity of compute and the extra resources (the instances have no memory, bursts or
    limits): depth-first over jobs."""
    dims = ("compute", *EXTRA)
    need = np.array([[j["compute"], *(j["resources"][k] for k in EXTRA)] for j in jobs])
    top = np.array([cap[d] for d in dims])
    out: list[tuple[int, ...]] = []

    def rec(i: int, used: np.ndarray, counts: tuple[int, ...]) -> None:
        if i == len(jobs):
            if any(counts):
                out.append(counts)
            return
        k = 0
        while k <= jobs[i]["workers"] and np.all(used + k * need[i] <= top):
            rec(i + 1, used + k * need[i], (*counts, k))
            k += 1

    rec(0, np.zeros(len(dims)), ())
    return out


def _cutting_stock_optimum(raw: dict[str, Any]) -> int:
    """min sum x_p s.t. sum_p a_ip x_p >= workers_i, x integer >= 0 (covering is exact: any
    sub-content of a feasible device content is feasible), solved by scipy's HiGHS MILP."""
    from scipy.optimize import Bounds, LinearConstraint, milp

    jobs = raw["jobs"]
    pats = _patterns(jobs, raw["device_capacity"])
    a = np.array(pats, dtype=float).T  # jobs x patterns
    res = milp(np.ones(len(pats)), integrality=np.ones(len(pats)),
               constraints=LinearConstraint(a, lb=[j["workers"] for j in jobs]),
               bounds=Bounds(0, np.inf), options={"mip_rel_gap": 0})
    assert res.status == 0, res.message
    return round(res.fun)


@pytest.mark.parametrize("rid", ["openb-01", "openb-06", "openb-11"])
def test_optimum_reproven_by_an_independent_cutting_stock_milp(rid: str) -> None:
    row = next(r for r in _rows() if r["id"] == rid)
    raw = _raw(row["file"])
    opt = _cutting_stock_optimum(raw)
    assert opt == float(row["best_known"]) == float(row["bound"])
    # the per-dimension volume bound is below it (the optimum is set by pairs that do not fit)
    for key in ("compute", *EXTRA):
        size = [j["compute"] if key == "compute" else j["resources"][key] for j in raw["jobs"]]
        volume = sum(j["workers"] * s for j, s in zip(raw["jobs"], size, strict=True))
        assert math.ceil(volume / raw["device_capacity"][key]) <= opt


def test_cutting_stock_check_on_a_hand_instance() -> None:
    """The independent check itself: 3 jobs whose optimum is known by hand (compute 600 + 400
    fit, 600 + 600 do not; cpu 8000 + 8000 do not): 2 x a(600, 4000), 2 x b(400, 8000),
    1 x c(400, 8000) -> a+b, a+b, c = 3 devices; the volume bound says 3 (2800 / 1000)."""
    raw = {"device_capacity": {"compute": 1000, "cpu_milli": 12000, "host_memory_mib": 100},
           "jobs": [{"name": n, "workers": w, "compute": c,
                     "resources": {"cpu_milli": u, "host_memory_mib": 1}}
                    for n, w, c, u in (("a", 2, 600, 4000), ("b", 2, 400, 8000),
                                       ("c", 1, 400, 8000))]}
    assert _cutting_stock_optimum(raw) == 3
    raw["jobs"][2]["resources"]["cpu_milli"] = 8001  # c fits nobody else either way
    assert _cutting_stock_optimum(raw) == 3
    # a + b now exceeds 12000 milli-CPU; a + a 1200 compute, b + b, b + c and a + c exceed the
    # CPU too: every two workers conflict, 5 devices
    raw["jobs"][0]["resources"]["cpu_milli"] = 4001
    assert _cutting_stock_optimum(raw) == 5
