"""MPS/LP exports of the OEF LPs: they parse and give the same optimum as ds.solve."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from pathlib import Path

import highspy
import pytest

import dlsched as ds
from dlsched.cli import main as dlsched
from dlsched.oef.rules import for_model

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = sorted((ROOT / "models" / "oef").glob("*.mps"))


def _optimum(path: Path) -> float:
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(path)) == highspy.HighsStatus.kOk
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    return h.getInfo().objective_function_value


def test_reexport_eq6_cooperative_matches_golden_and_solve(tmp_path: Path) -> None:
    src = ROOT / "instances" / "oef" / "paper-eq6.json"
    assert dlsched(["export", str(src), "-m", "oef-cooperative", "-d", str(tmp_path)]) == 0
    for ext in ("mps", "lp"):
        value = _optimum(tmp_path / f"paper-eq6.oef-cooperative.{ext}")
        assert value == pytest.approx(5.25, rel=1e-9)  # notes §9 G5: Sigma = 21/4
        assert value == pytest.approx(ds.solve(ds.load(src), "oef-cooperative").objective, rel=1e-9)


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: p.name)
def test_committed_export_gives_the_solve_optimum(path: Path) -> None:
    instance, model = path.name.removesuffix(".mps").split(".")
    inst = ds.load(ROOT / "instances" / "oef" / f"{instance}.json")
    # the LP of the file is the model's statement, whatever the instance states
    assert _optimum(path) == pytest.approx(ds.solve(for_model(inst, model), model).objective,
                                           rel=1e-8)
    assert _optimum(path.with_suffix(".lp")) == pytest.approx(_optimum(path), rel=1e-9)
