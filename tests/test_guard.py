"""core.guard: a lying or failing exact model never reaches the user with a wrong label.

The fake models below return what a buggy solver could (infeasible on a feasible instance, an
'optimal' worse than a heuristic, no incumbent at the limit, an invalid solution); the guard must
turn each into an honest result.
"""

from __future__ import annotations

import dlsched as ds
from dlsched.core import Result, Status
from dlsched.core.guard import guarded


def _inst():
    return ds.generate("ojpp", seed=1, n_jobs=5, max_workers=3)


def _heuristic_best(inst) -> float:
    from dlsched.ojpp.exact.crosscheck import CROSSCHECK

    vals = [ds.run(inst, a) for a in CROSSCHECK["ojpp-cpsat"].algorithms]
    return min(r.objective for r in vals if r.ok and ds.check(inst, r) == [])


def _fake(status: Status, objective=None, solution=None, calls=None):
    def model(inst, *, options=None, **_):
        if calls is not None:
            calls.append(options.presolve)
        return Result("ojpp", "fake", status, objective=objective, solution=solution)

    return model


def test_infeasible_refuted_by_a_heuristic_is_an_error_with_the_valid_solution():
    inst, calls = _inst(), []
    res = guarded("ojpp", "ojpp-cpsat", _fake(Status.INFEASIBLE, calls=calls))(inst)
    assert res.status is Status.ERROR
    assert calls == [True, False]  # re-solved once with presolve off
    assert "infeasible" in res.stats["crosscheck"]["conflict"]
    assert ds.check(inst, res) == [] and res.objective == _heuristic_best(inst)


def test_optimal_worse_than_a_heuristic_is_an_error():
    inst = _inst()
    best = _heuristic_best(inst)
    worse = ds.run(inst, "heuristic").solution
    worse = {"devices": [*worse["devices"], {}]} if "devices" in worse else worse
    res = guarded("ojpp", "ojpp-cpsat", _fake(Status.OPTIMAL, best + 1, worse))(inst)
    assert res.status is Status.ERROR
    assert "optimal" in res.stats["crosscheck"]["conflict"]
    assert res.objective == best


def test_time_limit_without_incumbent_gets_the_best_heuristic():
    inst = _inst()
    res = guarded("ojpp", "ojpp-cpsat", _fake(Status.TIME_LIMIT))(inst)
    assert res.status is Status.TIME_LIMIT
    assert res.stats["incumbent_from"]
    assert res.objective == _heuristic_best(inst) and ds.check(inst, res) == []


def test_invalid_solution_is_an_error():
    inst = _inst()
    bad = {"devices": [{inst.jobs[0].name: 1}]}  # misses every other worker
    res = guarded("ojpp", "ojpp-cpsat", _fake(Status.OPTIMAL, 1.0, bad))(inst)
    assert res.status is Status.ERROR and res.stats["violations"]


def test_true_labels_pass_unchanged():
    inst = _inst()
    res = ds.solve(inst, model="ojpp-cpsat")
    assert res.status is Status.OPTIMAL
    assert res.objective <= _heuristic_best(inst)
    assert "conflict" not in res.stats["crosscheck"]


def test_registered_models_are_guarded():
    for _, method in ds.core.MODELS.items():
        assert hasattr(method.run, "__wrapped__"), method.name


def test_optional_heuristics_stop_at_the_time_limit():
    # OEF's gandiva-fair trades for ~5 s on 200 users x 10 types; the efficiency LP takes
    # milliseconds. The guard's optional comparison must end at the caller's limit.
    inst = ds.generate("oef", n=200, k=10, seed=0)
    res = ds.solve(inst, model="oef-efficiency", time_limit=0.5)
    assert res.status is Status.OPTIMAL and ds.check(inst, res) == []
    log = res.stats["crosscheck"]
    assert "gandiva-fair" in log.get("stopped_at_limit", []) + log.get("skipped", [])


def test_deadline_blocks_nest_and_are_inert_outside():
    import pytest

    from dlsched.core.deadline import DeadlineExceeded, check_deadline, deadline

    check_deadline()  # no deadline: never raises
    with deadline(None):
        check_deadline()
    with deadline(3600.0):
        check_deadline()
        with deadline(0.0), pytest.raises(DeadlineExceeded):
            check_deadline()
        check_deadline()  # the outer, later deadline is back
    with deadline(0.0), deadline(3600.0), pytest.raises(DeadlineExceeded):
        check_deadline()  # an inner block cannot extend the outer deadline


def test_stopped_solve_that_used_its_limit_still_gets_a_better_heuristic_incumbent():
    # ojpp-cpsat used its whole 20 s on 80 jobs and returned 238 devices while greedy finds 215
    # in 30 ms: the guard's grace after the limit lets the fast heuristics replace it
    import time

    from dlsched.core import SolveOptions

    inst = _inst()
    best = _heuristic_best(inst)
    worse = ds.run(inst, "heuristic").solution
    worse = {"devices": [*worse["devices"], {}]} if "devices" in worse else worse

    def slow(inst, *, options=None, **_):
        time.sleep(options.time_limit)
        return Result("ojpp", "fake", Status.TIME_LIMIT, objective=best + 1, solution=worse)

    res = guarded("ojpp", "ojpp-cpsat", slow)(inst, options=SolveOptions(time_limit=0.2))
    assert res.status is Status.TIME_LIMIT and res.objective == best
    assert res.stats["incumbent_from"] and ds.check(inst, res) == []
