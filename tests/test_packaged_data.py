"""The library and the example instances as package data: gzip-compressed records read and
written like plain ones, the library root (``DLSCHED_LIB``, the packaged copy) and relative
``instances/...`` paths that work from any directory (issue #33, item 5)."""

from __future__ import annotations

import csv
import gzip
import json
import shutil
from pathlib import Path

import pytest

import dlsched as ds
from dlsched.cli import main
from dlsched.core import InputError
from dlsched.core import io as dio
from dlsched.lib import records
from dlsched.lib.build import build_set
from dlsched.lib.improve import improve_set
from dlsched.lib.records import COMPRESS_ABOVE, list_sets, load_record, read_index, set_dir

REPO = Path(__file__).resolve().parents[1]
LIB = REPO / "instances" / "lib"


# --- gzip files ---------------------------------------------------------------------------------
def test_a_gz_file_holds_the_same_text_as_the_plain_one(tmp_path: Path) -> None:
    inst = ds.load(REPO / "instances" / "oef" / "paper-w1.json")
    plain = ds.save(inst, tmp_path / "a.json")
    packed = ds.save(inst, tmp_path / "a.json.gz")
    assert packed.read_bytes()[:2] == b"\x1f\x8b"  # gzip magic: really compressed
    assert gzip.decompress(packed.read_bytes()) == plain.read_bytes()
    assert ds.load(packed) == ds.load(plain) == inst
    # reproducible: the same content gives the same bytes (no time stamp in the header)
    assert ds.save(inst, tmp_path / "b.json.gz").read_bytes() == packed.read_bytes()


def test_a_result_round_trips_through_gz(tmp_path: Path) -> None:
    inst = ds.load(REPO / "instances" / "oef" / "paper-w1.json")
    res = ds.solve(inst, model="oef-cooperative")
    back = ds.load(ds.save(res, tmp_path / "r.best.json.gz"))
    assert back.objective == res.objective and ds.check(inst, back) == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{}", "not gzip data"),
        (gzip.compress(b'{"a": 1}', mtime=0)[:-6], "truncated gzip data"),
        (gzip.compress(b'{"a": 1}', mtime=0) + b"junk", "bytes after the gzip data"),
        (gzip.compress(b"\xff{}", mtime=0), "not UTF-8"),
        (gzip.compress(b'{"a": [1,', mtime=0), "malformed JSON"),
    ],
    ids=lambda v: v if isinstance(v, str) else "bytes",  # stable ids: no gzip bytes in them
)
def test_a_bad_gz_file_is_refused_naming_it(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "bad.json.gz"
    path.write_bytes(content)
    with pytest.raises(InputError) as err:
        dio.read_json(path)
    assert err.value.field == str(path) and reason in str(err.value)


def test_a_gz_file_inflating_beyond_the_limit_is_refused_without_inflating(
    monkeypatch, tmp_path: Path
) -> None:
    from dlsched.core import limits

    path = tmp_path / "bomb.json.gz"
    path.write_bytes(gzip.compress(b" " * 50_000 + b"{}"))  # 50 kB of blanks: 0.1 kB packed
    assert path.stat().st_size < 1000
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 10_000)
    with pytest.raises(InputError, match="more than 10000 bytes once decompressed"):
        dio.read_json(path)
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 60_000)
    assert dio.read_json(path) == {}


# --- the shipped library ------------------------------------------------------------------------
def _set_files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.is_file()}


@pytest.mark.parametrize("name", [n for n, _ in list_sets(LIB)])
def test_big_records_are_compressed_and_the_index_names_every_file(name: str) -> None:
    """The rule of ``records.record_file``: a record file is gzip exactly when its JSON is
    larger than COMPRESS_ABOVE; the index names the file as stored; no stray file."""
    folder = LIB / name
    with (folder / "index.csv").open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))  # the csv module alone finds the files
    named = set()
    for row in rows:
        for col in ("file", "solution_file"):
            if not row[col]:
                continue
            path = folder / row[col]
            data = path.read_bytes()
            text = gzip.decompress(data) if path.suffix == ".gz" else data
            assert (path.suffix == ".gz") == (len(text) > COMPRESS_ABOVE), (name, row[col])
            assert json.loads(text)  # JSON inside
            named.add(row[col])
    proofs = {f"{r['id']}.proof.json" for r in rows}
    extra = _set_files(folder) - named - proofs - {"index.csv", "set.json"}
    assert not extra, f"{name}: files no row names: {sorted(extra)}"


def test_the_library_is_a_few_megabytes() -> None:
    size = sum(p.stat().st_size for p in LIB.rglob("*") if p.is_file())
    assert size < 10 * 2**20, f"instances/lib holds {size / 2**20:.1f} MiB"
    assert any(p.suffix == ".gz" for p in LIB.rglob("*"))


def test_a_compressed_record_loads_and_validates() -> None:
    folder = set_dir("oef/large")
    row = next(r for r in read_index(folder) if r["file"].endswith(".gz"))
    inst, res = load_record(folder, row)
    assert inst.problem == "oef" and ds.check(inst, res) == []


# --- writers keep a record's form -----------------------------------------------------------------
def test_build_compresses_a_big_record_and_a_rebuild_keeps_the_form(
    monkeypatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(records, "COMPRESS_ABOVE", 200)  # every record is "big"
    calls = [{"n": 2, "k": 2, "seed": 0}]
    rows = build_set("oef", "demo", calls, root=tmp_path)
    folder = tmp_path / "oef" / "demo"
    assert (rows[0]["file"], rows[0]["solution_file"]) == (
        "demo-01.json.gz",
        "demo-01.best.json.gz",
    )
    assert _set_files(folder) >= {"demo-01.json.gz", "demo-01.best.json.gz"}
    assert not (folder / "demo-01.json").exists()
    inst, res = load_record(folder, read_index(folder)[0])
    assert ds.check(inst, res) == []
    # a rebuild with a threshold no file reaches keeps the compression the record has
    monkeypatch.setattr(records, "COMPRESS_ABOVE", 10**9)
    again = build_set("oef", "demo", calls, root=tmp_path)
    assert again[0]["file"] == "demo-01.json.gz"
    assert not (folder / "demo-01.json").exists()


def test_build_keeps_small_records_plain(tmp_path: Path) -> None:
    rows = build_set("oef", "demo", [{"n": 2, "k": 2, "seed": 0}], root=tmp_path)
    assert (rows[0]["file"], rows[0]["solution_file"]) == ("demo-01.json", "demo-01.best.json")


def test_improve_rewrites_a_compressed_solution_compressed(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(records, "COMPRESS_ABOVE", 200)
    build_set("oef", "demo", [{"n": 2, "k": 2, "seed": 0}], root=tmp_path)
    folder = tmp_path / "oef" / "demo"
    sol = folder / "demo-01.best.json.gz"
    before = gzip.decompress(sol.read_bytes())
    changes = improve_set(folder, time_limit=10, every=True, restamp=True)
    assert {c.field for c in changes} == {"best_known", "bound"}  # re-stored by --restamp
    after = sol.read_bytes()
    assert after[:2] == b"\x1f\x8b" and not (folder / "demo-01.best.json").exists()
    assert json.loads(gzip.decompress(after))["objective"] == json.loads(before)["objective"]
    load_record(folder, read_index(folder)[0])


# --- the library root ---------------------------------------------------------------------------
def test_default_root_is_the_packaged_library(monkeypatch) -> None:
    monkeypatch.delenv("DLSCHED_LIB", raising=False)
    assert records.default_root() == records.PACKAGED_ROOT
    assert records.PACKAGED_ROOT.resolve() == LIB.resolve()
    assert "oef/small" in dict(list_sets())


def test_dlsched_lib_points_at_another_copy(monkeypatch, tmp_path: Path, capsys) -> None:
    shutil.copytree(LIB / "oef" / "small", tmp_path / "oef" / "mine")
    monkeypatch.setenv("DLSCHED_LIB", str(tmp_path))
    assert [n for n, _ in list_sets()] == ["oef/mine"]
    assert set_dir("oef/mine") == tmp_path / "oef" / "mine"
    with pytest.raises(InputError, match="no library set 'oef/small'"):
        set_dir("oef/small")
    assert main(["lib", "list"]) == 0
    out = capsys.readouterr().out
    assert "oef/mine" in out and "oef/small" not in out
    # --root still wins over the variable
    assert main(["lib", "--root", str(LIB), "list"]) == 0
    assert "oef/small" in capsys.readouterr().out


def test_a_bad_dlsched_lib_is_refused_naming_the_variable(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DLSCHED_LIB", str(tmp_path / "nowhere"))
    with pytest.raises(InputError) as err:
        list_sets()
    assert err.value.field == "DLSCHED_LIB"
    assert main(["lib", "list"]) == 2


# --- relative instances/... paths from any directory ----------------------------------------------
def test_instances_paths_work_from_another_directory(monkeypatch, tmp_path: Path) -> None:
    want = ds.load(REPO / "instances" / "oef" / "paper-w1.json")
    monkeypatch.chdir(tmp_path)
    assert not Path("instances").exists()
    assert ds.load("instances/oef/paper-w1.json") == want
    assert ds.load("instances/ojpp/vbp/t60_00.vbp").problem == "ojpp"  # a standard format too
    with pytest.raises(InputError, match="file not found") as err:
        ds.load("instances/oef/no-such.json")
    assert err.value.field == "instances/oef/no-such.json"


def test_a_local_file_comes_before_the_packaged_one(monkeypatch, tmp_path: Path) -> None:
    data = json.loads((REPO / "instances" / "oef" / "paper-w1.json").read_text())
    data["name"] = "my-copy"
    (tmp_path / "instances" / "oef").mkdir(parents=True)
    (tmp_path / "instances" / "oef" / "paper-w1.json").write_text(json.dumps(data))
    monkeypatch.chdir(tmp_path)
    assert ds.load("instances/oef/paper-w1.json").name == "my-copy"


def test_check_judges_a_library_record_from_another_directory(
    monkeypatch, tmp_path: Path, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    rc = main(
        [
            "check",
            "instances/lib/oef/small/small-01.json",
            "instances/lib/oef/small/small-01.best.json",
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "library record oef/small/small-01" in out
