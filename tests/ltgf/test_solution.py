"""The typed LTGF solution: every method returns it, its JSON round-trips exactly, a malformed
solution names its field, and the old module paths still import (with a DeprecationWarning)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import copy
import importlib
import json
import sys

import pytest

import dlsched as ds
from dlsched.core.errors import InputError
from dlsched.core.registry import ALGORITHMS, MODELS, PROBLEMS
from dlsched.ltgf import MOVED_MODULES
from dlsched.ltgf.paper import fig6
from dlsched.ltgf.solution import Segment, SlotSolution, Solution, TimelineSolution

#: every registered LTGF method, with the parameters of each way it is called
CALLS = [("algorithm", name, {}) for name, _ in ALGORITHMS.items("ltgf")] + [
    ("model", name, {}) for name, _ in MODELS.items("ltgf")
] + [("model", "ltgf-milp", {"objective": "windows", "window": 2})]


@pytest.fixture(scope="module")
def inst():
    return fig6().slotted()  # the exact models state the slotted problem (issue 32)


@pytest.fixture(scope="module")
def results(inst):
    out = {}
    for kind, name, params in CALLS:
        run = ds.run if kind == "algorithm" else ds.solve
        out[name, json.dumps(params)] = run(inst, name, **params)
    return out


def test_every_method_is_called():
    assert {n for _, n, _ in CALLS} == {
        "astraea-ltgf", "yarn-cs", "hived", "allox", "tiresias-l", "themis", "gandiva-fair",
        "ltgf-milp", "ltgf-cpsat"}
    assert PROBLEMS.get("ltgf").solution_type is Solution


@pytest.mark.parametrize(("kind", "name", "params"), CALLS)
def test_method_returns_the_typed_solution_and_it_round_trips(results, inst, kind, name, params):
    res = results[name, json.dumps(params)]
    sol = res.solution
    assert isinstance(sol, SlotSolution if kind == "model" else TimelineSolution)
    data = sol.to_json()
    assert type(data) is dict and Solution.from_json(data).to_json() == data
    assert json.loads(json.dumps(data)) == data  # plain JSON, as result files hold it
    assert res.to_dict()["solution"] == data
    assert ds.check(inst, res) == []
    with pytest.raises(TypeError):
        sol["policy"] = "other"  # read-only: take sol.to_json() to change it
    data["extra_key"] = {"kept": [1, 2]}
    assert Solution.from_json(data).to_json() == data  # unknown keys are not lost


def test_fig6_schedules_by_hand(results):
    """Fig. 6 (notes §8 (c)): ASTRAEA runs J1 in slots 0, 3, 6, 7 and J2+J3 in 1, 2, 4, 5."""
    sol = results["astraea-ltgf", "{}"].solution
    runs = sorted((s.job, s.start / 600, s.end / 600) for s in sol.segments)
    assert [(j, a) for j, a, _ in runs if j == "J1"] == [("J1", 0), ("J1", 3), ("J1", 6)]
    assert sol.completion == {"J1": 4800.0, "J2": 3600.0, "J3": 3600.0}
    assert sol.policy == "astraea-ltgf" and sol.lease == 600.0 and sol.lease_based is True
    assert all(isinstance(s, Segment) and s.placement[0][1] in (3, 6) for s in sol.segments)
    win = results["ltgf-milp", json.dumps({"objective": "windows", "window": 2})].solution
    assert win.objective_kind == "windows" and win.window_slots == 2


TIMELINE = {"segments": [["J1", 0, 600.0, [[0, 6]], "preempt", 0, 0]],
            "completion": {"J1": 4800.0}, "policy": "x", "lease": 600.0, "knobs": {"a": [1]}}
SLOTS = {"slot_length": 600.0, "horizon": 8, "slots": {"J1": [0, 3]},
         "objective_kind": "windows", "window_slots": 2}


@pytest.mark.parametrize(("base", "path", "value", "field"), [
    (TIMELINE, ("segments", 0, 1), "0", "solution.segments[0][1]"),
    (TIMELINE, ("segments", 0, 3, 0), [0], "solution.segments[0][3][0]"),
    (TIMELINE, ("segments", 0, 3, 0, 1), 6.5, "solution.segments[0][3][0][1]"),
    (TIMELINE, ("segments", 0), ["J1", 0, 600.0], "solution.segments[0]"),
    (TIMELINE, ("segments",), {"J1": 0}, "solution.segments"),
    (TIMELINE, ("completion", "J1"), None, "solution.completion.J1"),
    (TIMELINE, ("lease",), True, "solution.lease"),
    (TIMELINE, ("policy",), 3, "solution.policy"),
    (TIMELINE, ("knobs",), [1], "solution.knobs"),
    (SLOTS, ("slots", "J1", 1), 3.0, "solution.slots.J1[1]"),
    (SLOTS, ("slots", "J1"), 3, "solution.slots.J1"),
    (SLOTS, ("horizon",), 8.0, "solution.horizon"),
    (SLOTS, ("slot_length",), "600", "solution.slot_length"),
    (SLOTS, ("window_slots",), "2", "solution.window_slots"),
])
def test_malformed_solution_names_the_field(base, path, value, field):
    data = copy.deepcopy(base)
    assert Solution.from_json(data).to_json() == data
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(InputError) as err:
        Solution.from_json(data)
    assert err.value.field == field


@pytest.mark.parametrize(("data", "field"), [
    ({"completion": {}}, "solution.segments"),
    ({"segments": []}, "solution.completion"),
    ({"slots": {}, "horizon": 3}, "solution.slot_length"),
    ([1, 2], "solution"),
])
def test_missing_keys_are_named(data, field):
    with pytest.raises(InputError) as err:
        Solution.from_json(data)
    assert err.value.field == field


def test_the_subclass_refuses_the_other_shape():
    with pytest.raises(InputError):
        SlotSolution.from_json(TIMELINE)
    assert isinstance(TimelineSolution.from_json(TIMELINE), TimelineSolution)


@pytest.mark.parametrize(("old", "new"), sorted(MOVED_MODULES.items()))
def test_old_module_paths_import_with_a_warning(old, new):
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=old):
        mod = importlib.import_module(old)
    assert mod is importlib.import_module(new)


def test_old_names_are_found_at_the_old_paths():
    sys.modules.pop("dlsched.ltgf.policies", None)
    with pytest.warns(DeprecationWarning):
        from dlsched.ltgf.policies import POLICIES, Astraea, Themis  # noqa: F401
    assert list(POLICIES) == ["astraea-ltgf", "yarn-cs", "hived", "allox", "tiresias-l",
                              "themis", "gandiva-fair"]
    from dlsched.ltgf.algorithms import run_policy, simulate, with_lease  # noqa: F401
    from dlsched.ltgf.exact import (  # noqa: F401
        online_schedules,
        online_slot_matrix,
        slot_solution,
        solve_maxmin,
        solve_windows,
    )
