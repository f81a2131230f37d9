"""Every method and generator parameter is refused as an ``InputError`` naming it.

The sweep calls each registered exact model, algorithm and generator through the API with
(a) an unknown keyword, (b) each numeric parameter at -1, as a NaN-like string and far beyond
any limit, (c) a value of the wrong type, and (d) each string parameter with a value no method
knows. Only invalid values are passed, so nothing is solved: a call that returns is a bug (a
parameter silently ignored), and so is any exception other than an ``InputError`` whose field
is the parameter. The CLI test checks one case per problem end to end (exit 2,
``error: --param NAME: ...``).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

import dlsched as ds
from dlsched.core import ALGORITHMS, MODELS, PROBLEMS, InputError, inputs

ROOT = Path(__file__).resolve().parents[1]
PROBLEM_NAMES = ("completion", "ltgf", "oef", "ojpp", "revenue")
#: the smallest shipped instance of each problem
SMALLEST = {"completion": "s3.json", "ltgf": "paper-fig6.json", "oef": "paper-eq6.json",
            "ojpp": "golden-o1.json", "revenue": "small-3jobs.json"}
#: string parameters that take free text (any value is valid)
FREE_TEXT = {"name"}

_CACHE: dict[str, Any] = {}


def _inst(problem: str) -> Any:
    if problem not in _CACHE:
        _CACHE[problem] = ds.load(ROOT / "instances" / problem / SMALLEST[problem])
    return _CACHE[problem]


def _targets() -> list[tuple[str, str, str, Any]]:
    """(kind, problem, name, callable) of every model, algorithm and generator."""
    out = []
    for reg, kind in ((MODELS, "model"), (ALGORITHMS, "algorithm")):
        for name, m in reg.items():
            out.append((kind, m.problem, name, m.run))
    for p in PROBLEM_NAMES:
        out.append(("generator", p, "generate", PROBLEMS.get(p).generate))
    return out


def _bad_values(par: inspect.Parameter, namespace: dict[str, Any]) -> list[tuple[str, Any]]:
    """(label, value) pairs that are invalid for ``par`` whatever the method."""
    kinds, _ = inputs._spec(par, namespace)
    if kinds is None:
        return []
    out: list[tuple[str, Any]] = []
    if kinds & {"int", "float"}:
        out += [("neg", -1), ("huge", 10**16)]
        if "str" not in kinds:
            out += [("nan-str", "nan"), ("inf-str", "inf")]
    if "str" in kinds and par.name not in FREE_TEXT:
        out.append(("unknown-str", "zz-no-such-value"))
    if "list" not in kinds and "dict" not in kinds:
        out.append(("list", [1, 2]))
    elif "str" not in kinds and not kinds & {"int", "float"}:
        out.append(("str", "zz-text"))
    return out


def _cases() -> list[Any]:
    cases = []
    for kind, problem, name, fn in _targets():
        takes = kind != "generator"
        cases.append(pytest.param(kind, problem, name, "zz_unknown", 1,
                                  id=f"{problem}-{name}-unknown-keyword"))
        known, _ = inputs.signature_params(fn, takes_instance=takes)
        for pname, (par, ns) in sorted(known.items()):
            for label, value in _bad_values(par, ns):
                cases.append(pytest.param(kind, problem, name, pname, value,
                                          id=f"{problem}-{name}-{pname}-{label}"))
    return cases


def _call(kind: str, problem: str, name: str, params: dict[str, Any]) -> Any:
    if kind == "generator":
        return ds.generate(problem, **params)
    if kind == "model":
        return ds.solve(_inst(problem), model=name, time_limit=5, **params)
    return ds.run(_inst(problem), name, **params)


@pytest.mark.parametrize(("kind", "problem", "name", "param", "value"), _cases())
def test_bad_parameter_is_an_input_error_naming_it(kind, problem, name, param, value):
    with pytest.raises(InputError) as info:
        _call(kind, problem, name, {param: value})
    assert info.value.field == param, (info.value.field, info.value.reason)
