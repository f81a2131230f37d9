"""Issue #33: `dlsched bench` never fails silently and reads at a glance.

* a failed or invalid run makes `bench` exit 1 (``--allow-failures``: 0), and the terminal
  summary and the report's Markdown give, per method, the count and the first reason;
* Python warnings of a run are captured, stored with its row and listed in the report, never
  printed;
* the terminal summary is one headline table per problem, no line over 100 columns;
* `dlsched report` writes ``index.md`` listing every file it wrote, one line each.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

import tests.bench.toyplugin  # noqa: F401  (registers the toy problem in this process)
from dlsched.bench import ResultsStore, run_suite, write_report
from dlsched.bench.aggregate import headline, ratio_rows
from dlsched.cli import main
from tests.bench.conftest import TOY_SUITE, write_suite

WARN = '''
[[problems.bench-toy.methods]]
label = "warn"
algorithm = "toy-warn"
'''

N = 2 * 2  # sizes x seeds of the suites below


@pytest.fixture
def warn_suite(tmp_path: Path) -> Path:
    """The toy suite (2 seeds) plus a method that warns; fail / invalid are in it too."""
    return write_suite(tmp_path / "toy.toml", TOY_SUITE.format(seeds=2, extra=WARN))


@pytest.fixture
def clean_suite(tmp_path: Path) -> Path:
    """The toy suite without its failing and invalid methods."""
    text = TOY_SUITE.format(seeds=2, extra="")
    for label, alg in (("fail", "toy-fail"), ("invalid", "toy-invalid")):
        text = text.replace(f'[[problems.bench-toy.methods]]\nlabel = "{label}"\n'
                            f'algorithm = "{alg}"\n', "")
    assert "toy-fail" not in text and "toy-invalid" not in text
    return write_suite(tmp_path / "clean.toml", text)


def test_failures_exit_1_with_count_and_first_reason(warn_suite, tmp_path, capsys):
    db = tmp_path / "r.db"
    args = ["bench", str(warn_suite), "--out", str(db), "-e", "serial", "--no-progress"]
    assert main(args) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    fail = next(line for line in lines if line.startswith("fail "))
    invalid = next(line for line in lines if line.startswith("invalid "))
    # toy-fail raises on each of the N instances; toy-invalid picks item -1 on each
    # the reason first, then the instance (cut at 100 columns, ending in "...")
    assert len(fail) == 100 and fail.endswith("...")
    assert f"{N} failed: RuntimeError: toy-fail always fails (at tests/bench" in fail
    assert invalid.endswith(f"{N} invalid: choice -1 out of range (on bench-toy(n=3) seed=0)")
    assert f"{2 * N} runs failed or are invalid" in out and "--allow-failures" in out
    # the stored rows are served again: the verdict does not depend on what this sweep ran
    assert main([*args, "--allow-failures"]) == 0
    assert main(args) == 1


def test_a_clean_suite_exits_0(clean_suite, tmp_path, capsys):
    args = ["bench", str(clean_suite), "--out", str(tmp_path / "c.db"), "-e", "serial"]
    assert main(args) == 0
    assert "failed or are invalid" not in capsys.readouterr().out


def test_summary_fits_100_columns_and_names_the_convention(warn_suite, tmp_path, capsys):
    db = tmp_path / "r.db"
    main(["bench", str(warn_suite), "--out", str(db), "-e", "serial", "--allow-failures"])
    out = capsys.readouterr().out
    # every line but the two that quote the database path (as long as the user made it)
    assert max(len(line) for line in out.splitlines() if str(db) not in line) <= 100
    # title, header, 6 methods, blank; sweep line, warnings line, where the report is
    assert len(out.splitlines()) == 1 + 1 + 6 + 1 + 3
    assert "toy / bench-toy: ratio (>=1 worse) = ALG/OPT vs exact (minimisation)" in out
    assert "open report/index.md" in out
    assert "mean [CI]" not in out  # the detailed tables only with --full
    main(["bench", str(warn_suite), "--out", str(tmp_path / "r.db"), "-e", "serial",
          "--allow-failures", "--full"])
    assert "mean [CI]" in capsys.readouterr().out


def test_warnings_are_captured_stored_and_reported_not_printed(warn_suite, tmp_path, capsys):
    db = tmp_path / "r.db"
    with _no_warning_escapes():
        assert main(["bench", str(warn_suite), "--out", str(db), "-e", "serial",
                     "--allow-failures"]) == 0
    captured = capsys.readouterr()
    assert "inaccurate" not in captured.out + captured.err
    assert f"{N} runs raised Python warnings" in captured.out
    con = sqlite3.connect(db)
    stored = [json.loads(w) if w else None for (w,) in con.execute(
        "SELECT warnings FROM runs WHERE method = 'warn'")]
    others = {w for (w,) in con.execute("SELECT warnings FROM runs WHERE method != 'warn'")}
    con.close()
    # each distinct warning once per run, in order of first appearance
    assert stored == [["UserWarning: Solution may be inaccurate. Try another solver.",
                       "RuntimeWarning: toy precision loss"]] * N
    assert others == {None}
    md = write_report(db, tmp_path / "rep", progress=False)[0].read_text()
    section = md.split("### Warnings", 1)[1].split("###", 1)[0]
    assert (f"**warn** ({N} of {N} runs): {N} x UserWarning: Solution may be inaccurate. Try "
            f"another solver.; {N} x RuntimeWarning: toy precision loss") in section


class _no_warning_escapes:
    """Fail if a warning reaches the test's own warning filter (it would reach the terminal)."""

    def __enter__(self):
        import warnings

        self._cm = warnings.catch_warnings(record=True)
        self.caught = self._cm.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, *exc):
        self._cm.__exit__(*exc)
        leaked = [str(w.message) for w in self.caught if "inaccurate" in str(w.message)
                  or "precision" in str(w.message)]
        assert leaked == []
        return False


def test_report_lists_failures_with_reasons(warn_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(warn_suite, db, executor="serial", progress=False)
    md = write_report(db, tmp_path / "rep", progress=False)[0].read_text()
    glance = md.split("### At a glance", 1)[1].split("###", 1)[0]
    line = next(ln for ln in glance.splitlines() if ln.startswith("| fail |"))
    assert re.fullmatch(rf"\| fail \| {N} \| 0 \| - \| - \| {N} failed: RuntimeError: toy-fail "
                        r"always fails \(at tests/bench/toyplugin\.py:\d+ in toy_fail\) "
                        r"\(on bench-toy\(n=3\) seed=0\) \|", line), line
    failures = md.split("### Failed and invalid runs", 1)[1].split("###", 1)[0]
    assert (f"- **invalid**: {N} invalid: choice -1 out of range (on bench-toy(n=3) seed=0)"
            in failures)
    assert "**first**" not in failures and "**warn**" not in failures  # valid methods


def test_index_lists_every_file_written_one_line_each(warn_suite, tmp_path, capsys):
    db = tmp_path / "r.db"
    run_suite(warn_suite, db, executor="serial", progress=False)
    out = tmp_path / "rep"
    assert main(["report", str(db), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    on_disk = sorted(p.name for p in out.iterdir())
    assert printed == [f"wrote {len(on_disk)} files to {out}, each listed in {out / 'index.md'}; "
                       f"open {out / 'report.md'} first"]
    index = (out / "index.md").read_text().splitlines()
    entries = [line for line in index if line.startswith("- [")]
    assert sorted(line[3:line.index("]")] for line in entries) == on_disk
    assert len(entries) == len(on_disk) == len(set(on_disk))
    assert "open [report.md](report.md) first" in "\n".join(index)


def test_headline_pools_sets_and_counts_valid_runs(warn_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(warn_suite, db, executor="serial", progress=False)
    with ResultsStore(db, create=False) as store:
        lines = {m.method: m for m in headline(store)}
        rows = ratio_rows(store)
    assert [m for m in lines] == ["exact", "first", "random", "fail", "invalid", "warn"]
    first = lines["first"]
    # toy-first picks item 0: its ratio is costs[0] / min(costs) on each instance (min problem)
    import numpy as np

    from tests.bench.toyplugin import _generate

    want = [c[0] / min(c) for c in (_generate(n, s).costs for n in (3, 5) for s in (0, 1))]
    assert (first.runs, first.valid, first.n) == (N, N, N)
    assert first.worst == pytest.approx(max(want))
    assert first.geomean == pytest.approx(float(np.exp(np.mean(np.log(want)))))
    assert (lines["fail"].failed, lines["fail"].valid) == (N, 0)
    assert (lines["invalid"].invalid, lines["invalid"].valid) == (N, 0)
    assert lines["random"].runs == 2 * N and len(rows) == N * 7


def test_report_of_several_sections_has_a_headline_each(warn_suite, clean_suite, tmp_path):
    """Two suites in one database: each section gets its own headline (the second section
    used to crash the report)."""
    db = tmp_path / "r.db"
    run_suite(warn_suite, db, executor="serial", progress=False)
    other = write_suite(tmp_path / "other.toml",
                        clean_suite.read_text().replace('name = "toy"', 'name = "other"'))
    run_suite(other, db, executor="serial", progress=False)
    md = write_report(db, tmp_path / "rep", progress=False)[0].read_text()
    assert md.count("### At a glance") == 2
    other, toy = md.split("## toy / bench-toy", 1)  # sections in suite-name order
    assert "## other / bench-toy" in other
    assert "### Failed and invalid runs" in toy and "### Failed and invalid runs" not in other
    assert "| first | 4 | 4 |" in other and "| fail |" not in other
