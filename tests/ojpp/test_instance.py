"""Instance parsing: field-naming errors, defaults, units, extra resources, .vbp files."""

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import InputError
from dlsched.ojpp import dump, parse, read_vbp

from .helpers import golden, golden_dict


def test_golden_parses_with_defaults():
    inst = golden()
    assert inst.n_workers == 7 and inst.n_jobs == 3
    assert inst.devices == 7  # default: total workers
    assert inst.limits.collision == 0.1 and inst.limits.balance == 0.1
    # matrix without types is per job, rows = victim
    assert inst.I[0, 1] == 0.25 and inst.I[1, 0] == 0.10


def test_round_trip():
    inst = golden()
    assert parse(dump(inst)) == inst


def test_issue_example_with_types():
    data = {
        "problem": "ojpp", "schema_version": 1, "name": "x", "devices": 40,
        "jobs": [
            {"name": "A", "workers": 2, "compute": 0.5, "mem_base": 0.3, "mem_burst": 0.62,
             "burst_prob": 0.2, "type": "resnet", "migration_cost": 1.0},
            {"name": "B", "workers": 1, "compute": 0.2, "type": "vgg"},
        ],
        "interference": {"model": "additive", "types": ["resnet", "vgg"],
                         "matrix": [[0.15, 0.25], [0.10, 0.05]]},
        "limits": {"collision": 0.1, "interference": 0.2, "balance": 0.1},
    }
    inst = parse(data)
    assert inst.devices == 40
    assert inst.I.tolist() == [[0.15, 0.25], [0.10, 0.05]]
    assert parse(dump(inst)) == inst


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d["jobs"][1].update(workers=0), "jobs[1].workers"),
        (lambda d: d["jobs"][0].update(burst_prob=1.0), "jobs[0].burst_prob"),
        (lambda d: d["jobs"][2].update(compute=1.5), "jobs[2].compute"),
        (lambda d: d["jobs"][0].update(mem_burst=0.8), "jobs[0].mem_burst"),
        (lambda d: d["jobs"][1].update(name="A"), "jobs[1].name"),
        (lambda d: d["jobs"][0].update(colour="red"), "jobs[0].colour"),
        (lambda d: d["interference"].update(matrix=[[0.1, 0.2], [0.1, 0.2]]),
         "interference.matrix"),
        (lambda d: d["interference"]["matrix"][1].__setitem__(2, -0.1),
         "interference.matrix[1][2]"),
        (lambda d: d["limits"].update(collision=-0.1), "limits.collision"),
        (lambda d: d.update(devices=0), "devices"),
        (lambda d: d.update(problem="oef"), "problem"),
        (lambda d: d["jobs"][0].update(resources={"cpu": 0.1}), "jobs[0].resources.cpu"),
        (lambda d: d.update(device_capacity={"memory": 0}), "device_capacity.memory"),
        (lambda d: d["interference"].update(model="mean"), "interference.model"),
    ],
)
def test_errors_name_the_field(mutate, field):
    data = golden_dict()
    mutate(data)
    with pytest.raises(InputError) as err:
        parse(data)
    assert err.value.field == field


def test_type_errors_name_the_job():
    data = golden_dict()
    data["interference"]["types"] = ["a", "b", "c"]
    with pytest.raises(InputError) as err:
        parse(data)
    assert err.value.field == "jobs[0].type"
    for j, t in zip(data["jobs"], ["a", "b", "zz"], strict=True):
        j["type"] = t
    with pytest.raises(InputError) as err:
        parse(data)
    assert err.value.field == "jobs[2].type"


def test_integer_units_and_extra_resources():
    data = {
        "problem": "ojpp",
        "device_capacity": {"compute": 100, "memory": 11264, "cpu": 16},
        "jobs": [
            {"name": "a", "workers": 3, "compute": 30, "mem_base": 2048, "resources": {"cpu": 6}},
            {"name": "b", "workers": 2, "compute": 40, "mem_base": 4096},
        ],
    }
    inst = parse(data)
    assert inst.dims == ("compute", "memory", "cpu")
    assert inst.demand.tolist() == [[30, 2048, 6], [40, 4096, 0]]
    assert inst.is_vector_packing
    # cpu: 3 workers of a need 18 > 16, so a single device cannot take all of a
    assert ds.check(inst, {"devices": [{"a": 3}, {"b": 2}]}) == [
        "device 0: cpu 18 > capacity 16"
    ]
    assert parse(dump(inst)) == inst


def _write(tmp_path, text, name="x.vbp"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_read_vbp_2d_and_3d(tmp_path):
    inst = read_vbp(_write(tmp_path, "2\n10 8\n3\n6 2 2\n4 4 1\n3 3 0\n"))
    assert inst.dims == ("compute", "memory")
    assert inst.cap.tolist() == [10, 8]
    assert [j.workers for j in inst.jobs] == [2, 1]  # demand-0 item type dropped
    assert inst.demand.tolist() == [[6, 2], [4, 4]]
    inst3 = read_vbp(_write(tmp_path, "3 10 10 5 2 5 5 3 2 4 4 1 3", "y.vbp"))
    assert inst3.dims == ("compute", "memory", "r2")
    assert inst3.demand.tolist() == [[5, 5, 3], [4, 4, 1]]
    assert inst3.omega.tolist() == [2, 3]
    inst1 = read_vbp(_write(tmp_path, "1\n10\n2\n7 1\n3 2\n", "z.vbp"))
    assert inst1.demand[:, 0].tolist() == [7, 3]


@pytest.mark.parametrize(
    ("text", "reason"),
    [("2\n10 8\n2\n6 2 2\n", "file ends early"), ("2 10 8 1 6 x 2", "integers only"),
     ("2 10 8 1 6 2 2 9", "trailing"), ("2 10 8 1 11 2 2", "exceeds")],
)
def test_read_vbp_errors(tmp_path, text, reason):
    with pytest.raises(InputError) as err:
        read_vbp(_write(tmp_path, text))
    assert reason in str(err.value)


def test_lower_bound_volume():
    inst = golden()
    # compute 2*0.5 + 3*0.3 + 2*0.2 = 2.3 -> 3 ; memory bases 0.6 + 0.6 + 0.2 = 1.4 -> 2
    assert inst.lower_bound() == 3
    assert np.isclose(inst.demand[:, 0] @ inst.omega, 2.3)
