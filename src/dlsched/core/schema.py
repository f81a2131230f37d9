"""Pydantic-based parsing of instance files into one-line, field-naming errors."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InputError

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


def parse_model(model: type[M], data: Any, prefix: str = "") -> M:
    """Validate ``data`` against ``model``; raise :class:`InputError` naming the first bad field."""
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
