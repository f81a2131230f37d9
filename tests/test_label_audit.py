"""Label audit of every registered exact model of every problem (issue #10, item 3).

On random tiny instances (derandomised hypothesis), each exact model is run through the public
API (so through ``core.guard``) and its labels are checked against an independent reference —
brute force where one exists, a second exact backend for the OEF LPs:

* ``optimal``    => objective equals the reference optimum;
* ``infeasible`` => the reference finds no feasible solution;
* any solution   => passes the problem's validator and is no better than the optimum;
* ``bound``      => valid for the optimum (<= for minimisation, >= for maximisation).

Each model is also run with a tiny time limit: whatever it then returns must satisfy the same
rules (a stopped solve may say ``time_limit``, never a wrong ``optimal``). ``AUDITED`` must name
every registered exact model: a new model fails :func:`test_every_exact_model_is_audited` until
it is added here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.core import MODELS, InputError

from .completion.bruteforce import brute_force as completion_brute
from .ojpp.helpers import brute_force as ojpp_brute
from .ojpp.helpers import brute_force_ojpap
from .ojpp.strategies import tiny_instances as ojpp_tiny
from .revenue.bruteforce import brute_force as revenue_brute

TOL = 1e-6


@dataclass
class Case:
    """One instance, the reference optimum (None: infeasible) and per-model call parameters."""

    inst: Any
    optimum: float | None
    sense: str
    params: dict[str, dict[str, Any]] = field(default_factory=dict)


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=TOL, abs_tol=TOL)


def audit(case: Case, model: str, time_limit: float | None = None) -> Any:
    """Run ``model`` on ``case`` and assert the label rules; returns the result."""
    params = case.params.get(model, {})
    try:
        res = ds.solve(case.inst, model=model, time_limit=time_limit, **params)
    except InputError:
        return None  # the model refuses this variant up front (no label given)
    where = f"{model} {params} limit={time_limit}: {res.status.value} {res.objective}"
    assert res.status is not ds.Status.ERROR, (where, res.stats)
    opt, sign = case.optimum, (1 if case.sense == "min" else -1)
    if res.status is ds.Status.INFEASIBLE:
        assert opt is None, f"{where}: labelled infeasible, reference optimum {opt}"
        return res
    if res.solution is not None:
        assert ds.check(case.inst, res) == [], where
        assert opt is not None, f"{where}: returned a solution, reference says infeasible"
        assert sign * res.objective >= sign * opt - TOL * max(1, abs(opt)), where
    if res.status is ds.Status.OPTIMAL:
        assert opt is not None and _close(res.objective, opt), f"{where}: reference {opt}"
    if res.bound is not None and opt is not None and math.isfinite(res.bound):
        assert sign * res.bound <= sign * opt + TOL * max(1, abs(opt)), f"{where} bound"
    return res


# ---- completion: tiny PS / RAR instances, brute force over single-job schedules --------------
def completion_case(seed: int) -> Case:
    from dlsched.completion.generate import tiny_dict
    from dlsched.completion.instance import parse

    rng = np.random.default_rng(seed)
    inst = parse(tiny_dict(seed=seed, n_jobs=int(rng.integers(2, 4)),
                           architecture=("ps", "ring")[seed % 2],
                           horizon=int(rng.integers(4, 13))))
    ref = completion_brute(inst)
    return Case(inst, None if math.isinf(ref) else float(ref), "min")


# ---- revenue: tiny small-scale instances, brute force over plans -----------------------------
def revenue_case(seed: int) -> Case:
    from dlsched.revenue import generate
    from dlsched.revenue.instance import parse

    data = ds.PROBLEMS.get("revenue").dump(generate(n_jobs=3, n_servers=2, n_tenants=2,
                                                   seed=seed, scale="small", arrival_max=2))
    data["horizon"] = int(np.random.default_rng(seed).integers(3, 8))
    for job in data["jobs"]:
        job["chunks"] = min(job["chunks"], 3)
    inst = parse(data)
    return Case(inst, float(revenue_brute(inst, inst.horizon)), "max")


# ---- ltgf: slotted instances over ASTRAEA's makespan, brute force over slot matrices ---------
def ltgf_case(seed: int) -> Case:
    from dlsched.ltgf import generate_slotted
    from dlsched.ltgf.exact.brute import brute_force
    from dlsched.ltgf.exact.starts import online_slot_matrix

    inst = generate_slotted(n_jobs=4, tenants=2, gpus=8, max_slots=2, release_slots=2, seed=seed)
    slots = online_slot_matrix(inst).shape[1]
    best, _ = brute_force(inst, horizon=slots, level="tenant")
    opt = None if best is None else float(best)
    return Case(inst, opt, "max", {m: {"slots": slots} for m in ("ltgf-milp", "ltgf-cpsat")})


# ---- oef: the LPs against a second backend (cvxpy vs HiGHS matrix form) ----------------------
def oef_case(seed: int, mechanism: str) -> Case:
    from dlsched.oef.rules import for_model

    # the instance states the problem of the audited mechanism (LP (4), (9) or (10))
    inst = for_model(ds.generate("oef", n=int(2 + seed % 4), k=int(1 + seed % 3), seed=seed),
                     f"oef-{mechanism}")
    ref = ds.solve(inst, model=f"oef-{mechanism}", backend="cvxpy")
    assert ref.status is ds.Status.OPTIMAL
    return Case(inst, float(ref.objective), "max")


COMPLETION_MODELS = ("completion-milp", "completion-cpsat", "completion-patterns",
                     "completion-interval")
REVENUE_MODELS = ("revenue-milp", "revenue-cpsat")
OJPP_MODELS = ("ojpp-compact", "ojpp-cpsat", "ojpp-patterns")
LTGF_MODELS = ("ltgf-milp", "ltgf-cpsat")
OEF_MODELS = ("oef-efficiency", "oef-noncooperative", "oef-cooperative")
AUDITED = {*COMPLETION_MODELS, *REVENUE_MODELS, *OJPP_MODELS, "ojpap-exact", *LTGF_MODELS,
           *OEF_MODELS}


def test_every_exact_model_is_audited():
    builtin = ("revenue", "completion", "oef", "ojpp", "ltgf")  # not test plugins' toy models
    registered = {name for name, m in MODELS.items() if m.problem in builtin}
    assert registered == AUDITED, f"add a label audit for {sorted(registered - AUDITED)}"


SEEDS = st.integers(0, 10**6)


def _run_all(make: Callable[[int], Case], models: tuple[str, ...], seed: int) -> None:
    case = make(seed)
    for model in models:
        audit(case, model)
        audit(case, model, time_limit=0.05)


@settings(max_examples=15)
@given(seed=SEEDS)
def test_completion_labels(seed):
    _run_all(completion_case, COMPLETION_MODELS, seed)


@settings(max_examples=10)
@given(seed=SEEDS)
def test_revenue_labels(seed):
    _run_all(revenue_case, REVENUE_MODELS, seed)


@settings(max_examples=6)
@given(seed=st.integers(0, 50))
def test_ltgf_labels(seed):
    _run_all(ltgf_case, LTGF_MODELS, seed)


@settings(max_examples=10)
@given(seed=SEEDS, mechanism=st.sampled_from(["efficiency", "noncooperative", "cooperative"]))
def test_oef_labels(seed, mechanism):
    case = oef_case(seed, mechanism)
    for backend in ("highs", "pyomo"):
        case.params[f"oef-{mechanism}"] = {"backend": backend}
        audit(case, f"oef-{mechanism}")


@settings(max_examples=15)
@given(inst=ojpp_tiny())
def test_ojpp_labels(inst):
    opt = ojpp_brute(inst)
    case = Case(inst, None if opt is None else float(opt), "min")
    for model in OJPP_MODELS:
        audit(case, model)
        audit(case, model, time_limit=0.05)


@settings(max_examples=8)
@given(inst=ojpp_tiny(max_workers=5, variants=False), budget=st.sampled_from([0.0, 1.0, 2.0]))
def test_ojpap_labels(inst, budget):
    from dlsched.ojpp.exact.ojpap import ojpap_instance
    from dlsched.ojpp.solution import counts

    start = ds.run(inst, "heuristic")
    expected = brute_force_ojpap(inst, counts(inst, start.solution), budget)
    # the re-placement problem is stated by the instance (its reference and budget)
    case = Case(ojpap_instance(inst, start.solution, budget), expected, "min")
    assert audit(case, "ojpap-exact") is not None


@pytest.mark.parametrize("seed", [3, 11])
def test_infeasible_completion_is_audited(seed):
    """The audit itself reaches the infeasible branch (a horizon too short for a job)."""
    from dlsched.completion.generate import tiny_dict
    from dlsched.completion.instance import parse

    # a hard horizon of one slot (an open horizon would extend past it: always feasible)
    inst = parse({**tiny_dict(seed=seed, n_jobs=2, horizon=1), "horizon_hard": True})
    assert math.isinf(completion_brute(inst))
    case = Case(inst, None, "min")
    for model in COMPLETION_MODELS:
        res = audit(case, model)
        assert res is None or res.status is ds.Status.INFEASIBLE


@settings(max_examples=10)
@given(seed=SEEDS, grid=st.sampled_from([1024, 10, 100]), dims=st.sampled_from([2, 3]))
def test_ojpp_perfect_packings(seed, grid, dims):
    """Fractional sizes that fill n bins exactly (optimum n by construction): no model may
    round them into another instance — optimal means n, never infeasible, bounds <= n."""
    from dlsched.ojpp.support.perfect import perfect_packing

    n_bins = 2 + seed % 3
    inst = perfect_packing(n_bins=n_bins, items=(2, 3), dims=dims, grid=grid, seed=seed)
    case = Case(inst, float(n_bins), "min")
    for model in OJPP_MODELS:
        res = audit(case, model)
        assert res is None or res.status is ds.Status.OPTIMAL, (model, res.status)
        audit(case, model, time_limit=0.05)
