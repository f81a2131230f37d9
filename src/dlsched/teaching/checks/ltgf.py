"""Exercises of notebooks/ltgf.ipynb.

Fig. 6 of the ASTRAEA paper (one node of 6 GPUs; J1 needs 6 GPUs, J2 and J3 need 3; each runs
four 10-minute slots; all arrive at 0) is small enough to work out by hand: the expected values
below are counted here from Eqs. (3)-(5), not read from the schedulers.
"""

from __future__ import annotations

from typing import Any

from ..grading import choice, close, correct, number, numbers_list, unanswered, verify

#: Fig. 6: GPUs per job, slots each job needs, GPUs of the node.
GPUS = {"J1": 6, "J2": 3, "J3": 3}
SLOTS_NEEDED = 4
NODE_GPUS = 6
#: What a slot entry runs.
RUNS = {"J1": ("J1",), "J23": ("J2", "J3"), "J2": ("J2",), "J3": ("J3",), "idle": ()}
#: ASTRAEA's schedule of Fig. 6 (docs/specs/ltgf.md, notes §8 (c)): the one exercise 3 asks
#: to differ from.
ASTRAEA = ["J1", "J23", "J23", "J1", "J23", "J23", "J1", "J1"]


def lifetime_rho(slots: list[str], gpus: int = NODE_GPUS) -> dict[str, float]:
    """Each job's lifetime rho (Eqs. 3-5) for a schedule of equal slots on one node: the fair
    share in a slot is min(g_i, gpus / #active jobs); a job is active until its last slot."""
    finish = {j: max(s for s, x in enumerate(slots) if j in RUNS[x]) + 1 for j in GPUS}
    rho = {}
    for j, g in GPUS.items():
        fair = sum(min(g, gpus / sum(finish[k] > s for k in GPUS)) for s in range(finish[j]))
        rho[j] = g * sum(j in RUNS[x] for x in slots) / fair
    return rho


def check_exercise_1(answer: Any) -> None:
    """Fig. 6 on two 6-GPU nodes: 6 + 3 + 3 GPUs fit at once, so every job ends after 40 min."""
    if unanswered(answer, "the JCTs of J1, J2, J3 in minutes, e.g. [80, 60, 60]"):
        return
    jcts = numbers_list(answer, "the JCTs", 3)
    late = [f"J{k + 1}" for k, x in enumerate(jcts) if not close(x, 40.0)]
    verify(not late, f"{', '.join(late)}: not the JCT in minutes when 12 GPUs are available")
    correct(
        "[40, 40, 40]: with room for everyone nobody waits; fairness over time is only "
        "needed under contention"
    )


def check_exercise_2(answer: Any) -> None:
    """J1's lifetime rho when J2+J3 run first (slots 1-4) and J1 after (slots 5-8): 240 GPU-min
    received over a fair share of 4 x 2 x 10 + 4 x 6 x 10 = 320 GPU-min, i.e. 0.75."""
    if unanswered(answer, "J1's lifetime rho (a number)"):
        return
    got = number(answer, "rho")
    expected = lifetime_rho(["J23"] * 4 + ["J1"] * 4)["J1"]
    verify(
        close(got, expected),
        f"{got:g} is not J1's lifetime rho: count its fair share "
        "slot by slot over its whole lifetime (it changes when J2 and J3 finish)",
    )
    correct(f"rho = {expected:g}: the shortest-job-first schedule makes J1 a sharing-loss job")


def check_exercise_3(answer: Any) -> None:
    """A slot schedule of Fig. 6, not ASTRAEA's, where every job's lifetime rho >= 1."""
    if unanswered(answer, 'a list of slot contents such as ["J1", "J23", ...]'):
        return
    verify(
        isinstance(answer, (list, tuple)), f"a list of slot contents, got {type(answer).__name__}"
    )
    slots = [choice(x, list(RUNS), f"slot {s + 1}") for s, x in enumerate(answer)]
    for j in GPUS:
        n = sum(j in RUNS[x] for x in slots)
        verify(n == SLOTS_NEEDED, f"{j} runs in {n} slots; it needs exactly {SLOTS_NEEDED}")
    verify(list(slots) != ASTRAEA, "that is ASTRAEA's schedule; construct another one")
    rho = lifetime_rho(slots)
    low = [j for j, r in rho.items() if r < 1 - 1e-9]
    verify(not low, "lifetime rho below 1 for " + ", ".join(f"{j} ({rho[j]:.3f})" for j in low))
    correct(
        f"every job reaches rho >= 1 ({', '.join(f'{j} {r:.3f}' for j, r in rho.items())}): "
        "fairness over time has more than one optimal schedule"
    )


#: A plausible wrong answer per exercise (the tests check each one fails).
WRONG_ANSWERS = {
    1: [80.0, 60.0, 60.0],  # the 6-GPU schedule
    2: 1.0,  # J1 gets its 6 GPUs for 40 minutes, but its fair share was not 6 all along
    3: ["J1"] * 4 + ["J23"] * 4,  # J1 first: J2 and J3 become sharing-loss jobs
}
