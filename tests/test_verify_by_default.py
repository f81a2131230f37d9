"""Every path that returns or prints a result validates it and recomputes its objective by
default (issue 33): ``ds.run`` / ``ds.solve`` put the verdict in ``Result.verdict``; the CLI
says INVALID with the first violations and a count and exits 1; ``verify=False`` skips it;
an objective that cannot be recomputed fails closed."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.core import PROBLEMS
from dlsched.core.io import from_dict

REPO = Path(__file__).resolve().parents[1]


def _s4():
    return from_dict(json.loads(PROBLEMS.get("completion").demo_instance))


def test_a_valid_run_carries_a_valid_verdict() -> None:
    res = ds.run(_s4(), "fifo")
    assert res.verdict == {"valid": True, "count": 0, "violations": []}
    assert "INVALID" not in res.summary()
    sol = ds.solve(_s4(), time_limit=10)
    assert sol.verdict["valid"] is True


def test_verify_false_skips_the_check() -> None:
    assert ds.run(_s4(), "fifo", verify=False).verdict is None


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": f"{REPO / 'src'}{os.pathsep}{REPO}"}
    return subprocess.run([sys.executable, "-m", "dlsched.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_run_says_invalid_and_names_both_objectives(tmp_path: Path) -> None:
    inst = tmp_path / "s4.json"
    inst.write_text(PROBLEMS.get("completion").demo_instance, encoding="utf-8")
    ok = _cli("run", str(inst), "-a", "fifo", cwd=REPO)
    assert ok.returncode == 0 and "INVALID" not in ok.stdout
    proc = _cli("run", str(inst), "-a", "liar-fifo", "--import", "tests.bench.liarplugin",
                cwd=REPO)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "INVALID" in proc.stdout and "1 violation(s)" in proc.stdout
    fifo = ds.run(ds.load(inst), "fifo").objective
    assert f"reported {0.9 * fifo:.10g}" in proc.stdout
    assert f"objective is {fifo:.10g}" in proc.stdout.replace("\n", " ")


def test_an_unrecomputable_objective_fails_closed(monkeypatch) -> None:
    prob = PROBLEMS.get("completion")

    def boom(inst, solution):
        raise ZeroDivisionError("no way")

    monkeypatch.setitem(PROBLEMS._items, "completion", dataclasses.replace(prob, objective=boom))
    res = ds.run(_s4(), "fifo")
    assert res.verdict["valid"] is False
    assert "cannot recompute" in res.verdict["violations"][0]
    assert "ZeroDivisionError" in res.verdict["violations"][0]


def test_an_infeasible_schedule_is_invalid_with_its_violations(monkeypatch) -> None:
    """A plug-in's over-packed schedule: every job at slot 1 on one server."""
    from dlsched.core import ALGORITHMS
    from dlsched.core.result import Result

    def packed(inst):
        sol = ds.run(inst, "fifo", verify=False).solution.to_json()
        for plan in sol["jobs"].values():
            plan["start"] = 1
        sol.pop("objective", None)
        return Result("completion", "packed", "feasible",
                      objective=PROBLEMS.get("completion").objective(inst, sol), solution=sol)

    fifo = ALGORITHMS.get("fifo", problem="completion")
    monkeypatch.setitem(ALGORITHMS._items, ("completion", "packed"),
                        dataclasses.replace(fifo, name="packed", run=packed))
    res = ds.run(_s4(), "packed")
    assert res.verdict["valid"] is False and res.verdict["count"] >= 1
    assert res.summary().startswith("completion/packed: INVALID")
    with pytest.raises(AssertionError):
        assert ds.check(_s4(), res) == []
