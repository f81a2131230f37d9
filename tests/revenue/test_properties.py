"""notes §6 invariants on generated instances (hypothesis), determinism, and validator
mutations (the checker must catch broken schedules and tampered money)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.revenue import generate
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example
from dlsched.revenue.support.mechanism import Mechanism, Options

ALGS = ["astraea", "a-round", "a-maxirev", "batchsche", "gandiva-fair",
        "hived"]
IGNORE_FIXED = {"gandiva-fair", "hived"}


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), jobs=st.integers(1, 8), servers=st.integers(2, 5),
       tenants=st.integers(1, 3), fixed=st.booleans(),
       utility=st.sampled_from(["linear", "convex", "mixed"]))
def test_every_schedule_is_valid(seed, jobs, servers, tenants, fixed, utility):
    tenants = min(tenants, servers)
    inst = generate(n_jobs=jobs, n_servers=servers, n_tenants=tenants, seed=seed,
                    scale="small", utility=utility)
    for name in ALGS:
        # gandiva-fair and hived take no fixed_workers (the API refuses unknown keywords)
        params = {} if name in IGNORE_FIXED else {"fixed_workers": fixed}
        res = ds.run(inst, name, **params)
        assert res.status.value == "feasible", (name, res.stats.get("violations"))
        sol = res.solution
        assert sum(sol["gains"].values()) == pytest.approx(sol["revenue"], abs=1e-6)
        for rec in sol["jobs"].values():
            if "mu" in rec:
                assert rec["mu"] > 0


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6))
def test_paper_scale_astraea_valid(seed):
    inst = generate(n_jobs=6, n_servers=4, n_tenants=2, seed=seed, arrival_max=4)
    res = ds.run(inst, "astraea")
    assert res.status.value == "feasible", res.stats.get("violations")


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


def test_determinism():
    a = generate(n_jobs=8, n_servers=4, seed=7, scale="small", utility="mixed")
    b = generate(n_jobs=8, n_servers=4, seed=7, scale="small", utility="mixed")
    assert ds.PROBLEMS.get("revenue").dump(a) == ds.PROBLEMS.get("revenue").dump(b)
    for name in ALGS:
        assert ds.run(a, name).solution == ds.run(b, name).solution


@pytest.fixture(scope="module")
def example():
    inst = parse(worked_example())
    return inst, ds.run(inst, "astraea", theta=16, fixed_workers=True).solution


def _broken(example, edit):
    inst, sol = example
    bad = sol.to_json()  # a mutable copy (solutions are read-only)
    edit(bad["jobs"])
    return ds.check(inst, bad)


def test_validator_catches_capacity(example):
    def edit(jobs):
        jobs["j21"]["start"], jobs["j21"]["completion"] = 9, 10  # same host as j11
    assert any("capacity" in v for v in _broken(example, edit))


def test_validator_catches_short_run(example):
    def edit(jobs):
        jobs["j12"]["completion"] = 11
    assert any("mini-batches" in v or "runs" in v for v in _broken(example, edit))


def test_validator_catches_bandwidth(example):
    def edit(jobs):
        jobs["j12"]["workers"] = {"s2": 1, "s3": 2}  # 2 remote workers, 1 PS: (3i) broken
    assert any("(3i)" in v for v in _broken(example, edit))


def test_validator_catches_money(example):
    def edit(jobs):
        jobs["j12"]["income"] = {"u1": 10.0, "u2": 6.0}
    assert any("Eq. (2)" in v for v in _broken(example, edit))

    def edit2(jobs):
        jobs["j12"]["payment"] = 12.0
    assert any("payment" in v for v in _broken(example, edit2))

    def edit3(jobs):
        jobs["j12"]["cost_w"] = [0.0] * 4
    assert any("posted prices" in v or "μ" in v for v in _broken(example, edit3))


def test_validator_catches_phase1_over_share(example):
    def edit(jobs):
        jobs["j12"]["phase"] = 1
        jobs["j12"].pop("payment")
        jobs["j12"].pop("income")
    # u1 then runs 2 + 3 = 5 > 4 workers in phase 1 on slots 9-10
    assert any("share" in v for v in _broken(example, edit))


def test_validator_catches_early_start(example):
    def edit(jobs):
        jobs["j11"]["start"], jobs["j11"]["completion"] = 3, 4
    assert any("before r+1" in v for v in _broken(example, edit))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), jobs=st.integers(1, 25), servers=st.integers(2, 6),
       tenants=st.integers(1, 3), unit=st.sampled_from(["hour", "second"]),
       origin=st.sampled_from(["arrival", "absolute"]))
def test_gandiva_fair_event_skipping_keeps_the_schedule(seed, jobs, servers, tenants, unit,
                                                        origin):
    # jumping from event to event (completions, arrivals) must give the slot-by-slot schedule
    inst = generate(n_jobs=jobs, n_servers=servers, n_tenants=min(tenants, servers), seed=seed,
                    arrival_max=6, minibatch_unit=unit)
    fast = ds.run(inst, "gandiva-fair", time_origin=origin)
    slow = ds.run(inst, "gandiva-fair", time_origin=origin, skip_idle_slots=False)
    assert fast.solution == slow.solution
