"""Golden G-O2 (notes §10): on vendored bin-packing instances (OJPP reduced to plain
vector packing) every exact model returns the published optimum (instances/ojpp/vbp, fixture
known_optima.json with provenance).

Default run (measured 2026-11-22, AMD EPYC, 2 shared cores; benchmarks/ojpp-golden.md): all
ojpp-patterns (enumerated columns, ~5 s) and ojpp-compact (~8 s) prove the optimum 20 of the
Falkenauer triplets t60_00 and t60_02, the compact MILP (top-down MILP for 10 % of the
60 s limit, then the bottom-up feasibility MILP with exactly 20 devices, ~1-2 s); ojpp-cpsat
(device-order symmetry and cardinality rows of ``ojpp.bounds``) proves u120_00_2d (48),
u120_01 (49) and u120_02 (46) in ~1-3 s each. No test passes another
model's solution as a warm start: CP-SAT and the compact MILP start from the Heuristic only.
CP-SAT also proves the triplets, but its time varies with the 2-worker search (15-48 s in the
benchmark, >60 s once in a test run), so the triplets run for CP-SAT only in the opt-in run.

``DLSCHED_OJPP_GOLDEN_FULL=1`` runs every model on every vendored instance with a 60 s limit,
each model with its default settings (the pattern model enumerates the triplets' columns and
generates the u120 ones). Run of 2026-11-22 22:37 UTC, 2 cores, nothing else running: CP-SAT
7/7 (t60 6-27 s, u120 <= 1 s); compact 5/7 (t60 15-19 s, u120_01 19 s, u120_02 54 s; u120_00
and u120_00_2d stop at 49 with bound 48, xfail); patterns 7/7 (t60 3-7 s enumerated; u120
28-67 s in the default mode -- u120_02 overran the 60 s limit by 7 s while proving 46 -- and
14-20 s with ``columns="generate"`` forced; forcing generation on the triplets instead stops at
23 / bound 20 after 60 s on t60_01 and t60_02, which is why the default enumerates there).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

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
# measured 2026-11-22 (benchmarks/ojpp-golden.md): not proven within 60 s on 2 cores
OPEN_AT_60S = {("ojpp-compact", "u120_00"), ("ojpp-compact", "u120_00_2d"),
               ("ojpp-compact", "u120_02")}


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_fixture_is_consistent_with_the_instances(name):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    assert inst.is_vector_packing
    assert len(inst.dims) == max(2, KNOWN[name]["dimensions"])
    opt = KNOWN[name]["optimum"]
    assert inst.lower_bound() <= opt
    heur = ds.run(inst, "best-fit")
    assert ds.check(inst, heur) == [] and heur.objective >= opt


@pytest.mark.parametrize("name", ["t60_00", "t60_02"])
def test_patterns_prove_the_triplet_optimum(name):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    res = ds.solve(inst, model="ojpp-patterns", time_limit=60)
    assert res.status is ds.Status.OPTIMAL, res.summary()
    assert res.objective == KNOWN[name]["optimum"] == 20  # n / 3 by construction
    assert res.stats["columns_mode"] == "generated"  # plain vector packing: the CG engine
    assert ds.check(inst, res) == []


@pytest.mark.parametrize("name", ["t60_00", "t60_02"])
@pytest.mark.parametrize("model,params", [("ojpp-compact", {"top_down_share": 0.1})])
def test_assignment_models_prove_the_triplet_optimum(name, model, params):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    res = ds.solve(inst, model=model, time_limit=60, **params)
    assert res.status is ds.Status.OPTIMAL, res.summary()
    assert res.objective == res.bound == KNOWN[name]["optimum"]
    assert ds.check(inst, res) == []


@pytest.mark.parametrize("name", ["u120_00_2d", "u120_01", "u120_02"])
def test_cpsat_proves_the_u120_optimum(name):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    res = ds.solve(inst, model="ojpp-cpsat", time_limit=60)
    assert res.status is ds.Status.OPTIMAL, res.summary()
    assert res.objective == res.bound == KNOWN[name]["optimum"]
    assert ds.check(inst, res) == []


@pytest.mark.skipif(not FULL, reason="set DLSCHED_OJPP_GOLDEN_FULL=1 (minutes)")
@pytest.mark.parametrize("model,params", [
    ("ojpp-patterns", {}), ("ojpp-cpsat", {}), ("ojpp-compact", {}),
])
@pytest.mark.parametrize("name", sorted(KNOWN))
def test_every_model_returns_the_published_optimum(name, model, params):
    inst = read_vbp(VBP / KNOWN[name]["file"])
    res = ds.solve(inst, model=model, time_limit=60, **params)
    opt = KNOWN[name]["optimum"]
    assert ds.check(inst, res) == []
    assert res.bound <= opt <= res.objective  # never contradicts the published optimum
    if res.status is not ds.Status.OPTIMAL and (model, name) in OPEN_AT_60S:
        pytest.xfail(f"known: {model} stops at {res.objective} / bound {res.bound} in 60 s")
    assert res.status is ds.Status.OPTIMAL, (name, model, res.summary())
    assert res.objective == opt
