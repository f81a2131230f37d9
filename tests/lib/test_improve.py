"""``dlsched lib improve``: only a validated better solution or a tighter bound is kept; a
tampered record is refused (tamper tests on a copy of oef/small)."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.cli import main
from dlsched.core import InputError, Result
from dlsched.lib import improve as improve_mod
from dlsched.lib.improve import apply_result, improve_set
from dlsched.lib.records import read_index, write_index

SMALL = Path(__file__).resolve().parents[2] / "instances" / "lib" / "oef" / "small"


@pytest.fixture
def lib(tmp_path: Path) -> Path:
    """A copy of oef/small (root tmp_path, set oef/small)."""
    shutil.copytree(SMALL, tmp_path / "oef" / "small")
    return tmp_path / "oef" / "small"


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "index.csv").open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _open_first(folder: Path, factor: float = 1.5) -> dict[str, str]:
    """Loosen the first record's bound (a max problem: bound x factor), so that it is open,
    with a proof of that bound (a stored result stating it), as every library bound has."""
    from dlsched.lib.proof import save_proof

    rows = _rows(folder)
    best = float(rows[0]["best_known"])
    rows[0].update(bound=repr(best * factor), gap=repr(factor - 1), status="open")
    save_proof(folder, rows[0], Result("oef", "oef-cooperative", "time_limit", best,
                                       best * factor))
    write_index(folder, rows)
    return rows[0]


def test_open_record_gets_the_tighter_bound_and_keeps_its_solution(lib: Path, capsys) -> None:
    row = _open_first(lib)
    before = (lib / row["solution_file"]).read_bytes()
    assert main(["lib", "--root", str(lib.parents[1]), "improve", "oef/small",
                 "--time-limit", "20"]) == 0
    out = capsys.readouterr().out
    assert f"{row['id']}: bound" in out
    new = _rows(lib)[0]
    assert new["status"] == "optimal"
    assert float(new["bound"]) == pytest.approx(float(row["best_known"]), rel=1e-6)
    assert new["best_known"] == row["best_known"]  # the same optimum is not "better"
    assert (lib / row["solution_file"]).read_bytes() == before
    assert [r["id"] for r in _rows(lib)[1:]] == [r["id"] for r in _rows(SMALL)[1:]]


def test_worse_solution_and_looser_bound_are_not_stored(lib: Path, monkeypatch) -> None:
    row = _open_first(lib, factor=1.2)
    inst = ds.load(lib / row["file"])
    worse = ds.run(inst, "max-min")  # valid, objective below the stored best
    best = float(row["best_known"])
    worse = Result("oef", "fake-exact", "time_limit", objective=worse.objective,
                   bound=best * 1.3, solution=worse.solution)  # looser than best * 1.2
    monkeypatch.setattr(improve_mod, "solve_record", lambda *a, **k: worse)
    before = (lib / "index.csv").read_text()
    changes = improve_set(lib, time_limit=5)
    assert [c.field for c in changes] == ["none"]
    assert (lib / "index.csv").read_text() == before


def test_invalid_new_solution_is_refused(lib: Path, monkeypatch) -> None:
    row = _open_first(lib)
    inst = ds.load(lib / row["file"])
    stored = ds.load(lib / row["solution_file"])
    bad_alloc = [[2 * x for x in r] for r in stored.solution["allocation"]]  # over capacity
    bad = Result("oef", "oef-cooperative", "optimal", solution={"allocation": bad_alloc},
                 objective=2 * float(row["best_known"]), bound=2 * float(row["best_known"]))
    monkeypatch.setattr(ds.api, "solve", lambda *a, **k: bad)
    before = (lib / "index.csv").read_text()
    with pytest.raises(InputError, match="invalid solution"):
        improve_set(lib, time_limit=5)
    assert (lib / "index.csv").read_text() == before
    assert ds.check(inst, ds.load(lib / row["solution_file"])) == []


def test_record_whose_objective_differs_from_the_row_is_refused(lib: Path, capsys) -> None:
    rows = _rows(lib)
    best = float(rows[0]["best_known"])
    rows[0].update(best_known=repr(best * 1.01), bound=repr(best * 1.01), gap="0.0")
    write_index(lib, rows)  # a well-formed row that lies about its solution
    before = (lib / "index.csv").read_text()
    with pytest.raises(InputError, match="best_known"):
        improve_set(lib, time_limit=5, every=True)
    assert (lib / "index.csv").read_text() == before
    assert main(["lib", "--root", str(lib.parents[1]), "improve", "oef/small",
                 "--time-limit", "5", "--all"]) == 2
    assert "best_known" in capsys.readouterr().err


def test_tampered_solution_file_is_refused(lib: Path) -> None:
    rows = _rows(lib)
    path = lib / rows[0]["solution_file"]
    data = json.loads(path.read_text())
    data["solution"]["allocation"][0] = [5.0] * len(data["solution"]["allocation"][0])
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="fails validation"):
        improve_set(lib, time_limit=5, ids=[rows[0]["id"]])


def test_a_bound_that_cuts_off_the_best_known_is_refused() -> None:
    row = {"id": "x", "best_known": "10.0", "bound": "12.0", "sense": "max"}
    with pytest.raises(InputError, match="cuts off"):
        apply_result(row, Result("oef", "m", "optimal", objective=9.0, bound=9.5), "max")
    new, changed = apply_result(row, Result("oef", "m", "time_limit", 9.0, 12.5), "max")
    assert changed == [] and new["bound"] == "12.0"
    sol = {"allocation": []}  # apply_result compares values; solve_record validates
    new, changed = apply_result(row, Result("oef", "m", "optimal", 10.5, 10.5, solution=sol),
                                "max")
    assert changed == ["best_known", "bound"] and new["status"] == "optimal"
    row_min = {"id": "y", "best_known": "10.0", "bound": "8.0", "sense": "min"}
    new, changed = apply_result(row_min, Result("x", "m", "time_limit", 9.0, 9.0), "min")
    assert changed == ["bound"]  # no solution held: the better value alone is not stored
    new, changed = apply_result(row_min, Result("x", "m", "time_limit", 11.0, 9.0,
                                                solution=sol), "min")
    assert changed == ["bound"] and new["best_known"] == "10.0" and new["gap"] == "0.1"


def test_index_write_refuses_a_bad_row_and_leaves_the_file(lib: Path) -> None:
    rows = read_index(lib)
    before = (lib / "index.csv").read_text()
    rows[0] = dict(rows[0], bound=repr(float(rows[0]["best_known"]) * 0.5))  # below a max BKS
    with pytest.raises(InputError, match="wrong side"):
        write_index(lib, rows)
    assert (lib / "index.csv").read_text() == before
    assert not list(lib.glob("*.tmp*"))


def test_build_set_from_calls_and_a_ready_instance(tmp_path: Path) -> None:
    from dlsched.lib.build import build_set

    ready = ds.generate("oef", n=3, k=2, seed=9)
    rows = build_set("oef", "demo", [{"n": 2, "k": 2, "seed": 0},
                                     (ready, "a hand-made slice")], root=tmp_path)
    assert [r["provenance"] for r in rows] == ["dlsched.generate('oef', n=2, k=2, seed=0)",
                                               "a hand-made slice"]
    back = _rows(tmp_path / "oef" / "demo")
    assert [r["id"] for r in back] == ["demo-01", "demo-02"]
    assert all(r["status"] == "optimal" for r in back)
    inst = ds.load(tmp_path / "oef" / "demo" / "demo-02.json")
    assert ds.check(inst, ds.load(tmp_path / "oef" / "demo" / "demo-02.best.json")) == []


def test_improve_passes_the_sets_model_and_params(lib: Path, monkeypatch) -> None:
    """``set.json``'s model and params define the set's problem variant: every re-solve
    gets them (a record improved under other parameters would not be comparable)."""
    meta = json.loads((lib / "set.json").read_text(encoding="utf-8"))
    meta.update(model="oef-cooperative", params={"envy": "full"})
    (lib / "set.json").write_text(json.dumps(meta), encoding="utf-8")
    _open_first(lib)
    seen: list[tuple] = []

    def spy(inst, model, time_limit, **kw):
        seen.append((model, kw))
        return ds.solve(inst, model=model, time_limit=time_limit, **kw)

    monkeypatch.setattr(improve_mod, "solve_record", spy)
    improve_set(lib, time_limit=20)
    assert seen == [("oef-cooperative", {"envy": "full"})]
    improve_set(lib, time_limit=20, model="oef-noncooperative", every=False)  # nothing open
    assert len(seen) == 1


def test_a_malformed_set_json_is_refused(lib: Path) -> None:
    (lib / "set.json").write_text('{"params": [1]}', encoding="utf-8")
    _open_first(lib)
    with pytest.raises(InputError, match="params"):
        improve_set(lib, time_limit=5)


def test_rebuilding_a_set_never_loses_a_better_record(tmp_path: Path, monkeypatch) -> None:
    """A rebuild whose solve stops early (worse incumbent, looser bound) keeps the earlier
    proven optimum, its solution file and its stamp, also when the record's id moves."""
    from dlsched.lib import build as build_mod

    call = {"n": 4, "k": 2, "seed": 3}
    first = build_mod.build_set("oef", "demo", [call], root=tmp_path)[0]
    folder = tmp_path / "oef" / "demo"
    stored = (folder / "demo-01.best.json").read_bytes()
    inst = ds.generate("oef", **call)
    weak = ds.run(inst, "max-min")  # valid, below the optimum
    best = float(first["best_known"])
    assert weak.objective < best - 1e-6
    stopped = Result("oef", "oef-cooperative", "time_limit", objective=weak.objective,
                     bound=best * 1.5, solution=weak.solution)
    monkeypatch.setattr(build_mod, "solve_record", lambda *a, **k: stopped)
    other = {"n": 3, "k": 2, "seed": 1}  # a new first instance: the old record becomes demo-02
    build_mod.build_set("oef", "demo", [other, call], root=tmp_path)
    row = _rows(folder)[1]
    assert row["id"] == "demo-02" and row["status"] == "optimal"
    assert float(row["best_known"]) == best and float(row["bound"]) == float(first["bound"])
    assert row["date"] == first["date"] and row["method"] == first["method"]
    assert (folder / "demo-02.best.json").read_bytes() == stored
    assert _rows(folder)[0]["status"] == "open"  # the new instance has only the stopped run


def test_writers_refuse_a_dirty_tree(monkeypatch, tmp_path) -> None:
    """A record names the code that produced it: with uncommitted package changes the writers
    refuse before solving (the override stamps +dirty, which the suite refuses)."""
    import shutil

    from dlsched.bench import machine
    from dlsched.core import InputError
    from dlsched.lib import build_set, improve_set
    from dlsched.lib.records import set_dir

    monkeypatch.setattr(machine, "git_commit", lambda: "abc123+dirty")
    monkeypatch.delenv("DLSCHED_LIB_ALLOW_DIRTY", raising=False)
    with pytest.raises(InputError, match="uncommitted"):
        build_set("oef", "demo", [{"n": 2, "k": 2, "seed": 0}], root=tmp_path)
    assert not (tmp_path / "oef" / "demo" / "index.csv").exists()
    folder = shutil.copytree(set_dir("oef/small"), tmp_path / "oef" / "small")
    with pytest.raises(InputError, match="uncommitted"):
        improve_set(folder, time_limit=5, every=True)
    monkeypatch.setenv("DLSCHED_LIB_ALLOW_DIRTY", "1")
    rows = build_set("oef", "demo", [{"n": 2, "k": 2, "seed": 0}], root=tmp_path)
    assert rows[0]["commit"] == "abc123+dirty"


def test_an_unproven_bound_is_restated_with_its_proof(tmp_path) -> None:
    """A row whose bound no stored result states gets the re-solve's bound and its proof
    (equal here), and the proof check passes afterwards."""
    from dlsched.lib.proof import check_proof, proof_path
    from dlsched.lib.records import format_number, read_index, set_dir, write_index

    folder = shutil.copytree(set_dir("oef/small"), tmp_path / "oef" / "small")
    rows = read_index(folder)
    row = rows[0]
    best = ds.load(folder / row["solution_file"])
    # the stored result loses its bound: the row's bound is now proven by nothing
    ds.save(Result("oef", best.method, "feasible", best.objective, None,
                   solution=best.solution.to_json()), folder / row["solution_file"])
    with pytest.raises(InputError, match="stated by no stored result"):
        check_proof(folder, read_index(folder)[0])
    write_index(folder, rows)
    changes = improve_mod.improve_set(folder, time_limit=10, ids=[row["id"]])
    assert [c.field for c in changes] == ["bound"]
    new = read_index(folder)[0]
    check_proof(folder, new)
    assert proof_path(folder, new).is_file()
    assert float(new["bound"]) == pytest.approx(float(row["bound"]), rel=1e-9)
    assert new["status"] == "optimal"
    assert format_number(float(new["bound"])) == new["bound"]


def test_restamp_stores_a_run_that_reproduces_the_record(tmp_path, monkeypatch) -> None:
    """--restamp: a run with the same value and bound replaces the stamp (a record stamped
    +dirty gets the clean commit of the code that reproduced it); values stay."""
    from dlsched.bench import machine
    from dlsched.lib.records import read_index, set_dir, write_index

    folder = shutil.copytree(set_dir("oef/small"), tmp_path / "oef" / "small")
    rows = read_index(folder)
    rows[0]["commit"] = "abc+dirty"
    write_index(folder, rows)
    monkeypatch.setattr(machine, "git_commit", lambda: "feedbeef0001")
    assert improve_mod.improve_set(folder, 10, ids=[rows[0]["id"]]) [0].field == "none"
    assert read_index(folder)[0]["commit"] == "abc+dirty"  # without --restamp: untouched
    assert main(["lib", "--root", str(tmp_path), "improve", "oef/small", "--time-limit", "10",
                 "--instances", rows[0]["id"], "--restamp"]) == 0
    new = read_index(folder)[0]
    assert new["commit"] == "feedbeef0001"
    assert float(new["best_known"]) == pytest.approx(float(rows[0]["best_known"]), rel=1e-6)
    assert new["status"] == "optimal"
