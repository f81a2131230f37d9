"""core.guard rule by rule, on a toy problem (no solver): each rule of the module docstring is
pinned by a hand-made model result and hand-made heuristic results.

The toy problem minimises (or maximises) a number; a solution ``{"v": x}`` is valid unless it
has ``"bad"``. The guard's registries are replaced by fakes for the test (monkeypatch), so the
real registries are untouched.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from dlsched.core import Result, Status
from dlsched.core import guard as g
from dlsched.core.deadline import DeadlineExceeded, time_left
from dlsched.core.errors import DlschedError
from dlsched.core.solver import SolveOptions


@dataclass
class Toy:
    name: str = "toy"
    sense: str = "min"
    crosscheck: dict[str, g.CrossCheck] = field(default_factory=dict)

    @staticmethod
    def check(inst: Any, sol: Any) -> list[str]:
        return [f"bad {i}" for i in range(sol["bad"])] if "bad" in sol else []


class Algo:
    def __init__(self, fn):
        self.run = fn


class Registry:
    def __init__(self, items: dict[str, Any]):
        self.items = items

    def get(self, name: str, problem: str | None = None) -> Any:
        return self.items[name]


def heur(value: float | None, status: Status = Status.FEASIBLE, sol: dict | None = None,
         name: str = "h"):
    def run(inst):
        return Result("toy", name, status, objective=value,
                      solution={"v": value} if sol is None else sol)
    return run


def model(*results: Result, calls: list | None = None):
    """A fake exact model returning ``results`` one call after the other."""
    queue = list(results)

    def fn(inst, *, options=None, **params):
        if calls is not None:
            calls.append((options.presolve, options.time_limit, params))
        return queue.pop(0) if len(queue) > 1 else queue[0]
    return fn


@pytest.fixture
def toy(monkeypatch):
    """Install the toy problem with heuristics h1 (value 5), h2 (value 7)."""
    problem = Toy()
    algos = {"h1": Algo(heur(5.0, name="h1")), "h2": Algo(heur(7.0, name="h2"))}
    monkeypatch.setattr(g, "PROBLEMS", Registry({"toy": problem}))
    monkeypatch.setattr(g, "ALGORITHMS", Registry(algos))
    problem.crosscheck["m"] = g.CrossCheck(("h1", "h2"))
    return problem, algos


def res(status: Status, obj: float | None = None, sol: dict | None = None, **kw) -> Result:
    return Result("toy", "m", status, objective=obj, solution=sol, **kw)


# --- the comparison helpers ------------------------------------------------------------------

def test_better_uses_a_relative_tolerance_of_one_millionth() -> None:
    assert not g._better("min", 1.0, 1.0 + 1e-6)  # within 1e-6 * max(1, |a|, |b|)
    assert g._better("min", 1.0, 1.0 + 2e-6)
    assert not g._better("max", 1.0 + 1e-6, 1.0)
    assert g._better("max", 1.0 + 2e-6, 1.0)
    assert not g._better("min", 1e6, 1e6 + 0.9)  # tolerance 1 at this size
    assert g._better("min", 1e6, 1e6 + 1.1)
    assert not g._better("min", 0.0, 0.9e-6)  # floor of the scale is 1
    assert g._better("min", 0.0, 1.1e-6)
    assert not g._better("min", 2.0, 1.0) and not g._better("max", 1.0, 2.0)


def test_best_by_sense() -> None:
    rs = [res(Status.FEASIBLE, 3.0), res(Status.FEASIBLE, 1.0), res(Status.FEASIBLE, 2.0)]
    assert g._best("min", rs).objective == 1.0
    assert g._best("max", rs).objective == 3.0
    assert g._best("min", []) is None


def test_contradictions() -> None:
    best = Result("toy", "h1", Status.FEASIBLE, objective=5.0, solution={"v": 5})
    assert g._contradiction(res(Status.INFEASIBLE), None, "min") is None
    assert g._contradiction(res(Status.INFEASIBLE), best, "min") == (
        "model says infeasible but h1 found a valid solution (objective 5)")
    assert g._contradiction(res(Status.OPTIMAL, 6.0), best, "min") == (
        "model says optimal at 6 but h1 found a valid solution with objective 5")
    assert g._contradiction(res(Status.OPTIMAL, 5.0), best, "min") is None
    assert g._contradiction(res(Status.OPTIMAL, 4.0), best, "max") == (
        "model says optimal at 4 but h1 found a valid solution with objective 5")
    assert g._contradiction(res(Status.OPTIMAL, None), best, "min") is None
    assert g._contradiction(res(Status.FEASIBLE, 9.0), best, "min") is None
    assert g._contradiction(res(Status.TIME_LIMIT, 9.0), best, "min") is None


def test_validate(toy) -> None:
    problem, _ = toy
    ok = res(Status.OPTIMAL, 1.0, {"v": 1})
    assert g._validate(problem, None, ok) is ok
    none = res(Status.OPTIMAL, 1.0, None)
    assert g._validate(problem, None, none) is none
    infeasible = res(Status.INFEASIBLE, None, {"bad": 3})  # no solution to check by status
    assert g._validate(problem, None, infeasible) is infeasible
    bad = g._validate(problem, None, res(Status.TIME_LIMIT, 1.0, {"bad": 25}, stats={"k": 1}))
    assert bad.status is Status.ERROR
    assert bad.stats == {"k": 1, "violations": [f"bad {i}" for i in range(20)],
                         "status_before_check": "time_limit"}


def test_with_incumbent() -> None:
    h = Result("toy", "h1", Status.FEASIBLE, objective=8.0, solution={"v": 8})
    model_res = res(Status.TIME_LIMIT, 10.0, {"v": 10}, bound=4.0, stats={"k": 1})
    got = g._with_incumbent(model_res, h, "min")
    assert (got.objective, got.solution, got.bound) == (8.0, {"v": 8}, 4.0)
    assert got.stats == {"k": 1, "incumbent_from": "h1", "model_incumbent": 10.0}
    assert got.gap == pytest.approx(0.5)  # |4 - 8| / 8
    same = res(Status.TIME_LIMIT, 8.0, {"v": 8})
    assert g._with_incumbent(same, h, "min") is same
    assert g._with_incumbent(same, h, "max") is same
    better_for_max = g._with_incumbent(res(Status.TIME_LIMIT, 7.0, {"v": 7}), h, "max")
    assert better_for_max.objective == 8.0
    empty = g._with_incumbent(res(Status.TIME_LIMIT, None, None), h, "min")
    assert empty.objective == 8.0 and empty.stats["model_incumbent"] is None
    no_solution = g._with_incumbent(res(Status.TIME_LIMIT, 3.0, None), h, "min")
    assert no_solution.objective == 8.0


# --- the guarded call ----------------------------------------------------------------------------

def test_model_without_crosscheck_is_only_validated(toy) -> None:
    fn = model(res(Status.OPTIMAL, 9.0, {"v": 9}))
    out = g.guarded("toy", "other", fn)(None)
    assert out.status is Status.OPTIMAL and "crosscheck" not in out.stats
    out = g.guarded("toy", "other", model(res(Status.OPTIMAL, 9.0, {"bad": 1})))(None)
    assert out.status is Status.ERROR and out.stats["violations"] == ["bad 0"]


@pytest.mark.parametrize("status", [Status.ERROR, Status.UNBOUNDED])
def test_error_and_unbounded_skip_the_heuristics(toy, status) -> None:
    _, algos = toy
    ran = []
    algos["h1"].run = lambda inst: ran.append(1)
    out = g.guarded("toy", "m", model(res(status)))(None)
    assert out.status is status and ran == [] and "crosscheck" not in out.stats


def test_infeasible_refuted_after_one_presolve_off_resolve(toy) -> None:
    calls: list = []
    fn = model(res(Status.INFEASIBLE, bound=1.0), calls=calls)
    out = g.guarded("toy", "m", fn)(None, options=SolveOptions(time_limit=60), k=3)
    assert [c[0] for c in calls] == [True, False]
    assert calls[0][2] == calls[1][2] == {"k": 3}
    assert 59 < calls[1][1] <= 60  # what is left of the limit
    assert out.status is Status.ERROR
    assert (out.objective, out.solution, out.bound, out.gap) == (5.0, {"v": 5.0}, None, None)
    log = out.stats["crosscheck"]
    assert out.stats["model_status"] == "infeasible"
    assert log["conflict"] == "model says infeasible but h1 found a valid solution (objective 5)"
    assert log["first_verdict"] == {"status": "infeasible", "objective": None}
    assert log["resolved_presolve_off"] == "infeasible"
    assert log["best"] == {"method": "h1", "objective": 5.0}
    assert set(log["seconds"]) == {"h1", "h2"}


def test_no_resolve_when_presolve_is_already_off(toy) -> None:
    calls: list = []
    fn = model(res(Status.INFEASIBLE), calls=calls)
    out = g.guarded("toy", "m", fn)(None, options=SolveOptions(presolve=False))
    assert [c[0] for c in calls] == [False]
    assert out.status is Status.ERROR and "first_verdict" not in out.stats["crosscheck"]


def test_a_resolve_that_agrees_clears_the_conflict(toy) -> None:
    calls: list = []
    fn = model(res(Status.OPTIMAL, 6.0, {"v": 6}), res(Status.OPTIMAL, 5.0, {"v": 5}),
               calls=calls)
    out = g.guarded("toy", "m", fn)(None)
    assert out.status is Status.OPTIMAL and out.objective == 5.0
    log = out.stats["crosscheck"]
    assert "conflict" not in log and log["resolved_presolve_off"] == "optimal"
    assert log["first_verdict"] == {"status": "optimal", "objective": 6.0}


def test_true_optimum_and_max_sense(toy) -> None:
    problem, _ = toy
    out = g.guarded("toy", "m", model(res(Status.OPTIMAL, 5.0, {"v": 5})))(None)
    assert out.status is Status.OPTIMAL and out.objective == 5.0
    problem.sense = "max"  # best heuristic is now h2 = 7
    out = g.guarded("toy", "m", model(res(Status.OPTIMAL, 6.0, {"v": 6})))(None)
    assert out.status is Status.ERROR and out.objective == 7.0
    assert out.stats["crosscheck"]["best"] == {"method": "h2", "objective": 7.0}


def test_stopped_solves_get_the_best_incumbent(toy) -> None:
    out = g.guarded("toy", "m", model(res(Status.TIME_LIMIT, bound=2.0)))(None)
    assert (out.status, out.objective, out.stats["incumbent_from"]) == (
        Status.TIME_LIMIT, 5.0, "h1")
    assert out.gap == pytest.approx(3 / 5)
    out = g.guarded("toy", "m", model(res(Status.FEASIBLE, 6.0, {"v": 6})))(None)
    assert (out.status, out.objective) == (Status.FEASIBLE, 5.0)
    out = g.guarded("toy", "m", model(res(Status.FEASIBLE, 4.0, {"v": 4})))(None)
    assert out.objective == 4.0 and "incumbent_from" not in out.stats
    out = g.guarded("toy", "m", model(res(Status.INFEASIBLE)))(None)
    assert out.status is Status.ERROR  # infeasible never gets an incumbent, it is refuted


def test_heuristic_outcomes_are_logged(toy) -> None:
    problem, algos = toy

    def refuse(inst):
        raise DlschedError("too big")

    def crash(inst):
        raise ValueError("boom")

    def stopped(inst):
        raise DeadlineExceeded("time limit reached")

    algos.update({
        "refuse": Algo(refuse), "crash": Algo(crash), "stopped": Algo(stopped),
        "invalid": Algo(heur(1.0, sol={"bad": 1})), "nosol": Algo(heur(None)),
        "inf": Algo(heur(math.inf)), "failed": Algo(heur(1.0, status=Status.ERROR)),
        "far": Algo(heur(2.0, sol={"v": 2.0, "far": True})),
    })
    names = ("refuse", "crash", "stopped", "invalid", "nosol", "inf", "failed", "far", "h2")
    problem.crosscheck["m"] = g.CrossCheck(names, admits=lambda i, s, p: "far" not in s)
    out = g.guarded("toy", "m", model(res(Status.OPTIMAL, 7.0, {"v": 7})))(None)
    log = out.stats["crosscheck"]
    assert out.status is Status.OPTIMAL and "conflict" not in log
    assert log["failed"] == {"refuse": "too big", "crash": "ValueError: boom"}
    assert log["stopped_at_limit"] == ["stopped"]
    assert log["invalid"] == ["invalid"]
    assert log["not_admitted"] == ["far"]
    assert log["best"] == {"method": "h2", "objective": 7.0}
    assert set(log["seconds"]) == {"invalid", "nosol", "inf", "failed", "far", "h2"}


def test_heuristics_get_the_rest_of_the_limit_or_the_grace(toy) -> None:
    problem, algos = toy
    seen: list = []

    def probe(inst):
        seen.append(time_left())
        return heur(5.0)(inst)

    algos["probe"] = Algo(probe)
    problem.crosscheck["m"] = g.CrossCheck(("probe",))
    g.guarded("toy", "m", model(res(Status.OPTIMAL, 5.0, {"v": 5})))(None)
    assert seen == [None]  # no limit, no deadline

    g.guarded("toy", "m", model(res(Status.OPTIMAL, 5.0, {"v": 5})))(
        None, options=SolveOptions(time_limit=30))
    assert 29 < seen[-1] <= 30

    def slow(inst, *, options=None, **_):  # uses its whole limit of 0.1 s and more
        time.sleep(0.15)
        return res(Status.OPTIMAL, 5.0, {"v": 5})

    g.guarded("toy", "m", slow)(None, options=SolveOptions(time_limit=0.1))
    assert 0.4 < seen[-1] <= 0.1 * 0.02 + 0.5  # grace: 2 % of the limit + 0.5 s


def test_heuristics_not_started_once_the_time_is_out(toy) -> None:
    problem, algos = toy

    def sleepy(inst):
        time.sleep(0.6)  # longer than the 0.5 s grace, and never checks the deadline
        return heur(6.0, name="sleepy")(inst)

    algos["sleepy"] = Algo(sleepy)
    problem.crosscheck["m"] = g.CrossCheck(("sleepy", "h1"))

    def slow(inst, *, options=None, **_):
        time.sleep(0.05)
        return res(Status.TIME_LIMIT)

    out = g.guarded("toy", "m", slow)(None, options=SolveOptions(time_limit=0.01))
    log = out.stats["crosscheck"]
    assert log["skipped"] == ["h1"] and log["best"] == {"method": "sleepy", "objective": 6.0}
    assert out.objective == 6.0 and out.runtime_s >= 0.65


def test_a_model_stopped_by_the_deadline_is_a_time_limit(toy) -> None:
    def loops(inst, *, options=None, **_):
        raise DeadlineExceeded("time limit reached")

    out = g.guarded("toy", "other", loops)(None, options=SolveOptions(time_limit=1))
    assert out.status is Status.TIME_LIMIT and out.solution is None
    assert (out.problem, out.method) == ("toy", "other")
    assert out.stats == {"stopped": "the model's Python work reached the time limit"}
    out = g.guarded("toy", "m", loops)(None, options=SolveOptions(time_limit=1))
    assert out.status is Status.TIME_LIMIT and out.objective == 5.0


def test_wrapper_keeps_the_model_identity_and_times_the_guard(toy) -> None:
    def my_model(inst, *, options=None, **_):
        """Docs."""
        return res(Status.OPTIMAL, 5.0, {"v": 5}, runtime_s=0.0)

    run = g.guarded("toy", "m", my_model)
    assert run.__wrapped__ is my_model and run.__name__ == "my_model"
    assert run.__doc__ == "Docs."
    out = run(None)
    assert out.runtime_s > 0.0
    assert g.guarded in g.MODEL_WRAPPERS
