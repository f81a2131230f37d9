"""Each problem's skeleton plug-in (docs/examples/plugins/<problem>_skeleton.py, shown on
docs/plugins/<problem>.md) registers a method that returns a solution the problem's
independent validator accepts, with the objective recomputed from it (``ds.check``), also
under the rules an instance may state (revenue's time origin, fixed workers and horizon; OEF's
fairness with rows of unequal weight), as the shipped methods do; the OEF skeleton declares
its parameter (``Param``) and an LTGF policy declares its own after registration."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import dlsched as ds
from dlsched import cli
from dlsched.core import PROBLEMS, InputError, inputs, limits, plugins
from dlsched.core.registry import PROBLEM_MODULES, Param, declare_params

REPO = Path(__file__).resolve().parents[1]
SKELETONS = REPO / "docs" / "examples" / "plugins"

#: problem -> (algorithm the skeleton registers, a small shipped instance)
CASES = {
    "oef": ("my-oef-equal", "instances/oef/paper-w1.json"),
    "ojpp": ("my-ojpp-exclusive", "instances/ojpp/golden-o1.json"),
    "revenue": ("my-revenue-serial", "instances/revenue/paper-worked-example.json"),
    "completion": ("my-completion-fifo", "instances/completion/s1-ps.json"),
    "ltgf": ("my-ltgf-fifo", "instances/ltgf/paper-fig6.json"),
}


@pytest.mark.parametrize("problem", sorted(CASES))
def test_skeleton_is_valid(problem: str) -> None:
    name, path = CASES[problem]
    plugins.import_plugin(str(SKELETONS / f"{problem}_skeleton.py"))
    inst = ds.load(REPO / path)
    res = ds.run(inst, name)
    assert res.status.value == "feasible", res.stats
    assert res.solution is not None and res.objective is not None
    assert ds.check(inst, res) == []  # validator + reported objective == recomputed one


def test_every_problem_has_a_skeleton_and_a_page() -> None:
    shipped = {p.name.removesuffix("_skeleton.py") for p in SKELETONS.glob("*_skeleton.py")}
    assert shipped == set(CASES) == set(PROBLEM_MODULES)
    for problem in CASES:
        page = (REPO / "docs" / "plugins" / f"{problem}.md").read_text(encoding="utf-8")
        assert f"examples/plugins/{problem}_skeleton.py" in page  # the page includes the file


def test_known_objectives() -> None:
    """Values worked out by hand from the instance files."""
    plugins.import_plugin(str(SKELETONS / "oef_skeleton.py"))
    plugins.import_plugin(str(SKELETONS / "ojpp_skeleton.py"))
    # paper-w1: 3 users, one GPU of each of 2 types, speedups (1,2), (1,3), (1,4); a third of
    # each type each: (1/3)(1+2) + (1/3)(1+3) + (1/3)(1+4) = 4
    inst = ds.load(REPO / CASES["oef"][1])
    assert ds.run(inst, "my-oef-equal").objective == pytest.approx(4.0)
    assert ds.run(inst, "my-oef-equal", scale=0.5).objective == pytest.approx(2.0)
    # one job per device set: never fewer devices than jobs, never more than workers
    inst = ds.load(REPO / CASES["ojpp"][1])
    used = ds.run(inst, "my-ojpp-exclusive").objective
    assert inst.n_jobs <= used <= sum(j.workers for j in inst.jobs)


# --- the skeletons follow the instance's rules, as the shipped methods do ------------------------
def _revenue_variants() -> list[tuple[str, dict[str, object]]]:
    """(instance, rules) pairs: the shipped revenue instances under each rule the validator
    judges (time origin, fixed worker counts, a horizon a third as long)."""
    out: list[tuple[str, dict[str, object]]] = []
    for path in sorted((REPO / "instances" / "revenue").glob("*.json")):
        for rules in ({"time_origin": "absolute"}, {"fixed_workers": True}, {"horizon": 3}):
            out.append((path.name, rules))
    return out


@pytest.mark.parametrize(("name", "rules"), _revenue_variants())
def test_revenue_skeleton_follows_the_rules(name: str, rules: dict[str, object]) -> None:
    plugins.import_plugin(str(SKELETONS / "revenue_skeleton.py"))
    inst = ds.load(REPO / "instances" / "revenue" / name)
    if "horizon" in rules:  # a third of the instance's horizon: some jobs no longer fit
        rules = {"horizon": max(1, int(inst.horizon) // 3)}
    inst = inst.with_rules(**rules)
    res = ds.run(inst, "my-revenue-serial")
    assert ds.check(inst, res) == []


def _oef_with_weights(fairness: str) -> object:
    """paper-multitype with user u1's weight raised to 3 (rows of unequal weight), stating
    ``fairness``: an equal split of every type is not envy-free there."""
    data = json.loads((REPO / "instances" / "oef" / "paper-multitype.json").read_text())
    data["users"][0]["weight"] = 3.0
    data["fairness"] = fairness
    return PROBLEMS.get("oef").parse(data)


@pytest.mark.parametrize("fairness", ["none", "cooperative", "noncooperative"])
@pytest.mark.parametrize("scale", [1.0, 0.5])
def test_oef_skeleton_follows_the_fairness_rule(fairness: str, scale: float) -> None:
    plugins.import_plugin(str(SKELETONS / "oef_skeleton.py"))
    inst = _oef_with_weights(fairness)
    res = ds.run(inst, "my-oef-equal", scale=scale)
    assert ds.check(inst, res) == []


def test_an_equal_split_is_not_fair_there() -> None:
    """The instances above tell a fair split from a naive one (so the test can fail)."""
    from dlsched.oef.solution import make_solution

    for fairness in ("cooperative", "noncooperative"):
        inst = _oef_with_weights(fairness)
        rows = inst.rows.W.shape[0]
        naive = np.tile(np.asarray(inst.capacity, dtype=float) / rows, (rows, 1))
        assert PROBLEMS.get("oef").check(inst, make_solution(inst, naive)) != []


@pytest.mark.parametrize(("value", "reason"), [(0, "0 is outside (0, 1]"),
                                                (1.5, "1.5 is outside (0, 1]"),
                                                ("half", "expected a number")])
def test_oef_skeleton_declares_its_parameter(value: object, reason: str) -> None:
    plugins.import_plugin(str(SKELETONS / "oef_skeleton.py"))
    inst = ds.load(REPO / CASES["oef"][1])
    with pytest.raises(InputError) as err:
        ds.run(inst, "my-oef-equal", scale=value)
    assert err.value.field == "scale" and reason in err.value.reason
    ref = cli.param_reference("my-oef-equal")
    (scale,) = ref["parameters"]
    assert (scale["range"], scale["unit"]) == ("(0, 1]", "dimensionless")


def test_ltgf_policy_declares_after_registration() -> None:
    """``register_policy`` takes no ``params``: ``declare_params`` adds them (ltgf.md)."""
    plugins.import_plugin(str(SKELETONS / "ltgf_skeleton.py"))
    key = "ltgf/my-ltgf-fifo"
    saved = limits.PARAM_RANGES.get(key)
    try:
        declare_params("ltgf", "my-ltgf-fifo", {"window": Param(float, low=3600, high=1e7)})
        inst = ds.load(REPO / CASES["ltgf"][1])
        with pytest.raises(InputError, match=r"window: 10.0 is outside \[3600, 10000000\]"):
            ds.run(inst, "my-ltgf-fifo", window=10.0)
    finally:
        inputs.DECLARED.pop(key, None)
        if saved is None:
            limits.PARAM_RANGES.pop(key, None)
        else:
            limits.PARAM_RANGES[key] = saved
