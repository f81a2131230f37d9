"""LP/MPS exports are made on demand: every canonical export re-solves to its model's optimum.

For each row of ``scripts/export_models.py:CANONICAL``: ``dlsched export`` writes the MPS and
LP files, plain HiGHS (no dlsched code) reads and solves both, and the optimum is the golden
value of the formulation card where one is published (completion s1-ps 66, s3 18, s4 7,
s5-bw3 5; OJPP G-O1 5 devices; revenue worked example OPT 326), else ``ds.solve``'s optimum.
The LTGF export is one Dinkelbach step at level 1 (``max t``, ``Alloc_j - Fair_j >= t``), so its
optimum is >= 0 exactly when the max-min share ``rho*`` is >= 1 (and 0 when ``rho* = 1``).
The committed exports are the ones under ``COMMIT_LINES`` lines and equal a fresh export.
"""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import highspy
import pytest

import dlsched as ds
from dlsched.cli import main as dlsched
from dlsched.oef.rules import for_model

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("export_models", ROOT / "scripts" /
                                               "export_models.py")
assert _spec is not None and _spec.loader is not None
export_models = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(export_models)

#: (instance file, model) -> optimum published in the formulation cards (models/*.md).
GOLDEN = {
    ("completion/s1-ps.json", "completion-milp"): 66.0,
    ("completion/s3.json", "completion-milp"): 18.0,
    ("completion/s4.json", "completion-milp"): 7.0,
    ("completion/s5-bw3.json", "completion-milp"): 5.0,
    ("ojpp/golden-o1.json", "ojpp-patterns"): 5.0,
    ("ojpp/golden-o1.json", "ojpp-compact"): 5.0,
    ("revenue/paper-worked-example.json", "revenue-milp"): 326.0,
}


def _committed() -> list[Path]:
    """Files under models/ that git tracks (every file when this is not a git checkout)."""
    try:
        out = subprocess.run(["git", "ls-files", "models"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return list((ROOT / "models").rglob("*"))
    return [ROOT / line for line in out.splitlines()]


def highs_optimum(path: Path) -> float:
    """The optimum of an MPS/LP file by plain HiGHS (fails unless proven optimal)."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("time_limit", 120.0)
    # kWarning: HiGHS notes integer bounds it rounds or infinite bounds; the model is read
    assert h.readModel(str(path)) in (highspy.HighsStatus.kOk, highspy.HighsStatus.kWarning)
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal, path.name
    return h.getInfo().objective_function_value


def _stated(instance: str, model: str):
    """The instance file loaded and stating the problem ``model`` solves (the export's problem).

    An OEF export of model m is LP (4)/(9)/(10) whatever fairness the file states, so the
    instance is restated for m; the LTGF exact models solve the slotted statement.
    """
    inst = ds.load(ROOT / "instances" / instance)
    if model.startswith("oef-"):
        return for_model(inst, model)
    if model.startswith("ltgf-") and inst.time != "slotted":
        return inst.slotted()
    return inst


def _export(tmp: Path, instance: str, model: str) -> tuple[Path, Path]:
    before = set(tmp.glob("*"))
    assert dlsched(["export", str(ROOT / "instances" / instance), "-m", model, "-d", str(tmp)]) == 0
    written = sorted(set(tmp.glob("*")) - before)
    mps = [p for p in written if p.suffix == ".mps"]
    lp = [p for p in written if p.suffix == ".lp"]
    assert len(mps) == 1 and len(lp) == 1, written
    return mps[0], lp[0]


@pytest.mark.parametrize(("problem", "instance", "model"), export_models.CANONICAL,
                         ids=lambda v: str(v).removesuffix(".json"))
def test_export_resolves_to_the_optimum(tmp_path: Path, problem: str, instance: str,
                                        model: str) -> None:
    mps, lp = _export(tmp_path, instance, model)
    value = highs_optimum(mps)
    assert highs_optimum(lp) == pytest.approx(value, rel=1e-9, abs=1e-9)
    if problem == "ltgf":
        rho = ds.solve(_stated(instance, model), model).objective
        assert (value >= -1e-9) == (rho >= 1 - 1e-9)
        if rho == pytest.approx(1.0):
            assert value == pytest.approx(0.0, abs=1e-9)
        return
    expected = GOLDEN.get((instance, model))
    if expected is None:
        res = ds.solve(_stated(instance, model), model)
        assert res.status is ds.Status.OPTIMAL
        expected = res.objective
    assert value == pytest.approx(expected, rel=1e-7, abs=1e-7)


def test_committed_exports_are_small_canonical_and_current(tmp_path: Path) -> None:
    assert export_models.export(tmp_path) == 0
    committed = sorted(p.relative_to(ROOT / "models") for p in _committed()
                       if p.suffix in (".lp", ".mps"))
    assert committed, "no export committed"
    for rel in committed:
        text = (ROOT / "models" / rel).read_text()
        assert text.count("\n") <= export_models.COMMIT_LINES, f"{rel}: too large to commit"
        fresh = tmp_path / rel
        assert fresh.is_file(), f"{rel}: not a canonical export"
        assert fresh.read_text() == text, f"{rel}: stale, re-run scripts/export_models.py"
    small = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.lp")
                   if p.read_text().count("\n") <= export_models.COMMIT_LINES)
    missing = [str(rel) for rel in small if rel not in committed]
    assert missing == []
