"""Boundary tamper tests of the revenue checker (``dlsched.revenue.validate.check``).

Hand-built instance: servers s1, s2 with 2 worker slots and 1 PS slot each; tenants T1, T2 with
quotas of 2 workers + 1 PS each; b_w = 1, b_p = 2. Job J1 (T1, arrival 0, work 1*2*3 = 6,
rates 1/1, utility 10 - x) and J2 (T2, arrival 1, work 1*2*2 = 4, rates C 2 / D 1, utility
20 - 2x). Plain schedule: J1 centralized on s1 with 2 workers, slots 1-3 (d = ceil(6/2) = 3,
x = 3, F = 7); J2 distributed, 2 workers on s1 and its PS on s2, slots 4-5 (d = ceil(4/2) = 2,
x = 4, F = 12; traffic 1 * 2 = 2 = b_p * 1, the (3i) bound). Revenue 19.

Mechanism schedule (posted prices theta_w = theta_p = 2, 4 workers / 2 PSs in all): J1 as
above in phase 1, decided first (prices 0); J2 centralized on s2 in slot 2 (d = ceil(4/4) = 1,
x = 1, F = 18) in phase 2, when J1 holds 2 workers and 1 PS: worker price 2^(2/4) - 1, PS price
2^(1/2) - 1, so it pays 3 (sqrt 2 - 1), all to T2 (T1 has no idle share in slot 2).
"""

from __future__ import annotations

import copy
import math
import time

import pytest

from dlsched.core.errors import InputError
from dlsched.revenue.instance import parse
from dlsched.revenue.validate import check, checked_result, objective

Q = {"T1": {"workers": 2, "ps": 1}, "T2": {"workers": 2, "ps": 1}}


def instance(bw_ps: float = 2, quota: dict | None = None):
    quota = quota or Q
    return parse({
        "problem": "revenue", "horizon": 10, "bandwidth": {"worker": 1, "ps": bw_ps},
        "tenants": [{"name": u, "quota": q} for u, q in quota.items()],
        "servers": [{"name": "s1", "workers": 2, "ps": 1}, {"name": "s2", "workers": 2, "ps": 1}],
        "jobs": [
            {"name": "J1", "tenant": "T1", "arrival": 0, "epochs": 1, "chunks": 2,
             "minibatches": 3, "rate": {"centralized": 1, "distributed": 1},
             "utility": {"kind": "linear", "slope": -1, "intercept": 10}},
            {"name": "J2", "tenant": "T2", "arrival": 1, "epochs": 1, "chunks": 2,
             "minibatches": 2, "rate": {"centralized": 2, "distributed": 1},
             "utility": {"kind": "linear", "slope": -2, "intercept": 20}},
        ],
    })


INST = instance()


def plain() -> dict:
    return {"jobs": {
        "J1": {"admitted": True, "start": 1, "completion": 3, "placement": "C",
               "workers": {"s1": 2}, "ps": {"s1": 1}, "utility": 7.0},
        "J2": {"admitted": True, "start": 4, "completion": 5, "placement": "D",
               "workers": {"s1": 2}, "ps": {"s2": 1}, "utility": 12.0},
    }, "revenue": 19.0}


R2 = math.sqrt(2) - 1
PAY = 2 * R2 + R2  # summed as the checker sums cost_w + cost_p


def mech() -> dict:
    s = {"jobs": {
        "J1": {"admitted": True, "start": 1, "completion": 3, "placement": "C",
               "workers": {"s1": 2}, "ps": {"s1": 1}, "utility": 7.0, "phase": 1, "order": 0,
               "window": [1, 4], "batch": 2, "mu": 7.0, "cost_w": [0.0] * 3,
               "cost_p": [0.0] * 3},
        "J2": {"admitted": True, "start": 2, "completion": 2, "placement": "C",
               "workers": {"s2": 2}, "ps": {"s2": 1}, "utility": 18.0, "phase": 2, "order": 1,
               "window": [2, 3], "batch": 1, "mu": 18.0 - PAY, "cost_w": [2 * R2],
               "cost_p": [R2], "payment": PAY, "income": {"T2": PAY}},
    }, "revenue": 25.0, "theta_w": 2.0, "theta_p": 2.0, "gains": {"T1": 7.0, "T2": 18.0},
        "fairness": {"alpha": {"T1": 0.56, "T2": 1.44}}}
    return s


def job(s: dict, name: str, **kw) -> dict:
    s["jobs"][name].update(kw)
    return s


def test_feasible_schedules() -> None:
    assert check(INST, plain()) == []
    assert check(INST, mech()) == []
    assert objective(INST, plain()) == 19.0
    # the solution's time_origin is information: the instance's rule decides
    assert objective(INST, {**plain(), "time_origin": "absolute"}) == 19.0
    assert objective(INST.with_rules(time_origin="absolute"), plain()) == 7.0 + 10.0
    res = checked_result(INST, "m", plain(), 0.0, {})
    assert res.status.value == "feasible" and res.objective == 19.0


def test_jobs_must_all_be_listed() -> None:
    s = plain()
    del s["jobs"]["J2"]
    assert check(INST, s) == ["solution.jobs must map every job name to a record"]
    s = plain()
    s["jobs"]["J3"] = s["jobs"]["J2"]
    assert check(INST, s) == ["solution.jobs must map every job name to a record"]
    assert check(INST, {}) == ["solution.jobs must map every job name to a record"]


def test_rejected_jobs() -> None:
    s = job(plain(), "J2", admitted=False)
    s["revenue"] = 7.0
    assert check(INST, s) == ["J2: rejected job holds resources"]
    s = job(s, "J2", workers={}, ps={})
    assert check(INST, s) == []
    assert objective(INST, s) == 7.0


def test_unknown_server_stops_the_check() -> None:
    assert check(INST, job(plain(), "J1", workers={"s9": 2})) == ["J1: unknown server 's9'"]
    assert check(INST, job(plain(), "J1", ps={"s9": 1})) == ["J1: unknown server 's9'"]


def test_counts_must_be_whole() -> None:
    out = check(INST, job(plain(), "J2", workers={"s1": 1.5, "s2": 0.5}))
    assert out[:2] == ["J2: workers on s1 must be a non-negative integer",
                       "J2: workers on s2 must be a non-negative integer"]
    out = check(INST, job(plain(), "J2", ps={"s2": 1, "s1": -1}))
    assert out[0] == "J2: ps on s1 must be a non-negative integer"


def test_start_after_arrival() -> None:
    s = job(plain(), "J1", start=0, completion=2, utility=8.0)
    s["revenue"] = 20.0
    assert check(INST, s) == ["J1: starts at 0 before r+1 = 1"]


def test_worker_count_bounds() -> None:
    assert check(INST, job(plain(), "J1", workers={"s1": 2, "s2": 1}))[0] == (
        "J1: 3 workers outside 1..D_j=2")
    assert check(INST, job(plain(), "J1", workers={}))[0] == "J1: 0 workers outside 1..D_j=2"
    assert check(INST, job(plain(), "J1", ps={}))[0] == "J1: no parameter server"


def test_placements() -> None:
    s = job(plain(), "J1", workers={"s1": 1, "s2": 1})
    assert "J1: centralized needs one server with all workers and 1 PS" in check(INST, s)
    # distributed: PSs on any servers (problem (3)), (3i) on every PS host; J1 holds s1's PS
    # in slots 1-3, J2 runs in 4-5: PSs on s1 and s2 fit. ps_multi is ignored either way.
    s = job(plain(), "J2", ps={"s1": 1, "s2": 1})
    assert check(INST, s) == []
    s["ps_multi"] = False
    assert check(INST, s) == []
    s = job(plain(), "J2", workers={"s2": 2})  # a D run on one server: legal, slower (3)
    assert check(INST, s) == []
    s = job(plain(), "J2", workers={"s1": 1, "s2": 1})
    assert check(INST, s) == []
    assert check(INST, job(plain(), "J1", placement="X")) == ["J1: placement must be 'C' or 'D'"]


def test_ps_bandwidth_3i() -> None:
    assert check(instance(bw_ps=2), plain()) == []
    assert check(instance(bw_ps=1.5), plain()) == ["J2: (3i) bandwidth violated on PS server s2"]
    s = job(plain(), "J2", workers={"s1": 1, "s2": 1})  # traffic 1 <= 1.5
    assert check(instance(bw_ps=1.5), s) == []


def test_work_and_duration() -> None:
    s = job(plain(), "J1", completion=2, utility=8.0)
    s["revenue"] = 20.0
    assert check(INST, s) == ["J1: 2x2 slots train 4 < 6 mini-batches",
                              "J1: runs 2 slots, d_j(C,2) = 3"]
    s = job(plain(), "J1", completion=4, utility=6.0)  # one slot longer than needed
    s["revenue"] = 18.0
    assert check(INST, s) == ["J1: runs 4 slots, d_j(C,2) = 3",  # and meets J2 on s1 in slot 4
                              "server s1: workers over capacity at slot 4"]


def test_utility_and_revenue() -> None:
    s = job(plain(), "J1", utility=7.1)
    assert check(INST, s) == ["J1: utility 7.1 != f_j(3) = 7.0", "revenue 19.0 != Σ F_j = 19.1"]
    s = job(plain(), "J1", utility=7.0 + 5e-7)  # amount tolerance 1e-7 * 7
    assert "J1: utility" not in " ".join(check(INST, s))
    s = job(plain(), "J1", utility=7.0 + 1e-6)
    assert "J1: utility" in " ".join(check(INST, s))
    s = plain()
    s["revenue"] = 19.1
    assert check(INST, s) == ["revenue 19.1 != Σ F_j = 19.0"]
    del s["revenue"]
    assert check(INST, s) == ["revenue None != Σ F_j = 19.0"]
    s = plain()
    s["time_origin"] = "absolute"  # information only: the instance measures from arrival
    assert check(INST, s) == []
    absolute = INST.with_rules(time_origin="absolute")  # J2: x = 5, F = 10
    assert check(absolute, plain()) == ["J2: utility 12.0 != f_j(5) = 10.0"]


def test_server_capacity() -> None:
    s = job(plain(), "J2", start=3, completion=4)  # slot 3 has J1's 2 workers on s1 too
    s["jobs"]["J2"]["utility"] = 14.0
    s["revenue"] = 21.0
    assert check(INST, s) == ["server s1: workers over capacity at slot 3"]
    s = job(plain(), "J2", start=3, completion=4, utility=14.0, workers={"s2": 1, "s1": 1},
            ps={"s1": 1})
    s["revenue"] = 21.0
    assert check(INST, s) == ["server s1: workers over capacity at slot 3",
                              "server s1: PSs over capacity at slot 3"]


def test_round_windows() -> None:
    s = job(mech(), "J1", window=[2, 5])
    assert "J1: run 1..3 outside its round window 2..5" in check(INST, s)
    s = job(mech(), "J1", window=[1, 2], batch=1)
    assert "J1: run 1..3 outside its round window 1..2" in check(INST, s)
    s = job(mech(), "J1", batch=1)  # 4 slots but tau = 2
    assert "J1: run 1..3 outside its round window 1..4" in check(INST, s)
    s = job(mech(), "J2", window=[2, 2], batch=0)  # tau = 1: arrival 1 is not before it
    assert "J2: arrival 1 not before τ = 1" in check(INST, s)


def test_admission_value_mu() -> None:
    out = check(INST, job(mech(), "J2", mu=0.0))
    assert out[0] == "J2: admitted with μ = 0.0 <= 0"
    assert out[1].startswith("J2: μ 0.0 != ideal 18.0 - cost ")
    out = check(INST, job(mech(), "J2", mu=18.0 - PAY + 0.01))
    assert len(out) == 1 and out[0].startswith("J2: μ ")


def test_posted_prices_replayed_in_order() -> None:
    assert check(INST, job(mech(), "J2", cost_w=[2 * R2 + 1e-6], mu=18.0 - PAY - 1e-6,
                           payment=PAY + 1e-6, income={"T2": PAY + 1e-6})) == [
        "J2: charged costs differ from the posted prices (8)"]
    s = job(mech(), "J1", order=2)  # J2 decided first: it pays nothing, J1 pays in slot 2
    assert check(INST, s) == ["J2: charged costs differ from the posted prices (8)",
                              "J1: charged costs differ from the posted prices (8)"]
    out = check(INST, job(mech(), "J2", cost_w=[2 * R2, 0.0]))
    assert "J2: per-slot costs do not cover the run" in out


def test_money() -> None:
    out = check(INST, job(mech(), "J2", payment=PAY + 0.01))
    assert out == [f"J2: payment {PAY + 0.01} != charged cost {PAY}",
                   f"J2: incomes sum to {PAY}, payment {PAY + 0.01}"]
    out = check(INST, job(mech(), "J2", income={"T1": PAY}))
    assert out == [f"J2: incomes {[PAY, 0.0]} != Eq. (2) {[0.0, PAY]}"]
    out = check(INST, job(mech(), "J1", payment=1.0))
    assert out == ["J1: a phase-1 job pays nothing"]
    out = check(INST, job(mech(), "J1", income={"T1": 1.0}))
    assert out == ["J1: a phase-1 job pays nothing"]


def test_phase_one_within_the_share() -> None:
    quota = {"T1": {"workers": 1, "ps": 1}, "T2": {"workers": 3, "ps": 1}}
    out = check(instance(quota=quota), mech())
    assert out[0] == "tenant T1: phase-1 usage above its share at slot 1"
    quota = {"T1": {"workers": 2, "ps": 0}, "T2": {"workers": 2, "ps": 2}}
    out = check(instance(quota=quota), mech())
    assert out[0] == "tenant T1: phase-1 usage above its share at slot 1"


def test_gains_and_fairness() -> None:
    s = mech()
    s["gains"] = {"T1": 7.0, "T2": 18.5}
    assert check(INST, s) == ["tenant gains sum to 25.5, revenue 25.0"]
    # gains that sum right but move money between tenants: g_u from the records
    s["gains"] = {"T1": 7.5, "T2": 17.5}
    assert check(INST, s) == ["tenant T1: gain 7.5 != 7.0 from the records",
                              "tenant T2: gain 17.5 != 18.0 from the records"]
    s = mech()
    s["fairness"]["alpha"] = {"T1": 1.0, "T2": 1.2}
    assert check(INST, s) == ["tenant T1: alpha 1.0 != (g_u / ΣF) / β_u = 0.56",
                              "tenant T2: alpha 1.2 != (g_u / ΣF) / β_u = 1.44"]
    # Σ β α = 1 holds, yet T1's alpha is hidden: alpha is recomputed, not trusted
    s["fairness"]["alpha"] = {"T1": None, "T2": 2.0}
    assert check(INST, s) == ["tenant T1: alpha None != (g_u / ΣF) / β_u = 0.56",
                              "tenant T2: alpha 2.0 != (g_u / ΣF) / β_u = 1.44"]


def test_checked_result_reports_violations() -> None:
    s = copy.deepcopy(plain())
    s["revenue"] = 20.0
    res = checked_result(INST, "m", s, 0.0, {})
    assert res.status.value == "error"
    assert res.stats["violations"] == ["revenue 20.0 != Σ F_j = 19.0"]


@pytest.mark.parametrize("kind", ["plain", "mech"])
def test_listed_rejections_are_free(kind: str) -> None:
    s = plain() if kind == "plain" else mech()
    s["jobs"]["J2"] = {"admitted": False, "workers": {}, "ps": {}}
    s["revenue"] = 7.0
    if kind == "mech":
        s["gains"] = {"T1": 7.0, "T2": 0.0}
        s["fairness"] = {"alpha": {"T1": 2.0, "T2": 0.0}}
    assert check(INST, s) == []


def test_cost_vectors_must_match_the_run_exactly() -> None:
    out = check(INST, job(mech(), "J2", cost_p=[R2, 0.0]))  # cost_w is fine, cost_p too long
    assert out == ["J2: per-slot costs do not cover the run",
                   "J2: per-slot costs do not cover the run"]  # prices (8) and money (10)


def test_price_tolerances_are_tight() -> None:
    # J1's slot-1 worker price is 0: a charge of 2e-7 is beyond the amount tolerance 1e-7
    s = job(mech(), "J1", cost_w=[2e-7, 0.0, 0.0])
    assert check(INST, s) == ["J1: charged costs differ from the posted prices (8)"]
    # J2's PS charge 2e-7 above sqrt(2) - 1 = 0.41: beyond 1e-7 * max(1, 0.41)
    pay = 2 * R2 + (R2 + 2e-7)
    s = job(mech(), "J2", cost_p=[R2 + 2e-7], mu=18.0 - pay, payment=pay, income={"T2": pay})
    assert check(INST, s) == ["J2: charged costs differ from the posted prices (8)"]


def test_incomes_in_the_last_slot() -> None:
    # J2 in slot 3, the last slot of J1: same prices, x = 2, F = 16; all income to T2
    s = job(mech(), "J2", start=3, completion=3, utility=16.0, mu=16.0 - PAY)
    s["revenue"] = 23.0
    s["gains"] = {"T1": 7.0, "T2": 16.0}
    s["fairness"] = {"alpha": {"T1": 14 / 23, "T2": 32 / 23}}
    assert check(INST, s) == []
    s["jobs"]["J2"]["income"] = {"T1": PAY}
    assert check(INST, s) == [f"J2: incomes {[PAY, 0.0]} != Eq. (2) {[0.0, PAY]}"]


def test_checked_result_keeps_ten_violations_and_times_the_run() -> None:
    s = job(job(plain(), "J1", workers={"s1": 2.5}, ps={"s1": 1.5}), "J2",
            workers={"s1": 2.5}, ps={"s2": 1.5})
    s["revenue"] = 0.0
    s["gains"] = {"T1": 1.0, "T2": 1.0}
    s["fairness"] = {"alpha": {"T1": 1.0, "T2": 3.0}}
    expected = ["J1: workers on s1 must be a non-negative integer",
                "J1: ps on s1 must be a non-negative integer",
                "J1: 2.5 workers outside 1..D_j=2",
                "J2: workers on s1 must be a non-negative integer",
                "J2: ps on s2 must be a non-negative integer",
                "J2: 2.5 workers outside 1..D_j=2",
                "server s1: workers over capacity at slot 1",
                "server s1: PSs over capacity at slot 1",
                "revenue 0.0 != Σ F_j = 19.0",
                "tenant gains sum to 2.0, revenue 19.0"]
    assert check(INST, s) == expected
    res = checked_result(INST, "m", s, time.perf_counter() - 5.0, {"k": 1})
    assert res.stats == {"k": 1, "violations": expected[:10]}
    assert res.objective == 0.0 and res.method == "m" and res.problem == "revenue"
    assert res.solution == s
    assert 5.0 <= res.runtime_s < 60.0
    res = checked_result(INST, "m", plain(), time.perf_counter() - 5.0, {})
    assert res.stats == {} and 5.0 <= res.runtime_s < 60.0


def both_phase_two() -> dict:
    """J1 also in phase 2 (it pays 0, first decided): in slot 2 no tenant uses its share, so
    J2's payment splits half / half (worker and PS shares both 1/2)."""
    s = job(mech(), "J1", phase=2, payment=0.0, income={})
    half = 0.5 * (2 * R2) + 0.5 * R2
    s["gains"] = {"T1": 7.0 + half, "T2": 18.0 - PAY + half}
    s["fairness"] = {"alpha": {u: g / 25.0 / 0.5 for u, g in s["gains"].items()}}
    return job(s, "J2", income={"T1": half, "T2": half})


def test_incomes_split_by_idle_share() -> None:
    assert check(INST, both_phase_two()) == []
    s = job(both_phase_two(), "J2", income={"T2": PAY})
    half = 0.5 * (2 * R2) + 0.5 * R2
    assert check(INST, s) == [f"J2: incomes {[0.0, PAY]} != Eq. (2) {[half, half]}"]


def test_money_goes_on_after_a_bad_cost_vector() -> None:
    s = job(both_phase_two(), "J1", cost_w=[0.0, 0.0])
    s = job(s, "J2", payment=PAY + 0.01)
    # the price replay skips J1 (no usable costs), so J2's posted prices replay as 0
    assert check(INST, s) == ["J1: per-slot costs do not cover the run",
                              "J2: charged costs differ from the posted prices (8)",
                              "J1: per-slot costs do not cover the run",
                              f"J2: payment {PAY + 0.01} != charged cost {PAY}",
                              f"J2: incomes sum to {PAY}, payment {PAY + 0.01}"]


def test_missing_payment() -> None:
    s = mech()
    del s["jobs"]["J2"]["payment"]
    assert check(INST, s) == ["J2: payment None != charged cost " + str(PAY),
                              f"J2: incomes sum to {PAY}, payment None"]


def test_multi_slot_phase_two_run() -> None:
    # J2 decided first (phase 1, free); J1 in phase 2 pays for slot 2 only, where T2 uses its
    # whole share: the income goes to T1 (idle shares [2, 0] workers, [1, 0] PSs)
    s = job(mech(), "J2", phase=1, order=0, cost_w=[0.0], cost_p=[0.0], mu=18.0)
    del s["jobs"]["J2"]["payment"], s["jobs"]["J2"]["income"]
    s = job(s, "J1", phase=2, order=1, cost_w=[0.0, 2 * R2, 0.0], cost_p=[0.0, R2, 0.0],
            mu=7.0 - PAY, payment=PAY, income={"T1": PAY})
    assert check(INST, s) == []
    s["jobs"]["J1"]["income"] = {"T2": PAY}
    assert check(INST, s) == [f"J1: incomes {[0.0, PAY]} != Eq. (2) {[PAY, 0.0]}"]


def test_missing_payment_and_income_of_a_free_phase_two_job() -> None:
    s = both_phase_two()
    del s["jobs"]["J1"]["income"]  # no income: nothing to share out of 0
    assert check(INST, s) == []
    del s["jobs"]["J1"]["payment"]  # counts as nan != 0 for the payment, as 0 for the incomes
    assert check(INST, s) == ["J1: payment None != charged cost 0.0"]


def test_income_tolerances() -> None:
    half = 0.5 * (2 * R2) + 0.5 * R2
    s = job(both_phase_two(), "J2", income={"T1": half + 1e-6, "T2": half - 1e-6})
    out = check(INST, s)
    assert len(out) == 1 and out[0].startswith("J2: incomes [")
    s = job(mech(), "J2", income={"T1": 5e-8, "T2": PAY - 5e-8})  # within atol 1e-7
    assert check(INST, s) == []


def test_relative_closeness_edges() -> None:
    none = plain()
    for name in ("J1", "J2"):
        none["jobs"][name] = {"admitted": False, "workers": {}, "ps": {}}
    for revenue in (1e-6, 5e-7):  # |r - 0| <= 1e-6 * max(1, ...): inclusive, floor 1
        none["revenue"] = revenue
        assert check(INST, none) == []
    none["revenue"] = 1.5e-6
    assert check(INST, none) == ["revenue 1.5e-06 != Σ F_j = 0"]
    # a gain is an amount: 1e-7 times the larger of the two, on either side
    s = plain()
    s["gains"] = {"T1": 7.0, "T2": 12.0 + 1.1e-6}  # 1e-7 * 12.0000011
    assert check(INST, s) == []
    s["gains"] = {"T1": 7.0, "T2": 12.0 - (1.2e-6 - 1e-11)}
    assert check(INST, s) == []
    s["gains"] = {"T1": 7.0, "T2": 12.0 + 1.3e-6}
    assert check(INST, s) == [f"tenant T2: gain {12.0 + 1.3e-6} != 12.0 from the records"]


def test_one_worker_and_zero_counts() -> None:
    # J2 distributed with 1 worker: d = ceil(4 / 1) = 4, slots 4-7, x = 6, F = 8
    s = job(plain(), "J2", workers={"s1": 1, "s2": 0}, completion=7, utility=8.0)
    s["revenue"] = 15.0
    assert check(INST, s) == []
    s["jobs"]["J2"]["workers"] = {"s1": 1}  # no entry for the PS server: 0 workers there
    assert check(INST, s) == []


def test_ps_multi_is_information_only() -> None:
    s = job(plain(), "J2", workers={"s2": 2}, ps={"s2": 1})
    for flag in (True, False, None):
        s["ps_multi"] = flag
        assert check(INST, s) == []


def test_distributed_rate_is_used() -> None:
    # J2 distributed runs at 1 mini-batch per worker and slot: 2 x 1 slot = 2 < 4
    s = job(plain(), "J2", completion=4, utility=14.0)
    s["revenue"] = 21.0
    assert check(INST, s) == ["J2: 2x1 slots train 2 < 4 mini-batches",
                              "J2: runs 1 slots, d_j(D,2) = 2"]


def test_ps_bandwidth_bound_is_inclusive() -> None:
    assert check(instance(bw_ps=2 - 1e-9), plain()) == []  # traffic 2 = b_p * 1 + 1e-9


def test_rejected_job_with_only_workers_or_only_ps() -> None:
    for held in ({"workers": {"s1": 1}, "ps": {}}, {"workers": {}, "ps": {"s2": 1}}):
        s = plain()
        s["jobs"]["J2"] = {"admitted": False, **held}
        s["revenue"] = 7.0
        assert check(INST, s) == ["J2: rejected job holds resources"]


def test_aggregate_usage_above_the_quotas() -> None:
    # J2 with 3 workers in slot 3 (J1 holds 2 of s1): 5 workers > 4 in all
    s = job(plain(), "J2", start=3, completion=4, utility=14.0, workers={"s2": 2, "s1": 1},
            ps={"s2": 1})
    s["revenue"] = 21.0
    assert check(INST, s) == ["J2: 3 workers outside 1..D_j=2",
                              "server s1: workers over capacity at slot 3",
                              "aggregate usage above Σq (3a)/(3b)"]
    # J2's second PS on s1 in slot 3, where J1 has its PS: 3 PSs > 2 in all
    s = job(plain(), "J2", start=3, completion=4, utility=14.0, workers={"s2": 2},
            ps={"s1": 1, "s2": 1})
    s["revenue"] = 21.0
    assert check(INST, s) == ["server s1: PSs over capacity at slot 3",
                              "aggregate usage above Σq (3a)/(3b)"]


def test_fairness_checked_only_with_positive_revenue() -> None:
    s = plain()
    s["jobs"]["J2"] = {"admitted": False, "workers": {}, "ps": {}}
    s = job(s, "J1", start=7, completion=9, utility=1.0)  # F = 10 - 9 = 1
    s["revenue"] = 1.0
    s["gains"] = {"T1": 1.0, "T2": 0.0}
    s["fairness"] = {"alpha": {"T1": 1.0, "T2": 3.0}}
    assert check(INST, s) == ["tenant T1: alpha 1.0 != (g_u / ΣF) / β_u = 2.0",
                              "tenant T2: alpha 3.0 != (g_u / ΣF) / β_u = 0.0"]
    s["jobs"]["J1"] = {"admitted": False, "workers": {}, "ps": {}}
    s["revenue"] = 0.0
    s["gains"] = {"T1": 0.0, "T2": 0.0}
    assert check(INST, s) == []  # no revenue: alpha is undefined, not checked


# -- rules from the instance only (issue 32) ---------------------------------------------------
def test_horizon_caps_every_run_inclusive() -> None:
    # J2 ends in slot 5: T = 5 holds it, T = 4 does not; a solution cannot declare otherwise
    assert check(INST.with_rules(horizon=5), plain()) == []
    s = plain()
    s["horizon"] = 99
    assert check(INST.with_rules(horizon=4), s) == [
        "J2: completes at slot 5, after the horizon T=4"]


def test_fixed_workers_is_the_instance_rule() -> None:
    fixed = INST.with_rules(fixed_workers=True)
    assert check(fixed, plain()) == []  # both jobs use D_j = 2 workers
    # J2 with 1 worker (d = ceil(4 / 1) = 4, slots 4-7, x = 6, F = 8): fine when not fixed
    s = job(plain(), "J2", workers={"s1": 1}, completion=7, utility=8.0)
    s["revenue"], s["fixed_workers"] = 15.0, False
    assert check(INST, s) == []
    assert check(fixed, s) == ["J2: 1 workers, the instance fixes D_j=2 (fixed_workers)"]


def test_distributed_rate_above_centralized_is_refused() -> None:
    data = {"problem": "revenue", "horizon": 10, "bandwidth": {"worker": 1, "ps": 1},
            "tenants": [{"name": "T", "quota": {"workers": 2, "ps": 1}}],
            "servers": [{"name": "s", "workers": 2, "ps": 1}],
            "jobs": [{"name": "J", "tenant": "T", "arrival": 0, "epochs": 1, "chunks": 1,
                      "minibatches": 1, "rate": {"centralized": 1, "distributed": 1.5},
                      "utility": {"kind": "linear", "slope": -1, "intercept": 10}}]}
    with pytest.raises(InputError, match=r"jobs\[0\]\.rate\.distributed"):
        parse(data)
    data["jobs"][0]["rate"]["distributed"] = 1  # equal rates: allowed (the boundary)
    assert parse(data).rate_d[0] == 1.0


def test_rules_round_trip_and_default() -> None:
    from dlsched.revenue.instance import dump

    d = dump(INST)
    assert d["time_origin"] == "arrival" and d["fixed_workers"] is False
    other = parse({**d, "time_origin": "absolute", "fixed_workers": True})
    assert (other.time_origin, other.fixed_workers) == ("absolute", True)
    assert dump(other)["time_origin"] == "absolute"
    with pytest.raises(InputError, match="time_origin"):
        parse({**d, "time_origin": "start"})
