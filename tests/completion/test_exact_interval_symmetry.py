"""Identical servers opened in order (``completion-interval``): exact against brute force, and
the canonical relabelling keeps every schedule valid with the same objective."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion.exact.interval import (
    _break_server_symmetry,
    _server_groups,
    canonical_servers,
    solve_interval,
)
from dlsched.completion.generate import generate, tiny
from dlsched.completion.support.lists import list_horizon, list_schedule
from dlsched.completion.validate import check
from dlsched.core import SolveOptions, Status

from .bruteforce import brute_force


def _identical(inst):
    """The instance with every server given the first server's capacity."""
    cap = np.repeat(inst.capacity[:1], inst.n_servers, axis=0)
    return replace(inst, capacity=cap)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_symmetry_rows_keep_the_brute_force_optimum(seed: int, arch: str) -> None:
    inst = _identical(tiny(seed=seed, n_jobs=2, n_servers=3, horizon=8, architecture=arch,
                           max_chunks=2))
    assert _server_groups(inst) == [[0, 1, 2]]
    opt = brute_force(inst)
    for sym in (True, False):
        # no warm start: the CP model (with or without the rows) must prove the optimum itself
        res = solve_interval(inst, server_symmetry=sym, colgen_share=0.0, search_share=0.0,
                             warm_start=False,
                             options=SolveOptions(time_limit=30, threads=1))
        assert ds.check(inst, res) == []
        assert (res.stats["identical_server_rows"] > 0) == sym
        if opt is None:
            assert res.status is Status.INFEASIBLE
        else:
            assert res.status is Status.OPTIMAL and res.objective == pytest.approx(opt)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("arch", ["ps", "ring"])
def test_canonical_relabelling_is_valid_and_ordered(seed: int, arch: str) -> None:
    inst = generate(n_jobs=8, n_servers=6, horizon=150, seed=seed, architecture=arch)
    groups = _server_groups(inst)
    assert groups, "the generator draws servers from a few classes"
    order = np.random.default_rng(seed).permutation(inst.n_jobs)
    res = list_schedule(inst, order, list_horizon(inst), spread=True)
    canon = canonical_servers(inst, res.solution)
    assert check(inst, res.solution) == [] and check(inst, canon) == []
    assert canon["objective"] == res.solution["objective"]
    first = {}
    for j, name in enumerate(inst.job_names):
        rec = canon["jobs"][name]
        for key in ("workers", "ps"):
            for hn, c in (rec.get(key) or {}).items():
                if c:
                    first.setdefault(inst.server_names.index(hn), j)
    for hs in groups:  # opened in order: first uses non-decreasing along each group
        uses = [first.get(h, inst.n_jobs) for h in hs]
        assert uses == sorted(uses)


def test_symmetry_rows_are_built_for_groups() -> None:
    from ortools.sat.python import cp_model

    inst = _identical(tiny(seed=0, n_jobs=2, n_servers=3, horizon=8, architecture="ring",
                           max_chunks=2))
    cp = cp_model.CpModel()
    vars_ = {j: (None, None, None, None, None, {"o": [cp.new_bool_var("") for _ in range(3)]})
             for j in range(2)}
    opened = _break_server_symmetry(cp, inst, vars_)
    assert set(opened) == {(0, 0), (1, 0), (0, 1), (1, 1)}
