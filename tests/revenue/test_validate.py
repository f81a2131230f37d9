"""The independent validator (notes §6) catches broken schedules and tampered money on the
worked example."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.revenue.instance import parse
from dlsched.revenue.paper import worked_example


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
