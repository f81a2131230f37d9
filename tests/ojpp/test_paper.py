"""Golden G-O1 (notes §10): every row of the table, with both exact models and brute force."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import itertools

import numpy as np
import pytest

import dlsched as ds
from dlsched.ojpp.instance import Limits
from dlsched.ojpp.support.collision import tau_counts
from dlsched.ojpp.support.interference import slowdowns

from .helpers import brute_force, golden, golden_dict

FULL = Limits(0.1, 0.2, 0.1)
#: (label, burst memory on, interference matrix on, limits, OPT devices) -- notes §10 table
ROWS = [
    ("pure 2D-VBP", False, False, Limits(), 3),
    ("+ burst memory (3)", True, False, Limits(), 4),
    ("(3) + collision", True, False, Limits(collision=0.1), 4),
    ("(3) + interference", True, True, Limits(interference=0.2), 4),
    ("(3) + interference + balance", True, True, Limits(interference=0.2, balance=0.1), 4),
    ("all but balance", True, True, Limits(0.1, 0.2, None), 4),
    ("full OJPP", True, True, FULL, 5),
]
FEASIBLE = {(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 2), (0, 1, 1), (0, 1, 2), (0, 2, 0)}


def row_instance(burst: bool, interference: bool, limits: Limits):
    data = golden_dict()
    if not burst:
        for j in data["jobs"]:
            j["mem_burst"] = 0.0
            j["burst_prob"] = 0.0
    if not interference:
        del data["interference"]
    return ds.ojpp.parse(data).with_limits(limits)


@pytest.mark.parametrize(("label", "burst", "itf", "limits", "opt"), ROWS, ids=[r[0] for r in ROWS])
def test_rows_brute_force(label, burst, itf, limits, opt):
    assert brute_force(row_instance(burst, itf, limits)) == opt


@pytest.mark.parametrize(("label", "burst", "itf", "limits", "opt"), ROWS, ids=[r[0] for r in ROWS])
@pytest.mark.parametrize("table", [False, True], ids=["lazy", "table"])
def test_rows_cpsat(label, burst, itf, limits, opt, table):
    inst = row_instance(burst, itf, limits)
    res = ds.solve(inst, model="ojpp-cpsat", table=table)
    assert res.status is ds.Status.OPTIMAL
    assert res.objective == opt and res.bound == opt
    assert ds.check(inst, res) == []


@pytest.mark.parametrize(("label", "burst", "itf", "limits", "opt"), ROWS, ids=[r[0] for r in ROWS])
def test_rows_compact(label, burst, itf, limits, opt, solver):
    inst = row_instance(burst, itf, limits)
    res = ds.solve(inst, model="ojpp-compact", solver=solver)
    assert res.status is ds.Status.OPTIMAL
    assert res.objective == opt
    assert ds.check(inst, res) == []


@pytest.mark.parametrize(("label", "burst", "itf", "limits", "opt"), ROWS, ids=[r[0] for r in ROWS])
def test_rows_patterns(label, burst, itf, limits, opt, solver):
    inst = row_instance(burst, itf, limits)
    res = ds.solve(inst, model="ojpp-patterns", solver=solver)
    assert res.status is ds.Status.OPTIMAL
    assert res.objective == opt
    assert ds.check(inst, res) == []


def test_enumerated_patterns_are_the_listed_ones():
    from dlsched.ojpp.support.patterns import enumerate_patterns

    assert {tuple(a) for a in enumerate_patterns(golden()).A.tolist()} == FEASIBLE


def test_full_row_needs_lazy_collision_cuts():
    res = ds.solve(golden(), model="ojpp-compact")
    assert res.objective == 5 and res.stats["tangent_cuts"] >= 1
    res = ds.solve(golden(), model="ojpp-cpsat", table=False)
    assert res.objective == 5 and res.stats["collision_cuts"] >= 1


def test_dedicated_baseline_is_seven():
    inst = golden()
    sol = {"devices": [{j.name: 1} for j in inst.jobs for _ in range(j.workers)]}
    assert ds.check(inst, sol) == [] and len(sol["devices"]) == 7


def test_feasible_patterns_exactly_as_listed():
    inst = golden()
    found = set()
    for a in itertools.product(range(3), range(4), range(3)):
        if not any(a):
            continue
        dev0 = {n: c for n, c in zip("ABC", a, strict=True) if c}
        rest = [{n: 1} for n, c, w in zip("ABC", a, (2, 3, 2), strict=True) for _ in range(w - c)]
        out = ds.check(inst, {"devices": [dev0, *rest]})
        if not [v for v in out if v.startswith("device 0:")]:
            found.add(a)
    assert found == FEASIBLE


@pytest.mark.parametrize(
    ("a", "s", "tau"),
    [((0, 0, 2), {2: 0.04}, 0.01), ((0, 1, 1), {1: 0.08, 2: 0.06}, 0.03),
     ((0, 1, 2), {1: 0.16, 2: 0.10}, 0.064), ((0, 2, 0), {1: 0.05}, 0.09),
     ((0, 3, 0), {1: 0.10}, 0.216)],
)
def test_pattern_values(a, s, tau):
    inst = golden()
    y = np.array(a)
    got = slowdowns(inst.I, y)
    for i, v in s.items():
        assert got[i] == pytest.approx(v)
    assert tau_counts(y[None, :], inst.p)[0] == pytest.approx(tau)
