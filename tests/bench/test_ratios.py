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


def test_max_proven_ratio_is_opt_over_alg_at_least_one():
    # the library's convention (dlsched lib score): >= 1 is worse, OPT/ALG for a maximisation
    r = ratio(row(3.0), opt(4.0), "max")
    assert r.value == pytest.approx(4 / 3) and r.basis == PROVEN and not r.suspicious


def test_min_proven_ratio_is_at_least_one():
    r = ratio(row(6.0), opt(4.0), "min")
    assert r.value == pytest.approx(1.5) and r.basis == PROVEN


def test_time_limited_reference_uses_bound_and_is_flagged():
    # max: incumbent 3.5, bound 5 -> ratio 5/3 (conservative: true OPT is in [3.5, 5], so
    # the true ratio OPT/ALG is in [3.5/3, 5/3])
    r = ratio(row(3.0), limited(3.5, 5.0), "max")
    assert r.value == pytest.approx(5 / 3) and r.basis == BOUND
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
        (row(0.0), opt(4.0), "objective is zero: the ratio is infinite"),
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
    assert ratio(row(3.0), opt(0.0), "min").reason == "reference value is zero"
    assert ratio(row(4.1), opt(4.0), "max").suspicious
    assert ratio(row(3.9), opt(4.0), "min").suspicious
    assert not ratio(row(4.0 * (1 + 1e-9)), opt(4.0), "max").suspicious


def test_attach_pairs_rows_with_the_reference_of_the_same_instance():
    rows = [opt(4.0, "a"), opt(10.0, "b"), row(2.0, inst="a"), row(5.0, inst="b"),
            row(1.0, inst="c")]
    out = attach(rows, "ref", "max")
    assert [r["ratio"] for r in out] == [1.0, 1.0, 2.0, 2.0, None]
    assert out[-1]["reason"] == "no reference row"


def _agg_rows(values, basis, method="alg", size=3.0):
    return [{"suite": "s", "problem": "p", "sense": "max", "group": "g", "method": method,
             "size": size, "status": "feasible", "valid": 1, "ratio": v, "basis": basis,
             "runtime_s": 0.1 * (i + 1), "build_s": 0.0, "metrics": {"ok": float(i % 2)}}
            for i, v in enumerate(values)]


def test_aggregate_keeps_proven_and_bound_ratios_apart():
    rows = _agg_rows([1.1, 1.2, 1.0], PROVEN) + _agg_rows([2.0], BOUND)
    groups = aggregate(rows, resamples=200)
    assert [(g.basis, g.n) for g in groups] == [(PROVEN, 3), (BOUND, 1)]
    proven = groups[0]
    assert proven.mean == pytest.approx(1.1) and proven.median == pytest.approx(1.1)
    assert proven.worst == pytest.approx(1.2)  # >= 1 is worse in both senses: the largest
    assert proven.geomean == pytest.approx((1.1 * 1.2 * 1.0) ** (1 / 3))
    assert proven.metrics == {"ok": pytest.approx(1 / 3)}
    assert proven.runtime_max == pytest.approx(0.3)
    assert groups[1].worst == pytest.approx(2.0)


def test_worst_of_a_minimisation_problem_is_the_largest_ratio():
    rows = _agg_rows([1.0, 1.7, 1.2], PROVEN)
    for r in rows:
        r["sense"] = "min"
    (g,) = aggregate(rows)
    assert g.worst == pytest.approx(1.7)


def test_failures_count_in_the_group_but_not_in_the_ratio():
    rows = [*_agg_rows([1.1], PROVEN), {**_agg_rows([None], None)[0], "status": "error",
                                         "error": "ValueError: boom\ntrace", "instance_id": "x"}]
    (g,) = aggregate(rows)
    assert (g.n, g.runs, g.failed) == (1, 2, 1)
    assert g.first_failure == "ValueError: boom (on x)"


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

    rows = _agg_rows([1.1, 1.2, 1.0], PROVEN, size=3.0) + _agg_rows([2.0], BOUND, size=5.0)
    for r in rows:
        r["metrics"] = {"ok": 1.0 if r["basis"] == PROVEN else 0.0}
    headers, lines = metric_table(aggregate(rows))
    assert headers == ["set", "method", "ok"]
    assert lines == [["g", "alg", "0.750"]]


def test_an_old_store_reaggregates_under_the_new_convention(tmp_path):
    """Rows keep raw objectives: a database written before the convention changed (no
    ``warnings`` column, ratios never stored) reads back with OPT/ALG for a maximisation and
    ALG/OPT for a minimisation, worked by hand."""
    import sqlite3

    from dlsched.bench import ResultsStore
    from dlsched.bench.aggregate import headline, ratio_rows, summarise

    db = tmp_path / "old.db"
    base = {"suite": "old", "group": "g", "kind": "algorithm", "params": "{}", "valid": 1,
            "metrics": "{}", "status": "feasible"}
    objectives = {  # problem -> instance -> (reference OPT, algorithm)
        "oef": {"a": (8.0, 6.0), "b": (5.0, 4.0)},     # max: 8/6, 5/4
        "ojpp": {"a": (3.0, 4.0), "b": (2.0, 3.0)},    # min: 4/3, 3/2
    }
    with ResultsStore(db) as store:
        for problem, insts in objectives.items():
            store.register_suite({"suite": "old", "problem": problem,
                                  "sense": "max" if problem == "oef" else "min",
                                  "reference": "ref", "ratio": "objective", "bootstrap": 100,
                                  "confidence": 0.95, "methods": '["ref", "alg"]'})
            for inst, (opt_value, alg_value) in insts.items():
                for method, obj, status in (("ref", opt_value, "optimal"),
                                            ("alg", alg_value, "feasible")):
                    store.record({**base, "task_key": f"{problem}{inst}{method}",
                                  "problem": problem, "instance_id": inst,
                                  "instance_key": f"{problem}:{inst}", "method": method,
                                  "name": method, "objective": obj, "status": status})
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE runs DROP COLUMN warnings")  # as an older dlsched wrote it
    con.commit()
    con.close()
    with ResultsStore(db, create=False) as store:
        rows = {(r["problem"], r["instance_id"], r["method"]): r["ratio"]
                for r in ratio_rows(store)}
        groups = {(g.problem, g.method): g for g in summarise(store)}
        lines = {(m.problem, m.method): m for m in headline(store)}
    assert rows[("oef", "a", "alg")] == pytest.approx(8 / 6)
    assert rows[("oef", "b", "alg")] == pytest.approx(5 / 4)
    assert rows[("ojpp", "a", "alg")] == pytest.approx(4 / 3)
    assert rows[("ojpp", "b", "alg")] == pytest.approx(3 / 2)
    assert groups[("oef", "alg")].worst == pytest.approx(4 / 3)
    assert groups[("ojpp", "alg")].worst == pytest.approx(3 / 2)
    assert lines[("oef", "alg")].geomean == pytest.approx(math.sqrt(8 / 6 * 5 / 4))
    assert lines[("ojpp", "ref")].geomean == 1.0 and lines[("oef", "alg")].warned == 0
