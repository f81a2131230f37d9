"""``dlsched lib list`` / ``show``: the figures printed are the index's, counted by hand."""

from __future__ import annotations

import csv
from pathlib import Path

from dlsched.cli import main

LIB = Path(__file__).resolve().parents[2] / "instances" / "lib"


def test_list_counts_every_set(capsys) -> None:
    assert main(["lib", "list"]) == 0
    out = capsys.readouterr().out
    for index in LIB.glob("*/*/index.csv"):
        with index.open(newline="") as fh:
            rows = list(csv.DictReader(fh))
        opt = 100 * sum(r["status"] == "optimal" for r in rows) / len(rows)
        line = next(ln for ln in out.splitlines()
                    if f" {index.parent.parent.name}/{index.parent.name} " in ln)
        cells = [c.strip() for c in line.split("│") if c.strip()]
        assert cells[1:3] == [str(len(rows)), f"{opt:.0f}"]


def test_show_prints_every_instance(capsys) -> None:
    assert main(["lib", "show", "ojpp/small"]) == 0
    out = capsys.readouterr().out
    with (LIB / "ojpp" / "small" / "index.csv").open(newline="") as fh:
        for row in csv.DictReader(fh):
            line = next(ln for ln in out.splitlines() if f" {row['id']} " in ln)
            assert f" {float(row['best_known']):.6g} " in line and " optimal " in line


def test_unknown_set_exits_2(capsys) -> None:
    assert main(["lib", "show", "oef/nope"]) == 2
    assert "oef/nope" in capsys.readouterr().err
