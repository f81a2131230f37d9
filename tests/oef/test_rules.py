"""The problem an OEF instance states (``fairness``), and the validator and models agreeing on it.

Expected values are the notes' exact fractions (§9) or an LP written here with scipy's
``linprog``, never the package's own output.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import linprog

import dlsched as ds
from dlsched.core import InputError
from dlsched.core.io import read_json
from dlsched.oef import dump, generate, make, parse
from dlsched.oef.rules import FAIR_RTOL, MODEL_OF, describe_rules, model_for_rules, rules

from .common import load

LIB = Path(__file__).resolve().parents[2] / "instances" / "lib" / "oef"


def eq6(fairness: str):
    """Notes §9 G5: W = [[1, 2], [1, 5]], m = (1, 1)."""
    return make([[1, 2], [1, 5]], fairness=fairness)


def eq6_tampered(delta: float) -> dict:
    """G5's cooperative optimum X = [[1, 1/4], [0, 3/4]] with delta of the fast GPU moved from
    u1 to u2: u1's own value 1.5 - 2 delta, u2's bundle worth 1.5 + 2 delta to u1."""
    return {"allocation": [[1.0, 0.25 - delta], [0.0, 0.75 + delta]]}


def delta_for(rel: float) -> float:
    """delta whose envy (1.5 + 2d) - (1.5 - 2d) is ``rel`` of the larger value 1.5 + 2d."""
    return 1.5 * rel / (4 - 2 * rel)


# --- the field -------------------------------------------------------------------------------
def test_fairness_defaults_to_none_and_round_trips() -> None:
    data = {"problem": "oef", "gpu_types": [{"name": "g", "count": 1}],
            "users": [{"name": "a", "speedup": [1]}]}
    assert parse(data).fairness == "none"  # files written before the field
    for value in ("none", "cooperative", "noncooperative"):
        inst = parse({**data, "fairness": value})
        assert inst.fairness == value
        assert parse(dump(inst)) == inst
        assert dump(inst)["fairness"] == value


def test_unknown_fairness_is_refused_naming_the_field() -> None:
    data = {"problem": "oef", "gpu_types": [{"name": "g", "count": 1}],
            "users": [{"name": "a", "speedup": [1]}], "fairness": "envy-free"}
    with pytest.raises(InputError) as err:
        parse(data)
    assert err.value.field == "fairness"
    with pytest.raises(InputError, match="fairness"):
        generate(n=2, k=2, seed=0).with_fairness("fair")


def test_rules_words_and_model_of_each_statement() -> None:
    for value, model in (("none", "oef-efficiency"), ("cooperative", "oef-cooperative"),
                         ("noncooperative", "oef-noncooperative")):
        inst = generate(n=3, k=2, seed=0, fairness=value)
        assert rules(inst) == {"fairness": value}
        assert ds.PROBLEMS.get("oef").rules(inst) == {"fairness": value}
        assert model_for_rules(rules(inst)) == model
        assert ds.PROBLEMS.get("oef").model_for(inst) == model
        words = describe_rules(rules(inst))
        assert words[0].startswith("capacity")
    assert any("envy" in s for s in describe_rules({"fairness": "cooperative"}))
    assert any("T" in s for s in describe_rules({"fairness": "noncooperative"}))
    assert len(describe_rules({"fairness": "none"})) == 1


# --- the validator at the boundary -----------------------------------------------------------
def test_exact_cooperative_optimum_of_eq6_is_valid() -> None:
    assert ds.check(eq6("cooperative"), eq6_tampered(0.0)) == []


@pytest.mark.parametrize("rel, ok", [(1e-10, True), (1e-9, True), (1e-4, False), (1e-6, False)])
def test_envy_tamper_at_the_boundary(rel: float, ok: bool) -> None:
    inst = eq6("cooperative")
    errors = ds.check(inst, eq6_tampered(delta_for(rel)))
    assert (errors == []) is ok, errors
    if not ok:
        assert errors[0].startswith("envy: user u1 values user u2's bundle at")
    # the same allocation states no envy row on the capacity-only problem
    assert ds.check(eq6("none"), eq6_tampered(delta_for(rel))) == []


def test_tolerance_is_the_stated_one() -> None:
    inst = eq6("cooperative")
    assert ds.check(inst, eq6_tampered(delta_for(0.5 * FAIR_RTOL))) == []
    assert ds.check(inst, eq6_tampered(delta_for(2 * FAIR_RTOL))) != []


def test_a_solution_cannot_declare_looser_rules() -> None:
    inst = eq6("cooperative")
    sol = {**eq6_tampered(delta_for(1e-3)), "fairness": "none", "mechanism": "efficiency"}
    assert ds.check(inst, sol) != []


def test_weighted_envy_reads_per_unit_of_weight() -> None:
    """pi = (1, 2), W = [[1, 2], [1, 2]], m = (1, 1): x_2 = 2 x_1 is envy-free in the
    weighted (replication) reading and u2's bundle is worth twice u1's to u1."""
    inst = make([[1, 2], [1, 2]], weights=[1, 2], fairness="cooperative")
    assert ds.check(inst, {"allocation": [[1 / 3, 1 / 3], [2 / 3, 2 / 3]]}) == []
    # equal split: u2 values u1's bundle 1.5 per unit of weight > its own 0.75
    errors = ds.check(inst, {"allocation": [[0.5, 0.5], [0.5, 0.5]]})
    assert errors and errors[0].startswith("envy: user u2 values user u1's bundle at 1.5 ")


@pytest.mark.parametrize("rel, ok", [(1e-10, True), (1e-4, False)])
def test_equal_level_tamper_at_the_boundary(rel: float, ok: bool) -> None:
    """G6: rows [1, 2], [1, 5] with pi_2 = 2; X = [[1, 1/3], [0, 2/3]], level 5/3 each. Moving
    d of the fast GPU from u1 to u2 gives levels 5/3 - 2d and 5/3 + 5d/2."""
    inst = make([[1, 2], [1, 5]], weights=[1, 2], fairness="noncooperative")
    d = rel * (5 / 3) / (4.5 - 2.5 * rel)  # (4.5 d) / (5/3 + 2.5 d) = rel
    errors = ds.check(inst, {"allocation": [[1.0, 1 / 3 - d], [0.0, 2 / 3 + d]]})
    assert (errors == []) is ok, errors
    if not ok:
        assert errors[0].startswith("equal level: user u1 gets")


def test_several_job_types_need_rows() -> None:
    inst = load("paper-multitype")
    assert inst.fairness == "noncooperative"
    res = ds.solve(inst)
    sol = res.solution.to_json()
    assert ds.check(inst, sol) == []
    del sol["rows"]
    assert any(e.startswith("rows: missing") for e in ds.check(inst, sol))


def test_placer_output_is_judged_on_its_average() -> None:
    """Rounds near G5's optimum: in both rounds the fast GPU goes to u2 (ideal 3/4), so u1's
    average bundle <1, 0> is worth 1 to u1 and u2's <0, 1> is worth 2 to it: envy."""
    inst = eq6("cooperative")
    rounds = [[[1, 0], [0, 1]], [[1, 0], [0, 1]]]
    sol = {"rounds": rounds, "ideal": [[1, 0.25], [0, 0.75]]}
    errors = ds.check(inst, sol)
    assert any(e.startswith("envy: user u1") for e in errors), errors
    assert ds.check(eq6("none"), sol) == []


# --- the models -------------------------------------------------------------------------------
@pytest.mark.parametrize("model", ["oef-efficiency", "oef-noncooperative"])
def test_other_models_refuse_a_cooperative_instance(model: str) -> None:
    inst = eq6("cooperative")
    with pytest.raises(InputError) as err:
        ds.solve(inst, model=model)
    assert err.value.field == "fairness"
    assert "oef-cooperative" in str(err.value)


def test_cooperative_model_refuses_the_capacity_only_problem() -> None:
    with pytest.raises(InputError, match="use model oef-efficiency or set fairness='cooperative'"):
        ds.solve(eq6("none"), model="oef-cooperative")


@pytest.mark.parametrize("fairness, expected", [
    ("none", 6.0),             # G4-style: slow GPU to either user, fast to u2: 1 + 5
    ("cooperative", 5.25),     # G5
    ("noncooperative", 30 / 7),  # G5-nc
])
def test_solve_picks_the_model_of_the_instance(fairness: str, expected: float) -> None:
    res = ds.solve(eq6(fairness))
    assert res.method == MODEL_OF[fairness]
    assert res.objective == pytest.approx(expected, abs=1e-7)
    assert ds.check(eq6(fairness), res) == []


def _linprog_optimum(inst, fairness: str) -> float:
    """max sum_r W_r.x_r over x >= 0 with capacity and (cooperative) every weighted envy row,
    written here from notes §2-§3 independently of the package's model."""
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    R, k = W.shape
    A, b = [], []
    for j in range(k):
        row = np.zeros(R * k)
        row[j::k] = 1.0
        A.append(row)
        b.append(m[j])
    if fairness == "cooperative":
        for r in range(R):
            for s in range(R):
                if r != s:  # pi_r W_r.x_s - pi_s W_r.x_r <= 0
                    row = np.zeros(R * k)
                    row[s * k:(s + 1) * k] += pi[r] * W[r]
                    row[r * k:(r + 1) * k] -= pi[s] * W[r]
                    A.append(row)
                    b.append(0.0)
    out = linprog(-W.ravel(), A_ub=np.array(A), b_ub=np.array(b), bounds=(0, None),
                  method="highs")
    assert out.status == 0
    return -out.fun


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cooperative_optimum_matches_linprog_and_is_below_lp4(seed: int) -> None:
    inst = generate(n=4, k=3, seed=seed, weighted=seed != 1, fairness="cooperative")
    coop = _linprog_optimum(inst, "cooperative")
    lp4 = _linprog_optimum(inst, "none")
    res = ds.solve(inst)
    assert res.method == "oef-cooperative"
    assert res.objective == pytest.approx(coop, rel=1e-7)
    assert res.bound == pytest.approx(coop, rel=1e-7)
    assert coop <= lp4 + 1e-9
    eff = ds.solve(inst.with_fairness("none"))
    assert eff.objective == pytest.approx(lp4, rel=1e-7)
    # the LP (4) optimum is not envy-free here, so the cooperative instance rejects it
    if lp4 > coop * (1 + 1e-6):
        assert ds.check(inst, eff) != []


def test_max_min_is_valid_on_a_cooperative_instance() -> None:
    """Every row its weighted equal slice: W_r.x_s / pi_s = W_r.m / sum(pi) for every s."""
    inst = generate(n=5, k=3, seed=3, weighted=True, fairness="cooperative")
    assert ds.check(inst, ds.run(inst, "max-min")) == []


# --- the library ------------------------------------------------------------------------------
def _records() -> list[tuple[Path, dict[str, str]]]:
    out = []
    for index in sorted(LIB.glob("*/index.csv")):
        with index.open(newline="") as fh:
            out += [(index.parent, row) for row in csv.DictReader(fh)]
    return out


@pytest.mark.parametrize("rec", _records(), ids=lambda r: f"{r[0].name}/{r[1]['id']}")
def test_every_lib_record_states_the_cooperative_problem(rec) -> None:
    folder, row = rec
    inst = ds.load(folder / row["file"])
    assert inst.fairness == "cooperative"
    assert row["method"] == "oef-cooperative"
    sol = read_json(folder / row["solution_file"])["solution"]  # .json or .json.gz
    assert ds.check(inst, sol) == []
    assert json.loads((folder / "set.json").read_text())["statement"]["rules"] == {
        "fairness": "cooperative"}
