"""Revenue readings, the worker cap, BatchSche's θ scope, tenant skew and utility calibration.

Expected values are worked by hand from the paper's worked example (notes §4 of
docs/specs/revenue.md) and the paper's rules, not read off the code."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue.instance import parse
from dlsched.revenue.metrics import revenue_readings
from dlsched.revenue.paper import worked_example


@pytest.fixture(scope="module")
def inst():
    return parse(worked_example())


def test_readings_fixed_workers(inst):
    # notes §4 (fixed_workers): j11 C slots 9-10, j21 C slots 11-12, j12 D slots 9-12, all in
    # round 1 of batch 2 (R = 8), r = 3, f(x) = 100 - 2x; j22 rejected.
    res = ds.run(inst, "astraea", theta=16, fixed_workers=True)
    r = revenue_readings(inst, res.solution)
    assert r["actual"] == pytest.approx((100 - 14) + (100 - 18) + (100 - 18))  # 250
    assert r["absolute"] == pytest.approx((100 - 20) + (100 - 24) + (100 - 24))  # 232
    assert r["ideal"] == pytest.approx((100 - 4) + (100 - 8) + (100 - 8))  # 280 = mu + costs
    assert r["clipped"] == pytest.approx(250)


def test_readings_negative_job_clipped(inst):
    # notes §4 as written: total 168 includes j22's F = -82 (C, w = 2, slots 65-94, r = 3:
    # x = 91, f = 100 - 182); clipped drops it: 168 + 82 = 250. Its ideal is f(94 - 64) = 40.
    res = ds.run(inst, "astraea", theta=16)
    r = revenue_readings(inst, res.solution)
    assert r["actual"] == pytest.approx(168)
    assert r["clipped"] == pytest.approx(250)
    j22 = res.solution["jobs"]["j22"]
    assert (j22["start"], j22["completion"], j22["utility"]) == (65, 94, -82)


def test_readings_baseline_ideal_is_run_length(inst):
    # a method without rounds: ideal = f(t+ - t- + 1) = f(run length)
    res = ds.run(inst, "gandiva-fair")
    r = revenue_readings(inst, res.solution)
    want = sum(100 - 2 * (rec["completion"] - rec["start"] + 1)
               for rec in res.solution["jobs"].values() if rec["admitted"])
    assert r["ideal"] == pytest.approx(want)


def test_fairness_under_readings(inst):
    # fixed_workers run (notes §4): actual alpha = (1.28, 0.72); under the ideal reading the
    # values are 96 (j11), 92 (j21), 92 (j12), total 280: g_u1 = 96 + (92 - 16) + 8 = 180,
    # g_u2 = 92 + 8 = 100; beta = (.5, .5): alpha = (180/280/.5, 100/280/.5) = (9/7, 5/7)
    from dlsched.revenue.metrics import fairness_under

    res = ds.run(inst, "astraea", theta=16, fixed_workers=True)
    act = fairness_under(inst, res.solution, "actual")
    assert list(act["alpha"].values()) == pytest.approx([1.28, 0.72])
    assert act["alpha_variance"] == pytest.approx(0.28 ** 2)
    ide = fairness_under(inst, res.solution, "ideal")
    assert list(ide["alpha"].values()) == pytest.approx([9 / 7, 5 / 7])
    assert ide["alpha_maxdev"] == pytest.approx(2 / 7)
