"""Plug-ins load everywhere a built-in does: ``--import MODULE|FILE.py`` on the commands, and
the entry-point group ``dlsched.plugins`` of an installed distribution (a fake one here: a
``*.dist-info`` directory on the import path, found by ``importlib.metadata`` itself).

The commands run as subprocesses: a registration made in this test process would stay.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dlsched.core import InputError, plugins

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "docs" / "examples" / "greedy_oef.py"
#: W_1 stating the efficiency problem (fairness "none"): the plug-ins here maximise efficiency
#: without fairness, which paper-w1 (cooperative) would rule invalid (the CLI exits 1)
INSTANCE = REPO / "instances" / "oef" / "paper-w1-efficiency.json"

# a plug-in that gives every GPU type wholly to row 0: objective = sum_j W[0][j] * capacity[j]
ROW0 = '''
import numpy as np
from dlsched.core import Result, Status, register_algorithm
from dlsched.oef.solution import make_solution, row_efficiency


@register_algorithm("row0-all", "oef", "test plug-in: everything to row 0")
def row0_all(inst):
    X = np.zeros_like(inst.rows.W, dtype=float)
    X[0, :] = np.asarray(inst.capacity, dtype=float)
    return Result(problem="oef", method="row0-all", status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()), runtime_s=0.0,
                  solution=make_solution(inst, X))
'''


def _cli(*args: str, cwd: Path, pythonpath: tuple[Path, ...] = ()) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, pythonpath), str(REPO / "src")])
    return subprocess.run([sys.executable, "-m", "dlsched.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _fake_distribution(root: Path, entry: str) -> None:
    """An installed distribution ``fakeplug`` declaring ``entry`` in group dlsched.plugins."""
    info = root / "fakeplug-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fakeplug\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[dlsched.plugins]\n{entry}\n")


def test_run_imports_a_plugin_file(tmp_path: Path) -> None:
    """``dlsched run -a NAME --import path/to/plugin.py`` runs the plug-in's algorithm."""
    (tmp_path / "row0.py").write_text(ROW0)
    out = tmp_path / "r.json"
    proc = _cli("run", str(INSTANCE), "-a", "row0-all", "--import", "row0.py", "-o", str(out),
                cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    res = json.loads(out.read_text())
    assert res["method"] == "row0-all" and res["status"] == "feasible"
    # W_1: one GPU of each type, row 0 is user u1 with speedups (1, 2): 1*1 + 2*1
    assert res["objective"] == pytest.approx(3.0)


def test_solve_and_run_import_by_module_name(tmp_path: Path) -> None:
    """The module-name form, and ``solve`` accepts ``--import`` too (repeatable)."""
    (tmp_path / "row0.py").write_text(ROW0)
    proc = _cli("run", str(INSTANCE), "-a", "greedy-fastest", "--import", "greedy_oef",
                "--import", str(tmp_path / "row0.py"), cwd=tmp_path,
                pythonpath=(PLUGIN.parent,))
    assert proc.returncode == 0, proc.stderr
    assert "greedy-fastest: feasible" in proc.stdout
    proc = _cli("solve", str(INSTANCE), "-m", "oef-efficiency", "--import", str(PLUGIN),
                cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr


def test_unknown_plugin_exits_2_naming_it(tmp_path: Path) -> None:
    proc = _cli("run", str(INSTANCE), "-a", "max-min", "--import", "no_such_plugin_xyz",
                cwd=tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "no_such_plugin_xyz" in lines[0] and "--import" in lines[0]
    proc = _cli("run", str(INSTANCE), "-a", "max-min", "--import", "missing/plug.py",
                cwd=tmp_path)
    assert proc.returncode == 2 and "missing/plug.py" in proc.stderr
    (tmp_path / "broken.py").write_text("raise RuntimeError('boom at import')\n")
    proc = _cli("bench", "x.toml", "--import", "broken.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert "broken.py" in proc.stderr and "boom at import" in proc.stderr


def test_entry_point_plugin_loads_at_cli_start(tmp_path: Path) -> None:
    """A distribution declaring ``[dlsched.plugins]`` needs no --import."""
    (tmp_path / "row0.py").write_text(ROW0)
    _fake_distribution(tmp_path, "row0 = row0")
    proc = _cli("run", str(INSTANCE), "-a", "row0-all", cwd=tmp_path, pythonpath=(tmp_path,))
    assert proc.returncode == 0, proc.stderr
    assert "row0-all: feasible" in proc.stdout


def test_broken_entry_point_exits_2_naming_the_plugin(tmp_path: Path) -> None:
    _fake_distribution(tmp_path, "my-broken = no_such_module_for_ep")
    proc = _cli("list", "oef", cwd=tmp_path, pythonpath=(tmp_path,))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: plugin my-broken:"), proc.stderr
    assert "no_such_module_for_ep" in lines[0]


def test_entry_points_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``load_entry_points`` loads each entry point once, sorted by name, via importlib.metadata
    (monkeypatched: no registration left behind)."""
    from importlib import metadata

    (tmp_path / "ep_probe_a.py").write_text("LOADED = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = metadata.EntryPoints([
        metadata.EntryPoint("b", "ep_probe_a", "dlsched.plugins"),
        metadata.EntryPoint("a", "json", "dlsched.plugins"),
    ])
    monkeypatch.setattr(metadata, "entry_points", lambda group: eps.select(group=group))
    monkeypatch.setattr(plugins, "_ENTRY_POINTS_LOADED", False)
    assert plugins.load_entry_points() == ["a", "b"]
    assert sys.modules["ep_probe_a"].LOADED
    assert plugins.load_entry_points() == []  # once per process
    bad = metadata.EntryPoints([metadata.EntryPoint("bad-one", "ep_nowhere_x", "dlsched.plugins")])
    monkeypatch.setattr(metadata, "entry_points", lambda group: bad.select(group=group))
    monkeypatch.setattr(plugins, "_ENTRY_POINTS_LOADED", False)
    with pytest.raises(InputError) as err:
        plugins.load_entry_points()
    assert err.value.field == "plugin bad-one"


def test_file_plugin_imported_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """By path twice, or by path then by name: one module (no double registration)."""
    (tmp_path / "once_probe.py").write_text("import itertools\nCOUNT = next(itertools.count())\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "once_probe", raising=False)
    first = plugins.import_plugin(str(tmp_path / "once_probe.py"))
    assert plugins.import_plugin(str(tmp_path / "once_probe.py")) is first
    assert plugins.import_plugin("once_probe") is first
    other = tmp_path / "sub"
    other.mkdir()
    (other / "once_probe.py").write_text("X = 1\n")
    with pytest.raises(InputError, match="different module"):
        plugins.import_plugin(str(other / "once_probe.py"))
    monkeypatch.delitem(sys.modules, "once_probe")
