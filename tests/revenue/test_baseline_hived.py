"""HiveD baseline (notes §5.2): each tenant's virtual cluster of k_u cells (k_u = servers it
owns) bound dynamically to free physical servers, best fit, FIFO per tenant, no opportunistic
jobs. Schedules worked by hand from that rule; every job trains E·D·M mini-batches at n^C = 1
per worker-slot and earns f(x) = 100 - x."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import dlsched as ds

from .builders import cluster, job, runs


def _c(start: int, server: str, w: int):
    return (start, start + 1, {server: w}, {server: 1}, "C")


def test_best_fit_binding_and_the_cell_quota():
    """s1 (4 workers, owned by u1), s2 (2, u1), s3 (2, u2), 2 PSs each: u1 has k = 2 cells, u2
    k = 1. u1's jobs a1 (2 workers), a2, a3, a4 (1 worker each) and u2's b1 (2 workers) all
    arrive at 0 and run 2 slots (E·D·M = 2·D at D workers).

    Slot 1, tenants in index order, each queue FIFO: a1 has no bound server, binds the free
    server of smallest capacity that fits (s2 and s3 tie at 2 -> s2). a2: s2 is full, a second
    cell is allowed, the smallest free server is s3 (2 < 4; a cell may bind another tenant's
    server). a3 packs on bound s3 (best fit). a4: both cells bound and full -> u1 waits
    (FIFO). b1: the only unbound server is s1 -> binds it. Slot 3: every binding ended at
    slot 2; a4 binds the smallest free server, s2 (tie with s3 by index)."""
    servers = [("s1", 4, 2, "u1"), ("s2", 2, 2, "u1"), ("s3", 2, 2, "u2")]
    jobs = [job("a1", "u1", chunks=2), job("a2", "u1"), job("a3", "u1"), job("a4", "u1"),
            job("b1", "u2", chunks=2)]
    inst = cluster(servers, [("u1", 6, 4), ("u2", 2, 2)], jobs)
    res = ds.run(inst, "hived")
    assert res.status.value == "feasible"
    assert res.stats["cells"] == [2, 1]
    assert runs(res.solution) == {"a1": _c(1, "s2", 2), "a2": _c(1, "s3", 1),
                                  "a3": _c(1, "s3", 1), "b1": _c(1, "s1", 2),
                                  "a4": _c(3, "s2", 1)}
    assert res.objective == 4 * 98 + 96


def test_fifo_head_of_line_blocks_the_tenant():
    """s1 (4 workers, owned by t1) and s2 (2 workers, owned by t2), 2 PSs each; one cell per
    tenant. t1's x1 needs 3 workers: only s1 fits, bound to t1 for slots 1-2. t2's head y1 also
    needs 3 workers and s2 is too small, so it waits, and y2 (1 worker) behind it waits too
    although s2 is idle (FIFO, no opportunistic jobs). Slot 3: y1 binds s1, y2 packs beside it
    on s1 (1 worker and 1 PS left)."""
    servers = [("s1", 4, 2, "t1"), ("s2", 2, 2, "t2")]
    jobs = [job("x1", "t1", chunks=3), job("y1", "t2", chunks=3), job("y2", "t2")]
    inst = cluster(servers, [("t1", 4, 2), ("t2", 2, 2)], jobs)
    res = ds.run(inst, "hived")
    assert runs(res.solution) == {"x1": _c(1, "s1", 3), "y1": _c(3, "s1", 3),
                                  "y2": _c(3, "s1", 1)}
    assert res.objective == 98 + 2 * 96


def test_best_fit_among_the_tenants_bound_servers():
    """s1 (3 workers), s2 (4 workers), 2 PSs each, both owned by u1 (2 cells). a1 (1 worker),
    a2 (3 workers), a3 (1 worker) arrive at 0 and run 2 slots. a1 binds the smallest free
    server that fits, s1 (3 < 4): 2 workers left there. a2 does not fit s1's 2, binds s2 (1
    left). a3 fits both bound servers: best fit = the fewest free workers, s2 (1 < 2), although
    s1 has the lower index."""
    inst = cluster([("s1", 3, 2, "u1"), ("s2", 4, 2, "u1")], [("u1", 7, 4)],
                   [job("a1", "u1"), job("a2", "u1", chunks=3), job("a3", "u1")])
    res = ds.run(inst, "hived")
    assert runs(res.solution) == {"a1": _c(1, "s1", 1), "a2": _c(1, "s2", 3),
                                  "a3": _c(1, "s2", 1)}


def test_a_job_larger_than_any_server_binds_the_largest_free_servers():
    """s1 (2 workers), s2 and s3 (3 workers), 2 PSs each; u1 owns s2, s3 (2 cells), u2 owns s1.
    q (u1, D = 5 > 3 workers per server): distributed, binding ceil-enough whole free servers
    largest first (ties by index): s2 (3), s3 (3 -> 6 >= 5); 2 cells <= u1's 2. Workers fill
    s2 (3) then s3 (2); the PSs go on s2 (most workers): ceil((5 - 3) b_w / b_p) = 2. E·D·M =
    2 x 5 = 10 mini-batches at n^D w = 0.5 x 5 = 2.5 per slot: 4 slots, 1-4; f = 100 - 4."""
    inst = cluster([("s1", 2, 2, "u2"), ("s2", 3, 2, "u1"), ("s3", 3, 2, "u1")],
                   [("u1", 6, 4), ("u2", 2, 2)], [job("q", "u1", chunks=5)])
    res = ds.run(inst, "hived")
    assert runs(res.solution) == {"q": (1, 4, {"s2": 3, "s3": 2}, {"s2": 2}, "D")}
    assert res.objective == 96


def test_utility_counts_from_the_arrival_or_from_slot_zero():
    """One server s1 (2 workers, 2 PSs, owned by u1); a (1 worker) arrives at r = 3, so it may
    start in slot r + 1 = 4 and runs E·D·M / (n^C w) = 2 / 1 = 2 slots, 4-5: completion 5.
    time_origin = "arrival": x = 5 - 3 = 2, f = 98; "absolute": x = 5, f = 95 (notes §1). The
    origin changes the utility only, never the schedule."""
    inst = cluster([("s1", 2, 2, "u1")], [("u1", 2, 2)], [job("a", "u1", arrival=3)])
    for origin, utility in (("arrival", 98.0), ("absolute", 95.0)):
        res = ds.run(inst.with_rules(time_origin=origin), "hived")
        assert res.status.value == "feasible"
        assert runs(res.solution) == {"a": (4, 5, {"s1": 1}, {"s1": 1}, "C")}
        assert res.solution["jobs"]["a"]["utility"] == utility
        assert res.objective == utility


def test_a_distributed_job_binds_every_server_holding_its_workers():
    """s1 (2 workers, owned by u2), s2 and s3 (4 workers, u1), s4 (1 worker, u2), 2 PSs each:
    u1 and u2 have 2 cells each. Tenants in index order in slot 1:
    u1's q (D = 6 > 4): distributed over the largest free servers s2, s3 (4 + 4 >= 6, ties by
    index); workers s2: 4, s3: 2, PSs on s2 (most workers): ceil((6 - 4) b_w / b_p) = 2. 12
    mini-batches at 0.5 x 6 = 3 per slot: slots 1-4. Both s2 and s3 are bound to u1 until slot
    4, s3 although it holds no PS of q (2 workers and 2 PSs of s3 stay idle).
    u2's b1 (2 workers) binds the smallest free server that fits, s1 (s4 has 1 worker), slots
    1-2. b2 (2 workers): s1 is full; a second cell is allowed but the only unbound server, s4,
    is too small, so b2 waits (s3's idle room is u1's). Slot 3: s1's binding ended at slot 2,
    b2 binds s1 again, slots 3-4."""
    servers = [("s1", 2, 2, "u2"), ("s2", 4, 2, "u1"), ("s3", 4, 2, "u1"), ("s4", 1, 2, "u2")]
    jobs = [job("q", "u1", chunks=6), job("b1", "u2", chunks=2), job("b2", "u2", chunks=2)]
    inst = cluster(servers, [("u1", 8, 4), ("u2", 3, 4)], jobs)
    res = ds.run(inst, "hived")
    assert res.status.value == "feasible"
    assert res.stats["cells"] == [2, 2]
    assert runs(res.solution) == {"q": (1, 4, {"s2": 4, "s3": 2}, {"s2": 2}, "D"),
                                  "b1": _c(1, "s1", 2), "b2": _c(3, "s1", 2)}
    assert res.objective == 96 + 98 + 96
