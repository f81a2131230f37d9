"""LTGF instance schema: round trip, quotas (6), one clear error per bad field."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import copy
import json
from fractions import Fraction

import pytest

from dlsched.core import InputError
from dlsched.ltgf import FIG6, dump, parse

BASE = {
    "problem": "ltgf",
    "schema_version": 1,
    "name": "x",
    "cluster": {"nodes": 2, "gpus_per_node": 8},
    "lease": 900,
    "tick": 10,
    "tenants": [{"name": "a", "weight": 1}, {"name": "b", "weight": 2}],
    "jobs": [{"name": "j1", "tenant": "a", "submit": 0, "gpus": 8, "duration": 3600, "weight": 1}],
}


def test_round_trip_and_quota():
    inst = parse(BASE)
    assert parse(dump(inst)) == inst
    assert inst.quota_fractions == (Fraction(16, 3), Fraction(32, 3))
    assert inst.cold_start == 30 and inst.checkpoint == 0  # notes §2 defaults


def test_quota_tenants_keep_their_quota():
    d = copy.deepcopy(BASE)
    d["tenants"] = [{"name": "a", "quota": 4}, {"name": "b", "quota": 12}]
    assert list(parse(d).quota) == [4.0, 12.0]


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("jobs", 0, "tenant"), "zz", "jobs[0].tenant"),
        (("jobs", 0, "gpus"), 17, "jobs[0].gpus"),
        (("jobs", 0, "duration"), 0, "jobs[0].duration"),
        (("cluster", "nodes"), 0, "cluster.nodes"),
        (("tenants", 0), {"name": "a", "weight": 1, "quota": 3}, "tenants[0]"),
        (("tenants", 1), {"name": "b", "quota": 3}, "tenants"),
        (("lease",), 20, "lease"),
    ],
)
def test_bad_field_named(path, value, field):
    d = copy.deepcopy(BASE)
    tgt = d
    for p in path[:-1]:
        tgt = tgt[p]
    tgt[path[-1]] = value
    with pytest.raises(InputError) as e:
        parse(d)
    assert e.value.field == field


def test_fig6_demo_parses():
    inst = parse(json.loads(FIG6))
    assert inst.gpus == 6 and inst.n_jobs == 3
