"""Hand-sized revenue instances for the baselines' pinned schedules: every job trains
E·D·M mini-batches at n^C = 1 / n^D = 0.5 per worker-slot, so a run's length is easy to work
out by hand, and earns f(x) = 100 - x with x = completion - arrival."""

from __future__ import annotations

from typing import Any

from dlsched.revenue.instance import RevenueInstance, parse


def job(name: str, tenant: str, chunks: int = 1, epochs: int = 2, minibatches: int = 1,
        arrival: int = 0) -> dict[str, Any]:
    """A job of E·D·M = ``epochs * chunks * minibatches`` mini-batches (demand = chunks)."""
    return {"name": name, "tenant": tenant, "arrival": arrival, "epochs": epochs,
            "chunks": chunks, "minibatches": minibatches,
            "rate": {"centralized": 1, "distributed": 0.5},
            "utility": {"kind": "linear", "slope": -1, "intercept": 100}}


def cluster(servers: list[tuple[str, int, int, str | None]],
            tenants: list[tuple[str, int, int]], jobs: list[dict[str, Any]],
            horizon: int = 40) -> RevenueInstance:
    """``servers`` = (name, workers, PSs, owner), ``tenants`` = (name, worker quota, PS quota);
    bandwidth b_w = b_p = 1."""
    return parse({
        "problem": "revenue", "schema_version": 1, "name": "hand", "horizon": horizon,
        "bandwidth": {"worker": 1, "ps": 1},
        "tenants": [{"name": n, "quota": {"workers": w, "ps": p}} for n, w, p in tenants],
        "servers": [{"name": n, "workers": w, "ps": p, **({"owner": o} if o else {})}
                    for n, w, p, o in servers],
        "jobs": jobs})


def runs(solution: Any) -> dict[str, tuple[int, int, dict[str, int], dict[str, int], str]]:
    """Admitted job -> (start, completion, workers, PSs, placement)."""
    return {n: (r["start"], r["completion"], dict(r["workers"]), dict(r["ps"]), r["placement"])
            for n, r in solution["jobs"].items() if r["admitted"]}
