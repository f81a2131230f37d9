"""notes §6 invariants on generated instances (hypothesis) for every scheduler, and
determinism (the validator's tamper tests are in test_validate.py)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.revenue import generate

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


def test_determinism():
    a = generate(n_jobs=8, n_servers=4, seed=7, scale="small", utility="mixed")
    b = generate(n_jobs=8, n_servers=4, seed=7, scale="small", utility="mixed")
    assert ds.PROBLEMS.get("revenue").dump(a) == ds.PROBLEMS.get("revenue").dump(b)
    for name in ALGS:
        assert ds.run(a, name).solution == ds.run(b, name).solution
