"""ASTRAEA (``algorithms/astraea.py``): the open readings of the paper (newly-submitted priority,
t_begin). The Fig. 6 golden schedule is in ``test_paper.py``."""

from __future__ import annotations

import dlsched as ds
from dlsched.ltgf.support.simulate import simulate
from dlsched.ltgf.validate import check

from .hand import hand_instance, philly_window


def _newly_case():
    # 1 GPU, lease 1000, tenants A (w 1, quota 0.25) and B (w 3, quota 0.75), rho by (16).
    # t=0: rho 0/0 = 0 for both -> A (lower id): A1 [0, 1000) completes.
    # t=1000: rho_A = 1000/250 = 4, rho_B = 0 -> B1 [1000, 2000).
    # t=2000: rho_A = 1000/500 = 2, rho_B = 1000/1500 = 0.67 -> B1 renewed; A2 (submitted 500)
    # waits; t=3000: rho_A = 1000/750 = 1.33, rho_B = 2000/2250 = 0.89 -> B1 renewed, done at
    # 4000; A2 [4000, 4100).
    return hand_instance(
        [("A1", "A", 0, 1, 1000), ("B1", "B", 0, 1, 3000), ("A2", "A", 500, 1, 100)],
        tenants=(("A", 1), ("B", 3)))


def test_newly_submitted_fifo_is_inert_and_cross_tenant_acts():
    inst = _newly_case()
    for mode in ("fifo", "off"):
        assert simulate(inst, "astraea-ltgf", newly_submitted=mode)["completion"]["A2"] == 4100
    # cross-tenant: at t=2000 the never-run A2 is placed first (on B1's expired GPU; B1 is
    # preempted), A2 [2000, 2100); B1 resumes [2100, 4100).
    sol = simulate(inst, "astraea-ltgf", newly_submitted="cross-tenant")
    assert sol["completion"] == {"A1": 1000.0, "B1": 4100.0, "A2": 2100.0}
    assert check(inst, sol) == []


def test_sliding_t_begin_longer_than_the_run_is_the_cluster_start():
    inst = philly_window()
    a = simulate(inst, "astraea-ltgf")
    b = simulate(inst, "astraea-ltgf", t_begin_window=1e9)
    assert a["segments"] == b["segments"]
    c = simulate(inst, "astraea-ltgf", t_begin_window=6 * 3600.0)
    assert ds.check(inst, ds.run(inst, "astraea-ltgf", t_begin_window=6 * 3600.0)) == []
    assert c["segments"] != a["segments"]  # the window start changes decisions here
