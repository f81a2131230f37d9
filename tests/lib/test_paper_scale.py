"""The paper-scale sets ltgf/paper and completion/paper (issue 32, item 5): the papers' sizes,
every tenant with jobs, every record valid, every bound on the right side of every registered
method's validated objective, and the bounds against exact optima on small instances."""

from __future__ import annotations

import importlib.util
import math
from fractions import Fraction
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.core import InputError
from dlsched.core.registry import ALGORITHMS
from dlsched.lib.records import read_index

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "instances" / "lib"
LTGF = LIB / "ltgf" / "paper"
COMPLETION = LIB / "completion" / "paper"


def _build_lib():
    spec = importlib.util.spec_from_file_location("build_lib", ROOT / "scripts" / "build_lib.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


BL = _build_lib()


def _rows(folder: Path) -> list[dict[str, str]]:
    return read_index(folder) if (folder / "index.csv").is_file() else []


def _ids(folder: Path) -> list[str]:
    return [r["id"] for r in _rows(folder)]


# ---- sizes ----------------------------------------------------------------------------------


def test_ltgf_paper_is_two_weeks_on_at_least_800_gpus_every_tenant_with_jobs() -> None:
    rows = _rows(LTGF)
    assert len(rows) >= 10
    for row in rows:
        inst = ds.load(LTGF / row["file"])
        assert inst.gpus >= 800, row["id"]
        span = max(inst.job_submit) - min(inst.job_submit)
        assert 13 * 86400 <= span <= 14 * 86400, (row["id"], span / 86400)  # two weeks
        assert inst.time == "slotted", row["id"]
        assert {j.tenant for j in inst.jobs} == {t.name for t in inst.tenants}, row["id"]
        assert float(row["offered_load"]) >= 1.0, row["id"]


def test_completion_paper_is_150_servers_and_at_least_200_jobs() -> None:
    rows = _rows(COMPLETION)
    assert len(rows) >= 10
    archs = set()
    for row in rows:
        inst = ds.load(COMPLETION / row["file"])
        assert inst.n_servers == 150 and inst.n_jobs >= 200, row["id"]
        assert not inst.horizon_hard and not inst.preemption, row["id"]
        assert float(row["offered_load"]) >= 1.0, row["id"]
        archs.add(inst.architecture)
    assert archs == {"ps", "ring"}


# ---- every record validates ----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("folder,rid", [(f, i) for f in (LTGF, COMPLETION) for i in _ids(f)],
                         ids=lambda v: v.parent.name if isinstance(v, Path) else v)
def test_every_record_validates(folder: Path, rid: str) -> None:
    row = next(r for r in _rows(folder) if r["id"] == rid)
    inst = ds.load(folder / row["file"])
    res = ds.load(folder / row["solution_file"])
    assert ds.check(inst, res) == []
    assert math.isclose(res.objective, float(row["best_known"]), rel_tol=1e-9)
    best, bound = float(row["best_known"]), float(row["bound"])
    assert (bound >= best) if row["sense"] == "max" else (bound <= best)
    assert row["method"] == BL.BEST_OF_POLICIES
    assert res.stats["incumbent_from"] in {n for n, m in ALGORITHMS.items()
                                           if m.problem == folder.parent.name}


def test_stored_bounds_are_the_bound_functions() -> None:
    """The stored bound is what the bound function computes now (cheap ones)."""
    row = _rows(LTGF)[0]
    inst = ds.load(LTGF / row["file"])
    assert float(row["bound"]) == pytest.approx(float(BL.ltgf_fair_floor(inst)), rel=1e-12)


# ---- the bound against every registered method (2 cheap instances each) --------------------


def _beyond(problem: str, folder: Path, rid: str) -> list[str]:
    row = next(r for r in _rows(folder) if r["id"] == rid)
    inst = ds.load(folder / row["file"])
    bound, best = float(row["bound"]), float(row["best_known"])
    sense = row["sense"]
    out = []
    for name, method in ALGORITHMS.items():
        if method.problem != problem:
            continue
        res = ds.run(inst, name)
        if res.solution is None or ds.check(inst, res):
            continue  # invalid under the statement (e.g. a preempting completion baseline)
        obj, slack = res.objective, 1e-9 * (1 + abs(bound))
        if (obj > bound + slack) if sense == "max" else (obj < bound - slack):
            out.append(f"{name}: {obj} beyond the bound {bound}")
        if (obj > best + slack) if sense == "max" else (obj < best - slack):
            out.append(f"{name}: {obj} better than the stored best {best}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("rid", ["paper-01", "paper-02"])
def test_ltgf_bound_holds_for_every_policy(rid: str) -> None:
    assert _beyond("ltgf", LTGF, rid) == []


@pytest.mark.slow
@pytest.mark.parametrize("rid", ["paper-02", "paper-04"])  # ring instances: the cheaper ones
def test_completion_bound_holds_for_every_algorithm(rid: str) -> None:
    if rid not in _ids(COMPLETION):
        pytest.skip("completion/paper not built")
    assert _beyond("completion", COMPLETION, rid) == []


# ---- the bound functions against exact optima on small instances -----------------------------


def _two_tenants() -> object:
    """2 GPUs, two tenants of quota 1: a runs two 1-GPU jobs, b one 2-GPU job, all released
    at 0 for one 900-s slot."""
    return ds.ltgf.parse({
        "problem": "ltgf", "cluster": {"nodes": 1, "gpus_per_node": 2}, "lease": 900,
        "tenants": [{"name": "a", "weight": 1}, {"name": "b", "weight": 1}],
        "jobs": [{"name": "a1", "tenant": "a", "submit": 0, "gpus": 1, "duration": 900},
                 {"name": "a2", "tenant": "a", "submit": 0, "gpus": 1, "duration": 900},
                 {"name": "b1", "tenant": "b", "submit": 0, "gpus": 2, "duration": 900}],
    }).slotted()


def test_fair_floor_by_hand_and_against_the_milp() -> None:
    """By hand: each tenant's forced demand in slot 0 is 2 GPUs, capped at its quota 1, so its
    fair share is >= 1 slot-GPU while its allocation is 2: the bound is 2. Whoever runs second
    has fair share 2 (demand >= 2 > quota in both slots), so the optimum is 1."""
    inst = _two_tenants()
    assert BL.ltgf_fair_floor(inst) == Fraction(2)
    res = ds.solve(inst, model="ltgf-milp", time_limit=30)
    assert res.status.value == "optimal" and res.objective == pytest.approx(1.0)


@pytest.mark.parametrize("rid", [f"small-{i:02d}" for i in range(1, 13)])
def test_fair_floor_at_least_the_proven_ltgf_optimum(rid: str) -> None:
    """ltgf/small records are proven optimal by ltgf-milp (re-proven in test_records)."""
    folder = LIB / "ltgf" / "small"
    row = next(r for r in read_index(folder) if r["id"] == rid)
    assert row["status"] == "optimal"
    inst = ds.load(folder / row["file"])
    assert float(BL.ltgf_fair_floor(inst)) >= float(row["best_known"]) * (1 - 1e-12)


@pytest.mark.parametrize("rid", [f"small-{i:02d}" for i in range(1, 13)])
def test_completion_bound_at_most_the_proven_optimum(rid: str) -> None:
    """completion/small records are proven optimal under the open horizon (and equal the
    independent brute force of tests/completion/test_statement.py)."""
    folder = LIB / "completion" / "small"
    row = next(r for r in read_index(folder) if r["id"] == rid)
    assert row["status"] == "optimal"
    inst = ds.load(folder / row["file"])
    assert BL.completion_lower_bound(inst) <= float(row["best_known"]) * (1 + 1e-12)


def test_completion_bound_against_the_exact_model() -> None:
    inst = ds.generate("completion", n_jobs=3, n_servers=2, horizon=30, kappa=0.5,
                       max_chunks=4, n_worker_types=2, n_ps_types=2, seed=3)
    res = ds.solve(inst, model="completion-interval", time_limit=30)
    assert res.status.value == "optimal"
    assert BL.completion_lower_bound(inst) <= res.objective * (1 + 1e-12)


# ---- boundaries --------------------------------------------------------------------------------


def test_fair_floor_refuses_a_continuous_instance() -> None:
    from dlsched.ltgf.paper import fig6

    with pytest.raises(InputError, match="time"):
        BL.ltgf_fair_floor(fig6())


def test_completion_bound_refuses_a_preemptive_instance() -> None:
    from dataclasses import replace

    inst = ds.generate("completion", n_jobs=3, n_servers=2, seed=1)
    with pytest.raises(InputError, match="preemption"):
        BL.completion_lower_bound(replace(inst, preemption=True))


def test_a_bound_beaten_by_a_policy_is_refused() -> None:
    """best_of_policies refuses a wrong bound (below a validated max-min value)."""
    inst = _two_tenants()
    with pytest.raises(RuntimeError, match="beyond the bound"):
        BL.best_of_policies(inst, lambda _: 0.5, "ltgf", "wrong")
    res = BL.best_of_policies(inst, BL.ltgf_fair_floor, "ltgf", "fair floor")
    assert res.bound == 2.0 and res.objective == pytest.approx(1.0)
    assert ds.check(inst, res) == [] and res.stats["bound_from"] == "fair floor"
    assert set(res.stats["runs"]) == {n for n, m in ALGORITHMS.items() if m.problem == "ltgf"}
