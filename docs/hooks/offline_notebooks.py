"""mkdocs hook: notebook pages load no script from a CDN, their maths uses the vendored MathJax,
and their table of contents links to the headings' real anchors.

mkdocs-jupyter renders each notebook through nbconvert's "lab" template, which adds to the page
a MathJax 2 loader (``<script src="{custom_mathjax_url}">`` plus a ``text/x-mathjax-config``
block) and a module script that imports mermaid from cdnjs when the notebook has a mermaid
diagram. The site typesets the notebooks' ``$...$`` with the vendored MathJax 3 of every page
(docs/javascripts/mathjax.js), so this hook removes those three blocks. A notebook that really
contains a mermaid diagram fails the (strict) build instead of silently needing the network.

mkdocs-jupyter builds a notebook's table of contents with its own slugs, which drop inline code
("The worked example, `fixed_workers=True` ..." -> ``#the-worked-example-the-papers-...``) while
nbconvert's heading ids keep it, so such an entry pointed nowhere. The headings and the entries
come in the same order: each entry takes its heading's id (a count mismatch fails the build).
"""

from __future__ import annotations

import logging
import re

log = logging.getLogger("mkdocs.hooks.offline_notebooks")

_BLOCKS = (
    # the MathJax 2 loader (src is custom_mathjax_url, empty here) and its comment
    re.compile(r'(?:<!-- Load mathjax -->\s*)?<script src="[^"]*">\s*</script>\s*'
               r"(?=<!-- MathJax configuration -->)"),
    # the MathJax 2 configuration block (MathJax.Hub does not exist in MathJax 3)
    re.compile(r"(?:<!-- MathJax configuration -->\s*)?<script type=\"text/x-mathjax-config\">"
               r".*?</script>\s*(?:<!-- End of mathjax configuration -->)?", re.DOTALL),
    # the mermaid loader (imports from a CDN)
    re.compile(r'<script type="module">(?:(?!</script>).)*?mermaid(?:(?!</script>).)*</script>'
               r"(?:\s*<!-- End of mermaid configuration -->)?",
               re.DOTALL),
)


_HEADING_ID = re.compile(r"<h[1-6][^>]*?\sid=\"([^\"]+)\"")


def _flat(items: list) -> list:
    """The entries of a table of contents, depth first (document order)."""
    return [x for item in items for x in (item, *_flat(item.children))]


def align_toc(html: str, toc: list) -> int:
    """Give each table-of-contents entry of a notebook page the id of its heading in ``html``
    (same order); return how many entries changed. A count mismatch changes nothing."""
    ids = _HEADING_ID.findall(html)
    entries = _flat(list(toc))
    if len(ids) != len(entries):
        return -1
    changed = 0
    for entry, real in zip(entries, ids, strict=True):
        if entry.id != real:
            entry.id = real
            changed += 1
    return changed


def strip_cdn_blocks(html: str) -> str:
    """Return ``html`` without nbconvert's MathJax 2 and mermaid loader blocks."""
    for pattern in _BLOCKS:
        html = pattern.sub("", html)
    return html


def on_post_page(output: str, page, config) -> str:
    """Strip the CDN loaders from pages rendered from notebooks."""
    if not page.file.src_uri.endswith(".ipynb"):
        return output
    if 'class="jp-Mermaid' in output:
        log.warning("%s: notebook has a mermaid diagram, whose renderer is not vendored",
                    page.file.src_uri)
    return strip_cdn_blocks(output)


def on_page_content(html: str, page, config, files) -> str:
    """Point a notebook page's table of contents at its headings' ids."""
    if page.file.src_uri.endswith(".ipynb") and align_toc(html, page.toc) < 0:
        log.warning("%s: %d headings but %d table-of-contents entries: anchors not aligned",
                    page.file.src_uri, len(_HEADING_ID.findall(html)), len(_flat(list(page.toc))))
    return html
