"""The notebooks run from a regular install, outside the checkout (issue #34, item 4).

A student installs ``dlsched[notebooks]`` and opens the notebooks in any directory. This module
builds the wheel from the tracked files (``tests/test_install_wheel.py``'s helpers), installs it
with the ``notebooks`` extra into a fresh virtualenv (no system site-packages), copies only the
committed ``.ipynb`` files of ``notebooks/`` (and ``notebooks/solutions/``) to a directory
outside the repository and executes each there with that venv's ``jupyter nbconvert
--execute``, so the kernel is the venv's Python: every import, instance and checker must come
from the installed package. Each executed notebook must say so in its first cell
(``ready: dlsched ... (installed package)``), show no error, and answer its checks as in the
checkout (exercise notebooks: "not answered yet"; solutions: "correct"). About 4 minutes: the
install takes most.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from .test_install_wheel import _env, _run, wheel_in_fresh_venv

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]


def _tracked_notebooks(folder: str) -> list[Path]:
    """The committed ``.ipynb`` files of ``folder`` (the wheel is built from tracked files, so a
    notebook still being written, with a checker not yet committed, is not expected to run)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--", f"{folder}/*.ipynb"],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return sorted((REPO / folder).glob("*.ipynb"))
    return sorted(
        REPO / name
        for name in out.split("\0")
        if name and Path(name).parent.as_posix() == folder and (REPO / name).is_file()
    )


NOTEBOOKS = _tracked_notebooks("notebooks")
SOLUTIONS = _tracked_notebooks("notebooks/solutions")
#: Seconds a notebook may take to execute (alone they take 2-15 s; the machine may be shared).
CELL_TIMEOUT_S = 300


@pytest.fixture(scope="module")
def student(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A venv with the wheel and its notebooks extra; the notebooks copied outside the repo."""
    tmp = tmp_path_factory.mktemp("student")
    _, venv = wheel_in_fresh_venv(tmp, "[notebooks]")
    work = tmp / "course"  # a student's folder: the notebooks and nothing else
    (work / "solutions").mkdir(parents=True)
    for nb in NOTEBOOKS:
        shutil.copy2(nb, work / nb.name)
    for nb in SOLUTIONS:
        shutil.copy2(nb, work / "solutions" / nb.name)
    home = tmp / "home"  # no kernel spec or config of this machine's user
    home.mkdir()
    return {"venv": venv, "work": work, "home": home}


def _execute(student: dict[str, Path], relative: str) -> dict:
    """Execute ``relative`` (below the course folder) in its own folder with the venv's
    nbconvert and kernel; return the executed notebook (JSON)."""
    path = student["work"] / relative
    out = student["home"] / "executed"
    env = _env(student["venv"], HOME=str(student["home"]))
    _run(
        [
            student["venv"] / "bin" / "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            f"--ExecutePreprocessor.timeout={CELL_TIMEOUT_S}",
            "--ExecutePreprocessor.kernel_name=python3",
            "--output-dir",
            out,
            "--output",
            path.stem,
            path,
        ],
        cwd=path.parent,
        env=env,
        timeout=20 * CELL_TIMEOUT_S,
    )
    return json.loads((out / f"{path.stem}.ipynb").read_text(encoding="utf-8"))


def _stdout(cell: dict) -> str:
    return "".join(
        "".join(o["text"]) if isinstance(o["text"], list) else o["text"]
        for o in cell.get("outputs", [])
        if o.get("output_type") == "stream" and o.get("name") == "stdout"
    )


def _verdicts(nb: dict) -> list[str]:
    return [
        line
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for line in _stdout(c).splitlines()
        if line.startswith(("correct", "not answered", "not correct"))
    ]


def _check(nb: dict, name: str, expected_verdict: str) -> None:
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, f"{name}: {errors[0]['ename']}: {errors[0]['evalue']}"
    first = _stdout(code[0])
    assert first.startswith("ready: dlsched") and "(installed package)" in first, (name, first)
    verdicts = _verdicts(nb)
    assert verdicts, f"{name}: no exercise check ran"
    assert all(v.startswith(expected_verdict) for v in verdicts), (name, verdicts)


def test_the_course_folder_is_outside_the_repository(student: dict[str, Path]) -> None:
    work = student["work"].resolve()
    assert REPO not in work.parents and work != REPO
    assert sorted(p.name for p in work.rglob("*") if p.is_file()) == sorted(
        p.name for p in (*NOTEBOOKS, *SOLUTIONS)
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_from_the_install(student: dict[str, Path], path: Path) -> None:
    """Every cell runs with the installed package; the checks wait for answers."""
    _check(_execute(student, path.name), path.name, "not answered")


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_solutions_run_from_the_install(student: dict[str, Path], path: Path) -> None:
    """The worked answers pass the installed checkers."""
    _check(_execute(student, f"solutions/{path.name}"), path.name, "correct")
