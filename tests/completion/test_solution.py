"""The typed completion Solution: every registered method returns it, its JSON round-trips
exactly, a malformed solution is refused naming the field, and the old module paths still
import (with a DeprecationWarning)."""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
import warnings

import pytest

import dlsched as ds
from dlsched.completion import MOVED
from dlsched.completion.paper import golden
from dlsched.completion.solution import JobRecord, Segment, Solution
from dlsched.core.errors import InputError
from dlsched.core.registry import ALGORITHMS, MODELS

MODEL_NAMES = [n for n, _ in MODELS.items("completion")]
ALGORITHM_NAMES = [n for n, _ in ALGORITHMS.items("completion")]
# s1-ring: Ring-AllReduce (no ps_type / ps keys); s4: parameter servers
INSTANCES = ("s1-ring", "s4")


def _round_trips(sol: Solution) -> None:
    data = sol.to_json()
    assert Solution.from_json(data).to_json() == data
    assert json.loads(json.dumps(data)) == data  # plain JSON, nothing lost on disk
    assert sol.to_json() is not sol.to_json()  # a fresh, mutable copy each time


def test_the_registered_methods_are_the_known_ones() -> None:
    assert MODEL_NAMES == ["completion-cpsat", "completion-interval", "completion-milp",
                           "completion-patterns"]
    # a-maxweight and jain-greedy solve the batch problem (7): dlsched.completion.batch
    assert ALGORITHM_NAMES == ["a-online", "a-online-compact", "antman", "drf", "fifo",
                               "tiresias", "wspt-list"]


@pytest.mark.parametrize("golden_name", INSTANCES)
@pytest.mark.parametrize("model", MODEL_NAMES)
def test_every_model_returns_the_typed_solution(model: str, golden_name: str) -> None:
    inst = golden(golden_name)
    res = ds.solve(inst, model=model)
    assert isinstance(res.solution, Solution)
    _round_trips(res.solution)
    assert ds.check(inst, res) == []
    assert Solution.from_json(res.to_dict()["solution"]).to_json() == res.solution.to_json()


@pytest.mark.parametrize("golden_name", INSTANCES)
@pytest.mark.parametrize("algorithm", ALGORITHM_NAMES)
def test_every_algorithm_returns_the_typed_solution(algorithm: str, golden_name: str) -> None:
    inst = golden(golden_name)
    res = ds.run(inst, algorithm)
    assert isinstance(res.solution, Solution)
    _round_trips(res.solution)
    ps = not inst.ring
    for rec in res.solution.jobs.values():
        assert isinstance(rec, JobRecord) and (rec.ps_type is not None) == ps


def test_segments_of_a_preempted_job_are_typed() -> None:
    # s3 on one GPU: A (a=1, p=3) runs slot 1; at slot 2 its attained service 1 GPU-slot meets
    # threshold 1, so B (a=2, attained 0) is served first and A is preempted: A has 2 segments.
    inst = dataclasses.replace(golden("s3"), preemption=True)
    res = ds.run(inst, "tiresias", threshold=1.0)
    seg = res.solution.jobs["A"].segments
    assert seg is not None and len(seg) == 2 and all(isinstance(s, Segment) for s in seg)
    assert (seg[0].start, seg[0].end) == (1, 2)
    assert len(res.solution.to_json()["jobs"]["A"]["segments"]) == 2
    _round_trips(res.solution)


FULL = {  # every key of the format, written by hand
    "jobs": {
        "A": {"start": 1, "duration": 5, "worker_type": "m1", "workers": {"h1": 1},
              "ps_type": "p1", "ps": {"h2": 1},
              "segments": [{"start": 1, "end": 2, "stall": 0, "workers": {"h1": 1}, "ps": {}},
                           {"start": 3, "end": 6, "stall": 1, "workers": {"h1": 1},
                            "ps": {"h2": 1}}]},
        "B": {"start": 2, "duration": 1, "worker_type": "m2", "workers": {"h1": 2, "h2": 1},
              "ps_type": "p1", "ps": {"h1": 1}},
    },
    "objective": 18.0, "capped": False, "earliest_start": {"A": 1, "B": 2},
    "accepted_weight": 5.0, "deadline": 7,
}


def test_every_key_survives_the_round_trip() -> None:
    sol = Solution.from_json(FULL)
    assert sol.to_json() == FULL
    assert sol.jobs["A"].segments[1] == Segment(3, 6, {"h1": 1}, 1, {"h2": 1})
    assert (sol.jobs["B"].completion, sol.deadline, sol.earliest_start) == (3, 7, {"A": 1, "B": 2})
    ring = {"jobs": {"j": {"start": 1, "duration": 2, "worker_type": "m", "workers": {}}},
            "objective": 3}
    assert Solution.from_json(ring).to_json() == ring  # no ps keys, no capped: none added


def test_a_solution_is_read_only_but_copies_are_mutable() -> None:
    res = ds.run(golden("s1-ring"), "fifo")
    sol = res.solution
    assert sol["jobs"]["j1"]["worker_type"] == "m1"  # reads like the JSON
    with pytest.raises(TypeError):
        sol["objective"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        sol["jobs"]["j1"]["start"] = 0
    data = sol.to_json()
    data["jobs"]["j1"]["start"] = 0
    assert sol["jobs"]["j1"]["start"] != 0


def test_unknown_keys_are_kept() -> None:
    data = ds.run(golden("s4"), "fifo").solution.to_json()
    data["note"] = {"by": "hand"}
    data["jobs"]["j1"]["colour"] = "red"
    assert Solution.from_json(data).to_json() == data


BAD = [
    (lambda d: d.pop("jobs"), "solution.jobs"),
    (lambda d: d.update(objective="66"), "solution.objective"),
    (lambda d: d.update(capped="yes"), "solution.capped"),
    (lambda d: d["jobs"]["j1"].update(start=1.5), "solution.jobs.j1.start"),
    (lambda d: d["jobs"]["j1"].pop("duration"), "solution.jobs.j1.duration"),
    (lambda d: d["jobs"]["j1"].update(worker_type=3), "solution.jobs.j1.worker_type"),
    (lambda d: d["jobs"]["j1"]["workers"].update(h1=True), "solution.jobs.j1.workers.h1"),
    (lambda d: d["jobs"]["j1"].update(ps=[1]), "solution.jobs.j1.ps"),
    (lambda d: d["jobs"]["j1"].update(segments=[{"start": 1, "workers": {}}]),
     "solution.jobs.j1.segments[0].end"),
    (lambda d: d.update(deadline=2.5), "solution.deadline"),
]


@pytest.mark.parametrize(("tamper", "field"), BAD)
def test_a_malformed_solution_names_its_field(tamper, field: str) -> None:
    data = ds.run(golden("s4"), "fifo").solution.to_json()
    tamper(data)
    with pytest.raises(InputError) as err:
        Solution.from_json(data)
    assert err.value.field == field


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_old_module_paths_import_with_a_deprecation_warning(old: str, new: str) -> None:
    old_name, new_name = f"dlsched.completion.{old}", f"dlsched.completion.{new}"
    sys.modules.pop(old_name, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mod = importlib.import_module(old_name)
    assert mod is importlib.import_module(new_name)
    assert any(issubclass(w.category, DeprecationWarning) and new_name in str(w.message)
               for w in caught)
