"""Builders of hand-worked completion instances for the baseline tests: one server, Ring-AllReduce
without communication (update time and gradient size 0), E = K = 1, so a job with D chunks and
mini-batch time v has workload D mini-batches, theta = v, and runs ceil(D v / N) slots on N
workers (N <= D)."""

from __future__ import annotations

from typing import Any

from dlsched.completion.instance import CompletionInstance, parse

ONE_GPU_WORKER = [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}]


def job(name: str, *, a: int = 1, w: float = 1, chunks: int = 1, v: float = 1.0,
        types: tuple[str, ...] = ("m1",)) -> dict[str, Any]:
    """A job arriving at slot ``a`` with weight ``w``, ``chunks`` chunks (at most that many
    workers) and mini-batch time ``v`` on each worker type of ``types``."""
    return {"name": name, "arrival": a, "weight": w, "epochs": 1, "chunks": chunks,
            "minibatches_per_chunk": 1, "minibatch_time": dict.fromkeys(types, v),
            "update_time": 0.0, "gradient_size": 0.0}


def one_server(jobs: list[dict[str, Any]], capacity: dict[str, float],
               worker_types: list[dict[str, Any]] | None = None,
               horizon: int = 40) -> CompletionInstance:
    return servers(jobs, [capacity], worker_types, horizon)


def servers(jobs: list[dict[str, Any]], capacities: list[dict[str, float]],
            worker_types: list[dict[str, Any]] | None = None,
            horizon: int = 40) -> CompletionInstance:
    """Servers h1, h2, ... with the given capacities (in that order)."""
    return parse({"problem": "completion", "schema_version": 1, "name": "hand",
                  "architecture": "ring", "horizon": horizon, "slot_seconds": 1.0,
                  "servers": [{"name": f"h{i}", "capacity": c}
                              for i, c in enumerate(capacities, 1)],
                  "worker_types": worker_types or ONE_GPU_WORKER, "jobs": jobs})


def runs(solution: Any) -> dict[str, tuple[int, int, int]]:
    """job -> (start slot, completion C = start + duration, workers of its first run)."""
    return {n: (r["start"], r["start"] + r["duration"], sum(r["workers"].values()))
            for n, r in solution["jobs"].items()}


def preemptive(inst: CompletionInstance) -> CompletionInstance:
    """``inst`` under the preemptive statement (``preemption`` true), where the schedules of
    the pausing / resizing baselines (Tiresias, AntMan, elastic DRF) are judged."""
    import dataclasses

    return dataclasses.replace(inst, preemption=True)
