"""Revenue readings, the worker cap, BatchSche's θ scope, tenant skew and utility calibration.

Expected values are worked by hand from the paper's worked example (notes §4 of
docs/specs/revenue.md) and the paper's rules, not read off the code."""

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.revenue.baselines.batchsche import private_instance
from dlsched.revenue.generate import (
    calibrate_utilities,
    calibration_factor,
    generate,
    tenant_weights,
)
from dlsched.revenue.instance import parse
from dlsched.revenue.metrics import revenue_readings
from dlsched.revenue.paper import worked_example
from dlsched.revenue.support.configs import configurations, max_workers, theta_rule


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


def test_worker_cap_demand():
    # j12 of the example with demand 2: under "chunks" w runs 1..3, under "demand" 1..2
    data = worked_example()
    data["jobs"][1]["demand"] = 2
    inst = parse(data)
    assert max_workers(inst, 1) == 3 and max_workers(inst, 1, "demand") == 2
    assert max(k.w for k in configurations(inst, 1, prune=False, worker_cap="demand")) == 2
    # every admitted job respects the cap
    res = ds.run(inst, "astraea", theta=16, worker_cap="demand")
    for j, rec in enumerate(res.solution["jobs"].values()):
        if rec["admitted"]:
            assert sum(rec["workers"].values()) <= min(inst.chunks[j], inst.demand[j])


def test_batchsche_global_theta(inst):
    # theta rule on the whole example (notes §3.2): f(d)/(w d) is 92/4 = 23 for j11 C w=1
    # d=4 and 96/4 = 24 for j11 C w=2 d=2 (the largest) -> theta_w = 25; best f(d)/d is j11
    # C w=2 d=2: 96/2 = 48 -> theta_p = 49.
    assert theta_rule(inst) == pytest.approx((25.0, 49.0))
    res = ds.run(inst, "batchsche")
    assert res.stats["theta"] == pytest.approx([25.0, 49.0])
    priv = ds.run(inst, "batchsche", theta_scope="private")
    assert priv.stats["theta"] is None  # computed inside each private cluster
    alias = ds.run(inst, "astraea-private")
    assert alias.solution["jobs"] == res.solution["jobs"]
    # u2's private cluster alone (s3, s4; jobs j21, j22): its own rule gives the same maximum
    # (j21 is a copy of j11), so both scopes price u2 alike here
    own = private_instance(inst, 1, [2, 3])
    assert theta_rule(own) == pytest.approx((25.0, 49.0))


def test_tenant_weights():
    assert tenant_weights(3, 0.0) == pytest.approx([1 / 3] * 3)
    # Zipf 1: 1, 1/2, 1/3 normalised by 11/6
    assert tenant_weights(3, 1.0) == pytest.approx([6 / 11, 3 / 11, 2 / 11])
    a = generate(n_jobs=30, n_servers=6, n_tenants=3, seed=1, scale="small")
    b = generate(n_jobs=30, n_servers=6, n_tenants=3, seed=1, scale="small", tenant_skew=0.0)
    assert [a.tenant.tolist(), a.utility] == [b.tenant.tolist(), b.utility]  # old draw kept
    c = generate(n_jobs=300, n_servers=6, n_tenants=3, seed=1, scale="small", tenant_skew=2.0)
    share = np.bincount(c.tenant, minlength=3) / 300
    assert share[0] > 0.6 > share[2]  # 1 : 1/4 : 1/9 -> 0.73 / 0.18 / 0.08


def test_calibration_linear_and_convex():
    # one job of the example shape: EDM = 4, n^C = 1, n^D = 0.5, D = 2 on 2-worker servers:
    # runs C w=1 d=4 (area 4), C w=2 d=2 (area 4), D w=2 d=4 (area 8): A = 4, shortest x = 2
    data = worked_example()
    data["jobs"] = [dict(data["jobs"][0], utility={"kind": "linear", "slope": -2,
                                                   "intercept": 6}),
                    dict(data["jobs"][2], utility={"kind": "convex", "e": 2, "kappa": 1}),
                    dict(data["jobs"][0], name="j13",
                         utility={"kind": "convex", "e": 4, "kappa": 2})]
    inst = parse(data)
    # linear f(2) = 2 < 4: c = 2 -> slope -4, intercept 12; convex (2/2)^1 = 1: c = 4 ->
    # e = 8; (4/2)^2 = 4 >= 4: unchanged
    assert [calibration_factor(inst, j) for j in range(3)] == pytest.approx([2.0, 4.0, 1.0])
    cal = calibrate_utilities(inst)
    assert cal.utility[0] == ("linear", pytest.approx(-4.0), pytest.approx(12.0))
    assert cal.utility[1] == ("convex", pytest.approx(8.0), pytest.approx(1.0))
    assert cal.utility[2] == ("convex", 4.0, 2.0)
    assert float(cal.f(0, 2)) == pytest.approx(4.0) and float(cal.f(1, 2)) == pytest.approx(4.0)


def test_calibration_keeps_sign():
    data = worked_example()
    data["jobs"] = [dict(data["jobs"][0], utility={"kind": "linear", "slope": -2,
                                                   "intercept": 3})]  # f(2) = -1
    inst = parse(data)
    assert calibration_factor(inst, 0) == 1.0


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
