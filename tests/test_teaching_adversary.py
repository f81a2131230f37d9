"""dlsched.teaching.adversary: the optima worked out by hand equal brute force and the exact
solver; A_online's completions on the families equal the hand derivation of its rounds; the
lower-bound adversary forces close to 2 whatever the start."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import dlsched as ds
from dlsched.core.errors import InputError
from dlsched.teaching.adversary import (
    adversary_optimum,
    check_jobs,
    fifo_blocking,
    forced_ratio,
    heavy_behind_light,
    heavy_behind_light_objective,
    lone_job_completion,
    long_at_start,
    optimum,
    round_of,
    single_machine,
    smith_optimum,
    unit_after_doubling,
)


def brute_force(jobs: list[tuple[int, float, int]]) -> float:
    """Every order, each job as early as possible (independent of the DP)."""
    best = float("inf")
    for order in itertools.permutations(jobs):
        t, total = 1, 0.0
        for p, w, a in order:
            t = max(t, a) + p
            total += w * t
        best = min(best, total)
    return best


def random_jobs(seed: int, n: int, common: bool = False) -> list[tuple[int, float, int]]:
    rng = np.random.default_rng(seed)
    return [
        (
            int(rng.integers(1, 8)),
            float(rng.integers(1, 10)),
            1 if common else int(rng.integers(1, 12)),
        )
        for _ in range(n)
    ]


# ---------------------------------------------------------------- optima
@pytest.mark.parametrize("seed", range(25))
def test_dp_optimum_equals_brute_force(seed: int) -> None:
    jobs = random_jobs(seed, 2 + seed % 5)
    assert optimum(jobs) == pytest.approx(brute_force(jobs))


def test_optimum_of_the_spec_special_cases() -> None:
    """S1 (1 || sum w C: 66) and S3 (1 | r_j | sum w C: 18) of docs/specs/completion.md."""
    s1 = [(3, 1, 1), (1, 2, 1), (2, 5, 1), (4, 4, 1)]
    assert optimum(s1) == 66 and smith_optimum(s1) == 66
    assert optimum([(3, 1, 1), (1, 4, 2)]) == 18


@pytest.mark.parametrize("seed", range(3))
def test_optimum_equals_the_exact_solver(seed: int) -> None:
    jobs = random_jobs(100 + seed, 5)
    res = ds.solve(single_machine(jobs), model="completion-cpsat", threads=1, time_limit=60)
    assert res.status.value == "optimal"
    assert optimum(jobs) == pytest.approx(res.objective)


@pytest.mark.parametrize("seed", range(10))
def test_smith_rule_is_optimal_with_a_common_arrival(seed: int) -> None:
    jobs = random_jobs(200 + seed, 6, common=True)
    assert smith_optimum(jobs) == pytest.approx(brute_force(jobs))


def test_smith_rule_refuses_different_arrivals() -> None:
    with pytest.raises(InputError, match=r"^jobs: Smith"):
        smith_optimum([(1, 1, 1), (1, 1, 2)])


@pytest.mark.parametrize(("p", "release"), [(1, 1), (3, 2), (5, 3), (6, 9), (4, 5)])
def test_adversary_optimum_equals_brute_force(p: int, release: int) -> None:
    for n in range(6):
        jobs = [(p, 1.0, 1)] + [(1, 1.0, release)] * n
        assert adversary_optimum(p, release, n) == pytest.approx(brute_force(jobs)), n


# ---------------------------------------------------------------- A_online on the families
def a_online(jobs, alpha: int = 4):
    inst = single_machine(jobs)
    res = ds.run(inst, "a-online", alpha=alpha)
    assert ds.check(inst, res) == []
    return res


def test_round_of_the_doubling_rule() -> None:
    assert [round_of(1, a) for a in (1, 2, 3, 4, 5, 100)] == [2, 2, 4, 4, 8, 128]
    assert [round_of(p, 1) for p in (1, 2, 3, 4, 7, 8)] == [2, 4, 4, 8, 8, 16]


@pytest.mark.parametrize("alpha", [1, 2, 4, 8])
def test_lone_jobs_complete_where_the_rounds_put_them(alpha: int) -> None:
    for p, a in [(1, 1), (1, 2), (1, 3), (2, 1), (3, 5), (5, 17), (1, 65), (9, 3)]:
        res = a_online([(p, 1.0, a)], alpha)
        assert res.objective == lone_job_completion(p, a, alpha), (p, a)


def test_unit_family_climbs_as_in_the_issue() -> None:
    """3.0, 4.25, 5.5, ..., 7.77 at alpha = 4 (issue #34), below the limit 2 alpha = 8."""
    ratios = [
        a_online(unit_after_doubling(k)).objective / optimum(unit_after_doubling(k))
        for k in range(8)
    ]
    assert ratios[:3] == [3.0, 4.25, 5.5]
    assert round(ratios[6], 2) == 7.77
    assert all(x < y < 8 for x, y in itertools.pairwise(ratios))


def test_long_job_family_passes_two_alpha() -> None:
    ratios = [a_online(long_at_start(k)).objective / optimum(long_at_start(k)) for k in range(7)]
    assert ratios[:3] == [4.5, 6.0, 7.2]
    assert ratios[-1] > 8 and all(r < 9 for r in ratios)  # towards 2 alpha + 1


@pytest.mark.parametrize("alpha", [2, 4])
def test_heavy_job_family_approaches_four_alpha(alpha: int) -> None:
    ratios = []
    for k in range(1, 7):
        jobs = heavy_behind_light(k, alpha)
        res = a_online(jobs, alpha)
        assert res.objective == pytest.approx(heavy_behind_light_objective(k, alpha))
        ratios.append(res.objective / smith_optimum(jobs))
    assert all(x < y < 4 * alpha for x, y in itertools.pairwise(ratios))
    assert ratios[-1] > 0.9 * 4 * alpha


def test_fifo_blocking_grows_without_bound() -> None:
    ratios = []
    for p in (4, 16, 64):
        inst = single_machine(fifo_blocking(p))
        res = ds.run(inst, "fifo")
        assert ds.check(inst, res) == []
        assert res.objective == (1 + p) + p * (2 + p)  # the long job first, the heavy one after
        ratios.append(res.objective / optimum(fifo_blocking(p)))
    assert ratios[0] < ratios[1] < ratios[2] and ratios[2] > 64 / 5


# ---------------------------------------------------------------- the lower-bound adversary
def test_forced_ratio_agrees_with_brute_force_on_small_cases() -> None:
    p = 5
    for start in range(1, 12):
        worst = (start + p) / (1 + p)
        for n in range(1, 5):
            jobs = [(p, 1.0, 1)] + [(1, 1.0, start + 1)] * n
            alg = (start + p) * (n + 1) + n * (n + 1) / 2
            worst = max(worst, alg / brute_force(jobs))
        assert forced_ratio(p, start, max_units=4)[0] == pytest.approx(worst), start


def test_no_start_beats_the_adversary_by_much() -> None:
    best = {p: min(forced_ratio(p, s)[0] for s in range(1, 2 * p + 2)) for p in (10, 100, 1000)}
    assert best[10] < best[100] < best[1000] < 2
    assert best[1000] > 1.95
    assert forced_ratio(100, 1)[0] > 6  # starting at once is punished
    assert forced_ratio(100, 100) == pytest.approx((200 / 101, 0))  # waiting p slots: ~2


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("jobs", "field"),
    [
        ([], "jobs"),
        ("abc", "jobs"),
        ([(1, 1)], "jobs[0]"),
        ([(1, 1, 1), (0, 1, 1)], "jobs[1].p"),
        ([(1, -2, 1)], "jobs[0].w"),
        ([(1, 1, 1.5)], "jobs[0].a"),
        ([(True, 1, 1)], "jobs[0].p"),
        ([(1, float("nan"), 1)], "jobs[0].w"),
    ],
)
def test_bad_jobs_name_the_field(jobs, field: str) -> None:
    with pytest.raises(InputError) as err:
        single_machine(jobs)
    assert err.value.field == field


def test_limits_name_the_field() -> None:
    with pytest.raises(InputError) as err:
        optimum([(1, 1, 1)] * 13)
    assert err.value.field == "jobs"
    with pytest.raises(InputError) as err:
        forced_ratio(10, 0)
    assert err.value.field == "start"
    with pytest.raises(InputError) as err:
        heavy_behind_light(0)
    assert err.value.field == "k"
    assert check_jobs([(np.int64(2), np.float32(1.5), 3.0)]) == [(2, 1.5, 3)]
