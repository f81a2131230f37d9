"""Committed reproduction reports still match the code: a fast subset of rows is re-measured.

The OEF report is on the shared verdict rule; its static rows (the LP-level 'estimated'
claims and the profiling-error level) are re-measured exactly as the report measured them and
must give the committed estimates and verdicts. The report must come from a clean tree.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPRO = Path(__file__).resolve().parents[2] / "benchmarks" / "reproduction"


def _module(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPRO / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up while the module runs
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


@pytest.fixture(scope="module")
def committed():
    return json.loads((REPRO / "oef.json").read_text())


def test_the_committed_report_comes_from_a_clean_tree(committed):
    assert committed["clean"] is True and committed["commit"] not in ("", "unknown")
    md = (REPRO / "oef.md").read_text()
    assert f"git commit: {committed['commit']} (clean tree)" in md


def test_every_committed_verdict_has_a_cause_or_is_reproduced(committed):
    for r in committed["results"]:
        assert r["verdict"] == "reproduced" or r["cause"], r


@pytest.mark.slow
def test_static_rows_regenerate_to_the_committed_verdicts(committed):
    rep = _module("oef_report").build(subset=True)
    assert rep.results
    index = {(r["claim"], r["baseline"], r["workload"]): r for r in committed["results"]}
    for x in rep.results:
        old = index[(x.claim.id, x.baseline, x.workload)]
        assert str(x.verdict) == old["verdict"], (x.claim.id, x.baseline)
        if x.estimate is None:
            assert old["estimate"] is None
            continue
        for key in ("point", "low", "high"):
            assert getattr(x.estimate, key) == pytest.approx(old["estimate"][key], abs=1e-6), (
                x.claim.id, x.baseline, key)


def test_every_report_on_the_rule_is_committed_with_its_json():
    ruled = _module("make_reports").RULED
    assert "oef" in ruled
    for name in ruled:
        data = json.loads((REPRO / f"{name}.json").read_text())
        assert data["problem"] == name and data["clean"] is True, name
        assert (REPRO / f"{name}.md").read_text().startswith("# Reproduction:"), name
