"""Generator capacity model (issue 11 item 4): per resource, capacity = kappa x ideal demand
(no per-server floors), every job has a configuration, ``legacy`` reproduces the old scaling."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlsched as ds
from dlsched.completion.generate import _ideal_demand, generate, generate_dict, resize_servers
from dlsched.completion.support.config import configurations
from dlsched.core.errors import InputError


@given(seed=st.integers(0, 10_000), arch=st.sampled_from(["ps", "ring"]),
       n_servers=st.integers(1, 6), kappa=st.floats(0.2, 0.5))
def test_capacity_is_kappa_times_ideal_demand(seed: int, arch: str, n_servers: int,
                                              kappa: float) -> None:
    d = generate_dict(n_jobs=8, n_servers=n_servers, horizon=60, architecture=arch, seed=seed,
                      kappa=kappa, n_worker_types=3, n_ps_types=3, max_chunks=10)
    wt, pt = d["worker_types"], d.get("ps_types", [])
    ideal = sum(_ideal_demand(j, wt, pt, arch == "ring") for j in d["jobs"])
    cap = np.array([[s["capacity"][r] for r in ("gpu", "cpu", "bandwidth")]
                    for s in d["servers"]]).sum(axis=0)
    if d["provenance"]["raised_for_feasibility"] == 0:
        # rounding to whole GPUs / vCPUs per server moves the total by at most H / 2
        assert np.all(np.abs(cap - kappa * ideal) <= n_servers / 2 + 1e-6)
    else:
        assert np.all(cap >= kappa * ideal - n_servers / 2 - 1e-6)
    inst = generate(n_jobs=8, n_servers=n_servers, horizon=60, architecture=arch, seed=seed,
                    kappa=kappa, n_worker_types=3, n_ps_types=3, max_chunks=10)
    assert all(configurations(inst, j) for j in range(inst.n_jobs))


def test_ideal_demand_by_hand() -> None:
    wt = [{"name": "a", "demand": {"gpu": 2, "cpu": 4}, "bandwidth": 1.0},
          {"name": "b", "demand": {"gpu": 1, "cpu": 1}, "bandwidth": 2.0}]
    pt = [{"name": "p", "demand": {"cpu": 3}, "bandwidth": 5.0}]
    # b is faster (0.1 < 0.2 slots per mini-batch, no gradient): 4 workers of b, then
    # ceil(4 * 2 / 5) = 2 PSs carry their traffic: (4, 4 + 6, 8 + 10)
    job = {"chunks": 4, "minibatch_time": {"a": 0.2, "b": 0.1}, "update_time": {"p": 0.0},
           "gradient_size": 0.0}
    assert _ideal_demand(job, wt, pt, ring=False) == pytest.approx([4, 10, 18])


def test_legacy_floors_and_bad_switch() -> None:
    d = generate_dict(n_jobs=3, n_servers=2, horizon=30, seed=0, max_chunks=3,
                      capacity="legacy")
    assert all(s["capacity"]["gpu"] >= 4 and s["capacity"]["cpu"] >= 16 for s in d["servers"])
    with pytest.raises(InputError, match="capacity"):
        generate_dict(capacity="huge")


def test_last_arrival_window() -> None:
    d = generate_dict(n_jobs=20, horizon=100, seed=3, last_arrival=2)
    assert {j["arrival"] for j in d["jobs"]} <= {1, 2}


def test_area_capacity_reading_by_hand() -> None:
    # one ring job: one worker type (1 GPU, 2 vCPU, 1 Gbps), D = 4, E = 2, K = 3, v = 0.5,
    # U = 0, pi = 0, so theta = 0.5 and the ideal (full-width) run takes E K theta = 3 slots.
    # Ideal per-slot demand 4 x (1, 2, 1) = (4, 8, 4); resource-time (12, 24, 12); over T = 6:
    # (2, 4, 2). kappa = 0.5 -> footprint reading (2, 4, 2), area reading (1, 2, 1).
    d = {"problem": "completion", "schema_version": 1, "name": "area", "architecture": "ring",
         "horizon": 6, "slot_seconds": 3600.0, "servers": [{"name": "h1", "capacity": {
             "gpu": 9, "cpu": 9, "bandwidth": 9.0}}],
         "worker_types": [{"name": "m1", "demand": {"gpu": 1, "cpu": 2}, "bandwidth": 1.0}],
         "jobs": [{"name": "j1", "arrival": 1, "weight": 1, "epochs": 2, "chunks": 4,
                   "minibatches_per_chunk": 3, "minibatch_time": {"m1": 0.5},
                   "update_time": 0.0, "gradient_size": 0.0}]}
    foot = resize_servers(d, 0.5, "footprint")["servers"][0]["capacity"]
    area = resize_servers(d, 0.5, "area")["servers"][0]["capacity"]
    assert (foot["gpu"], foot["cpu"], foot["bandwidth"]) == (2, 4, 2)
    assert (area["gpu"], area["cpu"], area["bandwidth"]) == (1, 2, 1)
    assert d["servers"][0]["capacity"]["gpu"] == 9  # the input is not changed


def test_generator_capacity_basis_option() -> None:
    foot = generate(n_jobs=6, n_servers=3, horizon=60, seed=1)
    area = generate(n_jobs=6, n_servers=3, horizon=60, seed=1, capacity_basis="area")
    assert area.provenance["capacity_basis"] == "area"
    # resource-time / T <= per-slot demand x (T/2) / T (generator guard): area <= footprint
    assert np.all(area.capacity.sum(axis=0) <= foot.capacity.sum(axis=0) + 1e-9)
    with pytest.raises(ds.core.InputError):
        generate(n_jobs=2, n_servers=1, seed=0, capacity_basis="volume")
