"""scripts/screenshots.py catches what a person sees wrong on a page, and passes a clean page.

Tiny sites are written here, one fault per page (a code line cut at the right edge, a literal
``$`` from maths that did not typeset, text below 9 px, a matplotlib figure shown at a fraction of
its size, a heading on two lines, links to anchors that do not exist, a word broken inside a
narrow table column), plus a clean page with the same kinds of elements done right. The check
runs in headless Chromium (Debian package ``chromium``) and must report exactly the planted
fault of each page and nothing on the clean one. Skipped when Chromium is not installed.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _screenshots():
    """scripts/screenshots.py as a module (scripts/ is not a package)."""
    if "dlsched_screenshots" in sys.modules:
        return sys.modules["dlsched_screenshots"]
    spec = importlib.util.spec_from_file_location(
        "dlsched_screenshots", REPO / "scripts" / "screenshots.py"
    )
    mod = importlib.util.module_from_spec(spec)
    sys.modules["dlsched_screenshots"] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def _page(body: str) -> str:
    return (
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<style>"
        "body{font:16px/1.5 sans-serif;margin:20px;width:700px}</style></head>"
        f"<body>{body}</body></html>"
    )


LONG = (
    "result = solve(instance, model='oef-cooperative', time_limit=60, threads=1, "
    "verbose=True, tolerance=1e-9)  # one line longer than the box"
)

PAGES = {
    "clean": f"""
        <h1 id="top">A short title</h1>
        <p>Costs in code stay literal: <code>echo $HOME</code>, and
           <a href="#top">this link</a> and <a href="../clean/#top">that one</a> resolve.</p>
        <pre style="width:400px;white-space:pre-wrap;overflow-wrap:anywhere">{LONG}</pre>
        <pre style="width:400px;overflow-x:auto">short line</pre>
        <img src="../small.png">
        <img src="../photo.png" style="width:300px">
        <table style="width:300px"><tr><td><code>crosscheck</code></td><td>a b c</td></tr>
        </table>""",
    "cut-code": f'<pre style="width:400px;overflow-x:auto">{LONG}</pre>',
    "literal-dollar": "<p>The objective $$\\min \\sum_j w_j C_j$$ (see the model).</p>",
    "small-text": '<p>Normal text and <span style="font-size:7px">a footnote too small</span>.</p>',
    "small-figure": '<img src="../wide.png" style="width:400px">',
    "long-heading": "<h1 style='width:400px'>A heading that says far too much to fit on one "
    "line of the page</h1>",
    "broken-anchor": '<p><a href="#nowhere">here</a></p><p><a href="../clean/#gone">there</a></p>',
    "broken-word": "<table style='width:60px'><tr><td style='word-break:break-all'>"
    "<code>crosscheck_pattern_model</code></td></tr></table>",
}
#: page -> how many findings of its own kind it must give (nothing else)
EXPECTED = {
    "cut-code": 1,
    "literal-dollar": 1,
    "small-text": 1,
    "small-figure": 1,
    "long-heading": 1,
    "broken-anchor": 2,
    "broken-word": 1,
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from PIL import Image

    root = tmp_path_factory.mktemp("site")
    for name, body in PAGES.items():
        (root / name).mkdir()
        (root / name / "index.html").write_text(_page(body), encoding="utf-8")
    for name, width in (("wide", 10.0), ("small", 4.0)):  # 1000 px and 400 px at 100 dpi
        fig, ax = plt.subplots(figsize=(width, 2.5), dpi=100)
        ax.plot([0, 1], [0, 1])
        ax.set_title("labels at 10 pt")
        fig.savefig(root / f"{name}.png", dpi=100)
        plt.close(fig)
    Image.new("RGB", (1000, 600), "steelblue").save(root / "photo.png")  # not a figure
    return root


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="needs headless Chromium (Debian package chromium)")
def test_each_planted_fault_is_caught_and_the_clean_page_passes(site: Path) -> None:
    shots = _screenshots()
    findings, _notes = shots.check_site(site, CHROMIUM, verbose=False)
    got: dict[str, list[str]] = {}
    for f in findings:
        got.setdefault(f.page.strip("/"), []).append(f.kind)
    assert "clean" not in got, [f.line() for f in findings if f.page == "clean/"]
    for page, count in EXPECTED.items():
        assert got.get(page) == [page] * count, (
            page,
            [f.line() for f in findings if f.page == f"{page}/"],
        )
    assert set(got) == set(EXPECTED)


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="needs headless Chromium (Debian package chromium)")
def test_pages_filter_and_exit_status(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shots = _screenshots()
    assert shots.site_pages(site, ["broken-*"]) == ["broken-anchor/", "broken-word/"]
    assert (
        shots.main(["--site", str(site), "--all", "--chromium", CHROMIUM, "--pages", "clean"]) == 0
    )
    assert (
        shots.main(["--site", str(site), "--all", "--chromium", CHROMIUM, "--pages", "cut-code"])
        == 1
    )
    out = capsys.readouterr().out
    # one line per finding: page, kind, element, what
    assert "PROBLEM cut-code/: cut-code: pre " in out and "px past the right edge" in out


def test_figure_floor_is_the_plot_modules() -> None:
    # the check assumes the smallest label of a matplotlib figure is dlsched.plot's floor
    from dlsched.plot.style import MIN_FONT_PT

    assert _screenshots().FIGURE_MIN_PT == MIN_FONT_PT
