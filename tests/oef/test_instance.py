"""OEF instances: parse / dump, virtual rows, and refusals that name the field (notes §1, §3)."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import json

import numpy as np
import pytest

from dlsched.core import InputError
from dlsched.oef import dump, make, parse
from dlsched.oef.paper import PAPER_TOY, paper_toy
from tests.oef.common import load

GPUS = [{"name": "slow", "count": 2}, {"name": "fast", "count": 1.5}]


def inst_of(users, gpus=GPUS):
    return parse({"problem": "oef", "gpu_types": gpus, "users": users})


def test_throughput_rows_are_normalised_by_the_first_type():
    """Throughput (4, 10) steps/s -> speedup (1, 10/4)."""
    inst = inst_of([{"name": "a", "throughput": [4, 10]}])
    assert inst.users[0].job_types[0].speedup == (1.0, 2.5)
    assert inst.capacity.tolist() == [2.0, 1.5]


def test_virtual_rows_split_the_users_weight_over_its_job_types():
    """User a (weight 3) with job types x, y -> two rows of weight 3/2; user b one row of 1."""
    inst = inst_of([{"name": "a", "weight": 3, "job_types": [
        {"name": "x", "speedup": [1, 2]}, {"name": "y", "speedup": [1, 5], "min_demand": 2}]},
        {"name": "b", "speedup": [1, 3]}])
    assert inst.rows.labels == (("a", "x"), ("a", "y"), ("b", "b"))
    assert inst.rows.weight.tolist() == [1.5, 1.5, 1.0]
    assert inst.rows.owner.tolist() == [0, 0, 1]
    np.testing.assert_array_equal(inst.rows.W, [[1, 2], [1, 5], [1, 3]])
    assert inst.size() == {"users": 2, "types": 2, "rows": 3}


def test_dump_parse_round_trip():
    inst = inst_of([{"name": "a", "weight": 2, "job_types": [
        {"name": "x", "speedup": [1, 2], "min_demand": 2}, {"name": "y", "speedup": [1, 4]}]},
        {"name": "b", "speedup": [1, 3], "min_demand": 3}])
    data = dump(inst)
    assert parse(json.loads(json.dumps(data))) == inst
    assert data["users"][1] == {"name": "b", "speedup": [1.0, 3.0], "min_demand": 3}


@pytest.mark.parametrize(("users", "gpus", "field"), [
    ([{"name": "a", "speedup": [2, 3]}], GPUS, "users[0].speedup[0]"),
    ([{"name": "a", "speedup": [1, 0]}], GPUS, "users[0].speedup[1]"),
    ([{"name": "a", "speedup": [1, 2, 3]}], GPUS, "users[0].speedup"),
    ([{"name": "a", "weight": 0, "speedup": [1, 2]}], GPUS, "users[0].weight"),
    ([{"name": "a", "speedup": [1, 2]}, {"name": "a", "speedup": [1, 3]}], GPUS,
     "users[1].name"),
    ([{"name": "a", "job_types": []}], GPUS, "users[0].job_types"),
    ([{"name": "a", "speedup": [1, 2]}], [{"name": "s", "count": 1}, {"name": "f", "count": 0}],
     "gpu_types[1].count"),
    ([{"name": "a", "job_types": [{"name": "x", "throughput": [1, -1]}]}], GPUS,
     "users[0].job_types[0].throughput[1]"),
])
def test_bad_instances_name_the_field(users, gpus, field):
    with pytest.raises(InputError) as err:
        inst_of(users, gpus)
    assert err.value.field == field


def test_make_builds_the_same_instance_as_a_file():
    """The paper's toy W_1 (notes §9): speedups 2, 3, 4 on one GPU of each type."""
    assert paper_toy().rows.W.tolist() == [[1, 2], [1, 3], [1, 4]]
    assert paper_toy().capacity.tolist() == [1, 1]
    assert json.loads(PAPER_TOY)["name"] == "paper-w1"
    assert make([[1, 2], [1, 3], [1, 4]]).rows.W.tolist() == load("paper-w1").rows.W.tolist()
