"""The results store notices a changed method: each row keeps a fingerprint of its method's code
and parameters, and a stored task whose method changed is re-run (and the sweep says so)
instead of being served stale; an unchanged method, or a row older than fingerprints, is not.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import tests.bench.toyplugin  # noqa: F401  (registers the toy problem in this process)
from dlsched.bench import ResultsStore, run_suite
from dlsched.bench.tasks import method_fingerprint
from tests.bench.conftest import REPO

PLUGIN = '''
import numpy as np
from dlsched.core import Result, Status, register_algorithm
from dlsched.oef.solution import make_solution, row_efficiency

SHARE = 0.5


@register_algorithm("fp-probe", "oef", "test plug-in: SHARE of every type to row 0")
def fp_probe(inst):
    X = np.zeros_like(inst.rows.W, dtype=float)
    X[0, :] = SHARE * np.asarray(inst.capacity, dtype=float)
    return Result(problem="oef", method="fp-probe", status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()), runtime_s=0.0,
                  solution=make_solution(inst, X))
'''

SUITE = """
[suite]
name = "fp"
bootstrap = 100

[problems.oef]

[[problems.oef.instances]]
label = "syn"
grid = { n = [3], k = [2] }
seeds = 1

[[problems.oef.methods]]
label = "probe"
algorithm = "fp-probe"

[[problems.oef.methods]]
label = "max-min"
algorithm = "max-min"
"""


def _bench(cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    return subprocess.run(
        [sys.executable, "-m", "dlsched.cli", "bench", "fp.toml", "--out", "fp.db", "-j", "1",
         "--import", "probe_plugin.py", "--no-progress"],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _rows(db: Path) -> dict[str, tuple[float, str, str]]:
    con = sqlite3.connect(db)
    try:
        return {m: (o, f, t) for m, o, f, t in con.execute(
            "SELECT method, objective, fingerprint, finished_at || ':' || wall_s FROM runs")}
    finally:
        con.close()


def test_edited_plugin_is_rerun_and_reported(tmp_path: Path) -> None:
    (tmp_path / "probe_plugin.py").write_text(PLUGIN)
    (tmp_path / "fp.toml").write_text(SUITE)
    first = _bench(tmp_path)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "2 tasks, 0 already done, 2 run" in first.stdout
    before = _rows(tmp_path / "fp.db")
    assert before["probe"][1] and before["max-min"][1]  # both rows carry a fingerprint

    same = _bench(tmp_path)  # nothing changed: everything is served from the store
    assert same.returncode == 0, same.stderr[-2000:]
    assert "2 already done, 0 run" in same.stdout and "re-ran" not in same.stdout
    assert _rows(tmp_path / "fp.db") == before

    text = PLUGIN.replace("SHARE = 0.5", "SHARE = 0.25")
    (tmp_path / "probe_plugin.py").write_text(text)
    edited = _bench(tmp_path)
    assert edited.returncode == 0, edited.stderr[-2000:]
    assert "re-ran 1 task: method code changed: probe" in edited.stdout
    assert "1 already done, 1 run" in edited.stdout
    after = _rows(tmp_path / "fp.db")
    # half the share on every type: half the efficiency (linear in the allocation)
    assert after["probe"][0] == pytest.approx(before["probe"][0] / 2)
    assert after["probe"][1] != before["probe"][1]
    assert after["max-min"] == before["max-min"]  # untouched row, same finish mark


def test_rows_without_fingerprint_are_kept_and_old_databases_migrate(toy_suite: Path,
                                                                      tmp_path: Path) -> None:
    db = tmp_path / "toy.db"
    rep = run_suite(toy_suite, db, executor="serial", progress=False)
    assert rep.ran == rep.total and not rep.changed
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE runs DROP COLUMN fingerprint")  # a database of an older dlsched
    con.commit()
    con.close()
    again = run_suite(toy_suite, db, executor="serial", progress=False)
    assert (again.ran, again.skipped, again.changed) == (0, rep.total, {})
    with ResultsStore(db, create=False) as store:
        fps = store.fingerprints("toy")
    assert len(fps) == rep.total and set(fps.values()) == {None}  # column back, rows unknown
    con = sqlite3.connect(db)
    con.execute("UPDATE runs SET fingerprint = 'stale' WHERE method = 'first'")
    con.commit()
    con.close()
    third = run_suite(toy_suite, db, executor="serial", progress=False)
    n_first = 2 * 3  # sizes x seeds
    assert (third.ran, third.changed) == (n_first, {"first": n_first})


def test_fingerprint_follows_code_and_params() -> None:
    fp = method_fingerprint("bench-toy", "algorithm", "toy-first", {})
    assert fp == method_fingerprint("bench-toy", "algorithm", "toy-first", {})
    assert fp != method_fingerprint("bench-toy", "algorithm", "toy-first", {"x": 1})
    assert fp != method_fingerprint("bench-toy", "algorithm", "toy-random", {})
    # an exact model is fingerprinted by its own function, under the guard's wrapper
    exact = method_fingerprint("bench-toy", "exact", "toy-exact", {})
    assert exact != fp and len(exact) == 32


# --- issue #33: methods registered by a shared helper are told apart and follow their code ---
def test_every_ltgf_policy_and_ojpp_variant_has_its_own_fingerprint() -> None:
    """``register_policy`` / ``add_variant`` / ``_a_maxirev_with`` register one closure per
    name: before, every LTGF policy had the same fingerprint (the closure's source and
    simulate.py), so an edited policy was served stale."""
    from dlsched.ltgf.support.simulate import POLICIES
    from dlsched.ojpp.support.placement import VARIANTS

    method_fingerprint("ltgf", "algorithm", "yarn-cs", {})  # loads the problem modules
    ltgf = {n: method_fingerprint("ltgf", "algorithm", n, {}) for n in POLICIES}
    assert len(ltgf) >= 7 and len(set(ltgf.values())) == len(ltgf)
    ojpp = {n: method_fingerprint("ojpp", "algorithm", n, {}) for n in VARIANTS}
    assert len(ojpp) >= 5 and len(set(ojpp.values())) == len(ojpp)
    assert (method_fingerprint("revenue", "algorithm", "mincost-d", {})
            != method_fingerprint("revenue", "algorithm", "mincost-c", {}))


POLICY_PLUGIN = '''
from dlsched.ltgf.baselines.yarn_cs import YarnCS
from dlsched.ltgf.support.simulate import register_policy

TAG = 1


@register_policy("test plug-in: YARN's schedule under another name")
class {cls}(YarnCS):
    """YARN capacity scheduler, registered by a plug-in."""

    name = "{name}"
'''


def test_an_edited_plugin_policy_file_changes_its_fingerprint(tmp_path: Path) -> None:
    """The plug-in's own file counts (docs/plugin.md), for a policy class too."""
    from dlsched.core import plugins

    path = tmp_path / "fp_policy_plugin.py"
    from dlsched.core import ALGORITHMS
    from dlsched.ltgf.support.simulate import POLICIES

    path.write_text(POLICY_PLUGIN.format(cls="FpPolicy", name="fp-policy"))
    plugins.import_plugin(str(path))
    try:
        before = method_fingerprint("ltgf", "algorithm", "fp-policy", {})
        assert before != method_fingerprint("ltgf", "algorithm", "yarn-cs", {})
        assert before == method_fingerprint("ltgf", "algorithm", "fp-policy", {})
        path.write_text(path.read_text().replace("TAG = 1", "TAG = 2"))
        assert method_fingerprint("ltgf", "algorithm", "fp-policy", {}) != before
    finally:  # the plug-in must not join the policies every later test of this worker sees
        ALGORITHMS._items.pop(("ltgf", "fp-policy"), None)
        POLICIES.pop("fp-policy", None)


LTGF_SUITE = """
[suite]
name = "fp-ltgf"

[problems.ltgf]

[[problems.ltgf.instances]]
label = "slotted"
generator = "dlsched.ltgf.generate:generate_slotted"
grid = { n_jobs = [6] }
seeds = 2

[[problems.ltgf.methods]]
label = "probe"
algorithm = "fp-probe-policy"

[[problems.ltgf.methods]]
label = "yarn"
algorithm = "yarn-cs"
"""


def test_edited_plugin_policy_rows_are_rerun(tmp_path: Path) -> None:
    """End to end: a plug-in LTGF policy's stored rows are recomputed after its file changes,
    the other policy's rows are served (they used to share one fingerprint)."""
    (tmp_path / "probe_plugin.py").write_text(
        POLICY_PLUGIN.format(cls="ProbePolicy", name="fp-probe-policy"))
    (tmp_path / "fp.toml").write_text(LTGF_SUITE)
    first = _bench(tmp_path)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr[-2000:]
    assert "4 tasks, 0 already done, 4 run" in first.stdout
    again = _bench(tmp_path)
    assert "4 already done, 0 run" in again.stdout and "re-ran" not in again.stdout
    text = (tmp_path / "probe_plugin.py").read_text().replace("TAG = 1", "TAG = 2")
    (tmp_path / "probe_plugin.py").write_text(text)
    edited = _bench(tmp_path)
    assert edited.returncode == 0, edited.stdout[-2000:] + edited.stderr[-2000:]
    assert "re-ran 2 tasks: method code changed: probe" in edited.stdout
    assert "2 already done, 2 run" in edited.stdout
