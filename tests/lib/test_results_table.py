"""The committed results table (docs/lib-results.md, written by scripts/lib_results.py).

The page must cover what the repository holds (every library set, every shipped algorithm of
its problem), state when, where and at which commit it was measured, agree with its JSON, and
one of its geometric means is recomputed here from the index and fresh runs, without
``score_set``. A stale page (a set or an algorithm added since) fails: re-run the script.
"""

from __future__ import annotations

import csv
import inspect
import json
import math
import re
import statistics
from pathlib import Path

import pytest

from dlsched import api
from dlsched.core import ALGORITHMS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "lib-results.md"
DATA = ROOT / "docs" / "lib-results.json"
LIB = ROOT / "instances" / "lib"
COLUMNS = ("algorithm", "kind", "vs BKS", "vs bound", "worst", "invalid", "time (s)")


def _cell(text: str) -> float | None:
    text = text.strip()
    if text == "-":
        return None
    return math.inf if text == "inf" else float(text)


def _parse_page() -> dict[str, dict[str, list[str]]]:
    """``{set: {algorithm: cells}}`` from the per-set tables (headings ``## `problem/set` ``)."""
    tables: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        head = re.fullmatch(r"## `([a-z]+/[a-z0-9_-]+)`", line)
        if head:
            current = tables.setdefault(head.group(1), {})
            continue
        if current is not None and line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert len(cells) == len(COLUMNS), line
            current[cells[0].strip("`")] = cells
    return tables


def _sets_on_disk() -> list[str]:
    return sorted(f"{p.parent.parent.name}/{p.parent.name}" for p in LIB.glob("*/*/index.csv"))


def _shipped(problem: str) -> set[str]:
    """The problem's algorithms that ship with dlsched (a test's plug-in is not one)."""
    return {n for n, m in ALGORITHMS.items(problem)
            if inspect.unwrap(m.run).__module__.startswith("dlsched.")}


def _index(name: str) -> list[dict[str, str]]:
    with (LIB / name / "index.csv").open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def page() -> dict[str, dict[str, list[str]]]:
    return _parse_page()


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_page_names_every_set_and_algorithm(page) -> None:
    sets = _sets_on_disk()
    assert sets, "no library set found"
    assert sorted(page) == sets
    for name in sets:
        assert set(page[name]) == _shipped(name.split("/")[0]), name


def test_page_states_date_commit_machine(data) -> None:
    text = PAGE.read_text(encoding="utf-8")
    date = re.search(r"\*\*Date \(UTC\):\*\* (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)", text)
    commit = re.search(r"\*\*Commit:\*\* `([0-9a-f]{7,40})( \+ uncommitted changes)?`", text)
    assert date and commit and re.search(r"\*\*Machine:\*\* \S+", text)
    assert date.group(1) == data.get("full_run_date", data["date"])
    assert commit.group(1) == data["commit"]
    assert (commit.group(2) is None) == data["clean"]
    if "full_run_date" in data:  # a --update: the last one is stated, every set has a stamp
        assert f"last update {data['date']}" in text
    for s in data["sets"]:
        stamp = f"Scored {s.get('date', data['date'])} at `{s.get('commit', data['commit'])}`"
        assert stamp in text or "date" not in s, s["set"]


def test_page_agrees_with_json(page, data) -> None:
    assert sorted(s["set"] for s in data["sets"]) == sorted(page)
    for s in data["sets"]:
        for a in s["algorithms"]:
            cells = page[s["set"]][a["algorithm"]]
            assert cells[1] == a["kind"]
            for col, key in ((2, "geomean_ratio_best"), (3, "geomean_ratio_bound"),
                             (4, "worst_ratio_best")):
                want = a[key]
                want = math.inf if want == "inf" else want
                got = _cell(cells[col])
                assert (got is None) == (want is None), (s["set"], a["algorithm"], key)
                if got is not None:
                    assert got == pytest.approx(want, abs=5.1e-5), (s["set"], a["algorithm"])
            assert cells[5] == f"{a['invalid']} / {a['scored']}"
            assert sum(r["status"] != "valid" for r in a["rows"]) == a["invalid"]


def test_set_summary_matches_index(data) -> None:
    """Counts and optimal fractions recomputed from each index with the csv module alone."""
    for s in data["sets"]:
        rows = _index(s["set"])
        assert s["instances"] == len(rows)
        assert s["optimal"] == sum(r["status"] == "optimal" for r in rows)
        loads = [float(r["offered_load"]) for r in rows]
        assert s["offered_load"] == pytest.approx([min(loads), max(loads)])
        pct = f"{100 * s['optimal'] / len(rows):.1f} %"
        assert f"| `{s['set']}` | {len(rows)} | {pct} |" in PAGE.read_text(encoding="utf-8")


def test_kinds_follow_the_papers(page) -> None:
    """A few kinds stated in docs/algorithms.md: paper algorithm or baseline."""
    expect = {("oef/small", "oef-placer"): "paper", ("oef/small", "max-min"): "baseline",
              ("ltgf/small", "astraea-ltgf"): "paper", ("ltgf/small", "yarn-cs"): "baseline",
              ("ojpp/small", "heuristic"): "paper", ("ojpp/small", "best-fit"): "baseline",
              ("revenue/small", "astraea"): "paper", ("revenue/small", "hived"): "baseline",
              ("completion/small", "a-online"): "paper", ("completion/small", "fifo"): "baseline",
              ("completion/small", "wspt-list"): "other"}
    for (name, alg), kind in expect.items():
        assert page[name][alg][1] == kind, (name, alg)


def test_geomean_recomputed_by_hand(page) -> None:
    """oef/small, max-min: run it on each instance, divide by the index's best-known value
    (a maximisation: BKS / objective) and take the geometric mean; no dlsched.lib code."""
    name, alg = "oef/small", "max-min"
    ratios = []
    for row in _index(name):
        inst = api.load(LIB / name / row["file"])
        res = api.run(inst, alg)
        assert row["sense"] == "max"
        ratios.append(float(row["best_known"]) / float(res.objective))
    want = statistics.geometric_mean(ratios)
    assert want > 1.01  # max-min is not optimal here: the check is not 1 == 1
    assert _cell(page[name][alg][2]) == pytest.approx(want, abs=5.1e-5)
    assert _cell(page[name][alg][4]) == pytest.approx(max(ratios), abs=5.1e-5)


def _script():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "lib_results", ROOT / "scripts" / "lib_results.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_update_rescores_only_the_named_set(tmp_path) -> None:
    """``--update SET`` replaces that set's entry (new stamp, scores recomputed from the index)
    and leaves every other set, its stamp and its numbers, exactly as the full run wrote them."""
    old = json.loads(DATA.read_text(encoding="utf-8"))
    (tmp_path / "lib-results.json").write_text(json.dumps(old), encoding="utf-8")
    target = "oef/small"
    untouched = next(s for s in old["sets"] if s["set"] == "revenue/paper")
    # plant a wrong number in the target: the update must recompute it, not copy it
    for s in old["sets"]:
        if s["set"] == target:
            s["algorithms"][0]["geomean_ratio_best"] = 99.0
    (tmp_path / "lib-results.json").write_text(json.dumps(old), encoding="utf-8")
    assert _script().main(["--update", target, "--out", str(tmp_path), "--allow-dirty"]) == 0
    new = json.loads((tmp_path / "lib-results.json").read_text(encoding="utf-8"))
    assert [s["set"] for s in new["sets"]] == [s["set"] for s in old["sets"]]
    kept = next(s for s in new["sets"] if s["set"] == "revenue/paper")
    def body(entry):
        return {k: v for k, v in entry.items() if k not in ("date", "commit")}

    assert body(kept) == body(untouched)
    assert kept["date"] == untouched.get("date", old["date"])
    fresh = next(s for s in new["sets"] if s["set"] == target)
    assert fresh["date"] == new["date"] != old["date"]
    # recomputed: the planted 99 is gone; an algorithm with no valid run (not envy-free on
    # this cooperative set) has no mean at all
    assert all(a["geomean_ratio_best"] is None or a["geomean_ratio_best"] < 2
               for a in fresh["algorithms"])
    assert any(a["geomean_ratio_best"] is not None for a in fresh["algorithms"])
    page = (tmp_path / "lib-results.md").read_text(encoding="utf-8")
    assert f"(full run); last update {new['date']}" in page
    assert "--update oef/small" in page


def test_update_refuses_an_unknown_set(tmp_path) -> None:
    with pytest.raises(SystemExit):
        _script().main(["--update", "oef/nope", "--out", str(tmp_path)])


def test_committed_table_is_from_a_clean_tree_and_has_no_incomparable_row(data) -> None:
    """The table names the code that scored it (no uncommitted changes), and every row is
    valid, invalid (a broken statement, with its reason) or an error: a validated solution
    never beats a stored bound, so nothing is 'incomparable'."""
    assert data["clean"] is True
    assert "incomparable" not in PAGE.read_text(encoding="utf-8")
    assert "incomparable" not in json.dumps(data)
