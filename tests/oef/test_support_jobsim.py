"""Round-based job simulator (jobsim.py): hand-worked JCTs, invariants, input errors."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import importlib.util
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlsched as ds
from dlsched.core import InputError
from dlsched.oef import make
from dlsched.oef.support.jobsim import Job, Workload, generate_workload, simulate

L = 300.0
#: The simulator's rules before surplus/gang/rounds became parameters (defaults changed to
#: backfill, gang, each mechanism's own rounds); the hand-worked cases below use them.
OLD = {"rounds": "oef", "surplus": "idle", "gang": False}


def _two_tenants_one_gpu() -> ds.oef.OEFInstance:
    return make([[1.0], [1.0]], [1.0])


# --- hand-worked examples -----------------------------------------------------------------------
@pytest.mark.parametrize("mechanism", ["oef-cooperative", "gavel", "gandiva-fair", "max-min"])
@pytest.mark.parametrize(("arrival", "finish"), [(0.0, 750.0), (100.0, 1050.0), (300.0, 1050.0)])
def test_single_tenant_finish_time_by_hand(mechanism: str, arrival: float, finish: float) -> None:
    # 2 slow GPUs (speed 1) + 1 fast GPU (speed 2): rate 4 when the job uses all 3 (demand 3).
    # work 3000 -> 750 s of running; it starts at the first round start >= arrival.
    inst = make([[1.0, 2.0]], [2.0, 1.0])
    w = Workload(inst, (Job(0, arrival, 3000.0, 3),), 3600.0)
    res = simulate(w, mechanism, **OLD)
    start = math.ceil(arrival / L) * L
    assert res.start[0] == start
    assert res.completion[0] == pytest.approx(finish)
    assert res.completion[0] == pytest.approx(start + 3000.0 / (2 * 1.0 + 1 * 2.0))
    assert res.mean_jct == pytest.approx(finish - arrival)


def test_demand_limits_gpus_a_job_uses() -> None:
    # demand 1 on [2 slow, 1 fast]: the job takes the fast GPU only (rate 2), the rest idles
    inst = make([[1.0, 2.0]], [2.0, 1.0])
    res = simulate(Workload(inst, (Job(0, 0.0, 900.0, 1),), 3600.0), "max-min", **OLD)
    assert res.completion[0] == pytest.approx(450.0)
    assert res.used.tolist() == [[0, 1], [0, 1]]
    assert res.grants[:, 0].tolist() == [[2, 1], [2, 1]]


def test_two_tenants_hand_worked() -> None:
    # 1 GPU, equal shares 1/2. Round 0: both round up to 1, repair takes it from the higher row
    # (notes §4 step 4) -> tenant 0 runs (450 -> 150 left), dev = (-1/2, 1/2). Round 1:
    # a = (0, 1) -> tenant 1 runs and finishes its 300 at 600. Round 2: tenant 0 alone, ideal 1,
    # finishes its 150 at 750. JCTs 750 and 600.
    w = Workload(_two_tenants_one_gpu(), (Job(0, 0.0, 450.0), Job(1, 0.0, 300.0)), 600.0)
    for mechanism in ("max-min", "oef-cooperative", "gavel"):
        res = simulate(w, mechanism, **OLD)
        assert res.grants[:, :, 0].tolist() == [[1, 0], [0, 1], [1, 0]], mechanism
        assert res.jct.tolist() == pytest.approx([750.0, 600.0])
        assert res.mean_jct == pytest.approx(675.0)


def test_longest_starved_job_first_within_a_tenant() -> None:
    # one tenant, one GPU, two equal jobs: they alternate (round-robin by starvation)
    inst = make([[1.0]], [1.0])
    w = Workload(inst, (Job(0, 0.0, 450.0), Job(0, 0.0, 450.0)), 600.0)
    res = simulate(w, "max-min", **OLD)
    assert res.completion.tolist() == pytest.approx([750.0, 1050.0])


def test_deviation_resets_when_a_tenant_leaves() -> None:
    # 3 tenants, 2 GPUs, shares 2/3. Round 0: all round up to 1, repair takes tenant 2's
    # (ties -> higher row): grants (1, 1, 0), dev (-1/3, -1/3, 2/3); tenants 0, 1 finish at 300.
    # Rounds 300, 600: tenant 2 alone gets both GPUs (uses 1, demand 1), done at 900. Round 900
    # has no eligible job (skipped). At 1200 all return with dev 0 (reset): grants (1, 1, 0)
    # again, dev (-1/3, -1/3, 2/3); tenant 1 done at 1500. Round 1500: a = (2/3, 5/3) -> (1, 2),
    # repair ties at -1/3 -> tenant 2 loses one: (1, 0, 1); both finish at 1800. Carrying the
    # stale dev instead gives a = (1/3, 1/3, 4/3) at 1200, i.e. grants (0, 0, 1).
    inst = make([[1.0], [1.0], [1.0]], [2.0])
    jobs = (Job(0, 0.0, 300.0), Job(1, 0.0, 300.0), Job(2, 0.0, 600.0),
            Job(0, 1200.0, 600.0), Job(1, 1200.0, 300.0), Job(2, 1200.0, 300.0))
    res = simulate(Workload(inst, jobs, 1200.0), "max-min", **OLD)
    assert res.grants[:, :, 0].tolist() == [[1, 1, 0], [0, 0, 2], [0, 0, 2], [1, 1, 0], [1, 0, 1]]
    assert res.completion.tolist() == pytest.approx([300, 300, 900, 1800, 1500, 1800])


# --- invariants ---------------------------------------------------------------------------------
@st.composite
def workloads(draw: st.DrawFn) -> Workload:
    n = draw(st.integers(1, 4))
    k = draw(st.integers(1, 3))
    speed = [[1.0] + [draw(st.floats(1.0, 3.0)) for _ in range(k - 1)] for _ in range(n)]
    counts = [float(draw(st.integers(1, 4))) for _ in range(k)]
    jobs = tuple(
        Job(draw(st.integers(0, n - 1)), draw(st.floats(0.0, 3000.0)),
            draw(st.floats(1.0, 5000.0)), draw(st.integers(1, 3)))
        for _ in range(draw(st.integers(1, 8))))
    return Workload(make(speed, counts), jobs, 3000.0)


HAVE_GAVEL = importlib.util.find_spec("dlsched.oef.baselines.gavel") is not None
RULES = [dict(OLD), {}, {"surplus": "idle"}, {"gang": False}, {"rounds": "stride"}]


@given(workloads(), st.sampled_from(["max-min", "gavel", "oef-cooperative", "gandiva-fair"]),
       st.sampled_from(RULES))
def test_invariants(w: Workload, mechanism: str, rules: dict) -> None:
    if mechanism == "gavel" and rules.get("rounds") is None and not HAVE_GAVEL:
        rules = {**rules, "rounds": "oef"}  # the Gavel round rule needs dlsched.oef.baselines.gavel
    # gang jobs must fit on one GPU type (Gavel, stride) / in the cluster (OEF rule)
    most = int(np.floor(w.inst.capacity).max())
    w = Workload(w.inst, tuple(Job(j.tenant, j.arrival, j.work, min(j.demand, most))
                               for j in w.jobs), w.horizon_s)
    res = simulate(w, mechanism, **rules)
    inst = w.inst
    arrival = np.array([j.arrival for j in w.jobs])
    work = np.array([j.work for j in w.jobs])
    demand = np.array([j.demand for j in w.jobs])
    assert res.finished  # every job finishes
    # no GPU type over-granted or over-used; without backfill jobs use only granted GPUs
    assert np.all(res.grants.sum(axis=1) <= np.floor(inst.capacity))
    assert np.all(res.used <= np.floor(inst.capacity))
    if res.surplus == "idle":
        assert np.all(res.used <= res.grants.sum(axis=1))
    # nothing runs before its arrival; finishing needs at least work / (fastest possible rate)
    assert np.all(res.start >= arrival)
    fastest = demand * inst.rows.W.max(axis=1)[[j.tenant for j in w.jobs]]
    assert np.all(res.completion >= res.start + work / fastest - 1e-6)
    assert np.all(res.jct > 0)
    # total progress per round within capacity x speed, and all work is done exactly once
    bound = float(np.floor(inst.capacity) @ inst.rows.W.max(axis=0))
    assert np.all(res.throughput <= bound + 1e-9)
    assert res.throughput.sum() * res.round_s == pytest.approx(work.sum())


def test_seeded_workload_is_deterministic_and_contended() -> None:
    inst = ds.generate("oef", n=6, k=3, counts=[2.0, 2.0, 2.0], seed=3)
    a = generate_workload(inst, 5, horizon_s=6 * 3600.0, seed=1, load=0.9)
    b = generate_workload(inst, 5, horizon_s=6 * 3600.0, seed=1, load=0.9)
    c = generate_workload(inst, 5, horizon_s=6 * 3600.0, seed=2, load=0.9)
    assert a == b and a != c
    assert a.offered_load == pytest.approx(0.9)
    assert len(a.jobs) == 30 and all(0 <= j.arrival < 6 * 3600.0 for j in a.jobs)
    ra, rb = simulate(a, "oef-cooperative"), simulate(b, "oef-cooperative")
    assert np.array_equal(ra.completion, rb.completion)
    assert ra.finished and ra.solves <= ra.rounds


# --- input errors -------------------------------------------------------------------------------
@pytest.mark.parametrize(("jobs", "kwargs", "field"), [
    ((Job(0, 0.0, -5.0),), {}, "jobs[0].work"),
    ((Job(0, 0.0, 5.0), Job(0, -1.0, 5.0)), {}, "jobs[1].arrival"),
    ((Job(0, 0.0, 5.0, 0),), {}, "jobs[0].demand"),
    ((Job(2, 0.0, 5.0),), {}, "jobs[0].tenant"),
    ((Job(0, 0.0, 5.0),), {"round_s": 0.0}, "round_s"),
    ((Job(0, 0.0, 5.0),), {"max_rounds": 0}, "max_rounds"),
    ((), {}, "jobs"),
])
def test_bad_input_names_the_field(jobs: tuple[Job, ...], kwargs: dict, field: str) -> None:
    w = Workload(_two_tenants_one_gpu(), jobs, 600.0)
    with pytest.raises(InputError) as err:
        simulate(w, "max-min", **kwargs)
    assert err.value.field == field


def test_generator_bad_input() -> None:
    inst = _two_tenants_one_gpu()
    with pytest.raises(InputError) as err:
        generate_workload(inst, 3, load=0.0)
    assert err.value.field == "load"


def test_gavel_per_row_caps() -> None:
    # the simulator passes one cap per tenant; a cap of 1 GPU binds for the fast-loving tenant
    inst = make([[1.0, 4.0], [1.0, 1.5]], [2.0, 2.0])
    res = ds.run(inst, "gavel", cap=[1.0, 3.0])
    X = np.array(res.solution["allocation"])
    assert X[0].sum() <= 1.0 + 1e-9 and X[1].sum() <= 3.0 + 1e-9
    with pytest.raises(InputError) as err:
        ds.run(inst, "gavel", cap=[1.0])
    assert err.value.field == "cap"
