"""Upper bounds of a stopped max-min solve (``exact/bounds.py``, ``exact/maxmin.py``): every bound
is >= the proven optimum of the library records and of brute force, and the status is
``optimal`` only when the bound meets the incumbent."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path
from typing import ClassVar

import pytest

import dlsched as ds
from dlsched.core import InputError, SolveOptions, Status
from dlsched.ltgf import generate_slotted
from dlsched.ltgf.exact import maxmin
from dlsched.ltgf.exact.bounds import fair_floor_bound, relaxation_bound
from dlsched.ltgf.exact.brute import brute_force
from dlsched.ltgf.exact.starts import online_slot_matrix
from dlsched.ltgf.paper import fig6
from dlsched.ltgf.support.slots import slot_data

LIB = Path(__file__).resolve().parents[2] / "instances" / "lib" / "ltgf"


def _records(name: str) -> list[tuple[str, float, int]]:
    """(instance path, proven optimum, horizon of the stored solution) of a library set's
    records proven optimal (an open record has no optimum to compare with)."""
    out = []
    with open(LIB / name / "index.csv", newline="") as fh:
        for row in csv.DictReader(fh):
            if row["status"] != "optimal":
                continue
            horizon = ds.load(LIB / name / row["solution_file"]).solution.horizon
            out.append((str(LIB / name / row["file"]), float(row["best_known"]), horizon))
    return out


SMALL = _records("small")
#: the exact-model records of 20 jobs (the set was ltgf/paper before the paper-scale set took
#: that name; ltgf/paper's records are policy timelines, their fair floor is checked in
#: tests/lib/test_paper_scale.py)
TRACTABLE = _records("tractable")
#: tractable-04 and tractable-03: records proven optimal over the covering horizon (issue 32;
#: tractable-01 and -09, used before, are open since their old proofs covered a shorter horizon)
TRACTABLE_BY_ID = {Path(p).stem: (p, b, h) for p, b, h in TRACTABLE}


def _at_least(bound: float | None, best: float) -> bool:
    return bound is not None and bound >= best - 1e-12


def _honest(res, best: float) -> None:
    """Bound on the right side of the optimum; ``optimal`` only when it meets the objective."""
    assert _at_least(res.bound, best), (res.bound, best)
    assert res.objective <= best + 1e-12
    if res.status is Status.OPTIMAL:
        assert res.objective == res.bound == pytest.approx(best, abs=1e-12)
    else:
        assert res.status in (Status.TIME_LIMIT, Status.FEASIBLE) and res.bound > res.objective


# ---- the fair-floor bound, by hand and against the proven optima -----------------------------


def test_fair_floor_bound_by_hand():
    """Fig. 6: one tenant (quota 6 GPUs), jobs of 6, 3, 3 GPUs for 4 slots each, all released
    at slot 0. Alloc = (6 + 3 + 3) * 4 = 48 GPU-slots whatever the schedule; all three are
    unfinished in slots 0..3 (demand 12, fair share min(12, 6) = 6), so Fair >= 24 and
    rho <= 48 / 24 = 2."""
    assert fair_floor_bound(slot_data(fig6().slotted(), 8)) == 2


@pytest.mark.parametrize(("path", "best", "horizon"), SMALL + TRACTABLE,
                         ids=[Path(p).stem for p, _, _ in SMALL + TRACTABLE])
def test_fair_floor_bound_is_above_the_proven_optimum(path, best, horizon):
    assert float(fair_floor_bound(slot_data(ds.load(path), horizon))) >= best - 1e-12


# ---- the level-solve rules with a stub backend (exact hand values) ---------------------------


class _Stub:
    """Level solver that stops every solve at once with a given dual bound on t."""

    tbound = 0.0
    targets: ClassVar[list] = []

    def __init__(self, sd, opts) -> None:
        pass

    def solve(self, levels, floors, time_limit):
        _Stub.targets.append(next(iter(levels.values())))
        return Status.TIME_LIMIT, None, _Stub.tbound, None


@pytest.fixture
def stub(monkeypatch):
    monkeypatch.setitem(maxmin.BACKENDS, "stub", _Stub)
    # the hand values below are over 8 slots: let 8 slots cover the statement (the real
    # covering horizon of fig6 is 12, test_rules.py), so the level bounds are reported
    monkeypatch.setattr(maxmin, "covering_horizon", lambda sd: 8)
    _Stub.targets = []
    return _Stub


@pytest.mark.parametrize(("tbound", "status", "bound"), [
    # t(1) <= 0.5 < 1/1: every schedule has t <= 0 (d t is an integer), so z* <= 1 = incumbent
    (0.5, Status.OPTIMAL, Fraction(1)),
    # t(1) <= 6: z* - 1 <= 6 / 24 (Fair >= 24), z* = 48 / F <= 1.25 -> F >= 39 -> 16/13
    (6.0, Status.TIME_LIMIT, Fraction(16, 13)),
    # just below 1/d: within the solver tolerance (1e-6 of the rows, ~1e-4), so not a proof;
    # the cut: z* <= 1 + 1/24 -> F >= 46.08 -> 48/47
    (1 - 1e-6, Status.TIME_LIMIT, Fraction(48, 47)),
])
def test_dinkelbach_stopped_level_bound_by_hand(stub, tbound, status, bound):
    stub.tbound = tbound
    res = maxmin.solve_maxmin(fig6().slotted(), "stub", slots=8, bound_share=0)
    assert stub.targets == [1]  # the online incumbent 1 (the optimum, brute force: 1.0)
    assert res.status is status and res.objective == 1.0
    assert Fraction(res.stats["bound_exact"]) == bound


def test_a_horizon_short_of_covering_reports_the_fair_floor_only(monkeypatch):
    """slots=8 < fig6's covering horizon 12: the level solves' bound is one of the restriction,
    so only the fair floor (2, test_fair_floor_bound_by_hand) is reported (issue 32)."""
    monkeypatch.setitem(maxmin.BACKENDS, "stub", _Stub)
    _Stub.targets, _Stub.tbound = [], 0.5
    res = maxmin.solve_maxmin(fig6().slotted(), "stub", slots=8, bound_share=0)
    assert res.stats["covering_horizon"] == 12
    assert Fraction(res.stats["bound_exact"]) == 2 and res.stats["bound_from"] == "fair floor"
    assert res.status is Status.TIME_LIMIT


def test_bisection_infeasible_level_bound_by_hand(stub):
    """Bracket [1, 2] (incumbent, fair floor): level 3/2 stopped with t(3/2) <= -1. Then z* < 3/2
    and Fair <= 6 * 8 = 48 gives z* <= 3/2 - 1/48; z* = 48 / F -> F >= 32.45 -> 48/33 = 16/11."""
    stub.tbound = -1.0
    res = maxmin.solve_maxmin(fig6().slotted(), "stub", slots=8, method="bisection", bound_share=0)
    assert stub.targets == [Fraction(3, 2)]
    assert res.status is Status.TIME_LIMIT
    assert Fraction(res.stats["bound_exact"]) == Fraction(16, 11)


def test_bound_share_out_of_range_is_refused():
    with pytest.raises(InputError) as err:
        maxmin.solve_maxmin(fig6().slotted(), "ltgf-milp", slots=8, bound_share=1.5)
    assert err.value.field == "bound_share"


# ---- forced early stops on the library records and brute force -------------------------------


@pytest.mark.parametrize("model", ["ltgf-milp", "ltgf-cpsat"])
@pytest.mark.parametrize(("path", "best", "horizon"), SMALL,
                         ids=[Path(p).stem for p, _, _ in SMALL])
def test_one_level_solve_reports_a_valid_bound(model, path, best, horizon):
    """One level solve of at most 1 s: the bound is never below the proven optimum."""
    res = maxmin.solve_maxmin(ds.load(path), model, SolveOptions(time_limit=1.0),
                              slots=horizon, max_iter=1, bound_share=0.3)
    _honest(res, best)


@pytest.mark.parametrize("method", ["dinkelbach", "bisection"])
@pytest.mark.parametrize("path,best,horizon",
                         [TRACTABLE_BY_ID["tractable-04"], TRACTABLE_BY_ID["tractable-03"]],
                         ids=["tractable-04", "tractable-03"])
def test_tractable_records_stopped_early_report_a_valid_bound(method, path, best, horizon):
    res = maxmin.solve_maxmin(ds.load(path), "ltgf-milp", SolveOptions(time_limit=3.0),
                              slots=horizon, method=method, max_iter=2, bound_share=0)
    _honest(res, best)


@pytest.mark.parametrize(("path", "best", "horizon"), SMALL,
                         ids=[Path(p).stem for p, _, _ in SMALL])
def test_lp_relaxation_bound_is_above_the_proven_optimum(path, best, horizon):
    sd = slot_data(ds.load(path), horizon)
    ub, info = relaxation_bound(sd, Fraction(0), fair_floor_bound(sd), max_solves=8)
    assert float(ub) >= best - 1e-12 and info["lp_solves"] <= 8


def test_lp_relaxation_can_beat_the_fair_floor():
    """small-06: fair floor 7/4, the relaxation (bisection) proves below 1.51; optimum 1.105."""
    path, best, horizon = SMALL[5]
    sd = slot_data(ds.load(path), horizon)
    ub, _ = relaxation_bound(sd, Fraction(1), fair_floor_bound(sd))
    assert best <= float(ub) < 1.51 and fair_floor_bound(sd) == Fraction(7, 4)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_bounds_are_above_brute_force(seed):
    inst = generate_slotted(n_jobs=5, tenants=2, gpus=8, max_slots=2, release_slots=2, seed=seed)
    S = online_slot_matrix(inst).shape[1]
    best, _ = brute_force(inst, horizon=S, level="tenant")
    sd = slot_data(inst, S)
    assert float(fair_floor_bound(sd)) >= best - 1e-12
    assert float(relaxation_bound(sd, Fraction(0), fair_floor_bound(sd))[0]) >= best - 1e-12
    for model in ("ltgf-milp", "ltgf-cpsat"):
        _honest(maxmin.solve_maxmin(inst, model, slots=S, max_iter=1), best)
