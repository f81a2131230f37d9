"""The documentation site builds with ``mkdocs build --strict``, works offline, and its tutorial
code runs.

mkdocs is part of the ``docs`` extra, which the README's test command installs: a missing mkdocs
is a failure here, not a skip. The site is built once per module (the ``site`` fixture; the tests
that use it are marked slow, they share its ~20 s) into a temporary folder, from that folder
(the notebook cache of mkdocs-jupyter lands in the working directory).

Offline: no page may load a script, stylesheet, font or image from another host (the maths
renderer is vendored under docs/javascripts/vendor/), and every page with maths loads it.
scripts/screenshots.py checks the same in a real browser with the network cut.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "docs" / "examples"
MATHJAX = "javascripts/vendor/mathjax/tex-svg-full.js"   # site path of the vendored renderer
MATHJAX_CONFIG = "javascripts/mathjax.js"


def _env(*paths: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*(str(p) for p in paths), str(REPO / "src"),
                                         env.get("PYTHONPATH", "")])
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once with ``mkdocs build --strict`` (a failed build fails every user)."""
    import mkdocs  # noqa: F401  (fails, not skips, without the docs extra)

    work = tmp_path_factory.mktemp("docs")
    out = work / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(REPO / "mkdocs.yml"),
         "-d", str(out)], cwd=work, env=_env(), capture_output=True, text=True,
        timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return out


@pytest.mark.slow
def test_mkdocs_build_strict(site: Path) -> None:
    # the included formulation cards, the API reference and the notebooks are really there
    assert "LP (10)" in (site / "problems" / "oef" / "index.html").read_text(encoding="utf-8")
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    assert "dlsched.api.solve" in api
    for nb in ("oef", "ojpp", "revenue", "completion", "ltgf"):
        assert (site / "notebooks" / nb / "index.html").is_file()
    tutorial = (site / "plugin" / "index.html").read_text(encoding="utf-8")
    assert "greedy_fastest" in tutorial  # the plugin file is included verbatim


# ---- offline: what a page makes the browser fetch ------------------------------------------

_REMOTE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)  # http://, https://, //
# <link rel> values the browser does not fetch by itself
_INERT_RELS = {"canonical", "alternate", "next", "prev", "author", "license", "help", "search"}
_FETCHED_SRC = {"script", "img", "iframe", "source", "embed", "audio", "video", "track", "input"}
# in CSS: @import "x" / @import url(x) / url(x)
_CSS_URL = re.compile(r"""@import\s+(?:url\()?\s*["']?([^"')\s;]+)|url\(\s*["']?([^"')\s]+)""")
# in an inline script: a quoted URL of a script or stylesheet (import("https://...mjs"), ...)
_JS_URL = re.compile(r"""["'`]((?:https?:)?//[^"'`\s]+?\.(?:m?js|css)(?:\?[^"'`\s]*)?)["'`]""")


class _Fetches(HTMLParser):
    """Collect what an HTML page makes a browser fetch: (kind, url) pairs, local or remote."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.fetches: list[tuple[str, str]] = []
        self._inline: str | None = None   # "script" / "style" while inside one
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in _FETCHED_SRC and a.get("src"):
            self.fetches.append((f"<{tag} src>", a["src"]))
        if tag == "object" and a.get("data"):
            self.fetches.append(("<object data>", a["data"]))
        if tag == "link" and a.get("href"):
            rels = set(a.get("rel", "").lower().split())
            if not rels <= _INERT_RELS:
                self.fetches.append((f"<link rel={a.get('rel')}>", a["href"]))
        for url in _CSS_URL.findall(a.get("style", "")):
            self.fetches.append(("style attribute url()", url[0] or url[1]))
        if tag in ("script", "style") and not a.get("src"):
            self._inline, self._text = tag, []

    def handle_data(self, data: str) -> None:
        if self._inline:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == self._inline:
            body = "".join(self._text)
            if tag == "style":
                self.fetches += [("inline <style> url()", u[0] or u[1])
                                 for u in _CSS_URL.findall(body)]
            else:
                self.fetches += [("inline <script> URL", u) for u in _JS_URL.findall(body)]
            self._inline = None


def _page_fetches(html: str) -> list[tuple[str, str]]:
    parser = _Fetches()
    parser.feed(html)
    parser.close()
    return parser.fetches


def _pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


@pytest.mark.slow
def test_site_fetches_nothing_remote(site: Path) -> None:
    """No page and no shipped stylesheet loads a script, stylesheet, font or image from another
    host (Google Fonts, a CDN's MathJax or require.js, a preconnect hint); the failure lists
    page and URL."""
    bad = [f"{page.relative_to(site)}: {kind} {url}"
           for page in _pages(site)
           for kind, url in _page_fetches(page.read_text(encoding="utf-8"))
           if _REMOTE.match(url)]
    for css in sorted(site.rglob("*.css")):
        text = css.read_text(encoding="utf-8", errors="replace")
        bad += [f"{css.relative_to(site)}: CSS url()/@import {u[0] or u[1]}"
                for u in _CSS_URL.findall(text) if _REMOTE.match(u[0] or u[1])]
    assert bad == [], "remote resources:\n" + "\n".join(bad)
    # the theme fetches mermaid from unpkg for a ```mermaid fence: none may exist
    mermaid = [str(p.relative_to(site)) for p in _pages(site)
               if 'class="mermaid"' in p.read_text(encoding="utf-8")]
    assert mermaid == []


@pytest.mark.slow
def test_local_scripts_and_stylesheets_exist(site: Path) -> None:
    """Every local script and stylesheet a page loads is in the site (offline, a 404 is a
    formula or a style that never arrives)."""
    missing = []
    for page in _pages(site):
        base = "/" + page.relative_to(site).as_posix()
        for kind, url in _page_fetches(page.read_text(encoding="utf-8")):
            if _REMOTE.match(url) or url.startswith(("data:", "#")) or not url.strip():
                continue
            path = urlsplit(urljoin(base, url)).path.lstrip("/")
            target = site / path
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                missing.append(f"{page.relative_to(site)}: {kind} {url}")
    assert missing == [], "\n".join(missing)


def _has_math(html: str) -> bool:
    """A Markdown page with pymdownx.arithmatex maths, or a notebook markdown cell with $...$."""
    if 'class="arithmatex"' in html:
        return True
    cells = re.findall(r'class="jp-RenderedHTMLCommon jp-RenderedMarkdown[^"]*"[^>]*>(.*?)</div>',
                       html, re.DOTALL)
    return any(re.search(r"\$[^$\s][^$]*\$", c) for c in cells)


@pytest.mark.slow
def test_every_math_page_loads_the_vendored_mathjax(site: Path) -> None:
    """Pages with maths (formulation notes, cards, notebooks) load the vendored MathJax after
    its configuration, and the configuration typesets notebook cells as well."""
    math_pages = {p: p.read_text(encoding="utf-8") for p in _pages(site)}
    math_pages = {p: h for p, h in math_pages.items() if _has_math(h)}
    names = {p.relative_to(site).as_posix() for p in math_pages}
    # maths known to be on these pages (arithmatex cards/notes; $...$ in every notebook)
    assert {"specs/oef/index.html", "problems/oef/index.html"} <= names
    assert {f"notebooks/{nb}/index.html" for nb in ("oef", "ojpp", "revenue", "completion",
                                                    "ltgf")} <= names
    bad = []
    for page, html in math_pages.items():
        base = "/" + page.relative_to(site).as_posix()
        scripts = [urlsplit(urljoin(base, url)).path.lstrip("/")
                   for kind, url in _page_fetches(html) if kind == "<script src>"]
        if MATHJAX_CONFIG not in scripts or MATHJAX not in scripts \
                or scripts.index(MATHJAX_CONFIG) > scripts.index(MATHJAX):
            bad.append(page.relative_to(site).as_posix())
    assert bad == [], f"maths without the vendored MathJax (after its config): {bad}"
    # the configuration typesets exactly these containers (docs/javascripts/mathjax.js)
    roots = re.search(r'const MATH_ROOTS = "([^"]*)"',
                      (site / MATHJAX_CONFIG).read_text(encoding="utf-8"))
    assert roots is not None
    assert {".arithmatex", ".jp-RenderedMarkdown"} <= {r.strip() for r in roots[1].split(",")}
    assert (site / MATHJAX).stat().st_size > 1_000_000  # the real bundle, not a stub


# ---- what a reader sees (scripts/screenshots.py measures the rendered pages) ----------------

@pytest.mark.slow
def test_api_reference_has_typed_signatures_and_source(site: Path) -> None:
    """mkdocstrings shows each signature with its types in a code block under a short
    heading, the source under each object, and a constant's heading without its value."""
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    heading = re.search(r'<h3 id="dlsched.api.load"[^>]*>(.*?)</h3>', api, re.DOTALL)
    assert heading is not None and "(" not in re.sub(r"<[^>]+>", "", heading[1])
    signature = re.sub(r"<[^>]+>", "", api[heading.end():api.index("</pre>", heading.end())])
    assert "path: str | Path" in unescape(signature) and "-> Any" in unescape(signature)
    assert "Source code in" in api
    problems = (site / "reference" / "problems" / "index.html").read_text(encoding="utf-8")
    fig6 = re.search(r'<h3 id="dlsched.ltgf.FIG6"[^>]*>(.*?)</h3>', problems, re.DOTALL)
    assert fig6 is not None and "schema_version" not in fig6[1]


@pytest.mark.slow
def test_notebook_table_of_contents_links_resolve(site: Path) -> None:
    """Every in-page link of a notebook page (its table of contents included) has a target:
    mkdocs-jupyter's slugs drop inline code, docs/hooks/offline_notebooks.py aligns them."""
    for page in sorted((site / "notebooks").rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        ids = set(re.findall(r'\sid="([^"]+)"', text))
        missing = {h for h in re.findall(r'href="#([^"]+)"', text) if h not in ids}
        assert not missing, (page.relative_to(site).as_posix(), sorted(missing))


_DISPLAY = re.compile(r"\$\$")


def test_display_maths_stands_in_its_own_paragraph() -> None:
    """A ``$$...$$`` block shares no paragraph with text (arithmatex then leaves a literal
    ``$``): a blank line or the file's start before it, a blank line or the end after it."""
    files = [*sorted((REPO / "docs").rglob("*.md")), *sorted((REPO / "models").glob("*.md"))]
    bad = []
    for path in files:
        lines = path.read_text(encoding="utf-8").split("\n")
        opening = True
        for k, line in enumerate(lines):
            for _ in _DISPLAY.finditer(line):
                if opening and not line.lstrip().startswith("$$"):
                    bad.append(f"{path.relative_to(REPO)}:{k + 1}: text before $$")
                elif opening and k > 0 and lines[k - 1].strip():
                    bad.append(f"{path.relative_to(REPO)}:{k + 1}: no blank line before $$")
                elif not opening and not line.rstrip().endswith("$$"):
                    bad.append(f"{path.relative_to(REPO)}:{k + 1}: text after $$")
                elif not opening and k + 1 < len(lines) and lines[k + 1].strip():
                    bad.append(f"{path.relative_to(REPO)}:{k + 1}: no blank line after $$")
                opening = not opening
    assert bad == []


def test_quotes_of_the_reproduction_reports_stay_text() -> None:
    """A paper's quote opening like a Markdown block ("# of Users ...", a list item) is
    escaped by the report generator, and no committed report quotes one unescaped."""
    from dlsched.bench.repro.report import _quote

    assert _quote("# of Users Revenue per Job") == "\\# of Users Revenue per Job"
    assert _quote("- a list") == "\\- a list" and _quote("12. item") == "12\\. item"
    assert _quote("**Lemma 3.** bold") == "**Lemma 3.** bold"  # emphasis is not a block
    assert _quote("see [14]") == "see \\[14\\]"
    block = re.compile(r"^> (?:#|[-+*] |\d+[.)] )")
    for report in sorted((REPO / "benchmarks" / "reproduction").glob("*.md")):
        lines = report.read_text(encoding="utf-8").splitlines()
        assert not [line for line in lines if block.match(line)], report.name


def test_vendored_mathjax_matches_its_provenance() -> None:
    """The vendored file is the one PROVENANCE names (sha256), with its licence beside it."""
    folder = REPO / "docs" / MATHJAX.rsplit("/", 1)[0]
    provenance = (folder / "PROVENANCE").read_text(encoding="utf-8")
    digest = hashlib.sha256((REPO / "docs" / MATHJAX).read_bytes()).hexdigest()
    assert f"sha256:  {digest}" in provenance
    assert "Apache License" in (folder / "LICENSE").read_text(encoding="utf-8")


def test_plugin_tutorial_suite(tmp_path: Path) -> None:
    """Run the tutorial's command; check ratios known by construction (docs/plugin.md)."""
    from dlsched.bench.aggregate import ratio_rows
    from dlsched.bench.store import ResultsStore

    db = tmp_path / "greedy.db"
    proc = subprocess.run(
        [sys.executable, "-m", "dlsched.cli", "bench", str(EXAMPLES / "greedy-oef.toml"),
         "--out", str(db), "--jobs", "1"],
        cwd=tmp_path, env=_env(EXAMPLES), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    with ResultsStore(db, create=False) as store:
        rows = ratio_rows(store, "greedy-oef")
    by_method: dict[str, list[dict]] = {}
    for r in rows:
        by_method.setdefault(r["method"], []).append(r)
    assert set(by_method) == {"efficiency", "greedy", "greedy(half)", "max-min"}
    assert all(r["valid"] == 1 and r["basis"] == "proven" for r in rows)
    # every type to its fastest row maximises LP (4) (capacity rows only); half of it, half
    assert [r["ratio"] for r in by_method["greedy"]] == pytest.approx([1.0] * 4, abs=1e-9)
    # the library's convention (>= 1 is worse): optimum / objective for a maximisation
    assert [r["ratio"] for r in by_method["greedy(half)"]] == pytest.approx([2.0] * 4, abs=1e-9)
    # n > k users: some row is fastest on no type and gets nothing, so SI fails; the equal
    # split is SI by definition
    assert all(r["metrics"]["si"] == 0.0 for r in by_method["greedy"])
    assert all(r["metrics"]["si"] == 1.0 for r in by_method["max-min"])


def test_plugin_rejects_bad_share(tmp_path: Path) -> None:
    """A bad parameter is an InputError naming the field (run apart: the registration would
    otherwise stay in this test process)."""
    code = (
        "import dlsched as ds, greedy_oef\n"
        "from dlsched.core import InputError\n"
        # W_1 stating the efficiency problem (fairness none), the plug-in's problem
        f"inst = ds.load({str(REPO / 'instances' / 'oef' / 'paper-w1-efficiency.json')!r})\n"
        "assert ds.check(inst, ds.run(inst, 'greedy-fastest')) == []\n"
        "try:\n"
        "    ds.run(inst, 'greedy-fastest', share=1.5)\n"
        "except InputError as exc:\n"
        "    print('field', exc.field)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_env(EXAMPLES),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == "field share"
