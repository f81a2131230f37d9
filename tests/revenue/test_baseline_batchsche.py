"""BatchSche (the Astraea paper's baseline: Astraea's phase 1 per private cluster): its price base
θ and the astraea-private alias (expected values worked by hand from notes §3.2)."""
from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue.baselines.batchsche import private_instance
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example
from dlsched.revenue.support.configs import theta_rule


@pytest.fixture(scope="module")
def inst():
    return parse(worked_example())


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
