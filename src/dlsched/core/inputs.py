"""The input boundary: everything that enters dlsched from outside is parsed here.

Files (instances, results, ``.vbp``, suites) are read with a size bound and must be UTF-8; JSON
is checked for nesting depth and oversized integer literals *before* it is parsed, and NaN /
Infinity literals are refused. Command-line options, ``-p KEY=VALUE`` and API keywords are
checked for type and range (a method's own ``Param`` declarations included). Every refusal is
an ``InputError`` naming the field; the limits are in ``dlsched.core.limits``.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import json
import math
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

from . import limits
from .errors import InputError


# --- files -------------------------------------------------------------------------------------
def read_bytes(path: str | Path, limit: int | None = None) -> bytes:
    """At most ``limit`` bytes of the file ``path``.

    Reads ``limit + 1`` bytes at most, so an endless stream (``/dev/zero``) is refused at once; a
    FIFO without a writer reads as empty instead of blocking; directories are refused.

    Parameters
    ----------
    path : str or Path
        The file.
    limit : int or None, default None
        The largest size accepted (``None``: ``MAX_FILE_BYTES``, 64 MiB). Unit: bytes.

    Returns
    -------
    bytes
        The file's content.

    Raises
    ------
    InputError
        Missing, a directory, unreadable or larger than ``limit``.

    Examples
    --------
    >>> len(read_bytes("instances/oef/paper-eq6.json"))
    730
    >>> read_bytes("instances/oef/paper-eq6.json", limit=100)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: instances/oef/paper-eq6.json: file has 730 bytes > limit 100
    """
    limit = limits.MAX_FILE_BYTES if limit is None else limit
    field = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError(field, "file not found") from None
    except OSError as exc:
        raise InputError(field, f"cannot read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(field, "is a directory, not a file")
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise InputError(field, f"file has {info.st_size} bytes > limit {limit}")
        _blocking(fd)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputError(field, f"more than {limit} bytes (the input size limit)")
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(field, f"cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _blocking(fd: int) -> None:
    """Clear O_NONBLOCK (set only so that opening a FIFO cannot hang)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows has no O_NONBLOCK either
        return
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)


def decode(data: bytes, field: str) -> str:
    """UTF-8 text of ``data`` (a leading byte-order mark is dropped).

    Parameters
    ----------
    data : bytes
        The raw content.
    field : str
        The name errors give (a path or an option).

    Returns
    -------
    str
        The text.

    Raises
    ------
    InputError
        Not UTF-8 (the message names the byte offset).

    Examples
    --------
    >>> decode(b"ab", "f")
    'ab'
    >>> decode(bytes([97, 98, 255]), "f")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: f: not UTF-8: byte 0xff at offset 2
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(field, f"not UTF-8: byte 0x{data[exc.start]:02x} at offset "
                                f"{exc.start}") from None
    return text.removeprefix("\ufeff")


def read_text(path: str | Path, limit: int | None = None) -> str:
    """Bounded, UTF-8 text of the file ``path``.

    Parameters
    ----------
    path : str or Path
        The file.
    limit : int or None, default None
        The largest size accepted (``None``: ``MAX_FILE_BYTES``). Unit: bytes.

    Returns
    -------
    str
        The text.

    Raises
    ------
    InputError
        Unreadable, too large or not UTF-8.

    Examples
    --------
    >>> read_text("instances/oef/paper-eq6.json").split()[:2]
    ['{', '"problem":']
    """
    return decode(read_bytes(path, limit), str(path))


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = {ord(c): c for c in "[]{}"}
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_depth(text: str, field: str, max_depth: int | None = None) -> None:
    """Refuse JSON nested deeper than ``max_depth``, by counting brackets outside strings.

    The parser itself would recurse and fail with ``RecursionError``.

    Parameters
    ----------
    text : str
        JSON text.
    field : str
        The name errors give (a path or an option).
    max_depth : int or None, default None
        The deepest nesting accepted (``None``: ``MAX_DEPTH``, 64). Unit: levels.

    Raises
    ------
    InputError
        Nested deeper.

    Examples
    --------
    >>> check_depth("[[1]]", "f", max_depth=2)
    >>> check_depth("[[[1]]]", "f", max_depth=2)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: f: nesting depth 3 > limit 2
    """
    max_depth = limits.MAX_DEPTH if max_depth is None else max_depth
    if text.count("[") + text.count("{") <= max_depth:
        return
    brackets = "".join(c for c in _STRING.sub("", text) if c in "[]{}") if '"' in text else \
        "".join(c for c in text if c in "[]{}")
    depth = max(accumulate(_DELTA[c] for c in brackets), default=0)
    if depth > max_depth:
        raise InputError(field, f"nesting depth {depth} > limit {max_depth}")


class _Refused:
    """Stands in for a literal the parser refused, until its JSON path is known."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _hooks(found: list[_Refused]) -> dict[str, Callable[[str], Any]]:
    """``json.loads`` hooks that refuse oversized integers, out-of-range floats and NaN /
    Infinity, before ``int()`` or ``float()`` could fail or overflow."""

    def refuse(reason: str) -> _Refused:
        found.append(_Refused(reason))
        return found[-1]

    def parse_int(literal: str) -> Any:
        digits = len(literal.lstrip("-"))
        if digits > limits.MAX_INT_DIGITS:
            return refuse(f"integer literal with {digits} digits > limit {limits.MAX_INT_DIGITS}")
        return int(literal)

    def parse_float(literal: str) -> Any:
        value = float(literal)
        if not math.isfinite(value):
            return refuse(f"number {literal[:30]} is out of the float range")
        return value

    def parse_constant(literal: str) -> Any:
        return refuse(f"{literal} is not a number (NaN / Infinity are not JSON)")

    return {"parse_int": parse_int, "parse_float": parse_float,
            "parse_constant": parse_constant}


def _refused_path(node: Any, path: str = "") -> tuple[str, str] | None:
    """(JSON path, reason) of the first refused literal in ``node`` (iterative: no recursion)."""
    stack: list[tuple[Any, str]] = [(node, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, _Refused):
            return where or "<root>", item.reason
        if isinstance(item, dict):
            stack += [(v, f"{where}.{k}" if where else str(k)) for k, v in
                      reversed(list(item.items()))]
        elif isinstance(item, list):
            stack += [(v, f"{where}[{i}]") for i, v in reversed(list(enumerate(item)))]
    return None


def parse_json(text: str, field: str) -> Any:
    """JSON ``text`` through the boundary: depth, integer digits, NaN / Infinity refused.

    A refused literal is named by its JSON path (``users[0].speedup[1]``).

    Parameters
    ----------
    text : str
        The JSON document.
    field : str
        The name errors give (a path or an option).

    Returns
    -------
    object
        The parsed value.

    Raises
    ------
    InputError
        Empty, malformed, too deep, or a refused literal.

    Examples
    --------
    >>> parse_json('{"a": [1, 2]}', "f")
    {'a': [1, 2]}
    >>> parse_json('{"a": [1, NaN]}', "f")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: a[1]: NaN is not a number (NaN / Infinity are not JSON)
    """
    if not text.strip():
        raise InputError(field, "empty input (no JSON document)")
    check_depth(text, field)
    found: list[_Refused] = []
    try:
        data = json.loads(text, **_hooks(found))
    except json.JSONDecodeError as exc:
        raise InputError(field, f"malformed JSON at line {exc.lineno} col {exc.colno}: "
                                f"{exc.msg}") from None
    except RecursionError:  # pragma: no cover - check_depth runs first
        raise InputError(field, f"nesting deeper than {limits.MAX_DEPTH}") from None
    if found:
        where = _refused_path(data)
        raise InputError(*(where or (field, found[0].reason)))
    return data


def read_json(path: str | Path) -> Any:
    """Bounded, UTF-8, depth-checked JSON of the file ``path``.

    Parameters
    ----------
    path : str or Path
        The file.

    Returns
    -------
    object
        The parsed value.

    Raises
    ------
    InputError
        Unreadable, too large, not UTF-8 or not valid JSON.

    Examples
    --------
    >>> read_json("instances/oef/paper-eq6.json")["problem"]
    'oef'
    """
    return parse_json(read_text(path), str(path))


def check_env_dir(name: str) -> Path | None:
    """The directory named by environment variable ``name``.

    Parameters
    ----------
    name : str
        The variable (e.g. ``DLSCHED_DATA``).

    Returns
    -------
    Path or None
        The directory; ``None`` when the variable is unset or empty.

    Raises
    ------
    InputError
        The value is not an existing directory.

    Examples
    --------
    >>> check_env_dir("DLSCHED_NO_SUCH_VARIABLE") is None
    True
    """
    value = os.environ.get(name)
    if not value:
        return None
    if len(value) > 4096 or "\x00" in value:
        raise InputError(name, "not a usable path")
    path = Path(value)
    if not path.is_dir():
        raise InputError(name, f"{value!r} is not an existing directory")
    return path


# --- numbers -----------------------------------------------------------------------------------
def number(value: Any, field: str, low: float, high: float, *, integer: bool = False,
           low_open: bool = False, text: bool = False) -> Any:
    """``value`` checked to be a finite number within ``[low, high]``.

    Parameters
    ----------
    value : object
        A number, or its text when ``text`` (a command-line option).
    field : str
        The name errors give (a path or an option).
    low, high : float
        The accepted range (inclusive).
    integer : bool, default False
        Whether only integral values are accepted (and an int is returned).
    low_open : bool, default False
        Whether ``low`` itself is refused: ``(low, high]``.
    text : bool, default False
        Whether ``value`` may be text to parse.

    Returns
    -------
    int or float
        The value (an int when ``integer``).

    Raises
    ------
    InputError
        Not a number, not finite, not integral, or out of range.

    Examples
    --------
    >>> number("3", "--threads", 1, 8, integer=True, text=True)
    3
    >>> number(7, "n", 0, 5)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: n: 7 is outside [0, 5]
    """
    if isinstance(value, str) and text:
        text = value.strip()
        if integer and len(text.lstrip("+-")) > limits.MAX_INT_DIGITS:
            raise InputError(field, f"{len(text)} digits > limit {limits.MAX_INT_DIGITS}")
        try:
            value = int(text) if integer and re.fullmatch(r"[+-]?\d+", text) else float(text)
        except ValueError:
            kind = "an integer" if integer else "a number"
            raise InputError(field, f"expected {kind}, got {_show(value)}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        kind = "an integer" if integer else "a number"
        raise InputError(field, f"expected {kind}, got {_show(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InputError(field, f"must be a finite number, got {value}")
    if integer and value != int(value):
        raise InputError(field, f"expected an integer, got {value!r}")
    if value < low or value > high or (low_open and value == low):
        lo = "(" if low_open else "["
        raise InputError(field, f"{_show(value)} is outside {lo}{_num(low)}, {_num(high)}]")
    return int(value) if integer else value


def time_limit(value: Any, field: str = "time_limit", text: bool = False) -> float | None:
    """A time limit in ``(0, MAX_TIME_LIMIT]`` seconds, or ``None`` (no limit).

    Parameters
    ----------
    value : object
        The limit (or its text when ``text``), ``None`` for none. Unit: s.
    field : str, default "time_limit"
        The name errors give.
    text : bool, default False
        Whether ``value`` may be text to parse.

    Returns
    -------
    float or None
        The limit.

    Raises
    ------
    InputError
        Not a number or outside ``(0, 1e6]``.

    Examples
    --------
    >>> time_limit(30)
    30.0
    >>> time_limit(0)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: time_limit: 0 is outside (0, 1000000]
    """
    if value is None:
        return None
    return float(number(value, field, 0, limits.MAX_TIME_LIMIT, low_open=True, text=text))


def mip_gap(value: Any, field: str = "mip_gap", text: bool = False) -> float | None:
    """A relative MIP gap in ``[0, 1]``, or ``None`` (the solver's default).

    Parameters
    ----------
    value : object
        The gap (or its text when ``text``). Unit: dimensionless.
    field : str, default "mip_gap"
        The name errors give.
    text : bool, default False
        Whether ``value`` may be text to parse.

    Returns
    -------
    float or None
        The gap.

    Raises
    ------
    InputError
        Not a number or outside ``[0, 1]``.

    Examples
    --------
    >>> mip_gap("0.1", text=True)
    0.1
    """
    if value is None:
        return None
    return float(number(value, field, 0, 1, text=text))


def threads(value: Any, field: str = "threads", text: bool = False) -> int | None:
    """Solver threads in ``1..MAX_THREADS``, or ``None`` (the solver's default).

    Parameters
    ----------
    value : object
        The count (or its text when ``text``). Unit: threads.
    field : str, default "threads"
        The name errors give.
    text : bool, default False
        Whether ``value`` may be text to parse.

    Returns
    -------
    int or None
        The count.

    Raises
    ------
    InputError
        Not an integer or outside ``1..256``.

    Examples
    --------
    >>> threads(300)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: threads: 300 is outside [1, 256]
    """
    if value is None:
        return None
    return number(value, field, 1, limits.MAX_THREADS, integer=True, text=text)


def seed(value: Any, field: str = "seed", text: bool = False) -> int:
    """A random seed in ``0..MAX_SEED`` (what every generator's RNG accepts).

    Parameters
    ----------
    value : object
        The seed (or its text when ``text``).
    field : str, default "seed"
        The name errors give.
    text : bool, default False
        Whether ``value`` may be text to parse.

    Returns
    -------
    int
        The seed.

    Raises
    ------
    InputError
        Not an integer or outside ``0..2^32-1``.

    Examples
    --------
    >>> seed("7", text=True)
    7
    """
    return number(value, field, 0, limits.MAX_SEED, integer=True, text=text)


def _num(x: float) -> str:
    """A range end as text: integers in full (4294967295), others as %g."""
    return str(int(x)) if math.isfinite(x) and x == int(x) and abs(x) < 1e16 else f"{x:g}"


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """A suggestion when a known name is close to ``name``.

    Parameters
    ----------
    name : str
        The name given.
    known : iterable of str
        The names that exist.

    Returns
    -------
    str
        ``"; did you mean 'horizon'?"``, or ``""`` when nothing is close.

    Examples
    --------
    >>> did_you_mean("horizn", ["horizon", "seed"])
    "; did you mean 'horizon'?"
    """
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


# --- parameters --------------------------------------------------------------------------------
def check_value(value: Any, field: str, depth: int = 0) -> None:
    """Any parameter value: finite numbers within ``MAX_MAGNITUDE``, bounded strings and lists.

    The part of the rule that holds whatever the parameter's type. A refusal names the path below
    ``field`` (``field.key[2]``).

    Parameters
    ----------
    value : object
        The value.
    field : str
        The name errors give (a path or an option).
    depth : int, default 0
        The nesting level of ``value`` (for the recursion).

    Raises
    ------
    InputError
        A value breaks the rule.

    Examples
    --------
    >>> check_value({"a": [1, float("inf")]}, "p")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: p.a[1]: must be a finite number, got inf
    """
    where = field or "<root>"
    if depth > limits.MAX_DEPTH:
        raise InputError(where, f"nesting deeper than {limits.MAX_DEPTH}")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(where, f"must be a finite number, got {value}")
        if abs(value) > limits.MAX_MAGNITUDE:
            raise InputError(where, f"{_show(value)} is beyond the magnitude limit "
                                    f"{limits.MAX_MAGNITUDE:g}")
    elif isinstance(value, str):
        if len(value) > limits.MAX_STRING:
            raise InputError(where, f"string of {len(value)} characters > {limits.MAX_STRING}")
    elif isinstance(value, (list, tuple, dict)):
        if len(value) > limits.MAX_ITEMS:
            raise InputError(where, f"{len(value)} entries > {limits.MAX_ITEMS}")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            sub = f"{field}[{k}]" if isinstance(k, int) else (f"{field}.{k}" if field else str(k))
            check_value(v, sub, depth + 1)


#: annotation name -> the kind of value it admits
_KINDS = {"int": "int", "float": "float", "bool": "bool", "str": "str", "None": "none",
          "list": "list", "tuple": "list", "Sequence": "list", "dict": "dict", "Mapping": "dict"}


def _split_union(text: str) -> list[str]:
    """``"int | list[float] | None"`` -> ``["int", "list[float]", "None"]`` (top level only)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch == "|" and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*parts, cur.strip()]


def _annotation_text(ann: Any, namespace: dict[str, Any]) -> str:
    """An annotation as text; a module-level alias (``Point = Literal[...]``) is expanded.

    Parameters
    ----------
    ann : object
        The annotation (a string, a type or a typing object).
    namespace : dict
        The function's module globals.

    Returns
    -------
    str
        The annotation's text, ``Optional[X]`` as ``None | X``.

    Examples
    --------
    >>> annotation_text("Optional[int]", {})
    'None | int'
    """
    if ann is inspect.Parameter.empty:
        return ""
    if not isinstance(ann, str):
        ann = ann.__name__ if isinstance(ann, type) else str(ann)
    alias = namespace.get(ann.strip())
    if type(alias).__name__ in ("UnionType", "_UnionGenericAlias", "_LiteralGenericAlias"):
        ann = str(alias)
    ann = re.sub(r"^Optional\[(.*)\]$", r"None | \1", ann.replace("typing.", "").strip())
    return re.sub(r"\b[\w.]+\.(\w+)", r"\1", ann).strip()  # collections.abc.Sequence -> Sequence


def _spec(par: inspect.Parameter, namespace: dict[str, Any] | None = None
          ) -> tuple[set[str] | None, tuple[str, ...]]:
    """Kinds a parameter admits and its ``Literal`` choices, from its annotation or default.

    The annotation may be a string (``from __future__ import annotations``); aliases are looked up
    in the function's module ``namespace``; without one, the default's type decides.

    Parameters
    ----------
    par : inspect.Parameter
        The parameter.
    namespace : dict or None, default None
        The function's module globals.

    Returns
    -------
    tuple of (set of str or None, tuple of str)
        The kinds (``"int"``, ``"float"``, ``"str"``, ``"none"``, ...; ``None``: anything) and
        the ``Literal`` choices.

    Examples
    --------
    >>> import inspect
    >>> from typing import Literal
    >>> def f(tie: Literal["a", "b"] = "a"): ...
    >>> spec(inspect.signature(f).parameters["tie"])
    ({'str'}, ('a', 'b'))
    """
    default = par.default
    kinds: set[str] = set()
    choices: list[str] = []
    text = _annotation_text(par.annotation, namespace or {})
    for part in _split_union(text) if text else []:
        base = part.split("[", 1)[0].strip()
        if base == "Literal":
            choices += [c.strip().strip("'\"") for c in part[8:-1].split(",")]
            kinds.add("str")
        elif base in _KINDS:
            kinds.add(_KINDS[base])
        else:  # Any, an alias or a class: the method checks it
            return None, ()
    if not kinds:
        if default is inspect.Parameter.empty or default is None:
            return None, ()
        name = type(default).__name__
        if name not in _KINDS:
            return None, ()
        kinds.add(_KINDS[name])
    if default is None:
        kinds.add("none")
    return kinds, tuple(choices)


def check_param(value: Any, par: inspect.Parameter, field: str,
                rng: tuple[float, float] | None = None,
                namespace: dict[str, Any] | None = None) -> Any:
    """One parameter value by the generic rule.

    The type its annotation (or default) declares; ints integral in ``[0, MAX_PARAM_INT]``,
    floats finite in ``[0, MAX_MAGNITUDE]``, bools booleans, strings bounded; ``rng`` from
    ``PARAM_RANGES`` replaces the numeric range.

    Parameters
    ----------
    value : object
        The value given.
    par : inspect.Parameter
        The parameter it is for.
    field : str
        The name errors give (a path or an option).
    rng : tuple of (float, float) or None, default None
        The parameter's own inclusive range.
    namespace : dict or None, default None
        The function's module globals (for annotation aliases).

    Returns
    -------
    object
        The value (an integral float for an int parameter becomes an int).

    Raises
    ------
    InputError
        Wrong type or out of range.

    Examples
    --------
    >>> import inspect
    >>> def f(inst, rounds: int = 10): ...
    >>> par = inspect.signature(f).parameters["rounds"]
    >>> check_param(5.0, par, "rounds")
    5
    >>> check_param(-1, par, "rounds")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: rounds: -1 is outside [0, 1000000]
    """
    check_value(value, field)
    kinds, choices = _spec(par, namespace)
    if rng is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
        low, high = rng
        if not low <= value <= high:
            raise InputError(field, f"{_show(value)} is outside [{_num(low)}, {_num(high)}]")
    if kinds is None:
        return value
    if value is None:
        if "none" in kinds:
            return value
        raise InputError(field, f"expected {_kinds_text(kinds)}, got null")
    if isinstance(value, bool):
        if "bool" in kinds:
            return value
        raise InputError(field, f"expected {_kinds_text(kinds)}, got a boolean")
    if isinstance(value, (int, float)):
        low, high = rng or (0, None)
        if "float" in kinds:
            return number(value, field, low, limits.MAX_MAGNITUDE if high is None else high)
        if "int" in kinds:
            return number(value, field, low, limits.MAX_PARAM_INT if high is None else high,
                          integer=True)
    if isinstance(value, str) and "str" in kinds:
        if choices and value not in choices:
            raise InputError(field, f"unknown value {value!r} (known: {', '.join(choices)})"
                                    f"{did_you_mean(value, choices)}")
        return value
    if isinstance(value, list) and "list" in kinds:
        return value
    if isinstance(value, dict) and "dict" in kinds:
        return value
    raise InputError(field, f"expected {_kinds_text(kinds)}, got {type(value).__name__} "
                            f"{_show(value)}")


def _kinds_text(kinds: set[str]) -> str:
    names = {"int": "an integer", "float": "a number", "bool": "true/false", "str": "a string",
             "none": "null", "list": "a list", "dict": "a table"}
    return " or ".join(names[k] for k in sorted(kinds))


#: Functions taking ``**params`` -> the functions those keywords are passed on to
#: (``"module:function"``), so that their parameters are known and checked too; a function with
#: ``**params`` that is not listed accepts any keyword (its callee refuses the unknown ones).
#: A function made in a loop or a factory (several variants share one qualname) names its own
#: targets instead, in its attribute ``forwards_to`` (a tuple of functions or such strings).
FORWARDS: dict[str, tuple[str, ...]] = {}  # each problem adds its own rows on import


def _callee(ref: Any) -> Callable[..., Any]:
    """A forwarding target: a function, or ``"module:qualname"`` imported."""
    if callable(ref):
        return ref
    module, _, qual = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in qual.split("."):
        obj = getattr(obj, part)
    return obj


def _key(fn: Callable[..., Any]) -> str:
    return f"{getattr(fn, '__module__', '')}:{getattr(fn, '__qualname__', '')}"


Spec = tuple[inspect.Parameter, dict[str, Any]]  # a parameter and its function's module globals


def walk_params(fn: Callable[..., Any], takes_instance: bool = True
                ) -> tuple[dict[str, tuple[inspect.Parameter, dict[str, Any], Any]], bool]:
    """Keyword parameters of ``fn`` and of the functions its ``**params`` reach.

    The targets of ``**params`` are the function's attribute ``forwards_to``, else its
    ``FORWARDS`` row. Each parameter comes with its module globals and the function that
    declares it (whose docstring documents it); the instance and the solver ``options`` are
    left out.

    Parameters
    ----------
    fn : callable
        A method's function or a generator.
    takes_instance : bool, default True
        Whether the first parameter is the instance (left out).

    Returns
    -------
    tuple of (dict, bool)
        Name -> (parameter, module globals, declaring function), and whether unknown keywords are
        still passed on (an unlisted ``**params``; ``**_`` swallows and ignores, so it is closed).

    Examples
    --------
    >>> def f(inst, rounds: int = 10, **_): ...
    >>> names, passes_on = walk_params(f)
    >>> list(names), passes_on
    (['rounds'], False)
    >>> def g(inst, **params): ...
    >>> g.forwards_to = (f,)  # g passes its keywords on to f
    >>> list(walk_params(g)[0]), walk_params(g)[1]
    (['rounds'], False)
    """
    out: dict[str, tuple[inspect.Parameter, dict[str, Any], Any]] = {}
    open_ = False
    target = inspect.unwrap(fn)  # a guarded model: the registered function
    namespace = getattr(target, "__globals__", {})
    sig = inspect.signature(fn)
    for i, (name, par) in enumerate(sig.parameters.items()):
        if (i == 0 and takes_instance) or name == "options":
            continue
        if par.kind is par.VAR_KEYWORD:
            forwards = getattr(target, "forwards_to", None) or FORWARDS.get(_key(target))
            if forwards:
                for ref in forwards:
                    more, _ = walk_params(_callee(ref), takes_instance=False)
                    for k, v in more.items():
                        out.setdefault(k, v)
            elif name != "_":
                open_ = True
        elif par.kind is not par.VAR_POSITIONAL and par.kind is not par.POSITIONAL_ONLY:
            out[name] = (par, namespace, target)
    for skip in ("inst", "instance", "options", "mechanism", "backend", "backend_name"):
        if skip in out and out[skip][0].default is inspect.Parameter.empty:
            del out[skip]
    return out, open_


def signature_params(fn: Callable[..., Any], takes_instance: bool = True
                     ) -> tuple[dict[str, Spec], bool]:
    """Keyword parameters of ``fn`` as ``walk_params`` finds them, each with its module globals.

    Parameters
    ----------
    fn : callable
        A method's function or a generator.
    takes_instance : bool, default True
        Whether the first parameter is the instance (left out).

    Returns
    -------
    tuple of (dict, bool)
        Name -> (parameter, module globals), and whether unknown keywords are passed on.

    Examples
    --------
    >>> def f(inst, rounds: int = 10, **params): ...
    >>> names, passes_on = signature_params(f)
    >>> list(names), passes_on
    (['rounds'], True)
    """
    walked, open_ = walk_params(fn, takes_instance)
    return {k: (par, namespace) for k, (par, namespace, _) in walked.items()}, open_


#: public names of the annotation readers (``dlsched.core.docstrings`` shows what they admit)
spec = _spec
annotation_text = _annotation_text


# --- declared parameters -----------------------------------------------------------------------
#: the types a declared parameter may have -> the kind ``check_param`` knows it by
_DECLARED_KINDS: dict[type, str] = {int: "int", float: "float", bool: "bool", str: "str"}


@dataclass(frozen=True)
class Param:
    """A method's own declaration of one keyword parameter: type, inclusive range, meaning.

    Passed to ``register_algorithm(..., params={"alpha": Param(float, low=0, high=1)})`` (or
    ``register_model``, or ``dlsched.core.registry.declare_params``), it is checked wherever a
    value enters (``ds.run`` / ``ds.solve``, ``dlsched run`` / ``solve -p``, a suite's
    ``params``, ``lib score -p``) and shown by ``dlsched params``. Its range goes into the
    same table as the shipped methods' ranges (``dlsched.core.limits.PARAM_RANGES``), so one
    rule judges both; its type, unit and meaning replace what the annotation and docstring say.

    Parameters
    ----------
    type : type, default float
        ``int``, ``float``, ``bool`` or ``str``. An ``int`` parameter refuses 2.5 (2.0 becomes
        2); a ``float`` one takes integers. A signature default of ``None`` also admits null.
    low, high : float or None, default None
        Inclusive bounds of a number; ``None`` keeps the generic bound (0, and 10^6 for an
        int, 1e15 for a float).
    low_open : bool, default False
        Whether ``low`` itself is refused: ``(low, high]`` (a share that must be positive;
        float parameters only).
    doc : str, default ""
        One-line meaning for ``dlsched params`` (else the docstring's).
    unit : str, default ""
        Unit of a number (``"s"``, ``"slots"``, ``"dimensionless"``; else the docstring's).
    choices : tuple of str, default ()
        The values a ``str`` parameter accepts (empty: any text).

    Raises
    ------
    ValueError
        A type other than the four, bounds on a non-number, a non-finite or inverted range,
        choices on a non-string (the message names the field).

    Examples
    --------
    >>> Param(float, low=0, high=1).bounds()
    (0, 1)
    >>> Param(int, high=64).bounds()
    (0, 64)
    >>> Param(float, low=0, high=1, low_open=True).check(0, "scale")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: scale: 0 is outside (0, 1]
    >>> Param(float, low=2, high=1)
    Traceback (most recent call last):
    ...
    ValueError: Param.low: 2 > high 1
    """

    type: type = float
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    doc: str = ""
    unit: str = ""
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.type not in _DECLARED_KINDS:
            raise ValueError(f"Param.type: {self.type!r} is not one of int, float, bool, str")
        numeric = self.type in (int, float)
        for name in ("low", "high"):
            value = getattr(self, name)
            if value is None:
                continue
            if not numeric:
                raise ValueError(f"Param.{name}: a {self.type.__name__} parameter has no range")
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise ValueError(f"Param.{name}: expected a finite number, got {value!r}")
        if self.low_open and self.type is not float:
            raise ValueError(f"Param.low_open: only a float range has an open end (an int "
                             f"range (a, b] is a+1..b), not a {self.type.__name__} one")
        low, high = self.bounds() if numeric else (0, 0)
        if low > high or (self.low_open and low == high):
            raise ValueError(f"Param.low: {_num(low)} {'>=' if self.low_open else '>'} high "
                             f"{_num(high)}")
        if self.choices and self.type is not str:
            raise ValueError("Param.choices: only a str parameter has choices")
        if not all(isinstance(c, str) for c in self.choices):
            raise ValueError(f"Param.choices: expected strings, got {self.choices!r}")
        object.__setattr__(self, "choices", tuple(self.choices))

    @property
    def kind(self) -> str:
        """The kind the boundary knows the type by: ``"int"``, ``"float"``, ``"bool"``, ``"str"``.

        Examples
        --------
        >>> Param(int).kind
        'int'
        """
        return _DECLARED_KINDS[self.type]

    def bounds(self) -> tuple[float, float]:
        """The inclusive range a number is checked against (generic bounds filled in).

        Returns
        -------
        tuple of (float, float)
            ``(low, high)``.

        Examples
        --------
        >>> Param(float, low=0.5).bounds()
        (0.5, 1000000000000000.0)
        """
        top = limits.MAX_PARAM_INT if self.type is int else limits.MAX_MAGNITUDE
        return (0 if self.low is None else self.low, top if self.high is None else self.high)

    def check(self, value: Any, field: str, nullable: bool = False) -> Any:
        """``value`` checked against this declaration.

        Parameters
        ----------
        value : object
            The value given.
        field : str
            The name errors give (``--param alpha``).
        nullable : bool, default False
            Whether null is accepted (the signature's default is ``None``).

        Returns
        -------
        object
            The value (an integral float of an int parameter as an int).

        Raises
        ------
        InputError
            Wrong type, outside the range (the message gives both), or not a choice.

        Examples
        --------
        >>> Param(float, low=0, high=1).check(1.5, "--param alpha")
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: --param alpha: 1.5 is outside [0, 1]
        """
        check_value(value, field)
        if value is None:
            if nullable:
                return None
            raise InputError(field, f"expected {_kinds_text({self.kind})}, got null")
        if self.type is bool:
            if isinstance(value, bool):
                return value
            raise InputError(field, f"expected true/false, got {_show(value)}")
        if self.type is str:
            if not isinstance(value, str):
                raise InputError(field, f"expected a string, got {_show(value)}")
            if self.choices and value not in self.choices:
                raise InputError(field, f"unknown value {value!r} (known: "
                                        f"{', '.join(self.choices)})"
                                        f"{did_you_mean(value, self.choices)}")
            return value
        if isinstance(value, bool):
            raise InputError(field, f"expected {_kinds_text({self.kind})}, got a boolean")
        return number(value, field, *self.bounds(), integer=self.type is int,
                      low_open=self.low_open)


#: ``"PROBLEM/METHOD"`` -> the parameters that method declared (``declare``)
DECLARED: dict[str, dict[str, Param]] = {}


def declare(key: str, params: Mapping[str, Param], fn: Callable[..., Any] | None = None,
            takes_instance: bool = True) -> dict[str, Param]:
    """Record the ``Param`` declarations of the method ``key`` (``"PROBLEM/METHOD"``).

    Each numeric range also goes into ``limits.PARAM_RANGES[key]`` (replacing an entry there),
    so every reader of that table (``describe``, LTGF's method docstrings) sees it.

    Parameters
    ----------
    key : str
        ``"PROBLEM/METHOD"``.
    params : Mapping of str to Param
        Parameter name -> its declaration.
    fn : callable or None, default None
        The method's function: a declared name must be one of its keyword parameters (or
        reach one through ``**params``), unless it still passes unknown keywords on.
    takes_instance : bool, default True
        Whether the first parameter of ``fn`` is the instance.

    Returns
    -------
    dict
        The method's declarations after this call.

    Raises
    ------
    ValueError
        A name that is not an identifier or not a parameter of ``fn``, or a value that is not a
        ``Param``.

    Examples
    --------
    >>> def f(inst, alpha: float = 0.5): ...
    >>> declare("doc/f", {"alpha": Param(float, low=0, high=1)}, f)["alpha"].high
    1
    >>> limits.PARAM_RANGES["doc/f"]
    {'alpha': (0, 1)}
    >>> declare("doc/f", {"beta": Param()}, f)
    Traceback (most recent call last):
    ...
    ValueError: params: 'beta' is not a parameter of doc/f (known: alpha)
    >>> _ = DECLARED.pop("doc/f"), limits.PARAM_RANGES.pop("doc/f")
    """
    known: dict[str, Any] = {}
    open_ = True
    if fn is not None:
        known, open_ = signature_params(fn, takes_instance)
    checked: dict[str, Param] = {}
    for name, decl in params.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"params: {name!r} is not a parameter name")
        if not isinstance(decl, Param):
            raise ValueError(f"params.{name}: expected a Param, got {type(decl).__name__}")
        if not open_ and name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise ValueError(f"params: {name!r} is not a parameter of {key}"
                             f"{did_you_mean(name, known)} (known: {names})")
        checked[name] = decl
    DECLARED.setdefault(key, {}).update(checked)
    ranges = limits.PARAM_RANGES.setdefault(key, {})
    for name, decl in checked.items():
        if decl.type in (int, float):
            ranges[name] = decl.bounds()
        else:
            ranges.pop(name, None)
    return DECLARED[key]


def declared(key: str | None) -> dict[str, Param]:
    """The ``Param`` declarations of the method ``key`` (``"PROBLEM/METHOD"``; empty if none).

    Parameters
    ----------
    key : str or None
        ``"PROBLEM/METHOD"``.

    Returns
    -------
    dict
        Name -> ``Param``.

    Examples
    --------
    >>> declared("oef/no-such-method")
    {}
    """
    return DECLARED.get(key or "", {})


def check_params(fn: Callable[..., Any], params: dict[str, Any], what: str, *,
                 prefix: str = "--param ", takes_instance: bool = True,
                 ranges_key: str | None = None, also: Iterable[str] = ()) -> dict[str, Any]:
    """``params`` for ``fn`` by the generic rule (``check_param``) or the method's ``Param``.

    Unknown keys (with a "did you mean"), wrong types, NaN / inf / negative / absurd values are
    refused naming ``prefix + KEY``; a parameter the method declared (``declare``, under
    ``ranges_key``) is checked by its declaration (type, range, choices).

    Parameters
    ----------
    fn : callable
        The method's function or the generator.
    params : dict
        The parameters given.
    what : str
        The method, for messages (``"algorithm 'max-min'"``).
    prefix : str, default "--param "
        Prefix of the field errors name.
    takes_instance : bool, default True
        Whether the first parameter of ``fn`` is the instance.
    ranges_key : str or None, default None
        The key of ``PARAM_RANGES`` (``"PROBLEM/METHOD"`` or ``"PROBLEM/generate"``).
    also : iterable of str, default ()
        Further names the caller accepts (for the suggestion).

    Returns
    -------
    dict
        The checked parameters (integral floats of int parameters as ints).

    Raises
    ------
    InputError
        An unknown key, a wrong type or a value out of range.

    Examples
    --------
    >>> def f(inst, rounds: int = 10): ...
    >>> check_params(f, {"rounds": 3.0}, "m")
    {'rounds': 3}
    >>> check_params(f, {"round": 3}, "m")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: --param round: m has no parameter 'round'; ...
    """
    known, open_ = signature_params(fn, takes_instance)
    ranges = {**limits.PARAM_RANGES["*"], **limits.PARAM_RANGES.get(ranges_key or "", {})}
    decls = declared(ranges_key)
    out: dict[str, Any] = {}
    for key, value in params.items():
        field = f"{prefix}{key}"
        if not isinstance(key, str) or not key.isidentifier():
            raise InputError(field, "not a parameter name")
        spec = known.get(key)
        if key in decls and (spec is not None or open_):  # the method's own declaration
            nullable = spec is not None and spec[0].default is None
            out[key] = decls[key].check(value, field, nullable=nullable)
            continue
        if spec is None:
            if not open_:
                names = ", ".join(sorted(known)) or "none"
                raise InputError(field, f"{what} has no parameter {key!r}"
                                        f"{did_you_mean(key, [*known, *also])} (known: {names})")
            check_value(value, field)
            rng = ranges.get(key)
            if rng is not None:
                number(value, field, *rng)
            out[key] = value
            continue
        out[key] = check_param(value, spec[0], field, ranges.get(key), spec[1])
    return out


_UNEXPECTED = re.compile(r"unexpected keyword argument '(\w+)'")


def unexpected_keyword(exc: TypeError, params: dict[str, Any], prefix: str = "--param "
                       ) -> InputError | None:
    """The ``InputError`` for a ``TypeError`` about a user's keyword that reached a callee.

    A method passing ``**params`` on raises such a ``TypeError`` deep down.

    Parameters
    ----------
    exc : TypeError
        The error raised.
    params : dict
        The user's parameters.
    prefix : str, default "--param "
        Prefix of the field the error names.

    Returns
    -------
    InputError or None
        The error naming the keyword; ``None`` for other errors.

    Examples
    --------
    >>> def f(inst): ...
    >>> try:
    ...     f(None, bogus=1)
    ... except TypeError as exc:
    ...     print(unexpected_keyword(exc, {"bogus": 1}))
    --param bogus: unknown parameter 'bogus'
    """
    match = _UNEXPECTED.search(str(exc))
    if match is None or match.group(1) not in params:
        return None
    key = match.group(1)
    return InputError(f"{prefix}{key}", f"unknown parameter {key!r}")


def parse_value(raw: str, field: str) -> Any:
    """A ``-p KEY=VALUE`` value: JSON through the boundary, or the raw text when it is not JSON.

    Parameters
    ----------
    raw : str
        The text after ``=``.
    field : str
        The name errors give (a path or an option).

    Returns
    -------
    object
        The JSON value, or ``raw`` (``-p tie=earliest``).

    Raises
    ------
    InputError
        Too long, too deep, or a refused literal.

    Examples
    --------
    >>> parse_value("[1, 2]", "f"), parse_value("earliest", "f")
    ([1, 2], 'earliest')
    """
    if len(raw) > limits.MAX_STRING:
        raise InputError(field, f"value of {len(raw)} characters > {limits.MAX_STRING}")
    check_depth(raw, field)
    found: list[_Refused] = []
    try:
        value = json.loads(raw, **_hooks(found))
    except json.JSONDecodeError:
        return raw
    if found:
        raise InputError(field, found[0].reason)
    return value


def one_line(text: str) -> str:
    """``text`` with control characters (newlines, escapes) shown as escapes: one terminal line.

    Parameters
    ----------
    text : str
        Any text.

    Returns
    -------
    str
        The printable text.

    Examples
    --------
    >>> print(one_line("a" + chr(10) + "b"))
    a\\nb
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
