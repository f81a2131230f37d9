"""Committed real-data instances: valid, with provenance, reproducible from the vendored data."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import dlsched as ds
from dlsched.ltgf import dump, parse

ROOT = Path(__file__).resolve().parents[2]
INST = ROOT / "instances" / "ltgf"
DATA = ROOT / "src" / "dlsched" / "data"  # vendored


def test_instances_load_with_provenance():
    for name in ("philly-2weeks", "philly-2weeks-64n", "venus-synthetic", "philly-window-n10-s0"):
        inst = ds.load(INST / f"{name}.json")
        assert inst.provenance, name
    ph = ds.load(INST / "philly-2weeks.json")
    assert ph.n_tenants == 11 and ph.gpus == 1680
    assert max(j.submit for j in ph.jobs) < 14 * 86400


def test_philly_instance_reproduces():
    """From the vendored data (part of the package): a missing file fails, never skips."""
    spec = importlib.util.spec_from_file_location("mk", ROOT / "scripts" / "make_ltgf_instances.py")
    mk = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mk)
    built = parse(mk.philly(DATA))
    assert dump(built) == dump(ds.load(INST / "philly-2weeks.json"))
