"""Report outputs (issue 12): PNG + PDF + SVG per plot, CSV and LaTeX ratio tables, the
reference drawn as a line (not as a method), strip plots for small n, log axis on domination."""

from __future__ import annotations

import csv
import io

import matplotlib

matplotlib.use("Agg")  # tests only

import matplotlib.pyplot as plt

from dlsched.bench import ResultsStore, run_suite, summarise, write_report
from dlsched.bench.plots import STRIP_BELOW, plot_ratio_distribution
from dlsched.bench.ratios import PROVEN
from dlsched.bench.report import CSV_FIELDS, csv_table, latex_table


def test_report_writes_png_pdf_svg_and_tables(toy_suite, tmp_path):
    db = tmp_path / "r.db"
    run_suite(toy_suite, db, executor="serial", progress=False)
    out = tmp_path / "rep"
    paths = write_report(db, out)
    pngs = paths[1:]
    assert pngs
    for p in pngs:
        assert p.read_bytes()[:4] == b"\x89PNG"
        assert p.with_suffix(".pdf").read_bytes()[:5] == b"%PDF-"
        assert b"<svg" in p.with_suffix(".svg").read_bytes()[:2000]
    with ResultsStore(db, create=False) as store:
        groups = summarise(store, by_size=False)
    rows = list(csv.DictReader(io.StringIO((out / "ratios.csv").read_text())))
    assert list(rows[0]) == CSV_FIELDS and len(rows) == len(groups)
    for g, r in zip(groups, rows, strict=True):
        assert r["method"] == g.method and int(r["n"]) == g.n
        if g.mean is not None:
            assert float(r["mean"]) == g.mean
    tex = (out / "ratios.tex").read_text()
    assert "\\begin{tabular}" in tex and "\\toprule" in tex
    assert tex.count(" \\\\\n") == len(groups) + 1  # header + one line per group


def test_latex_escapes_special_characters():
    from dlsched.bench.aggregate import Group

    g = Group("s", "p", "min", "set_a", "a&b%", "all", PROVEN, n=2, mean=1.5)
    tex = latex_table([g])
    assert "set\\_a" in tex and "a\\&b\\%" in tex
    # ..., n, geomean (unset: empty), mean
    assert csv_table([g]).splitlines()[1].startswith("s,p,min,set_a,a&b%,all,proven,2,,1.5")


def _rows(method: str, ratios: list[float]) -> list[dict]:
    return [{"method": method, "basis": PROVEN, "ratio": r} for r in ratios]


def test_ratio_distribution_strips_small_n_and_logs_on_domination():
    rows = _rows("a", [1.0, 1.2, 1.1]) + _rows("b", [30.0, 40.0])
    fig = plot_ratio_distribution(rows, ["a", "b"], "t", "min")
    ax = fig.axes[0]
    assert len(ax.collections) == 2  # one strip per method, no box (n < STRIP_BELOW)
    assert not [ln for ln in ax.lines if ln.get_linestyle() != "--"]  # no box whiskers
    assert ax.get_yscale() == "log"
    markers = {c.get_paths()[0].vertices.shape for c in ax.collections}
    assert len(markers) == 2  # distinct markers per method
    plt.close(fig)
    many = _rows("a", [1.0 + 0.01 * i for i in range(STRIP_BELOW)])
    fig = plot_ratio_distribution(many, ["a"], "t", "min")
    assert fig.axes[0].get_yscale() == "linear"
    assert len(fig.axes[0].lines) > 1  # box drawn behind the points
    plt.close(fig)
