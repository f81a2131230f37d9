"""``dlsched params`` and the NumPy docstring reader behind it (``dlsched.core.docstrings``).

Expected values are read off the hand-written docstrings below and off core/limits.py by hand,
never from the code under test.
"""

from __future__ import annotations

import json
from typing import Any, Literal

import pytest

from dlsched import cli
from dlsched.core import ALGORITHMS, MODELS, Result, limits
from dlsched.core.docstrings import Interval, describe, parse, parse_range
from dlsched.core.inputs import FORWARDS
from dlsched.core.registry import Method

# --- the parser --------------------------------------------------------------------------------
DOC = """Allocate GPUs greedily.

    A second paragraph that is not the summary.

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    rounds : int, default 10
        Improvement rounds after the greedy start, e.g. swaps. More rounds, better results.
        Unit: rounds. Range: 0..1000.
    share : float, default: 0.5
        Range: (0, 1]. Unit: dimensionless. Fraction of each GPU type offered.
    low, high : float, optional
        Bounds of the band. Unit: s.
    epochs : tuple[int, int], default (50, 100)
        Range of epochs (drawn uniformly). Unit: epochs.
    name
        A label without a type.
    tie : {"earliest", "latest"}, default="earliest"
        Tie rule.
        Parameters
        ----------
        (an indented look-alike is description, not a section)
    **params
        Passed on to the LP.

    Returns
    -------
    Result
        The allocation.

    Examples
    --------
    >>> 1 + 1
    2
    """


def test_parse_entries_field_by_field() -> None:
    d = parse(DOC)
    assert d.summary == "Allocate GPUs greedily."
    assert list(d.params) == ["inst", "rounds", "share", "low", "high", "epochs", "name", "tie",
                              "params"]
    r = d.params["rounds"]
    assert (r.type, r.default, r.unit, r.range) == ("int", "10", "rounds", "0..1000")
    assert r.meaning == "Improvement rounds after the greedy start, e.g. swaps."  # e.g. not an end
    s = d.params["share"]  # default with a colon; Range and Unit before the meaning
    assert (s.type, s.default, s.unit, s.range) == ("float", "0.5", "dimensionless", "(0, 1]")
    assert s.meaning == "Fraction of each GPU type offered."
    for key in ("low", "high"):  # two names, one entry; ", optional" is not part of the type
        assert (d.params[key].type, d.params[key].default, d.params[key].unit) == ("float", None,
                                                                                   "s")
    e = d.params["epochs"]  # commas inside the type
    assert (e.type, e.default) == ("tuple[int, int]", "(50, 100)")
    assert (d.params["name"].type, d.params["name"].meaning) == ("", "A label without a type.")
    t = d.params["tie"]
    assert (t.type, t.default) == ('{"earliest", "latest"}', '"earliest"')
    assert t.meaning == "Tie rule."
    assert d.params["params"].meaning == "Passed on to the LP."
    assert d.params["inst"].unit is None and d.params["inst"].range is None


def test_parse_sections() -> None:
    d = parse(DOC)
    assert [s for s in ("Parameters", "Returns", "Raises", "Examples") if d.has(s)] == [
        "Parameters", "Returns", "Examples"]
    gen = parse("Numbers.\n\nYields\n------\nint\n    The next one.\n")
    assert gen.has("Returns") and not gen.has("Parameters")
    empty = parse(None)
    assert (empty.summary, empty.params, empty.has("Examples")) == ("", {}, False)
    # a title without its dashes is prose, not a section
    assert not parse("Text.\n\nReturns\nnothing useful\n").has("Returns")


@pytest.mark.parametrize(("text", "expected"), [
    ("0..1000", "0..1000"), ("1..2^32", "1..4294967296"), ("(0, 1]", "(0, 1]"),
    ("[0, 1)", "[0, 1)"), ("[1e-3, 1e7]", "[0.001, 10000000]"), ("[0, 1e15]", "[0, 1e+15]"),
    ("[1, inf)", "[1, inf)"),
    ("positive", None), ("", None), (None, None)])
def test_parse_range(text: str | None, expected: str | None) -> None:
    got = parse_range(text)
    assert (None if got is None else str(got)) == expected


def test_interval_meet_and_within() -> None:
    enforced = Interval(0, 10**6, integer=True)
    assert str(enforced.meet(Interval(1, 1000))) == "1..1000"
    assert str(Interval(0, 1e15).meet(Interval(0, 1, low_open=True))) == "(0, 1]"
    assert Interval(0, 1, low_open=True).within(Interval(0, 1))
    assert not Interval(0, 1).within(Interval(0, 1, low_open=True))
    assert not Interval(0, 2000).within(Interval(1, 1000))


# --- describe: signature + docstring + forwarding + limits -------------------------------------
def _target(*, backend: str = "highs", gap: float = 0.01) -> None:
    """The function extra keywords reach.

    Parameters
    ----------
    backend : str, default "highs"
        The LP solver used.
    gap : float, default 0.01
        Stop gap of the LP. Unit: dimensionless. Range: [0, 1].
    """


def _forwarding(inst: Any, *, steps: int = 5, mode: Literal["a", "b"] = "a",
                **params: Any) -> None:
    """Forward to ``_target``.

    Parameters
    ----------
    inst : object
        The instance.
    steps : int, default 5
        Steps taken. Unit: steps. Range: 1..50.
    mode : str, default "a"
        The mode.
    **params
        Passed on to ``_target``.
    """


@pytest.fixture
def forwarding() -> Any:
    key = f"{__name__}:_forwarding"
    FORWARDS[key] = (f"{__name__}:_target",)
    limits.PARAM_RANGES["test/forwarding"] = {"steps": (2, 100)}
    yield _forwarding
    del FORWARDS[key]
    del limits.PARAM_RANGES["test/forwarding"]


def test_describe_follows_forwarded_keywords(forwarding: Any) -> None:
    params, open_ = describe(forwarding, ranges_key="test/forwarding")
    assert not open_
    rows = {p.name: p for p in params}
    assert list(rows) == ["steps", "mode", "backend", "gap"]
    steps = rows["steps"]  # enforced 2..100 (PARAM_RANGES) meets documented 1..50
    assert (steps.type, steps.default, steps.enforced, steps.documented_range, steps.range,
            steps.unit, steps.meaning, steps.numeric) == (
        "int", "5", "2..100", "1..50", "2..50", "steps", "Steps taken.", True)
    assert rows["mode"].range == "one of: a, b" and not rows["mode"].numeric
    gap = rows["gap"]  # documented by the function it is forwarded to
    assert gap.source.endswith(":_target")
    assert (gap.default, gap.range, gap.unit, gap.enforced) == ("0.01", "[0, 1]",
                                                                 "dimensionless", "[0, 1e+15]")
    assert (rows["backend"].meaning, rows["backend"].numeric) == ("The LP solver used.", False)


def test_describe_reports_an_unfollowed_kwargs() -> None:
    params, open_ = describe(_forwarding)  # no FORWARDS row: the keywords go somewhere unknown
    assert open_ and [p.name for p in params] == ["steps", "mode"]


# --- the command -------------------------------------------------------------------------------
def doc_toy(inst: Any, *, rounds: int = 10, share: float = 0.5,
            tie: Literal["earliest", "latest"] = "earliest", verbose: bool = False) -> Result:
    """A toy method for this test: gives nothing away.

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    rounds : int, default 10
        Improvement rounds after the greedy start. Unit: rounds. Range: 1..1000.
    share : float, default 0.5
        Fraction of each GPU type offered. Unit: dimensionless. Range: (0, 1].
    tie : str, default "earliest"
        Which of two equal jobs goes first.
    verbose : bool, default False
        Whether progress is printed.

    Returns
    -------
    Result
        An empty result.
    """
    return Result("oef", "doc-toy", "error")


@pytest.fixture
def toy_methods() -> Any:
    """``doc-toy`` registered as an OEF algorithm and as an OEF exact model, then removed."""
    ALGORITHMS.add("doc-toy", Method("doc-toy", "oef", "algorithm", "a toy", doc_toy))
    MODELS.add("doc-toy-exact", Method("doc-toy-exact", "oef", "exact", "a toy", doc_toy))
    yield
    del ALGORITHMS._items[("oef", "doc-toy")]
    del MODELS._items[("oef", "doc-toy-exact")]


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert cli.main(["params", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_params_json_field_by_field(toy_methods: None, capsys: pytest.CaptureFixture[str]) -> None:
    ref = _json(capsys, "doc-toy")
    assert (ref["name"], ref["kind"], ref["problem"], ref["passes_on"]) == (
        "doc-toy", "algorithm", "oef", False)
    assert ref["summary"] == "A toy method for this test: gives nothing away."
    assert "solver_options" not in ref
    got = [{k: p[k] for k in ("name", "type", "default", "range", "unit", "meaning")}
           for p in ref["parameters"]]
    assert got == [
        {"name": "rounds", "type": "int", "default": "10", "range": "1..1000", "unit": "rounds",
         "meaning": "Improvement rounds after the greedy start."},
        {"name": "share", "type": "float", "default": "0.5", "range": "(0, 1]",
         "unit": "dimensionless", "meaning": "Fraction of each GPU type offered."},
        {"name": "tie", "type": "str", "default": "'earliest'", "range": "one of: earliest, latest",
         "unit": "", "meaning": "Which of two equal jobs goes first."},
        {"name": "verbose", "type": "bool", "default": "False", "range": "", "unit": "",
         "meaning": "Whether progress is printed."},
    ]
    assert [p["enforced"] for p in ref["parameters"]] == ["0..1000000", "[0, 1e+15]", "", ""]


def test_params_solver_options_of_an_exact_model(toy_methods: None,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    ref = _json(capsys, "doc-toy-exact")
    opts = {p["name"]: p for p in ref["solver_options"]}
    assert list(opts) == ["solver", "time_limit", "mip_gap", "threads", "reproducible"]
    # the ranges are those of core/limits.py: MAX_TIME_LIMIT = 1e6, MAX_THREADS = 256
    assert (opts["time_limit"]["range"], opts["time_limit"]["unit"]) == ("(0, 1000000]", "s")
    assert opts["mip_gap"]["range"] == "[0, 1]"
    assert (opts["threads"]["range"], opts["threads"]["unit"]) == ("1..256", "threads")
    assert all(p["meaning"] for p in opts.values())


def test_params_table(toy_methods: None, capsys: pytest.CaptureFixture[str],
                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.console, "width", 200)  # one line per row
    assert cli.main(["params", "doc-toy"]) == 0
    out = capsys.readouterr().out
    for text in ("rounds", "1..1000", "(0, 1]", "dimensionless", "one of: earliest, latest",
                 "Which of two equal jobs goes first."):
        assert text in out, text


def test_params_generator_and_forwarded(capsys: pytest.CaptureFixture[str]) -> None:
    gen = {p["name"]: p for p in _json(capsys, "oef")["parameters"]}
    assert gen["n"]["enforced"] == "1..100000"  # PARAM_RANGES["oef/generate"]["n"]
    assert gen["seed"]["enforced"] == "0..4294967295"  # PARAM_RANGES["*"]["seed"]
    coop = _json(capsys, "oef-cooperative")  # **params reach solve_oef and the Pyomo backend
    assert {"envy", "backend"} <= {p["name"] for p in coop["parameters"]}
    assert not coop["passes_on"]


def test_params_unknown_method_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["params", "no-such-method"]) == 2
    assert "no-such-method" in capsys.readouterr().err


def test_methods_page_shows_what_the_command_shows(toy_methods: None) -> None:
    """docs/hooks/methods.py renders the rows ``dlsched params`` prints (one source)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "docs" / "hooks" / "methods.py"
    spec = importlib.util.spec_from_file_location("methods_hook", path)
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    page = hook.methods_markdown()
    assert "### `doc-toy` (algorithm)" in page
    assert ("| `rounds` | int | `10` | `1..1000` | rounds | "
            "Improvement rounds after the greedy start. |") in page
    assert "| `tie` | str | `'earliest'` | `one of: earliest, latest` | - |" in page


def test_forwards_to_attribute_names_targets_of_one_variant() -> None:
    """Variants made by one factory share a qualname: each names its own targets."""
    def variant(target: Any) -> Any:
        def run(inst: Any, **params: Any) -> None:
            """One variant."""
        run.forwards_to = (target,)  # type: ignore[attr-defined]
        return run

    first, second = variant(_target), variant(_forwarding)
    assert [p.name for p in describe(first)[0]] == ["backend", "gap"]
    assert [p.name for p in describe(second)[0]] == ["steps", "mode"]
