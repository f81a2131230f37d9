"""E1 (``completion-milp``, :mod:`dlsched.completion.exact.milp`) against the golden optima of
notes §6, the CP-SAT model and brute force; the LP bounds every exact result carries."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.exact.bounds import lower_bounds
from dlsched.completion.generate import tiny
from dlsched.completion.paper import golden
from dlsched.core import SolveOptions, Status

from .bruteforce import brute_force
from .test_paper import SPEC_OPT


@pytest.mark.parametrize("name", sorted(SPEC_OPT))
def test_milp_golden(name: str, solver: str) -> None:
    inst = golden(name)
    res = exact.solve_milp(inst, options=SolveOptions(solver=solver))
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(SPEC_OPT[name])
    assert ds.check(inst, res) == []
    bounds = res.stats["bounds"]
    assert all(v <= SPEC_OPT[name] + 1e-6 for v in bounds.values() if v is not None)


def test_s6_ample_capacity_reaches_lb0() -> None:
    base = tiny(seed=3, n_jobs=3, n_servers=2, horizon=14)
    big = dataclasses.replace(base, capacity=base.capacity * 50)
    res = exact.solve_cp(big)
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(lower_bounds(big)["lb0"])


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_models_agree_with_brute_force(seed: int, arch: str) -> None:
    inst = tiny(seed=seed, n_jobs=2, n_servers=2, horizon=8, architecture=arch, max_chunks=2)
    bf = brute_force(inst)
    milp = exact.solve_milp(inst, lp_bound=False)
    cp = exact.solve_cp(inst, lp_bound=False)
    if np.isinf(bf):
        assert milp.status is Status.INFEASIBLE and cp.status is Status.INFEASIBLE
        return
    assert milp.status is Status.OPTIMAL and cp.status is Status.OPTIMAL
    assert milp.objective == pytest.approx(bf)
    assert cp.objective == pytest.approx(bf)
    assert ds.check(inst, milp) == [] and ds.check(inst, cp) == []


def test_lp_relaxation_is_a_bound() -> None:
    inst = golden("s4")
    lbs = lower_bounds(inst, lp=True, exact_lp=True)
    assert lbs["lp_relaxation"] <= 7 + 1e-6
    assert lbs["aggregate_lp"] <= 7 + 1e-6


@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_every_exact_result_carries_the_lp_bounds(arch: str) -> None:
    inst = tiny(seed=3, n_jobs=4, n_servers=2, horizon=12, architecture=arch)
    milp = exact.solve_milp(inst)
    cp = exact.solve_cp(inst)
    fresh = lower_bounds(inst, lp=True, exact_lp=True)
    for res in (milp, cp):
        b = res.stats["bounds"]
        assert set(b) >= {"lb0", "area", "aggregate_lp", "lp_relaxation", "config_lp", "best"}
        assert None not in (b["lp_relaxation"], b["aggregate_lp"], b["config_lp"])
        assert b["lp_relaxation"] - 1e-6 <= b["config_lp"] <= res.objective + 1e-6
        # the MILP relaxes its own model in place; CP-SAT builds E1 afresh: same LP optimum
        assert b["lp_relaxation"] == pytest.approx(fresh["lp_relaxation"], rel=1e-7)
        assert b["lp_relaxation"] <= res.objective + 1e-6
        assert b["aggregate_lp"] <= b["lp_relaxation"] + 1e-6  # E1 contains the aggregate cut
        assert "bounds_missing" not in res.stats


def test_large_lps_are_skipped_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    from dlsched.completion.exact import bounds

    monkeypatch.setattr(bounds, "LP_COLUMN_LIMIT", 10)
    inst = tiny(seed=3, n_jobs=4, n_servers=2, horizon=12)
    res = exact.solve_cp(inst)
    assert res.stats["bounds"]["lp_relaxation"] is None
    assert "LP_COLUMN_LIMIT" in res.stats["bounds_missing"]["lp_relaxation"]
    forced = exact.solve_cp(inst, lp_bound=True)
    assert forced.stats["bounds"]["lp_relaxation"] is not None


def test_milp_time_limit_falls_back_to_the_heuristic_incumbent() -> None:
    inst = tiny(seed=1, n_jobs=6, n_servers=2, horizon=16)
    res = exact.solve_milp(inst, horizon="extended", options=SolveOptions(time_limit=0.01),
                           lp_bound=False)
    heur = exact.best_heuristic(inst)
    assert res.status in (Status.TIME_LIMIT, Status.OPTIMAL)
    assert res.objective is not None and res.objective <= heur.objective + 1e-6
    assert res.bound is not None and res.bound <= res.objective + 1e-6
    assert ds.check(inst, res) == []
    if res.stats.get("incumbent_from"):
        assert res.status is Status.TIME_LIMIT and res.objective == heur.objective


def test_time_limit_reports_incumbent_and_bound() -> None:
    inst = tiny(seed=1, n_jobs=5, n_servers=2, horizon=16)
    res = exact.solve_milp(inst, options=SolveOptions(time_limit=0.01), lp_bound=False)
    assert res.status in (Status.TIME_LIMIT, Status.OPTIMAL, Status.INFEASIBLE)
    if res.status is Status.TIME_LIMIT and res.objective is not None:
        assert res.bound is not None and res.bound <= res.objective + 1e-6


@pytest.mark.parametrize(("model", "function"), [
    ("completion-milp", "solve_milp"), ("completion-cpsat", "solve_cp")])
def test_registered_names_solve_through_the_public_api(model: str, function: str) -> None:
    """ds.solve(name) reaches the right function (a decorator once ended up on a helper)."""
    inst = golden("s4")
    res = ds.solve(inst, model=model)
    assert res.method == model and res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(SPEC_OPT["s4"])
    assert getattr(exact, function)(inst).objective == res.objective
