"""The vectorised placement makes exactly the choices of the slow notes-reading reference."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest
from hypothesis import given, settings

import dlsched as ds
from dlsched.ojpp.support.placement import VARIANTS
from dlsched.ojpp.support.state import Rules

from .reference import as_names, reference_run
from .strategies import tiny_instances


def _same(inst, name, **params):
    var = VARIANTS[name]
    rules = var.rules
    if "memory" in params:
        r = rules
        rules = Rules(r.collision, r.interference, r.balance, params["memory"], r.select)
    ref_params = {k: v for k, v in params.items() if k != "memory"}
    expected = as_names(inst, reference_run(inst, rules, var.order, **ref_params))
    got = ds.run(inst, name, **params).solution["devices"]
    assert got == expected, name


@settings(max_examples=30)
@given(tiny_instances(max_workers=8))
def test_tiny_instances_match_reference(inst):
    for name in VARIANTS:
        _same(inst, name)
    _same(inst, "heuristic", literal_order=True, self_collision=True)
    _same(inst, "best-fit", memory="peak")


@pytest.mark.parametrize("workload", ["mixed", "i-high"])
@pytest.mark.parametrize("name", ["greedy", "heuristic", "b-greedy", "best-fit"])
def test_small_generated_match_reference(workload, name):
    inst = ds.generate("ojpp", workload=workload, n_jobs=8, max_workers=4, seed=11)
    _same(inst, name)
