"""The typed OJPP Solution: every registered method returns it, its JSON round-trips exactly,
a malformed solution is refused naming the field, and the pre-#21 module paths still import."""

from __future__ import annotations

import importlib
import json
import sys

import pytest

import dlsched as ds
from dlsched.core.errors import InputError
from dlsched.core.registry import ALGORITHMS, MODELS
from dlsched.ojpp import MOVED
from dlsched.ojpp.solution import Solution, make_solution

from .helpers import golden

#: The method names registered before the move (issue #21: names stay as they are).
ALGORITHM_NAMES = {"adjustment", "b-greedy", "best-fit", "c-greedy", "greedy", "heuristic",
                   "i-greedy"}
MODEL_NAMES = {"ojpap-exact", "ojpp-compact", "ojpp-cpsat", "ojpp-patterns"}


def test_the_registered_names_survive_the_move():
    assert {name for name, _ in ALGORITHMS.items("ojpp")} == ALGORITHM_NAMES
    assert {name for name, _ in MODELS.items("ojpp")} == MODEL_NAMES
    assert ds.core.registry.PROBLEMS.get("ojpp").solution_type is Solution


def _result(name: str):
    inst = golden()
    if name == "ojpap-exact":  # OJPAP is stated by the instance
        from dlsched.ojpp.exact.ojpap import ojpap_instance

        inst = ojpap_instance(inst)
    if name in MODEL_NAMES:
        return inst, ds.solve(inst, model=name, time_limit=30)
    return inst, ds.run(inst, name)


@pytest.mark.parametrize("name", sorted(ALGORITHM_NAMES | MODEL_NAMES))
def test_every_method_returns_the_typed_solution_and_it_round_trips(name):
    inst, res = _result(name)
    sol = res.solution
    assert isinstance(sol, Solution)
    data = sol.to_json()
    assert type(data) is dict and data is not sol.to_json()  # a fresh dict every call
    assert Solution.from_json(data).to_json() == data
    # through a file: the JSON text of the dict parses back to the same typed solution
    text = json.loads(json.dumps(res.to_dict()))["solution"]
    assert text == data and Solution.from_json(text) == sol
    # the JSON shape the validator reads
    assert set(data) <= {"devices", "used", "objective_kind"}
    assert data["used"] == sum(1 for d in data["devices"] if d)
    # the validator reads the typed solution as its JSON (the baselines ignore some constraints)
    assert ds.check(inst, sol) == ds.check(inst, data)
    if name not in {"b-greedy", "best-fit", "c-greedy", "i-greedy"}:
        assert ds.check(inst, res) == []
    # hand count on G-O1: 2 + 3 + 2 workers placed
    assert sum(sum(d.values()) for d in data["devices"]) == 7


def test_the_solution_reads_as_a_read_only_mapping():
    sol = make_solution(golden(), [{0: 2}, {1: 3, 2: 2}])
    assert sol["used"] == 2 and sol["devices"][1] == {"B": 3, "C": 2}
    assert sol.devices[0] == {"A": 2} and sol.used == 2
    with pytest.raises(TypeError):
        sol["used"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        sol["devices"][0]["A"] = 1
    with pytest.raises(TypeError):
        sol.devices[0]["A"] = 1  # type: ignore[index]
    copy = sol.to_json()
    copy["devices"][0]["A"] = 1  # the copy is mutable and does not touch the solution
    assert sol["devices"][0]["A"] == 2


def test_unknown_keys_and_integral_floats_survive_the_round_trip():
    data = {"devices": [{"A": 2.0}, {}], "used": 1, "note": {"by": ["hand", 1]},
            "objective_kind": "max_slowdown"}
    sol = Solution.from_json(data)
    assert sol.objective_kind == "max_slowdown" and sol.extra == {"note": {"by": ["hand", 1]}}
    assert sol.to_json() == data
    assert Solution.from_json({"devices": [], "used": 0, "objective_kind": None}).to_json() == \
        {"devices": [], "used": 0, "objective_kind": None}


@pytest.mark.parametrize(("data", "field"), [
    ([], "solution"),
    ({"used": 1}, "devices"),
    ({"devices": {"A": 2}, "used": 1}, "devices"),
    ({"devices": [{"A": 2}, [1]], "used": 2}, "devices[1]"),
    ({"devices": [{"A": -1}], "used": 1}, "devices[0].A"),
    ({"devices": [{"A": 1.5}], "used": 1}, "devices[0].A"),
    ({"devices": [{"A": True}], "used": 1}, "devices[0].A"),
    ({"devices": [{"A": "2"}], "used": 1}, "devices[0].A"),
    ({"devices": [{"A": 2}]}, "used"),
    ({"devices": [{"A": 2}], "used": "1"}, "used"),
    ({"devices": [{"A": 2}], "used": -1}, "used"),
    ({"devices": [{"A": 2}], "used": 1, "objective_kind": 3}, "objective_kind"),
])
def test_a_malformed_solution_names_its_field(data, field):
    with pytest.raises(InputError) as err:
        Solution.from_json(data)
    assert err.value.field == field


def test_the_validator_still_sees_a_tampered_copy():
    inst, res = _result("greedy")
    bad = res.solution.to_json()
    bad["devices"].append({"A": 1})  # one worker of A too many
    assert ds.check(inst, bad) != []
    assert ds.check(inst, res.solution) == []


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_module_paths_import_with_a_deprecation_warning(old):
    name = f"dlsched.ojpp.{old}"
    new = importlib.import_module(f"dlsched.ojpp.{MOVED[old]}")
    sys.modules.pop(name, None)
    with pytest.warns(DeprecationWarning, match=MOVED[old]):
        mod = importlib.import_module(name)
    assert mod is new


def test_the_packages_that_replaced_modules_keep_their_names():
    from dlsched.ojpp.algorithms import VARIANTS, gregariousness, resource_order, run_variant
    from dlsched.ojpp.exact import compact, solve_compact

    assert set(VARIANTS) == ALGORITHM_NAMES - {"adjustment"}
    assert callable(gregariousness) and callable(resource_order) and callable(run_variant)
    assert callable(compact) and callable(solve_compact)
