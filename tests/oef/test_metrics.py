"""Property tests (hypothesis) of the OEF mechanisms and baselines on small random instances.

What is asserted is what notes §7 found to hold: cooperative OEF is EF and SI (Thm 5.1);
non-cooperative OEF equalises weighted normalised throughput, is SP under inflation (Thm 5.4),
adjacent under monotone speedup ratios (Thm 5.2) and sparse at a vertex; the efficiency LP (4)
bounds every method; max-min, Gandiva_fair and uncapped Gavel are SI.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.core import PROBLEMS, Result, Status
from dlsched.core.io import read_json
from dlsched.oef import generate
from dlsched.oef import metrics as P
from dlsched.oef.rules import FAIRNESS_OF
from dlsched.oef.solution import rows_of

BASELINES = ("max-min", "gavel", "gandiva-fair")
INSTANCES = Path(__file__).resolve().parents[2] / "instances" / "oef"
small = settings(max_examples=15)

sizes = st.tuples(st.integers(2, 4), st.integers(2, 3))
seeds = st.integers(0, 10**6)


def checked(inst, res: Result) -> Result:
    """``res``, valid on the capacity-only statement of ``inst`` (the baselines' problem; an LP
    solution of any statement is also valid there)."""
    assert res.ok, res.stats
    assert ds.check(inst.with_fairness("none"), res) == []
    return res


def solve(inst, mechanism: str) -> Result:
    """LP ``mechanism`` on ``inst`` stating that LP's problem, valid under that statement."""
    inst = inst.with_fairness(FAIRNESS_OF[f"oef-{mechanism}"])
    res = ds.solve(inst)
    assert res.method == f"oef-{mechanism}" and res.status is Status.OPTIMAL
    assert ds.check(inst, res) == []
    return res


def rows(inst, res: Result) -> np.ndarray:
    return rows_of(inst, res.solution)


@small
@given(sizes, seeds, st.booleans(), st.booleans())
def test_cooperative_is_envy_free_and_sharing_incentive(size, seed, monotone, weighted):
    inst = generate(*size, seed=seed, monotone=monotone, weighted=weighted)
    res = solve(inst, "cooperative")
    verdict = P.properties(inst, res.solution)
    assert verdict["envy_free"]["holds"], verdict["envy_free"]
    assert verdict["sharing_incentive"]["holds"], verdict["sharing_incentive"]


@small
@given(sizes, seeds, st.booleans())
def test_noncooperative_equal_weighted_throughput(size, seed, weighted):
    inst = generate(*size, seed=seed, weighted=weighted)
    res = solve(inst, "noncooperative")
    per_weight = np.einsum("rk,rk->r", inst.rows.W, rows(inst, res)) / inst.rows.weight
    assert per_weight == pytest.approx(np.full(inst.rows.size, res.solution["level"]), rel=1e-7)


@settings(max_examples=8)
@given(sizes, seeds, st.booleans())
def test_noncooperative_liar_never_gains_under_inflation(size, seed, weighted):
    inst = generate(*size, seed=seed, weighted=weighted)
    report = P.strategy_proof_sample(inst, "oef-noncooperative", samples=3, seed=seed,
                                     modes=["inflate"])["inflate"]
    assert report["samples"] == 3 and report["failures"] == 0
    assert report["violations"] == 0, report


@small
@given(sizes, seeds, st.booleans(), st.booleans())
def test_efficiency_lp_bounds_every_method(size, seed, monotone, weighted):
    inst = generate(*size, seed=seed, monotone=monotone, weighted=weighted)
    bound = solve(inst, "efficiency").objective
    eps = 1e-7 * max(1.0, bound)
    totals = {m: solve(inst, m).objective for m in ("cooperative", "noncooperative")}
    totals |= {b: checked(inst, ds.run(inst, b)).objective for b in BASELINES}
    for name, total in totals.items():
        assert total <= bound + eps, name
    # the (weighted) equal split is envy-free, hence feasible for LP (10)
    assert totals["max-min"] <= totals["cooperative"] + eps


@small
@given(sizes, seeds)
def test_noncooperative_adjacent_under_monotone_speedups(size, seed):
    inst = generate(*size, seed=seed, monotone=True)
    res = solve(inst, "noncooperative")
    assert P.adjacency(rows(inst, res), inst.capacity)


@small
@given(sizes, seeds, st.booleans())
def test_noncooperative_vertex_is_sparse(size, seed, weighted):
    inst = generate(*size, seed=seed, weighted=weighted)
    res = solve(inst, "noncooperative")
    assert P.sparsity(rows(inst, res), inst.capacity)
    assert P.properties(inst, res.solution)["sparsity"]["holds"]


@small
@given(sizes, seeds, st.booleans())
def test_noncooperative_is_pareto_efficient(size, seed, weighted):
    inst = generate(*size, seed=seed, weighted=weighted)
    res = solve(inst, "noncooperative")
    assert P.pareto_efficient(inst.rows.W, rows(inst, res), inst.capacity)


@small
@given(sizes, seeds, st.booleans(), st.booleans())
def test_gandiva_fair_and_max_min_are_sharing_incentive(size, seed, monotone, weighted):
    inst = generate(*size, seed=seed, monotone=monotone, weighted=weighted)
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    for name in ("gandiva-fair", "max-min"):
        X = rows(inst, checked(inst, ds.run(inst, name)))
        assert P.sharing_incentive(W, X, m, pi), name
    gandiva = ds.run(inst, "gandiva-fair")
    assert gandiva.stats["stopped"] == "no profitable trade"
    for t in gandiva.solution["trades"]:  # price strictly above the seller's ratio, <= buyer's
        ratio = W[:, t["fast"]] / W[:, t["slow"]]
        assert ratio[t["seller"]] < t["price"] <= ratio[t["buyer"]] + 1e-12


@small
@given(sizes, seeds, st.booleans())
def test_uncapped_gavel_is_sharing_incentive(size, seed, weighted):
    inst = generate(*size, seed=seed, weighted=weighted)
    res = checked(inst, ds.run(inst, "gavel", cap=None))
    assert res.solution["level"] >= 1 - 1e-9  # the equal split is feasible without the cap
    assert P.sharing_incentive(inst.rows.W, rows(inst, res), inst.capacity, inst.rows.weight)


def test_multitype_rows_of_gandiva_fair_are_feasible_and_si():
    inst = ds.load(INSTANCES / "paper-multitype.json")
    res = checked(inst, ds.run(inst, "gandiva-fair"))
    assert P.properties(inst, res.solution)["sharing_incentive"]["holds"]


def test_problem_hooks_and_metrics():
    prob = PROBLEMS.get("oef")
    assert inspect.unwrap(prob.properties) is P.properties and prob.metrics is P.metrics
    inst = generate(3, 2, seed=7)
    res = solve(inst, "cooperative")
    got = prob.metrics(inst, res)
    assert set(got) == {"si", "ef", "pe", "adjacent", "sparse", "total_efficiency"}
    assert got["si"] == got["ef"] == 1.0
    assert got["total_efficiency"] == pytest.approx(res.objective, rel=1e-9)
    assert prob.metrics(inst, Result("oef", "x", Status.INFEASIBLE)) == {}


def test_unknown_mechanism_and_mode_are_input_errors():
    inst = generate(2, 2, seed=0)
    with pytest.raises(ds.InputError, match="mechanism"):
        P.strategy_proof_sample(inst, "no-such-thing", samples=1)
    with pytest.raises(ds.InputError, match="modes"):
        P.strategy_proof_sample(inst, "max-min", samples=1, modes=["deflate"])
    with pytest.raises(ds.InputError, match="cap"):
        ds.run(inst, "gavel", cap="nope")


def test_cli_check_prints_properties(tmp_path, capsys):
    from dlsched.cli import main

    coop = str(INSTANCES / "paper-w1.json")  # states LP (10): Gavel's allocation envies
    res = ds.run(ds.load(coop), "gavel")
    ds.save(res, tmp_path / "gavel.json")
    assert main(["check", coop, str(tmp_path / "gavel.json")]) != 0
    capsys.readouterr()
    inst_path = str(tmp_path / "w1-capacity-only.json")
    ds.save(ds.load(coop).with_fairness("none"), inst_path)
    assert main(["check", inst_path, str(tmp_path / "gavel.json"), "-o",
                 str(tmp_path / "verdict.json")]) == 0
    out = capsys.readouterr().out
    assert "envy_free" in out and "pareto_efficient" in out
    verdict = read_json(tmp_path / "verdict.json")
    assert verdict["properties"]["envy_free"]["holds"] is False  # notes G3: u3 envies u2
    assert verdict["properties"]["sharing_incentive"]["holds"] is True
