"""Lower bounds of notes §2.5 (``exact/bounds.py``) on instances small enough to work by hand
and to schedule optimally by hand: LB0, the area (Smith) bound and the aggregate LP (scipy;
no Pyomo solve), each <= the optimum. C_j = start + duration (slot 1 is the first)."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

from dlsched.completion.exact.bounds import (
    aggregate_lp,
    area_bound,
    bound_notes,
    lb0,
    lower_bounds,
)

from .hand import job, one_server


def test_three_equal_jobs_on_one_gpu():
    """One 1-GPU server; three jobs (a = 1, w = 1, one worker, 2 slots). LB0 = 3 x (1 + 2) = 9.
    Area: p = 2 x 1 GPU / 1 GPU = 2 each; C = 2, 4, 6 plus one slot each: 3 + 12 = 15. The
    optimum runs them back to back: C = 3, 5, 7 = 15, so the area bound is tight; the aggregate
    LP (at most one GPU per slot) cannot beat it either: 15."""
    inst = one_server([job(n, v=2.0) for n in ("A", "B", "C")], {"gpu": 1})
    assert lb0(inst) == 9
    assert area_bound(inst) == pytest.approx(15)
    assert aggregate_lp(inst) == pytest.approx(15)
    assert lower_bounds(inst, lp=True) == {"lb0": 9, "area": pytest.approx(15),
                                           "aggregate_lp": pytest.approx(15),
                                           "best": pytest.approx(15)}


def test_area_bound_takes_smiths_order():
    """One 1-GPU server: A (w 1, 1 slot), B (w 3, 2 slots). LB0 = 1 x 2 + 3 x 3 = 11. Smith
    (p / w ascending): B (2/3) before A (1): 4 + 3 x 2 + 1 x 3 = 13. Optimum: B first, C_B = 3,
    C_A = 4: 9 + 4 = 13 (A first: 2 + 12 = 14)."""
    inst = one_server([job("A", v=1.0), job("B", w=3, v=2.0)], {"gpu": 1})
    assert lb0(inst) == 11
    assert area_bound(inst) == pytest.approx(13)
    assert lower_bounds(inst)["best"] == pytest.approx(13)


def test_lb0_takes_each_jobs_fastest_configuration():
    """One 2-GPU server: A (a = 1, w 1, D = 2, v = 1: 2 slots on one worker, 1 on two), B
    (a = 3, w 2, 3 slots). LB0 = 1 x (1 + 1) + 2 x (3 + 3) = 14. Area: A's least GPU-slots 2
    (either way), B's 3, over 2 GPUs: p = (1, 1.5); Smith B (0.75) first: 3 + 2 x 1.5 + 1 x
    2.5 = 8.5 < LB0 (arrivals are ignored there)."""
    inst = one_server([job("A", chunks=2, v=1.0), job("B", a=3, w=2, v=3.0)], {"gpu": 2})
    assert lb0(inst) == 14
    assert area_bound(inst) == pytest.approx(8.5)
    assert lower_bounds(inst)["best"] == 14


def test_column_generation_bound_is_below_the_hand_optimum():
    """Column generation (highspy master) on the three equal jobs: a valid bound, so between
    LB0 = 9 and the optimum 15; its run statistics go to ``info``. ``lp="auto"`` solves the
    aggregate LP at this size (far below the column limit): 15."""
    inst = one_server([job(n, v=2.0) for n in ("A", "B", "C")], {"gpu": 1})
    info: dict = {}
    out = lower_bounds(inst, lp="auto", colgen=True, info=info)
    assert 9 - 1e-6 <= out["colgen"] <= 15 + 1e-6
    assert out["aggregate_lp"] == pytest.approx(15) and out["best"] == pytest.approx(15)
    assert set(info["colgen"]) == {"iterations", "columns", "converged", "rows", "master_lp",
                                   "runtime_s"}


def test_bound_notes_say_why_a_bound_is_missing():
    """A missing colgen bound names the slot; a missing LP on a small E1 was not solved."""
    inst = one_server([job("A", v=2.0)], {"gpu": 1}, horizon=10)
    notes = bound_notes(inst, {"colgen": None, "aggregate_lp": None, "lb0": 3.0})
    assert notes["colgen"] == "some job has no schedule ending by slot 10"
    assert notes["aggregate_lp"].startswith("not solved to optimality")
    assert bound_notes(inst, {"lb0": 3.0, "aggregate_lp": 3.0}) == {}


def test_lp_relaxation_solves_e1_with_integrality_dropped(monkeypatch):
    """The E1 model handed to the solver has no integer variable left; an optimal status gives
    its objective, any other status no bound (the solver is replaced: the plumbing is tested)."""
    import types

    import pyomo.environ as pyo

    import dlsched.core
    from dlsched.completion.exact.bounds import lp_relaxation

    seen = {}

    def fake_solve(model, opts):
        seen["integer"] = [v.name for v in model.component_data_objects(pyo.Var)
                           if v.is_integer() or v.is_binary()]
        seen["time_limit"] = opts.time_limit
        return types.SimpleNamespace(objective=7.5, status=types.SimpleNamespace(value=status))

    monkeypatch.setattr(dlsched.core, "solve_pyomo", fake_solve)
    inst = one_server([job("A", v=2.0)], {"gpu": 1}, horizon=6)
    status = "optimal"
    assert lp_relaxation(inst, time_limit=3.0) == 7.5
    assert seen == {"integer": [], "time_limit": 3.0}
    status = "infeasible"
    assert lp_relaxation(inst) is None
