"""Report manners (issue 22): one table per problem in Markdown, CSV and LaTeX; every column
defined; why a reference is unproven; zero-gap references counted optimal; plot limits and
method choice; ratio plots never empty; the CLI prints exactly the files it wrote."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # tests only

import matplotlib.pyplot as plt
import pytest

from dlsched.bench import plots as bench_plots
from dlsched.bench import run_suite, write_report
from dlsched.bench.aggregate import Group
from dlsched.bench.ratios import BOUND, PROVEN, ratio, reference_value, unproven_note
from dlsched.bench.report import (
    COLUMN_DOCS,
    RATIO_HEADERS,
    latex_tables,
    reference_notes,
)
from dlsched.cli import main


@pytest.fixture
def toy_db(toy_suite, tmp_path) -> Path:
    db = tmp_path / "r.db"
    run_suite(toy_suite, db, executor="serial", progress=False)
    return db


def test_cli_report_prints_exactly_the_files_it_wrote(toy_db, tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["report", str(toy_db), "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # stderr is not a terminal: no progress
    on_disk = sorted(p.name for p in out.iterdir())
    # one line; the files are listed in index.md, one line each
    assert captured.out.splitlines() == [
        f"wrote {len(on_disk)} files to {out}, each listed in {out / 'index.md'}; "
        f"open {out / 'report.md'} first"]
    index = (out / "index.md").read_text().splitlines()
    assert sorted(line[3:line.index("]")] for line in index if line.startswith("- [")) == on_disk
    # index.md, report.md, ratios.csv/.tex, one md/csv/tex per problem, 3 plots x 3 formats
    assert len(on_disk) == 1 + 1 + 2 + 3 + 3 * 3


def test_per_problem_tables_in_markdown_csv_latex(toy_db, tmp_path):
    out = tmp_path / "rep"
    write_report(toy_db, out, progress=False)
    stem = "toy-bench-toy-ratios"
    rows = list(csv.DictReader(io.StringIO((out / f"{stem}.csv").read_text())))
    assert rows and {r["problem"] for r in rows} == {"bench-toy"}
    md = (out / f"{stem}.md").read_text()
    assert md.startswith("| " + " | ".join(RATIO_HEADERS[:2]))
    assert md.count("\n") == 2 + len(rows)  # header, rule, one line per group
    tex = (out / f"{stem}.tex").read_text()
    assert tex.count("\\begin{table}") == 1 and "bench-toy" in tex


def _group(problem: str, method: str, sense: str) -> Group:
    return Group("s", problem, sense, "set", method, "all", PROVEN, n=1, mean=1.0)


def test_latex_one_table_per_problem_never_mixed():
    tex = latex_tables([_group("oef", "mech-a", "max"), _group("ojpp", "pack-b", "min"),
                        _group("oef", "mech-c", "max")])
    tables = tex.split("\\end{table}")[:-1]
    assert len(tables) == 2
    assert "mech-a" in tables[0] and "mech-c" in tables[0] and "pack-b" not in tables[0]
    assert "pack-b" in tables[1] and "mech-a" not in tables[1]
    # one convention (>= 1 worse), each table saying which quotient it is
    assert "ratio = OPT/ALG, \\textgreater{}= 1 is worse" in tables[0]
    assert "ratio = ALG/OPT, \\textgreater{}= 1 is worse" in tables[1]


def test_every_column_and_metric_is_defined(toy_db, tmp_path):
    md = write_report(toy_db, tmp_path / "rep", progress=False)[0].read_text()
    cols = md.split("### Columns", 1)[1]
    from dlsched.bench.report import HEADLINE_HEADERS
    from dlsched.core import escape

    for header in HEADLINE_HEADERS + RATIO_HEADERS:
        assert f"- **{escape.markdown(header)}**:" in cols, header
        assert COLUMN_DOCS[header]
    assert "- **picked\\_min** (metric):" in cols or "- **picked_min** (metric):" in cols


def test_lower_bound_is_defined_per_method_for_completion():
    from dlsched.bench.report import metric_doc

    text = metric_doc("completion", "lower_bound")
    assert "differs by method" in text and "exact models" in text and "algorithms" in text
    assert metric_doc("revenue", "alpha_min") != metric_doc("completion", "alpha")


def _ref(status: str, objective: float | None, bound: float | None, **kw) -> dict:
    return {"method": "ref", "status": status, "objective": objective, "bound": bound,
            "valid": 1, "gap": kw.pop("gap", None), **kw}


def test_zero_gap_reference_is_proven_and_labelled_optimal():
    zero = _ref("time_limit", 10.0, 10.0)
    assert reference_value(zero) == (10.0, PROVEN, None)
    gap = _ref("time_limit", 10.0, 8.0, gap=0.2)
    assert reference_value(gap) == (8.0, BOUND, None)
    alg = {"status": "feasible", "valid": 1, "objective": 12.0}
    assert ratio(alg, zero, "min").basis == PROVEN and ratio(alg, zero, "min").value == 1.2
    notes = reference_notes([zero, gap], "ref")
    assert any("zero gap" in n and "counted optimal" in n for n in notes)
    assert any(n.startswith("1 x stopped at the time limit before closing the gap")
               and "20.00%" in n for n in notes)


def test_unproven_reason_names_the_cpsat_restriction():
    note = unproven_note({"scaled_inexact": ["bandwidth"]})
    assert note is not None and "CP-SAT restriction" in note and "bandwidth" in note
    assert unproven_note({"scaled_exact": True}) is None and unproven_note({}) is None
    row = _ref("feasible", 5.0, None, note=note)
    assert reference_notes([row], "ref") == [f"1 x {note}"]


def _rows(basis: str) -> list[dict]:
    ratios = {"a": (1.1, 1.2), "b": (1.4, 5.0)}
    return [{"method": m, "basis": basis, "ratio": r, "size": s, "runtime_s": 0.1}
            for m, rs in ratios.items() for s, r in zip((3, 5), rs, strict=True)]


def test_ratio_vs_size_draws_vs_bound_ratios():
    """The empty plot of the issue: every reference stopped at a limit, so every ratio was vs
    bound and the proven-only plot had nothing but the reference line."""
    fig = bench_plots.plot_ratio_vs_size(_rows(BOUND), ["a", "b"], "t", "n", "min")
    ax = fig.axes[0]
    assert {c.get_label() for c in ax.containers} == {"a (vs bound)", "b (vs bound)"}
    assert all(len(c.lines[0].get_xdata()) == 2 for c in ax.containers)  # sizes 3 and 5
    plt.close(fig)


def test_ylim_sets_the_ratio_axis_and_counts_outliers():
    fig = bench_plots.plot_ratio_distribution(_rows(PROVEN), ["a", "b"], "t", "min",
                                              ylim=(1.0, 1.6))
    ax = fig.axes[0]
    assert ax.get_ylim() == (1.0, 1.6) and ax.get_yscale() == "linear"
    assert ax.get_xlabel().endswith("\n1 point(s) outside the y-limits 1-1.6")  # b's 5.0
    plt.close(fig)


def test_cli_ylim_and_methods(toy_db, tmp_path, monkeypatch, capsys):
    seen: list[list[str]] = []
    real = bench_plots.plot_ratio_distribution

    def spy(rows, methods, *args, **kwargs):
        seen.append(list(methods))
        assert kwargs["ylim"] == (0.5, 2.0)
        return real(rows, methods, *args, **kwargs)

    monkeypatch.setattr(bench_plots, "plot_ratio_distribution", spy)
    out = tmp_path / "rep"
    assert main(["report", str(toy_db), "-o", str(out), "--ylim", "0.5", "2",
                 "--methods", "first,random"]) == 0
    assert seen == [["first", "random"]]
    assert main(["report", str(toy_db), "-o", str(out), "--ylim", "2", "1"]) == 2
    assert "error: --ylim: expected finite LO < HI" in capsys.readouterr().err


def test_no_ratio_plot_without_ratios(toy_db, tmp_path):
    paths = write_report(toy_db, tmp_path / "rep", methods=["fail"], progress=False)
    kinds = {p.stem.rsplit("-", 1)[-1] for p in paths[1:]}
    assert kinds == {"size"}  # runtime only: "fail" has no ratio to draw


def test_docs_define_every_column_and_metric():
    from dlsched.bench.report import METRIC_DOCS

    text = (Path(__file__).resolve().parents[2] / "docs" / "harness.md").read_text()
    section = text.split("## Columns", 1)[1]
    for name in COLUMN_DOCS:
        assert f"| `{name}` |" in section, name
    for problem, docs in METRIC_DOCS.items():
        part = section.split(f"### {problem}", 1)[1]
        for name in docs:
            assert f"| `{name}` |" in part, (problem, name)


def test_bench_is_quiet_when_stderr_is_not_a_terminal(toy_suite, tmp_path, capsys):
    db = tmp_path / "q.db"
    # the toy suite has failing and invalid methods: exit 1 unless --allow-failures
    assert main(["bench", str(toy_suite), "--out", str(db), "-e", "serial"]) == 1
    assert capsys.readouterr().err == ""
    assert main(["bench", str(toy_suite), "--out", str(db), "-e", "serial",
                 "--allow-failures"]) == 0
    assert capsys.readouterr().err == ""


def test_report_progress_on_a_terminal_names_each_stage(toy_db, tmp_path):
    from rich.console import Console

    buf = io.StringIO()
    write_report(toy_db, tmp_path / "rep", console=Console(file=buf, force_terminal=True,
                                                           width=120))
    text = buf.getvalue()
    assert "plots toy / bench-toy [gen]" in text and "Markdown report" in text
    assert "tables" in text
