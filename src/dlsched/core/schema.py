"""Pydantic-based parsing of instance files into one-line, field-naming errors."""

from __future__ import annotations

import math
import typing
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


def _types(annotation: Any) -> set[Any]:
    """Every type named in an annotation: ``list[float] | None`` -> {list, float, NoneType}."""
    out = {typing.get_origin(annotation) or annotation}
    for arg in typing.get_args(annotation):
        out |= _types(arg)
    return out


def _refuse_booleans(model: type[BaseModel], data: Any, path: str) -> None:
    """Refuse ``true`` / ``false`` where ``model`` wants a number (pydantic would read them as
    1 / 0, which the JSON Schema of the format does not allow), naming the path."""
    if not isinstance(data, dict):
        return
    for name, info in model.model_fields.items():
        if name in data:
            _refuse_boolean(info.annotation, data[name], f"{path}.{name}" if path else name)


def _refuse_boolean(annotation: Any, value: Any, path: str) -> None:
    kinds = _types(annotation)
    if Any in kinds or bool in kinds:
        return
    if isinstance(value, bool):
        if kinds & {int, float}:
            raise InputError(path, f"must be a number, got {str(value).lower()}")
        return
    models = [k for k in kinds if isinstance(k, type) and issubclass(k, BaseModel)]
    if models and isinstance(value, dict):
        _refuse_booleans(models[0], value, path)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _refuse_boolean(annotation, item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _refuse_boolean(annotation, item, f"{path}.{key}")


def _known_fields(model: type[BaseModel], loc: tuple[Any, ...], key: str) -> str:
    """`` (did you mean 'speedup'?; known: name, weight, ...)`` for an unknown key below
    ``loc``: the keys the schema allows there."""
    from .inputs import did_you_mean

    for part in loc:
        if isinstance(part, int):
            continue
        info = model.model_fields.get(part)
        inner = [k for k in _types(info.annotation) if isinstance(k, type)
                 and issubclass(k, BaseModel)] if info is not None else []
        if not inner:
            return ""
        model = inner[0]
    names = list(model.model_fields)
    return f"{did_you_mean(key, names).rstrip()} (known: {', '.join(names)})"


def parse_model(model: type[M], data: Any, prefix: str = "") -> M:
    """Validate ``data`` against ``model``; raise ``InputError`` naming the first bad field.

    Parameters
    ----------
    model : type[pydantic.BaseModel]
        The instance model (a ``Strict`` subclass).
    data : Any
        The JSON data (a dict for a valid instance).
    prefix : str, default ""
        Path of ``data`` inside a larger document, prefixed to the error's field.

    Returns
    -------
    pydantic.BaseModel
        The validated model.

    Raises
    ------
    InputError
        The first bad field, as a path of the format's JSON Schema (``users[2].speedup[0]``):
        NaN, infinity, a magnitude beyond the limits, a boolean for a number, or what pydantic
        refuses.
    """
    check_magnitudes(data, prefix)
    _refuse_booleans(model, data, prefix)
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
            msg = "unknown field" + _known_fields(model, loc[:-1], str(loc[-1]) if loc else "")
        elif err["type"] == "missing":
            msg = "missing required field"
        raise InputError(path, msg) from None
