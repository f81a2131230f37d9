"""Instance formats: the JSON Schemas, ``dlsched schema``, the docs pages, and error paths.

Every instance parser's errors must name a field path that exists in the problem's schema; the
schema must document every field (meaning, unit, range, paper symbol) and state the ranges the
parser enforces; the published files and pages must be what the code generates.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dlsched.cli import main
from dlsched.core.errors import InputError
from dlsched.core.io import from_dict
from dlsched.core.jsonschema import (
    dumps_schema,
    field_rows,
    fields_table,
    instance_schema,
    resolve,
    schema_problems,
)

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[1]
FORMATS = ROOT / "docs" / "formats"
PROBLEMS = ("completion", "ltgf", "oef", "ojpp", "revenue")
NUMERIC = ("number", "integer")


def _schema(problem: str) -> dict[str, Any]:
    return instance_schema(problem)


def _json_blocks(page: Path) -> list[dict[str, Any]]:
    text = page.read_text(encoding="utf-8")
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]


def _minimal(problem: str) -> dict[str, Any]:
    """The annotated minimal instance of the problem's docs page (one source)."""
    return copy.deepcopy(_json_blocks(FORMATS / f"{problem}.md")[0])


def _error(data: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as info:
        from_dict(data)
    return info.value


def _path_ok(schema: dict[str, Any], err: InputError) -> bool:
    """The error's field is a path of the schema; an unknown key is named by its own path under
    an object of the schema that allows no other keys."""
    if resolve(schema, err.field) is not None:
        return True
    if err.reason.startswith("unknown field"):
        parent = resolve(schema, err.field.rsplit(".", 1)[0] if "." in err.field else "<root>")
        if parent is None:
            return False
        for branch in [parent, *parent.get("anyOf", [])]:
            while "$ref" in branch:
                branch = schema["$defs"][branch["$ref"].removeprefix("#/$defs/")]
            if branch.get("type") == "object" and branch.get("additionalProperties") is False:
                return True
    return False


# ---- the schema documents every field ---------------------------------------------------------

def test_every_shipped_problem_has_a_schema() -> None:
    assert set(PROBLEMS) <= set(schema_problems())


@pytest.mark.parametrize("problem", PROBLEMS)
def test_schema_is_valid_draft_2020_12(problem: str) -> None:
    schema = _schema(problem)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["problem"]["const"] == problem


@pytest.mark.parametrize("problem", PROBLEMS)
def test_every_field_has_meaning_unit_symbol_and_numbers_a_range(problem: str) -> None:
    schema = _schema(problem)
    objects = [schema, *schema["$defs"].values()]
    count = 0
    for obj in objects:
        assert obj.get("description"), obj.get("title")
        for name, prop in obj["properties"].items():
            count += 1
            where = f"{obj.get('title')}.{name}"
            assert prop.get("description", "").strip(), where
            assert isinstance(prop.get("x-unit"), str) and prop["x-unit"], where
            assert isinstance(prop.get("x-symbol"), str) and prop["x-symbol"], where
    assert count >= 15
    rows = field_rows(schema)
    numeric = [r for r in rows if "number" in r["type"] or "integer" in r["type"]]
    assert numeric
    for r in numeric:
        assert r["unit"] != "-", r["path"]
        assert r["range"] != "-", r["path"]


def test_known_units_symbols_and_ranges() -> None:
    """Spot checks worked out from the papers' notation and the parsers' rules."""
    oef = _schema("oef")
    count = resolve(oef, "gpu_types[0].count")
    assert (count["x-unit"], count["x-symbol"], count["exclusiveMinimum"]) == ("GPUs", "m_j", 0)
    entry = resolve(oef, "users[0].speedup[1]")
    assert entry["exclusiveMinimum"] == 0 and entry["maximum"] == 10**15
    ojpp = _schema("ojpp")
    burst = resolve(ojpp, "jobs[0].burst_prob")
    assert (burst["minimum"], burst["exclusiveMaximum"], burst["x-symbol"]) == (0, 1, "p_i")
    assert resolve(ojpp, "device_capacity.memory")["exclusiveMinimum"] == 0
    revenue = _schema("revenue")
    assert resolve(revenue, "horizon")["maximum"] == 10**6  # limits.MAX_SLOTS
    assert resolve(revenue, "jobs[0].update_time")["x-unit"] == "ms"
    ltgf = _schema("ltgf")
    assert resolve(ltgf, "jobs[3].submit")["x-unit"] == "s"
    assert resolve(ltgf, "tenants[0].quota")["x-unit"] == "GPUs"
    completion = _schema("completion")
    assert resolve(completion, "jobs[0].chunks")["maximum"] == 10**6  # limits.MAX_WORKERS
    assert resolve(completion, "jobs[0].update_time.p1")["minimum"] == 0


def test_resolve_follows_lists_maps_refs_and_unions() -> None:
    s = _schema("completion")
    assert resolve(s, "<root>") is s
    assert resolve(s, "jobs[4].minibatch_time.any-key")["type"] == "number"
    assert resolve(s, "provenance.a.b[3]") == {}  # free-form
    assert resolve(s, "jobs[0].nope") is None
    assert resolve(s, "horizon[0]") is None
    assert resolve(s, "servers.name") is None  # a list needs an index


# ---- the parsers' errors name schema paths -----------------------------------------------------

def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A copy of ``data`` with the value at ``path`` replaced (``DELETE`` removes the key)."""
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


DELETE = object()

#: (problem, path to change in the page's minimal instance, new value, expected error field,
#:  whether the schema alone refuses it too). Expected fields worked out by hand.
BAD: list[tuple[str, tuple[Any, ...], Any, str, bool]] = [
    ("oef", ("gpu_types", 1, "count"), 0, "gpu_types[1].count", True),
    ("oef", ("users", 0, "speedup", 1), -3, "users[0].speedup[1]", True),
    ("oef", ("users", 0, "speedup", 0), 2, "users[0].speedup[0]", False),
    ("oef", ("users", 1, "throughput"), [1, 2, 3], "users[1].throughput", False),
    ("oef", ("users", 1, "weight"), -1, "users[1].weight", True),
    ("oef", ("users", 0, "colour"), "red", "users[0].colour", True),
    ("oef", ("users", 1, "name"), "alice", "users[1].name", False),
    ("oef", ("users", 0), {"name": "a", "job_types": [{"name": "x", "speedup": [1, "f"]}]},
     "users[0].job_types[0].speedup[1]", True),
    ("oef", ("users", 0), {"name": "a", "job_types": [{"name": "x", "speedup": [1, 0]}]},
     "users[0].job_types[0].speedup[1]", True),
    ("oef", ("users", 0, "min_demand"), 0, "users[0].min_demand", True),
    ("ojpp", ("jobs", 0, "workers"), 0, "jobs[0].workers", True),
    ("ojpp", ("jobs", 0, "burst_prob"), 1, "jobs[0].burst_prob", True),
    ("ojpp", ("jobs", 1, "compute"), 101, "jobs[1].compute", False),
    ("ojpp", ("jobs", 0, "mem_burst"), 9000, "jobs[0].mem_burst", False),
    ("ojpp", ("device_capacity", "memory"), 0, "device_capacity.memory", True),
    ("ojpp", ("jobs", 2, "resources"), {"disk": 1}, "jobs[2].resources.disk", False),
    ("ojpp", ("interference", "matrix", 2, 1), -0.5, "interference.matrix[2][1]", True),
    ("ojpp", ("interference", "matrix", 1), [0, 1], "interference.matrix[1]", False),
    ("ojpp", ("limits", "collision"), -0.1, "limits.collision", True),
    ("ojpp", ("interference", "model"), "min", "interference.model", True),
    ("revenue", ("horizon",), 0, "horizon", True),
    ("revenue", ("horizon",), 10**6 + 1, "horizon", True),
    ("revenue", ("bandwidth", "ps"), 0, "bandwidth.ps", True),
    ("revenue", ("tenants", 1, "quota", "workers"), 5, "tenants", False),
    ("revenue", ("servers", 0, "owner"), "C", "servers[0].owner", False),
    ("revenue", ("jobs", 1, "utility", "kappa"), DELETE, "jobs[1].utility", False),
    ("revenue", ("jobs", 1, "rate", "distributed"), -1, "jobs[1].rate.distributed", True),
    ("revenue", ("jobs", 0, "gradient_size"), DELETE, "jobs[0].gradient_size", False),
    ("revenue", ("jobs", 0, "arrival"), -1, "jobs[0].arrival", True),
    ("completion", ("ps_types",), [], "ps_types", False),
    ("completion", ("servers", 0, "capacity", "cpu"), -1, "servers[0].capacity.cpu", True),
    ("completion", ("worker_types", 0, "demand", "ram"), 2, "worker_types[0].demand.ram", False),
    ("completion", ("jobs", 0, "minibatch_time", "w9"), 1, "jobs[0].minibatch_time.w9", False),
    ("completion", ("jobs", 0, "minibatch_time", "w1"), 0, "jobs[0].minibatch_time.w1", True),
    ("completion", ("jobs", 1, "update_time", "p1"), -1, "jobs[1].update_time.p1", True),
    ("completion", ("jobs", 1, "update_time"), 0.5, "jobs[1].update_time", False),
    ("completion", ("jobs", 1, "arrival"), 11, "jobs[1].arrival", False),
    ("completion", ("horizon",), 10**6 + 1, "horizon", True),
    ("ltgf", ("cluster", "nodes"), 0, "cluster.nodes", True),
    ("ltgf", ("tenants", 0, "quota"), 4, "tenants[0]", False),
    ("ltgf", ("jobs", 1, "gpus"), 32, "jobs[1].gpus", False),
    ("ltgf", ("jobs", 1, "tenant"), "vcZ", "jobs[1].tenant", False),
    ("ltgf", ("jobs", 0, "duration"), 0, "jobs[0].duration", True),
    ("ltgf", ("overhead", "cold_start"), 900, "lease", False),
    ("ltgf", ("schema_version",), 2, "schema_version", True),
    ("ltgf", ("jobs", 1, "submit"), "soon", "jobs[1].submit", True),
]


@pytest.mark.parametrize(("problem", "path", "value", "field", "schema_refuses"), BAD,
                         ids=[f"{c[0]}-{c[3]}-{i}" for i, c in enumerate(BAD)])
def test_bad_input_names_a_schema_path(problem: str, path: tuple[Any, ...], value: Any,
                                       field: str, schema_refuses: bool) -> None:
    schema = _schema(problem)
    data = _set(_minimal(problem), path, value)
    err = _error(data)
    assert err.field == field, str(err)
    assert _path_ok(schema, err), str(err)
    # a single-field range the parser enforces is a range of the schema, too
    valid = jsonschema.Draft202012Validator(schema).is_valid(data)
    assert valid is not schema_refuses, str(err)


@pytest.mark.parametrize("problem", PROBLEMS)
def test_bad_table_has_enough_cases_per_problem(problem: str) -> None:
    cases = [c for c in BAD if c[0] == problem]
    assert len(cases) >= 6
    assert any(c[3].count(".") + c[3].count("[") >= 2 for c in cases)  # nested ones


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path of ``node`` (objects, lists and scalars)."""
    out = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _leaves(v, (*path, i))
    return out


SWEEP = (-1, 0, 0.5, 2, 10**16, "x", "", None, [], {}, [1], True, DELETE)


@pytest.mark.parametrize("problem", PROBLEMS)
def test_sweep_every_error_names_a_schema_path(problem: str) -> None:
    """Replace every value of the minimal instance by wrong ones: each refusal names a path of
    the schema, and whatever the parser accepts, the schema accepts too (it is not stricter)."""
    schema = _schema(problem)
    validator = jsonschema.Draft202012Validator(schema)
    base = _minimal(problem)
    refused = 0
    for path in _leaves(base):
        for value in SWEEP:
            data = _set(base, path, value)
            try:
                from_dict(data)
            except InputError as err:
                refused += 1
                assert _path_ok(schema, err), f"{path}={value!r}: {err}"
            else:
                errors = [e.message for e in validator.iter_errors(data)]
                assert not errors, f"{path}={value!r} parses but the schema says {errors[:1]}"
        if isinstance(path[-1], str):  # an extra key next to this one
            data = _set(base, (*path[:-1], "zz_unknown"), 1)
            try:
                from_dict(data)
            except InputError as err:
                assert _path_ok(schema, err), str(err)
            else:  # a map (e.g. device_capacity): the schema allows the key too
                assert validator.is_valid(data), path
    assert refused > 50


# ---- published files and pages ------------------------------------------------------------

@pytest.mark.parametrize("problem", PROBLEMS)
def test_committed_schema_file_is_what_dlsched_schema_prints(
        problem: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", problem]) == 0
    printed = capsys.readouterr().out
    committed = (FORMATS / "schemas" / f"{problem}.schema.json").read_text(encoding="utf-8")
    assert printed == committed, "stale: run python scripts/schemas.py"
    assert printed == dumps_schema(json.loads(printed))  # stable key order


@pytest.mark.parametrize("problem", PROBLEMS)
def test_docs_page_field_table_is_generated_from_the_schema(problem: str) -> None:
    page = (FORMATS / f"{problem}.md").read_text(encoding="utf-8")
    assert fields_table(_schema(problem)) in page, "stale: run python scripts/schemas.py"
    assert f"(schemas/{problem}.schema.json)" in page
    for row in field_rows(_schema(problem)):
        assert f"`{row['path']}`" in page


@pytest.mark.parametrize("problem", PROBLEMS)
def test_docs_page_json_examples_parse_and_validate(problem: str) -> None:
    blocks = _json_blocks(FORMATS / f"{problem}.md")
    assert blocks
    validator = jsonschema.Draft202012Validator(_schema(problem))
    for data in blocks:
        inst = from_dict(data)
        assert inst.problem == problem
        assert not list(validator.iter_errors(data))


@pytest.mark.parametrize("problem", PROBLEMS)
def test_shipped_instances_validate_against_the_schema(problem: str) -> None:
    files = sorted((ROOT / "instances" / problem).glob("*.json"), key=lambda p: p.stat().st_size)
    validator = jsonschema.Draft202012Validator(_schema(problem))
    small = [f for f in files if f.stat().st_size < 100_000][:4]
    assert small
    for f in small:
        errors = [e.message for e in validator.iter_errors(json.loads(f.read_text()))]
        assert not errors, (f.name, errors[:2])


def test_docs_index_links_every_format_and_nav_lists_them() -> None:
    index = (FORMATS / "index.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for problem in PROBLEMS:
        assert f"({problem}.md)" in index and f"(schemas/{problem}.schema.json)" in index
        assert f"formats/{problem}.md" in nav


# ---- the command ---------------------------------------------------------------------------

def test_schema_unknown_problem_exits_2_naming_the_known_ones(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "oeff"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: problem: unknown problem 'oeff'")
    for problem in PROBLEMS:
        assert problem in err


def test_schema_out_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ltgf.schema.json"
    assert main(["schema", "ltgf", "--out", str(out)]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    assert json.loads(out.read_text()) == json.loads(dumps_schema(_schema("ltgf")))
