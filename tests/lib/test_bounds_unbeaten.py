"""Try to break every bound of the small sets: no solution the validator accepts may beat a
stored bound (``dlsched.lib.attack``: every registered algorithm, every exact model at a short
limit, a hill climb on perturbations of the stored solution). ``scripts/break_bounds.py`` runs
the same over every set and writes the counts to ``benchmarks/lib-bounds.md``."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlsched.lib.attack import attack_record
from dlsched.lib.records import read_index

LIB = Path(__file__).resolve().parents[2] / "instances" / "lib"
SMALL = sorted(p.parent for p in LIB.glob("*/small/index.csv"))
RECORDS = [(folder, row) for folder in SMALL for row in read_index(folder)]


@pytest.mark.parametrize("rec", RECORDS,
                         ids=lambda r: f"{r[0].parent.name}/{r[0].name}/{r[1]['id']}")
def test_no_validated_solution_beats_the_stored_bound(rec) -> None:
    folder, row = rec
    att = attack_record(folder, row, exact_limit=1.0, tries=30, seed=1)
    assert att.ok, att.beyond
    assert att.valid >= 1  # at least the algorithms that solve the problem produced something


def test_the_attack_finds_a_wrong_bound(tmp_path: Path) -> None:
    """A record claiming a worse solution is optimal (bound = its value) is caught: the attack
    is not blind. The stored allocation is halved (still envy-free and within capacity), and
    the row says optimal at half the true optimum."""
    import shutil

    import dlsched as ds
    from dlsched.core import PROBLEMS
    from dlsched.core.result import Result
    from dlsched.lib.records import format_number, write_index

    folder = Path(shutil.copytree(LIB / "oef" / "small", tmp_path / "oef" / "small"))
    rows = read_index(folder)
    row = dict(rows[0])
    inst = ds.load(folder / row["file"])
    best = ds.load(folder / row["solution_file"])
    sol = {"allocation": [[0.5 * x for x in r] for r in best.solution.to_json()["allocation"]]}
    value = PROBLEMS.get("oef").objective(inst, sol)
    ds.save(Result("oef", "oef-cooperative", "optimal", value, value, solution=sol),
            folder / row["solution_file"])
    row.update(best_known=format_number(value), bound=format_number(value), gap="0.0")
    write_index(folder, [row, *rows[1:]])
    att = attack_record(folder, row, tries=0, models=False)
    assert not att.ok
    assert any("oef-" in b or "max-min" in b or "gavel" in b for b in att.beyond), att.beyond
