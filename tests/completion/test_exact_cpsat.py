"""``completion-cpsat`` (:mod:`dlsched.completion.exact.cpsat`): the golden optima of notes §6
and its warm start."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.paper import golden
from dlsched.core import SolveOptions, Status

from .test_paper import SPEC_OPT


@pytest.mark.parametrize("name", sorted(SPEC_OPT))
def test_cpsat_golden(name: str) -> None:
    inst = golden(name)
    res = exact.solve_cp(inst)
    assert res.status is Status.OPTIMAL
    assert res.objective == pytest.approx(SPEC_OPT[name])
    assert ds.check(inst, res) == []


def test_cpsat_warm_start_is_complete_and_never_worse() -> None:
    from dlsched.completion.generate import generate

    inst = generate(n_jobs=12, n_servers=4, horizon=60, architecture="ps", seed=2)
    res = exact.solve_cp(inst, horizon="extended", options=SolveOptions(time_limit=3),
                         lp_bound=False)
    ws = res.stats["warm_start"]
    assert ws["jobs_hinted"] == inst.n_jobs
    assert res.objective is not None and res.objective <= ws["objective"] + 1e-6
    assert ds.check(inst, res) == []
