"""Issue 20, item 2: names from suites and instances are data in every output.

Hostile names (HTML, Markdown table pipes, a LaTeX ``\\write18``, mathtext ``$\\alpha$``, path
traversal, a newline, a spreadsheet formula) are planted as suite name, set label, method labels
and instance file name / ``name`` of a tiny toy suite run through the real harness; every report
format is then read back and checked. The export tests plant ``../`` names and symlinks at the
temporary and final names and check that nothing outside ``-d`` is written or followed.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from pathlib import Path

import matplotlib
import pytest

from dlsched.bench import run_suite, write_report
from dlsched.cli import main
from dlsched.core.paths import safe_filename

matplotlib.use("Agg")  # tests only

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ["<script>alert(1)</script>", "a|b", "\\write18{x}", "$\\alpha$", "../../etc/x",
           "line1\nline2", "=cmd|' /C calc'!A0"]
ALL = "".join(HOSTILE)
SAFE_NAME = re.compile(r"^[A-Za-z0-9+_-][A-Za-z0-9._+-]*$")


def _toml(value: str) -> str:
    """A TOML basic string (JSON string escapes are valid TOML escapes)."""
    return json.dumps(value)


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory) -> Path:
    """The toy suite with hostile names, run serially, its report written; returns the report
    directory (the whole run happens inside one temporary directory)."""
    root = tmp_path_factory.mktemp("hostile")
    inst_name = "<script>|$\\alpha$ =cmd\nx.json"  # a file name may hold all but / and NUL
    (root / inst_name).write_text(json.dumps(
        {"problem": "bench-toy", "schema_version": 1, "name": ALL, "costs": [3.0, 1.0, 2.0]}))
    methods = [f'[[problems.bench-toy.methods]]\nlabel = {_toml("ref" + HOSTILE[0])}\n'
               f'model = "toy-exact"\n']
    methods += [f'[[problems.bench-toy.methods]]\nlabel = {_toml(h)}\nalgorithm = "toy-first"\n'
                for h in HOSTILE]
    suite = root / "hostile.toml"
    suite.write_text(f"""
[suite]
name = {_toml(ALL)}
imports = ["tests.bench.toyplugin"]
bootstrap = 20

[problems.bench-toy]
reference = {_toml("ref" + HOSTILE[0])}

[[problems.bench-toy.instances]]
label = {_toml("set" + ALL)}
files = ["*.json"]

""" + "\n".join(methods), encoding="utf-8")
    db = root / "r.db"
    run_suite(suite, db, executor="serial", progress=False)
    out = root / "rep"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text as <text>, not glyph paths
        write_report(db, out)
    return out


def test_report_files_stay_inside_and_have_safe_names(hostile_report):
    root = hostile_report.parent
    assert not (root.parent / "etc").exists() and not (root / "etc").exists()
    files = sorted(p.relative_to(hostile_report) for p in hostile_report.rglob("*"))
    assert files and all(len(p.parts) == 1 for p in files)  # no sub-directory left behind
    assert all(SAFE_NAME.match(p.name) for p in files), files
    assert {p.suffix for p in files} == {".md", ".csv", ".tex", ".png", ".pdf", ".svg"}


def test_markdown_shows_names_as_text(hostile_report):
    md = (hostile_report / "report.md").read_text(encoding="utf-8")
    assert "<script" not in md and "&lt;script&gt;alert(1)&lt;/script&gt;" in md
    assert "\\write18" not in md.replace("\\\\write18", "")  # the backslash is escaped
    assert not any(line.startswith("line2") for line in md.splitlines())
    lines = md.splitlines()
    tables = 0
    for i, line in enumerate(lines):
        if line.startswith("|---|"):  # a table: every row keeps the header's cell count
            tables += 1
            width = len(re.findall(r"(?<!\\)\|", lines[i - 1]))
            for row in lines[i + 1:]:
                if not row.startswith("|"):
                    break
                assert len(re.findall(r"(?<!\\)\|", row)) == width, row
    assert tables >= 3
    images = re.findall(r"!\[[^\]]*\]\(([^)]*)\)", md)
    assert images and all(SAFE_NAME.match(i) for i in images)


def test_latex_escapes_backslash_and_specials(hostile_report):
    tex = (hostile_report / "ratios.tex").read_text(encoding="utf-8")
    assert "\\write18" not in tex and "\\textbackslash{}write18\\{x\\}" in tex
    assert "$\\alpha$" not in tex and "\\$\\textbackslash{}alpha\\$" in tex
    assert "<script>" not in tex and "\\textless{}script\\textgreater{}" in tex
    body = [ln for ln in tex.splitlines() if ln.endswith(" \\\\")]
    header = body[0]
    for row in body[1:]:  # an & inside a name would add a column
        assert len(re.findall(r"(?<!\\)&", row)) == len(re.findall(r"(?<!\\)&", header))


def test_csv_quotes_and_defuses_formulas(hostile_report):
    rows = list(csv.DictReader(io.StringIO(
        (hostile_report / "ratios.csv").read_text(encoding="utf-8"))))
    methods = {r["method"] for r in rows}
    assert "'=cmd|' /C calc'!A0" in methods and "line1\nline2" in methods
    assert {r["suite"] for r in rows} == {ALL}
    for r in rows:
        for key, v in r.items():
            assert not v.startswith(("=", "+", "@")), (key, v)
            if v.startswith("-"):  # only numbers may start with a minus
                float(v)


def test_svg_text_is_literal(hostile_report):
    svgs = list(hostile_report.glob("*.svg"))
    assert svgs
    for p in svgs:
        text = p.read_text(encoding="utf-8")
        assert "<script" not in text
        assert "\u03b1" not in text  # $\alpha$ was not typeset as math
    joined = "".join(p.read_text(encoding="utf-8") for p in svgs)
    assert "$\\alpha$" in joined and "&lt;script&gt;" in joined


# --- export --------------------------------------------------------------------------------
def _instance(tmp_path: Path, name: str) -> Path:
    data = json.loads((ROOT / "instances/completion/s4.json").read_text())
    data["name"] = name
    path = tmp_path / "in" / "inst.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("name", ["../../escape", "/etc/passwd", "a\x00b", "x\ny\rz\x1b",
                                  "..", "." * 7, "n" * 5000, "ok-name"])
def test_export_writes_only_inside_the_directory(tmp_path, name, capsys):
    out = tmp_path / "deep" / "out"
    assert main(["export", str(_instance(tmp_path, name)), "-d", str(out)]) == 0
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file() and p.parent.name != "in")
    assert [p.parent for p in written] == [out, out]
    assert {p.suffix for p in written} == {".mps", ".lp"}
    for p in written:
        assert SAFE_NAME.match(p.name) and len(p.name) < 130
        assert "\n" not in p.read_text()[:200].splitlines()[0]  # header line: one line
    if name == "ok-name":  # an ordinary name is kept as it is
        assert written[0].name == "ok-name.completion-milp.lp"


def test_export_follows_no_planted_symlink(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    victim_dir = tmp_path / "victim-dir"
    victim_dir.mkdir()
    stem = "s4.completion-milp"
    for name in (f".{stem}.tmp.mps", f".{stem}.tmp.lp", f"{stem}.mps", f"{stem}.lp"):
        (out / name).symlink_to(victim)  # the old fixed temp names and the final names
    # every staging-directory candidate of the first tries is planted as well
    names = iter(["p1", "p2", "fresh"])
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: names)
    for cand in ("p1", "p2"):
        (out / f".dlsched-{cand}").symlink_to(victim_dir)
    assert main(["export", str(_instance(tmp_path, "s4")), "-d", str(out)]) == 0
    assert victim.read_text() == "precious" and list(victim_dir.iterdir()) == []
    for ext in ("mps", "lp"):
        final = out / f"{stem}.{ext}"
        assert final.is_file() and not final.is_symlink() and final.stat().st_size > 100
    assert not (out / ".dlsched-fresh").exists()  # the staging directory is removed


def test_plots_follow_no_planted_symlink(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    from dlsched.bench.plots import _save

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    for ext in ("png", "pdf", "svg"):
        (out / f".fig.tmp.{ext}").symlink_to(victim)
        (out / f"fig.{ext}").symlink_to(victim)
    names = iter(["p1", "fresh"])
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: names)
    (out / ".dlsched-p1").symlink_to(tmp_path)
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1], label="$\\alpha$")
    ax.legend()
    png = _save(fig, out / "fig.png")
    assert victim.read_text() == "precious"
    assert png.read_bytes()[:4] == b"\x89PNG" and not png.is_symlink()
    assert (out / "fig.pdf").read_bytes()[:5] == b"%PDF-"


def test_safe_filename_examples():
    assert safe_filename("s4-elasticity.completion-milp") == "s4-elasticity.completion-milp"
    for bad in ["../../etc/x", "..", "", "/", "a\x00b", "\n", "x" * 1000, ".hidden"]:
        got = safe_filename(bad)
        assert SAFE_NAME.match(got) and len(got) <= 100 and ".." not in got, (bad, got)
    assert safe_filename("a/b") != safe_filename("a_b")  # changed names carry a hash


def test_schedule_plots_draw_instance_names_literally(tmp_path):
    import matplotlib.pyplot as plt

    import dlsched as ds
    import dlsched.plot as dp

    data = json.loads((ROOT / "instances/completion/s4.json").read_text())
    data["name"] = "$\\alpha$<script>"
    inst = ds.load(_write(tmp_path / "i.json", data))
    ax = dp.plot(inst, ds.run(inst, "fifo"))
    svg = tmp_path / "g.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        ax.figure.savefig(svg, format="svg")
    plt.close(ax.figure)
    text = svg.read_text(encoding="utf-8")
    assert "$\\alpha$&lt;script&gt;" in text and "\u03b1" not in text and "<script" not in text


def _write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data))
    return path


def test_escape_functions_by_hand():
    from dlsched.core import escape

    assert escape.markdown("<b>a|b</b> `c` [d](e) \\ #f") == \
        "&lt;b&gt;a\\|b&lt;/b&gt; \\`c\\` \\[d\\](e) \\\\ #f"
    assert escape.markdown("#h\nx") == "\\#h x"
    assert escape.latex("\\write18{x} 50% a_b & $y$ ~^#") == (
        "\\textbackslash{}write18\\{x\\} 50\\% a\\_b \\& \\$y\\$ "
        "\\textasciitilde{}\\textasciicircum{}\\#")
    assert escape.mathtext("$\\alpha$ costs $5") == "\\$\\alpha\\$ costs \\$5"
    assert escape.html("<a href='x'>&</a>") == "&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;"
    assert [escape.csv_cell(v) for v in ("=1+1", "+x", "-x", "@x", "\tx", "ok", -3.5, None)] \
        == ["'=1+1", "'+x", "'-x", "'@x", "'\tx", "ok", -3.5, None]
