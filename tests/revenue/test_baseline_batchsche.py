"""BatchSche (the Astraea paper's baseline: Astraea's phase 1 per private cluster): its price base
θ and the astraea-private alias (expected values worked by hand from notes §3.2)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue.baselines.batchsche import private_instance
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example
from dlsched.revenue.support.configs import theta_rule

from .builders import cluster, job, runs


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


def test_each_tenant_stays_on_its_own_servers():
    """s1 (owned by u1) and s2 (owned by u2): 2 workers and 1 PS each. u1's a1 and a2 arrive
    at 0 and need 2 mini-batches on 1 worker (centralized: 2 slots); u2 has no job.

    BatchSche = Astraea's phase 1 on u1's private cluster {s1}: batch 1 (τ = 2, λ = 2), round
    i runs in slots R+1..R+2 with R = (λ + i - 1)τ (notes §3.1): round 1 = slots 5-6, round 2
    = slots 7-8. Round 1: a1 on s1 at the empty-cluster price 0, μ = f(2) = 98 > 0; a2 cannot
    get a PS (s1's only PS is a1's) and there is no other server, so it waits for round 2:
    s1 in slots 7-8 (prices reset per round). Idle s2 is never lent (no phase 2, no payments).
    F = 100 - completion: 94 and 92."""
    inst = cluster([("s1", 2, 1, "u1"), ("s2", 2, 1, "u2")], [("u1", 2, 1), ("u2", 2, 1)],
                   [job("a1", "u1"), job("a2", "u1")])
    res = ds.run(inst, "batchsche")
    assert runs(res.solution) == {"a1": (5, 6, {"s1": 1}, {"s1": 1}, "C"),
                                  "a2": (7, 8, {"s1": 1}, {"s1": 1}, "C")}
    assert all("payment" not in r and "income" not in r
               for r in res.solution["jobs"].values())
    assert res.objective == 94 + 92
    assert res.solution["gains"] == {"u1": 186.0, "u2": 0.0}


def test_global_theta_follows_the_fixed_workers_option():
    """Two servers of 2 workers and 1 PS (u1 owns both); q: D = 3, E·D·M = 6 mini-batches,
    f(d) = 100 - d. Placeable runs: C w=1 d=6 (f/(wd) = 94/6, f/d = 94/6), C w=2 d=3 (97/6,
    97/3), D w=2 d=6 (94/12, 94/6), D w=3 (n^D = 0.5: 1.5 per slot) d=4 (96/12 = 8, 96/4 = 24).
    Flexible workers: θ = (1 + 97/6, 1 + 97/3). ``fixed_workers`` (w = D = 3 only): θ = (9, 25),
    the price base BatchSche then uses."""
    inst = cluster([("s1", 2, 1, "u1"), ("s2", 2, 1, "u1")], [("u1", 4, 2)],
                   [job("q", "u1", chunks=3, epochs=1, minibatches=2)])
    assert ds.run(inst, "batchsche").stats["theta"] == pytest.approx([1 + 97 / 6, 1 + 97 / 3])
    fixed = ds.run(inst, "batchsche", fixed_workers=True)
    assert fixed.stats["theta"] == pytest.approx([9.0, 25.0])


def test_method_names_and_a_bad_theta_scope(inst):
    assert ds.run(inst, "batchsche").method == "batchsche"
    assert ds.run(inst, "astraea-private").method == "astraea-private"
    with pytest.raises(ds.core.InputError) as err:
        ds.run(inst, "batchsche", theta_scope="shared")
    assert err.value.field == "theta_scope"
