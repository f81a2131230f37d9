"""NumPy-style docstrings read back: the one source of ``dlsched params`` and the docs' tables.

The parameter entries follow the project's convention (docs/reference/methods.md)::

    Parameters
    ----------
    rounds : int, default 10
        Improvement rounds after the greedy start. Unit: rounds. Range: 0..1000.

``parse`` splits a docstring into its sections and its parameter entries (type, default text,
one-line meaning = the first sentence, ``Unit:``, ``Range:``); ``describe`` lists every keyword
parameter of a method or generator -- following ``**params`` to the functions they reach
(``dlsched.core.inputs.FORWARDS``) -- with the range the input boundary really enforces
(``dlsched.core.limits``) merged with the documented one. Standard library only (griffe, which
mkdocstrings uses to render the same text, is a docs-only dependency).

Examples
--------
>>> from dlsched.core import ALGORITHMS
>>> params, passes_on = describe(ALGORITHMS.get("max-min").run)
>>> params, passes_on
([], False)
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import inputs, limits

#: section titles recognised (NumPy's; "Yields" stands in for "Returns" in a generator)
SECTIONS = ("Parameters", "Other Parameters", "Returns", "Yields", "Raises", "Warns",
            "See Also", "Notes", "References", "Examples", "Attributes", "Methods")

_UNDERLINE = re.compile(r"^\s*-{3,}\s*$")
_ENTRY = re.compile(r"^(?P<names>\*{0,2}[A-Za-z_][\w]*(?:\s*,\s*\*{0,2}[A-Za-z_]\w*)*)"
                    r"\s*(?::\s*(?P<type>.*))?$")
_DEFAULT = re.compile(r"^(?P<type>.*?)\s*,?\s*\bdefault(?:\s*[:=]\s*|\s+)(?P<default>.+)$")
_OPTIONAL = re.compile(r"^(?P<type>.*?)\s*,\s*optional\s*$")
_UNIT = re.compile(r"\bUnit:\s*(?P<v>.+?)\.(?=\s|$)")
_RANGE = re.compile(r"\bRange:\s*(?P<v>.+?)\.(?=\s|$)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(\[*\"'])")


@dataclass(frozen=True)
class ParamDoc:
    """One entry of a Parameters section.

    Parameters
    ----------
    name : str
        The parameter's name.
    type : str
        The declared type text (before ``, default``), ``""`` when none is given.
    default : str or None
        The text after ``default``; ``None`` when the entry names no default.
    meaning : str
        The first sentence of the description, without the ``Unit:`` / ``Range:`` notes.
    unit : str or None
        The text of ``Unit: ...``.
    range : str or None
        The text of ``Range: ...``.
    description : str
        The whole description on one line.

    Examples
    --------
    >>> ParamDoc("n", "int", "4", "Jobs.", None, None, "Jobs.").meaning
    'Jobs.'
    """

    name: str
    type: str
    default: str | None
    meaning: str
    unit: str | None
    range: str | None
    description: str


@dataclass(frozen=True)
class Docstring:
    """A parsed docstring.

    Parameters
    ----------
    summary : str
        The first paragraph on one line.
    sections : dict of str to str
        Section title -> its raw text (dedented, without the underline).
    params : dict of str to ParamDoc
        The entries of the Parameters and Other Parameters sections, by name.

    Examples
    --------
    >>> parse("Sum.\\n\\nReturns\\n-------\\nint\\n    The sum.\\n").has("Returns")
    True
    """

    summary: str
    sections: dict[str, str] = field(default_factory=dict)
    params: dict[str, ParamDoc] = field(default_factory=dict)

    def has(self, section: str) -> bool:
        """Whether the docstring has ``section``.

        Parameters
        ----------
        section : str
            A section title, e.g. ``"Examples"``; ``"Returns"`` also accepts ``"Yields"``.

        Returns
        -------
        bool
            True when the section is present and not empty.

        Examples
        --------
        >>> parse("Gen.\\n\\nYields\\n------\\nint\\n    Numbers.").has("Returns")
        True
        """
        names = ("Returns", "Yields") if section == "Returns" else (section,)
        return any(self.sections.get(n, "").strip() for n in names)


def _one_line(lines: list[str]) -> str:
    return " ".join(" ".join(line.split()) for line in lines if line.strip()).strip()


def _split_sections(lines: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The lines before the first section, and each section's lines (title -> lines)."""
    head: list[str] = []
    sections: dict[str, list[str]] = {}
    current: list[str] = head
    i = 0
    while i < len(lines):
        title = lines[i].strip()
        if (i + 1 < len(lines) and title in SECTIONS and _UNDERLINE.match(lines[i + 1])
                and not lines[i].startswith((" ", "\t"))):
            current = sections.setdefault(title, [])
            i += 2
            continue
        current.append(lines[i])
        i += 1
    return head, sections


def _entry(names: str, type_text: str | None, body: list[str]) -> list[ParamDoc]:
    type_text = (type_text or "").strip()
    default = None
    m = _DEFAULT.match(type_text)
    if m:
        type_text, default = m.group("type").strip().rstrip(","), m.group("default").strip()
    else:
        m = _OPTIONAL.match(type_text)
        if m:
            type_text = m.group("type").strip()
    description = _one_line(body)
    unit = _UNIT.search(description)
    rng = _RANGE.search(description)
    rest = _RANGE.sub("", _UNIT.sub("", description)).strip()
    meaning = _SENTENCE_END.split(rest, maxsplit=1)[0].strip() if rest else ""
    return [ParamDoc(name.strip().lstrip("*"), type_text, default, meaning,
                     unit.group("v").strip() if unit else None,
                     rng.group("v").strip() if rng else None, description)
            for name in names.split(",")]


def _params(lines: list[str]) -> dict[str, ParamDoc]:
    """The entries of a Parameters section: unindented ``name : type`` lines, each followed by
    its indented description."""
    out: dict[str, ParamDoc] = {}
    current: tuple[str, str | None] | None = None
    body: list[str] = []

    def flush() -> None:
        if current is not None:
            for doc in _entry(current[0], current[1], body):
                out[doc.name] = doc

    for line in lines:
        if line.strip() and not line.startswith((" ", "\t")):
            m = _ENTRY.match(line.strip())
            if m:
                flush()
                current, body = (m.group("names"), m.group("type")), []
                continue
        body.append(line)
    flush()
    return out


def parse(doc: str | None) -> Docstring:
    """Parse a NumPy-style docstring.

    Parameters
    ----------
    doc : str or None
        The docstring (raw ``__doc__`` or already cleaned); ``None`` reads as empty.

    Returns
    -------
    Docstring
        The summary, the sections present and the parameter entries.

    Examples
    --------
    >>> d = parse('''Run it.
    ...
    ... Parameters
    ... ----------
    ... rounds : int, default 10
    ...     Improvement rounds. More is slower. Unit: rounds. Range: 0..1000.
    ... ''')
    >>> p = d.params["rounds"]
    >>> (p.type, p.default, p.meaning, p.unit, p.range)
    ('int', '10', 'Improvement rounds.', 'rounds', '0..1000')
    """
    lines = inspect.cleandoc(doc or "").splitlines()
    head, sections = _split_sections(lines)
    summary_lines: list[str] = []
    for line in head:
        if not line.strip() and summary_lines:
            break
        summary_lines.append(line)
    params: dict[str, ParamDoc] = {}
    for title in ("Parameters", "Other Parameters"):
        params.update(_params(sections.get(title, [])))
    return Docstring(_one_line(summary_lines),
                     {k: "\n".join(v).strip("\n") for k, v in sections.items()}, params)


# --- ranges ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Interval:
    """A numeric range; integral ranges print as ``a..b``, others as ``[a, b]``.

    Parameters
    ----------
    low, high : float
        The ends (``math.inf`` for none).
    low_open, high_open : bool, default False
        Whether an end is excluded.
    integer : bool, default False
        Whether only integers are meant.

    Examples
    --------
    >>> str(Interval(0, 1, low_open=True))
    '(0, 1]'
    >>> str(Interval(1, 1000, integer=True))
    '1..1000'
    """

    low: float
    high: float
    low_open: bool = False
    high_open: bool = False
    integer: bool = False

    def __str__(self) -> str:
        if self.integer:
            return f"{_num(self.low)}..{_num(self.high)}"
        return (f"{'(' if self.low_open else '['}{_num(self.low)}, {_num(self.high)}"
                f"{')' if self.high_open else ']'}")

    def within(self, other: Interval) -> bool:
        """Whether every value of this interval lies in ``other``.

        Parameters
        ----------
        other : Interval
            The enclosing candidate.

        Returns
        -------
        bool
            True when ``self`` is a subset of ``other``.

        Examples
        --------
        >>> Interval(1, 10).within(Interval(0, 100))
        True
        """
        lo_ok = self.low > other.low or (self.low == other.low
                                           and (self.low_open or not other.low_open))
        hi_ok = self.high < other.high or (self.high == other.high
                                             and (self.high_open or not other.high_open))
        return lo_ok and hi_ok

    def meet(self, other: Interval) -> Interval:
        """The intersection of two intervals (integral when either is).

        Parameters
        ----------
        other : Interval
            The other range.

        Returns
        -------
        Interval
            The values in both.

        Examples
        --------
        >>> str(Interval(0, 10**6, integer=True).meet(Interval(1, 1000)))
        '1..1000'
        """
        lo, lo_open = max((self.low, self.low_open), (other.low, other.low_open))
        hi, hi_open = min((self.high, not self.high_open), (other.high, not other.high_open))
        return Interval(lo, hi, lo_open, not hi_open, self.integer or other.integer)


def _num(x: float) -> str:
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return str(int(x)) if x == int(x) and abs(x) < 1e10 else f"{x:g}"


_DOTS = re.compile(r"^\s*(?P<lo>[-+\w.^*]+?)\s*\.\.\s*(?P<hi>[-+\w.^*]+)\s*$")
_BRACKETS = re.compile(r"^\s*(?P<l>[\[(])\s*(?P<lo>[^,]+?)\s*,\s*(?P<hi>[^,]+?)\s*(?P<r>[\])])\s*$")


def _value(text: str) -> float:
    text = text.strip().replace("^", "**")
    if text.lower() in ("inf", "+inf", "infinity"):
        return math.inf
    if text.lower() in ("-inf", "-infinity"):
        return -math.inf
    m = re.fullmatch(r"(\d+)\*\*(\d+)", text)
    return float(int(m.group(1)) ** int(m.group(2))) if m else float(text)


def parse_range(text: str | None) -> Interval | None:
    """Read a documented range: ``1..1000`` (integers), ``[0, 1]``, ``(0, 1]``, ``[1, inf)``.

    Parameters
    ----------
    text : str or None
        The text after ``Range:``.

    Returns
    -------
    Interval or None
        The range, or ``None`` when the text is not one of those forms.

    Examples
    --------
    >>> str(parse_range("(0, 1]"))
    '(0, 1]'
    >>> parse_range("positive") is None
    True
    """
    if not text:
        return None
    try:
        m = _DOTS.match(text)
        if m:
            return Interval(_value(m.group("lo")), _value(m.group("hi")), integer=True)
        m = _BRACKETS.match(text)
        if m:
            return Interval(_value(m.group("lo")), _value(m.group("hi")),
                            m.group("l") == "(", m.group("r") == ")")
    except (ValueError, OverflowError):
        return None
    return None


# --- parameters of a method --------------------------------------------------------------------
@dataclass(frozen=True)
class ParamInfo:
    """What ``dlsched params`` and the methods page show for one parameter.

    Parameters
    ----------
    name : str
        The keyword.
    type : str
        The documented type, else the annotation's text.
    default : str
        The signature's default (``repr``), ``"required"`` when there is none.
    range : str
        The accepted values: the enforced range merged with the documented one, the
        ``Literal`` choices, or ``""`` for non-numeric parameters.
    unit : str
        The documented unit (``""`` when undocumented).
    meaning : str
        The documented one-line meaning (``""`` when undocumented).
    source : str
        ``module:qualname`` of the function whose docstring and signature define it.
    enforced : str
        The range the input boundary enforces (``""`` for non-numeric parameters).
    documented_range : str
        The docstring's ``Range:`` text (``""`` when none).
    numeric : bool
        Whether the parameter takes numbers (and so needs a unit).
    documented : bool
        Whether the defining docstring has an entry for it.

    Examples
    --------
    >>> info = describe(lambda inst, rounds=3: None)[0][0]
    >>> (info.name, info.default, info.range)
    ('rounds', '3', '0..1000000')
    """

    name: str
    type: str
    default: str
    range: str
    unit: str
    meaning: str
    source: str
    enforced: str = ""
    documented_range: str = ""
    numeric: bool = False
    documented: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (``dlsched params --json``).

        Returns
        -------
        dict
            Field name -> value.

        Examples
        --------
        >>> sorted(describe(lambda inst, k=1: None)[0][0].to_dict())[:3]
        ['default', 'documented', 'documented_range']
        """
        return dict(self.__dict__)


def _enforced(kinds: set[str] | None, rng: tuple[float, float] | None) -> Interval | None:
    """The range ``inputs.check_param`` applies to a number (``None``: not a number)."""
    if kinds is None:
        if rng is None:
            return None
        return Interval(rng[0], rng[1])
    if "float" in kinds:
        low, high = rng or (0, limits.MAX_MAGNITUDE)
        return Interval(low, high)
    if "int" in kinds:
        low, high = rng or (0, limits.MAX_PARAM_INT)
        return Interval(low, high, integer=True)
    return None


def describe(fn: Callable[..., Any], *, takes_instance: bool = True,
             ranges_key: str | None = None) -> tuple[list[ParamInfo], bool]:
    """Every keyword parameter of a method or generator, from docstrings and signatures.

    ``**params`` are followed to the functions they reach (``dlsched.core.inputs.FORWARDS``);
    each parameter is documented by the docstring of the function that declares it, or else by
    the method's own docstring (a method may document the keywords it passes on).

    Parameters
    ----------
    fn : callable
        A registered method's ``run`` (the instance first) or a generator.
    takes_instance : bool, default True
        Whether the first parameter is the instance (skipped).
    ranges_key : str or None, default None
        ``"PROBLEM/METHOD"`` or ``"PROBLEM/generate"``: the key of
        ``dlsched.core.limits.PARAM_RANGES``.

    Returns
    -------
    tuple of (list of ParamInfo, bool)
        The parameters in signature order, and whether ``fn`` still passes unknown keywords on
        (an open ``**params`` no ``FORWARDS`` row follows).

    Examples
    --------
    >>> def f(inst, *, rounds: int = 10):
    ...     '''Run.
    ...
    ...     Parameters
    ...     ----------
    ...     rounds : int, default 10
    ...         Improvement rounds. Unit: rounds. Range: 1..1000.
    ...     '''
    >>> info = describe(f)[0][0]
    >>> (info.type, info.default, info.range, info.enforced, info.unit, info.meaning)
    ('int', '10', '1..1000', '0..1000000', 'rounds', 'Improvement rounds.')
    """
    ranges = {**limits.PARAM_RANGES["*"], **limits.PARAM_RANGES.get(ranges_key or "", {})}
    walked, open_ = inputs.walk_params(fn, takes_instance)
    docs: dict[Callable[..., Any], Docstring] = {}
    out: list[ParamInfo] = []
    for name, (par, namespace, source) in walked.items():
        if source not in docs:
            docs[source] = parse(inspect.getdoc(source))
        entry = docs[source].params.get(name)
        if entry is None and source is not fn:  # a method may document what it passes on
            if fn not in docs:
                docs[fn] = parse(inspect.getdoc(fn))
            entry = docs[fn].params.get(name)
        kinds, choices = inputs.spec(par, namespace)
        enforced = _enforced(kinds, ranges.get(name))
        documented = parse_range(entry.range) if entry else None
        if choices:
            shown = "one of: " + ", ".join(choices)
        elif enforced is not None and documented is not None:
            shown = str(enforced.meet(documented))
        elif enforced is not None:
            shown = str(enforced)
        else:
            shown = entry.range if entry and entry.range else ""
        annotation = inputs.annotation_text(par.annotation, namespace)
        out.append(ParamInfo(
            name=name,
            type=(entry.type if entry and entry.type else annotation),
            default="required" if par.default is par.empty else repr(par.default),
            range=shown,
            unit=(entry.unit or "") if entry else "",
            meaning=entry.meaning if entry else "",
            source=f"{getattr(source, '__module__', '')}:{getattr(source, '__qualname__', '')}",
            enforced=str(enforced) if enforced is not None else "",
            documented_range=(entry.range or "") if entry else "",
            numeric=enforced is not None and not choices,
            documented=entry is not None,
        ))
    return out, open_


__all__ = ["Docstring", "Interval", "ParamDoc", "ParamInfo", "describe", "parse", "parse_range"]
