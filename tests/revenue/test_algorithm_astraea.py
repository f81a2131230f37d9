"""Astraea (Alg. 1) and its mechanism: the posted prices of Eq. (8) and the worker cap of Alg. 3
(expected values from the paper's rules, notes §3 of docs/specs/revenue.md)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example
from dlsched.revenue.support.configs import configurations, max_workers
from dlsched.revenue.support.mechanism import Mechanism, Options


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


@settings(max_examples=20)
@given(h=st.lists(st.integers(0, 8), min_size=2, max_size=6), theta=st.floats(1.5, 50))
def test_price_function(h, theta):
    inst = parse(worked_example())  # ΣC_sw = 8, ΣC_sp = 4
    mech = Mechanism(inst, Options(theta=theta))
    hs = np.sort(np.array(h, dtype=float))
    ew, ep = mech.prices(hs, np.minimum(hs, 4))
    assert np.all(np.diff(ew) >= -1e-12) and np.all(np.diff(ep) >= -1e-12)
    e0, _ = mech.prices(np.array([0.0]), np.array([0.0]))
    ef, pf = mech.prices(np.array([8.0]), np.array([4.0]))
    assert e0[0] == 0 and ef[0] == pytest.approx(theta - 1) and pf[0] == pytest.approx(theta - 1)
