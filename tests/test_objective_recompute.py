"""Issue 20: a method's reported objective is recomputed from its solution (core.objective).

Per problem, ``Problem.objective`` is checked against objectives worked out by hand on a tiny
instance; a result reporting 0.9 x its true objective is refused by ``ds.check`` (naming both
values) and stored invalid by ``dlsched bench`` (no ratio).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.core import PROBLEMS
from dlsched.core.io import from_dict
from dlsched.core.objective import ABS_TOL, REL_TOL, agree

REPO = Path(__file__).resolve().parents[1]


def _demo(problem: str):
    return from_dict(json.loads(PROBLEMS.get(problem).demo_instance))


def _obj(problem: str, sol: dict) -> float | None:
    return PROBLEMS.get(problem).objective(_demo(problem), sol)


def test_every_shipped_problem_registers_an_objective():
    for name in ("completion", "ltgf", "oef", "ojpp", "revenue"):
        assert PROBLEMS.get(name).objective is not None, name


def test_completion_objective_by_hand():
    # S4: two jobs of weight 1; C_j = start + duration (the validator's reading)
    sol = {"jobs": {"j1": {"start": 1, "duration": 3}, "j2": {"start": 2, "duration": 3}}}
    assert _obj("completion", sol) == 1 * (1 + 3) + 1 * (2 + 3)  # 9
    # a solution cannot switch the objective: with a "deadline" key it is still sum w_j C_j
    assert _obj("completion", {**sol, "deadline": 6}) == 9
    # the batch problem (7) has its own objective: accepted weight of the scheduled jobs
    from dlsched.completion.batch import accepted_weight

    assert accepted_weight(_demo("completion"), {"jobs": {"j2": {"start": 1, "duration": 3}}}) \
        == 1


def test_ltgf_objective_by_hand():
    # Fig. 6: 6 GPUs, one tenant; J1 (6 GPUs) slots 0-3, J2 and J3 (3 each) slots 4-7: the tenant
    # gets min(demand, 6) every slot -> rho = 48 / 48 = 1
    slots = {"J1": [0, 1, 2, 3], "J2": [4, 5, 6, 7], "J3": [4, 5, 6, 7]}
    sol = {"slot_length": 600.0, "horizon": 12, "slots": slots}
    assert _obj("ltgf", sol) == pytest.approx(1.0, abs=1e-12)
    # J3 after J2: fair = 6*4 + 6*4 + 3*4 = 60 GPU-slots, alloc = 48 -> rho = 0.8
    sol["slots"] = {**slots, "J3": [8, 9, 10, 11]}
    assert _obj("ltgf", sol) == pytest.approx(0.8, abs=1e-12)
    # windows objective (docs/specs/ltgf.md, notes §9.2): (tenant, window) pairs with
    # Alloc < Fair. Slots 4-7 give
    # 3 GPUs against a fair 6 (J3 waits); slots 8-11 give 3 against 3
    win = {**sol, "objective_kind": "windows"}
    assert _obj("ltgf", win) is None  # no window length: not recomputable
    assert _obj("ltgf", {**win, "window_slots": 4}) == 1  # [4-7]: 12 < 24
    assert _obj("ltgf", {**win, "window_slots": 1}) == 4  # slots 4, 5, 6, 7
    assert _obj("ltgf", {**win, "window_slots": 12}) == 1  # 48 < 60
    assert _obj("ltgf", {**win, "slots": slots, "window_slots": 1}) == 0
    # the same schedules as timelines (seconds; one node of 6 GPUs)
    seg = [["J1", 0, 2400, [[0, 6]], "complete", 0, 0], ["J2", 2400, 4800, [[0, 3]],
           "complete", 0, 0], ["J3", 4800, 7200, [[0, 3]], "complete", 0, 0]]
    assert _obj("ltgf", {"segments": seg, "completion": {}}) == pytest.approx(0.8, abs=1e-9)


def test_oef_objective_by_hand():
    # paper W_1: speedups u1 (1, 2), u2 (1, 3), u3 (1, 4); one slow and one fast GPU
    assert _obj("oef", {"allocation": [[1, 0], [0, 0], [0, 1]]}) == pytest.approx(1 + 4)
    half = [[0.5, 0], [0.5, 0.5], [0, 0.5]]
    assert _obj("oef", {"allocation": half}) == pytest.approx(0.5 + 0.5 + 1.5 + 2.0)


def test_ojpp_objective_by_hand():
    devices = [{"A": 1, "B": 1}, {"C": 2}, {}]
    assert _obj("ojpp", {"devices": devices}) == 2  # the empty device is not used
    # the objective is the instance's rule, never the solution's: a solution asking for
    # another one is still scored by devices
    assert _obj("ojpp", {"devices": devices, "objective_kind": "max_slowdown"}) == 2
    # additive interference: A beside B slows by I[A,B] = 0.25, B by I[B,A] = 0.10, C by 0.04;
    # the re-placement problem (OJPAP) states objective = max_slowdown on the instance (a copy
    # stating it without a reference: the objective is recomputed on a partial placement)
    ojpap = replace(_demo("ojpp"), objective="max_slowdown")
    theta = PROBLEMS.get("ojpp").objective(ojpap, {"devices": devices})
    assert theta == pytest.approx(0.25)


def test_revenue_objective_by_hand():
    # worked example: f(x) = 100 - 2x, arrival 3; x = completion - arrival
    inst = _demo("revenue")
    jobs = {n: {"admitted": False} for n in inst.job_names}
    jobs["j11"] = {"admitted": True, "completion": 5}
    jobs["j12"] = {"admitted": True, "completion": 10}
    assert _obj("revenue", {"jobs": jobs}) == (100 - 2 * 2) + (100 - 2 * 7)
    # the time origin is the instance's rule: the solution cannot change it
    assert _obj("revenue", {"jobs": jobs, "time_origin": "absolute"}) == 96 + 86
    absolute = inst.with_rules(time_origin="absolute")
    assert PROBLEMS.get("revenue").objective(absolute, {"jobs": jobs}) == 90 + 80


def test_tolerance_is_relative_plus_absolute():
    assert REL_TOL == ABS_TOL == 1e-6
    assert agree(1e9, 1e9 * (1 + 0.9e-6)) and not agree(1e9, 1e9 * (1 + 2.1e-6))
    assert agree(0.0, 0.9e-6) and not agree(0.0, 1.1e-6)
    assert not agree(1.0, float("nan"))


@pytest.mark.parametrize("problem", ["completion", "ltgf", "oef", "ojpp", "revenue"])
def test_check_refuses_a_scaled_objective(problem):
    inst = _demo(problem)
    if problem == "ltgf":  # the exact models state the slotted problem
        inst = inst.slotted()
    res = ds.solve(inst, time_limit=10) if problem != "ojpp" else ds.run(inst, "greedy")
    assert res.ok and ds.check(inst, res) == []
    bad = replace(res, objective=0.9 * res.objective)
    violations = ds.check(inst, bad)
    assert len(violations) == 1
    msg = violations[0]
    assert msg.startswith("objective: reported") and f"{0.9 * res.objective:.10g}" in msg
    assert f"{res.objective:.10g}" in msg
    assert ds.check(inst, bad.solution) == []  # a bare solution has no reported objective


def test_time_limited_incumbent_must_agree_too():
    inst = _demo("completion")
    res = ds.run(inst, "fifo")
    stopped = replace(res, status=ds.Status.TIME_LIMIT, objective=res.objective + 1)
    assert ds.check(inst, stopped) and "objective: reported" in ds.check(inst, stopped)[0]


def test_time_limited_windows_incumbent_reports_its_schedules_count():
    """ltgf-milp objective='windows' stopped at its limit used to report the model's sum of v, an
    upper bound on its schedule's count (v may be 1 on windows that are not short)."""
    from dlsched.ltgf import generate_slotted

    inst = generate_slotted(n_jobs=20, tenants=3, gpus=8, max_slots=4, release_slots=6, seed=1)
    res = ds.solve(inst, model="ltgf-milp", objective="windows", window=1, time_limit=2)
    if not res.ok:
        pytest.skip("no incumbent within the limit on this machine")
    assert ds.check(inst, res) == []
    assert res.objective == PROBLEMS.get("ltgf").objective(inst, res.solution)


def test_bench_stores_a_lying_plugin_as_invalid(tmp_path):
    inst = tmp_path / "s4.json"
    inst.write_text(PROBLEMS.get("completion").demo_instance, encoding="utf-8")
    suite = tmp_path / "liar.toml"
    suite.write_text(f"""
[suite]
name = "liar"
imports = ["tests.bench.liarplugin"]
bootstrap = 50

[problems.completion]
reference = "exact"

[[problems.completion.instances]]
label = "s4"
files = ["{inst.name}"]

[[problems.completion.methods]]
label = "exact"
model = "completion-interval"

[[problems.completion.methods]]
label = "fifo"
algorithm = "fifo"

[[problems.completion.methods]]
label = "liar"
algorithm = "liar-fifo"
""", encoding="utf-8")
    db = tmp_path / "r.db"
    env = {**os.environ, "PYTHONPATH": f"{REPO / 'src'}{os.pathsep}{REPO}"}
    proc = subprocess.run([sys.executable, "-m", "dlsched.cli", "bench", str(suite), "-o",
                           str(db), "-e", "serial", "--no-progress"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stderr  # an invalid run fails the command (no silence)
    assert "liar" in proc.stdout and "objective: reported" in proc.stdout
    from dlsched.bench import ResultsStore, summarise

    with ResultsStore(db, create=False) as store:
        rows = {r["method"]: r for r in store.rows()}
        groups = {g.method: g for g in summarise(store, by_size=False)}
    fifo, liar = rows["fifo"], rows["liar"]
    assert fifo["valid"] == 1 and liar["valid"] == 0
    assert liar["objective"] == pytest.approx(0.9 * fifo["objective"])
    assert liar["first_violation"] == (f"objective: reported {0.9 * fifo['objective']:.10g} "
                                       f"but the solution's objective is "
                                       f"{fifo['objective']:.10g}")
    assert groups["liar"].n == 0 and groups["liar"].invalid == 1 and groups["fifo"].n == 1
    assert groups["liar"].reasons == {"reported objective differs from its solution's": 1}


def test_cli_check_compares_a_result_files_objective(tmp_path, capsys):
    """`dlsched check INSTANCE RESULT` recomputes the reported objective (not only the schedule)."""
    from dlsched.cli import main

    inst_path = tmp_path / "s4.json"
    inst_path.write_text(PROBLEMS.get("completion").demo_instance)
    res = ds.run(_demo("completion"), "fifo")
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    ds.save(res, good)
    ds.save(replace(res, objective=0.9 * res.objective), bad)
    assert main(["check", str(inst_path), str(good)]) == 0
    capsys.readouterr()
    assert main(["check", str(inst_path), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "reported" in out and f"{res.objective:g}" in out.replace("\n", "")


def test_an_objective_the_problem_cannot_recompute_is_not_trusted():
    from dlsched.core.objective import disagreement
    from dlsched.ltgf.paper import fig6

    inst = fig6().slotted()
    slots = {"J1": [0, 1, 2, 3], "J2": [4, 5, 6, 7], "J3": [8, 9, 10, 11]}
    win = {"slot_length": 600.0, "horizon": 12, "slots": slots, "objective_kind": "windows"}
    why = disagreement(PROBLEMS.get("ltgf"), inst, win, 1.0)
    assert why == ("objective: reported 1, but the problem cannot recompute this solution's "
                   "objective")
    assert disagreement(PROBLEMS.get("ltgf"), inst, {**win, "window_slots": 4}, 1.0) is None
