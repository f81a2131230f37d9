"""JSON load/save of instances and results; atomic writes so nothing is half-written.

A file whose name ends in ``.gz`` (``NAME.json.gz``) is gzip-compressed JSON: read and written
like ``NAME.json`` (the library stores its big records so, ``dlsched.lib.records``). A relative
path ``instances/...`` that does not exist from the working directory is read from the copy of
the repository's ``instances/`` shipped in the package (``find``), so the documentation's commands
run from any directory and from a plain ``pip install``.
"""

from __future__ import annotations

import gzip
import json
import math
import os
import tempfile
import zlib
from pathlib import Path
from typing import Any

from . import limits
from .errors import InputError
from .registry import PROBLEMS
from .result import Result
from .solution import Solution

SCHEMA_VERSION = 1
#: The suffix of a gzip-compressed file (``NAME.json.gz``).
GZIP_SUFFIX = ".gz"
#: The repository's ``instances/`` as shipped in the package (example instances and the
#: library); ``find`` reads a relative ``instances/...`` path from here when it is not found.
PACKAGED_INSTANCES = Path(__file__).resolve().parents[1] / "instances"


def find(path: str | Path) -> Path:
    """The file ``path`` names: itself when it exists, else (a relative ``instances/...`` path)
    the package's copy of it.

    So ``ds.load("instances/oef/paper-w1.json")`` works from any directory and after a plain
    ``pip install``; a file of that name in the working directory always comes first.

    Parameters
    ----------
    path : str or Path
        A file path.

    Returns
    -------
    Path
        ``path`` unchanged when it exists, is absolute, does not start with ``instances`` or
        the package has no such file (then reading it reports ``path`` as missing).

    Examples
    --------
    >>> find("instances/oef/paper-eq6.json").name
    'paper-eq6.json'
    >>> str(find("no/such.json"))
    'no/such.json'
    """
    given = Path(path)
    if given.is_absolute() or given.exists() or given.parts[:1] != ("instances",):
        return given
    packaged = PACKAGED_INSTANCES.joinpath(*given.parts[1:])
    return packaged if packaged.exists() else given


def is_gzip(path: str | Path) -> bool:
    """Whether ``path`` names a gzip-compressed file (its name ends in ``.gz``).

    Parameters
    ----------
    path : str or Path
        A file path.

    Returns
    -------
    bool
        True for ``NAME.json.gz``.

    Examples
    --------
    >>> is_gzip("a.best.json.gz"), is_gzip("a.best.json")
    (True, False)
    """
    return str(path).endswith(GZIP_SUFFIX)


def gzip_bytes(data: bytes) -> bytes:
    """``data`` gzip-compressed, reproducibly (no time stamp or file name in the header).

    Parameters
    ----------
    data : bytes
        The content.

    Returns
    -------
    bytes
        The same bytes for the same content on every run (level 9, ``mtime=0``).

    Examples
    --------
    >>> gunzip(gzip_bytes(b"{}"), "x") == b"{}"
    True
    """
    return gzip.compress(data, compresslevel=9, mtime=0)


def gunzip(data: bytes, field: str, limit: int | None = None) -> bytes:
    """The decompressed content of gzip ``data``, at most ``limit`` bytes (a small file that
    inflates beyond the input size limit is refused, not expanded).

    Parameters
    ----------
    data : bytes
        One gzip member.
    field : str
        The name errors give (the file's path).
    limit : int or None, default None
        The largest decompressed size (``None``: ``limits.MAX_FILE_BYTES``). Unit: bytes.

    Returns
    -------
    bytes
        The content.

    Raises
    ------
    InputError
        Not gzip data, truncated, trailing bytes, or larger than ``limit`` decompressed.

    Examples
    --------
    >>> gunzip(b"{}", "f.json.gz")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: f.json.gz: not gzip data (incorrect header check)
    >>> gunzip(gzip_bytes(b"x" * 101), "f.json.gz", limit=100)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: f.json.gz: more than 100 bytes once decompressed (input limit)
    """
    limit = limits.MAX_FILE_BYTES if limit is None else limit
    inflate = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip header and trailer
    try:
        out = inflate.decompress(data, limit + 1)
    except zlib.error as exc:
        raise InputError(field, f"not gzip data ({str(exc).rpartition(': ')[2]})") from None
    if len(out) > limit:
        raise InputError(field, f"more than {limit} bytes once decompressed (input limit)")
    if not inflate.eof:
        raise InputError(field, "truncated gzip data")
    if inflate.unused_data:
        raise InputError(field, "bytes after the gzip data")
    return out


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and a rename (all or nothing).

    Parameters
    ----------
    path : str or Path
        The file to write; its folder must exist.
    text : str
        The content (UTF-8).

    Raises
    ------
    OSError
        The file cannot be written (nothing is left behind).
    TypeError
        ``text`` is not a ``str``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> atomic_write_text(p, "done")
    >>> p.read_text()
    'done'
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename (all or nothing).

    Parameters
    ----------
    path : str or Path
        The file to write; its folder is created if missing.
    data : bytes
        The content.

    Raises
    ------
    OSError
        The file cannot be written (nothing is left behind).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.bin"
    >>> atomic_write_bytes(p, b"done")
    >>> p.read_bytes()
    b'done'
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask (read by setting and restoring it; there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _jsonable(obj: Any) -> Any:
    """numpy scalars/arrays and non-finite floats to plain JSON values."""
    if hasattr(obj, "tolist"):
        return _jsonable(obj.tolist())
    if isinstance(obj, Solution):
        return _jsonable(obj.to_json())
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    if isinstance(obj, float) and not math.isfinite(obj):
        return None if math.isnan(obj) else ("inf" if obj > 0 else "-inf")
    return obj


def dumps(obj: Any) -> str:
    """Serialise an instance, a Result or a plain dict to JSON text.

    Parameters
    ----------
    obj : object
        An instance, a ``Result`` or a dict.

    Returns
    -------
    str
        Indented JSON ending with a newline (NaN as null, infinities as strings).

    Raises
    ------
    TypeError
        ``obj`` is none of those.

    Examples
    --------
    >>> print(dumps({"a": 1}), end="")
    {
      "a": 1
    }
    """
    return json.dumps(_jsonable(to_dict(obj)), indent=2) + "\n"


def to_dict(obj: Any) -> dict[str, Any]:
    """The JSON dict of an instance or a Result (a dict is returned as is).

    Parameters
    ----------
    obj : object
        An instance, a ``Result`` or a dict.

    Returns
    -------
    dict
        The JSON form (a Result's with ``schema_version``).

    Raises
    ------
    TypeError
        ``obj`` is none of those.

    Examples
    --------
    >>> to_dict(load("instances/oef/paper-eq6.json"))["problem"]
    'oef'
    """
    if isinstance(obj, Result):
        return {"schema_version": SCHEMA_VERSION, **obj.to_dict()}
    if isinstance(obj, dict):
        return obj
    problem = getattr(obj, "problem", None)
    if problem is None or problem not in PROBLEMS:
        raise TypeError(f"cannot serialise {type(obj).__name__}")
    return PROBLEMS.get(problem).dump(obj)


def read_json(path: str | Path) -> Any:
    """Read JSON through the input boundary (``dlsched.core.inputs.read_json``).

    A bounded, UTF-8, depth-checked read; malformed text or a missing file becomes an
    ``InputError``. A ``.gz`` file is decompressed first (bounded by the same size limit), and
    a relative ``instances/...`` path falls back to the package's copy (``find``).

    Parameters
    ----------
    path : str or Path
        The file (``NAME.json`` or ``NAME.json.gz``).

    Returns
    -------
    object
        The parsed JSON value.

    Raises
    ------
    InputError
        Missing, too large, not UTF-8, too deep or malformed.

    Examples
    --------
    >>> read_json("instances/oef/paper-eq6.json")["name"]
    'paper-eq6'
    """
    from . import inputs

    path = find(path)
    if not is_gzip(path):
        return inputs.read_json(path)
    field = str(path)
    text = inputs.decode(gunzip(inputs.read_bytes(path), field), field)
    return inputs.parse_json(text, field)


def from_dict(data: Any) -> Any:
    """Turn a JSON dict into an instance (by its ``problem`` key) or a Result (``kind: result``).

    Parameters
    ----------
    data : dict
        A parsed instance or result file.

    Returns
    -------
    object
        The problem's frozen instance, or a ``Result`` with a typed solution.

    Raises
    ------
    InputError
        Not an object, an unsupported ``schema_version``, no or an unknown ``problem``, or an
        invalid field (named by its path).

    Examples
    --------
    >>> from_dict({"kind": "result", "problem": "oef", "method": "m", "status": "error"}).status
    <Status.ERROR: 'error'>
    >>> from_dict({"name": "x"})
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: problem: missing required field
    """
    if not isinstance(data, dict):
        raise InputError("<root>", "expected a JSON object")
    version = data.get("schema_version", SCHEMA_VERSION)
    if version != SCHEMA_VERSION:
        raise InputError(
            "schema_version", f"unsupported version {version!r} (expected {SCHEMA_VERSION})"
        )
    if data.get("kind") == "result":
        from .registry import typed_solution

        res = Result.from_dict(data)
        return typed_solution(res.problem, res) if isinstance(res.problem, str) else res
    if "problem" not in data:
        raise InputError("problem", "missing required field")
    if not isinstance(data["problem"], str):
        raise InputError("problem", f"must be a problem name, got {type(data['problem']).__name__}")
    return PROBLEMS.get(data["problem"], "problem").parse(data)


#: Standard non-JSON formats by file extension -> ``"module:function"`` reading ``(path)`` into an
#: instance; imported on first use so a JSON load does not import every problem's readers.
READERS: dict[str, str] = {".vbp": "dlsched.ojpp.instance:read_vbp"}


def load(path: str | Path) -> Any:
    """Load an instance or a result from a JSON file, or a standard format by its extension.

    Standard formats are read by ``READERS`` (e.g. a VPSolver ``.vbp`` file as an OJPP instance);
    ``NAME.json.gz`` is gzip-compressed JSON; a relative ``instances/...`` path not found from
    the working directory is read from the package's copy (``find``).

    Parameters
    ----------
    path : str or Path
        The file.

    Returns
    -------
    object
        An instance or a ``Result``.

    Raises
    ------
    InputError
        The file cannot be read or a field is invalid.

    Examples
    --------
    >>> load("instances/oef/paper-eq6.json").name
    'paper-eq6'
    """
    path = find(path)
    reader = READERS.get(path.suffix.lower())
    if reader is not None:
        import importlib

        module, _, fn = reader.partition(":")
        return getattr(importlib.import_module(module), fn)(path)
    return from_dict(read_json(path))


def save(obj: Any, path: str | Path) -> Path:
    """Save an instance or a Result as JSON, atomically (gzip-compressed when ``path`` ends in
    ``.gz``).

    Parameters
    ----------
    obj : object
        An instance or a ``Result``.
    path : str or Path
        The file to write (``NAME.json``, or ``NAME.json.gz`` for a compressed one).

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = save({"kind": "note"}, pathlib.Path(tempfile.mkdtemp()) / "n.json")
    >>> out.name, out.read_text().split()
    ('n.json', ['{', '"kind":', '"note"', '}'])
    """
    text = dumps(obj)
    if is_gzip(path):
        atomic_write_bytes(path, gzip_bytes(text.encode("utf-8")))
    else:
        atomic_write_text(path, text)
    return Path(path)
