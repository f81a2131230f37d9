"""AntMan (Xiao et al., OSDI 2020; notes §5, simplified): guaranteed jobs are admitted in FIFO
order (arrival, then index) with their ideal configuration and keep it; a job that has waited
more than ``patience`` slots (t - a_j > patience) runs opportunistically on the idle resources
with the most workers that fit (1..N), re-evaluated every slot. Expected schedules are worked by
hand from that rule (docstrings), not taken from the code."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds

from .hand import job, one_server, runs


def _blocked_pair():
    """One server with 2 GPUs. A: a = 1, D = 1, v = 10 (1 worker, 10 slots). B: a = 1, D = 2,
    v = 2 (ideal N = 2: 2 slots; with 1 worker 4 slots)."""
    return one_server([job("A", v=10.0), job("B", chunks=2, v=2.0)], {"gpu": 2})


@pytest.mark.parametrize(("patience", "b_run", "objective"), [
    # slot 1: A is admitted (1 GPU left); B's ideal N = 2 does not fit, so FIFO admission stops.
    # B may go opportunistic at the first t with t - 1 > patience: t = patience + 2, on the one
    # idle GPU (1 worker, rate 1/2: 4 slots), so C_B = patience + 6; A ends at C_A = 11.
    (2, (4, 8, 1), 11 + 8),
    (3, (5, 9, 1), 11 + 9),
    # patience 20: B never goes opportunistic before A ends; at t = 11 it is admitted as a
    # guaranteed job with its ideal N = 2 (2 slots): C_B = 13.
    (20, (11, 13, 2), 11 + 13),
])
def test_patience_then_opportunistic_run_on_idle_gpus(patience: int, b_run: tuple,
                                                      objective: float) -> None:
    inst = _blocked_pair()
    res = ds.run(inst, "antman", patience=patience)
    assert runs(res.solution) == {"A": (1, 11, 1), "B": b_run}
    assert res.objective == objective and ds.check(inst, res) == []


def test_default_patience_is_two_slots() -> None:
    assert runs(ds.run(_blocked_pair(), "antman").solution)["B"] == (4, 8, 1)


def test_admission_is_fifo_by_index_and_ignores_weights() -> None:
    """One 1-GPU server, both jobs arrive at slot 1: j1 (w 1, 3 slots), j2 (w 100, 1 slot).
    FIFO by index admits j1 (slots 1-3) although j2 is heavier and shorter; j2 waits (t - 1 <=
    2 until t = 3, and at t = 4 j1 has ended) and is admitted at slot 4: C = 4, 5;
    objective 1 x 4 + 100 x 5 = 504 (Smith's order would give 100 x 2 + 1 x 5 = 205)."""
    inst = one_server([job("j1", w=1, v=3.0), job("j2", w=100, v=1.0)], {"gpu": 1})
    res = ds.run(inst, "antman")
    assert runs(res.solution) == {"j1": (1, 4, 1), "j2": (4, 5, 1)}
    assert res.objective == 504
