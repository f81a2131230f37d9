"""The notebooks teach what a fresh run prints (issue #22, item 4).

* Every notebook in notebooks/ is re-executed with nbclient; each number it prints must equal the
  committed one (integers and words exactly, floats to a relative 1e-6). Outputs of cells tagged
  ``timing`` and the ``time=...s (build ...s)`` field of ``Result.summary()`` are machine-dependent
  and masked. ``scripts/run_notebooks.py`` rewrites the committed outputs.
* Every figure the notebooks render carries data: a startup cell injected before execution wraps
  matplotlib's ``print_figure`` and records each Axes without a data-carrying artist (reference
  lines such as ``axhline`` and zero-size legend proxies do not count).
* Each notebook ends with an "Exercises" section whose check cells run unanswered; its
  solutions notebook (notebooks/solutions/<name>-solutions.ipynb) answers every exercise and each
  check prints "correct"; a wrong answer fails the check.
* docs/notebooks shows the same files (a symlink to notebooks/).
"""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import math
import os
import re
import sys
import time
from pathlib import Path

import matplotlib
import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

matplotlib.use("Agg")
import matplotlib.pyplot as plt

ROOT = Path(__file__).resolve().parents[1]
NB_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NB_DIR.glob("*.ipynb"))
NAMES = [p.stem for p in NOTEBOOKS]
MAX_SECONDS = 180  # per notebook: generous, the machine may be shared; 5-30 s alone
REL_TOL = 1e-6
TIMING = re.compile(r"time=\d+(?:\.\d+)?s \(build \d+(?:\.\d+)?s\)")
NUMBER = re.compile(r"([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)")
INJECTED = "dlsched-test-injected"


def solutions_path(name: str) -> Path:
    return NB_DIR / "solutions" / f"{name}-solutions.ipynb"


# ---------------------------------------------------------------- figure inspection
def axes_without_data(fig) -> list[str]:
    """Labels of the visible Axes of ``fig`` that show no data: no line with a finite point in
    data coordinates (``axhline``/``axvline`` are reference lines, not data), no patch of
    non-zero size, no collection with a finite vertex or offset, no non-empty image."""
    import numpy as np
    from matplotlib.collections import Collection, PathCollection
    from matplotlib.image import AxesImage
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    def in_data(artist, ax) -> bool:
        return all(artist.get_transform().contains_branch_seperately(ax.transData))

    def line_data(line, ax) -> bool:
        xy = np.asarray(line.get_xydata(), dtype=float).reshape(-1, 2)
        return in_data(line, ax) and bool(np.isfinite(xy).all(axis=1).any())

    def patch_data(patch, ax) -> bool:
        if not in_data(patch, ax):
            return False
        if isinstance(patch, Rectangle):
            return patch.get_width() != 0 and patch.get_height() != 0
        verts = patch.get_path().vertices
        return len(verts) > 0 and bool(np.isfinite(verts).all(axis=1).any())

    def collection_data(coll) -> bool:
        if isinstance(coll, PathCollection):  # scatter: paths are the marker, offsets the data
            offsets = np.asarray(coll.get_offsets(), dtype=float).reshape(-1, 2)
            return bool(np.isfinite(offsets).all(axis=1).any())
        return any(len(p.vertices) > 0 and np.isfinite(p.vertices).all(axis=1).any()
                   for p in coll.get_paths())

    empty = []
    for k, ax in enumerate(fig.axes):
        if not ax.get_visible() or not ax.axison:
            continue
        if ax.get_label() == "<colorbar>":
            continue
        has = (any(line_data(a, ax) for a in ax.lines)
               or any(patch_data(a, ax) for a in ax.patches)
               or any(collection_data(a) for a in ax.collections)
               or any(isinstance(a, AxesImage) and a.get_array() is not None
                      and np.size(a.get_array()) > 0 for a in ax.images))
        assert all(isinstance(a, (Line2D, Patch, Collection, AxesImage))
                   for a in (*ax.lines, *ax.patches, *ax.collections, *ax.images))
        if not has:
            empty.append(f"axes {k} ({ax.get_title() or 'untitled'!r})")
    return empty


SETUP = f"""# {INJECTED}: record every rendered figure's Axes without data
import matplotlib.backend_bases as _mbb
_DLSCHED_FIGS = []
_DLSCHED_EMPTY = []
{inspect.getsource(axes_without_data)}
_dlsched_print_figure = _mbb.FigureCanvasBase.print_figure
def _dlsched_checked_print(self, *args, **kwargs):
    if id(self.figure) not in _DLSCHED_FIGS:
        _DLSCHED_FIGS.append(id(self.figure))
        _DLSCHED_EMPTY.extend(axes_without_data(self.figure))
    return _dlsched_print_figure(self, *args, **kwargs)
_mbb.FigureCanvasBase.print_figure = _dlsched_checked_print
"""
REPORT = f"""# {INJECTED}
import json as _json
print(_json.dumps({{"figures": len(_DLSCHED_FIGS), "empty": _DLSCHED_EMPTY}}))
"""


@functools.cache
def execute(path: Path) -> tuple[nbformat.NotebookNode, float, dict]:
    """Run ``path`` (cached per session) with the figure hook; return the executed notebook
    without the injected cells, its wall time and the hook's report."""
    specs = KernelSpecManager().find_kernel_specs()
    assert "python3" in specs, f"no python3 kernel spec (found {specs}); is ipykernel installed?"
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(SETUP))
    nb.cells.append(nbformat.v4.new_code_cell(REPORT))
    env_path = os.environ["PATH"]
    # the kernel spec launches "python": make sure that is this interpreter (the venv)
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env_path
    try:
        client = NotebookClient(nb, timeout=120, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        t0 = time.perf_counter()
        client.execute()  # raises CellExecutionError on the first failing cell
        seconds = time.perf_counter() - t0
    finally:
        os.environ["PATH"] = env_path
    report = json.loads("".join(o.get("text", "") for o in nb.cells[-1].outputs))
    nb.cells = nb.cells[1:-1]
    return nb, seconds, report


# ---------------------------------------------------------------- output comparison
def cell_texts(cell) -> dict[str, str]:
    """The printed text of a code cell: its stdout, stderr and text/plain results, each joined."""
    out = {"stdout": "", "stderr": "", "result": ""}
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out[o["name"]] += o["text"]
        elif o["output_type"] in ("execute_result", "display_data"):
            out["result"] += o.get("data", {}).get("text/plain", "") + "\n"
        elif o["output_type"] == "error":
            out["stderr"] += f"{o['ename']}: {o['evalue']}\n"
    return out


def text_differences(committed: str, fresh: str) -> list[str]:
    """Where ``fresh`` differs from ``committed``: any word or integer that changed, any float
    beyond ``REL_TOL`` (relative; 1e-9 absolute near zero). Timing fields are masked."""
    a = NUMBER.split(TIMING.sub("time=<machine-dependent>", committed))
    b = NUMBER.split(TIMING.sub("time=<machine-dependent>", fresh))
    if len(a) != len(b):
        return [f"different text:\n--- committed\n{committed}\n--- fresh\n{fresh}"]
    diffs = []
    for k, (x, y) in enumerate(zip(a, b, strict=True)):
        if x == y:
            continue
        if k % 2 == 0:  # text between numbers
            diffs.append(f"text {x!r} -> {y!r}")
        elif re.fullmatch(r"[-+]?\d+", x) and re.fullmatch(r"[-+]?\d+", y):
            diffs.append(f"integer {x} -> {y}")
        elif not math.isclose(float(x), float(y), rel_tol=REL_TOL, abs_tol=1e-9):
            diffs.append(f"number {x} -> {y}")
    return diffs


def output_differences(committed, fresh) -> list[str]:
    """Per code cell (cells tagged ``timing`` skipped), the differences of its printed text."""
    code_a = [c for c in committed.cells if c.cell_type == "code"]
    code_b = [c for c in fresh.cells if c.cell_type == "code"]
    assert len(code_a) == len(code_b)
    diffs = []
    for k, (ca, cb) in enumerate(zip(code_a, code_b, strict=True)):
        if "timing" in ca.get("metadata", {}).get("tags", []):
            continue
        ta, tb = cell_texts(ca), cell_texts(cb)
        for key in ta:
            diffs += [f"code cell {k} {key}: {d}" for d in text_differences(ta[key], tb[key])]
    return diffs


# ---------------------------------------------------------------- the detectors themselves
def test_text_differences_flags_stale_numbers() -> None:
    """The issue's stale cell: a committed 144970 against a fresh 134472 is a difference."""
    assert text_differences("objective=144970  time=1.201s (build 0.022s)",
                            "objective=134472  time=0.9s (build 0.1s)") == [
        "integer 144970 -> 134472"]
    assert text_differences("mean 1.014 x", "mean 1.0140000001 x") == []
    assert text_differences("mean 1.014 x", "mean 1.015 x") == ["number 1.014 -> 1.015"]
    assert text_differences("fifo 3", "drf 3") == ["text 'fifo ' -> 'drf '"]
    assert text_differences("[1, 2]", "[1, 2, 3]") != []
    assert text_differences("time=1.201s (build 0.022s)", "time=31.5s (build 2.0s)") == []


def test_axes_without_data_flags_empty_plots() -> None:
    """A reference line, a zero-height legend proxy or an empty box plot is not data."""
    fig, axes = plt.subplots(1, 7)
    axes[0].axhline(1)                                   # the empty ratio plot of the issue
    axes[1].bar(0, 0, label="proxy")                     # legend proxy only
    axes[2].boxplot([[], []])                            # no ratios collected
    axes[3].scatter([], []); axes[3].axhline(1)          # noqa: E702  a strip plot of nothing
    axes[4].plot([1, 2], [3, 4]); axes[4].axhline(1)     # noqa: E702  real data
    axes[5].stackplot([0, 1], [[1, 2]])                  # real data (a collection)
    axes[6].scatter([0], [0])                            # one point at the origin is data
    try:
        assert axes_without_data(fig) == [f"axes {k} ('untitled')" for k in range(4)]
    finally:
        plt.close(fig)
    fig, ax = plt.subplots()
    ax.imshow([[1, 2], [3, 4]])
    ax2 = fig.add_axes((0.1, 0.1, 0.2, 0.2))
    ax2.axis("off")  # an invisible frame is not a plot
    try:
        assert axes_without_data(fig) == []
    finally:
        plt.close(fig)


# ---------------------------------------------------------------- committed notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_committed_executed(path: Path) -> None:
    """Readers of the repository see a complete top-to-bottom run: every code cell executed in
    order (counts 1..n), at least one figure, no error output."""
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), \
        f"{path.name}: not committed as one fresh run (run scripts/run_notebooks.py)"
    assert sum("image/png" in o.get("data", {}) for c in code for o in c.outputs) >= 1
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)
    assert not any('matplotlib.use("Agg")' in c.source for c in nb.cells)


#: The widest figure a notebook may commit: the docs' notebook column is ~900 px at a 1280 px
#: window, so a figure this wide is shown at its own size and its 8 pt labels (dlsched.plot's
#: floor) render at 11 px; scripts/screenshots.py measures the rendered pages. Unit: pixels.
MAX_FIGURE_PX = 920


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_figures_fit_the_docs_column(path: Path) -> None:
    """Every committed figure is at most MAX_FIGURE_PX wide, at matplotlib's 100 dpi."""
    import base64
    import io

    from PIL import Image

    nb = nbformat.read(path, as_version=4)
    for k, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if "image/png" not in out.get("data", {}):
                continue
            with Image.open(io.BytesIO(base64.b64decode(out["data"]["image/png"]))) as img:
                width, dpi = img.size[0], img.info.get("dpi", (72, 72))[0]
            assert width <= MAX_FIGURE_PX, f"{path.name} cell {k}: figure {width} px wide"
            assert round(dpi) == 100, f"{path.name} cell {k}: {dpi} dpi"


def exercise_numbers(nb) -> list[int]:
    """The N of every ``check_exercise_N(`` call in the notebook's code cells."""
    return [int(n) for c in nb.cells if c.cell_type == "code"
            for n in re.findall(r"^check_exercise_(\d+)\(", c.source, flags=re.M)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_ends_with_exercises(path: Path) -> None:
    """The last section is "Exercises" with 2-3 checked exercises and a solutions notebook."""
    nb = nbformat.read(path, as_version=4)
    headings = [(k, line) for k, c in enumerate(nb.cells) if c.cell_type == "markdown"
                for line in c.source.splitlines() if line.startswith("## ")]
    assert headings and headings[-1][1].strip() == "## Exercises", path.name
    numbers = exercise_numbers(nb)
    assert 2 <= len(numbers) <= 3 and numbers == list(range(1, len(numbers) + 1)), numbers
    assert all(k > headings[-1][0] for k, c in enumerate(nb.cells)
               if c.cell_type == "code" and "check_exercise_" in c.source)
    sol = solutions_path(path.stem)
    assert sol.is_file(), f"missing {sol.relative_to(ROOT)}"
    assert exercise_numbers(nbformat.read(sol, as_version=4)) == numbers


def test_docs_show_the_same_notebooks() -> None:
    """The site renders notebooks/ itself (docs/notebooks is a symlink), so it cannot go stale."""
    docs = ROOT / "docs" / "notebooks"
    assert docs.is_symlink() and docs.resolve() == NB_DIR.resolve()
    for path in NOTEBOOKS:
        assert (docs / path.name).read_bytes() == path.read_bytes()


# ---------------------------------------------------------------- fresh executions (slow)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_match_fresh_run(path: Path) -> None:
    """Every number a fresh run prints is the committed one."""
    fresh, seconds, _ = execute(path)
    assert seconds < MAX_SECONDS, f"{path.name} took {seconds:.1f} s"
    diffs = output_differences(nbformat.read(path, as_version=4), fresh)
    assert not diffs, f"{path.name} is stale (run scripts/run_notebooks.py):\n" + "\n".join(
        diffs[:20])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_plots_carry_data(path: Path) -> None:
    """No rendered figure of the notebook has an empty Axes."""
    _, _, report = execute(path)
    assert report["figures"] >= 1, f"{path.name} rendered no figure"
    assert report["empty"] == [], f"{path.name}: empty axes {report['empty']}"


@pytest.mark.parametrize("name", NAMES)
def test_solutions_notebook_checks_pass(name: str) -> None:
    """The solutions notebook answers every exercise; each check prints "correct"."""
    path = solutions_path(name)
    fresh, seconds, report = execute(path)
    assert seconds < MAX_SECONDS
    assert report["empty"] == []
    committed = nbformat.read(path, as_version=4)
    assert not output_differences(committed, fresh)
    verdicts = [line for c in fresh.cells if c.cell_type == "code"
                for line in cell_texts(c)["stdout"].splitlines()
                if line.startswith(("correct", "not answered", "not correct"))]
    assert verdicts and all(v.startswith("correct") for v in verdicts), verdicts
    assert len(verdicts) == len(exercise_numbers(committed))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_exercise_checks_run_unanswered(path: Path) -> None:
    """The exercise notebook itself runs (executed above): its checks say "not answered yet"."""
    fresh, _, _ = execute(path)
    verdicts = [line for c in fresh.cells if c.cell_type == "code"
                for line in cell_texts(c)["stdout"].splitlines()
                if line.startswith(("correct", "not answered", "not correct"))]
    assert len(verdicts) == len(exercise_numbers(fresh))
    assert all(v.startswith("not answered") for v in verdicts), verdicts


# ---------------------------------------------------------------- wrong answers fail
def checks_module(name: str):
    """The checker module of notebook ``name`` (``dlsched.teaching.checks``)."""
    return importlib.import_module(f"dlsched.teaching.checks.{name.replace('-', '_')}")


WRONG = [(name, number) for name in NAMES
         for number in sorted(getattr(checks_module(name), "WRONG_ANSWERS", {}))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_exercise_has_a_wrong_answer_on_record(path: Path) -> None:
    """Each checker module lists a plausible wrong answer per exercise (``WRONG_ANSWERS``)."""
    nb = nbformat.read(path, as_version=4)
    wrong = getattr(checks_module(path.stem), "WRONG_ANSWERS", {})
    assert sorted(wrong) == sorted(set(exercise_numbers(nb)))


@pytest.mark.parametrize(("name", "number"), WRONG, ids=str)
def test_wrong_answer_fails_check(name: str, number: int, capsys) -> None:
    """A wrong answer raises an AssertionError that says what is wrong; None only prints."""
    module = checks_module(name)
    check = getattr(module, f"check_exercise_{number}")
    with pytest.raises(AssertionError, match="not correct"):
        check(module.WRONG_ANSWERS[number])
    check(None)
    assert capsys.readouterr().out.startswith("not answered")
