"""Instance schema: the issue's example, the rate alternative, Eq. (1) units, round trip and
one clear error per bad field."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import copy

import pytest

import dlsched as ds
from dlsched.revenue.instance import parse, rates_from_timing
from dlsched.revenue.paper import worked_example

ISSUE = {"problem": "revenue", "schema_version": 1, "name": "issue", "horizon": 64,
         "bandwidth": {"worker": 1, "ps": 1},
         "tenants": [{"name": "u1", "quota": {"workers": 2, "ps": 1}}],
         "servers": [{"name": "s1", "workers": 2, "ps": 1}],
         "jobs": [{"name": "j11", "tenant": "u1", "arrival": 3, "epochs": 2, "chunks": 2,
                   "minibatches": 1, "minibatch_time": 0.01, "update_time": 0.01,
                   "gradient_size": 0.1,
                   "utility": {"kind": "linear", "slope": -2, "intercept": 100}}]}


def test_issue_example_and_eq1_units():
    inst = parse(ISSUE)
    nc, nd = rates_from_timing(0.01, 0.01, 0.1, 1)
    assert nc == pytest.approx(1 / (0.01 + 0.01 / 3.6e6))
    assert nd == pytest.approx(1 / (0.01 + 0.01 / 3.6e6 + 1.6 / 3600))
    assert inst.duration(0, "C", 2) == 1  # 4 mini-batches at ~100 per worker-hour
    assert parse(ds.PROBLEMS.get("revenue").dump(inst)).rate_c[0] == pytest.approx(nc)


def test_round_trip_and_durations():
    inst = parse(worked_example())
    again = parse(ds.PROBLEMS.get("revenue").dump(inst))
    assert ds.PROBLEMS.get("revenue").dump(again) == ds.PROBLEMS.get("revenue").dump(inst)
    # notes §4 table: d(C,2), d(D,2), d(D,3)
    assert [inst.duration(1, "C", 2), inst.duration(1, "D", 2), inst.duration(1, "D", 3)] \
        == [3, 6, 4]
    assert [inst.duration(3, "C", 2), inst.duration(3, "D", 2), inst.duration(3, "D", 3)] \
        == [30, 60, 40]


def test_convex_utility():
    data = copy.deepcopy(ISSUE)
    data["jobs"][0]["utility"] = {"kind": "convex", "e": 100, "kappa": 2}
    inst = parse(data)
    assert inst.f(0, 5) == pytest.approx(400)


@pytest.mark.parametrize(("path", "value", "field"), [
    (("jobs", 0, "tenant"), "nobody", "jobs[0].tenant"),
    (("jobs", 0, "rate"), {"centralized": 1, "distributed": 0.5}, "jobs[0].rate"),
    (("jobs", 0, "utility"), {"kind": "linear", "slope": -1}, "jobs[0].utility"),
    (("jobs", 0, "utility"), {"kind": "convex", "e": 1}, "jobs[0].utility"),
    (("jobs", 0, "epochs"), 0, "jobs[0].epochs"),
    (("tenants", 0, "quota", "workers"), 3, "tenants"),
    (("servers", 0, "owner"), "u9", "servers[0].owner"),
    (("bandwidth", "ps"), 0, "bandwidth.ps"),
    (("problem",), "oef", "problem"),
])
def test_bad_input_names_the_field(path, value, field):
    data = copy.deepcopy(ISSUE)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ds.InputError) as err:
        parse(data)
    assert err.value.field == field


def test_missing_timing_field():
    data = copy.deepcopy(ISSUE)
    del data["jobs"][0]["update_time"]
    with pytest.raises(ds.InputError) as err:
        parse(data)
    assert err.value.field == "jobs[0].update_time"


@pytest.mark.parametrize(("jobs_per_vc", "scale", "seed"), [(2, "small", 0), (4, "paper", 1)])
def test_philly_instances_reproduce_from_the_vendored_data(jobs_per_vc, scale, seed) -> None:
    """instances/revenue/build_philly.py rebuilds the committed files from src/dlsched/data."""
    import importlib.util
    import json
    from pathlib import Path

    inst_dir = Path(__file__).resolve().parents[2] / "instances" / "revenue"
    spec = importlib.util.spec_from_file_location("build_philly", inst_dir / "build_philly.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    data = build.build(jobs_per_vc, seed, scale=scale)
    committed = json.loads((inst_dir / f"{data['name']}.json").read_text(encoding="utf-8"))
    assert data == committed
