"""The repository is self-contained: no tracked file points at ../shared, /work/ or seed files.

Files still being cleaned up are listed in ``scripts/self_contained_allow.txt``; the list may
only shrink. (A listed file that is clean again is not an error, so that parallel clean-ups merge
without friction; ``python scripts/check_self_contained.py`` lists what is left.)
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _checker():
    spec = importlib.util.spec_from_file_location(
        "check_self_contained", REPO / "scripts" / "check_self_contained.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_no_new_outside_references() -> None:
    mod = _checker()
    found = mod.offenders(REPO)
    allow = mod.read_allow(REPO / "scripts" / "self_contained_allow.txt")
    new = {p: k for p, k in found.items() if p not in allow}
    assert not new, f"files pointing outside the repository: {new}"


def test_checker_detects_each_kind(tmp_path: Path) -> None:
    mod = _checker()
    samples = {"../shared": "see ../shared/spec/oef.md", "/work/ path": "open('/work/x')",
               "seed file": "seeds/oef-heterogeneous-fairness.txt",
               "shared/ folder": "from shared/data/gavel"}
    for kind, text in samples.items():
        assert kind in [k for k, pat in mod.PATTERNS.items() if pat.search(text)], kind
    for clean in ("docs/reference/oef-spec.md §3", "src/dlsched/data/gavel_throughputs",
                  "https://example.org/work/x"):
        assert not any(p.search(clean) for p in mod.PATTERNS.values()), clean
