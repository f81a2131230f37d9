"""The tutorial docs/plugin.md works verbatim: every ``bash`` and ``python`` block runs, in page
order, in a copy of the repository (as a newcomer would run it from the root after the README's
install command), and every line of a ``text`` block right after a code block appears in that
block's output (whitespace runs compared as one space).

``.venv/bin/dlsched`` and ``.venv/bin/python`` in the blocks stand for this interpreter's
``dlsched`` console script and this interpreter; a bare ``dlsched`` (the bug the tutorial had:
the README installs into ``.venv``) fails the test.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "docs" / "plugin.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
RUNNABLE = ("bash", "python")


def blocks(text: str) -> list[tuple[str, str, list[str]]]:
    """(language, code, promised output lines) of each runnable block, in page order; a block
    that only includes a file (``--8<--``) displays code and is not run."""
    found = [(m.group(1), m.group(2)) for m in FENCE.finditer(text)]
    out = []
    for k, (lang, code) in enumerate(found):
        if lang not in RUNNABLE or code.lstrip().startswith("--8<--"):
            continue
        nxt = found[k + 1] if k + 1 < len(found) else ("", "")
        promised = [ln for ln in nxt[1].splitlines() if ln.strip()] if nxt[0] == "text" else []
        out.append((lang, code, promised))
    return out


def _squash(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def test_blocks_use_the_venv_commands() -> None:
    """The README installs into .venv; the tutorial's commands must say so."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv" in readme and ".venv/bin/dlsched" in readme
    runnable = blocks(PAGE.read_text(encoding="utf-8"))
    bash = [code for lang, code, _ in runnable if lang == "bash"]
    assert len(bash) >= 3 and any(lang == "python" for lang, _, _ in runnable)
    for code in bash:
        for line in code.splitlines():
            bare = re.findall(r"(?:^|[\s;&|(])(dlsched|python3?)\s", line)
            assert not bare, f"bare {bare} in {line!r}: write .venv/bin/..."


def test_block_parser() -> None:
    page = ("```bash\necho hi\n```\n\n```text\nhi\n```\n```python\n--8<-- \"x.py\"\n```\n"
            "```toml\na = 1\n```\n```python\nprint(2)\n```\n")
    assert blocks(page) == [("bash", "echo hi\n", ["hi"]), ("python", "print(2)\n", [])]


def _workdir(tmp: Path) -> tuple[Path, dict[str, str]]:
    """A copy of what the tutorial touches, a ``dlsched`` script for this interpreter, env."""
    work = tmp / "repo"
    shutil.copytree(REPO / "docs" / "examples", work / "docs" / "examples")
    shutil.copytree(REPO / "instances", work / "instances")
    bindir = tmp / "bin"
    bindir.mkdir()
    script = bindir / "dlsched"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m dlsched.cli "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "COLUMNS": "200"}
    return work, env


def test_tutorial_runs_verbatim(tmp_path: Path) -> None:
    work, env = _workdir(tmp_path)
    runnable = blocks(PAGE.read_text(encoding="utf-8"))
    for n, (lang, code, promised) in enumerate(runnable):
        if lang == "bash":
            code = code.replace(".venv/bin/dlsched", str(tmp_path / "bin" / "dlsched"))
            code = code.replace(".venv/bin/python", sys.executable)
            cmd = ["bash", "-e", "-c", code]
        else:
            cmd = [sys.executable, "-c", code]
        proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True,
                              timeout=600)
        assert proc.returncode == 0, (n, code, proc.stdout[-2000:], proc.stderr[-2000:])
        said = _squash(proc.stdout)
        for line in promised:
            assert _squash(line) in said, (n, line, proc.stdout[-3000:])
    # the edit of step 5 happened in the copy only, and the store recomputed those rows
    assert "# tried a change" in (work / "docs" / "examples" / "greedy_oef.py").read_text()
    assert "# tried a change" not in (REPO / "docs" / "examples" / "greedy_oef.py").read_text()
