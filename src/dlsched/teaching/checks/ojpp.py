"""Exercises of notebooks/ojpp.ipynb."""

from __future__ import annotations

import dlsched as ds

from . import correct, unanswered, verify


def _tau_identical(p: float, k: int) -> float:
    """P(two or more of k workers burst) = 1 - (1-p)^k - k p (1-p)^(k-1), by hand."""
    return 1 - (1 - p) ** k - k * p * (1 - p) ** (k - 1)


def check_exercise_1(answer: int | None) -> None:
    """The most identical p = 0.1 workers on one GPU with collision probability <= 0.1."""
    if unanswered(answer, "an integer k"):
        return
    verify(isinstance(answer, int) and answer >= 1, f"a positive integer, got {answer!r}")
    expected = max(k for k in range(1, 50) if _tau_identical(0.1, k) <= 0.1)
    verify(answer == expected,
           f"with k = {answer} the collision probability is {_tau_identical(0.1, answer):.4f}"
           + (" > 0.1" if _tau_identical(0.1, answer) > 0.1 else
              ", still <= 0.1: one more worker fits"))
    correct(f"k = {expected}: tau = {_tau_identical(0.1, expected):.4f}, "
            f"one more gives {_tau_identical(0.1, expected + 1):.4f}")


def check_exercise_2(answer: int | None) -> None:
    """A seed of the Mixed 20-job workload on which the Heuristic uses fewer devices than Greedy."""
    if unanswered(answer, "a seed in 0..9"):
        return
    verify(answer in range(10), f"a seed in 0..9, got {answer!r}")
    work = ds.generate("ojpp", workload="mixed", n_jobs=20, max_workers=10, seed=answer)
    h, g = ds.run(work, "heuristic"), ds.run(work, "greedy")
    verify(ds.check(work, h) == [] and ds.check(work, g) == [], "a placement is invalid")
    verify(h.objective < g.objective,
           f"on seed {answer} the Heuristic uses {h.objective:.0f} devices, Greedy "
           f"{g.objective:.0f}")
    correct(f"seed {answer}: Heuristic {h.objective:.0f} devices < Greedy {g.objective:.0f}: "
            "neither order dominates")


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 6,  # tau(0.1 x 6) = 0.114 > 0.1
    2: 0,  # on seed 0 the Heuristic uses more devices
}
