"""A plug-in declares its parameters' types and ranges (``Param``): ``dlsched params`` shows the
declaration and every input boundary refuses a value outside it (issue #33: a weight in [0, 1]
used to be shown and checked as [0, 1e15]).

The plug-in below is written to a file and imported as a user's would be (``--import``, a
suite's ``imports``); expected ranges and messages are read off its declarations by hand.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import dlsched as ds
from dlsched import cli
from dlsched.bench import load_suite
from dlsched.core import ALGORITHMS, InputError, inputs, limits, plugins
from dlsched.core.registry import Param, declare_params, register_algorithm

ROOT = Path(__file__).resolve().parents[1]
INSTANCE = ROOT / "instances" / "completion" / "s1-ps.json"
NAME, KEY = "decl-toy", "completion/decl-toy"

PLUGIN = '''
"""Test plug-in: declares its parameters; records what reached it in ``stats["got"]``."""
from dlsched.completion.support.lists import list_schedule
from dlsched.core import Result, Status, register_algorithm
from dlsched.core.registry import Param


@register_algorithm(
    "decl-toy", "completion", "declared-parameter toy",
    params={"alpha": Param(float, low=0, high=1, doc="Weight of w_j against arrival.",
                           unit="dimensionless"),
            "rounds": Param(int, low=1, high=10),
            "tie": Param(str, choices=("first", "last"), doc="Tie rule."),
            "verbose": Param(bool, doc="Print nothing louder."),
            "scale": Param(float, low=0.5, high=2)})
def decl_toy(inst, alpha: float = 0.5, rounds: int = 1, tie: str = "first",
             verbose: bool = False, scale: float | None = None) -> Result:
    """Order by a blend of weight and arrival; place by the list schedule.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    alpha : float, default 0.5
        Blend. Range: [0, 0.8].
    rounds : int, default 1
        Unused. Unit: rounds.
    tie : str, default "first"
        Unused.
    verbose : bool, default False
        Unused.
    scale : float or None, default None
        Unused. Unit: slots.
    """
    key = [alpha * float(inst.weight[j]) - (1 - alpha) * float(inst.arrival[j])
           for j in range(inst.n_jobs)]
    order = sorted(range(inst.n_jobs), key=lambda j: -key[j])
    res = list_schedule(inst, order, method="decl-toy")
    if res is None:
        return Result(problem="completion", method="decl-toy", status=Status.INFEASIBLE)
    res.stats["got"] = {"alpha": alpha, "rounds": rounds, "tie": tie, "verbose": verbose,
                        "scale": scale}
    return res
'''


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("plug") / "decl_toy_plugin.py"
    path.write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    plugins.import_plugin(str(path))
    yield path
    del ALGORITHMS._items[("completion", NAME)]
    inputs.DECLARED.pop(KEY, None)
    limits.PARAM_RANGES.pop(KEY, None)
    sys.modules.pop("decl_toy_plugin", None)


# --- shown ------------------------------------------------------------------------------------
def test_params_shows_the_declaration(plugin: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["params", NAME, "--json", "--import", str(plugin)]) == 0
    rows = {p["name"]: p for p in json.loads(capsys.readouterr().out)["parameters"]}
    got = {
        k: (p["type"], p["range"], p["enforced"], p["unit"], p["meaning"]) for k, p in rows.items()
    }
    assert got == {
        # declared [0, 1] met with the docstring's narrower Range: [0, 0.8]
        "alpha": ("float", "[0, 0.8]", "[0, 1]", "dimensionless", "Weight of w_j against arrival."),
        "rounds": ("int", "1..10", "1..10", "rounds", "Unused."),  # unit from the docstring
        "tie": ("str", "one of: first, last", "", "", "Tie rule."),
        "verbose": ("bool", "", "", "", "Print nothing louder."),
        "scale": ("float or None", "[0.5, 2]", "[0.5, 2]", "slots", "Unused."),
    }


def test_params_table_shows_the_range(
    plugin: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli.console, "width", 200)
    assert cli.main(["params", NAME, "--import", str(plugin)]) == 0
    out = capsys.readouterr().out
    for text in ("1..10", "[0.5, 2]", "one of: first, last", "Weight of w_j against arrival."):
        assert text in out, text
    assert "1e+15" not in out  # no generic range left for a declared number


# --- refused at the boundary ------------------------------------------------------------------
BAD = [
    # (parameter, value, words of the reason): out of range, wrong type, not a choice
    ("alpha", 1.5, "1.5 is outside [0, 1]"),
    ("alpha", -0.1, "-0.1 is outside [0, 1]"),
    ("rounds", 11, "11 is outside [1, 10]"),
    ("rounds", 0, "0 is outside [1, 10]"),
    ("rounds", 2.5, "expected an integer, got 2.5"),
    ("alpha", "high", "expected a number, got 'high'"),
    ("alpha", True, "expected a number, got a boolean"),
    ("verbose", 1, "expected true/false, got 1"),
    ("tie", "middle", "unknown value 'middle' (known: first, last)"),
    ("tie", 3, "expected a string, got 3"),
    ("scale", 0.25, "0.25 is outside [0.5, 2]"),
]


@pytest.mark.parametrize(("key", "value", "reason"), BAD)
def test_ds_run_refuses(plugin: Path, key: str, value: Any, reason: str) -> None:
    inst = ds.load(INSTANCE)
    with pytest.raises(InputError) as err:
        ds.run(inst, NAME, **{key: value})
    assert err.value.field == key
    assert reason in err.value.reason


@pytest.mark.parametrize(("key", "value", "reason"), BAD)
def test_cli_run_refuses(
    plugin: Path, key: str, value: Any, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = value if isinstance(value, str) else json.dumps(value)
    code = cli.main(
        ["run", str(INSTANCE), "-a", NAME, "--import", str(plugin), "-p", f"{key}={raw}"]
    )
    assert code == 2
    assert f"--param {key}: {reason}" in capsys.readouterr().err


SUITE = """
[suite]
name = "declared"
imports = ["{plugin}"]

[problems.completion]

[[problems.completion.instances]]
label = "s1"
files = ["{instance}"]

[[problems.completion.methods]]
label = "toy"
algorithm = "decl-toy"
params = {{ {params} }}
"""


@pytest.mark.parametrize(
    ("params", "field", "reason"),
    [
        ("alpha = 1.5", "alpha", "1.5 is outside [0, 1]"),
        ("rounds = 2.5", "rounds", "expected an integer, got 2.5"),
        ('tie = "middle"', "tie", "unknown value 'middle'"),
    ],
)
def test_bench_suite_refuses(
    plugin: Path, tmp_path: Path, params: str, field: str, reason: str
) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SUITE.format(plugin=plugin, instance=INSTANCE, params=params), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_suite(path)
    assert err.value.field == f"problems.completion.methods[0].params.{field}"
    assert reason in err.value.reason


# --- accepted values reach the method -----------------------------------------------------------
def test_values_inside_reach_the_method(plugin: Path, tmp_path: Path) -> None:
    inst = ds.load(INSTANCE)
    res = ds.run(inst, NAME, alpha=1, rounds=10.0, tie="last", verbose=True, scale=None)
    assert res.stats["got"] == {
        "alpha": 1,
        "rounds": 10,
        "tie": "last",
        "verbose": True,
        "scale": None,
    }
    assert type(res.stats["got"]["rounds"]) is int  # 10.0 of an int parameter becomes 10
    path = tmp_path / "s.toml"
    path.write_text(
        SUITE.format(plugin=plugin, instance=INSTANCE, params="alpha = 0.25"), encoding="utf-8"
    )
    suite = load_suite(path)
    assert suite.problems[0].methods[0].params == {"alpha": 0.25}


# --- the declaration itself ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Param(float, low=2, high=1), "Param.low: 2 > high 1"),
        (lambda: Param(list), "Param.type"),
        (lambda: Param(bool, low=0), "Param.low: a bool parameter has no range"),
        (lambda: Param(float, high=float("inf")), "Param.high: expected a finite number"),
        (lambda: Param(int, choices=("a",)), "Param.choices: only a str parameter"),
        (lambda: Param(int, low=0, low_open=True), "Param.low_open: only a float range"),
        (lambda: Param(float, low=1, high=1, low_open=True), "Param.low: 1 >= high 1"),
    ],
)
def test_bad_declarations_are_refused(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make()


def test_declaring_an_unknown_parameter_registers_nothing() -> None:
    def fn(inst: Any, alpha: float = 0.5) -> None: ...

    with pytest.raises(
        ValueError, match="'alhpa' is not a parameter of completion/typo-toy; did you mean 'alpha'"
    ):
        register_algorithm("typo-toy", "completion", "x", params={"alhpa": Param()})(fn)
    assert ("completion", "typo-toy") not in ALGORITHMS._items
    assert "completion/typo-toy" not in inputs.DECLARED


def test_declare_params_after_registration() -> None:
    """The route of a method registered by a helper without ``params`` (an LTGF policy)."""

    def fn(inst: Any, *, share: float = 0.5) -> None:
        """Toy."""

    register_algorithm("late-toy", "completion", "x")(fn)
    try:
        inst = ds.load(INSTANCE)
        assert inputs.check_params(fn, {"share": 3.0}, "m", ranges_key="completion/late-toy")
        declare_params("completion", "late-toy", {"share": Param(float, low=0, high=1)})
        assert limits.PARAM_RANGES["completion/late-toy"] == {"share": (0, 1)}
        with pytest.raises(InputError, match=r"share: 3.0 is outside \[0, 1\]"):
            ds.run(inst, "late-toy", share=3.0)
    finally:
        del ALGORITHMS._items[("completion", "late-toy")]
        inputs.DECLARED.pop("completion/late-toy", None)
        limits.PARAM_RANGES.pop("completion/late-toy", None)


def test_shipped_ranges_are_one_table_with_declarations() -> None:
    """A shipped method's range (core/limits.py: ojpp adjustment rho in [0, 1]) and a
    declaration are read from the same table by the same check."""
    assert limits.PARAM_RANGES["ojpp/adjustment"]["rho"] == (0, 1)
    method = ALGORITHMS.get("adjustment", problem="ojpp")
    with pytest.raises(InputError, match=r"rho: 1.5 is outside \[0, 1\]"):
        inputs.check_params(method.run, {"rho": 1.5}, "m", prefix="", ranges_key="ojpp/adjustment")
