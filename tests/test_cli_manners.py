"""Command-line manners (issue 22): an unavailable or unusable solver is refused naming the
installed ones; progress shows on a terminal only."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import dlsched as ds
from dlsched.cli import main
from dlsched.core import InputError
from dlsched.core import solver as core_solver

REPO = Path(__file__).resolve().parents[1]
OEF = str(REPO / "instances" / "oef" / "paper-w1.json")
COMPLETION = str(REPO / "instances" / "completion" / "s4.json")


@pytest.fixture
def no_gurobi(monkeypatch):
    """This machine as one without Gurobi (whatever is really installed)."""
    real = core_solver.solver_available
    monkeypatch.setattr(core_solver, "solver_available",
                        lambda name: False if "gurobi" in name else real(name))


def test_cli_unavailable_solver_exits_2_naming_the_installed(no_gurobi, capsys):
    assert main(["solve", OEF, "--solver", "gurobi"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --solver: 'gurobi' is not available; installed: highs")
    assert "appsi_highs" in err and "gurobi" not in err.split("installed:")[1]


def test_api_refuses_an_unknown_solver_with_field_solver():
    inst = ds.load(OEF)
    with pytest.raises(InputError) as exc:
        ds.solve(inst, solver="no-such-solver")
    assert exc.value.field == "solver" and "installed: highs" in exc.value.reason


def test_cpsat_model_refuses_a_solver_it_would_ignore():
    inst = ds.load(COMPLETION)
    with pytest.raises(InputError) as exc:
        ds.solve(inst, model="completion-cpsat", solver="glpk")
    assert exc.value.field == "solver"
    assert "uses OR-Tools CP-SAT" in exc.value.reason and "'glpk'" in exc.value.reason


def test_default_solver_still_runs():
    res = ds.solve(ds.load(OEF), solver="highs")
    assert res.status.value == "optimal"


def test_suite_refuses_an_unavailable_solver(no_gurobi, tmp_path):
    from dlsched.bench import load_suite

    suite = tmp_path / "s.toml"
    suite.write_text("""
[suite]
name = "s"
[problems.oef]
reference = "eff"
[[problems.oef.instances]]
label = "g"
grid = { n = [3], k = [2] }
seeds = 1
[[problems.oef.methods]]
label = "eff"
model = "oef-efficiency"
solver = "gurobi"
""", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_suite(suite)
    assert exc.value.field == "problems.oef.methods[0].solver"
    assert "installed: highs" in exc.value.reason


def test_no_progress_when_stderr_is_not_a_terminal(capsys):
    assert main(["solve", OEF]) == 0
    assert main(["run", OEF, "-a", "oef-placer"]) == 0
    assert capsys.readouterr().err == ""


def _terminal(monkeypatch) -> io.StringIO:
    import dlsched.cli as cli

    buf = io.StringIO()
    monkeypatch.setattr(cli, "err_console", Console(file=buf, force_terminal=True, width=100))
    return buf


def test_progress_shows_on_a_terminal(monkeypatch):
    buf = _terminal(monkeypatch)
    assert main(["solve", OEF, "--time-limit", "60"]) == 0
    out = buf.getvalue()
    assert "solving paper-w1" in out and "(limit 60 s)" in out


def test_no_progress_flag_silences_a_terminal(monkeypatch):
    buf = _terminal(monkeypatch)
    assert main(["solve", OEF, "--no-progress"]) == 0
    assert buf.getvalue() == ""


def test_stages_bar_counts_stages_on_a_terminal():
    from dlsched.core.progress import stages

    buf = io.StringIO()
    with stages(Console(file=buf, force_terminal=True, width=100), "report", 2) as step:
        step("plots a")
        step("tables")
    assert "report" in buf.getvalue() and "tables" in buf.getvalue()
