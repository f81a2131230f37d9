"""Golden G-O2 (spec ojpp.md §10): on vendored bin-packing instances (OJPP reduced to plain
vector packing) every exact model returns the published optimum (instances/ojpp/vbp, fixture
known_optima.json with provenance).

Solving 120-item instances is slow on 2 cores (measured 2026-11-22, shared machine: patterns by
column generation 37-48 s each; CP-SAT 4 s on u120_01, 14 s on u120_02, but 49 vs 48 after 120 s
on u120_00_2d; compact 49 = optimum on u120_01 only at the 300 s limit), so the full three-model
check runs only with ``DLSCHED_OJPP_GOLDEN_FULL=1``; the default run checks the fixture against
the instances (bounds, heuristic) and solves u120_01 with CP-SAT. For these instances the optimum
equals the volume bound, so finding an optimal packing also proves it.

The 60-item Falkenauer triplets (optimum n/3 = 20 by construction) are the smallest published
instances vendored: the pattern model proves them in seconds and runs by default on two of
them; CP-SAT and the compact MILP stop at 21 (bound 20) on them within a minute, so they are
checked only in the opt-in run (G-O2 is therefore met by ojpp-patterns only in the default run).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.ojpp import read_vbp

VBP = Path(__file__).resolve().parents[2] / "instances" / "ojpp" / "vbp"
KNOWN = json.loads((VBP / "known_optima.json").read_text())["instances"]
FULL = os.environ.get("DLSCHED_OJPP_GOLDEN_FULL") == "1"


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_fixture_is_consistent_with_the_instances(name):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    assert inst.is_vector_packing
    assert len(inst.dims) == max(2, KNOWN[name]["dimensions"])
    opt = KNOWN[name]["optimum"]
    assert inst.lower_bound() <= opt
    heur = ds.run(inst, "best-fit")
    assert ds.check(inst, heur) == [] and heur.objective >= opt


@pytest.mark.slow
def test_cpsat_proves_a_published_optimum():
    inst = read_vbp(VBP / "u120_01.vbp")
    res = ds.solve(inst, model="ojpp-cpsat", time_limit=60)
    assert res.status in (ds.Status.OPTIMAL, ds.Status.TIME_LIMIT)
    assert res.bound <= KNOWN["u120_01"]["optimum"] <= res.objective  # never contradicts
    if res.status is ds.Status.OPTIMAL:
        assert res.objective == KNOWN["u120_01"]["optimum"]
    assert ds.check(inst, res) == []


@pytest.mark.parametrize("name", ["t60_00", "t60_02"])
def test_patterns_prove_the_triplet_optimum(name):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    res = ds.solve(inst, model="ojpp-patterns", time_limit=60)
    assert res.status is ds.Status.OPTIMAL, res.summary()
    assert res.objective == KNOWN[name]["optimum"] == 20  # n / 3 by construction
    assert res.stats["columns_mode"] == "enumerated"
    assert ds.check(inst, res) == []


@pytest.mark.skipif(not FULL, reason="set DLSCHED_OJPP_GOLDEN_FULL=1 (minutes)")
@pytest.mark.parametrize("model,params", [
    ("ojpp-patterns", {"columns": "generate"}), ("ojpp-cpsat", {}), ("ojpp-compact", {}),
])
@pytest.mark.parametrize("name", sorted(KNOWN))
def test_every_model_returns_the_published_optimum(name, model, params):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    res = ds.solve(inst, model=model, time_limit=300, **params)
    assert res.status is ds.Status.OPTIMAL, (name, model, res.summary())
    assert res.objective == KNOWN[name]["optimum"]
    assert ds.check(inst, res) == []
