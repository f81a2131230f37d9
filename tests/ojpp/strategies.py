"""Hypothesis strategy: tiny OJPP instances (<= 6 workers) covering every model variant."""

from __future__ import annotations

from hypothesis import strategies as st

from dlsched.ojpp import parse

TENTHS = st.sampled_from([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
PROBS = st.sampled_from([0.0, 0.1, 0.2, 0.3, 0.4])
SLOW = st.sampled_from([0.0, 0.02, 0.05, 0.08, 0.1, 0.15, 0.25])


@st.composite
def tiny_instances(draw, max_workers: int = 6, variants: bool = True):
    n = draw(st.integers(1, 3))
    workers = [draw(st.integers(1, 3)) for _ in range(n)]
    while sum(workers) > max_workers:
        workers[workers.index(max(workers))] -= 1
    jobs = []
    for i in range(n):
        base = draw(st.sampled_from([0.0, 0.1, 0.2, 0.3]))
        burst = draw(st.sampled_from([0.0, 0.1, 0.2, 0.4]))
        jobs.append({
            "name": "ABC"[i], "workers": workers[i], "compute": draw(TENTHS),
            "mem_base": base, "mem_burst": min(burst, round(1 - base, 1)),
            "burst_prob": draw(PROBS),
        })
    data = {"problem": "ojpp", "name": "tiny", "jobs": jobs}
    if draw(st.booleans()):
        model = draw(st.sampled_from(["additive", "max"])) if variants else "additive"
        data["interference"] = {
            "model": model, "matrix": [[draw(SLOW) for _ in range(n)] for _ in range(n)],
        }
    limits = {}
    if draw(st.booleans()):
        limits["collision"] = draw(st.sampled_from([0.05, 0.1, 0.15]))
    if draw(st.booleans()):
        limits["interference"] = draw(st.sampled_from([0.1, 0.2]))
    if draw(st.booleans()):
        limits["balance"] = draw(st.sampled_from([0.05, 0.1]))
    data["limits"] = limits
    if variants and draw(st.booleans()):
        data["collision_model"] = "correlated_same_job"
    return parse(data)
