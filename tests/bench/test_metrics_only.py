"""Suite sections without a ``reference``: methods run and metrics are reported, no ratios."""

from __future__ import annotations

import sqlite3

import pytest

import tests.bench.toyplugin  # noqa: F401  (registers the toy problem in this process)
from dlsched.bench import ResultsStore, load_suite, ratio_rows, run_suite, summarise, write_report
from dlsched.core import InputError
from tests.bench.conftest import TOY_SUITE, write_suite

N_TASKS = 2 * 3 * 6  # sizes x seeds x (exact, first, random x2, fail, invalid)


@pytest.fixture
def metrics_suite(tmp_path):
    """The toy suite with its `reference` line removed (the exact model stays a method)."""
    text = TOY_SUITE.format(seeds=3, extra="").replace('reference = "exact"\n', "")
    assert "reference" not in text
    return write_suite(tmp_path / "metrics.toml", text)


def test_loads_without_reference(metrics_suite):
    (ps,) = load_suite(metrics_suite).problems
    assert ps.reference is None and len(ps.methods) == 5


def test_a_given_reference_is_still_checked(metrics_suite):
    text = metrics_suite.read_text().replace("[problems.bench-toy]\n",
                                             '[problems.bench-toy]\nreference = "first"\n')
    write_suite(metrics_suite, text)
    with pytest.raises(InputError, match=r"problems\.bench-toy\.reference.*exact model"):
        load_suite(metrics_suite)


def test_metrics_only_runs_resumes_and_has_no_ratios(metrics_suite, tmp_path):
    db = tmp_path / "m.db"
    rep = run_suite(metrics_suite, db, executor="serial", progress=False)
    assert (rep.total, rep.ran, rep.errors) == (N_TASKS, N_TASKS, 6)
    con = sqlite3.connect(db)
    assert con.execute("SELECT reference FROM suites").fetchall() == [("",)]  # NOT NULL column
    con.close()
    with ResultsStore(db, create=False) as store:
        assert store.suites()[0]["reference"] is None
        rows = ratio_rows(store)
        groups = summarise(store)
    assert len(rows) == N_TASKS
    assert all(r["ratio"] is None and r["basis"] is None and r["reason"] is None for r in rows)
    first = next(g for g in groups if g.method == "first")
    assert (first.n, first.runs, first.mean) == (0, 6, None)
    assert first.metrics["score"] == pytest.approx(4.0)  # mean of n over n in {3, 5}
    fail = next(g for g in groups if g.method == "fail")
    assert (fail.failed, fail.runs) == (6, 6)
    again = run_suite(metrics_suite, db, executor="serial", progress=False)
    assert (again.ran, again.skipped) == (0, N_TASKS)


def test_metrics_only_report_has_metrics_and_no_ratio_rows(metrics_suite, tmp_path):
    db = tmp_path / "m.db"
    run_suite(metrics_suite, db, executor="serial", progress=False)
    paths = write_report(db, tmp_path / "rep")
    md = paths[0].read_text()
    assert "No reference: metrics only" in md and "### Runs" in md
    assert "### Ratios" not in md and "Rows without a ratio" not in md
    assert "ALG/OPT for a minimisation" in md  # the convention, stated once at the top
    assert "ALG/OPT" not in md.split("## ", 1)[1] and "proven" not in md
    assert "### Metrics" in md and "picked_min" in md and "| gen | first | 6 | 0 | 0 | 0 |" in md
    assert [p.stem.rsplit("-", 1)[-1] for p in paths[1:]] == ["size"]  # runtime plot only
    assert "runtime-vs-size" in paths[1].stem


def test_store_written_before_the_change_still_loads(tmp_path, toy_suite):
    """An older DB with a reference keeps reporting ratios exactly as before."""
    db = tmp_path / "r.db"
    run_suite(toy_suite, db, executor="serial", progress=False)
    with ResultsStore(db, create=False) as store:
        assert store.suites()[0]["reference"] == "exact"
        rows = ratio_rows(store)
    assert sum(r["ratio"] is not None for r in rows) > 0
    assert "### Ratios" in (write_report(db, tmp_path / "rep")[0]).read_text()


def test_cli_bench_prints_a_runs_table_for_metrics_only(metrics_suite, tmp_path, capsys):
    from dlsched.cli import main

    # the suite's toy-fail runs fail: exit 1 unless --allow-failures
    args = ["bench", str(metrics_suite), "--out", str(tmp_path / "m.db"), "--executor",
            "serial", "--no-progress"]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "runs (no reference: metrics only)" in out and "ratio (>=1 worse)" not in out
    assert "6 failed: RuntimeError: toy-fail always fails (at " in out
    assert main([*args, "--allow-failures", "--full"]) == 0
    out = capsys.readouterr().out
    assert "runs (no reference: metrics only)" in out and "metric means" in out
    assert "ALG/OPT" not in out and "OPT/ALG" not in out
