"""Wall-clock limits (issue 20, item 3): the fixes behind benchmarks/time-limits.md, on small
instances. No timing of large instances here (that is benchmarks/time_limits.py): each test
pins a mechanism — the budget of a command, a model stopped by the deadline, the OEF bound of
a stopped solve, the registry's imports, the rewritten bound / size computations."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import highspy
import numpy as np
import pytest

import dlsched as ds
from dlsched.core import Result, SolveOptions, Status
from dlsched.core.deadline import (
    EXIT_RESERVE_S,
    MIN_LIMIT_S,
    check_deadline,
    command_budget,
    deadline,
    process_age,
    remaining,
)
from dlsched.core.guard import guarded
from dlsched.core.highs import lagrangian_bound

ROOT = Path(__file__).resolve().parents[1]


# --- the budget of a command ------------------------------------------------------------------
def test_process_age_counts_from_the_process_start():
    a = process_age()
    time.sleep(0.2)
    b = process_age()
    assert a > 0 and 0.15 <= b - a <= 1.0


def test_process_age_includes_time_before_dlsched_was_imported():
    # the interpreter sleeps 0.6 s before importing dlsched: a clock started at import misses it
    code = ("import time; time.sleep(0.6)\n"
            "from dlsched.core.deadline import process_age; print(process_age())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "src")}, timeout=60, check=True)
    assert float(out.stdout) >= 0.55


def test_remaining_budget_never_reaches_zero_and_keeps_none():
    assert remaining(None, 5.0) is None
    assert remaining(5.0, 2.0) == 3.0
    assert remaining(5.0, 7.0) == MIN_LIMIT_S
    before = process_age()
    budget = command_budget(100.0)
    after = process_age()
    assert budget is not None
    assert max(MIN_LIMIT_S, 100.0 - EXIT_RESERVE_S - after) <= budget
    assert budget <= max(MIN_LIMIT_S, 100.0 - EXIT_RESERVE_S - before)


# --- a model stopped by the deadline ------------------------------------------------------------
def _ojpp():
    return ds.generate("ojpp", seed=1, n_jobs=5, max_workers=3)


def test_model_whose_python_loop_hits_the_deadline_returns_time_limit():
    # a model loop that checks the deadline after its limit: the guard turns the stop into
    # status time_limit (not a DeadlineExceeded traceback) and the heuristics supply a schedule
    def slow(inst, *, options=None, **_):
        while True:
            time.sleep(0.01)
            check_deadline()

    inst = _ojpp()
    t = time.perf_counter()
    res = guarded("ojpp", "ojpp-cpsat", slow)(inst, options=SolveOptions(time_limit=0.05))
    assert time.perf_counter() - t < 3.0
    assert res.status is Status.TIME_LIMIT
    assert "stopped" in res.stats or res.stats.get("incumbent_from")
    assert res.solution is not None and ds.check(inst, res) == []


def test_guard_heuristics_get_only_the_grace_after_a_model_that_used_its_limit():
    # the model returns nothing after its whole limit: even the heuristics that would give it an
    # incumbent run inside the grace (before issue 20 they ran unbounded)
    from dlsched.core import guard

    inst = ds.load(ROOT / "instances" / "revenue" / "philly-vc-4pervc-paper-linear-seed0.json")

    def spent(inst, *, options=None, **_):
        time.sleep(options.time_limit)
        return Result("revenue", "fake", Status.TIME_LIMIT)

    limit = 0.2
    res = guarded("revenue", "revenue-milp", spent)(inst, options=SolveOptions(time_limit=limit))
    log = res.stats["crosscheck"]
    grace = guard.GRACE_SHARE * limit + guard.GRACE_S
    ran = sum(log.get("seconds", {}).values())
    assert ran <= grace + 1.5  # one heuristic loop step may overrun the grace a little
    assert "astraea" in log.get("skipped", []) + log.get("stopped_at_limit", [])


@pytest.mark.parametrize("model", ["revenue-milp", "revenue-cpsat"])
def test_revenue_model_with_an_exhausted_budget_returns_a_valid_incumbent(model):
    inst = ds.load(ROOT / "instances" / "revenue" / "philly-vc-2pervc-small-linear-seed0.json")
    res = ds.solve(inst, model=model, time_limit=MIN_LIMIT_S)
    assert res.status is Status.TIME_LIMIT
    assert res.solution is not None and ds.check(inst, res) == []
    assert res.objective >= 0.0  # the empty schedule (revenue 0) or a heuristic's


@pytest.mark.parametrize("model", ["completion-interval", "completion-cpsat", "completion-milp"])
def test_completion_model_with_an_exhausted_budget_is_honest(model):
    inst = ds.load(ROOT / "instances" / "completion" / "s1-ps.json")
    res = ds.solve(inst, model=model, time_limit=MIN_LIMIT_S)
    # never a wrong label: stopped (any incumbent valid) or, at most, a proven optimum
    assert res.status in (Status.TIME_LIMIT, Status.OPTIMAL)
    if res.solution is not None:
        assert ds.check(inst, res) == []
    if res.status is Status.OPTIMAL:
        assert res.bound is not None and res.objective <= res.bound * (1 + 1e-9)


def test_interval_model_stopped_before_cpsat_keeps_its_warm_start():
    # the deadline passes inside the model after the warm start was found: the warm start is
    # returned (status time_limit), not dropped
    from dlsched.completion.exact import interval as interval_cpsat

    inst = ds.load(ROOT / "instances" / "completion" / "s1-ps.json")
    heur = interval_cpsat.incumbent_pool(inst, int(inst.horizon))
    assert heur is not None
    state = {"t0": time.perf_counter(), "stats": {}, "tmax": int(inst.horizon), "heur": heur}
    with deadline(0.0):
        res = interval_cpsat._stopped(inst, state, SolveOptions(time_limit=1.0))
    assert res.status is Status.TIME_LIMIT and res.objective == heur.objective
    assert ds.check(inst, res.solution) == []


# --- OEF: the bound of a stopped HiGHS solve (was a TypeError) ----------------------------------
def _tiny_lp(max_sense: bool = True) -> highspy.Highs:
    """max x1 + 2 x2 s.t. x1 + x2 <= 4, x >= 0 (optimum 8); as min: min -x1 - 2 x2 (-8)."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    inf = highspy.kHighsInf
    sign = 1.0 if max_sense else -1.0
    h.addVars(2, np.zeros(2), np.full(2, inf))
    h.changeColsCost(2, np.arange(2, dtype=np.int32), sign * np.array([1.0, 2.0]))
    h.addRows(1, np.array([-inf]), np.array([4.0]), 2, np.array([0], dtype=np.int32),
              np.array([0, 1], dtype=np.int32), np.array([1.0, 1.0]))
    if max_sense:
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    return h


@pytest.mark.parametrize("max_sense", [True, False])
def test_lagrangian_bound_equals_the_optimum_at_optimality(max_sense):
    h = _tiny_lp(max_sense)
    h.run()
    assert lagrangian_bound(h) == pytest.approx(8.0 if max_sense else -8.0)


@pytest.mark.parametrize("iterations", [20, 50, 200])
def test_stopped_oef_lp_reports_a_valid_bound_not_a_type_error(iterations):
    # n=1000, k=10 at 5 s raised TypeError from highspy's getDualObjectiveValue (issue 20): the
    # dual simplex stopped with a dual feasible point. An iteration limit stops it the same way
    # (deterministically); its bound must be >= the LP optimum, solved here by the active set.
    from dlsched.oef.exact import matrix

    # the stopped LP is LP (10): the instance states the cooperative problem
    inst = ds.generate("oef", n=60, k=6, seed=3).with_fairness("cooperative")
    exact = ds.solve(inst, model="oef-cooperative")
    assert exact.status is Status.OPTIMAL
    W, pi = inst.rows.W, inst.rows.weight
    R, k = W.shape
    h = matrix.new_highs(inst, SolveOptions(options={"simplex_iteration_limit": iterations}))
    matrix.capacity_rows(R, k, inst.capacity).add_to(h)
    matrix.envy_rows(W, pi, *matrix.all_pairs(R)).add_to(h)
    s = matrix.run(h, R, k)
    assert s.status is Status.TIME_LIMIT
    assert s.bound is not None and s.bound >= exact.objective - 1e-6 * abs(exact.objective)


# --- what the fixes rewrote ---------------------------------------------------------------------
def test_model_lookup_with_a_problem_imports_only_that_problem():
    code = ("import sys; from dlsched.core import MODELS\n"
            "MODELS.get('oef-cooperative', problem='oef')\n"
            "print(sorted(m for m in sys.modules if m.startswith('dlsched.')"
            " and m.count('.') == 1))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "src")}, timeout=120, check=True)
    loaded = out.stdout.strip()
    assert "dlsched.oef" in loaded
    for other in ("completion", "ltgf", "ojpp", "revenue"):
        assert f"dlsched.{other}" not in loaded


def _area_reference(inst) -> float:
    """Area bound (docs/specs/completion.md, notes §2.5), written out job by job, configuration
    by configuration."""
    from dlsched.completion.support.config import configurations

    best = 0.0
    total = inst.capacity.sum(axis=0)
    w = inst.weight
    for r in range(len(inst.resources)):
        if total[r] <= 0:
            continue
        area = []
        for j in range(inst.n_jobs):
            vals = []
            for k in configurations(inst, j):
                load = k.n * inst.worker_demand[k.m][r]
                if k.p >= 0:
                    load = load + inst.ps_demand[k.p][r]
                vals.append(k.d * load)
            area.append(min(vals, default=np.inf))
        p = np.array(area) / total[r]
        order = sorted(range(len(p)), key=lambda j: (p[j] / w[j], j))
        t, val = 0.0, float(w.sum())
        for j in order:
            t += p[j]
            val += w[j] * t
        best = max(best, val)
    return best


@pytest.mark.parametrize("name", ["s1-ps.json", "s1-ring.json", "s2-two.json"])
def test_vectorised_area_bound_matches_the_job_by_job_reference(name):
    from dlsched.completion.exact.bounds import area_bound

    inst = ds.load(ROOT / "instances" / "completion" / name)
    assert area_bound(inst) == pytest.approx(_area_reference(inst), rel=1e-12)


def test_revenue_size_check_agrees_with_the_data_it_stands_for():
    from dlsched.revenue.exact.bounds import alone_bound
    from dlsched.revenue.model.data import milp_data, milp_extent

    inst = ds.load(ROOT / "instances" / "revenue" / "philly-vc-2pervc-small-linear-seed0.json")
    count, alone = milp_extent(inst)
    data = milp_data(inst)
    assert count == len(data.value) > 0
    per_job: dict[int, float] = {}
    for (j, _k, _t), v in data.value.items():
        per_job[j] = max(per_job.get(j, 0.0), v)
    assert alone == pytest.approx(sum(per_job.values())) == pytest.approx(alone_bound(data))


def test_ojpp_cpsat_build_stops_at_half_the_time_left(monkeypatch):
    """A CP-SAT model whose build outlives half the time left is abandoned for the Heuristic's
    placement (status time_limit, never optimal), instead of running past the limit."""
    import dlsched as ds
    from dlsched.ojpp.exact import cpsat as ec

    inst = ds.load(ROOT / "instances" / "ojpp"
                   / "ojpp-average-n20-w10-s0.json")
    slow = ec.integer_data  # the first step of every build, made slow as on a loaded machine

    def integer_data(*args):
        time.sleep(2.0)
        return slow(*args)

    monkeypatch.setattr(ec, "integer_data", integer_data)
    res = ds.solve(inst, model="ojpp-cpsat", time_limit=3.0)
    assert res.status.value == "time_limit"
    assert "building the CP-SAT model" in res.stats["refused"]
    assert res.objective <= ds.run(inst, "heuristic").objective  # the guard may find better
    assert ds.check(inst, res) == []
    with pytest.raises(ec._BuildTimeout):
        ec._Model(inst, 3, None, build_deadline=time.perf_counter() - 1.0)
