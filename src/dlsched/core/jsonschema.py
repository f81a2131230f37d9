"""JSON Schemas of the instance formats, generated from the problems' typed instance classes.

Each problem package registers the pydantic model that parses its instance files
(``register_schema``); ``instance_schema`` turns it into a JSON Schema (draft 2020-12) in which
every field carries a one-line ``description``, its unit (``x-unit``), its range (the
JSON-Schema keywords ``minimum`` / ``exclusiveMinimum`` / ``maximum`` ... that the parser
enforces, including the global limits of ``dlsched.core.limits``) and the symbol of the paper it
stands for (``x-symbol``). The field texts live on the pydantic fields (``doc``), so the parser,
the schema, ``dlsched schema`` and the docs pages have one source.

Errors of the parsers name a field path such as ``users[2].speedup[0]``; ``resolve`` finds the
schema of such a path (the tests check that every error names a path of the schema).
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from .errors import InputError
from .limits import MAX_ITEMS, MAX_MAGNITUDE

__all__ = [
    "doc",
    "dumps_schema",
    "field_rows",
    "fields_table",
    "instance_schema",
    "register_schema",
    "resolve",
    "schema_problems",
]

#: JSON Schema dialect of the generated schemas
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: keywords that bound a number from below / above
LOWER = ("minimum", "exclusiveMinimum")
UPPER = ("maximum", "exclusiveMaximum")
NUMERIC = ("number", "integer")

_MODELS: dict[str, type[BaseModel]] = {}


def register_schema(problem: str, model: type[BaseModel]) -> type[BaseModel]:
    """Register the pydantic model that parses ``problem``'s instance files.

    Parameters
    ----------
    problem : str
        The problem name, as in the instance files' ``problem`` key.
    model : type[pydantic.BaseModel]
        The top-level instance model (its fields documented with ``doc``).

    Returns
    -------
    type[pydantic.BaseModel]
        ``model``, unchanged (so the call can decorate the class).
    """
    _MODELS[problem] = model
    return model


def schema_problems() -> list[str]:
    """The problems that registered an instance schema, sorted.

    Returns
    -------
    list[str]
        Problem names (the shipped problems are imported first).
    """
    from .registry import load_problems

    load_problems()
    return sorted(_MODELS)


def doc(description: str, *, unit: str = "-", symbol: str = "-",
        numbers: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """Keyword arguments of ``pydantic.Field`` that document one instance field.

    Parameters
    ----------
    description : str
        One-line meaning of the field.
    unit : str, default "-"
        Unit of the field's numbers (``"s"``, ``"GPUs"``, ``"dimensionless"``...); ``"-"`` for
        a field without numbers.
    symbol : str, default "-"
        The symbol of the paper (or of the formulation notes) the field stands for, in TeX
        (``"w_l^j"``); ``"-"`` when there is none.
    numbers : dict, optional
        JSON-Schema keywords (``exclusiveMinimum``, ``minimum``...) that hold for every number
        of the field, also inside lists and maps: ranges the parser checks after pydantic (so
        the messages stay its own), stated here so the schema says them.
    **extra : Any
        Further JSON-Schema keywords set on the field itself (``const``, ``maxItems``...).

    Returns
    -------
    dict
        ``{"description": ..., "json_schema_extra": ...}``, to be unpacked into ``Field``.

    Examples
    --------
    >>> from pydantic import Field
    >>> from dlsched.core.schema import Strict
    >>> class Gpu(Strict):
    ...     count: float = Field(**doc("Devices.", unit="GPUs", symbol="m_j",
    ...                                numbers={"exclusiveMinimum": 0}))
    >>> s = Gpu.model_json_schema()["properties"]["count"]
    >>> s["x-unit"], s["x-symbol"], s["exclusiveMinimum"]
    ('GPUs', 'm_j', 0)
    """

    def extra_schema(schema: dict[str, Any]) -> None:
        schema.pop("title", None)
        schema["x-unit"] = unit
        schema["x-symbol"] = symbol
        if numbers:
            for leaf in _numeric_leaves(schema):
                leaf.update(numbers)
        schema.update(extra)

    return {"description": description, "json_schema_extra": extra_schema}


def _numeric_leaves(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The number / integer schemas inside ``node`` (through anyOf, items, map values; not
    through ``$ref``: nested models document their own fields)."""
    if node.get("type") in NUMERIC:
        yield node
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in node.get(key, []):
            yield from _numeric_leaves(sub)
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            yield from _numeric_leaves(node[key])


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    """Every schema object below ``node`` (itself included)."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _limits(schema: dict[str, Any]) -> None:
    """Add the global limits every file is checked against before its schema
    (``core.schema.check_magnitudes``): numbers within +-MAX_MAGNITUDE, lists of at most
    MAX_ITEMS entries."""
    bound = int(MAX_MAGNITUDE)
    for node in _walk(schema):
        kind = node.get("type")
        if kind in NUMERIC:
            if not any(k in node for k in LOWER):
                node["minimum"] = -bound
            if not any(k in node for k in UPPER):
                node["maximum"] = bound
        elif kind == "array" and "maxItems" not in node:
            node["maxItems"] = MAX_ITEMS


def _untitle(schema: dict[str, Any]) -> None:
    """Drop pydantic's per-field titles ("Min Demand"): the field name and its description say
    it."""
    for node in _walk(schema):
        props = node.get("properties")
        if isinstance(props, dict) and node.get("type") == "object":
            for prop in props.values():
                if isinstance(prop, dict):
                    prop.pop("title", None)


def _rename_defs(schema: dict[str, Any]) -> None:
    """``$defs`` keyed by the models' titles (``User``), not their private class names."""
    defs = schema.get("$defs", {})
    names = {old: sub.get("title", old).replace(" ", "") for old, sub in defs.items()}
    schema["$defs"] = {names[old]: sub for old, sub in defs.items()}
    for node in _walk(schema):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            node["$ref"] = "#/$defs/" + names[ref.removeprefix("#/$defs/")]


def instance_schema(problem: str) -> dict[str, Any]:
    """The JSON Schema of ``problem``'s instance files.

    Parameters
    ----------
    problem : str
        A problem name (``dlsched list`` shows them).

    Returns
    -------
    dict
        A JSON Schema (draft 2020-12): every field has ``description``, ``x-unit``,
        ``x-symbol`` and, for numbers, its range.

    Raises
    ------
    InputError
        ``problem`` is unknown or registered no schema (the message names the ones that did).

    Examples
    --------
    >>> s = instance_schema("oef")
    >>> s["properties"]["problem"]["const"], s["$defs"]["GpuType"]["properties"]["count"]["x-unit"]
    ('oef', 'GPUs')
    """
    from .inputs import did_you_mean

    known = schema_problems()
    if problem not in _MODELS:
        hint = did_you_mean(problem, known) if isinstance(problem, str) else ""
        raise InputError("problem", f"unknown problem {problem!r}{hint} "
                                    f"(known: {', '.join(known) or 'none'})")
    schema = copy.deepcopy(_MODELS[problem].model_json_schema(mode="validation"))
    _rename_defs(schema)
    _untitle(schema)
    _limits(schema)
    schema["title"] = f"dlsched {problem} instance"
    schema["$comment"] = (f'"notes §n" in a description = section n of docs/specs/{problem}.md, '
                          "the formulation notes of this problem")
    return {"$schema": DIALECT, "$id": f"https://dlsched/formats/{problem}.schema.json"} | schema


def dumps_schema(schema: dict[str, Any]) -> str:
    """The schema as JSON text with a stable key order (sorted keys, two-space indent).

    Parameters
    ----------
    schema : dict
        A schema from ``instance_schema``.

    Returns
    -------
    str
        The JSON text, ending with a newline.
    """
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


_TOKEN = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def _tokens(path: str) -> list[str | int]:
    """``users[2].speedup[0]`` -> ['users', 2, 'speedup', 0]."""
    return [int(i) if i else key for i, key in _TOKEN.findall(path)]


def _branches(root: dict[str, Any], node: Any) -> Iterator[dict[str, Any]]:
    """``node`` with ``$ref`` followed and anyOf / oneOf / allOf split into their branches."""
    if not isinstance(node, dict):
        return
    while "$ref" in node:
        node = root["$defs"][node["$ref"].removeprefix("#/$defs/")]
    alts = [s for k in ("anyOf", "oneOf", "allOf") for s in node.get(k, [])]
    if alts:
        for sub in alts:
            yield from _branches(root, sub)
    else:
        yield node


def _step(root: dict[str, Any], node: Any, token: str | int) -> Iterator[dict[str, Any]]:
    for branch in _branches(root, node):
        if not branch.get("type"):  # any value (e.g. provenance entries)
            yield {}
        elif isinstance(token, int):
            if branch.get("type") == "array":
                yield branch.get("items", {})
        elif token in branch.get("properties", {}):
            yield branch["properties"][token]
        elif branch.get("type") == "object":
            extra = branch.get("additionalProperties", True)
            if extra is not False:
                yield extra if isinstance(extra, dict) else {}


def resolve(schema: dict[str, Any], path: str) -> dict[str, Any] | None:
    """The schema of the value at an error's field path, or ``None`` when there is no such path.

    Parameters
    ----------
    schema : dict
        A schema from ``instance_schema``.
    path : str
        A field path as ``InputError.field`` names it: ``users[2].speedup[0]``,
        ``device_capacity.memory`` (a map key), ``<root>`` (the whole file).

    Returns
    -------
    dict or None
        The (first) schema that describes the value at ``path``.

    Examples
    --------
    >>> s = instance_schema("oef")
    >>> resolve(s, "users[2].speedup")["x-unit"]
    'dimensionless'
    >>> resolve(s, "users[2].speedup[0]")["exclusiveMinimum"]
    0
    >>> resolve(s, "users[0].colour") is None
    True
    """
    if path == "<root>":
        return schema
    nodes: list[Any] = [schema]
    for token in _tokens(path):
        nodes = [n for node in nodes for n in _step(schema, node, token)]
        if not nodes:
            return None
    return nodes[0]



# ---- the docs pages' field tables ---------------------------------------------------------------

def _num(v: float) -> str:
    """1e15 -> '10^15', 0.5 -> '0.5'."""
    if v and float(v).is_integer() and abs(v) >= 1e5 and math.log10(abs(v)).is_integer():
        return ("-" if v < 0 else "") + f"10^{int(math.log10(abs(v)))}"
    return f"{v:g}"


def _interval(leaf: dict[str, Any]) -> str:
    """``{"exclusiveMinimum": 0, "maximum": 1e15}`` -> ``(0, 10^15]``."""
    if "const" in leaf:
        return f"= {leaf['const']}"
    lo = ("[", leaf["minimum"]) if "minimum" in leaf else ("(", leaf.get("exclusiveMinimum"))
    hi = ("]", leaf["maximum"]) if "maximum" in leaf else (")", leaf.get("exclusiveMaximum"))
    if lo[1] is None and hi[1] is None:
        return ""
    low = "-inf" if lo[1] is None else _num(lo[1])
    high = "inf" if hi[1] is None else _num(hi[1])
    if leaf.get("type") == "integer" and lo[0] == "[" and hi[0] == "]":
        return f"{low}..{high}"
    return f"{lo[0]}{low}, {high}{hi[0]}"


def _type(root: dict[str, Any], node: dict[str, Any]) -> str:
    """A short type name: ``list of number``, ``User``, ``"additive" | "max"``..."""
    if "$ref" in node:
        return next(_branches(root, node)).get("title", "object")
    if "const" in node and "type" not in node:
        return json.dumps(node["const"])
    if "enum" in node:
        return " | ".join(json.dumps(v) for v in node["enum"])
    alts = [s for k in ("anyOf", "oneOf") for s in node.get(k, [])]
    if alts:
        return " or ".join(_type(root, s) for s in alts)
    kind = node.get("type")
    if kind == "array":
        return f"list of {_type(root, node.get('items', {}))}"
    if kind == "object":
        extra = node.get("additionalProperties")
        return f"map of {_type(root, extra)}" if isinstance(extra, dict) else "object"
    return str(kind or "any")


def _range(node: dict[str, Any]) -> str:
    """The ranges that hold for a field: its own numbers, the entries of its lists / maps."""
    parts: list[str] = []
    if "const" in node:
        parts.append(f"= {json.dumps(node['const'])}")
    for branch in [node, *[s for k in ("anyOf", "oneOf") for s in node.get(k, [])]]:
        if "minItems" in branch:
            n = branch["minItems"]
            parts.append("non-empty" if n == 1 else f"at least {n} entries")
        if "minLength" in branch:
            parts.append("non-empty")
        if branch.get("type") in NUMERIC and "const" not in branch:
            parts.append(_interval(branch))
        for key, what in (("items", "each entry"), ("additionalProperties", "each value")):
            for leaf in _numeric_leaves(branch.get(key) or {}) if isinstance(
                    branch.get(key), dict) else ():
                parts.append(f"{what} {_interval(leaf)}")
    return "; ".join(dict.fromkeys(p for p in parts if p))


def _cell(text: str, markup: bool = True) -> str:
    """Text for a Markdown table cell (``markup=False``: escape brackets and stars too, so
    ``matrix[a][b]`` is no reference link)."""
    text = text.replace("|", "\\|").replace("\n", " ")
    if not markup:
        for char in "[]*_":
            text = text.replace(char, "\\" + char)
    return text


def field_rows(schema: dict[str, Any]) -> list[dict[str, str]]:
    """One row per field of the format, nested fields included, in declaration order.

    Parameters
    ----------
    schema : dict
        A schema from ``instance_schema``.

    Returns
    -------
    list[dict]
        Rows with the keys ``path`` (``users[].speedup``), ``type``, ``default`` (``required``
        or the JSON default), ``unit``, ``range``, ``symbol`` and ``meaning``.
    """
    rows: list[dict[str, str]] = []

    def visit(node: dict[str, Any], prefix: str, seen: tuple[str, ...]) -> None:
        required = set(node.get("required", []))
        for name, prop in node.get("properties", {}).items():
            path = f"{prefix}{name}"
            default = ("required" if name in required else json.dumps(prop["default"])
                       if "default" in prop else "optional")
            rows.append({"path": path, "type": _type(schema, prop), "default": default,
                         "unit": prop.get("x-unit", "-"), "range": _range(prop) or "-",
                         "symbol": prop.get("x-symbol", "-"),
                         "meaning": prop.get("description", "")})
            for sub, suffix in _children(prop):
                ref = sub["$ref"].removeprefix("#/$defs/")
                if ref not in seen:
                    visit(schema["$defs"][ref], f"{path}{suffix}.", (*seen, ref))

    visit(schema, "", ())
    return rows


def _children(prop: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """The nested models of a field, with the path suffix (``[]`` for a list entry)."""
    stack: list[tuple[dict[str, Any], str]] = [(prop, "")]
    while stack:
        node, suffix = stack.pop(0)
        if "$ref" in node:
            yield node, suffix
        for s in [s for k in ("anyOf", "oneOf") for s in node.get(k, [])]:
            stack.append((s, suffix))
        if isinstance(node.get("items"), dict):
            stack.append((node["items"], suffix + "[]"))


def fields_table(schema: dict[str, Any]) -> str:
    """The Markdown table of every field of a format (the docs pages publish it).

    Parameters
    ----------
    schema : dict
        A schema from ``instance_schema``.

    Returns
    -------
    str
        A Markdown table: field, meaning, type (and default), unit, range, paper symbol.
    """
    head = ("| Field | Meaning | Type | Unit | Range | Symbol |\n"
            "|---|---|---|---|---|---|\n")
    lines = []
    for r in field_rows(schema):
        symbol = "-" if r["symbol"] == "-" else f"${r['symbol']}$"
        default = r["default"] if r["default"] in ("required", "optional") else (
            f"default `{r['default']}`")
        cells = [_cell(f"`{r['path']}`"), _cell(r["meaning"], False),
                 f"{_cell(r['type'], False)}, {_cell(default)}",
                 *(_cell(r[k], False) for k in ("unit", "range")), _cell(symbol)]
        lines.append("| " + " | ".join(cells) + " |")
    return head + "\n".join(lines) + "\n"
