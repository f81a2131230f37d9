"""Peer agreement with Gavel's own code (stanford-futuredata/gavel, facts in
tests/data/peer/gavel_maxmin.json; README.md there says how they were produced).

* max-min (``MaxMinFairnessPolicyWithPerf``, ECOS): the level agrees on all 31 inputs, the
  allocation wherever the optimum is a single point (elsewhere it is the solver's choice);
* hierarchical water filling (``fairness`` re-weighting): with Gavel's big-M cap emulated
  (``gavel_m_cap``) every job Gavel freezes has the same level and the others are at least at
  dlsched's capped level; without it (the published rule) the levels agree where the cap does not
  bind.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import numpy as np
import pytest

import dlsched as ds
from dlsched.oef.baselines.gavel import (
    _hierarchical,
    gavel_allocation,
    gavel_hierarchical,
    normalized_throughputs,
)

ROOT = Path(__file__).resolve().parents[2]
FACTS = json.loads((ROOT / "tests/data/peer/gavel_maxmin.json").read_text())
MAXMIN = {c["name"]: c for c in FACTS["maxmin"]}
HIER = {c["name"]: c for c in FACTS["hierarchical"]}


def test_facts_cover_the_brief():
    assert FACTS["source"]["commit"] == "c4fa40097339e9608ab71fd64c8bdea96a5e4a4c"
    # paper-w1-efficiency.json restates paper-w1's data (another fairness rule, same GPUs
    # and users): Gavel's max-min does not read the rule, so paper-w1's facts cover it
    shipped = sorted(p.stem for p in (ROOT / "instances/oef").glob("*.json")
                     if p.stem != "paper-w1-efficiency")
    assert [c["name"] for c in FACTS["maxmin"] if c["origin"] == "shipped"] == shipped
    assert sum(c["origin"] != "shipped" for c in FACTS["maxmin"]) == 20
    assert any(c["unique"] for c in FACTS["maxmin"]) and not all(
        c["unique"] for c in FACTS["maxmin"])


@pytest.mark.parametrize("point", ["interior", "vertex"])
@pytest.mark.parametrize("name", sorted(MAXMIN))
def test_maxmin_level_and_unique_allocation(name, point):
    c = MAXMIN[name]
    T, cap, w = (np.array(c[f]) for f in ("throughputs", "capacity", "weights"))
    X, level = gavel_allocation(T, None, cap, w, point=point)
    assert level == pytest.approx(c["level"], abs=1e-6)
    if c["unique"]:
        np.testing.assert_allclose(X, c["allocation"], rtol=0, atol=1e-6)
    else:  # Gavel's ECOS point is one optimum among many: same level, inside the face
        lo, hi = c["total_throughput_range"]
        assert lo - 1e-6 <= float((T * X).sum()) <= hi + 1e-6
        assert lo < hi - 1e-6 or c["max_variable_range"] > 1e-4


@pytest.mark.parametrize("name", [n for n in MAXMIN if MAXMIN[n]["origin"] == "shipped"])
def test_registered_gavel_level_is_gavels(name):
    res = ds.run(ds.load(ROOT / "instances/oef" / f"{name}.json"), "gavel")
    assert res.stats["gavel_level"] == pytest.approx(MAXMIN[name]["level"], abs=1e-6)
    assert res.stats["solver"] == "cvxpy-CLARABEL" and res.stats["stages"] == 1
    if MAXMIN[name]["unique"]:
        X = np.array([r["allocation"] for r in res.solution["rows"]])
        np.testing.assert_allclose(X, MAXMIN[name]["allocation"], rtol=0, atol=1e-6)


def _args(c):
    return (np.array(c["throughputs"]), c["scale"], np.array(c["capacity"]),
            np.array(c["entity_of_job"]), c["entity_weights"], c["job_weights"])


@pytest.mark.parametrize("name", sorted(HIER))
def test_hierarchical_with_gavels_m_cap(name):
    c = HIER[name]
    _, st = _hierarchical(*_args(c), gavel_m_cap=True)
    mine, theirs = np.array(st["levels"]), np.array(c["levels"])
    frozen = np.array(st["frozen"])
    assert mine[frozen] == pytest.approx(theirs[frozen], abs=1e-6)
    assert (theirs[~frozen] >= mine[~frozen] - 1e-6).all()


@pytest.mark.parametrize("name", sorted(HIER))
def test_hierarchical_published_rule(name):
    c = HIER[name]
    _, capped = _hierarchical(*_args(c), gavel_m_cap=True)
    X = gavel_hierarchical(*_args(c))
    levels = normalized_throughputs(np.array(c["throughputs"]), X, np.array(c["capacity"]))
    if all(capped["frozen"]):  # Gavel's cap never bound: the same water filling
        assert levels == pytest.approx(np.array(c["levels"]), abs=1e-6)
        if c["unique"]:
            np.testing.assert_allclose(X, c["allocation"], rtol=0, atol=1e-6)
    else:  # Gavel stopped early: its minimum level is below the published rule's
        assert levels.min() > min(c["levels"]) + 1e-6


def test_caps_bind_on_three_of_five():
    bound = [n for n, c in HIER.items()
             if not all(_hierarchical(*_args(c), gavel_m_cap=True)[1]["frozen"])]
    assert len(bound) == 3


def test_tenant_mapping_and_the_max_throughput_variant():
    inst = ds.load(ROOT / "instances/oef/paper-multitype.json")
    flat, tenant = ds.run(inst, "gavel"), ds.run(inst, "gavel", mapping="tenant")
    assert tenant.stats["mapping"] == "tenant"
    assert tenant.solution["level"] == pytest.approx(flat.solution["level"], abs=1e-6)
    big = ds.load(ROOT / "instances/oef/gavel-all.json")
    old, new = ds.run(big, "gavel-max-throughput"), ds.run(big, "gavel")
    assert old.stats["stages"] == 2 and old.stats["solver"] == "scipy-highs-ds"
    assert old.objective > 1.1 * new.objective  # the second stage is not Gavel's


@pytest.mark.parametrize("seed", range(6))
def test_dual_bottlenecks_give_the_levels_of_the_per_job_test(seed, monkeypatch):
    # Water filling freezes jobs whose round-LP dual is positive; the published test (one LP per
    # job: can it gain with everyone at >= its level?) must give the same unique levels.
    # the module (``dlsched.oef.baselines.gavel`` as an attribute is the re-exported function)
    g = importlib.import_module("dlsched.oef.baselines.gavel")

    rng = np.random.default_rng(seed)
    J, k, E = 7, 3, 3
    T = rng.uniform(0.5, 4.0, size=(J, k))
    s = rng.integers(1, 3, size=J).astype(float)
    c = rng.integers(2, 6, size=k).astype(float)
    ent = rng.integers(0, E, size=J)
    ent[:E] = np.arange(E)  # every entity has a job
    ew = rng.integers(1, 4, size=E).astype(float)
    _, fast = g._hierarchical(T, s, c, ent, ew, point="vertex")
    monkeypatch.setattr(g, "_bottlenecked_by_duals", lambda *a, **kw: [])
    _, slow = g._hierarchical(T, s, c, ent, ew, point="vertex")
    assert np.allclose(fast["levels"], slow["levels"], rtol=1e-6, atol=1e-9)
    assert all(fast["frozen"]) and all(slow["frozen"])


def test_the_efficiency_copy_of_w1_has_w1_data():
    import json

    a, b = (json.loads((ROOT / "instances/oef" / f).read_text())
            for f in ("paper-w1.json", "paper-w1-efficiency.json"))
    assert (a["gpu_types"], a["users"]) == (b["gpu_types"], b["users"])
    assert (a["fairness"], b["fairness"]) == ("cooperative", "none")
