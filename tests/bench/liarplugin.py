"""Test-only plugin: ``liar-fifo``, a completion algorithm that returns FIFO's valid schedule
but reports 0.9 x its objective (issue 20). Imported only by the ``dlsched bench`` subprocess
of tests/test_objective_recompute.py, so the registration stays out of the test process."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dlsched.core import ALGORITHMS, register_algorithm

if not ALGORITHMS.has("liar-fifo", "completion"):

    @register_algorithm("liar-fifo", "completion", "test-only: FIFO reporting 0.9 x its objective")
    def liar_fifo(inst: Any) -> Any:
        res = ALGORITHMS.get("fifo", problem="completion").run(inst)
        return replace(res, method="liar-fifo", objective=0.9 * res.objective)
