"""Job simulator rules (jobsim.py): surplus, gang, arrivals, Gavel rounds, stride, Gavel mapping.

Every expected value is worked by hand in the comments (placer: notes §4, round half up, capacity
repair takes from the smallest a - real, ties the higher row).
"""

# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import InputError
from dlsched.oef import make
from dlsched.oef.support.jobsim import Job, Workload, generate_workload, simulate

BIG = 1e9  # work that does not finish within the simulated rounds


# --- surplus -------------------------------------------------------------------------------------
def test_backfill_vs_idle_two_tenants_one_type() -> None:
    # 3 GPUs of one type, speeds 1; max-min shares 1.5 / 1.5. Tenant 0: job a (600); tenant 1:
    # jobs b, c (600 each); all demand 1, arrival 0.
    # Round 0: a = (1.5, 1.5) -> (2, 2), repair: ties at -1/2 -> tenant 1 loses one: grants
    # (2, 1), dev (-1/2, 1/2). Tenant 0 runs a on 1 GPU (its 2nd GPU is spare); tenant 1 runs b.
    #   idle: c waits.  backfill: c takes tenant 0's spare GPU.
    # Round 1: a = (1, 2) -> grants (1, 2), dev (0, 0).
    #   idle: a done at 600; tenant 1 runs c (starved longest) and b: b done at 600, c has 300 left.
    #   backfill: a, b, c all done at 600.
    # Round 2 (idle only): tenant 1 alone, share 3, c runs on 1 GPU, done at 900.
    inst = make([[1.0], [1.0]], [3.0])
    w = Workload(inst, (Job(0, 0.0, 600.0), Job(1, 0.0, 600.0), Job(1, 0.0, 600.0)), 600.0)
    idle = simulate(w, "max-min", rounds="oef", surplus="idle")
    back = simulate(w, "max-min", rounds="oef", surplus="backfill")
    assert idle.grants[:, :, 0].tolist() == [[2, 1], [1, 2], [0, 3]]
    assert idle.used[:, 0].tolist() == [2, 3, 1]
    assert idle.completion.tolist() == pytest.approx([600.0, 600.0, 900.0])
    assert back.grants[:, :, 0].tolist() == [[2, 1], [1, 2]]  # the placer does not see backfill
    assert back.used[:, 0].tolist() == [3, 3]
    assert back.completion.tolist() == pytest.approx([600.0, 600.0, 600.0])
    assert (idle.surplus, back.surplus) == ("idle", "backfill")


# --- gang ----------------------------------------------------------------------------------------
def test_gang_job_waits_with_one_free_gpu() -> None:
    # 2 GPUs, max-min shares 1 / 1. Tenant 0: job x, demand 2, work 1200; tenant 1: job y,
    # demand 1, work 600. gang: tenant 0's placer minimum is 2 (its smallest job demand).
    # r0: a = (1, 1) -> (1, 1), tenant 0 below 2 -> (0, 1), dev (1, 0). y runs (300 left); the
    #     ungranted GPU is free but x needs 2 -> x waits with 1 free GPU. used 1.
    # r1: a = (2, 1) -> (2, 1), over by 1, repair ties at 0 -> tenant 1 loses: (2, 0),
    #     dev (0, 1). x runs on 2 (rate 2 x 1): 600 left; y waits. used 2.
    # r2: a = (1, 2) -> (1, 2) -> tenant 0 below 2: (0, 2), dev (1, 0). y done at 900; its
    #     spare GPU is the only free one, x needs 2 -> waits. used 1.
    # r3: tenant 1 gone; tenant 0 alone, a = 2 + 1 -> 3, repair to 2: x runs, done at 1200.
    # elastic: placer minimum 1, grants (1, 1): x runs on 1 GPU in r0, r1 (600 done), y done at
    # 600, then x on 2 GPUs (rate 2): 300 s -> done at 900.
    inst = make([[1.0], [1.0]], [2.0])
    w = Workload(inst, (Job(0, 0.0, 1200.0, 2), Job(1, 0.0, 600.0, 1)), 600.0)
    gang = simulate(w, "max-min", rounds="oef", gang=True)
    elastic = simulate(w, "max-min", rounds="oef", gang=False)
    assert gang.grants[:, :, 0].tolist() == [[0, 1], [2, 0], [0, 2], [2, 0]]
    assert gang.used[:, 0].tolist() == [1, 2, 1, 2]
    assert gang.start.tolist() == [300.0, 0.0]
    assert gang.completion.tolist() == pytest.approx([1200.0, 900.0])
    assert elastic.start.tolist() == [0.0, 0.0]
    assert elastic.completion.tolist() == pytest.approx([900.0, 600.0])
    assert gang.gang and not elastic.gang


def test_gang_rate_uses_the_slowest_gpu() -> None:
    # 1 slow GPU (speed 1) + 1 fast (speed 3); one job of demand 2, work 1200.
    # gang: rate 2 x min(1, 3) = 2 -> 600 s. elastic: rate 1 + 3 = 4 -> 300 s.
    inst = make([[1.0, 3.0]], [1.0, 1.0])
    w = Workload(inst, (Job(0, 0.0, 1200.0, 2),), 600.0)
    assert simulate(w, "max-min", gang=True).completion[0] == pytest.approx(600.0)
    assert simulate(w, "max-min", gang=False).completion[0] == pytest.approx(300.0)


def test_gang_job_that_never_fits_is_refused() -> None:
    # stride places a gang on one type: 3 workers never fit on 2 + 1 GPUs of separate types
    inst = make([[1.0, 2.0]], [2.0, 1.0])
    w = Workload(inst, (Job(0, 0.0, 100.0, 3),), 600.0)
    with pytest.raises(InputError) as err:
        simulate(w, "gandiva-fair")
    assert err.value.field == "jobs[0].demand"
    assert simulate(w, "gandiva-fair", gang=False).finished


# --- arrivals ------------------------------------------------------------------------------------
def test_tenant_batch_arrivals() -> None:
    inst = ds.generate("oef", n=4, k=2, counts=[2.0, 2.0], seed=1)
    jobs = generate_workload(inst, 3, horizon_s=3600.0, seed=5, arrivals="jobs")
    batch = generate_workload(inst, 3, horizon_s=3600.0, seed=5, arrivals="tenant-batch")
    # one arrival per tenant (its whole batch), inside the window; same work and demands
    for i in range(4):
        mine = [j for j in batch.jobs if j.tenant == i]
        assert len(mine) == 3 and len({j.arrival for j in mine}) == 1
        assert 0.0 <= mine[0].arrival < 3600.0
        same = sorted((j.work, j.demand) for j in jobs.jobs if j.tenant == i)
        assert sorted((j.work, j.demand) for j in mine) == same
    assert batch.offered_load == pytest.approx(1.0)


def test_tenants_leave_when_their_batch_is_done() -> None:
    # 2 GPUs. Tenant 0's batch (two 300-jobs) at 0: both run in round 0, done at 300 -> it leaves.
    # Round 300: nobody eligible (skipped). Tenant 1's batch (one 600-job, demand 2) at 600: it
    # alone holds both GPUs, rate 2 -> done at 900. Grants per simulated round (0 and 600).
    inst = make([[1.0], [1.0]], [2.0])
    w = Workload(inst, (Job(0, 0.0, 300.0), Job(0, 0.0, 300.0), Job(1, 600.0, 600.0, 2)), 600.0)
    res = simulate(w, "oef-cooperative")
    assert res.grants[:, :, 0].tolist() == [[2, 0], [0, 2]]
    assert res.completion.tolist() == pytest.approx([300.0, 300.0, 900.0])


def test_saturated_workload_nobody_runs_dry() -> None:
    inst = ds.generate("oef", n=3, k=2, counts=[2.0, 2.0], seed=0)
    w = generate_workload(inst, 2, horizon_s=3000.0, arrivals="saturated", demands=(1,))
    assert all(j.arrival == 0.0 for j in w.jobs)
    res = simulate(w, "max-min", max_rounds=10, gang=False)
    assert not np.isfinite(res.completion).any()  # nobody finishes within the window
    # 6 one-GPU jobs on 4 GPUs: every GPU busy every round
    assert res.used.sum(axis=1).tolist() == [4] * 10


# --- Gavel's round mechanism -------------------------------------------------------------------
def test_gavel_priority_picks_the_lowest_received_fraction() -> None:
    # 1 GPU. Job A (tenant 0) at 0, job B (tenant 1) at 300, both long. Gavel's x: A alone 1;
    # A and B: 1/2 each. priority = x / (rounds received / rounds eligible before this round).
    # Round 0: A alone, runs. Round 1: A 0.5 / (1/1) = 0.5, B never received -> inf: B runs.
    # Round 2: A 0.5 / (1/2) = 1, B 0.5 / (1/1) = 0.5: A. Round 3: A 0.5 / (2/3) = 0.75,
    # B 0.5 / (1/2) = 1: B.
    pytest.importorskip("dlsched.oef.baselines.gavel")
    inst = make([[1.0], [1.0]], [1.0])
    w = Workload(inst, (Job(0, 0.0, BIG), Job(1, 300.0, BIG)), 600.0)
    res = simulate(w, "gavel", max_rounds=4)
    assert res.round_rule == "gavel" and res.mapping == "flat"
    assert res.grants[:, :, 0].tolist() == [[1, 0], [0, 1], [1, 0], [0, 1]]


@pytest.mark.parametrize(("mapping", "tenant1"), [("flat", [1, 0, 1, 0]), ("tenant", [1, 0, 1, 1])])
def test_gavel_mapping_flat_vs_tenant(mapping: str, tenant1: list[int]) -> None:
    # 2 GPUs; tenant 1 has 1 job (job 0), tenant 0 has 3 (jobs 1-3); all demand 1, long.
    # flat: 4 equal jobs -> x = 1/2 each (2 GPUs / 4). tenant: tenants 1 GPU each -> job 0 x = 1,
    # jobs 1-3 x = 1/3. Priorities (x / received fraction; ties: larger x, then job index):
    # flat    r0: all inf -> 0, 1. r1: 0, 1 at 0.5/1; 2, 3 inf -> 2, 3. r2: all 0.5/(1/2) = 1 ->
    #         0, 1. r3: 0, 1 at 0.5/(2/3) = .75; 2, 3 at 0.5/(1/3) = 1.5 -> 2, 3.
    # tenant  r0: all inf -> 0 (x = 1), 1. r1: 0 at 1/1 = 1, 1 at 1/3; 2, 3 inf -> 2, 3.
    #         r2: 0 at 1/(1/2) = 2; 1, 2, 3 at (1/3)/(1/2) = 2/3 -> 0, 1. r3: 0 at 1/(2/3) = 1.5;
    #         1 at (1/3)/(2/3) = 0.5; 2, 3 at (1/3)/(1/3) = 1 -> 0, 2.
    pytest.importorskip("dlsched.oef.baselines.gavel")
    inst = make([[1.0], [1.0]], [2.0])
    w = Workload(inst, (Job(1, 0.0, BIG), Job(0, 0.0, BIG), Job(0, 0.0, BIG), Job(0, 0.0, BIG)),
                 600.0)
    res = simulate(w, "gavel", max_rounds=4, mapping=mapping)
    assert res.grants[:, 1, 0].tolist() == tenant1
    assert res.grants[:, 0, 0].tolist() == [2 - g for g in tenant1]
    assert res.mapping == mapping


# --- Gandiva_fair's stride scheduling ----------------------------------------------------------
def test_stride_alternates_two_equal_ticket_tenants() -> None:
    # 1 GPU; tenants 0 and 1 hold 1/2 of it each (one type: nothing to trade), one 1-GPU job
    # each, work 600. Passes start at 0; ties -> job index. r0: job 0 (pass 0 -> 300 / 0.5 = 600).
    # r1: job 1 (0 -> 600). r2: tie at 600 -> job 0, done at 900. r3: job 1 alone, done at 1200.
    inst = make([[1.0], [1.0]], [1.0])
    w = Workload(inst, (Job(0, 0.0, 600.0), Job(1, 0.0, 600.0)), 600.0)
    res = simulate(w, "gandiva-fair")
    assert res.round_rule == "stride"
    assert res.grants[:, :, 0].tolist() == [[1, 0], [0, 1], [1, 0], [0, 1]]
    assert res.completion.tolist() == pytest.approx([900.0, 1200.0])


def test_trading_variant_runs_on_the_oef_placer() -> None:
    inst = make([[1.0], [1.0]], [1.0])
    w = Workload(inst, (Job(0, 0.0, 600.0), Job(1, 0.0, 600.0)), 600.0)
    res = simulate(w, "gandiva-fair-trading")
    assert res.round_rule == "oef"
    a = ds.run(ds.generate("oef", n=4, k=3, seed=2), "gandiva-fair")
    b = ds.run(ds.generate("oef", n=4, k=3, seed=2), "gandiva-fair-trading")
    assert a.solution["allocation"] == b.solution["allocation"]
    assert b.method == "gandiva-fair-trading"


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"surplus": "spare"}, "surplus"), ({"rounds": "fifo"}, "rounds"),
    ({"mapping": "user"}, "mapping"),
])
def test_bad_rules_name_the_field(kwargs: dict, field: str) -> None:
    w = Workload(make([[1.0]], [1.0]), (Job(0, 0.0, 5.0),), 600.0)
    with pytest.raises(InputError) as err:
        simulate(w, "max-min", **kwargs)
    assert err.value.field == field
    with pytest.raises(InputError) as err:
        generate_workload(w.inst, 2, arrivals="poisson")
    assert err.value.field == "arrivals"


def test_estimated_throughput_by_hand() -> None:
    # one tenant holds everything: 2 slow GPUs (speed 1) + 1 fast (speed 2) -> 2 x 1 + 1 x 2 = 4;
    # Gavel per job: one job of demand 3 has time fraction <= 1 and 3 workers on one type:
    # on the slow type 2 GPUs < 3 workers, so x_slow <= 2/3 (rate 3 x 1 x 2/3 = 2) and
    # x_fast <= 1/3 (rate 3 x 2 x 1/3 = 2): at most 4 with x = (2/3, 1/3).
    from dlsched.oef.support.jobsim import estimated_throughput

    inst = make([[1.0, 2.0]], [2.0, 1.0])
    assert estimated_throughput(inst, "max-min") == pytest.approx(4.0)
    pytest.importorskip("dlsched.oef.baselines.gavel")
    est = estimated_throughput(inst, "gavel", jobs=(Job(0, 0.0, 1.0, 3),))
    assert est == pytest.approx(4.0, abs=1e-6)


# --- straggler count (§6.3.3) --------------------------------------------------------------------
def test_cross_type_workers_count_gangs_that_span_types() -> None:
    # One tenant, 1 GPU of each of 2 types (speeds 1, 2). Job g: demand 2, work 1200, gang.
    # OEF placer: share (1, 1) -> grants (1, 1); g takes both GPUs (one per type): 2 workers in
    # a cross-type gang, rate 2 x min(1, 2) = 2: 600 units per 300-s round, so two rounds (2
    # workers each) and done at 600 s.
    # Job s of a second run: demand 1 -> it runs on the fastest GPU alone: never cross-type.
    inst = make([[1.0, 2.0]], [1.0, 1.0])
    g = simulate(Workload(inst, (Job(0, 0.0, 1200.0, 2),), 600.0), "max-min", rounds="oef")
    assert g.cross_type.tolist() == [2, 2] and g.cross_type_workers == 4
    assert g.completion.tolist() == pytest.approx([600.0])
    s = simulate(Workload(inst, (Job(0, 0.0, 600.0, 1),), 600.0), "max-min", rounds="oef")
    assert s.cross_type_workers == 0
