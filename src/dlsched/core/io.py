"""JSON load/save of instances and results; atomic writes so nothing is half-written."""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import Any

from .errors import InputError
from .registry import PROBLEMS
from .result import Result
from .solution import Solution

SCHEMA_VERSION = 1


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

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> atomic_write_text(p, "done")
    >>> p.read_text()
    'done'
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
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
    ``InputError``.

    Parameters
    ----------
    path : str or Path
        The file.

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
    from .inputs import read_json as _read

    return _read(path)


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

    Standard formats are read by ``READERS`` (e.g. a VPSolver ``.vbp`` file as an OJPP instance).

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
    reader = READERS.get(Path(path).suffix.lower())
    if reader is not None:
        import importlib

        module, _, fn = reader.partition(":")
        return getattr(importlib.import_module(module), fn)(path)
    return from_dict(read_json(path))


def save(obj: Any, path: str | Path) -> Path:
    """Save an instance or a Result as JSON, atomically.

    Parameters
    ----------
    obj : object
        An instance or a ``Result``.
    path : str or Path
        The file to write.

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
    atomic_write_text(path, text)
    return Path(path)
