"""Boundary tamper tests of the OEF validators (``validate.check_allocation``, ``check_rounds``).

One small instance, worked by hand: GPU types g1 (2.5 devices, so 2 whole GPUs) and g2 (3);
user u1 (one row, speedups [1, 2]) and user u2 with job types a ([1, 1]) and b ([1, 3], minimum
demand 2): virtual rows 0 = u1, 1 = u2/a, 2 = u2/b. Each test changes a feasible solution by the
smallest amount that crosses one rule and expects exactly the violation of that rule (messages
written out here, not read from the validator).
"""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.oef.instance import parse
from dlsched.oef.validate import check, check_allocation, objective
from dlsched.oef.validate_rounds import check_rounds

INST = parse({
    "problem": "oef",
    "gpu_types": [{"name": "g1", "count": 2.5}, {"name": "g2", "count": 3}],
    "users": [
        {"name": "u1", "speedup": [1, 2]},
        {"name": "u2", "job_types": [{"name": "a", "speedup": [1, 1]},
                                     {"name": "b", "speedup": [1, 3], "min_demand": 2}]},
    ],
})


# --- fractional allocation --------------------------------------------------------------------

def alloc() -> dict:
    """Feasible: g1 fully used (1 + 1.5 = 2.5), g2 fully used (1 + 2 = 3); rows sum to users."""
    return {"allocation": [[1.0, 1.0], [1.5, 2.0]],
            "rows": [{"allocation": [1.0, 1.0]}, {"allocation": [1.5, 0.0]},
                     {"allocation": [0.0, 2.0]}]}


def test_full_capacity_is_feasible() -> None:
    assert check(INST, alloc()) == []


def test_not_a_dict_and_no_known_key() -> None:
    assert check(INST, [1, 2]) == ["solution: expected a JSON object"]
    assert check(INST, {"x": 1}) == ["solution: none of the keys ['allocation', 'rounds'] present"]
    assert check_allocation(INST, {}) == ["allocation: missing"]


def test_bad_matrices() -> None:
    assert check(INST, {"allocation": [["a", "b"], ["c", "d"]]}) == [
        "allocation: not a numeric matrix"]
    assert check(INST, {"allocation": [[1, 1], [1, 1], [0, 0]]}) == [
        "allocation: shape (3, 2), expected (2, 2)"]
    assert check(INST, {"allocation": [[1, float("nan")], [0, 0]]}) == [
        "allocation: contains NaN or infinity"]
    assert check(INST, {"allocation": [[1, float("inf")], [0, 0]]}) == [
        "allocation: contains NaN or infinity"]


def test_capacity_one_unit_over_on_each_type() -> None:
    sol = {"allocation": [[2.0, 1.0], [1.5, 2.0]]}
    assert check(INST, sol) == ["capacity of g1: 3.5 allocated > 2.5"]
    sol = {"allocation": [[1.0, 2.0], [1.5, 2.0]]}
    assert check(INST, sol) == ["capacity of g2: 4 allocated > 3"]


def test_capacity_tolerance_scales_with_the_count() -> None:
    # tolerance is 1e-7 per unit of capacity: 3 * 1e-7 on g2
    assert check(INST, {"allocation": [[1.0, 1.0], [1.5, 2.0 + 2.5e-7]]}) == []
    over = check(INST, {"allocation": [[1.0, 1.0], [1.5, 2.0 + 4e-7]]})
    assert over == ["capacity of g2: 3.0000004 allocated > 3"]
    # g1 has 2.5 devices: 2.5e-7 tolerance
    assert check(INST, {"allocation": [[1.0, 1.0], [1.5 + 2e-7, 2.0]]}) == []
    assert check(INST, {"allocation": [[1.0, 1.0], [1.5 + 3e-7, 2.0]]}) == [
        "capacity of g1: 2.5000003 allocated > 2.5"]


def test_small_capacity_keeps_the_absolute_floor() -> None:
    small = parse({"problem": "oef", "gpu_types": [{"name": "g", "count": 0.5}],
                   "users": [{"name": "u", "speedup": [1]}]})
    assert check(small, {"allocation": [[0.5 + 0.9e-7]]}) == []
    assert check(small, {"allocation": [[0.5 + 1.1e-7]]}) == ["capacity of g: 0.50000011 "
                                                              "allocated > 0.5"]


def test_negative_entry() -> None:
    assert check(INST, {"allocation": [[1.0, -1e-6], [1.5, 2.0]]}) == [
        "allocation[0][1]: negative (-1e-06)"]
    assert check(INST, {"allocation": [[1.0, -0.5e-7], [1.5, 2.0]]}) == []


def test_rows_count_negative_and_sum() -> None:
    sol = alloc()
    sol["rows"] = sol["rows"][:2]
    assert check(INST, sol) == ["rows: 2 entries, expected 3"]
    sol = alloc()
    # negative beyond 1e-7; the sums still agree within 1e-7 of 2 (dlsched.core.tolerance)
    sol["rows"][1]["allocation"] = [1.5, -1.5e-7]
    assert check(INST, sol) == ["rows[1].allocation: negative entry"]
    sol = alloc()
    sol["rows"][1]["allocation"] = [1.0, 0.5]  # u2: rows give [1, 2.5], allocation says [1.5, 2]
    assert check(INST, sol) == ["rows: per-row allocations do not sum to the per-user allocation",
                                "capacity of g2: rows allocate 3.5 > 3"]
    sol = alloc()
    sol["rows"][2]["allocation"] = [0.0, 2.0 + 5e-5]  # beyond 1e-6 + 1e-5 * 2
    assert check(INST, sol) == ["rows: per-row allocations do not sum to the per-user allocation",
                                "capacity of g2: rows allocate 3.00005 > 3"]
    sol = alloc()
    sol["rows"][2]["allocation"] = [0.0, 2.0 + 1e-8]
    assert check(INST, sol) == []
    # the objective counts the rows: one amount tolerance for the sums (1e-7 of 2) and the
    # capacity (1e-7 of m_j = 3 on g2)
    sol = alloc()
    sol["rows"][2]["allocation"] = [0.0, 2.0 + 4e-7]
    assert check(INST, sol) == ["rows: per-row allocations do not sum to the per-user allocation",
                                "capacity of g2: rows allocate 3.0000004 > 3"]
    sol["rows"][2]["allocation"] = [0.0, 2.0 + 1.5e-7]
    assert check(INST, sol) == []
    sol = alloc()
    sol["rows"][0] = {}
    assert check(INST, sol) == ["rows.allocation: not a numeric matrix"]


def test_objective_by_rows_and_by_users() -> None:
    # rows: 1*1 + 2*1 + 1*1.5 + 1*0 + 1*0 + 3*2 = 10.5
    assert objective(INST, alloc()) == pytest.approx(10.5)
    simple = parse({"problem": "oef", "gpu_types": [{"name": "g1", "count": 1},
                                                    {"name": "g2", "count": 1}],
                    "users": [{"name": "u1", "speedup": [1, 4]}]})
    assert objective(simple, {"allocation": [[0.5, 0.25]]}) == pytest.approx(1.5)
    with pytest.raises(ValueError, match=r"allocation of shape \(2, 2\), speedups of shape"):
        objective(INST, {"allocation": [[1, 1], [1, 1]]})


# --- integral rounds (placer output) -----------------------------------------------------------

BASE = [  # T = 2 rounds, R = 3 rows, k = 2 types
    [[1, 1], [0, 0], [0, 2]],
    [[0, 0], [1, 1], [0, 2]],
]  # average [[.5, .5], [.5, .5], [0, 2]]; g1 uses 1 of 2, g2 uses 3 of 3 in every round


def rounds(grants=None, ideal=None, rows=True) -> dict:
    """A placer solution; rows (and ideal unless given) are the average of the grants."""
    G = np.array(BASE if grants is None else grants, dtype=float)
    avg = G.mean(axis=0)
    sol: dict = {"rounds": G.tolist(), "ideal": (avg if ideal is None else np.array(ideal))
                 .tolist()}
    if rows:
        sol["rows"] = [{"allocation": r} for r in avg.tolist()]
    return sol


def tweak(cell: tuple[int, ...], value: float) -> list:
    g = copy.deepcopy(BASE)
    t, r, j = cell
    g[t][r][j] = value
    return g


def test_rounds_feasible_and_dispatched() -> None:
    assert check(INST, rounds()) == []
    assert check_rounds(INST, rounds(rows=False)) == []


def test_rounds_bad_arrays() -> None:
    assert check_rounds(INST, {"rounds": [["x"]]}) == ["rounds: not a numeric array"]
    assert check_rounds(INST, {"rounds": [[1, 1], [0, 0], [0, 2]]}) == [
        "rounds: shape (3, 2), expected (T, 3, 2) with T >= 1"]
    assert check_rounds(INST, {"rounds": np.zeros((0, 3, 2)).tolist()}) == [
        "rounds: shape (0,), expected (T, 3, 2) with T >= 1"]
    assert check_rounds(INST, {"rounds": np.zeros((0, 3, 2))}) == [
        "rounds: shape (0, 3, 2), expected (T, 3, 2) with T >= 1"]
    assert check_rounds(INST, {"rounds": np.zeros((1, 2, 2)).tolist()}) == [
        "rounds: shape (1, 2, 2), expected (T, 3, 2) with T >= 1"]
    assert check_rounds(INST, {"rounds": np.zeros((1, 3, 3)).tolist()}) == [
        "rounds: shape (1, 3, 3), expected (T, 3, 2) with T >= 1"]
    assert check_rounds(INST, {"rounds": tweak((0, 0, 0), float("nan"))}) == [
        "rounds: contains NaN or infinity"]


def test_fractional_grant() -> None:
    sol = rounds(tweak((1, 1, 0), 1.5))
    assert check_rounds(INST, sol) == ["rounds: grants must be whole GPUs"]
    sol = rounds(tweak((0, 2, 1), 2 + 1e-10))  # float noise below 1e-9 is whole
    assert check_rounds(INST, sol) == []
    sol = rounds(tweak((0, 2, 1), 2 + 1e-8))  # 3 + 1e-8 GPUs used: within the amount tolerance
    assert check_rounds(INST, sol) == ["rounds: grants must be whole GPUs"]
    sol = rounds(tweak((0, 2, 1), 2 + 1e-6))
    assert check_rounds(INST, sol) == ["rounds: grants must be whole GPUs",
                                       "rounds[0]: 3 GPUs of g2 granted, only 3 exist"]
    sol = rounds(tweak((1, 0, 0), 0.5))  # half a GPU is also below the minimum of 1
    assert check_rounds(INST, sol) == ["rounds: grants must be whole GPUs",
                                       "rounds[1][0][0]: grant 0 below min demand 1"]


def test_negative_grant() -> None:
    sol = rounds(tweak((1, 0, 1), -1), ideal=np.array(BASE).mean(axis=0))
    assert check_rounds(INST, sol) == ["rounds: negative grant"]


def test_one_gpu_over_in_the_last_round() -> None:
    g = tweak((1, 0, 0), 1)  # g1: 2 of floor(2.5) = 2 in round 1, still fine
    assert check_rounds(INST, rounds(g)) == []
    g[1][0][0] = 2  # 3 > 2
    assert check_rounds(INST, rounds(g)) == ["rounds[1]: 3 GPUs of g1 granted, only 2 exist"]
    g = tweak((1, 0, 1), 1)  # g2: 4 > 3
    assert check_rounds(INST, rounds(g)) == ["rounds[1]: 4 GPUs of g2 granted, only 3 exist"]


def test_grant_below_min_demand() -> None:
    g = tweak((1, 2, 1), 1)  # row u2/b needs 2 GPUs
    assert check_rounds(INST, rounds(g)) == ["rounds[1][2][1]: grant 1 below min demand 2"]
    g = tweak((1, 2, 1), 0)  # no grant at all is fine
    assert check_rounds(INST, rounds(g)) == []
    g = tweak((0, 2, 0), 1)  # g1, round 0
    assert check_rounds(INST, rounds(g)) == ["rounds[0][2][0]: grant 1 below min demand 2"]


def test_only_ten_small_grants_listed() -> None:
    rows = [{"name": f"u{i}", "speedup": [1], "min_demand": 3} for i in range(12)]
    inst = parse({"problem": "oef", "gpu_types": [{"name": "g", "count": 12}], "users": rows})
    G = np.ones((1, 12, 1))
    sol = {"rounds": G.tolist(), "ideal": G[0].tolist()}
    out = check_rounds(inst, sol)
    assert out == [f"rounds[0][{r}][0]: grant 1 below min demand 3" for r in range(10)]


def test_user_level_min_demand_is_a_floor() -> None:
    inst = parse({"problem": "oef", "gpu_types": [{"name": "g", "count": 4}],
                  "users": [{"name": "u", "min_demand": 2,
                             "job_types": [{"name": "a", "speedup": [1]},
                                           {"name": "b", "speedup": [1], "min_demand": 3}]}]})
    sol = {"rounds": [[[1], [2]]], "ideal": [[1], [2]]}
    assert check_rounds(inst, sol) == ["rounds[0][0][0]: grant 1 below min demand 2",
                                       "rounds[0][1][0]: grant 2 below min demand 3"]


def test_rows_must_be_the_average() -> None:
    sol = rounds()
    sol["rows"][2]["allocation"] = [2e-7, 2.0]  # beyond the amount tolerance 1e-7 on a zero cell
    assert check_rounds(INST, sol) == ["rounds: rows' allocations are not the average of the "
                                       "rounds"]
    sol = rounds()
    sol["rows"] = sol["rows"][:2]
    assert check_rounds(INST, sol) == ["rounds: rows' allocations are not the average of the "
                                       "rounds"]


def test_ideal_missing_malformed_negative() -> None:
    sol = rounds()
    del sol["ideal"]
    assert check_rounds(INST, sol) == ["rounds: 'ideal' (the fractional allocation) missing"]
    sol = rounds(tweak((1, 1, 0), 1.5))
    del sol["ideal"]
    assert check_rounds(INST, sol) == ["rounds: grants must be whole GPUs",
                                       "rounds: 'ideal' (the fractional allocation) missing"]
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [0.5, 0.5]])) == [
        "ideal: shape (2, 2), expected (3, 2) finite"]
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [0.5, np.nan], [0, 2]])) == [
        "ideal: shape (3, 2), expected (3, 2) finite"]
    sol = rounds(tweak((1, 1, 0), 1.5), ideal=[[0.5, 0.5], [0.5, np.nan], [0, 2]])
    assert check_rounds(INST, sol) == ["rounds: grants must be whole GPUs",
                                       "ideal: shape (3, 2), expected (3, 2) finite"]
    ideal = [[0.5, 0.5], [0.5, 0.5], [-1e-6, 2]]
    assert check_rounds(INST, rounds(ideal=ideal)) == ["ideal: negative share"]
    ideal = [[0.5, 0.5], [0.5, 0.5], [-0.5e-7, 2]]
    assert check_rounds(INST, rounds(ideal=ideal)) == []


def test_over_service_bound_is_half_over_t() -> None:
    # T = 2: the average may exceed the ideal by 1/(2T) = 0.25 and no more
    assert check_rounds(INST, rounds(ideal=[[0.25, 0.5], [0.5, 0.5], [0, 2]])) == []
    assert check_rounds(INST, rounds(ideal=[[0.24, 0.5], [0.5, 0.5], [0, 2]])) == [
        "rounds: cell (0,0) average 0.5 exceeds ideal 0.24 by more than 1/(2T) = 0.25"]
    # type g2 has no under-service bound (row b needs 2) but keeps the over-service bound
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [0.5, 0.5], [0, 1.7]])) == [
        "rounds: cell (2,1) average 2 exceeds ideal 1.7 by more than 1/(2T) = 0.25"]


def test_under_service_bound_is_c_minus_half_over_t() -> None:
    # g1: c = 2 positive-ideal cells, bound (2 - 1/2)/2 = 0.75
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [1.25, 0.5], [0, 2]])) == []
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [1.3, 0.5], [0, 2]])) == [
        "rounds: cell (1,0) average 0.5 is below ideal 1.3 by more than (c-1/2)/T = 0.75"]
    # ideal column sum exactly floor(2.5) = 2 still has the bound
    assert check_rounds(INST, rounds(ideal=[[0.7, 0.5], [1.3, 0.5], [0, 2]])) == [
        "rounds: cell (1,0) average 0.5 is below ideal 1.3 by more than (c-1/2)/T = 0.75"]
    # ... a column sum above 2 has none
    assert check_rounds(INST, rounds(ideal=[[0.75, 0.5], [1.3, 0.5], [0, 2]])) == []
    # one positive cell: bound (1 - 1/2)/2 = 0.25
    g = [[[1, 1], [0, 0], [0, 2]], [[0, 0], [0, 1], [0, 2]]]  # row 1 gets no g1
    assert check_rounds(INST, rounds(g, ideal=[[0.75, 0.5], [0, 0.5], [0, 2]])) == []
    assert check_rounds(INST, rounds(g, ideal=[[0.8, 0.5], [0, 0.5], [0, 2]])) == [
        "rounds: cell (0,0) average 0.5 is below ideal 0.8 by more than (c-1/2)/T = 0.25"]


def test_no_under_service_bound_with_min_demand_above_one() -> None:
    # g2 has row b (min demand 2) with positive ideal: under-service is not bounded
    g = [[[1, 0], [0, 0], [0, 2]], [[0, 0], [1, 0], [0, 0]]]  # avg g2: [0, 0, 1]
    assert check_rounds(INST, rounds(g, ideal=[[0.5, 1.3], [0.5, 0], [0, 1]])) == []
    # with b's ideal at 0 the bound holds for g2: c = 2, 0.75
    g = [[[1, 1], [0, 0], [0, 0]], [[0, 0], [1, 1], [0, 0]]]
    assert check_rounds(INST, rounds(g, ideal=[[0.5, 1.3], [0.5, 0.5], [0, 0]])) == [
        "rounds: cell (0,1) average 0.5 is below ideal 1.3 by more than (c-1/2)/T = 0.75"]
    # a type nobody should get has no bound either
    g = [[[1, 0], [0, 0], [0, 0]], [[0, 0], [1, 0], [0, 0]]]
    assert check_rounds(INST, rounds(g, ideal=[[0.5, 0], [0.5, 0], [0, 0]])) == []


def test_exact_tolerance_edges() -> None:
    # an entry of exactly -1e-7 is not negative (strict <), in the allocation and in the rows
    sol = {"allocation": [[1.0, -1e-7], [1.5, 2.0]],
           "rows": [{"allocation": [1.0, -1e-7]}, {"allocation": [1.5, 0.0]},
                    {"allocation": [0.0, 2.0]}]}
    assert check(INST, sol) == []
    # capacity + tolerance exactly (0.5 + 1e-7 * max(1, 0.5)) is still feasible
    small = parse({"problem": "oef", "gpu_types": [{"name": "g", "count": 0.5}],
                   "users": [{"name": "u", "speedup": [1]}]})
    assert check(small, {"allocation": [[0.5 + 1e-7]]}) == []
    # rows may differ from the per-user allocation by the amount tolerance 1e-7 on a zero cell
    sol = {"allocation": [[1.0, 0.0], [1.5, 2.0]],
           "rows": [{"allocation": [1.0, 1e-7]}, {"allocation": [1.5, 0.0]},
                    {"allocation": [0.0, 2.0]}]}
    assert check(INST, sol) == []


def test_rounds_exact_tolerance_edges() -> None:
    # |G - round(G)| of exactly 1e-9 is still whole (a grant of 1e-9 is below any minimum)
    assert check_rounds(INST, rounds(tweak((1, 2, 0), 1e-9))) == [
        "rounds[1][2][0]: grant 0 below min demand 2"]
    # g2 used 1 + 1e-9 + 2 = exactly whole + 1e-9 in round 0: not over
    assert check_rounds(INST, rounds(tweak((0, 1, 1), 1e-9))) == [
        "rounds[0][1][1]: grant 0 below min demand 1"]
    # an ideal share of exactly -1e-7 is not negative
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [0.5, 0.5], [-1e-7, 2]])) == []
    # average above the ideal by exactly 1/(2T) + 1e-7 (exact in floats): allowed
    y = 0.25 + 1e-7
    assert check_rounds(INST, rounds(ideal=[[0.5 - y, 0.5], [0.5, 0.5], [0, 2]])) == []
    g = [[[1, 1], [0, 0], [0, 2]], [[0, 0], [0, 1], [0, 2]]]  # avg g1: [0.5, 0, 0]
    # below the ideal by exactly (c - 1/2)/T + 1e-7: allowed; by 2e-7 more: flagged
    assert check_rounds(INST, rounds(g, ideal=[[0.5, 0.5], [0.75 + 1e-7, 0.5], [0, 2]])) == []
    assert check_rounds(INST, rounds(g, ideal=[[0.5, 0.5], [0.75 + 2e-7, 0.5], [0, 2]])) == [
        "rounds: cell (1,0) average 0 is below ideal 0.75 by more than (c-1/2)/T = 0.75"]
    # a column summing to exactly floor(m_j) + 1e-7 keeps the under-service bound
    assert check_rounds(INST, rounds(g, ideal=[[2.0 + 1e-7, 0.5], [0, 0.5], [0, 2]])) == [
        "rounds: cell (0,0) average 0.5 is below ideal 2 by more than (c-1/2)/T = 0.25"]
    # an ideal of exactly 1e-7 is not a positive cell (row b's min demand 2 would void the bound)
    assert check_rounds(INST, rounds(ideal=[[0.5, 0.5], [1.3, 0.5], [1e-7, 2]])) == [
        "rounds: cell (1,0) average 0.5 is below ideal 1.3 by more than (c-1/2)/T = 0.75"]


def test_rounds_integer_capacity_is_whole() -> None:
    # g2 has exactly 3 devices: an ideal column sum of 2.8 <= 3 keeps the bound (c = 2: 0.75)
    g = [[[1, 1], [0, 0], [0, 0]], [[0, 0], [1, 1], [0, 0]]]  # avg g2: [0.5, 0.5, 0]
    assert check_rounds(INST, rounds(g, ideal=[[0.5, 2.3], [0.5, 0.5], [0, 0]])) == [
        "rounds: cell (0,1) average 0.5 is below ideal 2.3 by more than (c-1/2)/T = 0.75"]


def test_rounds_a_skipped_type_does_not_end_the_bound_check() -> None:
    g = [[[0, 1], [0, 0], [0, 0]], [[0, 0], [0, 1], [0, 0]]]  # g1 unused: no bound for it
    assert check_rounds(INST, rounds(g, ideal=[[0, 1.3], [0, 0.5], [0, 0]])) == [
        "rounds: cell (0,1) average 0.5 is below ideal 1.3 by more than (c-1/2)/T = 0.75"]


def test_rounds_null_entries_are_reported_not_raised() -> None:
    sol = rounds()
    sol["ideal"][0][1] = None
    assert check_rounds(INST, sol) == ["ideal: shape (3, 2), expected (3, 2) finite"]
    sol = rounds()
    sol["rows"][0]["allocation"] = [0.5, None]
    assert check_rounds(INST, sol) == ["rounds: rows' allocations are not the average of the "
                                       "rounds"]


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_property_scaling_down_a_feasible_allocation_keeps_it_feasible(a: float, b: float) -> None:
    """Capacity and sign constraints are closed under shrinking each user's row."""
    X = np.array(alloc()["allocation"]) * np.array([[a], [b]])
    assert check(INST, {"allocation": X.tolist()}) == []
