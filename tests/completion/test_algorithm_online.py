"""A_online and its subroutines: notes §6 regression values S7/S8, price-function properties,
determinism, validator on every schedule, ordering OPT <= algorithms, ratio <= 4 alpha."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.algorithms.mincost import (
    Prices,
    mincost_centralised,
    mincost_ps_distributed,
)
from dlsched.completion.algorithms.online import a_maxweight, price, theory_alpha
from dlsched.completion.batch import a_maxweight_batch, check_batch, jain_greedy
from dlsched.completion.generate import generate, tiny
from dlsched.completion.paper import golden
from dlsched.core import Status

ALGORITHMS = ["a-online", "fifo", "drf", "tiresias", "antman"]
# Tiresias and AntMan pause jobs and change their worker counts mid-run: they solve a relaxation
# of E1 (no fixed configuration, no non-preemption) and may beat its optimum, because a mix of
# worker counts wastes less to the ceil() of the slotted durations. Only lb0 binds them: no slot
# progresses more than the fastest configuration's rate, so C_j >= a_j + d^min_j still holds.
NON_PREEMPTIVE = ["a-online", "fifo", "drf"]
# (algorithm, parameters): DRF's elastic variant (notes §5) is recomputed every slot, so it preempts
PREEMPTIVE = [("tiresias", {}), ("antman", {}), ("drf", {"elastic": True})]


def preemptive(inst):
    """The instance under the preemptive statement (``preemption`` true): where the schedules
    of Tiresias, AntMan and elastic DRF are judged (the generated instances are not)."""
    return dataclasses.replace(inst, preemption=True)


def judged(inst, alg: str, res) -> list[str]:
    """Violations of a run: non-preemptive methods on ``inst`` itself; preemptive ones on the
    preemptive statement, after checking that on ``inst`` their only violations (if any) are
    the preempted jobs."""
    if alg in NON_PREEMPTIVE:
        return ds.check(inst, res)
    own = ds.check(inst, res)
    split = [n for n, r in res.solution["jobs"].items() if len(r.get("segments") or []) > 1]
    assert all("but the instance is non-preemptive" in v for v in own)
    assert len(own) == len(split)
    return ds.check(preemptive(inst), res)


def test_s8_online_regression() -> None:
    inst = golden("s3")
    assert ds.run(inst, "a-online", alpha=1).objective == 19  # B in slot 2, A in slot 4
    res = ds.run(inst, "a-online", alpha=4)
    assert res.objective == 55  # B in slot 8, A in slot 16
    assert res.solution["jobs"]["B"]["start"] == 8 and res.solution["jobs"]["A"]["start"] == 16
    assert res.objective <= 4 * 4 * 18


@pytest.mark.parametrize(("w", "weight"), [(1, 1), (20, 40)])
def test_s7_maxweight_regression(w: float, weight: float) -> None:
    inst = golden("s4")
    inst = dataclasses.replace(inst, weight=np.array([w, w], dtype=float))
    out = a_maxweight(inst, [0, 1], tau=4, lam=17.0)
    assert out.weight == weight
    first = out.accepted[0]
    assert (first.cost, first.t, first.d, first.workers) == (0.0, 1, 2, {0: 2})
    if w == 20:
        second = out.accepted[1]
        assert second.cost == pytest.approx(2 * (17 ** (2 / 3) - 1) + 2 * (17 ** 0.5 - 1))
        assert (second.t, second.d, second.workers) == (1, 3, {0: 1})


def test_s7_mincost1_finds_nothing() -> None:
    inst = golden("s4")
    pr = Prices(inst, 4, 17.0)
    assert mincost_ps_distributed(inst, 1, pr) is None  # theta(q=0) = 3.5: d >= 4 > tau - 1
    assert mincost_centralised(inst, 1, pr) is not None


def test_price_function_properties() -> None:
    lam, cap = 101.0, np.array([4.0])
    beta = np.linspace(0, 4, 17)
    d = price(beta, cap, lam)
    assert d[0] == 0.0 and d[-1] == pytest.approx(lam - 1)
    assert np.all(np.diff(d) > 0)


def test_theory_alpha_matches_spec_example() -> None:
    # notes §3.8: lambda ~ 1.35e5, w(J)/w_min ~ 1300 gives alpha ~ 241
    assert abs(theory_alpha(1300.0, 1.0, 1.35e5) - 241) <= 2


@pytest.mark.parametrize("arch", ["ps", "ring"])
@pytest.mark.parametrize("alg", ALGORITHMS)
def test_every_schedule_validates(arch: str, alg: str) -> None:
    inst = generate(n_jobs=6, n_servers=3, horizon=60, architecture=arch, seed=2,
                    n_worker_types=3, n_ps_types=3, max_chunks=8)
    res = ds.run(inst, alg)
    assert res.status is Status.FEASIBLE
    assert judged(inst, alg, res) == []


@pytest.mark.parametrize("alg", [a_maxweight_batch, jain_greedy])
def test_batch_algorithms_validate(alg) -> None:
    inst = generate(n_jobs=6, n_servers=3, horizon=60, architecture="ps", seed=4,
                    n_worker_types=3, n_ps_types=3, max_chunks=8)
    res = alg(inst, tau=40)
    assert check_batch(inst, res.solution, 40) == []
    assert 0 < res.objective <= inst.weight.sum()
    # a schedule of (7) is not a completion schedule: the completion validator rejects it
    # whatever its "deadline" key says (not every job, or starts before arrivals)
    assert len(res.solution["jobs"]) < inst.n_jobs or ds.check(inst, res.solution) != []


@pytest.mark.parametrize("mode", ["fixed", "theory", "adaptive"])
@pytest.mark.parametrize("tie", ["faithful", "earliest"])
def test_modes_validate_and_are_deterministic(mode: str, tie: str) -> None:
    inst = tiny(seed=5, n_jobs=4, n_servers=2, horizon=16)
    a = ds.run(inst, "a-online", alpha_mode=mode, tie=tie)
    b = ds.run(inst, "a-online", alpha_mode=mode, tie=tie)
    assert ds.check(inst, a) == []
    assert a.solution == b.solution
    assert all(r["subrounds"] <= r["alpha"] for r in a.stats["rounds"])


def test_bad_switch_names_the_field() -> None:
    with pytest.raises(ds.InputError, match="alpha_mode"):
        ds.run(golden("s3"), "a-online", alpha_mode="magic")


@given(seed=st.integers(0, 10_000), arch=st.sampled_from(["ps", "ring"]))
def test_bounds_below_opt_below_algorithms(seed: int, arch: str) -> None:
    inst = tiny(seed=seed, n_jobs=3, n_servers=2, horizon=10, architecture=arch, max_chunks=2)
    opt = exact.solve_cp(inst, horizon="extended", lp_bound=True)
    assert opt.status is Status.OPTIMAL
    assert ds.check(inst, opt) == []
    for v in opt.stats["bounds"].values():
        if v is not None:
            assert v <= opt.objective + 1e-6
    for alg in NON_PREEMPTIVE:
        res = ds.run(inst, alg)
        assert ds.check(inst, res) == []
        assert res.objective >= opt.objective - 1e-6
    for alg, params in PREEMPTIVE:
        res = ds.run(inst, alg, **params)
        assert ds.check(preemptive(inst), res) == []
        assert res.objective >= opt.stats["bounds"]["lb0"] - 1e-6
    online = ds.run(inst, "a-online")
    held = online.stats["assumption_i"] == 0 and online.stats["assumption_ii"] == 0
    if held:  # Thm 5 applies only under assumptions (i) and (ii); otherwise recorded only
        alpha = max(r["alpha"] for r in online.stats["rounds"])
        assert online.objective <= 4 * alpha * opt.objective + 1e-6


def test_online_ring_paper_ranges_validate() -> None:
    inst = generate(n_jobs=20, n_servers=20, horizon=150, architecture="ring", seed=1)
    res = ds.run(inst, "a-online")
    assert ds.check(inst, res) == []
    assert math.isfinite(res.objective)


def _batch_opt(inst, tau: int) -> float:
    """Brute-force OPT of the batch problem (7): max weight of jobs completing by tau."""
    import itertools

    from .bruteforce import single_job_schedules

    scheds = []
    for j in range(inst.n_jobs):
        relaxed = dataclasses.replace(inst, arrival=np.ones_like(inst.arrival), horizon=tau - 1)
        scheds.append(single_job_schedules(relaxed, j, tmax=tau - 1))
    best = 0.0
    for subset in itertools.product([0, 1], repeat=inst.n_jobs):
        w = float(np.dot(subset, inst.weight))
        if w <= best:
            continue
        chosen = [j for j in range(inst.n_jobs) if subset[j]]
        if _packs(inst, scheds, chosen, np.zeros((tau + 2, *inst.capacity.shape)), 0):
            best = w
    return best


def _packs(inst, scheds, chosen: list[int], usage: np.ndarray, i: int) -> bool:
    """Depth-first: can jobs chosen[i:] be added to ``usage`` within capacity?"""
    if i == len(chosen):
        return True
    for _, t, d, load in scheds[chosen[i]]:
        if np.all(usage[t:t + d] + load <= inst.capacity + 1e-9):
            usage[t:t + d] += load
            if _packs(inst, scheds, chosen, usage, i + 1):
                return True
            usage[t:t + d] -= load
    return False


@pytest.mark.parametrize("seed", range(4))
def test_maxweight_never_exceeds_batch_optimum(seed: int) -> None:
    inst = tiny(seed=seed, n_jobs=3, n_servers=2, horizon=12, max_chunks=2)
    tau = 6
    res = a_maxweight_batch(inst, tau=tau)
    assert check_batch(inst, res.solution, tau) == []
    opt = _batch_opt(inst, tau)
    assert res.objective <= opt + 1e-9
    greedy = jain_greedy(inst, tau=tau)
    assert check_batch(inst, greedy.solution, tau) == [] and greedy.objective <= opt + 1e-9


def test_tie_rule_default_and_loop_order_variant() -> None:
    inst = generate(n_jobs=8, n_servers=4, horizon=60, seed=2, architecture="ps")
    default = ds.run(inst, "a-online")
    assert default.objective == ds.run(inst, "a-online", tie="earliest").objective
    loop = ds.run(inst, "a-online", tie="loop-order")
    assert loop.objective == ds.run(inst, "a-online", tie="faithful").objective
    # S8 (notes §6) holds under both tie rules: B in slot 8, A in slot 16 at alpha = 4
    for tie in ("earliest", "loop-order"):
        assert ds.run(golden("s3"), "a-online", alpha=4, tie=tie).objective == 55
