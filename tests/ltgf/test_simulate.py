"""Simulator runner (``support/simulate.py``) and policies: feasible, deterministic, exact
online fair-share integrals, knobs reported. Tampered timelines are in ``test_validate.py``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlsched as ds
from dlsched.ltgf import generate
from dlsched.ltgf.algorithms.astraea import Astraea
from dlsched.ltgf.metrics import job_rho, timeline_arrays
from dlsched.ltgf.support.simulate import POLICIES, simulate
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


def test_knobs_reported():
    inst = generate(n_jobs=10, tenants=2, nodes=1, days=0.05, seed=1)
    for p in POLICY_NAMES:
        res = ds.run(inst, p)
        assert isinstance(res.stats["knobs"], dict)
    assert ds.run(inst, "themis").stats["knobs"]["f"] == 0.8
