"""Helpers shared by the OEF test modules: paper instances and exact values of the notes."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import dlsched as ds
from dlsched.core import Status
from dlsched.oef import generate
from dlsched.oef.exact import solve_oef

INSTANCES = Path(__file__).resolve().parents[2] / "instances" / "oef"
#: Absolute tolerance for LP values compared with exact fractions of the notes.
ATOL = 1e-7


def load(name: str):
    """A committed OEF instance by file stem (e.g. ``paper-w1``)."""
    return ds.load(INSTANCES / f"{name}.json")


def q(*values) -> list[float]:
    """Exact values of the notes (ints, Fractions or 'a/b' strings) as floats."""
    return [float(F(v)) for v in values]


_FULL: dict[tuple, float] = {}


def case_id(c: tuple) -> str:
    """Test id of a generator case (n, k, seed, monotone, weighted)."""
    return "n{}-k{}-s{}-{}{}".format(c[0], c[1], c[2], "mono" if c[3] else "rand",
                                     "-w" if c[4] else "")


def full_optimum(case: tuple) -> float:
    """Objective of the full LP (10) (every envy row) of a generator case, computed once."""
    if case not in _FULL:
        res = solve_oef(generate(*case[:3], monotone=case[3], weighted=case[4]), "cooperative",
                        backend="highs", envy="full")
        assert res.status is Status.OPTIMAL and res.stats["envy_rows"] == case[0] * (case[0] - 1)
        _FULL[case] = res.objective
    return _FULL[case]
