"""notes §4 worked example: every number the paper gives and the notes' derived runs (golden
values typed from the notes, not from the code)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example
from dlsched.revenue.support.configs import lemma1_lambda
from dlsched.revenue.support.mechanism import Mechanism, Options


@pytest.fixture(scope="module")
def inst():
    return parse(worked_example())


def _shape(rec):
    """Schedule ignoring server ids: placement, w, slots, multiset of (workers, PSs)."""
    servers = set(rec["workers"]) | set(rec["ps"])
    per = sorted((rec["workers"].get(s, 0), rec["ps"].get(s, 0)) for s in servers)
    return rec["placement"], sum(rec["workers"].values()), rec["start"], rec["completion"], per


def test_prices(inst):
    mech = Mechanism(inst, Options(theta=16.0))
    ew, _ = mech.prices(np.array([0, 2, 4, 8.0]), np.zeros(4))
    _, ep = mech.prices(np.zeros(3), np.array([1, 2, 4.0]))
    assert np.allclose(ew, [0, 1, 3, 15]) and np.allclose(ep, [1, 3, 15])


def test_fixed_workers_run(inst):
    res = ds.run(inst, "astraea", theta=16, fixed_workers=True)
    assert ds.check(inst, res) == []
    jobs = res.solution["jobs"]
    assert _shape(jobs["j11"]) == ("C", 2, 9, 10, [(2, 1)])
    assert _shape(jobs["j21"]) == ("C", 2, 11, 12, [(2, 1)])
    assert _shape(jobs["j12"]) == ("D", 3, 9, 12, [(1, 0), (2, 1)])
    assert not jobs["j22"]["admitted"]
    assert [jobs[n]["mu"] for n in ("j11", "j21", "j12")] == pytest.approx([96, 92, 76],
                                                                            abs=1e-9)
    assert jobs["j12"]["cost_w"] == pytest.approx([3] * 4) and sum(jobs["j12"]["cost_w"]) == 12
    assert jobs["j12"]["cost_p"] == pytest.approx([1] * 4)
    assert jobs["j12"]["payment"] == pytest.approx(16, abs=1e-9)
    assert jobs["j12"]["income"]["u2"] == pytest.approx(8, abs=1e-9)  # paper text says 6: [INC]
    assert jobs["j12"]["income"]["u1"] == pytest.approx(8, abs=1e-9)
    assert [jobs[n]["utility"] for n in ("j11", "j21", "j12")] == [86, 82, 82]
    assert jobs["j11"]["batch"] == 2 and jobs["j11"]["window"] == [9, 12]
    assert res.objective == pytest.approx(250, abs=1e-9)
    assert res.solution["gains"] == pytest.approx({"u1": 160, "u2": 90}, abs=1e-9)
    assert res.solution["fairness"]["alpha"] == pytest.approx({"u1": 1.28, "u2": 0.72})


def test_as_written_run(inst):
    res = ds.run(inst, "astraea", theta=16)
    assert ds.check(inst, res) == []
    jobs = res.solution["jobs"]
    assert _shape(jobs["j12"])[:4] == ("C", 2, 10, 12) and jobs["j12"]["mu"] == pytest.approx(89)
    assert sum(jobs["j12"]["cost_w"]) + sum(jobs["j12"]["cost_p"]) == pytest.approx(3)
    assert _shape(jobs["j21"])[:4] == ("C", 2, 11, 12) and jobs["j21"]["mu"] == pytest.approx(86)
    assert _shape(jobs["j22"])[:4] == ("C", 2, 65, 94) and jobs["j22"]["mu"] == pytest.approx(40)
    assert jobs["j22"]["batch"] == 5 and jobs["j22"]["utility"] == -82
    assert res.objective == pytest.approx(168, abs=1e-9)


def test_lemma1_lambda(inst):
    assert lemma1_lambda(inst, 16, 16, fixed_workers=True) == 12
    assert lemma1_lambda(inst, 16, 16, fixed_workers=False) == 23


@pytest.mark.parametrize("model", ["revenue-milp", "revenue-cpsat"])
@pytest.mark.parametrize(("fixed", "opt", "alg"), [(True, 284, 250), (False, 326, 168)])
def test_optimum(inst, model, fixed, opt, alg, solver):
    # the worker rule is the instance's (fixed_workers): the model states it, never narrows it
    stated = inst.with_rules(fixed_workers=fixed)
    res = ds.solve(stated, model=model, solver=solver)
    assert res.status.value == "optimal"
    assert res.objective == pytest.approx(opt, abs=1e-6)
    assert ds.check(stated, res) == []
    assert alg / res.objective == pytest.approx({284: 0.880, 326: 0.515}[opt], abs=1e-3)


def test_switches(inst):
    # reject_negative_actual drops j22 (actual F = -82) from the as-written run: 168 + 82 = 250
    res = ds.run(inst, "astraea", theta=16, reject_negative_actual=True)
    assert ds.check(inst, res) == [] and res.objective == pytest.approx(250)
    assert not res.solution["jobs"]["j22"]["admitted"]
    # absolute time origin (the instance's rule): F = f(t+) = 100 - 2 t+ (j11 ends at 10,
    # j21 and j12 at 12)
    absolute = inst.with_rules(time_origin="absolute")
    res = ds.run(absolute, "astraea", theta=16, fixed_workers=True)
    assert ds.check(absolute, res) == [] and res.objective == pytest.approx(80 + 76 + 76)
    assert ds.check(inst, res) != []  # the same schedule under the arrival origin: 86, 82, 82
    # Lemma-1 λ is used and reported
    res = ds.run(inst, "astraea", theta=16, fixed_workers=True, lam="lemma1")
    assert res.stats["lambda"] == 12 and ds.check(inst, res) == []
    # A_maxIrev restricted to MINCOSTC / MINCOSTD (Algs. 5 / 4)
    for mincost, placements in (("c", {"C"}), ("d", {"D"})):
        res = ds.run(inst, "a-maxirev", theta=16, mincost=mincost)
        got = {r["placement"] for r in res.solution["jobs"].values() if r["admitted"]}
        assert got and got <= placements and ds.check(inst, res) == []
