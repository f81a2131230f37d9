"""The typed revenue Solution: every registered method returns it, its JSON round-trips exactly,
a malformed solution is refused naming the field, it is read-only, result files load typed, and
the modules of the old flat layout still import (with a DeprecationWarning)."""

from __future__ import annotations

import copy
import importlib
import json
import sys

import pytest

from dlsched.core.errors import InputError
from dlsched.core.io import from_dict, to_dict
from dlsched.core.registry import ALGORITHMS, MODELS
from dlsched.revenue import MOVED_MODULES, generate
from dlsched.revenue.solution import Fairness, JobRecord, Solution

from .bruteforce import tiny_instance

#: a generated instance on which Astraea shares (phase-2 jobs with payments and incomes), so
#: that every record field occurs in some method's output
SHARING = {"n_jobs": 6, "n_servers": 3, "n_tenants": 2, "seed": 1, "scale": "small",
           "arrival_max": 2}


@pytest.fixture(scope="module")
def sharing():
    return generate(**SHARING)


@pytest.fixture(scope="module")
def tiny():
    """3 jobs, 2 servers, horizon 7: small enough for both exact models in a second."""
    return tiny_instance(0)


@pytest.fixture(scope="module")
def astraea_json(sharing):
    return ALGORITHMS.get("astraea", problem="revenue").run(sharing).solution.to_json()


def _check_typed(res) -> None:
    sol = res.solution
    assert isinstance(sol, Solution)
    assert all(isinstance(r, JobRecord) for r in sol.jobs.values())
    d = sol.to_json()
    assert Solution.from_json(d).to_json() == d
    assert json.loads(json.dumps(d)) == d  # plain JSON, nothing typed leaks out
    assert sol == d  # the mapping view is the JSON
    assert res.to_dict()["solution"] == d


@pytest.mark.parametrize("name", [n for n, _ in ALGORITHMS.items("revenue")])
def test_every_algorithm_returns_the_typed_solution(name, sharing):
    _check_typed(ALGORITHMS.get(name, problem="revenue").run(sharing))


@pytest.mark.parametrize("name", [n for n, _ in MODELS.items("revenue")])
def test_every_exact_model_returns_the_typed_solution(name, tiny):
    res = MODELS.get(name, problem="revenue").run(tiny)
    _check_typed(res)
    assert res.solution.ps_multi is True


def test_typed_fields_of_astraea(astraea_json):
    sol = Solution.from_json(astraea_json)
    paid = [r for r in sol.jobs.values() if r.payment is not None]
    assert paid, "the sharing instance must have phase-2 jobs (payments, incomes)"
    rec = paid[0]
    assert rec.phase == 2 and isinstance(rec.window, tuple) and len(rec.window) == 2
    assert rec.payment == pytest.approx(sum(rec.cost_w) + sum(rec.cost_p))
    assert sum(rec.income.values()) == pytest.approx(rec.payment)
    assert isinstance(sol.fairness, Fairness) and sol.lam == astraea_json["lambda"]
    assert sol.revenue == pytest.approx(sum(r.utility for r in sol.jobs.values() if r.admitted))


def test_unknown_keys_are_kept(astraea_json):
    d = copy.deepcopy(astraea_json)
    d["note"] = {"by": "hand", "list": [1, 2]}
    first = next(iter(d["jobs"]))
    d["jobs"][first]["tag"] = "x"
    d["fairness"]["alpha_maxdev"] = 0.5
    sol = Solution.from_json(d)
    assert sol.extra == {"note": {"by": "hand", "list": [1, 2]}}
    assert sol.jobs[first].extra == {"tag": "x"}
    assert sol.to_json() == d


def test_a_solution_is_read_only(astraea_json):
    sol = Solution.from_json(astraea_json)
    first = next(iter(astraea_json["jobs"]))
    with pytest.raises(TypeError):
        sol["revenue"] = 0.0
    with pytest.raises(TypeError):
        sol["jobs"][first]["start"] = 1
    with pytest.raises(TypeError):
        sol.jobs[first].workers["s1"] = 9
    with pytest.raises(AttributeError):
        sol.revenue = 0.0  # type: ignore[misc]
    copy_ = sol.to_json()
    copy_["jobs"][first]["start"] = -5  # a mutable copy does not touch the solution
    assert sol["jobs"][first]["start"] == astraea_json["jobs"][first]["start"]


def _admitted(d):
    return next(n for n, r in d["jobs"].items() if r["admitted"] and "window" in r)


@pytest.mark.parametrize(("tamper", "field"), [
    (lambda d, j: d.pop("jobs"), "jobs"),
    (lambda d, j: d.pop("revenue"), "revenue"),
    (lambda d, j: d.__setitem__("jobs", [1, 2]), "jobs"),
    (lambda d, j: d.__setitem__("revenue", "a lot"), "revenue"),
    (lambda d, j: d.__setitem__("lambda", 1.5), "lambda"),
    (lambda d, j: d.__setitem__("time_origin", 3), "time_origin"),
    (lambda d, j: d["jobs"][j].pop("admitted"), "jobs.{j}.admitted"),
    (lambda d, j: d["jobs"][j].__setitem__("admitted", "yes"), "jobs.{j}.admitted"),
    (lambda d, j: d["jobs"][j].__setitem__("start", "soon"), "jobs.{j}.start"),
    (lambda d, j: d["jobs"][j].__setitem__("completion", True), "jobs.{j}.completion"),
    (lambda d, j: d["jobs"][j]["workers"].__setitem__("s1", 1.5), "jobs.{j}.workers.s1"),
    (lambda d, j: d["jobs"][j].__setitem__("ps", [1]), "jobs.{j}.ps"),
    (lambda d, j: d["jobs"][j].__setitem__("window", [1, 2, 3]), "jobs.{j}.window"),
    (lambda d, j: d["jobs"][j]["cost_w"].__setitem__(0, None), "jobs.{j}.cost_w[0]"),
    (lambda d, j: d["fairness"].pop("alpha"), "fairness.alpha"),
    (lambda d, j: d["gains"].__setitem__("u1", "x"), "gains.u1"),
])
def test_malformed_solution_names_the_field(astraea_json, tamper, field):
    d = copy.deepcopy(astraea_json)
    j = _admitted(d)
    tamper(d, j)
    with pytest.raises(InputError) as err:
        Solution.from_json(d)
    assert err.value.field == field.format(j=j)


def test_malformed_solution_names_the_job(astraea_json):
    d = copy.deepcopy(astraea_json)
    j = _admitted(d)
    d["jobs"][j]["start"] = "soon"
    with pytest.raises(InputError) as err:
        Solution.from_json(d)
    assert err.value.field == f"jobs.{j}.start"


def test_result_files_load_typed(sharing, tmp_path):
    res = ALGORITHMS.get("gandiva-fair", problem="revenue").run(sharing)
    back = from_dict(json.loads(json.dumps(to_dict(res))))
    assert isinstance(back.solution, Solution)
    assert back.solution.to_json() == res.solution.to_json()


@pytest.mark.parametrize(("old", "new"), sorted(MOVED_MODULES.items()))
def test_old_module_paths_import_with_a_warning(old, new):
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=new):
        mod = importlib.import_module(old)
    assert mod is importlib.import_module(new)
