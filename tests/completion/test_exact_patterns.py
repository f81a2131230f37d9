"""The pattern ILP E2 (``completion-patterns``) and its configuration LP (notes §2.4, §2.5 item 5,
notes §7.3: E1 = E2 = CP-SAT on tiny instances)."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.exact.bounds import aggregate_lp, lower_bounds
from dlsched.completion.exact.patterns import config_lp, solve_patterns
from dlsched.completion.generate import tiny
from dlsched.completion.paper import golden
from dlsched.completion.support import pattern_set as patterns
from dlsched.core import InputError, SolveOptions, Status

from .bruteforce import brute_force
from .test_paper import SPEC_OPT


@pytest.mark.parametrize("name", sorted(SPEC_OPT))
def test_golden(name: str) -> None:
    inst = golden(name)
    res = ds.solve(inst, model="completion-patterns")
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(SPEC_OPT[name])
    assert ds.check(inst, res) == []
    bounds = res.stats["bounds"]
    assert bounds["config_lp"] is not None
    assert all(v <= SPEC_OPT[name] + 1e-6 for v in bounds.values() if v is not None)


def test_s5_bandwidth_filter_makes_dmin_attainable() -> None:
    """S5 bw = 3: N = 4 workers have no placement under (2i) (2 off-host workers need 2 Gbps of
    PS bandwidth, a server has 3 - 2 = 1 left), so the configuration filter drops N = 4 and
    d^min is attainable: LB0 = E1's LP = the configuration LP = OPT = 5 (with N = 4 listed, as
    before the exact filter, E1's LP mixed placements down to 4)."""
    b = solve_patterns(golden("s5-bw3")).stats["bounds"]
    assert b["lb0"] == pytest.approx(5)
    assert b["lp_relaxation"] == pytest.approx(5)
    assert b["config_lp"] == pytest.approx(5) and b["best"] == pytest.approx(5)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_agrees_with_e1_cpsat_and_brute_force(seed: int, arch: str) -> None:
    inst = tiny(seed=seed, n_jobs=2, n_servers=2, horizon=8, architecture=arch, max_chunks=2)
    bf = brute_force(inst)
    e2 = solve_patterns(inst, lp_bound=False)
    # every host set, no pruning, HiGHS presolve on: the same optimum
    full = solve_patterns(inst, lp_bound=False, dominance=False, mip_presolve=True)
    if math.isinf(bf):
        assert e2.status is Status.INFEASIBLE and full.status is Status.INFEASIBLE
        return
    e1 = exact.solve_milp(inst, lp_bound=False)
    cp = exact.solve_cp(inst, lp_bound=False)
    for res in (e2, full, e1, cp):
        assert res.status is Status.OPTIMAL
        assert res.objective == pytest.approx(bf)
    assert ds.check(inst, e2) == [] and ds.check(inst, full) == []
    assert full.stats["placements"] >= e2.stats["placements"]


@pytest.mark.parametrize(("arch", "seed"), [("ps", 1), ("ps", 4), ("ring", 1), ("ring", 2)])
def test_three_servers_agree_with_cpsat(arch: str, seed: int) -> None:
    inst = tiny(seed=seed, n_jobs=3, n_servers=3, horizon=10, architecture=arch)
    e2 = solve_patterns(inst, lp_bound=False)
    cp = exact.solve_cp(inst, lp_bound=False)
    assert e2.status is cp.status
    if cp.status is Status.OPTIMAL:
        assert e2.objective == pytest.approx(cp.objective)
        assert ds.check(inst, e2) == []


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_config_lp_between_aggregate_lp_and_opt(seed: int, arch: str) -> None:
    inst = tiny(seed=seed, n_jobs=3, n_servers=2, horizon=10, architecture=arch)
    res = solve_patterns(inst, lp_bound=False)
    if res.status is not Status.OPTIMAL:
        assert res.status is Status.INFEASIBLE
        return
    cfg = config_lp(inst)
    agg = aggregate_lp(inst)
    assert cfg is not None and agg is not None
    assert agg - 1e-6 <= cfg <= res.objective + 1e-6


def test_lower_bounds_can_include_the_config_lp() -> None:
    inst = golden("s5-bw3")
    lbs = lower_bounds(inst, config=True)
    assert lbs["config_lp"] == pytest.approx(5) and lbs["best"] == pytest.approx(5)
    assert "config_lp" not in lower_bounds(inst)  # default unchanged


def test_time_limit_reports_incumbent_and_bound_honestly() -> None:
    inst = tiny(seed=1, n_jobs=5, n_servers=2, horizon=16, max_chunks=3)
    res = solve_patterns(inst, options=SolveOptions(time_limit=0.01))
    assert res.status in (Status.TIME_LIMIT, Status.OPTIMAL)
    if res.status is Status.TIME_LIMIT:
        assert res.bound is not None
        assert res.bound >= res.stats["bounds"]["config_lp"] - 1e-6  # the bound folds it in
        if res.objective is not None:
            assert res.bound <= res.objective + 1e-6
            assert ds.check(inst, res) == []


def test_size_limit_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    inst = tiny(seed=1, n_jobs=3, n_servers=3, horizon=10)
    with pytest.raises(InputError) as err:
        patterns.pattern_set(inst, placement_limit=2)
    assert err.value.field == "servers" and "H <= 3" in err.value.reason
    monkeypatch.setattr(patterns, "COLUMN_LIMIT", 5)
    with pytest.raises(InputError, match="pattern columns"):
        ds.solve(inst, model="completion-patterns")
    assert lower_bounds(inst, config=True)["config_lp"] is None  # a bound, not an error
    monkeypatch.setattr(patterns, "COLUMN_LIMIT", 300_000)
    from dlsched.completion.exact import pattern_model

    monkeypatch.setattr(pattern_model, "NONZERO_LIMIT", 10)
    with pytest.raises(InputError, match="matrix nonzeros"):
        ds.solve(inst, model="completion-patterns")


def test_many_servers_fail_fast() -> None:
    """H = 12, D = 3: 2^12 host sets are never listed; the placement count is computed."""
    inst = tiny(seed=0, n_jobs=2, n_servers=12, horizon=8, max_chunks=3)
    with pytest.raises(InputError, match="servers"):
        patterns.pattern_set(inst, dominance=False)


def test_compositions_and_host_sets() -> None:
    comp = patterns.compositions(3, 3)
    assert comp.shape == (10, 3) and (comp.sum(axis=1) == 3).all()
    assert len({tuple(r) for r in comp}) == 10
    assert patterns.compositions(4, 1).tolist() == [[4]]
    assert patterns.host_sets(3, False).shape == (7, 3)
    assert np.array_equal(patterns.host_sets(3, True), np.eye(3, dtype=int))
