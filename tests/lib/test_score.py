"""``dlsched lib score``: ratios against the stored values, with a ratio known by construction."""

from __future__ import annotations

import csv
import importlib
import json
import math
import sys
from pathlib import Path

import pytest

from dlsched.cli import main
from dlsched.core import ALGORITHMS
from dlsched.lib.records import set_dir
from dlsched.lib.score import geomean, ratio, score_set

PLUGIN = "tests.lib.plugin_half"


@pytest.fixture(scope="module", autouse=True)
def _plugin_half():
    """Register lib-test-half / -double for this module only: imported at collection, they
    would join the OEF algorithms every other test file parametrises over."""
    importlib.import_module(PLUGIN)
    yield
    for name in ("lib-test-half", "lib-test-double"):
        ALGORITHMS._items.pop(("oef", name), None)
    sys.modules.pop(PLUGIN, None)

INDEX = Path(__file__).resolve().parents[2] / "instances" / "lib" / "oef" / "small" / "index.csv"


def _index() -> dict[str, dict[str, str]]:
    with INDEX.open(newline="", encoding="utf-8") as fh:
        return {r["id"]: r for r in csv.DictReader(fh)}


def test_ratio_orientation_by_hand() -> None:
    assert ratio("min", 15.0, 10.0) == 1.5  # min: value / reference
    assert ratio("max", 5.0, 10.0) == 2.0  # max: reference / value
    assert ratio("min", 0.0, 0.0) == 1.0
    assert ratio("max", 0.0, 3.0) == math.inf
    assert geomean([2.0, 8.0]) == pytest.approx(4.0)


def test_half_allocation_scores_exactly_two_on_every_instance() -> None:
    sc = score_set(set_dir("oef/small"), "lib-test-half")
    rows = _index()
    assert [r["id"] for r in sc.rows] == list(rows)
    for r in sc.rows:
        assert r["status"] == "valid"
        best, bound = float(rows[r["id"]]["best_known"]), float(rows[r["id"]]["bound"])
        assert r["objective"] == pytest.approx(best / 2, rel=1e-9)
        assert r["ratio_best"] == pytest.approx(2.0, rel=1e-9)
        assert r["ratio_bound"] == pytest.approx(2 * bound / best, rel=1e-9)
    assert sc.geomean_best == pytest.approx(2.0, rel=1e-9)


def test_cli_json_with_import_and_an_invalid_algorithm(capsys) -> None:
    assert main(["lib", "score", "lib-test-half", "--set", "oef/small", "--import",
                 "tests.lib.plugin_half", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["geomean_ratio_best"] == pytest.approx(2.0, rel=1e-9)
    assert out["invalid"] == 0
    # an invalid run makes the command fail (exit 1), the rows still say why
    assert main(["lib", "score", "lib-test-double", "--set", "oef/small", "--csv"]) == 1
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert len(rows) == len(_index())
    assert {r["status"] for r in rows} == {"invalid"}
    assert {r["ratio_best"] for r in rows} == {""}


def test_a_crashing_plugin_is_named_with_its_file_and_line(capsys) -> None:
    plugin = Path(__file__).with_name("plugin_half.py")
    line = next(k for k, text in enumerate(plugin.read_text().splitlines(), 1)
                if "CRASH-LINE" in text)
    assert main(["lib", "score", "lib-test-crash", "--set", "oef/small", "--import",
                 "tests.lib.plugin_half", "--csv"]) == 1
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert {r["status"] for r in rows} == {"error"}
    assert {r["message"] for r in rows} == {
        f"KeyError: 'no-such-key' (at {plugin.relative_to(Path.cwd())}:{line} in crash)"}


def test_registered_algorithm_ratios_match_the_index_by_hand() -> None:
    import dlsched as ds

    folder = set_dir("oef/small")
    sc = score_set(folder, "max-min")
    for r, (rid, row) in zip(sc.rows, _index().items(), strict=True):
        obj = ds.run(ds.load(folder / row["file"]), "max-min").objective
        assert r["id"] == rid
        assert r["ratio_best"] == pytest.approx(float(row["best_known"]) / obj, rel=1e-9)
        assert r["ratio_best"] >= 1.0


def test_score_is_fast_on_a_small_set() -> None:
    import time

    t0 = time.perf_counter()
    score_set(set_dir("ojpp/small"), "best-fit")
    assert time.perf_counter() - t0 < 10.0
