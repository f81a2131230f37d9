"""Themis (``baselines/themis.py``, notes §6.5): the auction share f and the estimates."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from dlsched.ltgf.baselines.themis import Themis
from dlsched.ltgf.support.simulate import simulate

from .hand import hand_instance, runs


def _themis_case():
    # 1 GPU, lease = tick = 100, exact estimates (error 0). At t=0, N=2: rho_A = 400/(400*2)
    # = 0.5 = rho_B = 100/(100*2): a tie (id order: A first). Auction valuations per GPU:
    # A log((0+100+400)/400) = 0.223, B log((100+100)/100) = 0.693: the auction serves B.
    return hand_instance([("A", "A", 0, 1, 400), ("B", "A", 0, 1, 100)], lease=100, tick=100)


def test_themis_f_changes_the_schedule_as_themis_says():
    inst = _themis_case()
    # f = 0: every job is in the auction -> B runs [0, 100) and finishes at 100; A [100, 500).
    s0 = simulate(inst, "themis", f=0.0, error=0.0)
    assert s0["completion"] == {"A": 500.0, "B": 100.0}
    # f = 1: nobody is in the auction, GPUs go in decreasing rho -> A [0, 100); at t = 100
    # rho_A = (100 + 300)/(400*2) = 0.5 < rho_B = (100 + 100)/(100*2) = 1 -> B [100, 200);
    # A [200, 500).
    s1 = simulate(inst, "themis", f=1.0, error=0.0)
    assert s1["completion"] == {"A": 500.0, "B": 200.0}
    # the old rule (everyone in rho order) ignores f: f = 0 gives the f = 1 schedule
    old = simulate(inst, "themis", f=0.0, error=0.0, offer="rho-order")
    assert old["completion"] == s1["completion"]


def test_themis_planned_estimates_overestimate_stopped_jobs():
    inst = _themis_case()
    th = Themis(inst, estimate="planned", cancel_share=1.0, error=0.0)
    assert np.all(th.d_hat >= inst.job_duration)  # D / u with u in (0, 1]
    th0 = Themis(inst, estimate="planned", cancel_share=0.0, error=0.0)
    assert np.allclose(th0.d_hat, inst.job_duration)


def test_auction_size_is_rounded_up_by_hand():
    """1 GPU, lease = tick = 100, exact estimates (``estimate="noisy"``, error 0), f = 0.5.
    A (400 s), B (100 s), C (400 s) at 0; N = 3 active jobs: every rho = D/(D x 3) = 1/3, a tie
    broken by id: A, B, C. ceil((1 - 0.5) x 3) = 2 jobs, A and B, take part in the auction,
    which ranks them by log-valuation per GPU: A log(500/400) = 0.223, B log(200/100) = 0.693
    -> B takes the GPU and runs [0, 100)."""
    inst = hand_instance([("A", "A", 0, 1, 400), ("B", "A", 0, 1, 100), ("C", "A", 0, 1, 400)],
                         lease=100, tick=100)
    sol = simulate(inst, "themis", f=0.5, error=0.0, estimate="noisy")
    assert runs(sol, "B") == [(0.0, 100.0, "complete")]


def test_noisy_estimates_spread_over_one_plus_minus_the_error():
    """``estimate="noisy"``: D_i x U(1 - e, 1 + e); over 40 jobs and e = 0.2 every factor lies
    in [0.8, 1.2] and the draws fall on both sides of 1."""
    inst = hand_instance([(f"J{i}", "A", 0, 1, 100) for i in range(40)])
    fac = Themis(inst, estimate="noisy", error=0.2).d_hat / inst.job_duration
    assert fac.min() >= 0.8 and fac.max() <= 1.2
    assert fac.min() < 0.95 and fac.max() > 1.05


def _fake_sim(remaining):
    """The four EventSim arrays Themis.rho reads, every job pending (not running)."""
    from types import SimpleNamespace

    from dlsched.sim.events import PENDING
    n = len(remaining)
    return SimpleNamespace(remaining=np.array(remaining, float), seg_start=np.zeros(n),
                           seg_cold=np.zeros(n), state=np.full(n, PENDING))


def test_rho_formula_by_hand():
    """rho_i = ((t - a_i) + R^_i) / (D^_i N). A (D 400 s, 300 s left), B (D 100 s, all left),
    both submitted at 0; t = 200, N = 2 active jobs; estimates D^ = (600, 50), i.e. error
    factors (1.5, 0.5).
    * noisy: R^ = R x factor = (450, 50): rho = (200 + 450) / 1200 = 0.5417, (200 + 50) / 100
      = 2.5.
    * planned: R^ = max(D^ - (D - R), 1) = (600 - 100, 50 - 0) = (500, 50): rho = 700 / 1200,
      2.5."""
    inst = hand_instance([("A", "A", 0, 1, 400), ("B", "A", 0, 1, 100)])
    sim, idx = _fake_sim([300.0, 100.0]), np.array([0, 1])
    noisy = Themis(inst, estimate="noisy", error=0.0)
    noisy.err, noisy.d_hat = np.array([1.5, 0.5]), np.array([600.0, 50.0])
    rho, r_hat = noisy.rho(sim, 200.0, idx, 2)
    assert np.allclose(r_hat, [450.0, 50.0]) and np.allclose(rho, [650 / 1200, 2.5])
    planned = Themis(inst, estimate="planned", error=0.0)
    planned.d_hat = np.array([600.0, 50.0])
    rho, r_hat = planned.rho(sim, 200.0, idx, 2)
    assert np.allclose(r_hat, [500.0, 50.0]) and np.allclose(rho, [700 / 1200, 2.5])
