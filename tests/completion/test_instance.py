"""Instance schema, units, round trip and one clear error per bad field; the Philly instances."""

from __future__ import annotations

import copy

import pytest

import dlsched as ds
from dlsched.completion import parse
from dlsched.completion.instance import dump

ISSUE_EXAMPLE = {
    "problem": "completion", "schema_version": 1, "name": "issue", "architecture": "ps",
    "horizon": 150,
    "servers": [{"name": "h1", "capacity": {"gpu": 4, "cpu": 32, "bandwidth": 10}}],
    "worker_types": [{"name": "m1", "demand": {"gpu": 1, "cpu": 4}, "bandwidth": 1.0}],
    "ps_types": [{"name": "p1", "demand": {"cpu": 4}, "bandwidth": 10.0}],
    "jobs": [{"name": "j1", "arrival": 1, "weight": 300, "epochs": 60, "chunks": 20,
              "minibatches_per_chunk": 30, "minibatch_time": {"m1": 0.01},
              "update_time": {"p1": 0.002}, "gradient_size": 0.1}],
}


def test_issue_example_parses_and_round_trips() -> None:
    inst = parse(ISSUE_EXAMPLE)
    assert inst.resources == ("gpu", "cpu", "bandwidth")
    assert list(inst.worker_demand[0]) == [1, 4, 1.0]  # bandwidth demand = b_m
    assert inst.workload[0] == 60 * 20 * 30
    again = parse(dump(inst))
    assert dump(again) == dump(inst)


@pytest.mark.parametrize(("path", "value", "field"), [
    (("jobs", 0, "chunks"), 0, "jobs[0].chunks"),
    (("jobs", 0, "minibatch_time"), {"zz": 1.0}, "jobs[0].minibatch_time.zz"),
    (("jobs", 0, "update_time"), 0.5, "jobs[0].update_time"),
    (("worker_types", 0, "demand"), {"tpu": 1}, "worker_types[0].demand.tpu"),
    (("architecture",), "mesh", "architecture"),
    (("jobs", 0, "arrival"), 151, "jobs[0].arrival"),
])
def test_bad_input_names_the_field(path: tuple, value: object, field: str) -> None:
    data = copy.deepcopy(ISSUE_EXAMPLE)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ds.InputError) as err:
        parse(data)
    assert err.value.field == field


def test_ring_without_ps_types() -> None:
    data = copy.deepcopy(ISSUE_EXAMPLE)
    data["architecture"] = "ring"
    del data["ps_types"]
    data["jobs"][0]["update_time"] = 0.002
    assert parse(data).ring


ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
INST = ROOT / "instances" / "completion"


@pytest.mark.parametrize("arch", ["ring", "ps"])
def test_philly_instances_reproduce(arch: str) -> None:
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("completion_build", INST / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    committed = json.loads((INST / f"philly-ee9e8c-{arch}.json").read_text())
    inst = parse(committed)
    assert inst.n_jobs == 30 and ds.check(inst, ds.run(inst, "fifo")) == []
    assert build.DATA.is_file(), "vendored Philly data missing"  # fail, never skip
    assert build.philly(arch) == committed
