"""Test helpers: G-O1 instance, brute force over set partitions (uses only the validator)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import numpy as np

from dlsched.ojpp import GOLDEN_O1, parse
from dlsched.ojpp.instance import OJPPInstance
from dlsched.ojpp.validate import check


def golden(**changes: Any) -> OJPPInstance:
    data = json.loads(GOLDEN_O1)
    data.update(changes)
    return parse(data)


def golden_dict() -> dict[str, Any]:
    return json.loads(GOLDEN_O1)


def _partitions(n: int) -> Iterator[list[int]]:
    """Restricted growth strings: every set partition of n items once."""
    labels = [0] * n

    def rec(pos: int, top: int) -> Iterator[list[int]]:
        if pos == n:
            yield labels
            return
        for b in range(top + 2):
            labels[pos] = b
            yield from rec(pos + 1, max(top, b))

    if n:
        yield from rec(1, 0)
    else:
        yield labels


def brute_force(inst: OJPPInstance) -> int | None:
    """Fewest devices over all placements the independent validator accepts (None: none)."""
    workers = [j.name for j in inst.jobs for _ in range(j.workers)]
    best = None
    for labels in _partitions(len(workers)):
        k = max(labels) + 1
        if best is not None and k >= best:
            continue
        devices: list[dict[str, int]] = [{} for _ in range(k)]
        for w, b in zip(workers, labels, strict=True):
            devices[b][w] = devices[b].get(w, 0) + 1
        if not check(inst, {"devices": devices}):
            best = k
    return best


def _worker_slowdowns(inst, workers: list[int]) -> list[float]:
    """Each worker's slowdown by looping over the other workers (notes §3, additive)."""
    return [sum(float(inst.I[i, q]) for v, q in enumerate(workers) if v != w)
            for w, i in enumerate(workers)]


def brute_force_ojpap(inst, Y0: np.ndarray, budget: float) -> float | None:
    """min Theta over every labelled assignment of workers to the m0 devices of Y0 that the
    validator accepts and whose migration cost sum c_i (y0 - y)^+ is within the budget."""
    m0 = len(Y0)
    workers = [i for i, j in enumerate(inst.jobs) for _ in range(j.workers)]
    c = [j.migration_cost for j in inst.jobs]
    best = None
    for labels in itertools.product(range(m0), repeat=len(workers)):
        Y = np.zeros_like(Y0)
        for i, k in zip(workers, labels, strict=True):
            Y[k, i] += 1
        cost = sum(c[i] * max(0, Y0[k, i] - Y[k, i]) for k in range(m0) for i in range(len(c)))
        if cost > budget + 1e-9:
            continue
        names = [j.name for j in inst.jobs]
        sol = {"devices": [{names[i]: int(v) for i, v in enumerate(row) if v} for row in Y]}
        if check(inst, sol):
            continue
        theta = 0.0
        for row in Y:
            ws = [i for i, v in enumerate(row) for _ in range(v)]
            theta = max([theta, *_worker_slowdowns(inst, ws)])
        best = theta if best is None else min(best, theta)
    return best


def tiny(jobs: list[tuple], matrix: list[list[float]] | None = None,
         **limits: float) -> OJPPInstance:
    """A hand-sized instance: ``jobs`` = (name, workers, compute, mem_base, mem_burst,
    burst_prob); unit capacities; ``matrix`` additive interference; ``limits`` by name."""
    keys = ("name", "workers", "compute", "mem_base", "mem_burst", "burst_prob")
    data: dict[str, Any] = {"problem": "ojpp", "schema_version": 1, "name": "tiny",
                            "jobs": [dict(zip(keys, job, strict=True)) for job in jobs],
                            "limits": limits}
    if matrix is not None:
        data["interference"] = {"model": "additive", "matrix": matrix}
    return parse(data)


def placed(res: Any) -> list[dict[str, int]]:
    """The devices of a result as plain dicts, in device order."""
    return [dict(d) for d in res.solution["devices"]]
