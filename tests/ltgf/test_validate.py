"""The timeline validator (``validate.py``): synchronized leases and tampered timelines."""

from __future__ import annotations

import copy
from dataclasses import replace

import dlsched as ds
from dlsched.ltgf import generate
from dlsched.ltgf.support.simulate import simulate
from dlsched.ltgf.validate import check

from .hand import hand_instance, philly_window


def test_validator_accepts_a_preemption_at_a_synchronized_round_end():
    # 1 GPU, lease 600. B runs [0, 300); A starts mid-round at 300 and, with synchronized
    # leases, its lease ends at the round end 600 (only 300 s later), where it is preempted;
    # A resumes [600, 1300): 300 + 700 = 1000 s of service.
    inst = hand_instance([("A", "A", 0, 1, 1000), ("B", "A", 0, 1, 300)], lease=600)
    segs = [["B", 0, 300, [[0, 1]], "complete", 0, 0],
            ["A", 300, 600, [[0, 1]], "preempt", 0, 0],
            ["A", 600, 1300, [[0, 1]], "complete", 0, 0]]
    sol = {"segments": segs, "completion": {"A": 1300, "B": 300}, "lease_based": True}
    assert len(check(inst, sol)) == 1  # per-job leases: 'preempted after 300 s, inside ...'
    assert len(check(inst, {**sol, "knobs": {"synchronized": True}})) == 1  # not a rule
    sync = replace(inst, leases="synchronized")  # the rule is the instance's
    assert check(sync, sol) == []
    bad = [segs[0], ["A", 300, 450, [[0, 1]], "preempt", 0, 0],
           ["A", 600, 1450, [[0, 1]], "complete", 0, 0]]
    errs = check(sync, {**sol, "segments": bad, "completion": {"A": 1450, "B": 300}})
    assert len(errs) == 1 and "synchronized lease" in errs[0]  # 450 is not a round end


def test_simulated_synchronized_runs_validate():
    inst = philly_window()
    for pol in ("astraea-ltgf", "themis", "tiresias-l"):
        res = ds.run(inst, pol, synchronized=True)
        assert res.status.value == "feasible", pol
        assert ds.check(replace(inst, leases="synchronized"), res) == [], pol


def test_validator_catches_violations():
    inst = generate(n_jobs=15, tenants=2, nodes=1, days=0.05, seed=3)
    sol = simulate(inst, "tiresias-l")
    assert ds.check(inst, sol) == []

    def broken(mut):
        s = copy.deepcopy(sol)
        mut(s)
        return ds.check(inst, s)

    seg0 = sol["segments"][0]
    g = inst.jobs[inst.job_index[seg0[0]]].gpus

    def gang(s):
        s["segments"][0][3] = [[seg0[3][0][0], g + 1]] if g < 8 else [[0, 1]]

    assert any("gang" in e for e in broken(gang))

    def early(s):
        s["segments"][0][1] = -100.0

    assert any("before its submission" in e for e in broken(early))

    def short(s):
        s["segments"][0][2] -= 1.0

    assert any("service" in e for e in broken(short))

    def overfill(s):
        s["segments"].extend(
            [[j.name, 0.0, 1.0, [[0, 8]], "complete", 0.0, 0.0] for j in inst.jobs[:2]]
        )

    assert any("GPUs in use" in e for e in broken(overfill))

    def lease(s):
        s["segments"][0] = [seg0[0], seg0[1], seg0[1] + 5.0, seg0[3], "preempt", 0.0, 0.0]

    assert any("inside a lease" in e for e in broken(lease))
