"""The column-generation engine of ojpp-patterns on plain vector packing (issue 10.6).

Optima are known independently: by construction (perfect packings: every device filled exactly
in every dimension, so the volume bound is the optimum) or by brute force over all partitions of
tiny item sets. Every returned packing goes through the independent validator.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.ojpp import read_vbp
from dlsched.ojpp.exact.pricing import KnapsackOracle, integer_data
from dlsched.ojpp.support.vbp_classes import (
    CLASSES,
    from_weights,
    known_optimum,
    vbp_instance,
    vbp_weights,
    write_vbp,
)


def brute_force_bins(weights: np.ndarray, cap: np.ndarray) -> int:
    """Fewest bins by dynamic programming over subsets (items <= 8)."""
    n = len(weights)
    full = (1 << n) - 1
    fits = [bool(np.all(sum((weights[i] for i in range(n) if m >> i & 1),
                            np.zeros_like(cap)) <= cap)) for m in range(full + 1)]

    @cache
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        low = mask & -mask
        rest = mask ^ low
        out, sub = n + 1, rest
        while True:  # every subset of rest, joined with the lowest item
            if fits[sub | low]:
                out = min(out, 1 + best(rest ^ sub))
            if sub == 0:
                break
            sub = (sub - 1) & rest
        return out

    return best(full)


def solve_ok(inst, **kw):
    res = ds.solve(inst, model="ojpp-patterns", **kw)
    assert res.solution is not None and res.objective is not None, res.summary()
    assert ds.check(inst, res) == [], res.summary()
    assert res.bound is not None and res.bound <= res.objective
    return res


# ---- the generator ---------------------------------------------------------------------------

RANGES = {"1": (100, 400, 1000), "2": (1, 1000, 1000), "3": (200, 800, 1000),
          "4": (50, 200, 1000), "5": (25, 100, 1000), "6": (20, 100, 150)}


@pytest.mark.parametrize("cls", sorted(CLASSES))
def test_classes_follow_their_definitions(cls):
    w, cap = vbp_weights(cls, d=3, n=30, seed=4)
    assert w.shape == (30, 3) and np.all(w >= 0) and np.all(w <= cap)
    if cls in RANGES:
        lo, hi, c = RANGES[cls]
        assert np.all(cap == c) and w.min() >= lo and w.max() <= hi
    elif cls == "7":
        assert np.all(cap == 150) and np.all(np.abs(w[:, 1:] - w[:, :1]) <= 10)
    elif cls == "8":
        assert np.all(cap == 150) and np.all(np.abs(w[:, 1:] + w[:, :1] - 120) <= 10)
    elif cls == "9":
        bins = -(-int(w.sum(axis=0).max()) // 1000)
        assert np.all(-(-w.sum(axis=0) // cap) <= bins)  # every dimension needs <= L bins
    elif cls == "10":
        assert np.all(cap == 100)
        assert np.all(w.reshape(-1, 3, 3).sum(axis=1) == 100)  # triplets (rows 3t..3t+2) fill
        assert np.all(w >= 0)  # a bin exactly in every dimension
    else:
        assert np.all(w.sum(axis=0) == cap * known_optimum(cls, 3, 30, 4))
    assert np.array_equal(vbp_weights(cls, 3, 30, 4)[0], w)  # reproducible by seed


def test_vbp_file_round_trip(tmp_path):
    w, cap = vbp_weights("4", d=5, n=20, seed=1)
    inst = read_vbp(write_vbp(tmp_path / "x.vbp", w, cap))
    ref = vbp_instance("4", d=5, n=20, seed=1)
    assert np.array_equal(inst.demand, ref.demand) and np.array_equal(inst.omega, ref.omega)
    assert np.array_equal(inst.cap, ref.cap) and inst.is_vector_packing


# ---- optima known by construction -------------------------------------------------------------

@pytest.mark.parametrize("cls,d,n,seed", [
    ("perfect", 3, 24, 0), ("perfect", 5, 20, 1), ("perfect", 2, 28, 2), ("10", 3, 30, 0),
    ("10", 5, 18, 3),
])
def test_perfect_packings_are_proven(cls, d, n, seed):
    inst = vbp_instance(cls, d, n, seed)
    res = solve_ok(inst, time_limit=60)
    assert res.status is ds.Status.OPTIMAL, res.summary()
    assert res.objective == res.bound == known_optimum(cls, d, n, seed)


def test_fractional_perfect_packing_k_over_1024():
    # issue 10: 2-D perfect packings with sizes k/1024 on unit devices (35 items, 8 devices)
    rng = np.random.default_rng(7)
    rows = []
    for k in [5, 5, 5, 4, 4, 4, 4, 4]:
        cuts = [np.diff(np.r_[0, np.sort(rng.choice(np.arange(1, 1024), k - 1, False)), 1024])
                for _ in range(2)]
        rows += list(np.column_stack(cuts))
    jobs = [{"name": f"j{i}", "workers": 1, "compute": a / 1024, "mem_base": b / 1024}
            for i, (a, b) in enumerate(rows)]
    inst = ds.ojpp.parse({"problem": "ojpp", "jobs": jobs})
    assert integer_data(inst) is not None  # dyadic data are scaled exactly
    res = solve_ok(inst, time_limit=60)
    assert res.status is ds.Status.OPTIMAL and res.objective == 8, res.summary()


# ---- brute force on tiny instances ------------------------------------------------------------

@st.composite
def tiny_vbp(draw):
    d = draw(st.integers(1, 3))
    cap = np.array([draw(st.integers(8, 12)) for _ in range(d)])
    n = draw(st.integers(1, 8))
    w = np.array([[draw(st.integers(1, int(c))) for c in cap] for _ in range(n)])
    if n >= 2 and draw(st.booleans()):
        w[-1] = w[0]  # identical items become one job with two workers
    return w, cap


@settings(max_examples=30)
@given(tiny_vbp())
def test_engine_matches_brute_force(data):
    w, cap = data
    inst = from_weights(w, cap, "tiny")
    opt = brute_force_bins(w, cap)
    res = solve_ok(inst)
    assert res.bound <= opt <= res.objective
    assert res.status is ds.Status.OPTIMAL and res.objective == opt


@settings(max_examples=30)
@given(tiny_vbp(), st.lists(st.floats(0, 1.5), min_size=8, max_size=8))
def test_knapsack_pricing_bound_is_valid(data, pi):
    w, cap = data
    inst = from_weights(w, cap, "tiny")
    pi = np.array(pi[: inst.n_jobs])
    oracle = KnapsackOracle(integer_data(inst), inst.omega)
    # brute force: every count vector within omega that fits
    grids = np.array(np.meshgrid(*[np.arange(o + 1) for o in inst.omega])).reshape(
        inst.n_jobs, -1).T
    feas = grids[np.all(grids @ integer_data(inst).W <= integer_data(inst).C, axis=1)]
    best = float((feas @ pi).max())
    out = oracle.exact(pi, None)
    assert out.upper is not None and out.upper >= best - 1e-9
    assert out.upper <= best + 1e-4  # the rounding slack is tiny
    for a in out.columns:
        assert oracle.fits(a) and np.all(a <= inst.omega) and a @ pi > 1


def test_integer_data_scales():
    def inst_of(values):
        jobs = [{"name": f"j{i}", "workers": 1, "compute": v} for i, v in enumerate(values)]
        return ds.ojpp.parse({"problem": "ojpp", "jobs": jobs})

    data = integer_data(inst_of([3 / 1024, 0.5, 1 / 1024]))
    assert data.C[0] == 1024 and data.W[:, 0].tolist() == [3, 512, 1]
    data = integer_data(inst_of([0.3, 0.25, 0.1]))
    assert data.C[0] == 100 and data.W[:, 0].tolist() == [30, 25, 10]
    assert integer_data(inst_of([1 / 3, 0.5])) is None


# ---- stopping early --------------------------------------------------------------------------

@pytest.mark.parametrize("cls", ["4", "9"])
def test_tiny_time_limit_still_returns_a_valid_packing(cls):
    inst = vbp_instance(cls, 3, 40, 2)
    res = solve_ok(inst, time_limit=0.01)
    assert res.status in (ds.Status.OPTIMAL, ds.Status.TIME_LIMIT)
    assert res.runtime_s < 1.5


def test_lower_bounds_never_exceed_a_known_optimum():
    for seed in range(3):
        inst = vbp_instance("perfect", 3, 40, seed)
        res = solve_ok(inst, time_limit=0.3)
        assert res.bound <= known_optimum("perfect", 3, 40, seed) <= res.objective


def test_brute_force_helper_on_a_hand_example():
    # 3 items of 6 in one dimension with capacity 10 need 3 bins; 6 + 4 fit together
    assert brute_force_bins(np.array([[6], [6], [6]]), np.array([10])) == 3
    assert brute_force_bins(np.array([[6], [4], [6], [4]]), np.array([10])) == 2


# ---- the engine's parts ----------------------------------------------------------------------

@settings(max_examples=25)
@given(tiny_vbp())
def test_column_generation_reaches_the_full_lp(data):
    from scipy.optimize import linprog

    from dlsched.ojpp.exact.colgen import _Run
    from dlsched.ojpp.exact.pricing import make_oracle
    from dlsched.ojpp.support.patterns import enumerate_patterns

    w, cap = data
    inst = from_weights(w, cap, "tiny")
    A = enumerate_patterns(inst).A  # every feasible pattern (independent DFS)
    ref = linprog(np.ones(len(A)), A_ub=-A.T, b_ub=-inst.omega, bounds=(0, None), method="highs")
    run = _Run(inst, make_oracle(inst), None)
    run.master.add(list(np.eye(inst.n_jobs, dtype=np.int64)))
    run.best = np.eye(inst.n_jobs, dtype=np.int64).repeat(inst.omega, axis=0)  # never closed
    z, _, converged = run.generate(True, 30.0, early=False)
    assert converged and z == pytest.approx(ref.fun, abs=1e-6)
    assert run.bound <= brute_force_bins(w, cap)


@settings(max_examples=25)
@given(tiny_vbp())
def test_fixed_device_count_search_matches_brute_force(data):
    import time

    from dlsched.ojpp.exact.fixed_bins import fits_in
    from dlsched.ojpp.solution import make_solution

    w, cap = data
    inst = from_weights(w, cap, "tiny")
    opt = brute_force_bins(w, cap)
    verdict, Y = fits_in(integer_data(inst), inst.omega, opt, time.perf_counter() + 30)
    assert verdict == "feasible"
    assert ds.check(inst, make_solution(inst, Y)) == []
    if opt >= 2:
        assert fits_in(integer_data(inst), inst.omega, opt - 1, time.perf_counter() + 30)[0] \
            == "infeasible"


def test_covering_solution_becomes_a_packing():
    from dlsched.ojpp.exact.master import to_packing

    cols = [np.array([2, 1]), np.array([0, 2])]
    Y = to_packing(cols, np.array([1, 2]), np.array([2, 3]))  # covers (2, 5): 2 surplus of job 1
    assert Y.sum(axis=0).tolist() == [2, 3] and len(Y) <= 3
    kept = [tuple(y) for y in Y]
    assert all(k in {(2, 1), (0, 2), (0, 1), (2, 0), (1, 1), (1, 0)} for k in kept)
