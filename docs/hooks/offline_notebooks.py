"""mkdocs hook: notebook pages load no script from a CDN; their maths uses the vendored MathJax.

mkdocs-jupyter renders each notebook through nbconvert's "lab" template, which adds to the page
a MathJax 2 loader (``<script src="{custom_mathjax_url}">`` plus a ``text/x-mathjax-config``
block) and a module script that imports mermaid from cdnjs when the notebook has a mermaid
diagram. The site typesets the notebooks' ``$...$`` with the vendored MathJax 3 of every page
(docs/javascripts/mathjax.js), so this hook removes those three blocks. A notebook that really
contains a mermaid diagram fails the (strict) build instead of silently needing the network.
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
