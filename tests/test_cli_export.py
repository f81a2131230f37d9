"""``dlsched export`` (issue 12, item 5): parameters, complete exports of lazy-row models,
size refusals, and every shipped instance either exported or refused with one line."""

from __future__ import annotations

import contextlib
import itertools
import re
import signal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlsched.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_O1 = str(ROOT / "instances/ojpp/golden-o1.json")
FIG6 = str(ROOT / "instances/ltgf/paper-fig6.json")


def _read(path: Path):
    """A HiGHS object holding the MPS/LP file ``path``."""
    import highspy

    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(str(path))
    return h


def _highs(path: Path) -> tuple[str, float | None, int]:
    """(model status, objective, number of columns) of an MPS/LP file solved by plain HiGHS."""
    h = _read(path)
    h.run()
    status = h.modelStatusToString(h.getModelStatus())
    obj = h.getInfo().objective_function_value if status == "Optimal" else None
    return status, obj, h.getNumCol()


def _estimates(out: str) -> dict[str, int]:
    """The size bounds ``dlsched export`` prints: ``MODEL: <= C columns, <= R rows, ...``."""
    got = {what: int(n) for n, what in re.findall(r"<= (\d+) (columns|rows|nonzeros)", out)}
    assert set(got) == {"columns", "rows", "nonzeros"}, out
    return got


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert "Traceback" not in err[0]
    return err[0]


# --- -p on export --------------------------------------------------------------------------------
def test_export_rejects_unknown_param_naming_it(tmp_path, capsys) -> None:
    assert main(["export", FIG6, "-p", "bogus=1", "-d", str(tmp_path)]) == 2
    line = _one_line_error(capsys)
    assert "--param bogus" in line and "slots" in line  # names the field and the known ones
    assert not list(tmp_path.iterdir())


BAD_VALUES = [
    ("ltgf/paper-fig6.json", None, "objective=nope", "--param objective"),
    ("ltgf/paper-fig6.json", None, "level=abc", "--param level"),
    ("ltgf/paper-fig6.json", None, "slots=3", "--param slots"),  # jobs need 4 slots
    ("revenue/small-3jobs.json", None, "time_origin=bogus", "--param time_origin"),
    ("revenue/small-3jobs.json", None, "fixed_workers=3", "--param fixed_workers"),
    ("revenue/small-3jobs.json", None, "horizon=0", "horizon"),
    ("completion/s1-ps.json", None, "aggregate_cut=nope", "--param aggregate_cut"),
    ("completion/s1-ps.json", None, "horizon=1", "horizon"),  # no job fits: E1 infeasible
    ("ojpp/golden-o1.json", "ojpp-compact", "complete=maybe", "--param complete"),
    ("ojpp/golden-o1.json", "ojpp-compact", "devices=0", "--param devices"),
]


@pytest.mark.parametrize(("instance", "model", "param", "field"), BAD_VALUES,
                         ids=[f"{b[0]}-{b[2]}" for b in BAD_VALUES])
def test_export_rejects_bad_param_value(tmp_path, capsys, instance, model, param, field) -> None:
    argv = ["export", str(ROOT / "instances" / instance), "-p", param, "-d", str(tmp_path)]
    assert main(argv + (["-m", model] if model else [])) == 2
    assert _one_line_error(capsys).startswith(f"error: {field}")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("slots", [4, 7])
def test_export_passes_params_to_the_build(tmp_path, slots) -> None:
    # Fig. 6: 3 jobs released in slot 0, one tenant. Columns of the max-min model
    # (notes §9, docs/specs/ltgf.md):
    # x, c per (job, slot) = 2*3*S, f, b per (tenant, slot) = 2*S, the level t: 8S + 1.
    assert main(["export", FIG6, "-p", f"slots={slots}", "-d", str(tmp_path)]) == 0
    _, _, cols = _highs(tmp_path / "fig6.ltgf-milp.mps")
    assert cols == 8 * slots + 1


def test_export_param_changes_the_objective(tmp_path) -> None:
    # windows objective: v per (tenant, window) instead of t; S = 4 slots in windows of 2 -> 2
    argv = ["export", FIG6, "-p", "slots=4", "-p", "objective=windows", "-p", "window=2"]
    assert main([*argv, "-d", str(tmp_path)]) == 0
    _, _, cols = _highs(tmp_path / "fig6.ltgf-milp.mps")
    assert cols == 8 * 4 + 2


# --- lazy rows: complete or warned ----------------------------------------------------------------
def test_compact_export_is_complete_and_solves_to_the_optimum(tmp_path, capsys) -> None:
    # G-O1 (spec golden, self-constructed): the OJPP optimum is 5 devices; without the lazily
    # added collision rows the compact MILP gives 4 (issue 12: SCIP found 4 on the old export)
    assert main(["export", GOLDEN_O1, "-m", "ojpp-compact", "-d", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in err
    for ext in ("mps", "lp"):
        status, obj, _ = _highs(tmp_path / f"golden-o1.ojpp-compact.{ext}")
        assert status == "Optimal" and obj == pytest.approx(5)
    h = _read(tmp_path / "golden-o1.ojpp-compact.mps")  # the printed sizes are upper bounds
    est = _estimates(out)
    assert h.getNumCol() <= est["columns"] and h.getNumRow() <= est["rows"]
    assert h.getNumNz() <= est["nonzeros"]
    status, obj, _ = _highs(_export(tmp_path / "p", GOLDEN_O1, "ojpp-patterns"))
    assert obj == pytest.approx(5)


def _export(out: Path, inst: str, model: str, *extra: str) -> Path:
    assert main(["export", inst, "-m", model, "-d", str(out), *extra]) == 0
    return out / f"{Path(inst).stem}.{model}.mps"


def test_incomplete_compact_export_warns_on_one_line(tmp_path, capsys) -> None:
    path = _export(tmp_path, GOLDEN_O1, "ojpp-compact", "-p", "complete=false")
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("warning:"), err
    assert "collision" in err[0] and "ojpp-patterns" in err[0]
    assert _highs(path)[1] == pytest.approx(4)  # the relaxation the warning announces


def test_compact_export_without_room_for_the_cuts_is_marked_incomplete() -> None:
    from dlsched.api import load
    from dlsched.core.export import Budget
    from dlsched.ojpp.export import plan_compact

    inst = load(GOLDEN_O1)
    relax = plan_compact(inst, Budget(), complete=False)
    full = plan_compact(inst, Budget())
    assert relax.missing is not None and full.missing is None
    assert full.rows > relax.rows and full.columns > relax.columns  # the no-goods, indicators
    tight = plan_compact(inst, Budget(max_rows=relax.rows))  # room for the base rows only
    assert tight.missing is not None and "rows" in tight.missing
    assert tight.rows == relax.rows


def _brute_minimal(inst) -> set[tuple[int, ...]]:
    """Minimal colliding count vectors that fit a device, by enumerating all count vectors."""
    from dlsched.core.tolerance import exceeds
    from dlsched.ojpp.export import _fits
    from dlsched.ojpp.support.collision import tau_counts

    def coll(v) -> bool:  # the validator's rule (dlsched.core.tolerance), not the exporter's
        return bool(exceeds(tau_counts(np.array([v]), inst.p, inst.collision_model)[0],
                            inst.limits.collision))

    out = set()
    for v in itertools.product(*(range(int(w) + 1) for w in inst.omega)):
        a = np.array(v)
        if not coll(v) or not _fits(inst, a):
            continue
        if all(not coll(tuple(a - np.eye(len(a), dtype=int)[i])) for i in np.flatnonzero(a)):
            out.add(v)
    return out


@given(seed=st.integers(0, 10_000), tau=st.sampled_from([0.02, 0.05, 0.1, 0.3]),
       model=st.sampled_from(["independent", "correlated_same_job"]))
def test_minimal_colliding_vectors_match_brute_force(seed, tau, model) -> None:
    from dlsched.ojpp import generate
    from dlsched.ojpp.export import minimal_colliding_vectors

    inst = generate(n_jobs=3, max_workers=5, seed=seed, collision=tau)
    inst = inst.with_collision_model(model)
    got = minimal_colliding_vectors(inst, 10**6)
    assert got is not None
    assert {tuple(int(x) for x in c) for c in got} == _brute_minimal(inst)


# --- size refusals ------------------------------------------------------------------------------
def test_too_large_model_is_refused_up_front(tmp_path, capsys) -> None:
    inst = str(ROOT / "instances/completion/s1-ps.json")
    assert main(["export", inst, "--max-columns", "10", "-d", str(tmp_path)]) == 2
    line = _one_line_error(capsys)
    assert "model too large to export" in line
    # the remedies: s1-ps states an open horizon, where a capped ``-p horizon`` is refused (it
    # would state another problem), so the refusal names a smaller instance (or fewer slots
    # under a hard horizon) and raising the limit
    assert "use a smaller instance" in line and "fewer slots T" in line
    assert "raise --max-columns" in line
    assert not list(tmp_path.iterdir())  # nothing written, not even a temporary file


# --- every shipped instance -----------------------------------------------------------------------
#: JSON files under instances/ that are not instances (tables of known optima, raw data)
NOT_INSTANCES = {"ojpp/vbp/known_optima.json", "ojpp/gavel-v100-slowdowns.json"}
#: the instance library (instances/lib/: generated instances with their records, solution and
#: set files) is checked by tests/lib/, not exported here
INSTANCES = sorted(
    str(p.relative_to(ROOT / "instances"))
    for p in itertools.chain((ROOT / "instances").rglob("*.json"),
                             (ROOT / "instances").rglob("*.vbp"))
    if p.relative_to(ROOT / "instances").parts[0] != "lib"
)
#: seconds per instance: a hang fails the test instead of blocking the suite
PER_INSTANCE_S = 90


@contextlib.contextmanager
def _time_limit(seconds: int):
    def fail(signum, frame):
        raise TimeoutError(f"export took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_instance_list_is_not_empty() -> None:
    assert len(INSTANCES) >= 50
    assert set(INSTANCES) >= NOT_INSTANCES


@pytest.mark.parametrize("name", INSTANCES)
def test_every_instance_exports_or_exits_2_with_one_line(tmp_path, capsys, name) -> None:
    with _time_limit(PER_INSTANCE_S):
        rc = main(["export", str(ROOT / "instances" / name), "-d", str(tmp_path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    files = sorted(p.name for p in tmp_path.iterdir())
    if rc == 0:
        assert len(files) == 2 and {Path(f).suffix for f in files} == {".mps", ".lp"}
        assert all((tmp_path / f).stat().st_size > 0 for f in files)
        assert name not in NOT_INSTANCES
        # the size estimates that decide refusals are upper bounds of the written model
        est = _estimates(out)
        h = _read(tmp_path / next(f for f in files if f.endswith(".mps")))
        assert h.getNumCol() <= est["columns"]
        assert h.getNumRow() <= est["rows"]
        assert h.getNumNz() <= est["nonzeros"]
    else:
        assert rc == 2, err
        assert len(err.strip().splitlines()) == 1, err
        assert not files  # never a half-written file
        if name not in NOT_INSTANCES:  # a real instance is only refused for its size
            assert "model too large to export" in err


def test_plugin_problem_exports_through_its_build_model(tmp_path, monkeypatch) -> None:
    """A problem without a registered exporter falls back to ``Problem.build_model``; a model it
    cannot build is a one-line InputError, not a traceback."""
    import pyomo.environ as pyo

    from dlsched.core import PROBLEMS, InputError, Problem
    from dlsched.core.export import Budget, get_exporter, write_model

    def build(inst, name):
        if name != "toy-lp":
            raise ValueError("only toy-lp has a Pyomo form")
        m = pyo.ConcreteModel()
        m.x = pyo.Var(bounds=(0, 3))
        m.o = pyo.Objective(expr=m.x, sense=pyo.maximize)
        return m

    assert "oef" in PROBLEMS  # shipped problems loaded before the toy is slipped in
    toy = Problem(name="toy", sense="max", description="toy", parse=dict, dump=dict,
                  check=lambda inst, sol: [], build_model=build)
    monkeypatch.setitem(PROBLEMS._items, "toy", toy)
    plan = get_exporter("toy", "toy-lp").plan(object(), Budget())
    paths = write_model(plan.build(), tmp_path, "t.toy-lp")
    assert [p.suffix for p in paths] == [".mps", ".lp"]
    assert _highs(paths[0])[1] == pytest.approx(3)
    with pytest.raises(InputError, match="only toy-lp"):
        get_exporter("toy", "toy-cpsat").plan(object(), Budget())


def test_write_model_is_all_or_nothing(tmp_path) -> None:
    """A failure while writing the second file leaves neither file nor a temporary one."""
    from dlsched.core.export import write_model

    class HalfWriter:
        def write(self, path: str, io_options: dict) -> None:
            if path.endswith(".lp"):
                raise OSError("disk full")
            Path(path).write_text("NAME x\n")

    with pytest.raises(OSError, match="disk full"):
        write_model(HalfWriter(), tmp_path, "m")
    assert list(tmp_path.iterdir()) == []


def test_unwritable_out_dir_exits_2_with_one_line(tmp_path, capsys) -> None:
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    assert main(["export", FIG6, "-d", str(not_a_dir)]) == 2
    assert str(not_a_dir) in _one_line_error(capsys)
    assert not_a_dir.read_text() == "x"
