"""Ratio arithmetic and flags, and aggregation that never pools proven with bound-based ratios."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dlsched.bench.aggregate import aggregate, bootstrap_ci
from dlsched.bench.ratios import BOUND, PROVEN, attach, ratio


def row(obj, status="feasible", valid=1, bound=None, method="alg", inst="i1", **kw):
    return {"objective": obj, "status": status, "valid": valid, "bound": bound,
            "method": method, "instance_key": inst, **kw}


def opt(obj, inst="i1"):
    return row(obj, "optimal", bound=obj, method="ref", inst=inst)


def limited(obj, bound, inst="i1"):
    return row(obj, "time_limit", bound=bound, method="ref", inst=inst)


def test_max_proven_ratio_is_alg_over_opt_in_unit_interval():
    r = ratio(row(3.0), opt(4.0), "max")
    assert r.value == pytest.approx(0.75) and r.basis == PROVEN and not r.suspicious


def test_min_proven_ratio_is_at_least_one():
    r = ratio(row(6.0), opt(4.0), "min")
    assert r.value == pytest.approx(1.5) and r.basis == PROVEN


def test_time_limited_reference_uses_bound_and_is_flagged():
    # max: incumbent 3.5, bound 5 -> ratio 3/5 (conservative: true OPT is in [3.5, 5])
    r = ratio(row(3.0), limited(3.5, 5.0), "max")
    assert r.value == pytest.approx(0.6) and r.basis == BOUND
    # min: incumbent 4.4, lower bound 4 -> ratio 6/4 (>= the true ratio)
    r = ratio(row(6.0), limited(4.4, 4.0), "min")
    assert r.value == pytest.approx(1.5) and r.basis == BOUND


@pytest.mark.parametrize(
    ("alg", "ref", "reason"),
    [
        (row(3.0), None, "no reference row"),
        (row(None, "error"), opt(4.0), "method error"),
        (row(3.0, valid=0), opt(4.0), "solution fails validation"),
        (row(3.0), row(None, "error", method="ref"),
         "reference error without a proven optimum or a bound"),
        (row(3.0), opt(0.0), "reference value is zero"),
        (row(-1.0), opt(2.0), "negative objective (ratios need non-negative objectives)"),
    ],
)
def test_missing_ratios_carry_a_reason(alg, ref, reason):
    r = ratio(alg, ref, "max")
    assert r.value is None and r.basis is None and r.reason == reason


def test_valid_solution_of_an_infeasible_reference_is_flagged():
    r = ratio(row(3.0), row(None, "infeasible", method="ref"), "min")
    assert r.value is None and r.suspicious and "infeasible" in r.reason
    assert not ratio(row(3.0, valid=0), row(None, "infeasible", method="ref"), "min").suspicious


def test_zero_over_zero_is_one_and_beating_the_optimum_is_flagged():
    assert ratio(row(0.0), opt(0.0), "min").value == 1.0
    assert ratio(row(4.1), opt(4.0), "max").suspicious
    assert ratio(row(3.9), opt(4.0), "min").suspicious
    assert not ratio(row(4.0 * (1 + 1e-9)), opt(4.0), "max").suspicious


def test_attach_pairs_rows_with_the_reference_of_the_same_instance():
    rows = [opt(4.0, "a"), opt(10.0, "b"), row(2.0, inst="a"), row(5.0, inst="b"),
            row(1.0, inst="c")]
    out = attach(rows, "ref", "max")
    assert [r["ratio"] for r in out] == [1.0, 1.0, 0.5, 0.5, None]
    assert out[-1]["reason"] == "no reference row"


def _agg_rows(values, basis, method="alg", size=3.0):
    return [{"suite": "s", "problem": "p", "sense": "max", "group": "g", "method": method,
             "size": size, "status": "feasible", "valid": 1, "ratio": v, "basis": basis,
             "runtime_s": 0.1 * (i + 1), "build_s": 0.0, "metrics": {"ok": float(i % 2)}}
            for i, v in enumerate(values)]


def test_aggregate_keeps_proven_and_bound_ratios_apart():
    rows = _agg_rows([0.9, 0.8, 1.0], PROVEN) + _agg_rows([0.5], BOUND)
    groups = aggregate(rows, resamples=200)
    assert [(g.basis, g.n) for g in groups] == [(PROVEN, 3), (BOUND, 1)]
    proven = groups[0]
    assert proven.mean == pytest.approx(0.9) and proven.median == pytest.approx(0.9)
    assert proven.worst == pytest.approx(0.8)  # max problem: worst = smallest ratio
    assert proven.metrics == {"ok": pytest.approx(1 / 3)}
    assert proven.runtime_max == pytest.approx(0.3)
    assert groups[1].worst == pytest.approx(0.5)


def test_worst_of_a_minimisation_problem_is_the_largest_ratio():
    rows = _agg_rows([1.0, 1.7, 1.2], PROVEN)
    for r in rows:
        r["sense"] = "min"
    (g,) = aggregate(rows)
    assert g.worst == pytest.approx(1.7)


def test_failures_count_in_the_group_but_not_in_the_ratio():
    rows = [*_agg_rows([0.9], PROVEN), {**_agg_rows([None], None)[0], "status": "error"}]
    (g,) = aggregate(rows)
    assert (g.n, g.runs, g.failed) == (1, 2, 1)


def test_bootstrap_ci_is_seeded_and_brackets_the_mean():
    x = np.random.default_rng(1).uniform(0.5, 1.0, 40)
    a = bootstrap_ci(x, "mean", 2000, 0.95, seed=3)
    b = bootstrap_ci(x, "mean", 2000, 0.95, seed=3)
    assert a == b and a.low < x.mean() < a.high
    # roughly mean +- 1.96 * standard error
    se = x.std(ddof=1) / math.sqrt(x.size)
    assert a.high - a.low == pytest.approx(2 * 1.96 * se, rel=0.25)
    m = bootstrap_ci(x, "median", 500, 0.9)
    assert m.low <= float(np.median(x)) <= m.high
    assert bootstrap_ci(np.array([0.7]), "mean", 100, 0.95) == bootstrap_ci(
        np.array([0.7, 0.7]), "median", 100, 0.95)


def test_metric_table_pools_groups_weighted_by_row_counts():
    from dlsched.bench.report import metric_table

    rows = _agg_rows([0.9, 0.8, 1.0], PROVEN, size=3.0) + _agg_rows([0.5], BOUND, size=5.0)
    for r in rows:
        r["metrics"] = {"ok": 1.0 if r["basis"] == PROVEN else 0.0}
    headers, lines = metric_table(aggregate(rows))
    assert headers == ["set", "method", "ok"]
    assert lines == [["g", "alg", "0.750"]]
