"""Exercises of notebooks/revenue.ipynb."""

from __future__ import annotations

import dlsched as ds
from dlsched.revenue.paper import worked_example

from . import correct, unanswered, verify

THETAS = (2, 4, 8, 16, 32, 64)


def check_exercise_1(answer: float | None) -> None:
    """Eq. (8): the worker price with 6 of 8 workers busy and theta = 16 is 16^(6/8) - 1 = 7."""
    if unanswered(answer, "the price eta_w (a number)"):
        return
    expected = 16 ** (6 / 8) - 1
    verify(abs(answer - expected) < 1e-6,
           f"{answer} is not theta^(h/C) - 1 with theta = 16, h = 6, C = 8")
    correct(f"eta_w = 16^(3/4) - 1 = {expected:g}")


def check_exercise_2(answer: float | None) -> None:
    """The theta among THETAS with the highest Astraea revenue on the worked example."""
    if unanswered(answer, f"one theta of {THETAS}"):
        return
    verify(answer in THETAS, f"choose theta among {THETAS}, got {answer!r}")
    inst = ds.PROBLEMS.get("revenue").parse(worked_example())
    revenue = {t: ds.run(inst, "astraea", theta=t).objective for t in THETAS}
    best = max(revenue.values())
    verify(revenue[answer] >= best - 1e-9,
           f"theta = {answer} earns {revenue[answer]:g}; the best earns {best:g}")
    correct(f"theta = {answer} earns {best:g}; " + ", ".join(
        f"{t}: {v:g}" for t, v in revenue.items()))


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: 12.0,  # 16 * 6/8: the price is exponential, not linear
    2: 16,
}
