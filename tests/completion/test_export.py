"""LP / MPS export of E1 (``completion-milp``, src/dlsched/completion/export.py): the written
files re-solve with plain HiGHS to the golden optima of notes §6 (docs/specs/completion.md)."""

from __future__ import annotations

from pathlib import Path

import highspy
import pytest

from dlsched.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("name", "optimum"), [("s1-ps", 66), ("s3", 18), ("s4", 7)])
@pytest.mark.parametrize("fmt", ["mps", "lp"])
def test_exported_e1_resolves_to_the_golden_optimum(tmp_path: Path, name: str, optimum: float,
                                                    fmt: str) -> None:
    inst = ROOT / "instances" / "completion" / f"{name}.json"
    assert main(["export", str(inst), "-m", "completion-milp", "-d", str(tmp_path)]) == 0
    (path,) = tmp_path.glob(f"*.{fmt}")
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(str(path))
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    assert h.getInfo().objective_function_value == pytest.approx(optimum)
