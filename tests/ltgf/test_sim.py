"""Simulator, policies and validator: capacity, exact service, leases, determinism."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlsched as ds
from dlsched.ltgf import generate
from dlsched.ltgf.algorithms import simulate
from dlsched.ltgf.metrics import job_rho, timeline_arrays
from dlsched.ltgf.policies import POLICIES, Astraea
from dlsched.sim.events import EventSim, SimConfig
from dlsched.sim.placement import consolidated

POLICY_NAMES = sorted(POLICIES)


def test_placement_best_fit_and_multi_node():
    free = np.array([8, 3, 5, 2])
    assert consolidated(free, 2, 8) == ((3, 2),)  # fewest free that fits
    assert consolidated(free, 3, 8) == ((1, 3),)
    assert consolidated(np.array([8, 8, 4, 6]), 12, 8) == ((0, 8), (2, 4))
    assert consolidated(np.array([7, 7, 4]), 12, 8) == ((0, 7), (1, 5))  # fallback cover
    assert consolidated(np.array([7, 7, 4]), 12, 8, strict=True) is None
    assert consolidated(np.array([1, 1]), 3, 8) is None


@given(seed=st.integers(0, 10_000), policy=st.sampled_from(POLICY_NAMES))
def test_every_policy_feasible_and_deterministic(seed, policy):
    inst = generate(n_jobs=25, tenants=3, nodes=2, days=0.1, seed=seed)
    a = simulate(inst, policy)
    assert ds.check(inst, a) == []  # gang, node capacity, submission, exact service, leases
    assert simulate(inst, policy) == a


@pytest.mark.parametrize("seed", [0, 1])
def test_online_job_fairness_matches_metrics(seed):
    """The tracker's exact online integrals (13)-(14) equal the post-hoc metric integrals."""
    inst = generate(n_jobs=40, tenants=3, nodes=2, days=0.1, seed=seed)
    pol = Astraea(inst)
    cfg = SimConfig(inst.nodes, inst.gpus_per_node, inst.lease, inst.tick, 0.0, inst.cold_start)
    sim = EventSim(cfg, inst.job_submit, inst.job_gpus, inst.job_duration)
    tr = sim.run(pol)
    sol = {
        "segments": [
            [inst.jobs[s.job].name, s.start, s.end, s.placement, s.reason, s.cold, s.ckpt]
            for s in tr.segments
        ]
    }
    _, fair = job_rho(inst, timeline_arrays(inst, sol))
    np.testing.assert_allclose(pol.tracker.job_fair, fair, rtol=1e-9, atol=1e-6)


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

    assert any("inside its lease" in e for e in broken(lease))


def test_knobs_reported():
    inst = generate(n_jobs=10, tenants=2, nodes=1, days=0.05, seed=1)
    for p in POLICY_NAMES:
        res = ds.run(inst, p)
        assert isinstance(res.stats["knobs"], dict)
    assert ds.run(inst, "themis").stats["knobs"]["f"] == 0.8
