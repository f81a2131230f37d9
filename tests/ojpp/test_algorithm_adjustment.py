"""OJPAP: the adjustment algorithm (Alg. 4), checked against the brute-force optimum of a
re-placement (validator only) and by the validator on every output (ojpap-exact itself:
test_exact_ojpap.py)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.ojpp.algorithms.adjustment import adjust_once, max_slowdown
from dlsched.ojpp.solution import counts
from dlsched.ojpp.validate import check

from .helpers import golden
from .strategies import tiny_instances


def _additive(inst) -> bool:
    return inst.interference_model == "additive"


@settings(max_examples=15, deadline=None)
@given(inst=tiny_instances(max_workers=6, variants=False), seed=st.integers(0, 3))
def test_adjustment_output_validates_and_respects_budget(inst, seed):
    if inst.limits.interference is None:
        with pytest.raises(ds.InputError):
            ds.run(inst, "adjustment")
        return
    res = ds.run(inst, "adjustment", seed=seed, steps=20, spike_prob=0.2, budget=1.0)
    assert res.ok and ds.check(inst, res) == []
    assert res.stats["migration_cost"] <= res.stats["triggers"] * 1.0 + 1e-9


def test_adjust_once_never_beats_exact_and_respects_budget():
    for seed in range(3):
        inst = ds.generate("ojpp", workload="i-high", n_jobs=5, max_workers=3, seed=seed)
        start = ds.run(inst, "heuristic")
        Y = counts(inst, start.solution)
        Y0 = Y.copy()
        from dlsched.ojpp.algorithms.adjustment import device_thetas

        log = adjust_once(inst, Y, device_thetas(inst, Y), budget=2.0)
        assert log.spent <= 2.0 + 1e-9
        names = [j.name for j in inst.jobs]
        sol = {"devices": [{names[i]: int(v) for i, v in enumerate(r) if v} for r in Y]}
        assert check(inst, sol) == []
        # static interference: every accepted move lowers the worst device it touches
        assert max_slowdown(inst, Y) <= max_slowdown(inst, Y0) + 1e-12
        from dlsched.ojpp.exact.ojpap import ojpap_instance

        exact = ds.solve(ojpap_instance(inst, start.solution, 2.0), model="ojpap-exact",
                         time_limit=20)
        if exact.status is ds.Status.OPTIMAL:
            assert exact.objective <= max_slowdown(inst, Y) + 1e-9


def test_adjustment_restores_interference_under_spikes():
    inst = ds.generate("ojpp", workload="i-high", n_jobs=8, max_workers=4, seed=5)
    res = ds.run(inst, "adjustment", seed=2, steps=30)
    assert res.ok and ds.check(inst, res) == []
    assert res.stats["triggers"] >= 0 and len(res.stats["max_ewma"]) == 30


def test_bad_parameters_name_the_field():
    inst = golden()
    with pytest.raises(ds.InputError, match="ewma"):
        ds.run(inst, "adjustment", ewma=1.5)
    from dlsched.ojpp.exact.ojpap import ojpap_instance

    with pytest.raises(ds.InputError, match="reference"):  # not every worker placed
        ojpap_instance(inst, {"devices": [{"A": 2}]})
    stated = ojpap_instance(inst)
    with pytest.raises(ds.InputError, match="initial"):  # another reference: another problem
        ds.solve(stated, model="ojpap-exact",
                 initial={"devices": [{"A": 2}, {"B": 2}, {"B": 1}, {"C": 2}]})
    with pytest.raises(ds.InputError, match="objective"):  # an OJPP instance is not OJPAP
        ds.solve(inst, model="ojpap-exact")


# ---- budget, guard and reversals (notes §6.4) -------------------------------------------------
def _guard_instance(i_bc: float):
    """A+B share device 0 (each slows the other by 0.1: theta_0 = 0.1); C is alone on device 1.
    Moving B (the cheapest worker of device 0) next to C gives theta_1 = i_bc."""
    from dlsched.ojpp import parse

    jobs = [{"name": n, "workers": 1, "compute": 0.3, "mem_base": 0.1, "mem_burst": 0.1,
             "burst_prob": 0.01, "migration_cost": c} for n, c in (("A", 2.0), ("B", 1.0),
                                                                   ("C", 2.0))]
    I = [[0.0, 0.1, 0.0], [0.1, 0.0, i_bc], [0.0, i_bc, 0.0]]
    return parse({"problem": "ojpp", "name": "guard", "jobs": jobs,
                  "interference": {"model": "additive", "matrix": I},
                  "limits": {"collision": 0.1, "interference": 0.2, "balance": 0.1}})


@pytest.mark.parametrize(("i_bc", "guard", "moves"), [
    (0.15, "observed", [(1, 0, 1)]),  # observed 0.3 (noise x3) > predicted 0.15 x factor 1
    (0.15, "model", []),              # modelled 0.15 is not below device 0's modelled 0.1
    (0.05, "model", [(1, 0, 1)]),     # modelled 0.05 < 0.1: a real improvement
])
def test_guard_model_does_not_chase_noise(i_bc, guard, moves):
    inst = _guard_instance(i_bc)
    Y = np.array([[1, 1, 0], [0, 0, 1]])
    obs = np.array([0.3, 0.0])  # device 0 observed at 3x its modelled 0.1; device 1 lone
    log = adjust_once(inst, Y, obs, budget=10.0, guard=guard)
    assert log.moves == moves
    assert log.spent == (1.0 if moves else 0.0)  # c_B = 1


def test_reversals_count_moves_that_undo_an_earlier_one():
    from dlsched.ojpp.algorithms.adjustment import reversals

    assert reversals([(0, 1, 2), (1, 0, 3), (0, 2, 1)]) == 1  # job 0: 1 -> 2, then 2 -> 1
    assert reversals([(0, 1, 2), (0, 2, 3)]) == 0  # onward, not back
    assert reversals([(0, 1, 2), (1, 2, 1)]) == 0  # another job's worker
    assert reversals([(0, 1, 2), (0, 2, 1), (0, 1, 2), (0, 2, 1)]) == 3


def test_budget_readings():
    from dlsched.ojpp.algorithms.adjustment import resolve_budget

    inst = golden()  # migration cost 1 for every job (default), 7 workers
    assert resolve_budget(inst, None) == float("inf")
    assert resolve_budget(inst, "5pct") == 1.0  # max(min c = 1, 0.05 * 7 = 0.35)
    assert resolve_budget(inst, 2.5) == 2.5
    with pytest.raises(ds.InputError, match="budget"):
        resolve_budget(inst, "all")


def test_adjustment_trace_reports_reversals_and_the_guard():
    inst = ds.generate("ojpp", workload="i-high", n_jobs=8, max_workers=4, seed=5)
    res = ds.run(inst, "adjustment", seed=2, steps=20, spike_prob=0.2, guard="observed",
                 budget="5pct")
    assert res.stats["guard"] == "observed" and res.stats["reversals"] <= res.stats["moves"]
    assert len(res.stats["mean_observed"]) == 20
