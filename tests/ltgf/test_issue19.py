"""Issue 19 (LTGF): validator with synchronized leases, Themis' f and estimates, ASTRAEA's open
readings (newly-submitted priority, t_begin), the unfairness threshold, idle-while-a-job-fits,
the paper's quota rule and Table 1 durations. Expected values are worked by hand in comments."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import dlsched as ds
from dlsched.ltgf.algorithms import simulate
from dlsched.ltgf.generate import (
    TABLE1,
    generate_trace_like,
    offered_load,
    quota_weights,
    table1_durations,
)
from dlsched.ltgf.instance import parse
from dlsched.ltgf.metrics import idle_while_fits, unfairness_ratio
from dlsched.ltgf.validate import check

INST = Path(__file__).resolve().parents[2] / "instances" / "ltgf"


def _inst(jobs, tenants=(("A", 1),), nodes=1, gpn=1, lease=1000, tick=10, cold=0.0):
    return parse({
        "problem": "ltgf", "name": "hand", "cluster": {"nodes": nodes, "gpus_per_node": gpn},
        "lease": lease, "tick": tick, "tenants": [{"name": n, "weight": w} for n, w in tenants],
        "jobs": [{"name": n, "tenant": t, "submit": a, "gpus": g, "duration": d}
                 for n, t, a, g, d in jobs],
        "overhead": {"checkpoint": 0, "cold_start": cold}})


# ---- validator: synchronized leases -----------------------------------------------------------
def test_validator_accepts_a_preemption_at_a_synchronized_round_end():
    # 1 GPU, lease 600. B runs [0, 300); A starts mid-round at 300 and, with synchronized
    # leases, its lease ends at the round end 600 (only 300 s later), where it is preempted;
    # A resumes [600, 1300): 300 + 700 = 1000 s of service.
    inst = _inst([("A", "A", 0, 1, 1000), ("B", "A", 0, 1, 300)], lease=600)
    segs = [["B", 0, 300, [[0, 1]], "complete", 0, 0],
            ["A", 300, 600, [[0, 1]], "preempt", 0, 0],
            ["A", 600, 1300, [[0, 1]], "complete", 0, 0]]
    sol = {"segments": segs, "completion": {"A": 1300, "B": 300}, "lease_based": True}
    assert len(check(inst, sol)) == 1  # the old reading: 'preempted after 300 s, inside ...'
    assert check(inst, {**sol, "knobs": {"synchronized": True}}) == []
    bad = [segs[0], ["A", 300, 450, [[0, 1]], "preempt", 0, 0],
           ["A", 600, 1450, [[0, 1]], "complete", 0, 0]]
    errs = check(inst, {**sol, "segments": bad, "completion": {"A": 1450, "B": 300},
                        "synchronized": True})
    assert len(errs) == 1 and "synchronized lease" in errs[0]  # 450 is not a round end


def test_simulated_synchronized_runs_validate():
    inst = ds.PROBLEMS.get("ltgf").parse(json.loads((INST / "philly-window-n20-s0.json")
                                                   .read_text()))
    for pol in ("astraea-ltgf", "themis", "tiresias-l"):
        res = ds.run(inst, pol, synchronized=True)
        assert ds.check(inst, res) == [], pol


# ---- Themis: f and the estimates ------------------------------------------------------------
def _themis_case():
    # 1 GPU, lease = tick = 100, exact estimates (error 0). At t=0, N=2: rho_A = 400/(400*2)
    # = 0.5 = rho_B = 100/(100*2): a tie (id order: A first). Auction valuations per GPU:
    # A log((0+100+400)/400) = 0.223, B log((100+100)/100) = 0.693: the auction serves B.
    return _inst([("A", "A", 0, 1, 400), ("B", "A", 0, 1, 100)], lease=100, tick=100)


def test_themis_f_changes_the_schedule_as_themis_says():
    inst = _themis_case()
    # f = 0: every job is in the auction -> B runs [0, 100) and finishes at 100; A [100, 500).
    s0 = simulate(inst, "themis", f=0.0, error=0.0)
    assert s0["completion"] == {"A": 500.0, "B": 100.0}
    # f = 1: nobody is in the auction, GPUs go in decreasing rho -> A [0, 100); at t = 100
    # rho_A = (100 + 300)/(400*2) = 0.5 < rho_B = (100 + 100)/(100*2) = 1 -> B [100, 200);
    # A [200, 500).
    s1 = simulate(inst, "themis", f=1.0, error=0.0)
    assert s1["completion"] == {"A": 500.0, "B": 200.0}
    # the old rule (everyone in rho order) ignores f: f = 0 gives the f = 1 schedule
    old = simulate(inst, "themis", f=0.0, error=0.0, offer="rho-order")
    assert old["completion"] == s1["completion"]


def test_themis_planned_estimates_overestimate_stopped_jobs():
    inst = _themis_case()
    from dlsched.ltgf.policies import Themis

    th = Themis(inst, estimate="planned", cancel_share=1.0, error=0.0)
    assert np.all(th.d_hat >= inst.job_duration)  # D / u with u in (0, 1]
    th0 = Themis(inst, estimate="planned", cancel_share=0.0, error=0.0)
    assert np.allclose(th0.d_hat, inst.job_duration)


# ---- ASTRAEA: newly-submitted priority, t_begin ---------------------------------------------
def _newly_case():
    # 1 GPU, lease 1000, tenants A (w 1, quota 0.25) and B (w 3, quota 0.75), rho by (16).
    # t=0: rho 0/0 = 0 for both -> A (lower id): A1 [0, 1000) completes.
    # t=1000: rho_A = 1000/250 = 4, rho_B = 0 -> B1 [1000, 2000).
    # t=2000: rho_A = 1000/500 = 2, rho_B = 1000/1500 = 0.67 -> B1 renewed; A2 (submitted 500)
    # waits; t=3000: rho_A = 1000/750 = 1.33, rho_B = 2000/2250 = 0.89 -> B1 renewed, done at
    # 4000; A2 [4000, 4100).
    return _inst([("A1", "A", 0, 1, 1000), ("B1", "B", 0, 1, 3000), ("A2", "A", 500, 1, 100)],
                 tenants=(("A", 1), ("B", 3)))


def test_newly_submitted_fifo_is_inert_and_cross_tenant_acts():
    inst = _newly_case()
    for mode in ("fifo", "off"):
        assert simulate(inst, "astraea-ltgf", newly_submitted=mode)["completion"]["A2"] == 4100
    # cross-tenant: at t=2000 the never-run A2 is placed first (on B1's expired GPU; B1 is
    # preempted), A2 [2000, 2100); B1 resumes [2100, 4100).
    sol = simulate(inst, "astraea-ltgf", newly_submitted="cross-tenant")
    assert sol["completion"] == {"A1": 1000.0, "B1": 4100.0, "A2": 2100.0}
    assert check(inst, sol) == []


def test_sliding_t_begin_longer_than_the_run_is_the_cluster_start():
    inst = ds.PROBLEMS.get("ltgf").parse(json.loads((INST / "philly-window-n20-s0.json")
                                                   .read_text()))
    a = simulate(inst, "astraea-ltgf")
    b = simulate(inst, "astraea-ltgf", t_begin_window=1e9)
    assert a["segments"] == b["segments"]
    c = simulate(inst, "astraea-ltgf", t_begin_window=6 * 3600.0)
    assert ds.check(inst, ds.run(inst, "astraea-ltgf", t_begin_window=6 * 3600.0)) == []
    assert c["segments"] != a["segments"]  # the window start changes decisions here


# ---- metrics --------------------------------------------------------------------------------
def test_unfairness_threshold_counts_a_one_tick_deficit_only_at_one():
    # one tenant, 1 GPU, tick 10: J submitted at 5 s starts at the tick 10, runs [10, 110).
    # Day window: Alloc = 100, FairShare (8) = min(demand 1, quota 1) over [5, 110] = 105,
    # rho = 0.952: unfair with 'rho < 1', fair with 'rho < 0.95'.
    inst = _inst([("J", "A", 5, 1, 100)])
    sol = simulate(inst, "astraea-ltgf")
    assert sol["completion"]["J"] == 110.0
    assert unfairness_ratio(inst, sol, below=1.0) == 1.0
    assert unfairness_ratio(inst, sol, below=0.95) == 0.0


def test_idle_while_a_job_fits_hand_case():
    # 8 GPUs, tenants A and B (quota 4 each), A submits two 4-GPU jobs of 100 s at 0.
    # YARN-CS: A1 uses A's quota of 4, A2 waits while 4 GPUs are idle at t=0 (one decision
    # time with a waiting job, and it fits); at 100 A2 starts. Gandiva_fair runs both at 0.
    inst = _inst([("A1", "A", 0, 4, 100), ("A2", "A", 0, 4, 100)], tenants=(("A", 1), ("B", 1)),
                 gpn=8)
    y = idle_while_fits(inst, simulate(inst, "yarn-cs"))
    assert (y["idle_while_fits"], y["decisions_with_waiting"]) == (1, 1)
    g = idle_while_fits(inst, simulate(inst, "gandiva-fair"))
    assert (g["idle_while_fits"], g["decisions_with_waiting"]) == (0, 0)


@pytest.mark.parametrize("policy,kw", [("gandiva-fair", {}), ("themis", {}), ("tiresias-l", {}),
                                       ("astraea-ltgf", {"tenant_backfill": True}),
                                       ("hived", {}), ("allox", {})])
def test_work_conserving_policies_never_idle_while_a_job_fits(policy, kw):
    inst = ds.PROBLEMS.get("ltgf").parse(json.loads((INST / "philly-window-n20-s0.json")
                                                   .read_text()))
    r = idle_while_fits(inst, simulate(inst, policy, **kw))
    assert r["decisions_with_waiting"] > 0 and r["idle_while_fits"] == 0


# ---- workloads ------------------------------------------------------------------------------
def test_quota_rules_by_hand():
    ten = np.array([0, 0, 1])
    g = np.array([1.0, 4.0, 8.0])
    d = np.array([100.0, 10.0, 1.0])
    # paper: VC size proportional to the GPUs requested: 1 + 4 = 5 vs 8
    assert quota_weights(ten, g, d, 2, "requested").tolist() == [5.0, 8.0]
    assert quota_weights(ten, g, d, 2, "gpu-time").tolist() == [140.0, 8.0]
    assert quota_weights(ten, g, d, 2, "equal").tolist() == [1.0, 1.0]


def test_table1_duration_mix():
    d = table1_durations("philly", 200_000, np.random.default_rng(0))
    got = [np.mean(d < x) for x in (600, 3600, 6 * 3600, 86400, 6 * 86400)]
    assert np.allclose(got, TABLE1["philly"], atol=0.005)


def test_offered_load_counts_only_work_that_fits_the_window():
    # 1 GPU, window = last submission = 100: job a=0, D=1000 contributes min(1000, 100) = 100,
    # job a=100 contributes nothing -> in-window load 100/(1*100) = 1; total 1100/100 = 11;
    # ceiling = 1100 / (1 x max(0+1000, 100+100)) = 1.1.
    inst = _inst([("x", "A", 0, 1, 1000), ("y", "A", 100, 1, 100)])
    ol = offered_load(inst)
    assert (ol["in_window"], ol["total"], ol["ceiling"]) == pytest.approx((1.0, 11.0, 1.1))


def test_trace_like_generator_is_seeded_and_uses_the_paper_quota_rule():
    a = generate_trace_like("venus", 300, tenants=4, nodes=4, days=1, seed=3)
    b = generate_trace_like("venus", 300, tenants=4, nodes=4, days=1, seed=3)
    assert a == b
    req = np.bincount(a.job_tenant, weights=a.job_gpus, minlength=4)
    assert np.allclose(a.quota, a.gpus * req / req.sum())


def test_allox_fill_and_hived_backfill_by_hand():
    # 8 GPUs; tenants A, B (quota 4 each). t=0: A1 (4 GPUs, 1000 s) and B1 (4 GPUs, 100 s).
    # AlloX alpha 0.5: ceil(0.5 * 2) = 1 eligible tenant, the least served (0/0 tie -> A).
    # Old rule: only A1 is tried; 4 GPUs stay idle at t=0 while B1 fits. With fill, B1 takes
    # them: B1 runs [0, 100).
    inst = _inst([("A1", "A", 0, 4, 1000), ("B1", "B", 0, 4, 100)],
                 tenants=(("A", 1), ("B", 1)), gpn=8)
    old = simulate(inst, "allox", fill=False)["completion"]
    new = simulate(inst, "allox")["completion"]
    # old: B1 starts only once B is the least-served tenant at a later decision
    assert new["B1"] == 100.0 and old["B1"] > 100.0
    # HiveD, head of line: A (quota 4): A1 (4 GPUs, guaranteed) runs; A2 (8 GPUs, beyond the
    # quota) cannot fit the 4 free GPUs; A3 (2 GPUs, beyond the quota) fits them. Backfill:
    # A3 runs opportunistically [0, 100). Old rule: A3 waits behind A2.
    inst2 = _inst([("A1", "A", 0, 4, 1000), ("A2", "A", 0, 8, 100), ("A3", "A", 0, 2, 100)],
                  tenants=(("A", 1), ("B", 1)), gpn=8)
    assert simulate(inst2, "hived")["completion"]["A3"] == 100.0
    assert simulate(inst2, "hived", backfill=False)["completion"]["A3"] > 100.0
