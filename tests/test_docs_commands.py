"""Every command the README and the documentation show runs verbatim (issue #33, items 5 and 7).

Getting started activates the virtual environment once (``source .venv/bin/activate``); from
then on every page writes bare ``dlsched`` and ``python``. This test runs every ``bash`` and
``python`` block of every page that shows one, in page order, as a reader would: this
interpreter's ``bin`` folder first on ``PATH`` (an activated venv), in a scratch folder outside
the repository that holds only the files the pages name besides instances (``docs/examples/``,
``benchmarks/*.toml``), so ``instances/...`` paths are read from the installed package
(``dlsched.core.io.find``) as they are after a plain ``pip install``. Every line of a ``text``
block right after a code block must appear in that block's output (whitespace runs compared as
one space).

A block that is not meant to run (it installs the environment, runs for minutes, writes the
shipped library, or shows a template to fill in) is preceded by ``<!-- not-run: REASON -->``;
``NOT_RUN`` lists every such block, so a new one is a decision made here too. A block that only
includes a file (``--8<--``) displays code and is not run. A page that includes another file
(``--8<-- "benchmarks/README.md"`` on a line of its own) shows that file's blocks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)
INCLUDE = re.compile(r'^--8<--\s+"([^"]+)"\s*$')
MARKER = re.compile(r"^<!--\s*not-run:\s*(.*?)\s*-->$")
COMMENT = re.compile(r"^<!--.*-->$")
RUNNABLE = ("bash", "python")
#: A venv path prefix on a command: after the activation every page writes the bare command.
PREFIX = re.compile(r"\.venv/bin/(?!activate\b)[\w.-]+")

#: Every page with a runnable block (README.md and docs/**/*.md). docs/plugin.md runs in
#: tests/test_plugin_tutorial.py (with its own checks), the others here.
PAGES = (
    "README.md",
    "docs/getting-started.md",
    "docs/harness.md",
    "docs/index.md",
    "docs/lib.md",
    "docs/plugin.md",
    "docs/plugins/completion.md",
    "docs/plugins/index.md",
    "docs/plugins/ltgf.md",
    "docs/plugins/oef.md",
    "docs/plugins/ojpp.md",
    "docs/plugins/revenue.md",
    "docs/reference/methods.md",
    "docs/reproduction/verdict-rule.md",
)
#: Pages that still need an edit in a file this change does not own (the file and the edit): a
#: strict xfail, so the test fails once the page passes and the entry is then removed.
PENDING: dict[str, str] = {}
#: Every block marked not-run: (page, its first line) -> how its reason starts. Entries of a
#: PENDING page name the marker still to be added.
NOT_RUN: dict[tuple[str, str], str] = {
    (
        "README.md",
        "python3 -m venv .venv && source .venv/bin/activate && pip install -q -e . "
        "&& dlsched bench benchmarks/quick.toml --allow-failures && dlsched report results.db "
        "--out report",
    ): "the main job",
    (
        "README.md",
        "python3 -m venv .venv && source .venv/bin/activate && pip install -q -e "
        '".[test,docs]" && python -m pytest -q -n 3',
    ): "the whole test suite",
    ("README.md", 'python -m pytest -q -n 2 -m "not slow"'): "the test suite",
    (
        "README.md",
        'pip install -q -e ".[docs]" && mkdocs build --strict   # site/index.html',
    ): "builds the site",
    ("docs/getting-started.md", "python3 -m venv .venv"): "creates the environment",
    (
        "docs/getting-started.md",
        "dlsched bench benchmarks/quick.toml --allow-failures && "
        "dlsched report results.db --out report",
    ): "the main job",
    (
        "docs/lib.md",
        "dlsched lib score my-alg --set oef/small --import my_plugin -p rounds=5 --json",
    ): "a template",
    ("docs/lib.md", "dlsched lib score my-alg --set oef/small --import my_plugin"): "a template",
    (
        "docs/harness.md",
        "dlsched bench benchmarks/quick.toml                      # < 2 min on "
        "2 cores, every problem",
    ): "sweeps",
    (
        "docs/harness.md",
        "from dlsched.bench import ResultsStore, ratio_rows, summarise, plot_ratio_distribution",
    ): "reads the main job's results.db",
    ("docs/index.md", "mkdocs build --strict"): "the server runs until stopped",
    (
        "docs/reference/methods.md",
        "dlsched params NAME            # a table; --json for scripts",
    ): "NAME is a placeholder",
    (
        "docs/reproduction/verdict-rule.md",
        "python benchmarks/reproduction/make_reports.py oef        # refuses a dirty tree",
    ): "regenerates a committed report",
}


@dataclass(frozen=True)
class Block:
    """One fenced block as a reader of ``page`` sees it (``source``: the file holding it)."""

    page: str
    source: str
    lang: str
    code: str
    promised: tuple[str, ...]
    not_run: str | None

    @property
    def first_line(self) -> str:
        return next((ln.strip() for ln in self.code.splitlines() if ln.strip()), "")

    @property
    def runs(self) -> bool:
        return (
            self.lang in RUNNABLE
            and self.not_run is None
            and not self.code.lstrip().startswith("--8<--")
        )


def _expand(rel: str, depth: int = 0, text: str | None = None) -> list[tuple[str, str]]:
    """``(source, text)`` pieces of a page: its own text (``text``, else the file's) with every
    top-level include line (outside a fence) replaced by the included file's pieces."""
    if text is None:
        text = (REPO / rel).read_text(encoding="utf-8")
    pieces: list[tuple[str, str]] = []
    buf: list[str] = []
    fenced = False
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        inc = INCLUDE.match(line.strip()) if not fenced else None
        if inc and depth < 3 and (REPO / inc.group(1)).is_file():
            pieces.append((rel, "".join(buf)))
            buf = []
            pieces += _expand(inc.group(1), depth + 1)
        else:
            buf.append(line)
    pieces.append((rel, "".join(buf)))
    return pieces


def _marker(before: str) -> str | None:
    """The reason of a not-run marker among the comment lines right before a fence."""
    for line in reversed(before.rstrip().splitlines()):
        line = line.strip()
        if not COMMENT.match(line):
            return None
        if m := MARKER.match(line):
            return m.group(1)
    return None


def page_blocks(page: str, text: str | None = None) -> list[Block]:
    """Every fenced block of ``page`` (includes expanded; ``text``: the page's text instead of
    its file) with the text block promised after it and its not-run marker."""
    found: list[tuple[str, str, str, str | None]] = []
    for source, piece in _expand(page, text=text):
        last = 0
        for m in FENCE.finditer(piece):
            found.append((source, m.group(1), m.group(2), _marker(piece[last : m.start()])))
            last = m.end()
    out = []
    for k, (source, lang, code, why) in enumerate(found):
        nxt = found[k + 1] if k + 1 < len(found) else None
        promised = (
            tuple(ln for ln in nxt[2].splitlines() if ln.strip())
            if nxt is not None and nxt[1] == "text"
            else ()
        )
        out.append(Block(page, source, lang, code, promised, why))
    return out


def _pages_with_blocks() -> list[str]:
    pages = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
    names = [p.relative_to(REPO).as_posix() for p in pages]
    return [
        n
        for n in names
        if any(
            b.lang in RUNNABLE and not b.code.lstrip().startswith("--8<--") for b in page_blocks(n)
        )
    ]


def workdir(tmp: Path) -> tuple[Path, dict[str, str]]:
    """A scratch folder with the repository files the pages name (not ``instances/``) and the
    environment of an activated venv (this interpreter's ``bin`` first on ``PATH``)."""
    work = tmp / "work"
    shutil.copytree(
        REPO / "docs" / "examples",
        work / "docs" / "examples",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    (work / "benchmarks").mkdir()
    for suite in (REPO / "benchmarks").glob("*.toml"):
        shutil.copy2(suite, work / "benchmarks" / suite.name)
    bindir = Path(sys.executable).parent
    assert (bindir / "dlsched").is_file(), f"no dlsched console script next to {sys.executable}"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DLSCHED_LIB")}
    env.update(
        PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}",
        COLUMNS="200",
        VIRTUAL_ENV=str(bindir.parent),
    )
    return work, env


def _squash(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def run_blocks(page: str, work: Path, env: dict[str, str]) -> None:
    """Run the page's blocks in order in ``work``; assert each exits 0 and prints what the
    page promises."""
    for n, block in enumerate(b for b in page_blocks(page) if b.runs):
        if block.lang == "bash":
            cmd = ["bash", "-e", "-o", "pipefail", "-c", block.code]
        else:  # as pasted into `python`: the bare interpreter on PATH, cwd on sys.path
            cmd = ["bash", "-c", 'exec python -c "$DOCS_BLOCK"']
        proc = subprocess.run(
            cmd,
            cwd=work,
            env={**env, "DOCS_BLOCK": block.code},
            capture_output=True,
            text=True,
            timeout=900,
        )
        where = f"{page} block {n} ({block.source}): {block.first_line}"
        assert proc.returncode == 0, (where, proc.stdout[-2000:], proc.stderr[-2000:])
        said = _squash(proc.stdout)
        for line in block.promised:
            assert _squash(line) in said, (where, line, proc.stdout[-3000:])


# --- the tests ---------------------------------------------------------------------------------
def test_block_parser() -> None:
    page = (
        '```bash\necho hi\n```\n\n```text\nhi\n```\n```python\n--8<-- "x.py"\n```\n'
        "<!-- not-run: slow -->\n```bash\nsleep 999\n```\n```python\nprint(2)\n```\n"
    )
    blocks = page_blocks("probe.md", text=page)
    assert [(b.lang, b.code, b.promised, b.not_run, b.runs) for b in blocks] == [
        ("bash", "echo hi\n", ("hi",), None, True),
        ("text", "hi\n", (), None, False),
        ("python", '--8<-- "x.py"\n', (), None, False),
        ("bash", "sleep 999\n", (), "slow", False),
        ("python", "print(2)\n", (), None, True),
    ]


def test_harness_page_shows_the_included_blocks() -> None:
    blocks = page_blocks("docs/harness.md")
    assert any(b.source == "benchmarks/README.md" and b.lang == "bash" for b in blocks)


def test_every_page_with_commands_is_covered() -> None:
    """A new page with a runnable block joins PAGES (and so runs here)."""
    assert tuple(_pages_with_blocks()) == PAGES


def test_getting_started_activates_the_venv_once() -> None:
    blocks = [b for b in page_blocks("docs/getting-started.md") if b.lang == "bash"]
    activations = [b for b in blocks if "source .venv/bin/activate" in b.code]
    assert len(activations) == 1 and blocks.index(activations[0]) == 0


def _prefixed(page: str) -> bool:
    return any(b.lang in RUNNABLE and PREFIX.search(b.code) for b in page_blocks(page))


def _pages(pages: tuple[str, ...], pending: set[str], run: bool = True) -> list[object]:
    """``pages`` as parameters; one of ``pending`` an xfail naming the edit it waits for
    (strict when it runs; ``run=False``: not run at all, test_pending_pages_still_wait says
    when it is fixed)."""
    return [
        pytest.param(p, marks=pytest.mark.xfail(strict=True, run=run, reason=PENDING[p]))
        if p in pending
        else p
        for p in pages
    ]


def test_pending_pages_still_wait_for_their_edit() -> None:
    """A PENDING page still has a ``.venv/bin/`` prefix or lacks a listed marker; once its
    edit is made this fails: remove the page from PENDING (its blocks then run here)."""
    marked = {(b.page, b.first_line) for p in PENDING for b in page_blocks(p) if b.not_run}
    for page in PENDING:
        missing = [k for k in NOT_RUN if k[0] == page and k not in marked]
        assert missing or _prefixed(page), f"{page} is fixed: remove it from PENDING"


@pytest.mark.parametrize("page", _pages(PAGES, {p for p in PENDING if _prefixed(p)}))
def test_commands_are_bare(page: str) -> None:
    """After the activation no block calls ``.venv/bin/...``: the bare command works."""
    for block in page_blocks(page):
        if block.lang in RUNNABLE:
            assert not PREFIX.search(block.code), (page, block.first_line)


def test_not_run_blocks_are_the_listed_ones() -> None:
    """Every marker is listed in NOT_RUN with its reason; a listed one is missing only on a
    PENDING page."""
    marked = {
        (b.page, b.first_line): b.not_run
        for p in PAGES
        for b in page_blocks(p)
        if b.not_run is not None
    }
    assert set(marked) <= set(NOT_RUN), sorted(set(marked) - set(NOT_RUN))
    assert {page for page, _ in set(NOT_RUN) - set(marked)} <= set(PENDING)
    for key, why in marked.items():
        assert why and why.startswith(NOT_RUN[key]), (key, why)
    print(
        "\n".join(
            f"not run: {page}: {line[:60]} ({why})" for (page, line), why in sorted(marked.items())
        )
    )


@pytest.mark.parametrize(
    "page", _pages(tuple(p for p in PAGES if p != "docs/plugin.md"), set(PENDING), run=False)
)
def test_page_runs_verbatim(page: str, tmp_path: Path) -> None:
    work, env = workdir(tmp_path)
    run_blocks(page, work, env)
