"""Screenshots of the docs site in headless Chromium, served on localhost with the network cut.

Builds the site (or takes a built one), serves it with ``http.server`` in a thread on 127.0.0.1,
and opens a few pages in headless Chromium (Debian package ``chromium``) whose host resolver
refuses every name but the loopback address: a page that needs the network shows it here. For
each page it writes a screenshot (``docs/screenshots/<name>.png``, palette PNG, small enough to
commit) and checks the page after its scripts ran (``--dump-dom``):

- maths typeset: at least the expected number of MathJax ``<mjx-container>`` elements, no
  MathJax error node, no ``\\(`` left in an arithmatex element, no ``$...$`` left in a notebook
  markdown cell;
- every request the page made to the server answered 200, none went to another host (Chromium
  is given a proxy on 127.0.0.1 that records and refuses every request), and Chromium logged no
  uncaught script error.

Usage::

    python scripts/screenshots.py                    # build the site, shoot, check
    python scripts/screenshots.py --site site        # use an existing build
    python scripts/screenshots.py --out /tmp/shots   # somewhere else than docs/screenshots
    python scripts/screenshots.py --all              # the checks on every page, no screenshots

Exit status 1 when a check fails (the problems are listed); the PNGs are written anyway so they
can be looked at.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
MAX_PNG_BYTES = 400_000


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

CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--window-size=1280,2000", "--virtual-time-budget=10000",
    # the browser's own traffic (sign-in, search preconnect, autofill, time and optimisation
    # services) off, so that every request the proxy records comes from the page
    "--disable-features=AutofillServerCommunication,OptimizationHints,OptimizationHintsFetching,"
    "OptimizationGuideModelDownloading,MediaRouter,Translate,NetworkTimeServiceQuerying,"
    "PreconnectToSearch,NetworkPrediction",
    "--disable-client-side-phishing-detection", "--disable-default-apps",
    "--disable-domain-reliability", "--no-pings", "--disable-field-trial-config",
    "--gaia-url=http://127.0.0.1:9", "--google-base-url=http://127.0.0.1:9",
    # the network cut: no name resolves except the loopback address the site is served on (and
    # every request to another host goes to the recording proxy of ``shoot``, which refuses it)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--enable-logging=stderr", "--v=0",
)
# Chromium's own services that the flags above do not all silence (GCM, sign-in, search,
# autofill, network time, updates): a request to these is the browser's, not the page's
BROWSER_HOSTS = frozenset({
    "android.clients.google.com", "accounts.google.com", "www.google.com", "clients2.google.com",
    "content-autofill.googleapis.com", "update.googleapis.com", "clientservices.googleapis.com",
})
# Chromium's log lines that mean a resource did not arrive or a script failed
_FAILED_LOAD = re.compile(r"net::ERR_\w+|Failed to load resource|Uncaught \w*Error.*")
_RAW_ARITHMATEX = re.compile(r'class="arithmatex">\s*\\[(\[]')
_NOTEBOOK_CELL = re.compile(r'class="[^"]*jp-RenderedMarkdown[^"]*"[^>]*>(.*?)</div>', re.DOTALL)
_RAW_DOLLAR = re.compile(r"\$[^$<>\s][^$<>]*\$")


def build_site(dest: Path) -> Path:
    """``mkdocs build --strict`` into ``dest`` (run from a scratch folder, like the tests)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1",
               PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]))
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                    "-f", str(ROOT / "mkdocs.yml"), "-d", str(dest)],
                   cwd=dest.parent, env=env, check=True, timeout=600)
    return dest


class _Handler(SimpleHTTPRequestHandler):
    """Static files from the site; each request's (path, status) goes to ``server.log``."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
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
    handler = (functools.partial(_Handler, directory=str(root)) if root is not None
               else _RefusingProxy)
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
        return subprocess.run([binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *extra,
                               url], capture_output=True, text=True, timeout=180)


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
    raw_cells = [m for cell in _NOTEBOOK_CELL.findall(dom) for m in _RAW_DOLLAR.findall(cell)]
    if raw_cells:
        problems.append(f"raw $...$ left in notebook cells, e.g. {raw_cells[0]!r}")
    return problems


def shoot(site: Path, out: Path, binary: str) -> list[str]:
    """Screenshot and check every page of ``PAGES``; return the problems found."""
    problems: list[str] = []
    out.mkdir(parents=True, exist_ok=True)
    with serve(site) as (base, log), serve() as (proxy, remote), \
            tempfile.TemporaryDirectory() as tmp:
        for name, page in PAGES.items():
            url = base + page.path
            start, remote_start = len(log), len(remote)
            via = f"--proxy-server={proxy.rstrip('/')}"
            raw_png = Path(tmp) / f"{name}.png"
            shot = chromium(binary, url, via, f"--screenshot={raw_png}")
            if not raw_png.is_file():
                problems.append(f"{name}: no screenshot ({shot.stderr[-500:]})")
                continue
            size = compress_png(raw_png, out / f"{name}.png")
            dom = chromium(binary, url, via, "--dump-dom")
            found = [f"{name}: {p}" for p in dom_problems(dom.stdout, page)]
            found += [f"{name}: HTTP {code} for {path}" for path, code in log[start:]
                      if code != 200]
            found += [f"{name}: remote request {req}" for req, _ in remote[remote_start:]]
            found += sorted({f"{name}: chromium: {m}" for m in
                             _FAILED_LOAD.findall(shot.stderr + dom.stderr)})
            if size > MAX_PNG_BYTES:
                found.append(f"{name}: PNG of {size} bytes > {MAX_PNG_BYTES}")
            print(f"{name:14s} {url}  {dom.stdout.count('<mjx-container'):4d} formulas  "
                  f"{len(log) - start:3d} local / {len(remote) - remote_start} remote requests  "
                  f"{size // 1000} kB  "
                  f"{'ok' if not found else 'PROBLEMS'}")
            problems += found
    return problems


def check_all(site: Path, binary: str) -> list[str]:
    """The DOM and network checks of ``shoot`` on every page of ``site`` (no screenshot)."""
    problems: list[str] = []
    pages = sorted(p.parent.relative_to(site).as_posix() for p in site.rglob("index.html"))
    with serve(site) as (base, log), serve() as (proxy, remote):
        for path in pages:
            path = "" if path == "." else path + "/"
            start, remote_start = len(log), len(remote)
            dom = chromium(binary, base + path, f"--proxy-server={proxy.rstrip('/')}",
                           "--dump-dom")
            found = dom_problems(dom.stdout, Page(path, 0))
            found += [f"HTTP {code} for {p}" for p, code in log[start:] if code != 200]
            found += [f"remote request {req}" for req, _ in remote[remote_start:]]
            found += sorted(set(_FAILED_LOAD.findall(dom.stderr)))
            print(f"{path or '/':40s} {dom.stdout.count('<mjx-container'):4d} formulas  "
                  f"{'ok' if not found else 'PROBLEMS'}")
            problems += [f"{path or '/'}: {p}" for p in found]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--all", action="store_true",
                        help="check every page of the site instead (no screenshots; minutes)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="dlsched-site-") as tmp:
        site = (args.site or build_site(Path(tmp) / "site")).resolve()
        problems = (check_all(site, args.chromium) if args.all
                    else shoot(site, args.out, args.chromium))
    for p in problems:
        print("PROBLEM", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
