"""The tutorial docs/plugin.md works verbatim: every ``bash`` and ``python`` block runs, in page
order, as the reader runs it after getting started's ``source .venv/bin/activate`` (bare
``dlsched`` and ``python``: this interpreter's ``bin`` folder first on ``PATH``), in a copy of
``docs/examples/`` outside the repository, and every line of a ``text`` block right after a code
block appears in that block's output (whitespace runs compared as one space). The runner is
tests/test_docs_commands.py's, which runs every other page with commands.
"""

from __future__ import annotations

from pathlib import Path

from .test_docs_commands import PREFIX, REPO, page_blocks, run_blocks, workdir

PAGE = "docs/plugin.md"


def test_blocks_use_the_activated_venv() -> None:
    """The README's install command activates .venv; the tutorial's commands are bare."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv && source .venv/bin/activate && pip install" in readme
    runnable = [b for b in page_blocks(PAGE) if b.runs]
    bash = [b.code for b in runnable if b.lang == "bash"]
    assert len(bash) >= 3 and any(b.lang == "python" for b in runnable)
    for code in bash:
        assert not PREFIX.search(code), code
        assert "dlsched " in code


def test_tutorial_runs_verbatim(tmp_path: Path) -> None:
    work, env = workdir(tmp_path)
    assert not (work / "instances").exists()  # instance paths come from the installed package
    run_blocks(PAGE, work, env)
    # the edit of step 5 happened in the copy only, and the store recomputed those rows
    assert "# tried a change" in (work / "docs" / "examples" / "greedy_oef.py").read_text()
    assert "# tried a change" not in (REPO / "docs" / "examples" / "greedy_oef.py").read_text()
