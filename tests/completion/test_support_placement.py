"""The baselines' placement rule (notes §5, ``support/placement.py``): centralised first fit of
N workers + 1 PS on one server; else first-fit workers, the PS host being the server with the
most workers (then the lowest index) that fits s_h = max(1, ceil(b (N - y_h) / B)) PSs.
Expected placements are worked by hand in each test."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from dlsched.completion.instance import parse
from dlsched.completion.support.placement import place, placement_load

from .hand import job


def _ps_pair():
    """PS architecture, servers h1, h2 with 2 GPUs and 2 CPUs each; worker type m1 = 1 GPU
    (b = 1), PS type p1 = 1 CPU (B = 1)."""
    j = job("A", chunks=3)
    j["update_time"] = {"p1": 0.0}
    return parse({"problem": "completion", "schema_version": 1, "name": "hand",
                  "architecture": "ps", "horizon": 20, "slot_seconds": 1.0,
                  "servers": [{"name": "h1", "capacity": {"gpu": 2, "cpu": 2}},
                              {"name": "h2", "capacity": {"gpu": 2, "cpu": 2}}],
                  "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}],
                  "ps_types": [{"name": "p1", "demand": {"cpu": 1}, "bandwidth": 1.0}],
                  "jobs": [j]})


def test_centralised_first_fit_needs_room_for_the_ps_too():
    """1 worker + 1 PS: h1 on the empty cluster; with h1's CPUs taken the PS does not fit
    there, so both go to h2."""
    inst = _ps_pair()
    assert place(inst, 0, 0, 1, inst.capacity) == ({0: 1}, {0: 1})
    res = inst.capacity.copy()
    res[0, inst.resources.index("cpu")] = 0
    assert place(inst, 0, 0, 1, res) == ({1: 1}, {1: 1})


def test_spread_workers_and_the_ps_count_on_the_host():
    """3 workers fit no server: first fit y = (2, 1). PS counts s_h = max(1, ceil(1 x (3 -
    y_h) / 1)) = (1, 2); both fit the CPUs left; the host is the server with most workers, h1,
    with exactly 1 PS. Its load: h1 2 GPUs + 1 CPU, h2 1 GPU."""
    inst = _ps_pair()
    workers, ps = place(inst, 0, 0, 3, inst.capacity)
    assert (workers, ps) == ({0: 2, 1: 1}, {0: 1})
    load = placement_load(inst, 0, 0, workers, ps)
    gpu, cpu = inst.resources.index("gpu"), inst.resources.index("cpu")
    expected = np.zeros_like(inst.capacity)
    expected[0, gpu], expected[0, cpu], expected[1, gpu] = 2, 1, 1
    assert np.array_equal(load, expected)


def test_a_job_that_fits_no_server_names_itself():
    """Workers of 2 GPUs on 1-GPU servers: no configuration of job 0 is placeable."""
    import pytest

    from dlsched.completion.support.placement import ideal_config
    from dlsched.core import InputError

    from .hand import one_server

    wide = [{"name": "m1", "demand": {"gpu": 2}, "bandwidth": 1.0}]
    inst = one_server([job("A")], {"gpu": 1}, wide)
    with pytest.raises(InputError) as err:
        ideal_config(inst, 0)
    assert err.value.field == "jobs[0]"
