"""Seeded generators: tenant weights (Zipf skew) and the utility calibration of the paper's
assumption (§4.3), worked by hand."""
from __future__ import annotations

import numpy as np
import pytest

from dlsched.revenue.generate import (
    calibrate_utilities,
    calibration_factor,
    generate,
    tenant_weights,
)
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example


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
