"""Harness metrics: horizon-free bounds for algorithms, the exact result's own bounds."""

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.exact.bounds import area_bound, lb0
from dlsched.completion.generate import tiny
from dlsched.completion.metrics import metrics


@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_algorithm_metrics_use_horizon_free_bounds(arch: str) -> None:
    # a horizon far too short for the jobs: online schedules overrun it, so a time-indexed LP
    # over the instance horizon would not bound them; LB0 and the area bound always do
    inst = tiny(seed=2, n_jobs=4, n_servers=2, horizon=3, architecture=arch)
    res = ds.run(inst, "a-online")
    m = metrics(inst, res)
    assert m["lower_bound"] == pytest.approx(max(lb0(inst), area_bound(inst)))
    assert m["ratio_to_bound"] >= 1.0
    assert m["alpha"] >= 1


def test_exact_metrics_use_the_results_bounds() -> None:
    inst = tiny(seed=2, n_jobs=4, n_servers=2, horizon=12)
    res = exact.solve_cp(inst, horizon="extended")
    m = metrics(inst, res)
    assert m["lower_bound"] == pytest.approx(res.stats["bounds"]["best"])
    assert m["lower_bound"] <= res.objective + 1e-6
