"""The typed OEF Solution: every registered method returns it, JSON round trip is exact, a
malformed solution names its field, and the modules that moved keep their old import paths."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import copy
import importlib
import json
import sys

import pytest

import dlsched as ds
from dlsched.core import ALGORITHMS, MODELS, InputError
from dlsched.core.io import from_dict
from dlsched.oef import MOVED
from dlsched.oef.rules import for_model
from dlsched.oef.solution import RowAllocation, Solution, Trade
from tests.oef.common import load

METHODS = [("model", n) for n, _ in MODELS.items("oef")] + \
          [("algorithm", n) for n, _ in ALGORITHMS.items("oef")]


@pytest.fixture(scope="module")
def results():
    """Every registered OEF method on the paper's toy W_1 (one slow, one fast GPU) and the
    statement it is judged by: an exact model its own (``for_model``), a baseline the
    capacity-only one (Gavel's and Gandiva_fair's allocations envy, notes §9 G1-EF, G3)."""
    inst = load("paper-w1")
    out, stated = {}, {}
    for kind, name in METHODS:
        stated[name] = for_model(inst, name) if kind == "model" else inst.with_fairness("none")
        out[name] = ds.solve(stated[name], model=name) if kind == "model" \
            else ds.run(inst, name)
    return stated, out


def test_every_method_is_covered():
    names = {n for _, n in METHODS}
    assert {"oef-efficiency", "oef-noncooperative", "oef-cooperative", "max-min", "gavel",
            "gandiva-fair", "oef-placer"} <= names


@pytest.mark.parametrize("name", [n for _, n in METHODS])
def test_method_returns_the_typed_solution_and_it_round_trips(results, name):
    inst, res = results
    sol = res[name].solution
    assert isinstance(sol, Solution)
    data = sol.to_json()
    assert type(data) is dict
    again = Solution.from_json(data)
    assert again.to_json() == data
    assert json.loads(json.dumps(data)) == data  # plain JSON, no numpy leftovers
    assert Solution.from_json(json.loads(json.dumps(data))).to_json() == data
    assert ds.check(inst[name], res[name]) == []


@pytest.mark.parametrize("name", [n for _, n in METHODS])
def test_result_file_is_typed_again_on_load(results, name):
    _, res = results
    back = from_dict(json.loads(json.dumps(res[name].to_dict())))
    assert isinstance(back.solution, Solution)
    assert back.solution.to_json() == res[name].solution.to_json()


def test_fields_are_typed_records(results):
    _, res = results
    coop = res["oef-cooperative"].solution
    assert isinstance(coop.rows[0], RowAllocation) and coop.rows[0].user == "u1"
    # W_1 under LP (10) (notes §9 G2): X* = [[1, 0], [0, 1/2], [0, 1/2]], E = [1, 1.5, 2]
    flat = [x for row in coop.allocation for x in row]
    assert flat == pytest.approx([1, 0, 0, 0.5, 0, 0.5], abs=1e-9)
    assert coop.total_efficiency == pytest.approx(4.5, abs=1e-9)
    gf = res["gandiva-fair"].solution
    assert gf.trades and all(isinstance(t, Trade) for t in gf.trades)
    placer = res["oef-placer"].solution
    assert placer.rounds is not None and placer.ideal is not None
    assert all(isinstance(g, int) for grant in placer.rounds for row in grant for g in row)
    assert res["oef-noncooperative"].solution.level is not None


def test_solution_is_read_only_and_to_json_is_a_fresh_copy(results):
    _, res = results
    sol = res["gavel"].solution
    with pytest.raises(TypeError):
        sol["level"] = 0.0  # type: ignore[index]
    with pytest.raises(TypeError):
        sol["allocation"][0][0] = 9.0
    with pytest.raises(AttributeError):
        sol.level = 0.0  # type: ignore[misc]
    data = sol.to_json()
    data["allocation"][0][0] = 9.0
    data["rows"][0]["weight"] = 7.0
    assert sol["allocation"][0][0] != 9.0 and sol.rows[0].weight != 7.0


def test_numbers_and_unknown_keys_survive_exactly():
    data = {"allocation": [[1, 0.5]], "note": {"by": "hand", "n": [1, 2]},
            "rows": [{"user": "a", "job_type": "a", "weight": 1, "allocation": [1, 0.5],
                      "efficiency": 2, "tag": "x"}],
            "trades": [{"slow": 0, "fast": 1, "buyer": 0, "seller": 1, "price": 2,
                        "quantity": 0.5, "rule": "midpoint", "why": None}]}
    sol = Solution.from_json(data)
    out = sol.to_json()
    assert out == data
    assert type(out["allocation"][0][0]) is int and type(out["rows"][0]["weight"]) is int
    assert sol.extra == {"note": {"by": "hand", "n": [1, 2]}}
    assert sol.rows[0].extra == {"tag": "x"} and sol.trades[0].extra == {"why": None}
    data["note"]["n"].append(3)  # the solution holds its own copy
    assert sol.to_json()["note"] == {"by": "hand", "n": [1, 2]}


def _set(data: dict, path: tuple, value) -> dict:
    data = copy.deepcopy(data)
    *head, last = path
    target = data
    for key in head:
        target = target[key]
    if value is _DELETE:
        del target[last]
    else:
        target[last] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(("path", "value", "field"), [
    (("allocation",), _DELETE, "allocation"),
    (("allocation",), 3.0, "allocation"),
    (("allocation", 1), "0, 1", "allocation[1]"),
    (("allocation", 1, 0), "x", "allocation[1][0]"),
    (("allocation", 2, 1), True, "allocation[2][1]"),
    (("efficiency", 0), None, "efficiency[0]"),
    (("total_efficiency",), "4.5", "total_efficiency"),
    (("rows",), {"user": "u1"}, "rows"),
    (("rows", 0, "user"), _DELETE, "rows[0].user"),
    (("rows", 1, "job_type"), 2, "rows[1].job_type"),
    (("rows", 2, "allocation", 1), None, "rows[2].allocation[1]"),
    (("rows", 2, "efficiency"), [2.0], "rows[2].efficiency"),
    (("rows", 0), [1, 0], "rows[0]"),
    (("level",), None, "level"),
    (("rounds", 0, 1, 0), 0.5, "rounds[0][1][0]"),
    (("rounds", 3), 1, "rounds[3]"),
    (("ideal", 0, 1), "0", "ideal[0][1]"),
    (("trades", 0, "price"), "3", "trades[0].price"),
    (("trades", 0, "buyer"), 1.0, "trades[0].buyer"),
    (("trades", 0, "rule"), _DELETE, "trades[0].rule"),
])
def test_malformed_solution_names_the_field(path, value, field):
    good = {"allocation": [[1.0, 0.0], [0.0, 0.5], [0.0, 0.5]],
            "efficiency": [1.0, 1.5, 2.0], "total_efficiency": 4.5,
            "rows": [{"user": f"u{i + 1}", "job_type": f"u{i + 1}", "weight": 1.0,
                      "allocation": a, "efficiency": e}
                     for i, (a, e) in enumerate([([1.0, 0.0], 1.0), ([0.0, 0.5], 1.5),
                                                 ([0.0, 0.5], 2.0)])],
            "level": 1.5, "rounds": [[[1, 0], [0, 1], [0, 0]]] * 4,
            "ideal": [[1.0, 0.0], [0.0, 0.5], [0.0, 0.5]],
            "trades": [{"slow": 0, "fast": 1, "buyer": 0, "seller": 2, "price": 3.0,
                        "quantity": 0.5, "rule": "second-price"}]}
    assert Solution.from_json(good).to_json() == good
    with pytest.raises(InputError) as err:
        Solution.from_json(_set(good, path, value))
    assert err.value.field == field


def test_not_an_object_is_refused():
    with pytest.raises(InputError) as err:
        Solution.from_json([[1.0]])  # type: ignore[arg-type]
    assert err.value.field == "solution"


def test_validator_still_sees_a_malformed_dict():
    inst = load("paper-w1")
    assert ds.check(inst, {"allocation": [[1, 0], [0, 1]]}) != []  # wrong shape, no typing
    assert ds.check(inst, Solution.from_json({"allocation": [[1, 0], [0, 0.5], [0, 0.5]]})) == []
    over = Solution.from_json({"allocation": [[1, 0], [0, 0.75], [0, 0.5]]})
    assert any("capacity" in v for v in ds.check(inst, over))


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_old_module_paths_import_with_a_deprecation_warning(old, new):
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match="moved to"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_the_moved_modules_are_the_documented_ones():
    assert {o.rpartition(".")[2]: n.removeprefix("dlsched.oef.") for o, n in MOVED.items()} == {
        "activeset": "exact.activeset", "certificate": "exact.bounds",
        "crosscheck": "exact.crosscheck", "fast": "exact.highs", "matrix": "exact.matrix",
        "placer": "algorithms.placer", "gavel": "baselines.gavel",
        "gavel_data": "support.gavel_data", "jobsim": "support.jobsim",
        "properties": "metrics"}
