"""The statement of a completion instance (issue #32): the horizon rule ``horizon_hard`` and the
preemption rule ``preemption`` live in the instance; the validator, the exact models and the
bounds all follow them.

The exact models are checked against the brute force of ``bruteforce.py`` (written from the
rules, independent of E1 / CP-SAT; its open-horizon last slot comes from its own serial-schedule
bound) under BOTH horizon rules. The cases include tiny instances where capping at T binds
(hard optimum > open optimum) and where no schedule ends by T (hard: infeasible).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import csv
import dataclasses
import gzip
import math

import pytest

import dlsched as ds
from dlsched.completion import exact
from dlsched.completion.exact.bounds import colgen_bound, lower_bounds
from dlsched.completion.exact.incumbent import resolve_horizon
from dlsched.completion.generate import tiny
from dlsched.completion.instance import dump, parse
from dlsched.completion.paper import GOLDEN, golden
from dlsched.completion.rules import describe_rules, model_for_rules, rules
from dlsched.core import InputError, Status

from .bruteforce import brute_force

MODELS = {"interval": exact.solve_interval, "cpsat": exact.solve_cp, "milp": exact.solve_milp}
# (seed, architecture, T) of tiny(n_jobs=3, n_servers=2, max_chunks=2): brute-force optima
# (open, hard) differ on these: capping binds, or (13, ring, 4) no schedule ends by T = 4
BINDING = [(15, "ring", 4), (28, "ring", 5), (35, "ps", 4), (45, "ps", 5), (47, "ps", 4),
           (50, "ps", 4), (13, "ring", 4)]
# and a seeded sample of ordinary ones (T = 6: capping rarely binds)
SAMPLE = [(seed, arch, 6) for seed in (0, 3, 8) for arch in ("ps", "ring")]


def case(seed: int, arch: str, T: int, hard: bool):
    inst = tiny(seed=seed, n_jobs=3, n_servers=2, horizon=T, architecture=arch, max_chunks=2)
    return dataclasses.replace(inst, horizon_hard=hard)


def test_fields_default_false_round_trip_and_bad_values_name_the_field() -> None:
    data = dump(golden("s4"))
    assert data["horizon_hard"] is False and data["preemption"] is False
    old = {k: v for k, v in data.items() if k not in ("horizon_hard", "preemption")}
    inst = parse(old)  # a file written before the fields
    assert inst.horizon_hard is False and inst.preemption is False
    both = parse({**data, "horizon_hard": True, "preemption": True})
    assert (both.horizon_hard, both.preemption) == (True, True)
    assert dump(parse(dump(both))) == dump(both)
    for field in ("horizon_hard", "preemption"):
        with pytest.raises(InputError) as err:
            parse({**data, field: "yes"})
        assert err.value.field == field


def test_rules_and_their_sentences() -> None:
    inst = golden("s4")
    assert rules(inst) == {"horizon": "open", "preemption": False}
    hard = dataclasses.replace(inst, horizon_hard=True, preemption=True)
    assert rules(hard) == {"horizon": "hard", "preemption": True}
    assert ds.PROBLEMS.get("completion").rules(hard) == rules(hard)
    open_text, hard_text = describe_rules(rules(inst)), describe_rules(rules(hard))
    assert any(t.startswith("horizon (open)") for t in open_text)
    assert any(t.startswith("horizon (hard)") for t in hard_text)
    assert any(t.startswith("no preemption") for t in open_text)
    assert any(t.startswith("preemption allowed") for t in hard_text)
    for text in (open_text, hard_text):  # every constraint the validator checks is worded
        for word in ("capacity", "PS bandwidth", "release", "work", "workers", "objective"):
            assert any(t.startswith(word) for t in text), word
    assert model_for_rules(rules(inst)) == "completion-interval"
    assert ds.PROBLEMS.get("completion").model_for(inst) == "completion-interval"


@pytest.mark.parametrize(("seed", "arch", "T"), BINDING + SAMPLE)
def test_default_model_matches_brute_force_under_both_rules(seed: int, arch: str,
                                                            T: int) -> None:
    for hard in (False, True):
        inst = case(seed, arch, T, hard)
        opt = brute_force(inst)
        res = ds.solve(inst)  # no model named: the instance's rules pick it and its horizon
        if math.isinf(opt):
            assert hard and res.status is Status.INFEASIBLE
            continue
        assert res.status is Status.OPTIMAL, (hard, res.status)
        assert res.objective == pytest.approx(opt)
        assert ds.check(inst, res) == []
        assert res.bound is None or res.bound <= opt + 1e-6


@pytest.mark.parametrize(("seed", "arch", "T"), BINDING[:4])
@pytest.mark.parametrize("model", sorted(MODELS))
def test_every_model_states_both_rules(model: str, seed: int, arch: str, T: int) -> None:
    op, hd = case(seed, arch, T, False), case(seed, arch, T, True)
    open_opt, hard_opt = brute_force(op), brute_force(hd)
    assert open_opt < hard_opt  # the case is one where the horizon rule matters
    got = MODELS[model](op)
    assert got.status is Status.OPTIMAL and got.objective == pytest.approx(open_opt)
    # the open optimum runs past T: the hard instance rejects it, the open one accepts it
    assert ds.check(op, got) == []
    assert any("runs past the horizon" in v for v in ds.check(hd, got))
    res = MODELS[model](hd)
    if math.isinf(hard_opt):
        assert res.status is Status.INFEASIBLE
    else:
        assert res.status is Status.OPTIMAL and res.objective == pytest.approx(hard_opt)
        assert ds.check(hd, res) == []


@pytest.mark.parametrize(("seed", "arch", "T"), BINDING[:6])
def test_bounds_are_bounds_of_the_instances_statement(seed: int, arch: str, T: int) -> None:
    for hard in (False, True):
        inst = case(seed, arch, T, hard)
        opt = brute_force(inst)
        if math.isinf(opt):
            continue
        lbs = lower_bounds(inst, lp=True, exact_lp=True, colgen=True, colgen_time=5.0)
        for name, v in lbs.items():
            assert v is None or v <= opt + 1e-6, (hard, name, v, opt)
        assert colgen_bound(inst, time_limit=5.0).bound <= opt + 1e-6


def test_a_horizon_that_states_another_problem_is_refused() -> None:
    op, hd = case(15, "ring", 4, False), case(15, "ring", 4, True)
    for solve in MODELS.values():
        with pytest.raises(InputError) as err:
            solve(op, horizon="instance")  # a cap at T on an open instance: a restriction
        assert err.value.field == "horizon" and "open" in err.value.reason
        with pytest.raises(InputError) as err:
            solve(hd, horizon="extended")  # past T on a hard instance: a relaxation
        assert err.value.field == "horizon" and "hard" in err.value.reason
    ext = resolve_horizon(op, "extended")
    with pytest.raises(InputError, match="below the extended horizon"):
        exact.solve_interval(op, horizon=ext - 1)
    at = exact.solve_interval(op, horizon=ext)  # a cap no optimal schedule reaches: fine
    assert at.status is Status.OPTIMAL and at.objective == pytest.approx(brute_force(op))
    with pytest.raises(InputError, match="horizon"):
        ds.solve(op, model="completion-cpsat", horizon="instance")
    assert exact.solve_interval(hd, horizon=hd.horizon).objective == brute_force(hd)


def test_preemptive_instances_are_refused_by_the_non_preemptive_models_and_bounds() -> None:
    inst = dataclasses.replace(golden("s4"), preemption=True)
    for solve in (*MODELS.values(), exact.solve_patterns):
        with pytest.raises(InputError) as err:
            solve(inst)
        assert err.value.field == "preemption"
    with pytest.raises(InputError, match="preemption"):
        ds.solve(inst)
    for bound in (lower_bounds, colgen_bound):
        with pytest.raises(InputError, match="preemption"):
            bound(inst)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_optima_hold_under_both_horizon_rules(name: str) -> None:
    inst = golden(name)
    assert (inst.horizon_hard, inst.preemption) == (False, False)  # stated explicitly
    for hard in (False, True):
        res = ds.solve(dataclasses.replace(inst, horizon_hard=hard))
        assert res.status is Status.OPTIMAL and res.objective == GOLDEN[name][1]


def test_shipped_instances_load_and_state_an_open_non_preemptive_problem() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "instances"
    files = sorted((root / "completion").glob("*.json"))
    # the library's instances are the files its index.csv lists (a set folder also holds
    # results: stored solutions *.best.json and stored bound proofs *.proof.json)
    for index in sorted((root / "lib" / "completion").glob("*/index.csv")):
        with open(index, newline="") as fh:
            files += [index.parent / row["file"] for row in csv.DictReader(fh)]
    assert len(files) >= 10 + 34
    for f in files:
        inst = ds.load(str(f))
        assert rules(inst) == {"horizon": "open", "preemption": False}, f
        text = gzip.decompress(f.read_bytes()).decode() if f.suffix == ".gz" else f.read_text()
        assert '"horizon_hard": false' in text


def test_library_small_records_are_the_open_horizon_brute_force_optima() -> None:
    """Every completion/small record is labelled optimal under the set's statement (open
    horizon, non-preemptive): its value is the independent brute force's optimum, which may
    run past T (small-04: 168,091, below the 172,457 of the capped problem it used to state)."""
    import csv
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "instances" / "lib" / "completion" / "small"
    rows = list(csv.DictReader((folder / "index.csv").open()))
    assert len(rows) == 12
    for row in rows:
        inst = ds.load(str(folder / row["file"]))
        assert row["status"] == "optimal" and row["bound"] == row["best_known"]
        assert brute_force(inst) == pytest.approx(float(row["best_known"])), row["id"]
    assert {r["id"]: float(r["best_known"]) for r in rows}["small-04"] == 168091.0
