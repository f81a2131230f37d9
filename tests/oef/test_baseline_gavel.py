"""Gavel (``gavel``, ``gavel-max-throughput``; Narayanan et al. OSDI'20 §4, notes §6.1) pinned on
tiny instances worked by hand.

Gavel's rule: job i (one virtual row, scale s_i = its cap, priority weight w_i = the row
weight) gets time fractions x_i over the GPU types, ``sum_j x_ij <= 1`` and
``sum_i s_i x_ij <= c_j``; its throughput is normalised by the proportional share
``p_i = W_i . c / sum(c)``, and Gavel maximises ``min_i s_i W_i . x_i / (w_i p_i)``.
``solution["level"]`` is that optimum times ``sum(w) / sum(c)`` (the notes' level relative to
the weighted equal split). ``gavel-max-throughput`` then maximises total throughput at that
level (not Gavel).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.oef import make

ATOL = 1e-6  # the interior point (CLARABEL) stops at ~1e-10; vertex answers are exact


def flat(X) -> list[float]:
    return [x for row in X for x in row]


@pytest.mark.parametrize("point", ["interior", "vertex"])
def test_two_jobs_one_gpu_each_type(point):
    """W = [[1, 2], [1, 4]], c = (1, 1), weights 1. p = (3/2, 5/2).

    Two jobs with cap 1 and two GPUs: both caps and both columns are tight, so with
    a = x_01 (job 0's fast share): x = [[1 - a, a], [a, 1 - a]], normalised throughputs
    (1 + a) / (3/2) and (4 - 3a) / (5/2); equal at a = 1/2, level 1. A normaliser by the best
    type (p = (2, 4)) would give a = 2/5 instead.
    """
    res = ds.run(make([[1, 2], [1, 4]]), "gavel", point=point)
    assert flat(res.solution["allocation"]) == pytest.approx([0.5, 0.5, 0.5, 0.5], abs=ATOL)
    assert res.stats["gavel_level"] == pytest.approx(1.0, abs=ATOL)
    assert res.solution["level"] == pytest.approx(1.0, abs=ATOL)


@pytest.mark.parametrize("point", ["interior", "vertex"])
def test_priority_weights(point):
    """Same W and c, weights (1, 2): maximise min((1 + a) / (3/2), (4 - 3a) / (5/2) / 2).

    Equal at (1 + a) / 1.5 = (4 - 3a) / 5, i.e. 5 + 5a = 6 - 4.5a, a = 2/19:
    x = [[17/19, 2/19], [2/19, 17/19]], Gavel level (21/19) / (3/2) = 14/19, notes level
    14/19 * 3/2 = 21/19 (u0's E = 21/19 over its equal split E = 1).
    """
    res = ds.run(make([[1, 2], [1, 4]], weights=[1, 2]), "gavel", point=point)
    a = 2 / 19
    assert flat(res.solution["allocation"]) == pytest.approx([1 - a, a, a, 1 - a], abs=ATOL)
    assert res.stats["gavel_level"] == pytest.approx(14 / 19, abs=ATOL)
    assert res.solution["level"] == pytest.approx(21 / 19, abs=ATOL)


def test_job_cap_binds_and_the_level_is_the_capped_jobs():
    """W = [[1, 2], [1, 4]], c = (2, 2). p = (3/2, 5/2). Job 0 can use at most one GPU: its best
    is one fast GPU, 2 / (3/2) = 4/3, and job 1 reaches 4 / (5/2) = 8/5 > 4/3 on the other fast
    GPU, so the level is 4/3 and job 0's fractions are (0, 1) (its only way to reach 4/3).
    Notes level: 4/3 * 2/4 = 2/3."""
    res = ds.run(make([[1, 2], [1, 4]], [2, 2]), "gavel")
    assert res.solution["allocation"][0] == pytest.approx([0, 1], abs=ATOL)
    assert res.stats["gavel_level"] == pytest.approx(4 / 3, abs=ATOL)
    assert res.solution["level"] == pytest.approx(2 / 3, abs=ATOL)


def test_max_throughput_variant_takes_the_most_efficient_optimum():
    """The instance above: at level 4/3 job 0 must hold (0, 1); the second stage gives job 1 the
    other fast GPU (its best use of one GPU): X = [[0, 1], [0, 1]], total 2 + 4 = 6."""
    res = ds.run(make([[1, 2], [1, 4]], [2, 2]), "gavel-max-throughput")
    assert flat(res.solution["allocation"]) == pytest.approx([0, 1, 0, 1], abs=ATOL)
    assert res.objective == pytest.approx(6.0, abs=ATOL)
    assert res.stats["stages"] == 2


def test_cap_is_the_scale_factor():
    """cap = 2 (every job may use two GPUs), W = [[1, 2], [1, 4]], c = (2, 2): like the first
    test scaled by two (jobs of two workers on twice the GPUs): X = [[1, 1], [1, 1]], Gavel level
    s_i W_i . x_i / p_i = 2 * 1.5 / 1.5 = 2, notes level 2 * 2 / 4 = 1."""
    res = ds.run(make([[1, 2], [1, 4]], [2, 2]), "gavel", cap=2.0, point="vertex")
    assert flat(res.solution["allocation"]) == pytest.approx([1, 1, 1, 1], abs=ATOL)
    assert res.stats["gavel_level"] == pytest.approx(2.0, abs=ATOL)
    assert res.solution["level"] == pytest.approx(1.0, abs=ATOL)


@pytest.mark.parametrize("point", ["interior", "vertex"])
def test_normaliser_weighs_the_types_by_their_counts(point):
    """W = [[1, 2], [1, 4]], c = (3, 1): p = (3 + 2, 3 + 4) / 4 = (5/4, 7/4).

    The one fast GPU is the bottleneck; slow GPUs are plentiful, so both jobs fill their cap of
    one device: with f = job 0's fast share, x = [[1 - f, f], [f, 1 - f]] and the normalised
    throughputs are (1 + f) / (5/4) and (4 - 3f) / (7/4); equal at 7 + 7f = 20 - 15f,
    f = 13/22, Gavel level 4/5 * 35/22 = 14/11, notes level 14/11 * 2/4 = 7/11. (Normalising
    by the plain mean over types, p = (3/2, 5/2), would give f = 1/2.)
    """
    res = ds.run(make([[1, 2], [1, 4]], [3, 1]), "gavel", point=point)
    f = 13 / 22
    assert flat(res.solution["allocation"]) == pytest.approx([1 - f, f, f, 1 - f], abs=ATOL)
    assert res.stats["gavel_level"] == pytest.approx(14 / 11, abs=ATOL)
    assert res.solution["level"] == pytest.approx(7 / 11, abs=ATOL)


def test_second_stage_keeps_the_max_min_level():
    """One GPU type (1 GPU), throughputs (1, 3), priority weights (1, 1/2): p_i = T_i, so the
    weighted normalised throughputs are x_1 / 1 and x_2 / (1/2) = 2 x_2. Max-min: x_1 = 2 x_2,
    x_1 + x_2 = 1 -> x = (2/3, 1/3), level 2/3. The second stage maximises throughput x_1 + 3 x_2
    only among allocations keeping the level >= 2/3 (tol 0): x_1 >= 2/3 and x_2 >= 1/3 leave
    the same x. (A lower floor, e.g. 1/3, would let it move to x = (1/3, 2/3), level 1/3.)"""
    from dlsched.oef.baselines.gavel import gavel_allocation

    x, level = gavel_allocation([[1.0], [3.0]], None, [1.0], [1.0, 0.5], point="vertex",
                                second_stage=True)
    assert flat(x) == pytest.approx([2 / 3, 1 / 3], abs=ATOL)
    assert level == pytest.approx(2 / 3, abs=ATOL)


def test_unknown_mapping_names_the_field():
    with pytest.raises(ds.core.InputError) as err:
        ds.run(make([[1, 2], [1, 4]]), "gavel", mapping="bogus")
    assert err.value.field == "mapping"


def test_scale_counts_workers_against_capacity():
    """Two jobs, one GPU type of 2 GPUs, throughputs 1, scale (2, 1) workers: p_i = 1; the LP
    caps 2 x_1 + x_2 <= 2 and levels s_i T_i x_i = (2 x_1, x_2): max-min 2 x_1 = x_2 = t with
    t + t = 2 -> x = (1/2, 1), level 1."""
    from dlsched.oef.baselines.gavel import gavel_allocation

    x, level = gavel_allocation([[1.0], [1.0]], [2.0, 1.0], [2.0], point="vertex")
    assert flat(x) == pytest.approx([0.5, 1.0], abs=ATOL) and level == pytest.approx(1.0)


def test_a_job_with_no_throughput_anywhere_is_refused():
    from dlsched.oef.baselines.gavel import gavel_allocation

    with pytest.raises(ds.core.InputError) as err:
        gavel_allocation([[0.0], [1.0]], None, [1.0])
    assert err.value.field == "throughputs"


def test_hierarchical_splits_each_entity_share_among_its_jobs():
    """Three jobs with throughput 1 on one GPU; jobs 0, 1 belong to entity 0, job 2 to entity 1,
    entities weighted equally: each entity's weight 1 is split among its jobs (1/2, 1/2 | 1), and
    the weighted max-min gives x_i / w_i equal: x = (1/4, 1/4, 1/2)."""
    from dlsched.oef.baselines.gavel import gavel_hierarchical

    X = gavel_hierarchical([[1.0], [1.0], [1.0]], None, [1.0], [0, 0, 1], [1.0, 1.0],
                           point="vertex")
    assert flat(X) == pytest.approx([0.25, 0.25, 0.5], abs=ATOL)


@pytest.mark.parametrize("gavel_m_cap", [False, True])
def test_hierarchical_one_round_freezes_every_job(gavel_m_cap):
    """The split above in one water-filling round: the common raise c = 1/2 lifts the levels
    c x (1/2, 1/2, 1) to (1/4, 1/4, 1/2), where the GPU is full and every job is bottlenecked
    (frozen); with Gavel's M cap (M = 1 > c, nothing frozen before) the same round."""
    from dlsched.oef.baselines.gavel import SOLVERS, _hierarchical

    x, stats = _hierarchical([[1.0], [1.0], [1.0]], None, [1.0], [0, 0, 1], [1.0, 1.0],
                             point="vertex", gavel_m_cap=gavel_m_cap)
    assert flat(x) == pytest.approx([0.25, 0.25, 0.5], abs=ATOL)
    assert stats["levels"] == pytest.approx([0.25, 0.25, 0.5], abs=ATOL)
    assert stats["frozen"] == [True, True, True] and stats["rounds"] == 1
    assert stats["point"] == "vertex" and stats["solver"] == SOLVERS["vertex"]
