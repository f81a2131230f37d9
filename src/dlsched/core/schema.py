"""Pydantic-based parsing of instance files into one-line, field-naming errors."""

from __future__ import annotations

import math
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InputError
from .limits import MAX_ITEMS, MAX_MAGNITUDE

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base of every instance schema: unknown keys, NaN and infinity are errors."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, frozen=True)


def field_path(loc: tuple[Any, ...]) -> str:
    """('users', 2, 'speedup', 0) -> 'users[2].speedup[0]'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "<root>"


def check_magnitudes(data: Any, path: str = "") -> None:
    """Reject NaN, infinity, numbers beyond ``limits.MAX_MAGNITUDE`` and lists longer than
    ``limits.MAX_ITEMS`` anywhere in ``data``, naming the path (before any schema runs: such
    values would overflow or allocate in the models and simulators)."""
    if isinstance(data, bool):
        return
    if isinstance(data, (int, float)):
        if not math.isfinite(data):
            raise InputError(path or "<root>", f"must be a finite number, got {data!r}")
        if abs(data) > MAX_MAGNITUDE:
            raise InputError(path or "<root>",
                             f"{data!r} is beyond the supported magnitude {MAX_MAGNITUDE:g}")
    elif isinstance(data, dict):
        for k, v in data.items():
            check_magnitudes(v, f"{path}.{k}" if path else str(k))
    elif isinstance(data, list):
        if len(data) > MAX_ITEMS:
            raise InputError(path or "<root>", f"{len(data)} entries > {MAX_ITEMS}")
        for i, v in enumerate(data):
            check_magnitudes(v, f"{path}[{i}]")


def parse_model(model: type[M], data: Any, prefix: str = "") -> M:
    """Validate ``data`` against ``model``; raise :class:`InputError` naming the first bad field."""
    check_magnitudes(data, prefix)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p))
        path = field_path(loc)
        if prefix:
            path = f"{prefix}.{path}" if path != "<root>" else prefix
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        elif err["type"] == "missing":
            msg = "missing required field"
        raise InputError(path, msg) from None
