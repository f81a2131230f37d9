"""Gandiva_fair baseline (notes §5.2): weighted water-filling entitlements, most under-served
tenant first, first-fit placement; pinned on schedules worked by hand from that rule, and
jumping from event to event keeps the slot-by-slot schedule. Every test runs under a time
limit, so a change that makes a loop endless fails here instead of hanging."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import signal
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.revenue.generate import generate

from .builders import cluster, job, runs

#: Wall-clock seconds a test of this file may take: the hand-worked tests take milliseconds, and
#: mutmut (scripts/mutation.py) counts a mutant as a timeout after about 15 s of them; the
#: property test (slow tier, about 6 s) gets more
TIME_LIMIT_S = 5.0
SLOW_LIMIT_S = {"test_gandiva_fair_event_skipping_keeps_the_schedule": 120.0}


class Hang(BaseException):
    """A test ran past its time limit; a BaseException, so Hypothesis does not catch it and
    re-run (shrink) the endless example, and pytest reports the test as failed."""


def _hang(signum: int, frame: object) -> None:
    raise Hang("time limit passed: an endless loop?")


@pytest.fixture(autouse=True)
def time_limit(request: pytest.FixtureRequest) -> Iterator[None]:
    """Interrupt a test after its time limit (SIGALRM). ``core.deadline`` cannot: a hang inside
    ``_water_fill`` or a slot's inner loop never reaches ``check_deadline``."""
    if not hasattr(signal, "setitimer"):
        yield
        return
    old = signal.signal(signal.SIGALRM, _hang)
    signal.setitimer(signal.ITIMER_REAL, SLOW_LIMIT_S.get(request.node.name, TIME_LIMIT_S))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), jobs=st.integers(1, 25), servers=st.integers(2, 6),
       tenants=st.integers(1, 3), unit=st.sampled_from(["hour", "second"]),
       origin=st.sampled_from(["arrival", "absolute"]))
def test_gandiva_fair_event_skipping_keeps_the_schedule(seed, jobs, servers, tenants, unit,
                                                        origin):
    # jumping from event to event (completions, arrivals) must give the slot-by-slot schedule
    inst = generate(n_jobs=jobs, n_servers=servers, n_tenants=min(tenants, servers), seed=seed,
                    arrival_max=6, minibatch_unit=unit)
    inst = inst.with_rules(time_origin=origin)
    fast = ds.run(inst, "gandiva-fair")
    slow = ds.run(inst, "gandiva-fair", skip_idle_slots=False)
    assert fast.solution == slow.solution


def test_weighted_water_filling_and_tie_break():
    """Six 1-worker servers s1..s6 (1 PS each); u1 has quota 4 workers (weight 4), u2 quota 2
    (weight 2). All jobs arrive at 0 (queued from slot 1), use 1 worker, and train 2
    mini-batches: centralized, 2 slots.

    Slot 1: demands u1 = 5 (a1..a5), u2 = 3 (b1..b3); water-filling 6 workers with weights
    4 : 2 gives entitlements 4 and 2. The tenant with the lowest used/weight starts its oldest
    job, ties to the lower tenant index, first fit by server index:
    (0, 0) tie -> u1 a1 on s1; (1/4, 0) -> u2 b1 on s2; (1/4, 1/2) -> u1 a2 on s3;
    (2/4, 1/2) tie -> u1 a3 on s4; (3/4, 1/2) -> u2 b2 on s5 (u2 now at its entitlement 2);
    (3/4, 1) -> u1 a4 on s6 (u1 at 4). The cluster is full until slot 2.
    Slot 3: demands 1 and 1, entitlements 1 and 1; (0, 0) tie -> u1 a5 on s1, then u2 b3 on s2.
    (Equal weights would give b2 s4; ranking by used instead of used/weight gives b2 s4; ties
    to u2 would put b1 on s1.)"""
    servers = [(f"s{i}", 1, 1, None) for i in range(1, 7)]
    jobs = [job("a1", "u1"), job("b1", "u2"), job("a2", "u1"), job("b2", "u2"),
            job("a3", "u1"), job("b3", "u2"), job("a4", "u1"), job("a5", "u1")]
    inst = cluster(servers, [("u1", 4, 4), ("u2", 2, 2)], jobs)
    res = ds.run(inst, "gandiva-fair")
    assert res.status.value == "feasible"

    def c(start: int, server: str):
        return (start, start + 1, {server: 1}, {server: 1}, "C")

    assert runs(res.solution) == {"a1": c(1, "s1"), "b1": c(1, "s2"), "a2": c(1, "s3"),
                                  "a3": c(1, "s4"), "b2": c(1, "s5"), "a4": c(1, "s6"),
                                  "a5": c(3, "s1"), "b3": c(3, "s2")}
    # f(x) = 100 - x, x = completion - arrival: six jobs end at 2, two at 4
    assert res.objective == 6 * 98 + 2 * 96


def test_an_idle_tenants_share_goes_to_the_others():
    """Two 1-worker servers; u1 (quota 1) has two queued jobs, u2 (quota 1) none. Slot 1:
    water-filling is capped at demand (u2's is 0), so all 2 workers go to u1: a1 on s1 and a2
    on s2, both in slots 1-2. Quota-bound shares (1 each) would start a2 only at slot 3."""
    inst = cluster([("s1", 1, 1, None), ("s2", 1, 1, None)], [("u1", 1, 1), ("u2", 1, 1)],
                   [job("a1", "u1"), job("a2", "u1")])
    res = ds.run(inst, "gandiva-fair")
    assert runs(res.solution) == {"a1": (1, 2, {"s1": 1}, {"s1": 1}, "C"),
                                  "a2": (1, 2, {"s2": 1}, {"s2": 1}, "C")}


def test_distributed_first_fit_puts_the_ps_with_most_workers():
    """One tenant, three servers of 2 workers and 1 PS. p (1 worker, 2 mini-batches) starts
    first: centralized on s1, slots 1-2. q needs 3 workers (> 2 per server), so it runs
    distributed: E·D·M = 1·3·2 = 6 mini-batches at n^D = 0.5 with 3 workers -> 4 slots from
    slot 1. Workers fill servers in index order over the free capacity of slots 1-4: s1 has
    1 left, s2 takes 2. The PS goes on the server holding most workers (s2), with
    ceil((3 - 2)·b_w/b_p) = 1 PS (s1's only PS is p's anyway)."""
    servers = [("s1", 2, 1, None), ("s2", 2, 1, None), ("s3", 2, 1, None)]
    inst = cluster(servers, [("u1", 6, 3)],
                   [job("p", "u1"), job("q", "u1", chunks=3, epochs=1, minibatches=2)])
    res = ds.run(inst, "gandiva-fair")
    assert runs(res.solution) == {"p": (1, 2, {"s1": 1}, {"s1": 1}, "C"),
                                  "q": (1, 4, {"s1": 1, "s2": 2}, {"s2": 1}, "D")}


def test_water_filling_by_hand():
    """Weighted max-min shares capped at demand (notes §5.2)."""
    from dlsched.revenue.baselines.gandiva_fair import _water_fill

    def fill(w, d, total):
        return _water_fill(np.array(w, float), np.array(d, float), total).tolist()

    # 8 workers, weights 1 : 3, demands 10 each: 2 and 6
    assert fill([1, 3], [10, 10], 8.0) == pytest.approx([2, 6])
    # weights 1 and 2 (a quota of one worker still counts): 6 -> 2 and 4
    assert fill([1, 2], [5, 5], 6.0) == pytest.approx([2, 4])
    # equal weights, demands 1 and 10, 8 workers: 4 each, the first is capped at 1; the 3
    # left go to the second: 1 and 7
    assert fill([1, 1], [1, 10], 8.0) == pytest.approx([1, 7])
    # demands 1 and 2 below the 8 workers: each gets its demand, 5 workers stay unassigned
    # (the loop must stop when every tenant is capped, though workers are left)
    assert fill([1, 1], [1, 2], 8.0) == pytest.approx([1, 2])


def test_event_skipping_stops_at_the_next_arrival():
    """Two 1-worker servers, one tenant. a1 (arrival 0) runs slots 1-2 on s1; b arrives at 1, so
    it is queued from slot 2, the next event (before a1's end at 3), and starts then on the
    free s2: slots 2-3."""
    inst = cluster([("s1", 1, 1, None), ("s2", 1, 1, None)], [("u1", 2, 2)],
                   [job("a1", "u1"), job("b", "u1", arrival=1)])
    assert runs(ds.run(inst, "gandiva-fair").solution) == {
        "a1": (1, 2, {"s1": 1}, {"s1": 1}, "C"), "b": (2, 3, {"s2": 1}, {"s2": 1}, "C")}


def test_a_tenant_at_its_entitlement_gets_capacity_the_other_cannot_use():
    """Work conservation (notes §5.2). Two 1-worker servers (1 PS each); u1 and u2 have quota 1
    (weights 1 : 1). u1 queues a1 and a2 (1 worker, 2 slots centralized), u2 queues b (2
    chunks: 2 workers > 1 per server, so distributed: 2·2·1 = 4 mini-batches at 0.5 per worker
    -> 4 slots). Slot 1: demands 2 and 2, entitlements 1 and 1; (0, 0) tie -> u1 a1 on s1.
    u2 is under its entitlement but b does not fit the one free worker; u1 is at its
    entitlement, so the entitlement pass ends. The work-conserving pass gives s2 to u1: a2 on
    s2, slots 1-2. Slot 3: only b (entitlement 2) on s1 + s2, its PS on s1 (most workers, tie
    to the lower index; ceil((2 - 1)·b_w/b_p) = 1 PS), slots 3-6. (Serving only tenants under
    their entitlement leaves s2 idle: a2 would run in slots 3-4 and b in 5-8.)"""
    inst = cluster([("s1", 1, 1, None), ("s2", 1, 1, None)], [("u1", 1, 1), ("u2", 1, 1)],
                   [job("a1", "u1"), job("a2", "u1"), job("b", "u2", chunks=2)])
    res = ds.run(inst, "gandiva-fair")
    assert runs(res.solution) == {"a1": (1, 2, {"s1": 1}, {"s1": 1}, "C"),
                                  "a2": (1, 2, {"s2": 1}, {"s2": 1}, "C"),
                                  "b": (3, 6, {"s1": 1, "s2": 1}, {"s1": 1}, "D")}
