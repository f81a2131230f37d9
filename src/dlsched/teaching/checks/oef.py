"""Exercises of notebooks/oef.ipynb."""

from __future__ import annotations

import numpy as np

import dlsched as ds
from dlsched.oef.solution import row_efficiency

from ..environment import instance_path
from . import correct, unanswered, verify

INSTANCES = instance_path("oef/gavel-n4-s0.json").parent


def check_exercise_1(answer: float | None) -> None:
    """Total efficiency of the equal split on gavel-n4-s0: every user gets capacity / n of each
    type, so the total is sum_l W_l . (capacity / n)."""
    if unanswered(answer, "the total efficiency of the equal split on gavel4 (a number)"):
        return
    verify(isinstance(answer, (int, float)), f"expected a number, got {answer!r}")
    gavel4 = ds.load(INSTANCES / "gavel-n4-s0.json")
    W, cap = gavel4.rows.W, gavel4.capacity
    expected = float((W * cap[None, :] / W.shape[0]).sum())
    verify(abs(answer - expected) <= 1e-6 * expected,
           f"{answer} is not the equal split's total: each of the {W.shape[0]} users gets "
           f"{cap / W.shape[0]} GPUs of the types {[g.name for g in gavel4.gpu_types]}")
    correct(f"the equal split reaches {expected:.3f}, max-min's line in section 7")


def check_exercise_2(answer: list[float] | None) -> None:
    """A report [1, r] of u1 on W_1 that raises u1's TRUE efficiency under cooperative OEF."""
    if unanswered(answer, "a report [1, r] for user u1 (row 0) on W_1, e.g. [1, 2.5]"):
        return
    verify(len(answer) == 2 and answer[0] == 1, f"a report is [1, r], got {answer!r}")
    w1 = ds.load(INSTANCES / "paper-w1.json")
    honest = ds.solve(w1, "oef-cooperative")
    lying = ds.solve(w1.with_speedup(0, [float(x) for x in answer]), "oef-cooperative")
    true_e = [float(row_efficiency(w1, np.array(r.solution["allocation"]))[0])
              for r in (honest, lying)]
    verify(true_e[1] > true_e[0] + 1e-9,
           f"reporting {answer} gives u1 a true efficiency {true_e[1]:.4f}, not more than the "
           f"honest {true_e[0]:.4f}")
    correct(f"u1's true efficiency rises from {true_e[0]:.4f} to {true_e[1]:.4f}: "
            "cooperative OEF is not strategy-proof")


def check_exercise_3(answer: tuple[float, bool] | None) -> None:
    """(ratio of the give-each-type-to-its-fastest-user greedy to the efficiency optimum on
    gavel4, whether that greedy allocation is envy-free), both worked out from W by hand."""
    if unanswered(answer, "a pair (ratio to the optimum, envy-free True/False)"):
        return
    verify(len(answer) == 2, f"a pair (ratio, envy_free), got {answer!r}")
    ratio, envy_free = answer
    gavel4 = ds.load(INSTANCES / "gavel-n4-s0.json")
    W, cap = gavel4.rows.W, gavel4.capacity
    X = np.zeros_like(W)
    for j in range(W.shape[1]):  # every type wholly to the first user with the top speedup
        X[int(np.argmax(W[:, j])), j] = cap[j]
    value = W @ X.T  # value[l, i]: user l's valuation of user i's bundle
    expected_ef = bool(all(value[l, l] >= value[l].max() - 1e-9 for l in range(len(W))))
    expected_ratio = float(np.trace(value)) / ds.solve(gavel4, "oef-efficiency").objective
    verify(abs(float(ratio) - expected_ratio) <= 1e-6,
           f"ratio {ratio}: the greedy's total is {np.trace(value):.3f}; divide by the "
           "efficiency optimum")
    verify(bool(envy_free) == expected_ef,
           "envy-free is " + str(expected_ef) + ": compare W_l . x_l with W_l . x_i")
    correct(f"ratio {expected_ratio:.4f}: the greedy IS the efficiency optimum (the LP has "
            "only capacity constraints), and users left without GPUs envy the others")


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 4.5,  # cooperative OEF's total, not the equal split's
    2: [1, 2],  # the truth is no lie
    3: (1.0, True),  # the greedy leaves users without GPUs: envy
}
