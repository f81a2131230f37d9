"""Column-generation bound: below the brute-force optimum (also after one iteration), at least
LB0, Lagrangian <= master LP, and carried by every exact result."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.exact.bounds import colgen_bound, lb0, lower_bounds, statement_tmax
from dlsched.completion.exact.colgen import colgen_bound as colgen_engine
from dlsched.completion.generate import tiny
from dlsched.core import InputError

from .bruteforce import brute_force

CASES = [(arch, seed) for arch in ("ps", "ring") for seed in range(5)]


@pytest.mark.parametrize(("arch", "seed"), CASES)
def test_bound_below_brute_force_optimum(arch: str, seed: int) -> None:
    # a hard horizon: "instance" is the statement's T_max (brute force: schedules ending by T)
    inst = dataclasses.replace(tiny(seed=seed, n_jobs=3, n_servers=2, horizon=12,
                                    architecture=arch), horizon_hard=True)
    opt = brute_force(inst)
    full = colgen_bound(inst, "instance")
    early = colgen_bound(inst, "instance", max_iterations=1)
    assert full.converged
    assert full.bound <= opt + 1e-6
    assert early.bound <= full.bound + 1e-6  # the best-so-far bound only grows
    assert full.bound >= lb0(inst) - 1e-6  # the first iteration prices at zero duals = LB0
    assert full.bound <= full.lp + 1e-6  # Lagrangian <= restricted master LP
    assert all(h <= opt + 1e-6 for h in full.history)  # every iteration's bound is valid


def test_bound_reaches_lp_strength_and_beats_lb0_somewhere() -> None:
    gains = []
    for seed in range(5):
        inst = tiny(seed=seed, n_jobs=3, n_servers=2, horizon=12)
        lbs = lower_bounds(inst, lp=True, colgen=True)
        gains.append(lbs["colgen"] - lbs["lb0"])
        # the aggregated capacity rows are sums of the class rows: never stronger than colgen
        assert lbs["aggregate_lp"] <= lbs["colgen"] + 1e-6
    assert max(gains) > 0


def test_uncapped_bound_is_below_uncapped_optimum() -> None:
    # the uncapped optimum is the optimum under the extended horizon (notes §2.4)
    for seed in range(3):
        inst = tiny(seed=seed, n_jobs=3, n_servers=2, horizon=8)
        cp = exact.solve_cp(inst, horizon="extended")
        assert cp.status.value == "optimal"
        b = colgen_bound(inst, None, rows=int(inst.horizon))  # rows cut short: still valid
        assert b.bound <= cp.objective + 1e-6


def test_no_schedule_within_the_horizon_gives_none() -> None:
    inst = tiny(seed=1, n_jobs=2, horizon=12)
    assert colgen_engine(inst, 1).bound is None  # the unchecked engine: schedules ending by 1


def test_a_restrictions_bound_is_refused() -> None:
    """The public bound states the instance: a cap below the extended horizon on an open
    instance, or below T on a hard one, would bound a restriction."""
    inst = tiny(seed=1, n_jobs=2, horizon=12)
    ext = statement_tmax(inst)  # here max(T, ...) = T = 12: an int cap of 12 is the statement
    assert ext == 12
    for tmax in ("instance", 1, ext - 1):
        with pytest.raises(InputError) as err:
            colgen_bound(inst, tmax)
        assert err.value.field == "tmax"
    assert colgen_bound(inst, ext).bound == pytest.approx(colgen_bound(inst, None).bound)
    hard = dataclasses.replace(inst, horizon_hard=True)
    with pytest.raises(InputError, match="hard horizon"):
        colgen_bound(hard, 11)
    assert colgen_bound(hard, 13).bound <= colgen_bound(hard, "instance").bound + 1e-6


@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_exact_results_carry_colgen(arch: str) -> None:
    inst = tiny(seed=2, n_jobs=3, n_servers=2, horizon=12, architecture=arch)
    res = exact.solve_cp(inst, lp_bound=False)
    b = res.stats["bounds"]
    # a proven optimum needs no further bound: column generation runs only for open results
    assert res.status is ds.Status.OPTIMAL and b.get("colgen") is None
    info: dict = {}
    b = lower_bounds(inst, res.stats["tmax"], colgen=True, info=info)
    assert b["colgen"] is not None and b["colgen"] <= res.objective + 1e-6
    assert b["best"] == pytest.approx(max(v for k, v in b.items() if k != "best" and v is not None))
    assert info["colgen"]["iterations"] >= 1
    assert np.isfinite(b["colgen"])


def _single_machine(p: list[int], w: list[int]) -> dict:
    """1 || sum w_j C_j as a completion instance: one 1-GPU server, one 1-GPU worker type,
    D = 1, all released at slot 1; job j runs p_j slots (Smith's rule is optimal)."""
    return {"problem": "completion", "schema_version": 1, "name": "smith",
            "architecture": "ring", "horizon": sum(p) + 1,
            "servers": [{"name": "h", "capacity": {"gpu": 1}}],
            "worker_types": [{"name": "m", "demand": {"gpu": 1}, "bandwidth": 1.0}],
            "jobs": [{"name": f"j{i}", "arrival": 1, "weight": wi, "epochs": 1, "chunks": 1,
                      "minibatches_per_chunk": pi, "minibatch_time": {"m": 1.0},
                      "update_time": 0.0, "gradient_size": 0.0}
                     for i, (pi, wi) in enumerate(zip(p, w, strict=True))]}


def test_single_machine_bound_below_smith_optimum() -> None:
    from dlsched.completion.instance import parse

    rng = np.random.default_rng(5)
    p = [int(x) for x in rng.integers(1, 10, 12)]
    w = [int(x) for x in rng.integers(1, 10, 12)]
    order = sorted(range(12), key=lambda j: p[j] / w[j])
    done, opt = 1, 0  # slot 1 is the first start; C = start + duration
    for j in order:
        opt += w[j] * (done + p[j])
        done += p[j]
    inst = parse(_single_machine(p, w))
    full = colgen_bound(inst, None)
    one = colgen_bound(inst, None, max_iterations=1)
    two = colgen_bound(inst, None, max_iterations=2)
    assert lb0(inst) - 1e-6 <= one.bound <= two.bound <= full.bound <= opt + 1e-6
    assert full.converged and full.bound > lb0(inst)  # one machine: the capacity rows bind
