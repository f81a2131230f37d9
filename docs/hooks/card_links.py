"""mkdocs hook: make the formulation cards' links to the notes work on the site too.

The cards ``models/<problem>.md`` link to the notes with paths relative to ``models/``
(``../docs/specs/<problem>.md#s2.4``), which is right when the card is read in the repository. The
site includes each card verbatim into ``docs/problems/<problem>.md`` (pymdownx.snippets), where the
same notes page is ``../specs/<problem>.md``; this hook rewrites the prefix in the page's Markdown.
"""

from __future__ import annotations

import re

_CARD_LINK = re.compile(r"\]\(\.\./docs/specs/")


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ARG001 (mkdocs API)
    """Rewrite ``](../docs/specs/`` to ``](../specs/`` on the problem pages."""
    if not page.file.src_uri.startswith("problems/"):
        return markdown
    return _CARD_LINK.sub("](../specs/", markdown)
