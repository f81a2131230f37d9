"""The revenue baselines' shared rules (``support/placement.py``, notes §5.2): server
ownership by quota and the fewest PSs of (3i). Values worked by hand."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import replace

from dlsched.revenue.support.placement import owners, ps_need

from .builders import cluster, job


def test_owners_fill_servers_in_index_order_up_to_each_quota():
    """No owner fields: servers go to u1 until its worker quota is covered, then to u2.
    Two 2-worker servers, quotas 2 and 2: s1 -> u1, s2 -> u2. Three 1-worker servers, quotas 2
    and 1: s1, s2 -> u1 (2 workers), s3 -> u2."""
    two = cluster([("s1", 2, 1, None), ("s2", 2, 1, None)], [("u1", 2, 1), ("u2", 2, 1)],
                  [job("a", "u1")])
    assert owners(two) == [0, 1]
    three = cluster([("s1", 1, 1, None), ("s2", 1, 1, None), ("s3", 1, 1, None)],
                    [("u1", 2, 2), ("u2", 1, 1)], [job("a", "u1")])
    assert owners(three) == [0, 0, 1]


def test_ps_need_scales_the_remote_workers_by_the_bandwidth_ratio():
    """(3i): a PS host with ``local`` of the w workers needs ceil((w - local) b_w / b_p) PSs,
    at least 1. b_w = 2, b_p = 1: w = 5, local 3 -> ceil(2 x 2) = 4; all local -> 1."""
    inst = cluster([("s1", 4, 4, None)], [("u1", 4, 4)], [job("a", "u1")])
    inst = replace(inst, bw_worker=2.0, bw_ps=1.0)
    assert ps_need(inst, 5, 3) == 4
    assert ps_need(inst, 3, 3) == 1
