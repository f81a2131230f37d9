"""Small LTGF instances for tests whose expected schedules are worked by hand."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from dlsched.ltgf.instance import LTGFInstance, parse

INST = Path(__file__).resolve().parents[2] / "instances" / "ltgf"


def hand_instance(jobs, tenants=(("A", 1),), nodes=1, gpn=1, lease=1000, tick=10, cold=0.0):
    """One tenant row ``(name, weight)`` per tenant, one job row ``(name, tenant, submit, gpus,
    duration)`` per job; ``nodes`` x ``gpn`` GPUs, no checkpoint cost."""
    return parse({
        "problem": "ltgf", "name": "hand", "cluster": {"nodes": nodes, "gpus_per_node": gpn},
        "lease": lease, "tick": tick, "tenants": [{"name": n, "weight": w} for n, w in tenants],
        "jobs": [{"name": n, "tenant": t, "submit": a, "gpus": g, "duration": d}
                 for n, t, a, g, d in jobs],
        "overhead": {"checkpoint": 0, "cold_start": cold}})


@cache
def _philly_window_data() -> str:
    return (INST / "philly-window-n20-s0.json").read_text()


def philly_window() -> LTGFInstance:
    """The committed 20-job Philly window instance."""
    return parse(json.loads(_philly_window_data()))


def runs(sol: dict, job: str) -> list[tuple[float, float, str]]:
    """(start, end, reason) of ``job``'s segments in a simulated timeline, in time order."""
    return sorted((s, e, why) for name, s, e, _p, why, *_ in sol["segments"] if name == job)
