"""MPS export: the exported models solve to the expected optima in plain HiGHS."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pytest

import dlsched as ds
from dlsched.core import PROBLEMS

from .helpers import golden


def _solve_mps(model, path):
    import highspy

    model.write(str(path), io_options={"symbolic_solver_labels": True})
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(str(path))
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    return h.getInfo().objective_function_value


def test_patterns_master_exports_the_full_model(tmp_path):
    model = PROBLEMS.get("ojpp").build_model(golden(), "ojpp-patterns")
    assert _solve_mps(model, tmp_path / "p.mps") == pytest.approx(5)


def test_compact_export_is_the_relaxation_without_collision_cuts(tmp_path):
    # without (5) the G-O1 optimum is the "(3) + interference + balance" row: 4 devices
    model = PROBLEMS.get("ojpp").build_model(golden(), "ojpp-compact")
    assert _solve_mps(model, tmp_path / "c.mps") == pytest.approx(4)


def test_compact_row_count_matches_spec_formula():
    import pyomo.environ as pyo

    inst = golden()
    model = PROBLEMS.get("ojpp").build_model(inst, "ojpp-compact")
    rows = sum(len(c) for c in model.component_objects(pyo.Constraint, active=True))
    n, m = inst.n_jobs, inst.devices
    # notes §5.1: 2n + 7nm + 2m - 1 (166 at n=3, m=7), plus one bases-only memory row per device
    # (our rows cover max-burst for jobs with delta > 0 and the bases alone), the volume bound
    # and the redundant cardinality rows of ojpp.bounds (at most max_workers per device)
    from dlsched.ojpp.exact import bounds

    assert 2 * n + 7 * n * m + 2 * m - 1 == 166
    cmax = bounds.max_workers(inst.demand, inst.cap, inst.omega)
    extra = m if cmax < inst.omega.sum() else 0
    assert len(model.redundant) == extra
    assert rows == 166 + m + 1 + extra


def test_cpsat_is_not_exportable():
    with pytest.raises(ds.InputError):
        PROBLEMS.get("ojpp").build_model(golden(), "ojpp-cpsat")
