"""Report tracked files that point outside the repository.

A clone of dlsched must be usable on its own: no tracked file may refer to the workspace it was
developed in — a ``../shared`` folder, an absolute ``/work/`` path, or the papers' seed text
files (``<problem>-....txt`` under ``seeds/``). Citations of the formulation notes must resolve
too: the old form "spec §n" pointed at internal specs that are not in the repository, so it is
refused; "notes §n" needs the file to name its notes page (``docs/specs/<problem>.md``) and ``n``
to be a section anchor (``#sn``) of that page; a link ``specs/<problem>.md#sn`` must hit an
existing anchor. Usage::

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
#: The citation rule: old internal-spec citations, notes citations, and notes pages / links.
SPEC_CITATION = re.compile(r"\bspec(?:'s)?(?: [\w-]+\.md)?[ -]?§", re.IGNORECASE)
NOTES_CITATION = re.compile(r"\bnotes §(\d+(?:\.\d+)*)")
NOTES_PAGE = re.compile(r"\bspecs/([\w-]+)\.md(?:#([\w.-]+))?")
NOTES_DIR = "docs/specs"
#: Section anchors of a notes page: ``## 2.4 Title {#s2.4}`` and ``<a id="s7.6"></a>`` (list items).
ANCHOR = re.compile(r'\{#(s[\d.]+)\}|<a id="(s[\d.]+)"')

#: Files that legitimately spell the patterns out (this checker and its test).
SELF = {"scripts/check_self_contained.py", "tests/test_self_contained.py",
        "scripts/self_contained_allow.txt"}


def tracked_files(root: Path = ROOT) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True, capture_output=True)
    return sorted(p for p in out.stdout.decode().split("\0") if p)


def notes_anchors(root: Path = ROOT) -> dict[str, set[str]]:
    """Notes page name (``oef`` for docs/specs/oef.md) -> its section anchors (``s2.4``)."""
    return {p.stem: {a or b for a, b in ANCHOR.findall(p.read_text(encoding="utf-8"))}
            for p in sorted((root / NOTES_DIR).glob("*.md"))}


def citation_problems(text: str, anchors: dict[str, set[str]]) -> list[str]:
    """Why the notes citations of ``text`` do not resolve (empty list: all resolve)."""
    text = text.replace("\\u00a7", "§")  # JSON files escape the section sign
    bad: list[str] = []
    if SPEC_CITATION.search(text):
        bad.append('"spec §" citation (internal spec, not in the repository)')
    pages = set()
    for m in NOTES_PAGE.finditer(text):
        page, anchor = m.group(1), m.group(2)
        if page not in anchors:
            bad.append(f"no notes page {NOTES_DIR}/{page}.md")
        elif anchor and anchor not in anchors[page]:
            bad.append(f"no anchor #{anchor} in {NOTES_DIR}/{page}.md")
        else:
            pages.add(page)
    for m in NOTES_CITATION.finditer(text):
        sec = "s" + m.group(1)
        if not pages:
            bad.append(f"notes §{m.group(1)} without a {NOTES_DIR}/<problem>.md reference")
        elif not any(sec in anchors[p] for p in pages):
            bad.append(f"notes §{m.group(1)} is no section of {', '.join(sorted(pages))}")
    return sorted(set(bad))


def offenders(root: Path = ROOT) -> dict[str, list[str]]:
    """Tracked path -> the kinds of outside reference / unresolved citation it contains."""
    found: dict[str, list[str]] = {}
    anchors = notes_anchors(root)
    for rel in tracked_files(root):
        path = root / rel
        if rel in SELF or path.is_symlink() or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # binary
        kinds = [kind for kind, pat in PATTERNS.items() if pat.search(text)]
        if not rel.startswith(NOTES_DIR + "/"):  # the notes say "§n" of themselves
            kinds += citation_problems(text, anchors)
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
