"""The repository is self-contained: no tracked file points at ../shared, /work/ or seed files,
and every citation of the formulation notes resolves ("spec §n" is refused, "notes §n" needs its
docs/specs/<problem>.md page and the section anchor there).

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


def test_allowlist_is_empty() -> None:
    """Everything was cleaned up; the list stays empty (it may only shrink)."""
    mod = _checker()
    assert mod.read_allow(REPO / "scripts" / "self_contained_allow.txt") == set()


def test_notes_anchors_of_the_shipped_pages() -> None:
    """Headings give #sN / #sN.M, numbered list items #sN.k, for all five problems."""
    anchors = _checker().notes_anchors(REPO)
    assert set(anchors) == {"oef", "ojpp", "revenue", "completion", "ltgf"}
    for page, sec in [("completion", "s2.4"), ("completion", "s7.6"), ("oef", "s10.10"),
                      ("ltgf", "s9.2"), ("ojpp", "s11.4"), ("revenue", "s6.11")]:
        assert sec in anchors[page], (page, sec)
    assert "s12" not in anchors["oef"]


def test_notes_anchors_parse_headings_and_list_items(tmp_path: Path) -> None:
    notes = tmp_path / "docs" / "specs"
    notes.mkdir(parents=True)
    (notes / "toy.md").write_text('## 1. A {#s1}\n### 1.2 B {#s1.2}\n1. <a id="s1.2.1"></a>x\n'
                                  "## 2. no anchor\n", encoding="utf-8")
    assert _checker().notes_anchors(tmp_path) == {"toy": {"s1", "s1.2", "s1.2.1"}}


def test_citation_rule_flags_unresolvable_citations() -> None:
    mod = _checker()
    anchors = {"oef": {"s2", "s6.1"}}
    bad = ["see spec §2", "(Spec-§2.5 bounds)", "notes §2 without a page",
           "notes §9 (docs/specs/oef.md)", "[x](../specs/oef.md#s7)", "docs/specs/foo.md",
           "[notes §6.1](../docs/specs/oef.md#s6.1) and spec §6.1", "(spec oef.md §1)",
           "golden values: the spec's §9", '"spec \\u00a74"', '"notes \\u00a74 (oef)"']
    for text in bad:
        assert mod.citation_problems(text, anchors), text
    good = ["notes §6.1 (docs/specs/oef.md)", "[notes §6.1](../docs/specs/oef.md#s6.1).",
            "# notes = docs/specs/oef.md\n... notes §2. and notes §6.1", "paper §3.1.1, Eq. (10)",
            "respect the specification §3", "no citation at all",
            '"docs/specs/oef.md \\u00a72 G5"', '"notes \\u00a76.1 (docs/specs/oef.md)"']
    for text in good:
        assert mod.citation_problems(text, anchors) == [], text
