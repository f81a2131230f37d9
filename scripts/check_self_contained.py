"""Report tracked files that point outside the repository.

A clone of dlsched must be usable on its own: no tracked file may refer to the workspace it was
developed in — a ``../shared`` folder, an absolute ``/work/`` path, or the papers' seed text
files (``<problem>-....txt`` under ``seeds/``). Usage::

    python scripts/check_self_contained.py            # exit 1 and list offenders, else exit 0
    python scripts/check_self_contained.py --allow F  # F: file of paths still being cleaned up

``tests/test_self_contained.py`` runs :func:`offenders` with the allowlist
``scripts/self_contained_allow.txt``, which may only shrink.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What counts as a reference outside the repository (one pattern per kind, with its reason).
PATTERNS: dict[str, re.Pattern[str]] = {
    "../shared": re.compile(r"\.\./shared\b"),
    "shared/ folder": re.compile(r"(?<![\w./-])shared/(spec|seeds|data)/"),
    "/work/ path": re.compile(r"(?<![\w.])/work/"),
    "seed file": re.compile(r"seeds/[\w.-]+\.txt"),
}
#: Files that legitimately spell the patterns out (this checker and its test).
SELF = {"scripts/check_self_contained.py", "tests/test_self_contained.py",
        "scripts/self_contained_allow.txt"}


def tracked_files(root: Path = ROOT) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True, capture_output=True)
    return sorted(p for p in out.stdout.decode().split("\0") if p)


def offenders(root: Path = ROOT) -> dict[str, list[str]]:
    """Tracked path -> the kinds of outside reference it contains (text files only)."""
    found: dict[str, list[str]] = {}
    for rel in tracked_files(root):
        path = root / rel
        if rel in SELF or path.is_symlink() or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # binary
        kinds = [kind for kind, pat in PATTERNS.items() if pat.search(text)]
        if kinds:
            found[rel] = kinds
    return found


def read_allow(path: Path) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return {ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--allow", type=Path, default=None, help="file listing tolerated paths")
    args = ap.parse_args(argv)
    allow = read_allow(args.allow) if args.allow else set()
    bad = {p: k for p, k in offenders().items() if p not in allow}
    for p, kinds in bad.items():
        print(f"{p}: {', '.join(kinds)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
