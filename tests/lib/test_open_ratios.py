"""``lib score`` ratios on sets with open records, against values computed by hand from the
index: on an open record the best-known value and the bound differ, so a mix-up shows.

``lib-test-delay`` returns the stored best-known completion schedule with every job started one
slot later: the capacity profile is only shifted, so it stays valid under the open horizon,
and the objective sum_j w_j C_j grows by exactly sum_j w_j. ``lib-test-replay`` returns the
stored best-known solution itself (ratio to the best-known value exactly 1, to the bound
best / bound for a minimisation, bound / best for a maximisation).
"""

from __future__ import annotations

import contextlib
import copy
import csv
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.core import ALGORITHMS, Result
from dlsched.core.io import to_dict
from dlsched.core.registry import register_algorithm
from dlsched.lib.records import set_dir
from dlsched.lib.score import score_set

LIB = Path(__file__).resolve().parents[2] / "instances" / "lib"


def _stored(inst, problem: str, name: str) -> Result:
    folder = LIB / problem / name
    for path in folder.glob("*.json"):
        if path.name.endswith((".best.json", ".proof.json", "set.json")):
            continue
        if to_dict(ds.load(path)) == to_dict(inst):
            return ds.load(path.with_name(path.stem + ".best.json"))
    raise KeyError(inst.name)


def _index(problem: str, name: str) -> dict[str, dict[str, str]]:
    with (LIB / problem / name / "index.csv").open(newline="", encoding="utf-8") as fh:
        return {r["id"]: r for r in csv.DictReader(fh)}


@pytest.fixture(scope="module", autouse=True)
def _plugins():
    def delay(inst) -> Result:
        sol = copy.deepcopy(_stored(inst, "completion", "tractable").solution.to_json())
        for plan in sol["jobs"].values():
            plan["start"] += 1
        sol.pop("objective", None)
        obj = ds.core.PROBLEMS.get("completion").objective(inst, sol)
        return Result("completion", "lib-test-delay", "feasible", objective=obj, solution=sol)

    def replay(inst) -> Result:
        best = _stored(inst, "revenue", "large")
        return Result("revenue", "lib-test-replay", "feasible", objective=best.objective,
                      solution=best.solution.to_json())

    for name, problem, fn in (("lib-test-delay", "completion", delay),
                              ("lib-test-replay", "revenue", replay)):
        with contextlib.suppress(ValueError):
            register_algorithm(name, problem, f"test plug-in {name}")(fn)
    yield
    ALGORITHMS._items.pop(("completion", "lib-test-delay"), None)
    ALGORITHMS._items.pop(("revenue", "lib-test-replay"), None)


def test_delayed_schedule_on_completion_tractable_by_hand() -> None:
    rows = _index("completion", "tractable")
    assert sum(r["status"] == "open" for r in rows.values()) >= 6  # the point of this test
    sc = score_set(set_dir("completion/tractable"), "lib-test-delay")
    for r in sc.rows:
        row = rows[r["id"]]
        inst = ds.load(LIB / "completion" / "tractable" / row["file"])
        weight = sum(float(w) for w in inst.weight)
        best, bound = float(row["best_known"]), float(row["bound"])
        assert r["status"] == "valid", r["message"]
        assert r["objective"] == pytest.approx(best + weight, rel=1e-12)
        assert r["ratio_best"] == pytest.approx((best + weight) / best, rel=1e-12)
        assert r["ratio_bound"] == pytest.approx((best + weight) / bound, rel=1e-12)
        if row["status"] == "open":
            assert r["ratio_bound"] > r["ratio_best"] * (1 + 1e-9)


def test_replayed_best_on_revenue_large_by_hand() -> None:
    rows = _index("revenue", "large")
    assert sum(r["status"] == "open" for r in rows.values()) >= 5
    sc = score_set(set_dir("revenue/large"), "lib-test-replay")
    for r in sc.rows:
        row = rows[r["id"]]
        best, bound = float(row["best_known"]), float(row["bound"])
        assert r["status"] == "valid", r["message"]
        assert r["ratio_best"] == 1.0
        assert r["ratio_bound"] == pytest.approx(bound / best, rel=1e-12)  # max: bound / value
