"""Fig. 6 golden example (notes §8): simulator, brute force and both exact models."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import dlsched as ds
from dlsched.ltgf import paper
from dlsched.ltgf.exact.brute import brute_force
from dlsched.ltgf.metrics import job_rho, timeline_arrays

MIN = 60.0


@pytest.fixture(scope="module")
def fig6():
    return paper.fig6()


def runs(res, job):
    return sorted((s / MIN, e / MIN) for n, s, e, *_ in res.solution["segments"] if n == job)


def rho(inst, res):
    a, f = job_rho(inst, timeline_arrays(inst, res.solution))
    return a / f


def test_astraea_schedule_and_rho(fig6):
    res = ds.run(fig6, "astraea-ltgf")
    assert ds.check(fig6, res) == []
    comp = res.solution["completion"]
    assert [comp[j] / MIN for j in ("J1", "J2", "J3")] == [80, 60, 60]
    # rounds of notes §8 (c): J1 | J2+J3 | J2+J3 | J1 | J2+J3 | J2+J3 | J1 | J1
    assert runs(res, "J1") == [(0, 10), (30, 40), (60, 80)]
    assert runs(res, "J2") == runs(res, "J3") == [(10, 30), (40, 60)]
    np.testing.assert_allclose(rho(fig6, res), [1, 1, 1])
    assert res.stats["sharing_loss_jobs"] == 0
    assert res.stats["avg_jct"] == pytest.approx(66.6667 * MIN, rel=1e-5)


def test_astraea_tenant_backfill_same_jcts(fig6):
    res = ds.run(fig6, "astraea-ltgf", tenant_backfill=True)
    assert sorted(res.solution["completion"].values()) == [3600, 3600, 4800]


def test_themis_exact_estimates(fig6):
    res = ds.run(fig6, "themis", error=0.0)
    assert ds.check(fig6, res) == []
    comp = res.solution["completion"]
    assert [comp[j] / MIN for j in ("J1", "J2", "J3")] == [70, 80, 80]
    # J1: 240/140 = 12/7; J2, J3: 120/170 = 12/17 (notes: 1.714, 0.706)
    np.testing.assert_allclose(rho(fig6, res), [12 / 7, 12 / 17, 12 / 17])
    assert res.stats["sharing_loss_jobs"] == pytest.approx(2 / 3)


def test_brute_force_job_level(fig6):
    best, scheds = brute_force(fig6, horizon=9, level="job")
    assert best == 1.0
    assert len(scheds) == 10  # notes §8 [AUDIT]: exactly 10 optimal schedules
    for x in scheds:
        assert x.shape[1] == 8 and (x[0, 6:] == 1).all()  # 8 slots, ending J1, J1
        last = [int(np.flatnonzero(row).max()) + 1 for row in x]
        assert last == [8, 6, 6]  # JCT (80, 60, 60)


def test_exact_models_fig6(fig6, solver):
    sl = fig6.slotted()  # the exact models state the slotted problem (issue 32)
    for model in ("ltgf-milp", "ltgf-cpsat"):
        res = ds.solve(sl, model=model, solver=solver if model == "ltgf-milp" else "highs")
        assert res.status.value == "optimal"
        assert res.objective == 1.0 and res.stats["rho_exact"] == str(Fraction(1))
        assert ds.check(sl, res) == []
