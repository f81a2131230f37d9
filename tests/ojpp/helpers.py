"""Test helpers: G-O1 instance, brute force over set partitions (uses only the validator)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

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
