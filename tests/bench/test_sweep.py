"""End-to-end sweeps on the toy minimisation problem: recording, ratios, resume, report."""

from __future__ import annotations

import sqlite3

import numpy as np
import pytest

import dlsched as ds
import tests.bench.toyplugin  # noqa: F401  (registers the toy problem in this process)
from dlsched.bench import ResultsStore, ratio_rows, run_suite, summarise, write_report
from dlsched.cli import main
from tests.bench.conftest import TOY_SUITE, write_suite

N_TASKS = 2 * 3 * 6  # sizes x seeds x (exact, first, random x2, fail, invalid)


@pytest.fixture
def mixed_suite(tmp_path):
    """Toy suite whose reference 'hits its time limit' on the 5-item instances."""
    text = TOY_SUITE.format(seeds=3, extra="").replace(
        'model = "toy-exact"', 'model = "toy-exact"\nparams = { stop_early = 5 }')
    return write_suite(tmp_path / "mixed.toml", text)


def _rows(db):
    with ResultsStore(db, create=False) as store:
        return {(r["method"], r["instance_id"], r["seed"]): r for r in ratio_rows(store)}


def test_sweep_records_every_outcome_and_ratios(mixed_suite, tmp_path):
    db = tmp_path / "r.db"
    rep = run_suite(mixed_suite, db, executor="serial", progress=False)
    assert (rep.total, rep.ran, rep.skipped, rep.errors) == (N_TASKS, N_TASKS, 0, 6)
    rows = _rows(db)
    assert len(rows) == N_TASKS
    for (method, ident, seed), r in rows.items():
        n, s = (3 if "n=3" in ident else 5), int(ident.rsplit("=", 1)[1])
        costs = np.array(ds.generate("bench-toy", n=n, seed=s).costs)
        assert r["versions"]["dlsched"] == ds.__version__ and "highspy" in r["versions"]
        assert r["size"] == n and r["sizes"] == {"items": n, "slots": 2 * n}
        if method == "fail":
            assert r["status"] == "error" and "toy-fail always fails" in r["error"]
            assert "RuntimeError" in r["traceback"] and r["ratio"] is None
        elif method == "invalid":
            assert r["status"] == "feasible" and r["valid"] == 0 and r["violations"] == 1
            assert "out of range" in r["first_violation"]
            assert r["ratio"] is None and r["reason"] == "solution fails validation"
        elif method == "first":
            denom, basis = (costs.min(), "proven") if n == 3 else (0.9 * costs.min(), "bound")
            assert r["basis"] == basis
            assert r["ratio"] == pytest.approx(costs[0] / denom) and r["ratio"] >= 1.0
            assert r["metrics"] == {"picked_min": float(np.argmin(costs) == 0), "score": n}
        elif method == "exact":
            assert r["status"] == ("optimal" if n == 3 else "time_limit")
        if method == "random":
            assert seed in (0, 1)
        else:
            assert seed is None
    with ResultsStore(db, create=False) as store:
        groups = summarise(store, by_size=True)
    first = [(g.size, g.basis, g.n) for g in groups if g.method == "first"]
    assert first == [(3.0, "proven", 3), (5.0, "bound", 3)]
    fail = next(g for g in groups if g.method == "fail" and g.size == 3.0)
    assert (fail.failed, fail.n, fail.limited) == (3, 0, 0)
    exact5 = next(g for g in groups if g.method == "exact" and g.size == 5.0)
    assert (exact5.basis, exact5.limited, exact5.failed) == ("bound", 3, 0)


def test_resume_skips_finished_rows_and_reruns_missing_ones(toy_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(toy_suite, db, executor="serial", progress=False)
    before = _rows(db)
    again = run_suite(toy_suite, db, executor="serial", progress=False)
    assert (again.ran, again.skipped) == (0, N_TASKS)
    con = sqlite3.connect(db)
    gone = [r[0] for r in con.execute("SELECT task_key FROM runs WHERE method='first' LIMIT 3")]
    con.execute(f"DELETE FROM runs WHERE task_key IN ({','.join('?' * 3)})", gone)
    con.commit()
    con.close()
    rep = run_suite(toy_suite, db, executor="serial", progress=False)
    assert (rep.ran, rep.skipped) == (3, N_TASKS - 3)
    after = _rows(db)
    assert after.keys() == before.keys()
    for key, r in after.items():
        assert r["objective"] == before[key]["objective"]
        assert r["solution_digest"] == before[key]["solution_digest"]
    retry = run_suite(toy_suite, db, executor="serial", progress=False, retry_errors=True)
    assert (retry.ran, retry.errors) == (6, 6)


def test_report_writes_markdown_and_plots(mixed_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(mixed_suite, db, executor="serial", progress=False)
    paths = write_report(db, tmp_path / "rep")
    md = paths[0].read_text()
    assert paths[0].name == "report.md"
    assert "## toy / bench-toy" in md and "vs bound" in md and "proven" in md
    assert "minimisation: ratio = ALG/OPT, >= 1 is worse" in md and "picked_min" in md
    assert f"Provenance: {N_TASKS} runs finished" in md and "highspy 1.14" in md
    pngs = paths[1:]
    assert len(pngs) == 3 and {p.stem.rsplit("-", 1)[-1] for p in pngs} >= {"ratios", "size"}
    for p in pngs:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000


def test_cli_bench_prints_table_and_report(toy_suite, tmp_path, capsys):
    db = tmp_path / "r.db"
    args = ["bench", str(toy_suite), "--out", str(db), "-e", "serial", "--no-progress"]
    assert main(args) == 1  # toy-fail and toy-invalid: 12 failed or invalid runs
    out = capsys.readouterr().out
    assert "toy / bench-toy: ratio (>=1 worse) = ALG/OPT vs exact" in out and "random" in out
    assert f"{N_TASKS} tasks, 0 already done, {N_TASKS} run (6 errors)" in out
    assert "12 runs failed or are invalid" in out
    assert main(["report", str(db), "--out", str(tmp_path / "rep")]) == 0
    assert (tmp_path / "rep" / "report.md").exists()
    missing_out = tmp_path / "never-made"
    assert main(["report", str(tmp_path / "missing.db"), "--out", str(missing_out)]) == 2
    assert not missing_out.exists()  # nothing half-written on bad input


def test_rows_removed_from_the_suite_are_kept_but_not_reported(toy_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(toy_suite, db, executor="serial", progress=False)
    text = toy_suite.read_text().replace("seeds = 3", "seeds = 2").replace(
        '[[problems.bench-toy.methods]]\nlabel = "invalid"\nalgorithm = "toy-invalid"\n', "")
    assert "toy-invalid" not in text
    smaller = write_suite(tmp_path / "toy.toml", text)
    rep = run_suite(smaller, db, executor="serial", progress=False)
    assert (rep.ran, rep.total) == (0, 2 * 2 * 5)  # everything was already there
    with ResultsStore(db, create=False) as store:
        assert len(store.rows()) == N_TASKS  # nothing deleted
        groups = summarise(store)
    assert "invalid" not in {g.method for g in groups}
    assert next(g for g in groups if g.method == "first").n == 4


def test_changing_the_size_key_regroups_without_rerunning(toy_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(toy_suite, db, executor="serial", progress=False)
    text = toy_suite.read_text().replace('reference = "exact"',
                                         'reference = "exact"\nsize = "slots"')
    rep = run_suite(write_suite(tmp_path / "toy.toml", text), db, executor="serial", progress=False)
    assert rep.ran == 0
    with ResultsStore(db, create=False) as store:
        sizes = {g.size for g in summarise(store, by_size=True)}
    assert sizes == {6.0, 10.0}


def test_store_adds_missing_nullable_columns_and_refuses_foreign_files(tmp_path):
    from dlsched.core import InputError

    db = tmp_path / "r.db"
    ResultsStore(db).close()
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE suites DROP COLUMN size_key")  # an older layout of version 1
    con.commit()
    con.close()
    with ResultsStore(db) as store:
        cols = {r[1] for r in store.conn.execute("PRAGMA table_info(suites)")}
    assert "size_key" in cols
    con = sqlite3.connect(db)
    con.execute("UPDATE meta SET value='99' WHERE key='schema_version'")
    con.commit()
    con.close()
    with pytest.raises(InputError, match="schema version 99"):
        ResultsStore(db)
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all " * 100)
    with pytest.raises(InputError, match="not a dlsched results database"):
        ResultsStore(junk)
