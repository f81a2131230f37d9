"""Helpers shared by the OEF test modules: paper instances and exact values of the notes."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import dlsched as ds

INSTANCES = Path(__file__).resolve().parents[2] / "instances" / "oef"
#: Absolute tolerance for LP values compared with exact fractions of the notes.
ATOL = 1e-7


def load(name: str):
    """A committed OEF instance by file stem (e.g. ``paper-w1``)."""
    return ds.load(INSTANCES / f"{name}.json")


def q(*values) -> list[float]:
    """Exact values of the notes (ints, Fractions or 'a/b' strings) as floats."""
    return [float(F(v)) for v in values]
