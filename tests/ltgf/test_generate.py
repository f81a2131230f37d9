"""Seeded generators (``generate.py``): the paper's quota rule, Table 1 durations, offered load."""

from __future__ import annotations

import numpy as np
import pytest

from dlsched.ltgf.generate import (
    TABLE1,
    generate_trace_like,
    offered_load,
    quota_weights,
    table1_durations,
)

from .hand import hand_instance


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
    inst = hand_instance([("x", "A", 0, 1, 1000), ("y", "A", 100, 1, 100)])
    ol = offered_load(inst)
    assert (ol["in_window"], ol["total"], ol["ceiling"]) == pytest.approx((1.0, 11.0, 1.1))


def test_trace_like_generator_is_seeded_and_uses_the_paper_quota_rule():
    a = generate_trace_like("venus", 300, tenants=4, nodes=4, days=1, seed=3)
    b = generate_trace_like("venus", 300, tenants=4, nodes=4, days=1, seed=3)
    assert a == b
    req = np.bincount(a.job_tenant, weights=a.job_gpus, minlength=4)
    assert np.allclose(a.quota, a.gpus * req / req.sum())
