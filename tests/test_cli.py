"""CLI: JSON in/out, one-line errors naming the field, no partial output on failure."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dlsched.cli import main

GOOD = {
    "problem": "oef",
    "schema_version": 1,
    "name": "toy",
    "gpu_types": [{"name": "k80", "count": 1}, {"name": "v100", "count": 1}],
    "users": [{"name": "u1", "speedup": [1, 2]}, {"name": "u2", "speedup": [1, 5]}],
}


def _with(path: str, value) -> dict:
    """GOOD with the dotted ``path`` set to ``value`` (None deletes the key)."""
    data = json.loads(json.dumps(GOOD))
    *parents, last = path.split(".")
    node = data
    for p in parents:
        node = node[int(p)] if p.isdigit() else node[p]
    if value is None:
        del node[int(last) if last.isdigit() else last]
    elif last.isdigit():
        node[int(last)] = value
    else:
        node[last] = value
    return data


BAD = [
    ("missing field", _with("gpu_types", None), "gpu_types"),
    ("unknown field", _with("users.0.colour", "red"), "users[0].colour"),
    ("wrong matrix shape", _with("users.1.speedup", [1, 2, 3]), "users[1].speedup"),
    ("non-positive capacity", _with("gpu_types.1.count", 0), "gpu_types[1].count"),
    ("negative speedup", _with("users.0.speedup", [1, -2]), "users[0].speedup[1]"),
    ("NaN", _with("users.0.speedup", [1, float("nan")]), "users[0].speedup[1]"),
    ("infinity", _with("gpu_types.0.count", float("inf")), "gpu_types[0].count"),
    ("unknown problem", _with("problem", "nope"), "problem"),
    ("speedup not relative", _with("users.0.speedup", [2, 4]), "users[0].speedup[0]"),
    ("zero weight", _with("users.0.weight", 0), "users[0].weight"),
    ("duplicate name", _with("users.1.name", "u1"), "users[1].name"),
]


@pytest.mark.parametrize(("case", "data", "field"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_one_line_naming_field_and_no_output(tmp_path, capsys, case, data, field):
    inst = tmp_path / "inst.json"
    inst.write_text(json.dumps(data))
    out = tmp_path / "out.json"
    assert main(["solve", str(inst), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith(f"error: {field}:"), err[0]
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["inst.json"]


def test_malformed_json(tmp_path, capsys):
    inst = tmp_path / "inst.json"
    inst.write_text('{"problem": "oef",')
    assert main(["solve", str(inst), "-o", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "malformed JSON" in err[0] and str(inst) in err[0]
    assert not (tmp_path / "o.json").exists()


def test_unknown_model_and_param(tmp_path, capsys):
    inst = tmp_path / "inst.json"
    inst.write_text(json.dumps(GOOD))
    assert main(["solve", str(inst), "-m", "nope"]) == 2
    assert "model: unknown model 'nope'" in capsys.readouterr().err
    assert main(["generate", "oef", "-p", "bogus"]) == 2
    assert "--param" in capsys.readouterr().err


def test_solve_run_check_round_trip(tmp_path, capsys):
    inst = tmp_path / "inst.json"
    inst.write_text(json.dumps({**GOOD, "fairness": "cooperative"}))  # the problem of LP (10)
    res = tmp_path / "res.json"
    assert main(["solve", str(inst), "-m", "oef-cooperative", "-o", str(res)]) == 0
    data = json.loads(res.read_text())
    assert data["status"] == "optimal" and data["problem"] == "oef"
    # golden G5 (oef notes §9, docs/specs/oef.md): eq (6) cooperative OEF, total efficiency 5.25
    assert data["objective"] == pytest.approx(5.25, rel=1e-9)
    verdict = tmp_path / "verdict.json"
    assert main(["check", str(inst), str(res), "-o", str(verdict)]) == 0
    assert json.loads(verdict.read_text())["feasible"] is True
    # a solution over capacity is reported, with exit code 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"allocation": [[1, 1], [0.5, 0]]}))
    assert main(["check", str(inst), str(bad)]) == 1
    assert "capacity of k80" in capsys.readouterr().out


def test_generate_then_export(tmp_path):
    inst = tmp_path / "g.json"
    assert main(["generate", "oef", "--seed", "3", "-p", "n=4", "-p", "k=3", "-o", str(inst)]) == 0
    assert main(["export", str(inst), "-m", "oef-noncooperative", "-d", str(tmp_path / "x")]) == 0
    names = sorted(p.name for p in (tmp_path / "x").iterdir())
    assert names == [f"oef-n4-k3-rand-s3.oef-noncooperative.{e}" for e in ("lp", "mps")]


def test_console_script_demo_runs():
    import dlsched as ds

    proc = subprocess.run(
        [sys.executable, "-m", "dlsched.cli", "demo", "oef"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    # the demo instance (paper-w1) states cooperative fairness: LP (10) solves it, the other
    # OEF models state another problem and are shown as refused rows
    rows = {}
    for line in proc.stdout.splitlines():
        cells = [c.strip() for c in line.strip().strip("│").split("│")]
        if len(cells) == 6 and cells[0] not in ("", "method"):
            rows[cells[0]] = cells
    assert rows["oef-cooperative"][1:3] == ["exact", "optimal"]
    assert rows["oef-cooperative"][5] == "yes"
    for model in ("oef-efficiency", "oef-noncooperative"):
        assert rows[model][2] == "refused", rows[model]
        assert f"refused {model}" in " ".join(proc.stdout.split())
    # a result marked invalid is an algorithm's, and only for the statement's fairness rule
    # (envy): every method's allocation respects capacity
    inst = ds.load(ROOT / "instances/oef/paper-w1.json")
    assert inst.fairness == "cooperative"
    for method, cells in rows.items():
        if cells[5] == "NO":
            assert cells[1] == "algorithm", cells
            problems = ds.check(inst, ds.run(inst, method, verify=False))
            assert problems and all(p.startswith("envy:") for p in problems), (method, problems)


# --- issue 12: exports, parameter validation, list/params/check, formats, file modes ----------
ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def test_run_rejects_unknown_param_naming_it(capsys) -> None:
    rc = main(["run", str(ROOT / "instances/oef/paper-eq6.json"), "-a", "gavel", "-p", "bogus=1"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "bogus" in err and "cap" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_generate_rejects_unknown_param(capsys) -> None:
    assert main(["generate", "oef", "-p", "nonsense=3"]) == 2
    assert "nonsense" in capsys.readouterr().err


def test_params_lists_defaults(capsys) -> None:
    assert main(["params", "gavel"]) == 0
    out = capsys.readouterr().out
    assert "cap" in out and "second_stage" in out
    assert "1.0" in out and "False" in out  # the defaults of cap and second_stage


def test_params_of_model_lists_export_parameters(capsys) -> None:
    assert main(["params", "ltgf-milp"]) == 0
    out = capsys.readouterr().out
    assert "export parameters" in out and "slots=None" in out and "window=4" in out
    assert main(["params", "ltgf-cpsat"]) == 0
    assert "no MPS/LP form" in capsys.readouterr().out


def test_params_of_generator(capsys) -> None:
    assert main(["params", "ojpp"]) == 0
    assert "n_jobs" in capsys.readouterr().out


def test_list_problem_filters(capsys) -> None:
    assert main(["list", "ltgf"]) == 0
    out = capsys.readouterr().out
    assert "ltgf-milp" in out and "oef-cooperative" not in out
    assert main(["list", "nosuch"]) == 2


@pytest.mark.parametrize(
    ("instance", "model", "stem"),
    [
        ("completion/s1-ps.json", None, "s1-ps.completion-milp"),  # default CP-SAT not exportable
        ("ltgf/paper-fig6.json", "ltgf-milp", "fig6.ltgf-milp"),  # crashed on indexed z
    ],
)
def test_export_default_exportable_model(tmp_path, instance, model, stem) -> None:
    argv = ["export", str(ROOT / "instances" / instance), "-d", str(tmp_path)]
    assert main(argv + (["-m", model] if model else [])) == 0
    assert (tmp_path / f"{stem}.mps").stat().st_size > 0
    assert (tmp_path / f"{stem}.lp").stat().st_size > 0


def test_export_lazy_model_is_complete_or_warns(tmp_path, capsys) -> None:
    # ojpp-compact adds its collision rows lazily: the export lists them all (no warning), or
    # says on stderr that it lacks them (tests/test_cli_export.py solves both files)
    inst = str(ROOT / "instances/ojpp/golden-o1.json")
    assert main(["export", inst, "-m", "ojpp-compact", "-d", str(tmp_path)]) == 0
    assert "warning" not in capsys.readouterr().err
    argv = ["export", inst, "-m", "ojpp-compact", "-p", "complete=false", "-d", str(tmp_path)]
    assert main(argv) == 0
    assert "warning" in capsys.readouterr().err
    assert main(["export", inst, "-m", "ojpp-patterns", "-d", str(tmp_path)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_export_non_pyomo_model_exits_2(tmp_path, capsys) -> None:
    inst = str(ROOT / "instances/completion/s1-ps.json")
    assert main(["export", inst, "-m", "completion-cpsat", "-d", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--model" in err and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


def test_check_prints_table(tmp_path, capsys) -> None:
    inst = str(ROOT / "instances/oef/paper-eq6.json")
    out = tmp_path / "r.json"
    assert main(["run", inst, "-a", "gavel", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["check", inst, str(out)]) == 0
    text = capsys.readouterr().out
    assert "feasible" in text and "{" not in text  # a table, not a dict repr


def test_check_ends_with_a_summary_line_and_the_objective(tmp_path, capsys) -> None:
    """s3 by hand: A (weight 1) runs slots 3-5 and completes at 6, B (weight 4) runs slot 2 and
    completes at 3: 1 * 6 + 4 * 3 = 18. B moved to slot 3 overlaps A on the one GPU."""
    inst = str(ROOT / "instances/completion/s3.json")
    jobs = {"A": {"start": 3, "duration": 3, "worker_type": "m1", "workers": {"h1": 1}},
            "B": {"start": 2, "duration": 1, "worker_type": "m1", "workers": {"h1": 1}}}
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"jobs": jobs}))
    assert main(["check", inst, str(good)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == ("summary: s3: feasible, objective 18 (minimised, recomputed from the "
                    "solution)")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"jobs": {**jobs, "B": {**jobs["B"], "start": 3}}}))
    assert main(["check", inst, str(bad)]) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == ("summary: s3: INVALID, 1 violation(s); first: capacity (2h): server h1, "
                    "resource gpu, slot 3: 2 > 1")


def test_vbp_loads_by_extension(tmp_path) -> None:
    from dlsched.api import load

    vbp = tmp_path / "tiny.vbp"
    vbp.write_text("2\n10 10\n2\n6 6 2\n4 4 2\n")  # 2 dims, 2 item types, demand 2 each
    inst = load(vbp)
    assert inst.problem == "ojpp" and inst.n_workers == 4


def test_result_file_mode_follows_umask(tmp_path) -> None:
    import os

    from dlsched.core.io import atomic_write_text

    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "a.json", "{}")
        os.umask(0o027)
        atomic_write_text(tmp_path / "b.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "b.json").stat().st_mode & 0o777 == 0o640


def test_help_imports_no_problem_module() -> None:
    """`dlsched --help` stays fast by importing no problem package (registries load on lookup)."""
    code = (
        "import sys\nfrom dlsched.cli import build_parser\nbuild_parser().format_help()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] == ['dlsched', 'completion']"
        " or m in ('dlsched.oef', 'dlsched.ojpp', 'dlsched.ltgf', 'dlsched.revenue')))\n"
        "import dlsched\nassert 'oef' in dlsched.PROBLEMS and dlsched.MODELS.has('oef-cooperative')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


#: packages `dlsched --help` must not import (each costs 0.1-1 s): solvers, numerics, plots
HEAVY = ("pyomo", "ortools", "highspy", "numpy", "scipy", "pandas", "matplotlib", "cvxpy",
         "networkx", "pydantic", "dask")


def test_help_imports_no_heavy_module() -> None:
    """`dlsched --help` and `dlsched CMD --help` for every command import none of HEAVY (checked
    in sys.modules, not by time); the public API still reaches everything lazily."""
    code = f"""
import sys
from dlsched.cli import COMMANDS, build_parser, main
build_parser()
for argv in [["--help"], ["--version"]] + [[c, "--help"] for c in sorted(COMMANDS)]:
    try:
        main(argv)
    except SystemExit:
        pass
heavy = sorted({{m.split(".")[0] for m in sys.modules}} & set({HEAVY!r}))
print("HEAVY", heavy, sorted(COMMANDS))
import dlsched as ds
from dlsched.bench import run_suite
from dlsched.core import SolveOptions
res = ds.solve(ds.load("instances/oef/paper-w1.json"), model="oef-cooperative")
assert res.status.value == "optimal" and "pyomo" in sys.modules and callable(run_suite)
assert SolveOptions().solver == "highs" and ds.__version__
print("OK")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.strip().splitlines()
    heavy = next(line for line in lines if line.startswith("HEAVY"))
    assert heavy.startswith("HEAVY [] "), heavy
    assert "'export'" in heavy and "'bench'" in heavy  # every command's help was printed
    assert lines[-1] == "OK"


def test_every_argument_has_help() -> None:
    import argparse

    from dlsched.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = [
        f"{name} {a.option_strings or a.dest}"
        for name, p in [("dlsched", parser), *sub.choices.items()]
        for a in p._actions
        if not a.help
    ]
    assert missing == []


def test_bench_unknown_executor_exits_2(tmp_path, capsys) -> None:
    # --executor has no argparse choices (--help must not import the harness): the registry
    # check in run_suite names the field instead, before anything is written
    db = tmp_path / "r.db"
    assert main(["bench", str(ROOT / "benchmarks/quick.toml"), "-e", "bogus", "-o", str(db)]) == 2
    err = capsys.readouterr().err
    assert "--executor" in err and "local" in err and len(err.strip().splitlines()) == 1
    assert not db.exists()
