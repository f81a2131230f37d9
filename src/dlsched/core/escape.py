"""Escaping of untrusted strings (instance, suite, method and group names) per output format.

One function per format; each takes any value, turns it into ``str`` and returns text that the
format shows literally:

* ``markdown`` - a table cell or inline text of report.md: HTML-significant ``& < >`` become
  entities (a ``<script>`` label stays text in every renderer); the characters that make
  structure (table cells ``|``, code spans `````, links and images ``[ ]``, escapes ``\\``) get a
  backslash, and so does a leading ``#`` (heading); line breaks and other control characters
  become spaces (a name cannot end a table row or start a block). Emphasis characters
  (``* _ ~``) are left alone: they change no structure and keep names like ``picked_min``
  readable in the raw file;
* ``html`` - HTML text or attribute values (``& < > " '``);
* ``latex`` - LaTeX text: the ten specials ``\\ & % $ # _ { } ~ ^``, the backslash as
  ``\\textbackslash{}`` (``\\write18{...}`` arrives as text, not as a command), and ``< > |``
  (which the default font encoding would print as other glyphs);
* ``mathtext`` - matplotlib text (titles, legends, tick labels; the SVG/PDF/PNG plots):
  ``$`` is escaped so ``$...$`` is not parsed as math; ``MPL_RC`` turns ``usetex`` off;
* ``csv_cell`` - a CSV cell (quoting is the ``csv`` module's): a string starting with
  ``= + - @``, tab or carriage return gets a leading apostrophe, the usual defence against
  formula injection (a spreadsheet shows it as text). Numbers are left alone, so negative
  values stay numbers; the apostrophe is visible to pandas, a price paid only by such names.
"""

from __future__ import annotations

import re
from typing import Any

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_MD_SPECIAL = re.compile(r"([\\`\[\]|])")
_TEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
        "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
        "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
#: matplotlib settings under which ``mathtext`` output is literal text.
MPL_RC = {"text.usetex": False}
#: Leading characters a spreadsheet would read as a formula.
CSV_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _plain(value: Any) -> str:
    """``str(value)`` with line breaks and other control characters as spaces."""
    return _CONTROL.sub(" ", str(value))


def markdown(value: Any) -> str:
    """``value`` as literal Markdown text (table cell, heading or list item)."""
    text = _plain(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return "\\" + text if text.startswith("#") else text


def html(value: Any) -> str:
    """``value`` as literal HTML text or attribute value."""
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;")


def latex(value: Any) -> str:
    """``value`` as literal LaTeX text."""
    return "".join(_TEX.get(c, c) for c in _plain(value))


def mathtext(value: Any) -> str:
    """``value`` as literal matplotlib text (no mathtext: every ``$`` escaped)."""
    return str(value).replace("$", r"\$")


def csv_cell(value: Any) -> Any:
    """``value`` for a CSV cell: non-strings unchanged, formula-like strings defused."""
    if isinstance(value, str) and value.startswith(CSV_FORMULA_START):
        return "'" + value
    return value
