"""The input boundary: everything that enters dlsched from outside is parsed here.

Files (instances, results, ``.vbp``, suites) are read with a size bound and must be UTF-8; JSON
is checked for nesting depth and oversized integer literals *before* it is parsed, and NaN /
Infinity literals are refused. Command-line options, ``-p KEY=VALUE`` and API keywords are
checked for type and range. Every refusal is an :class:`InputError` naming the field; the limits
are in :mod:`dlsched.core.limits`.
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
from collections.abc import Callable, Iterable
from itertools import accumulate
from pathlib import Path
from typing import Any

from . import limits
from .errors import InputError


# --- files -------------------------------------------------------------------------------------
def read_bytes(path: str | Path, limit: int | None = None) -> bytes:
    """At most ``limit`` (default :data:`~limits.MAX_FILE_BYTES`) bytes of the file ``path``.

    Reads ``limit + 1`` bytes at most, so an endless stream (``/dev/zero``) is refused at once; a
    FIFO without a writer reads as empty instead of blocking; directories are refused.
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
    """UTF-8 text of ``data`` (a leading byte-order mark is dropped); else name the byte offset."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(field, f"not UTF-8: byte 0x{data[exc.start]:02x} at offset "
                                f"{exc.start}") from None
    return text.removeprefix("\ufeff")


def read_text(path: str | Path, limit: int | None = None) -> str:
    """Bounded, UTF-8 text of the file ``path``."""
    return decode(read_bytes(path, limit), str(path))


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = {ord(c): c for c in "[]{}"}
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_depth(text: str, field: str, max_depth: int | None = None) -> None:
    """Refuse JSON nested deeper than :data:`~limits.MAX_DEPTH`, by counting brackets outside
    strings (the parser itself would recurse and fail with RecursionError)."""
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
    """JSON ``text`` through the boundary: depth, integer digits, NaN / Infinity refused (a
    refused literal is named by its JSON path, ``users[0].speedup[1]``)."""
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
    """Bounded, UTF-8, depth-checked JSON of the file ``path``."""
    return parse_json(read_text(path), str(path))


def check_env_dir(name: str) -> Path | None:
    """The directory named by environment variable ``name`` (None when unset or empty)."""
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
    """``value`` (a number, or its text when ``text``: a command-line option) checked to be
    finite and within ``[low, high]`` (``(low, high]`` when ``low_open``); an int when
    ``integer``."""
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
    """Seconds in ``(0, MAX_TIME_LIMIT]`` or None (no limit)."""
    if value is None:
        return None
    return float(number(value, field, 0, limits.MAX_TIME_LIMIT, low_open=True, text=text))


def mip_gap(value: Any, field: str = "mip_gap", text: bool = False) -> float | None:
    """A relative gap in ``[0, 1]`` or None."""
    if value is None:
        return None
    return float(number(value, field, 0, 1, text=text))


def threads(value: Any, field: str = "threads", text: bool = False) -> int | None:
    """Threads in ``1..MAX_THREADS`` or None (the solver's default)."""
    if value is None:
        return None
    return number(value, field, 1, limits.MAX_THREADS, integer=True, text=text)


def seed(value: Any, field: str = "seed", text: bool = False) -> int:
    """A seed in ``0..MAX_SEED``."""
    return number(value, field, 0, limits.MAX_SEED, integer=True, text=text)


def _num(x: float) -> str:
    """A range end as text: integers in full (4294967295), others as %g."""
    return str(int(x)) if math.isfinite(x) and x == int(x) and abs(x) < 1e16 else f"{x:g}"


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """``"; did you mean 'horizon'?"`` when a known name is close to ``name``, else ''."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


# --- parameters --------------------------------------------------------------------------------
def check_value(value: Any, field: str, depth: int = 0) -> None:
    """Any parameter value: finite numbers within ``MAX_MAGNITUDE``, bounded strings, lists and
    nesting (the part of the rule that holds whatever the parameter's type). A refusal names the
    path below ``field`` (``field.key[2]``)."""
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
    """An annotation as text; a module-level alias (``Point = Literal[...]``) is expanded."""
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
    """Kinds a parameter admits (None: anything) and its ``Literal`` choices, from its annotation
    (a string under ``from __future__ import annotations``; aliases looked up in the function's
    module ``namespace``), else from its default's type."""
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
    """One parameter value by the generic rule: the type its annotation (or default) declares;
    ints integral in ``[0, MAX_PARAM_INT]``, floats finite in ``[0, MAX_MAGNITUDE]``, bools
    booleans, strings bounded (``rng`` from :data:`~limits.PARAM_RANGES` replaces the range).
    Returns the value (an integral float for an int parameter becomes an int)."""
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
FORWARDS: dict[str, tuple[str, ...]] = {}  # each problem adds its own rows on import


def _key(fn: Callable[..., Any]) -> str:
    return f"{getattr(fn, '__module__', '')}:{getattr(fn, '__qualname__', '')}"


Spec = tuple[inspect.Parameter, dict[str, Any]]  # a parameter and its function's module globals


def signature_params(fn: Callable[..., Any], takes_instance: bool = True
                     ) -> tuple[dict[str, Spec], bool]:
    """Keyword parameters of ``fn`` (and of the functions it forwards to, :data:`FORWARDS`)
    without the instance and the solver ``options``; the flag says whether unknown keywords are
    passed on (an unlisted ``**params``; ``**_`` swallows and ignores, so it is closed)."""
    out: dict[str, Spec] = {}
    open_ = False
    target = inspect.unwrap(fn)  # a guarded model: the registered function
    namespace = getattr(target, "__globals__", {})
    sig = inspect.signature(fn)
    for i, (name, par) in enumerate(sig.parameters.items()):
        if (i == 0 and takes_instance) or name == "options":
            continue
        if par.kind is par.VAR_KEYWORD:
            forwards = FORWARDS.get(_key(target))
            if forwards:
                for ref in forwards:
                    module, _, qual = ref.partition(":")
                    callee = getattr(importlib.import_module(module), qual)
                    more, _ = signature_params(callee, takes_instance=False)
                    for k, v in more.items():
                        out.setdefault(k, v)
            elif name != "_":
                open_ = True
        elif par.kind is not par.VAR_POSITIONAL and par.kind is not par.POSITIONAL_ONLY:
            out[name] = (par, namespace)
    for skip in ("inst", "instance", "options", "mechanism", "backend", "backend_name"):
        if skip in out and out[skip][0].default is inspect.Parameter.empty:
            del out[skip]
    return out, open_


def check_params(fn: Callable[..., Any], params: dict[str, Any], what: str, *,
                 prefix: str = "--param ", takes_instance: bool = True,
                 ranges_key: str | None = None, also: Iterable[str] = ()) -> dict[str, Any]:
    """``params`` for ``fn`` by the generic rule (:func:`check_param`): unknown keys (with a
    "did you mean"), wrong types, NaN / inf / negative / absurd values refused naming
    ``prefix + KEY``. ``also``: further names the caller accepts (for the suggestion).
    Returns the checked parameters (integral floats of int parameters as ints)."""
    known, open_ = signature_params(fn, takes_instance)
    ranges = {**limits.PARAM_RANGES["*"], **limits.PARAM_RANGES.get(ranges_key or "", {})}
    out: dict[str, Any] = {}
    for key, value in params.items():
        field = f"{prefix}{key}"
        if not isinstance(key, str) or not key.isidentifier():
            raise InputError(field, "not a parameter name")
        spec = known.get(key)
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
    """The :class:`InputError` for a ``TypeError`` that a method raised because a user's keyword
    reached a callee that does not take it (forwarded ``**params``); None for other errors."""
    match = _UNEXPECTED.search(str(exc))
    if match is None or match.group(1) not in params:
        return None
    key = match.group(1)
    return InputError(f"{prefix}{key}", f"unknown parameter {key!r}")


def parse_value(raw: str, field: str) -> Any:
    """A ``-p KEY=VALUE`` value: JSON through the boundary (depth, digits, no NaN / Infinity),
    or the raw text when it is not JSON (``-p tie=earliest``)."""
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
    """``text`` with control characters (newlines, escapes) shown as escapes: one terminal line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
