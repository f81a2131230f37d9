"""``wspt-list``, the reference list heuristic (Smith's rule; not in the paper): jobs by
w_j / d^min_j descending, ties by arrival then index, each at its earliest completion. Expected
values are Smith's optimum (computed from its formula) or worked by hand (docstring)."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.completion.generate import generate
from dlsched.core import Status

from .hand import job, one_server, runs
from .test_exact_interval import smith_value


@pytest.mark.parametrize("seed", range(3))
def test_registered_wspt_list_is_smiths_rule_on_one_machine(seed: int) -> None:
    inst = generate(kind="single-machine", n=15, seed=seed)
    res = ds.run(inst, "wspt-list", spread=False)
    assert res.status is Status.FEASIBLE and ds.check(inst, res) == []
    assert res.objective == smith_value(inst.minibatch_time[:, 0], inst.weight)


def test_wspt_list_reports_a_too_short_horizon() -> None:
    inst = generate(kind="single-machine", n=5, seed=0)
    res = ds.run(inst, "wspt-list", horizon=2)
    assert res.status is Status.INFEASIBLE and res.solution is None


def test_wspt_order_ties_by_index() -> None:
    """One 1-GPU server, all arrive at slot 1: j1 (w 2, 2 slots), j2 (w 1, 1 slot), j3 (w 3,
    1 slot). Ratios w / d: 1, 1, 3 -> j3 first (slot 1, C = 2), then the tie j1 / j2 by index:
    j1 slots 2-3 (C = 4), j2 slot 4 (C = 5). Objective 3 x 2 + 2 x 4 + 1 x 5 = 19 (the other tie
    order has the same value, so only the schedule pins the rule)."""
    inst = one_server([job("j1", w=2, v=2.0), job("j2", w=1, v=1.0), job("j3", w=3, v=1.0)],
                      {"gpu": 1})
    res = ds.run(inst, "wspt-list")
    assert runs(res.solution) == {"j1": (2, 4, 1), "j2": (4, 5, 1), "j3": (1, 2, 1)}
    assert res.objective == 19 and ds.check(inst, res) == []
