"""Shared by the bound-validity tests: the proven small-set optima and the "bound is below" test."""

from __future__ import annotations

import csv
from pathlib import Path

SMALL = Path(__file__).resolve().parents[2] / "instances" / "lib" / "completion" / "small"


def below(bound: float | None, opt: float) -> bool:
    """True when ``bound`` (None = no bound) does not exceed the optimum ``opt`` beyond 1e-6."""
    return bound is None or bound <= opt + 1e-6 * max(1.0, opt)


def small_optimal_rows() -> list[dict[str, str]]:
    """The index rows of completion/small whose status is ``optimal``."""
    with open(SMALL / "index.csv") as fh:
        return [r for r in csv.DictReader(fh) if r["status"] == "optimal"]
