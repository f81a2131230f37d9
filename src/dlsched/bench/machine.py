"""Where a measurement was taken: CPU model and dlsched's git commit.

Stored with every harness row (``tasks.versions``) and printed in the header of every dated
benchmark table in ``benchmarks/``.
"""

from __future__ import annotations

import platform
import subprocess
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def cpu_model() -> str:
    """The ``model name`` of /proc/cpuinfo, else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


@lru_cache(maxsize=1)
def git_commit() -> str | None:
    """Short commit (``+dirty`` with local changes to the package) when dlsched runs from a git
    checkout; ``None`` for an installed copy."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=_PACKAGE, capture_output=True, text=True,
                              timeout=10, check=True).stdout.strip()

    try:
        commit = git("rev-parse", "--short=12", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no", "--", str(_PACKAGE))
    except (OSError, subprocess.SubprocessError):
        return None
    return commit + ("+dirty" if dirty else "")
