"""Exercises of notebooks/oef.ipynb.

The expected facts are worked out here from the speedup matrix with numpy and scipy's LP solver,
not read from dlsched's OEF models (exercise 2 runs cooperative OEF because the question is what
that mechanism does with a lie).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from scipy.optimize import linprog

import dlsched as ds
from dlsched.oef.solution import row_efficiency

from ..environment import instance_path
from ..grading import boolean, close, correct, number, numbers_list, unanswered, verify

#: Absolute tolerance of the hand checks (allocations of a few GPUs).
TOL = 1e-7


def _w1() -> tuple[np.ndarray, np.ndarray]:
    """W_1 = [[1,2],[1,3],[1,4]] and its capacity (one GPU of each type)."""
    inst = ds.load(instance_path("oef/paper-w1.json"))
    return np.asarray(inst.rows.W, dtype=float), np.asarray(inst.capacity, dtype=float)


def _matrix(answer: Any, n: int, k: int, what: str) -> np.ndarray:
    """``answer`` as an n x k float matrix, or one line saying what shape is expected."""
    rows = answer.tolist() if isinstance(answer, np.ndarray) else answer
    verify(
        isinstance(rows, (list, tuple)) and len(rows) == n,
        f"{what} should have {n} rows (one per user), got {type(answer).__name__}",
    )
    return np.array([numbers_list(r, f"{what} row {i}", k) for i, r in enumerate(rows)])


def _envy(W: np.ndarray, X: np.ndarray) -> tuple[int, int] | None:
    """The first pair (l, i) where user l values i's bundle more than its own, else None."""
    value = W @ X.T  # value[l, i] = W_l . x_i
    for l in range(len(W)):
        for i in range(len(W)):
            if value[l, i] > value[l, l] + TOL:
                return l, i
    return None


def _max_total_keeping(W: np.ndarray, cap: np.ndarray, floor: np.ndarray) -> float:
    """max sum_l W_l . x_l s.t. capacity and W_l . x_l >= floor_l (the PE test's LP)."""
    n, k = W.shape
    c = -W.reshape(-1)  # variables x[l, j] row-major
    a_cap = np.zeros((k, n * k))
    for j in range(k):
        a_cap[j, j::k] = 1.0
    a_floor = np.zeros((n, n * k))
    for l in range(n):
        a_floor[l, l * k : (l + 1) * k] = -W[l]
    res = linprog(
        c,
        A_ub=np.vstack([a_cap, a_floor]),
        b_ub=np.concatenate([cap, -floor]),
        bounds=(0, None),
        method="highs",
    )
    assert res.status == 0, res.message
    return float(-res.fun)


def check_exercise_1(answer: Any) -> None:
    """An allocation on W_1 that is envy-free, beats the equal split's total (4) and is not
    Pareto-efficient: checked row by row and with the PE test's LP."""
    if unanswered(answer, "a 3 x 2 allocation (list of rows or numpy array) for W_1"):
        return
    W, cap = _w1()
    X = _matrix(answer, 3, 2, "the allocation")
    verify(bool((X >= -TOL).all()), "an allocation has no negative entries")
    over = [j for j in range(2) if X[:, j].sum() > cap[j] + TOL]
    verify(
        not over,
        f"GPU type {over[0] + 1 if over else 0} is given out more than once "
        "(capacity: one GPU of each type)",
    )
    pair = _envy(W, X)
    verify(
        pair is None,
        "not envy-free: user u{} values user u{}'s bundle more than its own".format(
            *(p + 1 for p in pair or (0, 0))
        ),
    )
    E = (W * X).sum(axis=1)
    total = float(E.sum())
    verify(total > 4 + 1e-6, f"total efficiency {total:.4f} is not above the equal split's 4")
    verify(
        _max_total_keeping(W, cap, E) > total + 1e-6,
        "this allocation is Pareto-efficient: no reallocation helps a user without hurting another",
    )
    correct(
        f"envy-free, total {total:.4f} > 4, and a trade could still help someone at no "
        "cost to anybody: fairness constraints do not imply efficiency"
    )


def check_exercise_2(answer: Any) -> None:
    """A report [1, r] of u1 on W_1 that raises u1's TRUE efficiency under cooperative OEF."""
    if unanswered(answer, "a report [1, r] for user u1 (row 0) on W_1, e.g. [1, 2.5]"):
        return
    report = numbers_list(answer, "the report", 2)
    verify(report[0] == 1, "a report is normalised to the slowest type: its first entry is 1")
    verify(report[1] >= 1, "speedups are relative to the slowest type: r should be >= 1")
    w1 = ds.load(instance_path("oef/paper-w1.json"))
    honest = ds.solve(w1, "oef-cooperative")
    lying = ds.solve(w1.with_speedup(0, report), "oef-cooperative")
    true_e = [
        float(row_efficiency(w1, np.array(r.solution["allocation"]))[0]) for r in (honest, lying)
    ]
    verify(
        true_e[1] > true_e[0] + 1e-9,
        f"reporting {report} does not raise u1's true efficiency under cooperative OEF",
    )
    correct(
        f"u1's true efficiency rises from {true_e[0]:.4f} to {true_e[1]:.4f}: cooperative "
        "OEF is not strategy-proof"
    )


def check_exercise_3(answer: Any) -> None:
    """(ratio OPT/ALG of the fastest-user greedy on gavel4, whether it is envy-free), both
    worked out from W: the LP optimum by scipy, envy by comparing W_l . x_l with W_l . x_i."""
    if unanswered(answer, "a pair (ratio OPT/ALG >= 1, envy-free True/False)"):
        return
    verify(
        isinstance(answer, (list, tuple)) and len(answer) == 2,
        f"the answer should be a pair (ratio, envy_free), got {type(answer).__name__}",
    )
    got_ratio = number(answer[0], "the ratio")
    got_ef = boolean(answer[1], "envy-free")
    verify(
        got_ratio >= 1 - 1e-9,
        f"ratio {got_ratio:g} is below 1: the convention is "
        "OPT/ALG for a maximisation (>= 1, larger is worse)",
    )
    gavel4 = ds.load(instance_path("oef/gavel-n4-s0.json"))
    W, cap = np.asarray(gavel4.rows.W, dtype=float), np.asarray(gavel4.capacity, dtype=float)
    X = np.zeros_like(W)
    X[W.argmax(axis=0), np.arange(W.shape[1])] = cap
    greedy_total = float((W * X).sum())
    optimum = _max_total_keeping(W, cap, np.zeros(len(W)))
    verify(
        close(got_ratio, optimum / greedy_total),
        f"ratio {got_ratio:g} is not the greedy's (OPT of LP (4) over the greedy's total)",
    )
    verify(
        got_ef == (_envy(W, X) is None),
        "the envy-free verdict is not right: compare "
        "W_l . x_l with W_l . x_i for every pair of users",
    )
    correct(
        f"ratio {optimum / greedy_total:.4f}: the greedy is an optimum of LP (4) (only "
        "capacity rows), and users that are fastest on no type get nothing and envy"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: [[1, 0], [0, 0.5], [0, 0.5]],  # cooperative OEF: envy-free but Pareto-efficient here
    2: [1, 2],  # the truth is no lie
    3: (1.0, True),  # the greedy leaves users without GPUs: envy
}
