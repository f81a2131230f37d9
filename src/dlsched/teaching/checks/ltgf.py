"""Exercises of notebooks/ltgf.ipynb."""

from __future__ import annotations

import dlsched as ds

from ..environment import instance_path
from . import correct, unanswered, verify

INSTANCES = instance_path("ltgf/philly-window-n20-s0.json").parent
SCHEDULERS = ("astraea-ltgf", "themis", "tiresias-l", "yarn-cs", "gandiva-fair")


def check_exercise_1(answer: list[float] | None) -> None:
    """Fig. 6 on two 6-GPU nodes: 6 + 3 + 3 GPUs fit at once, every job ends after 40 min."""
    if unanswered(answer, "the JCTs of J1, J2, J3 in minutes, e.g. [80, 60, 60]"):
        return
    verify(len(answer) == 3, f"three JCTs, got {answer!r}")
    verify(all(abs(float(a) - 40) < 1e-9 for a in answer),
           f"{answer}: with 12 GPUs nobody waits, every job runs its 40 minutes from time 0")
    correct("[40, 40, 40]: with room for everyone, fairness over time is not needed")


def check_exercise_2(answer: str | None) -> None:
    """The scheduler with the lowest min tenant rho on philly-window-n20-s0."""
    if unanswered(answer, f"one of {SCHEDULERS}"):
        return
    verify(answer in SCHEDULERS, f"choose among {SCHEDULERS}, got {answer!r}")
    win = ds.load(INSTANCES / "philly-window-n20-s0.json")
    rho = {name: ds.run(win, name).objective for name in SCHEDULERS}
    worst = min(rho.values())
    verify(rho[answer] <= worst + 1e-12,
           f"{answer} reaches min rho {rho[answer]:.4f}; another scheduler is lower ({worst:.4f})")
    correct(f"{answer}: min rho {worst:.4f}; " + ", ".join(f"{k} {v:.3f}" for k, v in rho.items()))


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: [80.0, 60.0, 60.0],  # the 6-GPU schedule
    2: "astraea-ltgf",
}
