"""notebooks/formulations.ipynb's helpers and checkers (``dlsched.teaching.formulations``,
``dlsched.teaching.checks.formulations``): the model sizes against counts by hand or by an
independent formula, the facts behind exercise 3 re-measured, and the checkers' refusals."""

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.completion.exact.bounds import lower_bounds, lp_relaxation, statement_tmax
from dlsched.completion.generate import generate, tiny
from dlsched.completion.model import build_e1, e1_data
from dlsched.completion.paper import golden
from dlsched.completion.support.config import configurations
from dlsched.core.errors import InputError
from dlsched.teaching.checks import formulations as checks
from dlsched.teaching.formulations import cp_size, e1_size, e2_size, model_sizes
from dlsched.teaching.grading import NotCorrect


def e1_count(inst, tmax: int) -> int:
    """E1's variables by formula (docs/specs/completion.md, notes §2.4): X per (job,
    configuration, start), Y and o (S and g under PS) per job and server, Z per job and slot,
    V per job, server, resource and slot."""
    J, H, R, M = inst.n_jobs, inst.n_servers, len(inst.resources), len(inst.worker_names)
    x = sum(
        max(0, tmax - k.d - int(inst.arrival[j]) + 2)
        for j in range(J)
        for k in configurations(inst, j)
    )
    n = x + J * H * (M + 1) + J * tmax * (1 + H * R)
    return n if inst.ring else n + J * H * (len(inst.ps_names) + 1)


def fragmentation():
    """Server A with 3 GPUs, B with 1; two jobs of one 2-GPU worker for 2 slots at slot 1.
    By hand: LB0 = 3 + 3 = 6; OPT = 3 + 5 = 8 (only A holds a worker); the configuration LP
    runs 1.5 jobs in slots 1-2 (3 GPUs / 2) and 0.5 in slots 3-4: 1.5 x 3 + 0.5 x 5 = 7."""
    job = {
        "arrival": 1,
        "weight": 1,
        "epochs": 1,
        "chunks": 1,
        "minibatches_per_chunk": 1,
        "minibatch_time": {"m1": 2.0},
        "update_time": 0.0,
        "gradient_size": 0.0,
    }
    return ds.PROBLEMS.get("completion").parse(
        {
            "problem": "completion",
            "schema_version": 1,
            "name": "fragmentation",
            "architecture": "ring",
            "horizon": 10,
            "slot_seconds": 1.0,
            "servers": [
                {"name": "A", "capacity": {"gpu": 3}},
                {"name": "B", "capacity": {"gpu": 1}},
            ],
            "worker_types": [{"name": "m1", "demand": {"gpu": 2}, "bandwidth": 1.0}],
            "jobs": [{"name": "j1", **job}, {"name": "j2", **job}],
        }
    )


# ---------------------------------------------------------------- sizes
@pytest.mark.parametrize(
    ("name", "inst", "tmax"), checks._size_cases(), ids=[c[0] for c in checks._size_cases()]
)
def test_e1_size_counts_the_formula(name: str, inst, tmax: int) -> None:
    got = e1_size(inst, tmax)
    assert got["variables"] == e1_count(inst, tmax)
    assert got["binary"] + got["integer"] + got["continuous"] == got["variables"]
    assert got["continuous"] == inst.n_jobs * tmax * (1 + inst.n_servers * len(inst.resources))


def test_e2_size_of_s4_by_hand() -> None:
    """S4 (one server, GPU 3 and CPU 2; two jobs, 1 worker + 1 PS for 3 slots or 2 + 1 for 2):
    per job 2 placements; by T_max = 4 the 3-slot one starts at 1..2, the 2-slot one at
    1..3: 5 columns per job. Rows: 2 jobs + 2 resources x 4 slots. Nonzeros per column:
    1 + 2 resources x d slots: 2 x 7 + 3 x 5 = 29 per job."""
    assert e2_size(golden("s4"), 4) == {
        "variables": 10,
        "constraints": 10,
        "nonzeros": 58,
        "placements": 4,
    }


def test_sizes_grow_as_the_notebook_says() -> None:
    """Per extra slot E1 gains J (1 + H R) continuous variables and one start per
    configuration; the CP model gains nothing; E2 one start per placement."""
    inst = checks.notebook_instance(5)
    a, b = model_sizes(inst, 40), model_sizes(inst, 41)
    configs = sum(len(configurations(inst, j)) for j in range(inst.n_jobs))
    grow = {name: b[name]["variables"] - a[name]["variables"] for name in a}
    assert grow["E1 time-indexed MILP"] == configs + inst.n_jobs * (1 + 2 * 3)
    assert grow["CP-SAT interval model"] == 0
    assert grow["E2 pattern ILP"] == a["E2 pattern ILP"]["placements"]
    assert cp_size(inst, 40)["cumulatives"] == 2 * 3 + 3  # per (server, resource) + cluster


@pytest.mark.parametrize("bad", [0, -3, 2.5, "40", True, None])
def test_sizes_refuse_a_bad_tmax(bad) -> None:
    for size in (e1_size, cp_size, e2_size):
        with pytest.raises(InputError, match="tmax"):
            size(golden("s4"), bad)


# ---------------------------------------------------------------- the facts of exercise 3
def test_bound_chain_on_the_fragmented_cluster() -> None:
    """Section 6's values are the hand-computed ones, and the LPs part there."""
    inst = fragmentation()
    b = lower_bounds(inst, lp=True, exact_lp=True, config=True)
    assert (b["lb0"], b["aggregate_lp"], b["lp_relaxation"]) == (6.0, 6.0, 6.0)
    assert b["config_lp"] == pytest.approx(7.0)
    assert ds.solve(inst, threads=1).objective == 8.0


@pytest.mark.slow
def test_exercise_3_counterexamples_and_proofs_on_the_notebook_instances() -> None:
    """(a), (b) hold and (d), (e), (f) fail on the instances of the notebook's table."""
    for seed in (3, 5):
        inst = checks.notebook_instance(seed)
        t = statement_tmax(inst)
        b = lower_bounds(inst, lp=True, exact_lp=True)
        no_cut = lp_relaxation(inst, t, model=build_e1(e1_data(inst, t), aggregate_cut=False))
        opt = ds.solve(inst, threads=1).objective
        assert b["lb0"] <= no_cut + 1e-6 < b["lp_relaxation"] <= opt + 1e-6  # (a), (b), (f)
        assert b["lb0"] < opt  # contended, and yet (d):
        assert b["lp_relaxation"] == pytest.approx(b["aggregate_lp"], rel=1e-9)
    assert b["area"] < b["lb0"]  # (e) on seed 5


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_exercise_3_c_one_job_configuration_lp_is_opt(seed: int) -> None:
    inst = tiny(
        seed=seed, n_jobs=1, n_servers=2 + seed % 2, architecture="ps" if seed % 3 else "ring"
    )
    b = lower_bounds(inst, config=True)
    assert b["config_lp"] == pytest.approx(ds.solve(inst, threads=1).objective, rel=1e-9)


# ---------------------------------------------------------------- the checkers
def test_exercise_1_accepts_numpy_and_reports_a_crash_in_one_line(capsys) -> None:
    checks.check_exercise_1(lambda inst, t: np.int64(e1_count(inst, t)))
    assert capsys.readouterr().out.startswith("correct")
    with pytest.raises(NotCorrect) as err:
        checks.check_exercise_1(lambda inst, t: 1 // 0)
    assert str(err.value) == (
        "not correct: your function raised ZeroDivisionError: integer division or modulo by zero"
    )
    with pytest.raises(NotCorrect, match="too few"):
        checks.check_exercise_1(lambda inst, t: e1_count(inst, t) - 1)
    with pytest.raises(NotCorrect, match="should be a function"):
        checks.check_exercise_1(2766)


@pytest.mark.slow
def test_exercise_2_refusals_name_the_problem() -> None:
    with pytest.raises(NotCorrect, match="not contended"):
        checks.check_exercise_2(checks.notebook_instance(3, kappa=1.0))
    with pytest.raises(NotCorrect, match="2 jobs"):
        checks.check_exercise_2(fragmentation())
    with pytest.raises(NotCorrect, match="not a valid completion instance"):
        checks.check_exercise_2({"problem": "completion"})
    with pytest.raises(NotCorrect, match="should be a completion instance"):
        checks.check_exercise_2("instance.json")


def test_exercise_2_accepts_unit_jobs_given_as_a_dict(capsys) -> None:
    from dlsched.completion.generate import single_machine_dict

    checks.check_exercise_2(single_machine_dict(n=4, seed=1, p_range=(1, 1)))
    assert capsys.readouterr().out.startswith("correct: contended")
    unit = generate("single-machine", n=4, seed=1, p_range=(1, 1))
    assert lower_bounds(unit)["lb0"] < ds.solve(unit, threads=1).objective


def test_exercise_3_answers_in_any_form(capsys) -> None:
    checks.check_exercise_3(("C", " a", "b"))
    assert capsys.readouterr().out.startswith("correct")
    for bad, why in (
        ("abc", "list of letters"),
        (["a", "g"], "not one of"),
        (["a", "a", "b", "c"], "twice"),
        ([1, 2], "letters"),
        (["a", "b"], "not every statement"),
    ):
        with pytest.raises(NotCorrect, match=why) as err:
            checks.check_exercise_3(bad)
        assert "\n" not in str(err.value)
    messages = set()
    for wrong in (["a", "b"], ["a", "b", "c", "d"], ["f"]):  # a missing, an extra, all wrong
        with pytest.raises(NotCorrect) as err:
            checks.check_exercise_3(wrong)
        messages.add(str(err.value))
    assert len(messages) == 1  # the same words whatever is wrong: nothing to learn from them
