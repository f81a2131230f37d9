"""Each problem's skeleton plug-in (docs/examples/plugins/<problem>_skeleton.py, shown on
docs/plugins/<problem>.md) registers a method that returns a solution the problem's
independent validator accepts, with the objective recomputed from it (``ds.check``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dlsched as ds
from dlsched.core import plugins
from dlsched.core.registry import PROBLEM_MODULES

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
