"""Test-only plugin: a tiny *minimisation* problem and methods that misbehave on purpose.

Imported by suites via ``[suite] imports = ["tests.bench.toyplugin"]`` (in the driver and in
every worker). Problem: pick one item of ``costs``; objective = its cost (minimise).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from dlsched.core import PROBLEMS, Problem, Result, Status, register_algorithm, register_model

NAME = "bench-toy"

#: A suite of ``n`` in {3, 4} x ``seeds`` instances x (toy-exact, toy-log): toy-log sleeps
#: ``seconds`` and appends one line per execution to ``log``, so tests count double work.
LOG_SUITE = """
[suite]
name = "{name}"
imports = ["tests.bench.toyplugin"]

[problems.bench-toy]
reference = "exact"

[[problems.bench-toy.instances]]
grid = {{ n = [3, 4] }}
seeds = {seeds}

[[problems.bench-toy.methods]]
label = "exact"
model = "toy-exact"

[[problems.bench-toy.methods]]
label = "log"
algorithm = "toy-log"
params = {{ log = "{log}", seconds = {seconds} }}
"""


@dataclass(frozen=True)
class ToyInstance:
    name: str
    costs: tuple[float, ...]
    problem: str = NAME


def _parse(data: dict[str, Any]) -> ToyInstance:
    return ToyInstance(data.get("name", "toy"), tuple(float(c) for c in data["costs"]))


def _dump(inst: ToyInstance) -> dict[str, Any]:
    return {"problem": NAME, "schema_version": 1, "name": inst.name, "costs": list(inst.costs)}


def _check(inst: ToyInstance, sol: dict[str, Any]) -> list[str]:
    i = sol.get("choice")
    return [] if isinstance(i, int) and 0 <= i < len(inst.costs) else [f"choice {i!r} out of range"]


def _generate(n: int = 4, seed: int = 0) -> ToyInstance:
    rng = np.random.default_rng(seed)
    return ToyInstance(f"toy-n{n}-s{seed}", tuple(rng.uniform(1.0, 10.0, n).round(6).tolist()))


def _size(inst: ToyInstance) -> dict[str, int]:
    return {"items": len(inst.costs), "slots": 2 * len(inst.costs)}


def _metrics(inst: ToyInstance, res: Result) -> dict[str, float]:
    return {"picked_min": float(res.solution["choice"] == int(np.argmin(inst.costs)))}


def _result(inst: ToyInstance, method: str, choice: int, status: Status = Status.FEASIBLE,
            bound: float | None = None) -> Result:
    return Result(NAME, method, status, objective=inst.costs[choice] if 0 <= choice < len(
        inst.costs) else 0.0, bound=bound, solution={"choice": choice})


if NAME not in PROBLEMS:
    PROBLEMS.add(NAME, Problem(NAME, "min", "test-only: pick the cheapest item", _parse, _dump,
                               _check, generate=_generate, size=_size, metrics=_metrics))

    @register_model("toy-exact", NAME, "argmin; stop_early=True mimics a time-limited solve")
    def toy_exact(inst: ToyInstance, *, options: Any = None, stop_early: bool | int = False,
                  **_: Any) -> Result:
        """``stop_early``: True, or an item count from which the solve "hits its time limit"."""
        order = np.argsort(inst.costs)
        if stop_early is True or (stop_early and len(inst.costs) >= stop_early):
            # incumbent = second cheapest, bound = 90% of the optimum (a valid lower bound)
            inc = int(order[1]) if len(order) > 1 else int(order[0])
            return _result(inst, "toy-exact", inc, Status.TIME_LIMIT, 0.9 * inst.costs[order[0]])
        best = int(order[0])
        return _result(inst, "toy-exact", best, Status.OPTIMAL, inst.costs[best])

    @register_algorithm("toy-first", NAME, "always the first item")
    def toy_first(inst: ToyInstance) -> Result:
        res = _result(inst, "toy-first", 0)
        res.stats.update(score=float(len(inst.costs)), label="first")  # numeric + non-numeric
        return res

    @register_algorithm("toy-random", NAME, "a seeded random item")
    def toy_random(inst: ToyInstance, seed: int = 0) -> Result:
        pick = int(np.random.default_rng(seed).integers(len(inst.costs)))
        return _result(inst, "toy-random", pick)

    @register_algorithm("toy-fail", NAME, "always raises")
    def toy_fail(inst: ToyInstance) -> Result:
        raise RuntimeError("toy-fail always fails")

    @register_algorithm("toy-invalid", NAME, "returns an out-of-range choice")
    def toy_invalid(inst: ToyInstance) -> Result:
        return _result(inst, "toy-invalid", -1)

    @register_algorithm("toy-sleep", NAME, "sleeps, then the first item (for the crash test)")
    def toy_sleep(inst: ToyInstance, seconds: float = 0.2) -> Result:
        time.sleep(seconds)
        return _result(inst, "toy-sleep", 0)

    @register_algorithm("toy-die", NAME, "kills its worker process (never the main process)")
    def toy_die(inst: ToyInstance) -> Result:
        import multiprocessing
        import os

        if multiprocessing.parent_process() is None:
            raise RuntimeError("toy-die only dies inside a worker process")
        os._exit(3)

    @register_algorithm("toy-log", NAME, "appends one line per execution to a file, then sleeps")
    def toy_log(inst: ToyInstance, log: str = "", seconds: float = 0.0, tag: int = 0) -> Result:
        """Counts executions: concurrency tests check each (instance, tag) ran exactly once."""
        import os

        if log:
            with open(log, "a", encoding="utf-8") as fh:  # O_APPEND: one whole line per write
                fh.write(f"{inst.name} {tag} {os.getpid()}\n")
        time.sleep(seconds)
        return _result(inst, "toy-log", 0)

    @register_algorithm("toy-warn", NAME, "the first item, after two Python warnings (x2 each)")
    def toy_warn(inst: ToyInstance) -> Result:
        """Warns like a solver does (cvxpy's "Solution may be inaccurate"): the harness must
        capture these per run, store them and keep them off the terminal."""
        import warnings

        for _ in range(2):
            warnings.warn("Solution may be inaccurate. Try another solver.", UserWarning,
                          stacklevel=1)
            warnings.warn("toy precision loss", RuntimeWarning, stacklevel=1)
        return _result(inst, "toy-warn", 0)
