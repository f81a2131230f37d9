"""Backend agreement for the OEF LPs: pyomo / cvxpy / highs (matrix form, active set).

Golden values are from notes §9 (exact fractions); the rest compares independent
formulations with each other: the three backends, the active set against the full LP, and the
weighted direct form against the literal replication of notes §3. Every solution is checked with
``ds.check`` and (cooperative) against all n(n-1) envy rows.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import SolveOptions, Status
from dlsched.core.errors import InputError
from dlsched.oef import generate, make, parse
from dlsched.oef.exact import envy_violations, solve_oef
from dlsched.oef.exact.activeset import ActiveSet, equal_split
from dlsched.oef.solution import rows_of

MECHANISMS = ("efficiency", "noncooperative", "cooperative")
REL = 1e-7


def close(a: float, b: float, rel: float = REL) -> bool:
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))


def envy_free(inst, res) -> bool:
    """No envy row of the full LP violated (weighted row-level EF, notes §3/§5)."""
    X = rows_of(inst, res.solution)
    tol = 1e-7 * max(1.0, res.objective)
    return not envy_violations(inst.rows.W, inst.rows.weight, X, tol).any()


def solved(inst, mechanism: str, backend: str, **params):
    res = solve_oef(inst, mechanism, backend=backend, **params)
    assert res.status is Status.OPTIMAL, (backend, mechanism, res.status)
    assert ds.check(inst, res) == []
    if mechanism == "cooperative":
        assert envy_free(inst, res)
    return res


def multi_type(seed: int):
    """Users with 1-3 job types and weights 1-3 (notes §3 weight splitting)."""
    rng = np.random.default_rng(seed)
    k = 3
    users = []
    for i in range(4):
        jts = [{"name": f"j{t}", "speedup": [1.0, *np.cumprod(rng.uniform(1.0, 2.0, k - 1))]}
               for t in range(int(rng.integers(1, 4)))]
        users.append({"name": f"u{i}", "weight": float(rng.integers(1, 4)), "job_types": jts})
    gpus = [{"name": f"g{j}", "count": float(rng.integers(1, 4))} for j in range(k)]
    return parse({"problem": "oef", "gpu_types": gpus, "users": users})


def replicate(inst, mult: list[int]):
    """Literal replication (notes §3): virtual row r becomes mult[r] identical weight-1 users."""
    W = np.repeat(inst.rows.W, mult, axis=0)
    return make(W, inst.capacity), np.repeat(inst.rows.owner, mult)


# --- golden values (notes §9) on the highs backend, both envy modes -------------------------

W1 = [[1, 2], [1, 3], [1, 4]]


@pytest.mark.parametrize("envy", ["full", "lazy"])
def test_golden_cooperative(envy):
    res = solved(make(W1), "cooperative", "highs", envy=envy)  # G2
    assert close(res.objective, 4.5)
    np.testing.assert_allclose(res.solution["allocation"], [[1, 0], [0, 0.5], [0, 0.5]], atol=1e-9)
    res = solved(make([[1, 2], [1, 5]]), "cooperative", "highs", envy=envy)  # G5
    assert close(res.objective, 5.25)
    np.testing.assert_allclose(res.solution["efficiency"], [1.5, 3.75], atol=1e-9)


def test_golden_noncooperative_and_efficiency():
    res = solved(make(W1), "noncooperative", "highs")  # G2b
    assert close(res.objective, float(F(54, 13)))
    assert close(res.solution["level"], float(F(18, 13)))
    np.testing.assert_allclose(res.solution["allocation"],
                               [[1, 5 / 26], [0, 6 / 13], [0, 9 / 26]], atol=1e-9)
    assert close(solved(make(W1), "efficiency", "highs").objective, 5.0)  # G4


def test_golden_weighted_and_multi_type():
    res = solved(make([[1, 2], [1, 5]], weights=[1, 2]), "noncooperative", "highs")  # G6
    assert close(res.objective, 5.0)
    np.testing.assert_allclose(res.solution["allocation"], [[1, 1 / 3], [0, 2 / 3]], atol=1e-9)
    gpus = [{"name": "s", "count": 1}, {"name": "f", "count": 1}]
    inst = parse({"problem": "oef", "gpu_types": gpus,
                  "users": [{"name": "u1", "job_types": [{"name": "a", "speedup": [1, 2]},
                                                         {"name": "b", "speedup": [1, 3]}]},
                            {"name": "u2", "speedup": [1, 5]}]})
    res = solved(inst, "noncooperative", "highs")  # G7: per replica row T = 45/37
    assert close(res.objective, float(F(180, 37)))
    np.testing.assert_allclose(res.solution["efficiency"], [90 / 37, 90 / 37], atol=1e-9)
    np.testing.assert_allclose(rows_of(inst, res.solution)[:2], [[1, 4 / 37], [0, 15 / 37]],
                               atol=1e-9)


# --- three backends agree ---------------------------------------------------------------

AGREE = [generate(6, 3, seed=s, monotone=s % 2 == 0) for s in range(3)] + [
    generate(5, 4, seed=7, weighted=True), multi_type(1), multi_type(2)]


@pytest.mark.parametrize("mechanism", MECHANISMS)
@pytest.mark.parametrize("inst", AGREE, ids=lambda i: i.name)
def test_backends_agree(inst, mechanism):
    objs = {b: solved(inst, mechanism, b).objective for b in ("pyomo", "cvxpy", "highs")}
    if mechanism == "cooperative":
        objs["highs-lazy"] = solved(inst, mechanism, "highs", envy="lazy").objective
    ref = objs["pyomo"]
    assert all(close(v, ref) for v in objs.values()), objs


# --- active set == full LP ------------------------------------------------------------------


@pytest.mark.parametrize("n,k,seed,monotone,weighted", [
    (12, 3, 0, False, False), (20, 4, 1, True, True), (25, 5, 2, False, True),
    (60, 10, 3, True, False), (60, 10, 4, False, False), (60, 6, 5, False, True),
])
def test_lazy_equals_full(n, k, seed, monotone, weighted):
    inst = generate(n, k, seed=seed, monotone=monotone, weighted=weighted)
    full = solved(inst, "cooperative", "highs", envy="full")
    lazy = solved(inst, "cooperative", "highs", envy="lazy")
    assert close(lazy.objective, full.objective, 1e-7), (lazy.objective, full.objective)
    assert lazy.stats["envy_rows"] < full.stats["envy_rows"] == n * (n - 1)
    assert lazy.stats["lazy_rounds"] == len(lazy.stats["round_log"]) - 1


def test_lazy_from_empty_seed_and_auto_mode():
    """The stopping rule alone (no neighbour seed) still reaches the full optimum."""
    inst = generate(40, 4, seed=11)
    full = solved(inst, "cooperative", "highs", envy="full")
    bare = solved(inst, "cooperative", "highs", envy="lazy",
                  active_set=ActiveSet(neighbours=0, partners=1, chain=0))
    auto = solved(inst, "cooperative", "highs")
    assert auto.stats["envy"] == "lazy" and bare.stats["seed_rows"] == 0
    assert close(bare.objective, full.objective) and close(auto.objective, full.objective)


# --- weighted form == literal replication (notes §3) -----------------------------------------


@pytest.mark.parametrize("inst", [generate(5, 3, seed=3, weighted=True), multi_type(4)],
                         ids=lambda i: i.name)
@pytest.mark.parametrize("mechanism", ["noncooperative", "cooperative"])
def test_weighted_equals_replication(inst, mechanism):
    w = inst.rows.weight
    scale = next(c for c in range(1, 100) if np.allclose(w * c, np.round(w * c)))
    mult = np.round(w * scale).astype(int)
    mult //= np.gcd.reduce(mult)
    rep, owner = replicate(inst, mult.tolist())
    a = solved(inst, mechanism, "highs")
    b = solved(rep, mechanism, "highs", envy="full")
    assert close(a.objective, b.objective)
    if mechanism == "noncooperative":  # E is unique here: pi_l T per user
        e_rep = np.zeros(inst.n_users)
        np.add.at(e_rep, inst.rows.owner[np.repeat(np.arange(inst.rows.size), mult)],
                  b.solution["efficiency"])
        np.testing.assert_allclose(a.solution["efficiency"], e_rep, rtol=1e-7, atol=1e-9)
    assert owner.size == rep.n_users


# --- sparsity of non-cooperative vertices (notes §7) -----------------------------------------


@pytest.mark.parametrize("n,seed", [(30, 0), (30, 1), (40, 2), (150, 3), (150, 4)])
def test_noncooperative_vertex_sparsity(n, seed):
    """n >= 100 rows runs IPM + crossover (matrix.IPM_FROM_ROWS): still a vertex."""
    inst = generate(n, 5, seed=seed, weighted=seed % 2 == 1)
    res = solved(inst, "noncooperative", "highs")
    assert res.stats["highs_solver"] == ("ipm" if n >= 100 else "simplex")
    X = rows_of(inst, res.solution)
    assert np.count_nonzero(X) <= inst.rows.size + inst.n_types - 1


# --- honest statuses ------------------------------------------------------------------------


def test_time_limit_returns_envy_free_incumbent_and_valid_bound():
    inst = generate(150, 10, seed=5, monotone=True)
    opt = solved(inst, "cooperative", "highs").objective
    res = solve_oef(inst, "cooperative", backend="highs", envy="lazy",
                    options=SolveOptions(time_limit=1e-4))
    assert res.status is Status.TIME_LIMIT
    assert res.stats["incumbent"] == "equal split"
    np.testing.assert_allclose(rows_of(inst, res.solution), equal_split(inst), atol=1e-12)
    assert ds.check(inst, res) == [] and envy_free(inst, res)
    assert res.objective <= opt * (1 + REL)
    assert res.bound is None or res.bound >= opt * (1 - REL)


def test_full_lp_time_limit_is_not_optimal():
    inst = generate(120, 10, seed=6)
    res = solve_oef(inst, "cooperative", backend="highs", envy="full",
                    options=SolveOptions(time_limit=1e-3))
    assert res.status is Status.TIME_LIMIT
    assert res.solution is None or ds.check(inst, res) == []


def test_bad_envy_mode_names_the_field():
    with pytest.raises(InputError, match="envy"):
        solve_oef(make(W1), "cooperative", backend="highs", envy="most-violated")


def test_thread_count_can_change_between_solves():
    """HiGHS has one global thread pool; the backend resets it instead of failing."""
    inst = generate(8, 3, seed=2)
    objs = [solve_oef(inst, "cooperative", backend="highs", options=SolveOptions(threads=t))
            for t in (1, 2, None)]
    assert all(r.status is Status.OPTIMAL and close(r.objective, objs[0].objective) for r in objs)
