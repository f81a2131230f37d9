"""Check the docs site as a person sees it, in headless Chromium served on localhost offline.

Builds the site (or takes a built one), serves it with ``http.server`` in a thread on 127.0.0.1,
and opens every page (or those of ``--pages``) in headless Chromium (Debian package
``chromium``) at 1280 px wide, whose host resolver refuses every name but the loopback address.
Each HTML page is served with one extra script (``LAYOUT_JS``) that waits for the page's own
scripts and MathJax, measures the rendered page and writes what it found into the DOM, which
``--dump-dom`` hands back. A finding is one line: page, kind, element, what is wrong. Kinds:

- ``cut-code``: a code block (``pre``) whose text reaches past the right edge of its own box or
  of a scrolling or clipping box around it (the line is cut or needs a sideways scroll);
- ``small-text``: text rendered below 9 px (computed font size);
- ``small-figure``: a matplotlib figure (a PNG whose ``Software`` chunk names Matplotlib, or a
  matplotlib SVG) shown so small that its smallest labels render below 9 px. The smallest label
  is taken as ``FIGURE_MIN_PT`` (the floor of ``dlsched.plot``, held by tests/test_plot.py) at
  the PNG's own dpi (its ``pHYs`` chunk), times the displayed / natural width; at 100 dpi a
  figure shown below 81 % of its size is flagged;
- ``literal-dollar``: a ``$`` in visible text outside code (maths that did not typeset);
- ``long-heading``: a heading whose text (its permalink sign aside) takes more than one line;
- ``broken-anchor``: a link to ``#x`` on its own page with no element ``id="x"`` (or ``name``),
  and a link to another page of the site whose ``#x`` that page's HTML does not define;
- ``broken-word``: a line break between two letters or digits of one word (a table column too
  narrow for a name, "crosschec/k");
- ``page-overflow``: the page itself wider than the window (a sideways scroll of everything);
- and the offline checks: maths typeset (at least the expected number of MathJax containers
  on the pages of ``PAGES``, no MathJax error, no ``\\(`` left in an arithmatex element), every
  request answered 200 by the local server, none to another host (a proxy on 127.0.0.1 records
  and refuses them), no uncaught script error in Chromium's log.

Tables wider than their column scroll sideways (the theme wraps them); they are counted as
notes, not findings. For the pages of ``PAGES`` a screenshot is written too
(``docs/screenshots/<name>.png``, palette PNG, small enough to commit).

Usage::

    python scripts/screenshots.py                      # build the site, check every page, shoot
    python scripts/screenshots.py --site site          # use an existing build
    python scripts/screenshots.py --pages 'notebooks/*' problems/oef   # only these pages
    python scripts/screenshots.py --all                # every page, no screenshots
    python scripts/screenshots.py --counts out.json    # also write the counts per kind

Exit status 1 when there is a finding (each is printed, then the counts per kind); the PNGs are
written anyway so they can be looked at.
"""

from __future__ import annotations

import argparse
import contextlib
import fnmatch
import functools
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
MAX_PNG_BYTES = 400_000
#: The window the pages are measured in (a laptop screen). Unit: CSS pixels.
WINDOW = (1280, 2000)
#: The smallest readable rendered text. Unit: CSS pixels.
MIN_TEXT_PX = 9.0
#: The smallest font a dlsched.plot figure draws (tests/test_plot.py holds the plots to it):
#: the size assumed for the smallest label of any matplotlib figure on a page. Unit: points.
FIGURE_MIN_PT = 8.0
#: Where the injected check script is served (a path no site file has).
CHECK_JS_PATH = "/__dlsched_layout_check__.js"
#: Finding kinds of the layout check, in report order.
LAYOUT_KINDS = (
    "cut-code",
    "small-text",
    "small-figure",
    "literal-dollar",
    "long-heading",
    "broken-anchor",
    "broken-word",
    "page-overflow",
)


@dataclass(frozen=True)
class Page:
    """A page to photograph: its site path and the least number of formulas it must show."""

    path: str
    min_formulas: int


#: name (the PNG's stem) -> page. The home page, a problem page with formulas, a notebook.
PAGES: dict[str, Page] = {
    "home": Page("", 0),
    "problem-oef": Page("problems/oef/", 50),
    "notebook-oef": Page("notebooks/oef/", 20),
}


@dataclass(frozen=True)
class Finding:
    """One thing wrong on one page: which ``kind``, on which ``element``, ``what`` is wrong."""

    page: str
    kind: str
    element: str
    what: str

    def line(self) -> str:
        """The report line: page, kind, element, what."""
        return f"{self.page or '/'}: {self.kind}: {self.element}: {self.what}"


CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    f"--window-size={WINDOW[0]},{WINDOW[1]}",
    "--force-device-scale-factor=1",
    "--virtual-time-budget=10000",
    # the browser's own traffic (sign-in, search preconnect, autofill, time and optimisation
    # services) off, so that every request the proxy records comes from the page
    "--disable-features=AutofillServerCommunication,OptimizationHints,OptimizationHintsFetching,"
    "OptimizationGuideModelDownloading,MediaRouter,Translate,NetworkTimeServiceQuerying,"
    "PreconnectToSearch,NetworkPrediction",
    "--disable-client-side-phishing-detection",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--no-pings",
    "--disable-field-trial-config",
    "--gaia-url=http://127.0.0.1:9",
    "--google-base-url=http://127.0.0.1:9",
    # the network cut: no name resolves except the loopback address the site is served on (and
    # every request to another host goes to the recording proxy of ``serve``, which refuses it)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--enable-logging=stderr",
    "--v=0",
)
# Chromium's own services that the flags above do not all silence (GCM, sign-in, search,
# autofill, network time, updates): a request to these is the browser's, not the page's
BROWSER_HOSTS = frozenset(
    {
        "android.clients.google.com",
        "accounts.google.com",
        "www.google.com",
        "clients2.google.com",
        "content-autofill.googleapis.com",
        "update.googleapis.com",
        "clientservices.googleapis.com",
    }
)
# Chromium's log lines that mean a resource did not arrive or a script failed
_FAILED_LOAD = re.compile(r"net::ERR_\w+|Failed to load resource|Uncaught \w*Error.*")
_RAW_ARITHMATEX = re.compile(r'class="arithmatex">\s*\\[(\[]')
_RESULT = re.compile(
    r'<script type="application/json" id="dlsched-layout">(.*?)</script>', re.DOTALL
)
_ID = re.compile(r"""\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")

# The measuring script, run in the page after its own scripts and MathJax. It writes
# {"findings": [[kind, element, what], ...], "links": [[path, fragment, element], ...],
#  "notes": [...]} into <script type="application/json" id="dlsched-layout">.
LAYOUT_JS = r"""
(() => {
const MIN_PX = __MIN_PX__, FIG_MIN_PT = __FIG_MIN_PT__;
const NO_TEXT = "script, style, noscript, template, textarea, mjx-container, svg, "
  + "mjx-assistive-mml";
const CODE = "pre, code, kbd, samp, .highlight";
const findings = [], links = [], notes = [];
const find = (kind, el, what) => findings.push([kind, describe(el), what]);

function describe(el) {
  let s = el.tagName.toLowerCase();
  if (el.id) s += "#" + el.id;
  else if (el.classList.length) s += "." + Array.from(el.classList).slice(0, 2).join(".");
  const cell = el.closest(".jp-Cell");
  if (cell) {
    const n = Array.from(document.querySelectorAll(".jp-Cell")).indexOf(cell) + 1;
    s = "cell " + n + " " + s;
  }
  const text = (el.textContent || el.getAttribute("alt") || "").replace(/\s+/g, " ").trim();
  if (text) s += ' "' + (text.length > 48 ? text.slice(0, 45) + "..." : text) + '"';
  return s;
}

function shown(el) {
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.display === "none" || cs.visibility === "hidden" || cs.opacity === "0") return false;
  }
  return el.getClientRects().length > 0;
}

function rects(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  return Array.from(range.getClientRects()).filter(r => r.width > 0.5 && r.height > 0.5);
}

// how many lines a set of boxes sits on: a box whose middle is below the current line starts one
function lineCount(boxes) {
  const sorted = boxes.slice().sort((a, b) => a.top - b.top);
  let n = 0, bottom = -Infinity;
  for (const r of sorted) {
    if ((r.top + r.bottom) / 2 > bottom) { n += 1; bottom = r.bottom; }
    else bottom = Math.max(bottom, r.bottom);
  }
  return n;
}

function textNodes(root, skip) {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {acceptNode(n) {
    const p = n.parentElement;
    if (!n.data.trim() || !p || p.closest(NO_TEXT) || (skip && p.closest(skip)))
      return NodeFilter.FILTER_REJECT;
    return NodeFilter.FILTER_ACCEPT;
  }});
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n);
  return out;
}

const article = document.querySelector(".md-content") || document.body;
const visibleCache = new Map();
const visible = el => {
  if (!visibleCache.has(el)) visibleCache.set(el, shown(el));
  return visibleCache.get(el);
};

function checkCode() {
  // overflow counted by the layout (scrollWidth: a space that hangs at a wrapped line's end
  // does not count), in the pre, in a scrolling box inside it, or of the pre's own box past
  // a scrolling or clipping box around it
  for (const pre of document.querySelectorAll("pre")) {
    if (!visible(pre) || pre.closest(NO_TEXT) || !rects(pre).length) continue;
    let hidden = 0, shown = pre.clientWidth;
    for (const e of [pre, ...pre.querySelectorAll("*")]) {
      if (e !== pre && getComputedStyle(e).overflowX === "visible") continue;
      if (e.clientWidth && e.scrollWidth - e.clientWidth > hidden) {
        hidden = e.scrollWidth - e.clientWidth;
        shown = e.clientWidth;
      }
    }
    const right = pre.getBoundingClientRect().right;
    for (let e = pre.parentElement; e && e !== document.documentElement; e = e.parentElement) {
      if (getComputedStyle(e).overflowX === "visible" || !e.clientWidth) continue;
      const edge = e.getBoundingClientRect().left + e.clientLeft + e.clientWidth;
      if (right - edge > hidden) {
        hidden = right - edge;
        shown = edge - pre.getBoundingClientRect().left;
      }
    }
    if (hidden > 1) find("cut-code", pre, `text reaches ${Math.round(hidden)} px past the `
      + `right edge (${Math.round(shown)} px shown)`);
  }
}

function checkText() {
  const seen = new Set();
  for (const n of textNodes(document.body)) {
    const el = n.parentElement;
    if (seen.has(el)) continue;
    seen.add(el);
    if (!visible(el) || !rects(n).length) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < MIN_PX) find("small-text", el, `font size ${px.toFixed(1)} px < ${MIN_PX}`);
  }
}

function checkDollars() {
  const roots = [article, ...document.querySelectorAll(".md-sidebar")], seen = new Set();
  for (const root of roots) for (const n of textNodes(root, CODE)) {
    const i = n.data.indexOf("$");
    if (i < 0 || seen.has(n.parentElement) || !visible(n.parentElement)) continue;
    seen.add(n.parentElement);
    const snip = n.data.slice(Math.max(0, i - 20), i + 30).replace(/\s+/g, " ");
    find("literal-dollar", n.parentElement, `"${snip}" shows a $ (maths not typeset)`);
  }
}

function checkHeadings() {
  for (const h of article.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    if (!visible(h)) continue;
    const boxes = [];
    for (const n of textNodes(h, ".headerlink")) boxes.push(...rects(n));
    for (const e of h.querySelectorAll("mjx-container, img, svg"))
      if (!e.closest(".headerlink") && !e.parentElement.closest("mjx-container, svg"))
        boxes.push(...Array.from(e.getClientRects()).filter(r => r.width > 0.5));
    const lines = lineCount(boxes);
    if (lines > 1) find("long-heading", h, `takes ${lines} lines`);
  }
}

function checkAnchors() {
  const here = location.origin + location.pathname.replace(/index\.html$/, "");
  for (const a of document.querySelectorAll("a[href]")) {
    let url;
    try { url = new URL(a.getAttribute("href"), location.href); } catch (e) { continue; }
    if (url.origin !== location.origin || url.hash.length < 2) continue;
    const id = decodeURIComponent(url.hash.slice(1));
    const page = url.origin + url.pathname.replace(/index\.html$/, "");
    if (page !== here) { links.push([url.pathname, id, describe(a)]); continue; }
    if (!document.getElementById(id) && !document.getElementsByName(id).length)
      find("broken-anchor", a, `links to #${id}, which no element of the page has`);
  }
}

function checkWords() {
  // a line break between two letters or digits of one word (each word reported once)
  for (const n of textNodes(article, "pre")) {
    if (lineCount(rects(n)) < 2 || !visible(n.parentElement)) continue;
    for (const word of n.data.matchAll(/\S+/g)) {
      for (const run of word[0].matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        const range = document.createRange();
        range.setStart(n, word.index + run.index);
        range.setEnd(n, word.index + run.index + run[0].length);
        if (lineCount(Array.from(range.getClientRects()).filter(r => r.width > 0.5)) > 1) {
          find("broken-word", n.parentElement, `"${word[0]}" is broken across lines`);
          break;
        }
      }
    }
  }
}

function checkOverflow() {
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1)
    find("page-overflow", document.body, `the page is ${doc.scrollWidth} px wide in a `
      + `${doc.clientWidth} px window`);
  for (const t of article.querySelectorAll("table")) {
    let box = t.parentElement;
    while (box && box !== article && getComputedStyle(box).overflowX === "visible")
      box = box.parentElement;
    if (visible(t) && box && box.scrollWidth > box.clientWidth + 1) {
      const cols = Array.from(t.rows[0] ? t.rows[0].cells : []);
      const right = box.getBoundingClientRect().left + box.clientWidth;
      const off = cols.filter(c => c.getBoundingClientRect().right > right + 1).length;
      notes.push(`table scrolls sideways (${off} of ${cols.length} columns cut): `
        + describe(t.rows[0] || t));
    }
  }
}

// PNG: the pHYs dpi and whether the Software text chunk names Matplotlib; SVG: matplotlib's own
async function imageInfo(src) {
  const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
  const ascii = (a, b) => String.fromCharCode(...bytes.subarray(a, b));
  if (ascii(1, 4) === "PNG") {
    let dpi = 72, mpl = false;
    const view = new DataView(bytes.buffer);
    for (let at = 8; at + 8 <= bytes.length;) {
      const len = view.getUint32(at), type = ascii(at + 4, at + 8), data = at + 8;
      if (type === "pHYs" && bytes[data + 8] === 1) dpi = view.getUint32(data) * 0.0254;
      if (type === "tEXt" && /^Software\0.*matplotlib/is.test(ascii(data, data + len)))
        mpl = true;
      if (type === "IDAT") break;
      at = data + len + 4;
    }
    return {mpl, dpi};
  }
  const text = new TextDecoder().decode(bytes.subarray(0, 4000));
  return {mpl: /<svg/.test(text) && /matplotlib/i.test(text), dpi: 96};
}

async function checkFigures() {
  for (const img of document.querySelectorAll("img")) {
    if (!visible(img) || !img.naturalWidth) continue;
    let info;
    try { info = await imageInfo(img.currentSrc || img.src); } catch (e) { continue; }
    if (!info.mpl) continue;
    const ratio = img.getBoundingClientRect().width / img.naturalWidth;
    const px = FIG_MIN_PT * info.dpi / 72 * ratio;
    if (px < MIN_PX) find("small-figure", img, `matplotlib figure shown at `
      + `${Math.round(100 * ratio)} % of its ${img.naturalWidth} px: a ${FIG_MIN_PT} pt label `
      + `(${Math.round(info.dpi)} dpi) renders at ${px.toFixed(1)} px < ${MIN_PX}`);
  }
}

function report(extra) {
  const out = document.createElement("script");
  out.type = "application/json";
  out.id = "dlsched-layout";
  out.textContent = JSON.stringify({findings, links, notes, ...extra}).replace(/</g, "\\u003c");
  document.body.appendChild(out);
}

async function settled() {
  if (document.readyState !== "complete")
    await new Promise(r => addEventListener("load", r, {once: true}));
  // MathJax (docs/javascripts/mathjax.js) chains every typesetting pass on startup.promise
  for (let p = null; window.MathJax && MathJax.startup && MathJax.startup.promise !== p;) {
    p = MathJax.startup.promise;
    await p;
  }
  await document.fonts.ready;
  await new Promise(r => setTimeout(r, 50));
}

settled().then(async () => {
  for (const check of [checkCode, checkText, checkDollars, checkHeadings, checkAnchors,
                       checkWords, checkOverflow, checkFigures]) {
    try { await check(); }
    catch (e) { findings.push(["check-error", check.name, String(e)]); }
  }
  report({});
}).catch(e => report({error: String(e)}));
})();
"""


def layout_js() -> bytes:
    """The measuring script with its thresholds filled in."""
    return (
        LAYOUT_JS.replace("__MIN_PX__", repr(MIN_TEXT_PX))
        .replace("__FIG_MIN_PT__", repr(FIGURE_MIN_PT))
        .encode()
    )


def build_site(dest: Path) -> Path:
    """``mkdocs build --strict`` into ``dest`` (run from a scratch folder, like the tests)."""
    env = dict(
        os.environ,
        NO_MKDOCS_2_WARNING="1",
        PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-q",
            "-f",
            str(ROOT / "mkdocs.yml"),
            "-d",
            str(dest),
        ],
        cwd=dest.parent,
        env=env,
        check=True,
        timeout=600,
    )
    return dest


class _Handler(SimpleHTTPRequestHandler):
    """Static files from the site, HTML pages with the check script added; each request's
    (path, status) goes to ``server.log`` (the check script's own request aside)."""

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path == CHECK_JS_PATH:
            self._send(layout_js(), "text/javascript")
            return
        file = Path(self.translate_path(self.path))
        if path.endswith("/"):
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            page = file.read_bytes()
            tag = f'<script src="{CHECK_JS_PATH}"></script>'.encode()
            at = page.rfind(b"</body>")
            self._send(page[:at] + tag + page[at:] if at >= 0 else page + tag, "text/html")
            return
        super().do_GET()

    def _send(self, body: bytes, ctype: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", f"{ctype}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if urlsplit(self.path).path != CHECK_JS_PATH:
            self.server.log.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


class _RefusingProxy(BaseHTTPRequestHandler):
    """An HTTP proxy that forwards nothing: it records each request for another host (but
    ``BROWSER_HOSTS``) in ``server.log`` and answers 502, so an attempt to reach the network is
    seen, not served."""

    def _refuse(self) -> None:
        host = urlsplit(self.path).hostname if "://" in self.path else self.path.split(":")[0]
        if host not in BROWSER_HOSTS:
            self.server.log.append((f"{self.command} {self.path}", 502))
        self.send_error(502, "offline")

    do_GET = do_HEAD = do_POST = do_CONNECT = do_OPTIONS = _refuse

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


class _QuietServer(ThreadingHTTPServer):
    """A threaded HTTP server that ignores a browser closing a connection mid-answer."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(root: Path | None = None) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """Serve the folder ``root`` (or, without one, the refusing proxy) on 127.0.0.1 at a free
    port in a thread; yield (base URL, request log)."""
    handler = (
        functools.partial(_Handler, directory=str(root)) if root is not None else _RefusingProxy
    )
    server = _QuietServer(("127.0.0.1", 0), handler)
    server.log = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server.log
    finally:
        server.shutdown()
        server.server_close()


def chromium(binary: str, url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on ``url`` with a throw-away profile."""
    with tempfile.TemporaryDirectory(prefix="dlsched-chromium-") as profile:
        return subprocess.run(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *extra, url],
            capture_output=True,
            text=True,
            timeout=180,
        )


def compress_png(src: Path, dest: Path) -> int:
    """Save ``src`` as a 256-colour PNG at ``dest`` (text and formulas survive); its size."""
    from PIL import Image

    with Image.open(src) as img:
        small = img.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        small.save(dest, optimize=True)
    return dest.stat().st_size


def dom_problems(dom: str, page: Page) -> list[str]:
    """What the rendered DOM shows wrong: too few formulas, MathJax errors, raw TeX left."""
    problems = []
    formulas = dom.count("<mjx-container")
    if formulas < page.min_formulas:
        problems.append(f"{formulas} typeset formulas, expected at least {page.min_formulas}")
    if "data-mjx-error" in dom or "<mjx-merror" in dom:
        problems.append("MathJax error in a formula")
    if raw := _RAW_ARITHMATEX.findall(dom):
        problems.append(f"{len(raw)} arithmatex formulas left as raw TeX")
    return problems


def page_ids(site: Path, path: str) -> set[str] | None:
    """The ``id`` and ``name`` values of the site page at URL path ``path`` (None: no page)."""
    file = site / unquote(path).lstrip("/")
    if path.endswith("/") or file.is_dir():
        file = file / "index.html"
    if file.suffix != ".html" or not file.is_file():
        return None
    text = file.read_text(encoding="utf-8", errors="replace")
    return {html.unescape(next(g for g in m.groups() if g is not None)) for m in _ID.finditer(text)}


def layout_findings(dom: str, page: str) -> tuple[list[Finding], list[list[str]], list[str]]:
    """The findings, other-page links with a fragment, and notes the check script left in
    ``dom`` (a finding of its own when it left none: the page never settled)."""
    m = _RESULT.search(dom)
    if not m:
        return (
            [
                Finding(
                    page,
                    "check-not-run",
                    "page",
                    "the layout check left no result (the page did not finish loading)",
                )
            ],
            [],
            [],
        )
    data = json.loads(m.group(1))
    found = [Finding(page, *f) for f in data["findings"]]
    if data.get("error"):
        found.append(Finding(page, "check-error", "page", data["error"]))
    return found, data["links"], data["notes"]


def site_pages(site: Path, patterns: list[str] | None = None) -> list[str]:
    """The site's pages (``""`` for the home page, else ``"a/b/"``), those matching one of
    ``patterns`` (fnmatch on the path without its slashes; ``/`` or ``index`` is the home page)."""
    pages = sorted(
        "" if p.parent == site else p.parent.relative_to(site).as_posix() + "/"
        for p in site.rglob("index.html")
    )
    if not patterns:
        return pages
    keys = {p: (p.strip("/") or "index") for p in pages}
    wanted = [pat.strip("/") or "index" for pat in patterns]
    return [p for p in pages if any(fnmatch.fnmatchcase(keys[p], w) for w in wanted)]


def check_site(
    site: Path,
    binary: str,
    pages: list[str] | None = None,
    shots: Path | None = None,
    verbose: bool = True,
) -> tuple[list[Finding], list[str]]:
    """Check ``pages`` of the built ``site`` (default: all) in headless Chromium; screenshot
    the pages of ``PAGES`` among them into ``shots`` (when given). Return findings and notes."""
    findings: list[Finding] = []
    notes: list[str] = []
    by_path = {p.path: (name, p) for name, p in PAGES.items()}
    links: list[tuple[str, str, str, str]] = []
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    with (
        serve(site) as (base, log),
        serve() as (proxy, remote),
        tempfile.TemporaryDirectory() as tmp,
    ):
        via = f"--proxy-server={proxy.rstrip('/')}"
        for path in site_pages(site) if pages is None else pages:
            url = base + path
            start, remote_start = len(log), len(remote)
            name, spec = by_path.get(path, (None, Page(path, 0)))
            dom = chromium(binary, url, via, "--dump-dom")
            found, page_links, page_notes = layout_findings(dom.stdout, path)
            found += [Finding(path, "maths", "page", p) for p in dom_problems(dom.stdout, spec)]
            stderr = dom.stderr
            size = None
            if shots is not None and name is not None:
                raw_png = Path(tmp) / f"{name}.png"
                shot = chromium(binary, url, via, f"--screenshot={raw_png}")
                stderr += shot.stderr
                if not raw_png.is_file():
                    found.append(Finding(path, "screenshot", "page", shot.stderr[-300:]))
                else:
                    size = compress_png(raw_png, shots / f"{name}.png")
                    if size > MAX_PNG_BYTES:
                        found.append(
                            Finding(
                                path, "screenshot", f"{name}.png", f"{size} bytes > {MAX_PNG_BYTES}"
                            )
                        )
            found += [
                Finding(path, "network", p, f"HTTP {code}")
                for p, code in log[start:]
                if code not in (200, 304)
            ]  # 304: the check script's fetch of an image
            found += [
                Finding(path, "network", req, "request to another host")
                for req, _ in remote[remote_start:]
            ]
            found += [
                Finding(path, "script", "chromium log", m)
                for m in sorted(set(_FAILED_LOAD.findall(stderr)))
            ]
            links += [(path, *link) for link in page_links]
            notes += [f"{path or '/'}: {n}" for n in page_notes]
            if verbose:
                kinds = Counter(f.kind for f in found)
                print(
                    f"{path or '/':44s} {dom.stdout.count('<mjx-container'):4d} formulas"
                    + (f"  {size // 1000} kB shot" if size else "")
                    + "  "
                    + (", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or "ok"),
                    flush=True,
                )
            findings += found
    ids: dict[str, set[str] | None] = {}
    for page, target, frag, element in links:
        if target not in ids:
            ids[target] = page_ids(site, target)
        if ids[target] is not None and frag not in ids[target]:
            findings.append(
                Finding(
                    page,
                    "broken-anchor",
                    element,
                    f"links to {target}#{frag}, which that page does not have",
                )
            )
    return findings, notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument(
        "--pages",
        nargs="+",
        metavar="GLOB",
        help="only these pages (site paths, fnmatch: 'notebooks/*', "
        "'problems/oef', '/' for the home page)",
    )
    parser.add_argument(
        "--all",
        "--no-shots",
        dest="no_shots",
        action="store_true",
        help="no screenshots, only the checks",
    )
    parser.add_argument("--counts", type=Path, help="write the counts per kind (JSON) here")
    args = parser.parse_args(argv)
    if not shutil.which(args.chromium):
        parser.error(f"--chromium: no browser {args.chromium!r} (Debian package: chromium)")
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dlsched-site-") as tmp:
        site = (args.site or build_site(Path(tmp) / "site")).resolve()
        pages = site_pages(site, args.pages)
        if not pages:
            parser.error(f"--pages: no page of {site} matches {args.pages}")
        findings, notes = check_site(
            site, args.chromium, pages, None if args.no_shots else args.out
        )
    seconds = time.perf_counter() - t0
    for n in notes:
        print("NOTE", n)
    for f in findings:
        print("PROBLEM", f.line())
    counts = Counter(f.kind for f in findings)
    order = [*LAYOUT_KINDS, *sorted(set(counts) - set(LAYOUT_KINDS))]
    print(
        f"{len(pages)} pages in {seconds:.0f} s: "
        + ", ".join(f"{counts.get(k, 0)} {k}" for k in order)
        + f"; {len(notes)} sideways-scrolling tables (notes)"
    )
    if args.counts:
        args.counts.write_text(
            json.dumps(
                {
                    "pages": len(pages),
                    "seconds": round(seconds, 1),
                    "notes": len(notes),
                    "counts": {k: counts.get(k, 0) for k in order},
                },
                indent=1,
            )
            + "\n"
        )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
