"""Jain et al.'s max-weight batch greedy for problem (7) (GreedyRTL reconstruction, notes §5):
jobs by w_j / (area x d) of their smallest-footprint configuration, descending (ties by index);
each job takes its configurations by increasing footprint and the latest start t with
t + d <= tau that fits; a job that fits nowhere is left out. The objective is the accepted
weight. Expected schedules are worked by hand from that rule (docstring)."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds

from .hand import job, one_server, runs


def test_heaviest_per_footprint_first_latest_fit_by_the_deadline() -> None:
    """One 1-GPU server, tau = 4 (slots 1-3 usable). j1 (w 1, 2 slots), j2 (w 3, 2 slots),
    j3 (w 1, 1 slot); area 1 GPU / 1 GPU = 1 each, so keys w / d: j1 1/2, j2 3/2, j3 1. Order
    j2, j3, j1. j2 at the latest start t = tau - 2 = 2 (slots 2-3); j3 latest free start: slot 3
    taken, slot 2 taken -> t = 1; j1 needs two free slots by slot 3: none, left out. Accepted
    weight 3 + 1 = 4."""
    inst = one_server([job("j1", w=1, v=2.0), job("j2", w=3, v=2.0), job("j3", w=1, v=1.0)],
                      {"gpu": 1})
    res = ds.run(inst, "jain-greedy", tau=4)
    assert runs(res.solution) == {"j2": (2, 4, 1), "j3": (1, 2, 1)}
    assert res.objective == 4 and res.solution["deadline"] == 4
    assert ds.check(inst, res) == []
