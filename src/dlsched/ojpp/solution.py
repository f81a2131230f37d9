"""OJPP solutions: per-device worker counts -> the solution dict every OJPP method returns."""

from __future__ import annotations

from typing import Any

import numpy as np

from .instance import OJPPInstance


def make_solution(inst: OJPPInstance, Y: np.ndarray | list[dict[int, int]], **extra: Any) -> dict:
    """``Y``: count matrix (devices x jobs) or a list of {job index: count}; empty devices dropped.

    Result: ``{"devices": [{"<job>": count, ...}, ...], "used": <number of devices>}``.
    """
    names = [j.name for j in inst.jobs]
    devices: list[dict[str, int]] = []
    if isinstance(Y, np.ndarray):
        rows = [{int(i): int(c) for i, c in enumerate(row) if c > 0} for row in np.rint(Y)]
    else:
        rows = [{int(i): int(c) for i, c in row.items() if c > 0} for row in Y]
    for row in rows:
        if row:
            devices.append({names[i]: c for i, c in sorted(row.items())})
    return {"devices": devices, "used": len(devices), **extra}


def counts(inst: OJPPInstance, solution: dict[str, Any]) -> np.ndarray:
    """Count matrix (used devices x jobs) of a solution dict."""
    index = {j.name: i for i, j in enumerate(inst.jobs)}
    devs = [d for d in solution["devices"] if any(d.values())]
    Y = np.zeros((len(devs), inst.n_jobs), dtype=int)
    for k, dev in enumerate(devs):
        for name, c in dev.items():
            Y[k, index[name]] += int(c)
    return Y


def checked(inst: OJPPInstance, status: Any, solution: dict | None, stats: dict) -> Any:
    """DESIGN.md 'do not trust one solver run': re-check an exact model's rounded solution with
    the independent validator; a violating solution turns the status into ``error``."""
    from ..core import Status
    from .validate import check

    if solution is None:
        return status
    violations = check(inst, solution)
    if violations:
        stats["violations"] = violations
        return Status.ERROR
    return status
