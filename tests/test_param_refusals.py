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
    """(kind, problem, name, callable) of every shipped model, algorithm and generator (a test
    plug-in registered in this process, e.g. the bench's toy problem, is not dlsched's)."""
    out = []
    for reg, kind in ((MODELS, "model"), (ALGORITHMS, "algorithm")):
        for name, m in reg.items():
            if m.problem in PROBLEM_NAMES and m.run.__module__.startswith("dlsched."):
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


def _model_inst(problem: str, name: str) -> Any:
    """The smallest instance stating the problem exact model ``name`` solves (so the bad
    parameter, not the instance's statement, is what is refused): an OEF model's fairness
    rule, the slotted statement of the LTGF exact models."""
    from dlsched.oef.rules import for_model

    inst = _inst(problem)
    if problem == "oef":
        return for_model(inst, name)
    if problem == "ltgf" and inst.time != "slotted":
        return inst.slotted()
    return inst


def _call(kind: str, problem: str, name: str, params: dict[str, Any]) -> Any:
    if kind == "generator":
        return ds.generate(problem, **params)
    if kind == "model":
        return ds.solve(_model_inst(problem, name), model=name, time_limit=5, **params)
    return ds.run(_inst(problem), name, **params)


@pytest.mark.parametrize(("kind", "problem", "name", "param", "value"), _cases())
def test_bad_parameter_is_an_input_error_naming_it(kind, problem, name, param, value):
    with pytest.raises(InputError) as info:
        _call(kind, problem, name, {param: value})
    assert info.value.field == param, (info.value.field, info.value.reason)
    # refused where the parameter is read, not by the API's catch-all for a stray exception
    assert not info.value.reason.startswith("refused ("), info.value.reason


def _direct_cases() -> list[Any]:
    """The refusals reported while documenting, called below the API (no parameter check, no
    catch-all): the function that reads the parameter refuses it itself."""
    from dlsched.completion import generate as completion_generate
    from dlsched.completion.baselines.fifo import fifo
    from dlsched.ltgf.support.simulate import run_policy
    from dlsched.oef import generate as oef_generate
    from dlsched.ojpp import generate as ojpp_generate
    from dlsched.revenue import generate as revenue_generate
    from dlsched.revenue.algorithms import a_maxirev, a_round, astraea
    from dlsched.revenue.baselines import batchsche, gandiva_fair, hived

    ltgf, comp, rev = _inst("ltgf"), _inst("completion"), _inst("revenue")
    cases = [
        (run_policy, (ltgf, "themis"), {"offer": "nope"}, "offer"),
        (run_policy, (ltgf, "astraea-ltgf"), {"tenant_share": "9"}, "tenant_share"),
        (run_policy, (ltgf, "astraea-ltgf"), {"t_begin_window": 0}, "t_begin_window"),
        (run_policy, (ltgf, "yarn-cs"), {"quantum": 5}, "quantum"),
        (completion_generate, (), {"kind": "single"}, "kind"),
        (completion_generate, (), {"kind": "single-machine", "n_jobs": 3}, "n_jobs"),
        (completion_generate, (), {"epochs": (9, 3)}, "epochs"),
        (fifo, (comp,), {"max_workers": 0}, "max_workers"),
        (astraea, (rev,), {"bogus": 1}, "bogus"),
        (a_round, (rev,), {"l_extra": 3}, "l_extra"),
        (a_maxirev, (rev,), {"mincost": "x"}, "mincost"),
        (a_maxirev, (rev,), {"lam": 2.5}, "lam"),
        (astraea, (rev,), {"lam": "x"}, "lam"),
        (astraea, (rev,), {"time_origin": "abs"}, "time_origin"),
        (batchsche, (rev,), {"worker_cap": "all"}, "worker_cap"),
        (a_round, (rev,), {"batch": 40}, "batch"),
        (gandiva_fair, (rev,), {"time_origin": "absolut"}, "time_origin"),
        (hived, (rev,), {"time_origin": "now"}, "time_origin"),
        (revenue_generate, (), {"scale": "tiny"}, "scale"),
        (revenue_generate, (), {"utility": "concave"}, "utility"),
        (revenue_generate, (), {"n_servers": 1, "n_tenants": 2}, "n_servers"),
        (oef_generate, (), {"n": 0}, "n"),
        (oef_generate, (), {"k": 2, "counts": [1.0]}, "counts"),
        (ojpp_generate, (), {"workload": "heavy"}, "workload"),
        (ojpp_generate, (), {"n_jobs": 0}, "n_jobs"),
        (ojpp_generate, (), {"active": "memory"}, "active"),
        (ojpp_generate, (), {"interference_model": "sum"}, "interference_model"),
    ]
    return [pytest.param(fn, args, kw, field, id=f"{fn.__name__}-{field}")
            for fn, args, kw, field in cases]


@pytest.mark.parametrize(("fn", "args", "kwargs", "field"), _direct_cases())
def test_reported_refusal_at_the_source(fn, args, kwargs, field):
    with pytest.raises(InputError) as info:
        fn(*args, **kwargs)
    assert info.value.field == field, (info.value.field, info.value.reason)


@pytest.mark.parametrize(("kind", "problem", "name", "forwarded"), [
    ("model", "ltgf", "ltgf-milp", {"objective", "slots", "method", "max_iter",
                                    "lexicographic", "bound_share", "window"}),
    ("model", "ltgf", "ltgf-cpsat", {"slots", "method", "max_iter", "lexicographic",
                                     "bound_share"}),
    ("model", "ojpp", "ojpp-compact", {"cuts", "top_down_share"}),
    ("model", "ojpp", "ojpp-cpsat", {"hint", "table", "table_limit", "top_down_share"}),
    ("algorithm", "oef", "gandiva-fair-trading", {"max_trades", "eps", "gap_tol"}),
    ("algorithm", "ltgf", "themis", {"window", "validate", "lease", "synchronized",
                                     "strict_placement", "f", "error", "seed", "offer",
                                     "estimate", "cancel_share"}),
    ("algorithm", "revenue", "mincost-d", {"batch", "fixed_workers", "lam", "theta",
                                           "theta_scale", "time_origin",
                                           "reject_negative_actual", "worker_cap"}),
    ("algorithm", "revenue", "astraea", {"fixed_workers", "lam", "theta", "theta_scale",
                                         "time_origin", "reject_negative_actual",
                                         "worker_cap", "l_extra", "phases", "mincost"}),
])
def test_forwarded_parameters_are_known_and_closed(kind, problem, name, forwarded):
    """A method passing ``**params`` on declares where (``FORWARDS`` or a signature): the
    parameter check knows exactly these keywords and refuses any other."""
    reg = MODELS if kind == "model" else ALGORITHMS
    known, open_ = inputs.signature_params(reg.get(name, problem=problem).run)
    assert set(known) == forwarded
    assert not open_


def test_no_registered_method_or_generator_takes_any_keyword():
    """Every method and generator has a closed parameter list (an open ``**params`` would let
    an unknown keyword through the parameter check)."""
    open_ = [f"{p}/{n}" for kind, p, n, fn in _targets()
             if inputs.signature_params(fn, takes_instance=kind != "generator")[1]]
    assert open_ == []


@pytest.mark.parametrize(("argv", "param"), [
    (["generate", "completion", "-p", "kind=single"], "kind"),
    (["run", "instances/ltgf/paper-fig6.json", "-a", "themis", "-p", "offer=nope"], "offer"),
    (["generate", "oef", "-p", "n=0"], "n"),
    (["solve", "instances/ojpp/golden-o1.json", "-m", "ojpp-compact", "-p", "zz=1"], "zz"),
    (["run", "instances/revenue/small-3jobs.json", "-a", "astraea", "-p", "lam=nan"], "lam"),
], ids=["completion", "ltgf", "oef", "ojpp", "revenue"])
def test_cli_refusal_exits_2_naming_the_param(argv, param, capsys, monkeypatch):
    from dlsched.cli import main

    monkeypatch.chdir(ROOT)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --param {param}: "), err
    assert "Traceback" not in err
