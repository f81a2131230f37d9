"""mkdocs hook: links inside included repository files resolve on the site as in the repository.

Pages include repository files verbatim (``--8<-- "models/oef.md"``: the formulation cards,
``benchmarks/README.md``). Those files link to the formulation notes relative to *their own*
folder (``../docs/specs/oef.md#s2``), which is right when the file is read in the repository but
not from the page that includes it. This hook expands such whole-line includes of Markdown files
itself, rewriting every relative link that points into ``docs/`` so that it is relative to the
including page; other includes are left to pymdownx.snippets.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

_INCLUDE = re.compile(r'^--8<-- "([^"]+\.md)"[ \t]*$', re.MULTILINE)
_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|#|/)([^)\s#]+)(#[^)\s]*)?\)")


def _rebase(text: str, src: str, page: str) -> str:
    """Rewrite the links of ``src`` (repo path) into docs/ relative to ``page`` (docs path)."""
    def sub(m: re.Match[str]) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(src), m.group(1)))
        if not target.startswith("docs/"):
            return m.group(0)
        rel = posixpath.relpath(target[len("docs/"):], posixpath.dirname(page) or ".")
        return f"]({rel}{m.group(2) or ''})"
    return _LINK.sub(sub, text)


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Expand whole-line includes of repository Markdown files, rebasing their docs/ links."""
    root = Path(config["config_file_path"]).parent

    def expand(m: re.Match[str]) -> str:
        path = root / m.group(1)
        if not path.is_file():
            return m.group(0)  # let pymdownx.snippets report it (check_paths)
        return _rebase(path.read_text(encoding="utf-8"), m.group(1), page.file.src_uri)
    return _INCLUDE.sub(expand, markdown)
