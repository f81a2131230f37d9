"""``completion-interval`` (interval CP-SAT, the default exact model): Smith's rule on
single-machine instances (value computed here, independently), brute force and the other exact
models on tiny PS / Ring instances, validator on every schedule, truthful statuses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.exact.incumbent import incumbent_pool
from dlsched.completion.exact.interval import solve_interval
from dlsched.completion.generate import generate, tiny
from dlsched.completion.support.lists import wspt_list
from dlsched.core import SolveOptions, Status
from dlsched.core.registry import PROBLEMS

from .bruteforce import brute_force

SMALL = {"n_worker_types": 2, "n_ps_types": 2, "max_chunks": 4, "epochs": (1, 3),
         "minibatches": (5, 20), "minibatch_time": (0.05, 0.2), "kappa": 0.5}


def smith_value(p: np.ndarray, w: np.ndarray) -> float:
    """sum w_j C_j of WSPT on one machine from time 1 (arrivals are 1, C_j = 1 + prefix)."""
    order = sorted(range(len(p)), key=lambda j: p[j] / w[j])
    t, total = 1.0, 0.0
    for j in order:
        t += p[j]
        total += w[j] * t
    return total


def test_default_model_is_the_interval_model() -> None:
    assert PROBLEMS.get("completion").default_model == "completion-interval"


@pytest.mark.parametrize("seed", range(3))
def test_single_machine_generator_is_smiths_problem(seed: int) -> None:
    inst = generate(kind="single-machine", n=6, seed=seed)
    p, w = inst.minibatch_time[:, 0], inst.weight
    assert inst.n_servers == 1 and (inst.arrival == 1).all()
    # every order of the jobs back to back from slot 1: Smith's value is the minimum
    best = min(sum(w[j] * (1 + sum(p[i] for i in perm[:k + 1])) for k, j in enumerate(perm))
               for perm in itertools.permutations(range(6)))
    assert best == pytest.approx(smith_value(p, w))


@pytest.mark.parametrize("seed", range(3))
def test_single_machine_optimum_is_smiths_value(seed: int) -> None:
    inst = generate(kind="single-machine", n=12, seed=seed)
    res = solve_interval(inst, options=SolveOptions(time_limit=30, threads=1))
    assert res.status is Status.OPTIMAL
    assert res.objective == smith_value(inst.minibatch_time[:, 0], inst.weight)
    assert ds.check(inst, res) == []


def test_single_machine_without_hint_still_reaches_smith() -> None:
    inst = generate(kind="single-machine", n=8, seed=5)
    res = solve_interval(inst, warm_start=False, options=SolveOptions(time_limit=30, threads=1))
    assert res.status is Status.OPTIMAL and "warm_start" not in res.stats
    assert res.objective == smith_value(inst.minibatch_time[:, 0], inst.weight)
    assert ds.check(inst, res) == []


def test_wspt_list_is_valid_and_nonpreemptive() -> None:
    inst = generate(n_jobs=8, n_servers=3, horizon=40, seed=1, architecture="ps", **SMALL)
    res = wspt_list(inst, 400)
    assert res is not None and ds.check(inst, res) == []
    assert all("segments" not in r for r in res.solution["jobs"].values())
    best = incumbent_pool(inst, 400)
    assert best is not None and best.objective <= res.objective


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_interval_agrees_with_brute_force(seed: int, arch: str) -> None:
    inst = tiny(seed=seed, n_jobs=2, n_servers=2, horizon=8, architecture=arch, max_chunks=2)
    bf = brute_force(inst)
    res = solve_interval(inst)
    if np.isinf(bf):
        assert res.status is Status.INFEASIBLE and res.solution is None
        return
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(bf)
    assert ds.check(inst, res) == []


@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_interval_agrees_with_cpsat_and_milp(arch: str) -> None:
    inst = tiny(seed=3, n_jobs=4, n_servers=2, horizon=12, architecture=arch)
    ours = solve_interval(inst)
    cp = exact.solve_cp(inst, lp_bound=False)
    milp = exact.solve_milp(inst, lp_bound=False)
    assert ours.status is cp.status is milp.status is Status.OPTIMAL
    assert ours.objective == pytest.approx(cp.objective)
    assert ours.objective == pytest.approx(milp.objective)
    assert ds.check(inst, ours) == []


@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_time_limited_run_keeps_an_incumbent_and_is_truthful(arch: str) -> None:
    inst = generate(n_jobs=10, n_servers=3, horizon=40, seed=1, architecture=arch, **SMALL)
    res = solve_interval(inst, options=SolveOptions(time_limit=0.2, threads=1))
    assert res.objective is not None and ds.check(inst, res) == []
    assert res.bound is not None and res.bound <= res.objective + 1e-6
    if res.status is not Status.OPTIMAL:
        assert res.status is Status.TIME_LIMIT and res.gap > 0
