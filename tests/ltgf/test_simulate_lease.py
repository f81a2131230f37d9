"""The `lease` parameter of the LTGF algorithms (lease-length sweep of notes §5)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import replace

import pytest

import dlsched as ds
from dlsched.core import InputError
from dlsched.ltgf import generate
from dlsched.ltgf.support.simulate import simulate
from dlsched.ltgf.validate import check


@pytest.fixture(scope="module")
def contended():
    """A small overloaded cluster: ASTRAEA must preempt at lease ends."""
    return generate(n_jobs=120, tenants=3, nodes=1, gpus_per_node=8, days=0.25, seed=1)


@pytest.mark.parametrize("policy", ["astraea-ltgf", "gandiva-fair"])
def test_override_equals_an_instance_with_that_lease(contended, policy):
    res = ds.run(contended, policy, lease=300)
    ref = simulate(replace(contended, lease=300.0), policy)
    assert res.solution["segments"] == ref["segments"]
    assert res.solution["lease"] == 300.0
    variant = replace(contended, lease=300.0)
    assert res.status.value == "feasible"  # validated against the variant it ran on
    assert ds.check(variant, res) == []
    # judged by the stored instance (900-s leases), its 300-s preemptions are mid-lease
    assert any("inside a lease (leases of 900 s" in e for e in ds.check(contended, res))


def test_preemptions_respect_the_overridden_lease(contended):
    short = ds.run(contended, "astraea-ltgf", lease=300).solution
    long = ds.run(contended, "astraea-ltgf", lease=3600).solution
    for sol, L in ((short, 300.0), (long, 3600.0)):
        pre = [e - s for _, s, e, _, why, _, _ in sol["segments"] if why == "preempt"]
        assert all(d >= L - 1e-6 and abs(d / L - round(d / L)) * L < 1e-6 for d in pre)
    n_pre = [sum(seg[4] == "preempt" for seg in s["segments"]) for s in (short, long)]
    assert n_pre[0] > 0 and n_pre[0] != n_pre[1]


def test_validator_reads_the_lease_from_the_instance_not_the_solution(contended):
    sol = ds.run(contended, "astraea-ltgf", lease=300).solution.to_json()
    variant = replace(contended, lease=300.0)
    assert check(variant, sol) == []
    sol["lease"] = 3600.0  # a declared lease is information only
    assert check(variant, sol) == []
    errs = check(replace(contended, lease=3600.0), sol)
    assert errs and all("inside a lease (leases of 3600 s" in e for e in errs)


def test_default_lease_is_the_instance_lease(contended):
    res = ds.run(contended, "astraea-ltgf")
    assert res.solution["lease"] == contended.lease
    assert res.solution["segments"] == simulate(contended, "astraea-ltgf")["segments"]


@pytest.mark.parametrize("bad", [0, 30, -5])
def test_lease_not_above_overheads_is_rejected(contended, bad):
    with pytest.raises(InputError) as err:
        ds.run(contended, "astraea-ltgf", lease=bad)
    assert err.value.field == "lease"
