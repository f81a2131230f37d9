"""The same suite gives the same results with every executor (Dask on loopback included)."""

from __future__ import annotations

import pytest

from dlsched.bench import ResultsStore, run_suite
from tests.bench.conftest import TOY_SUITE, write_suite

OEF_PART = """
[problems.oef]
reference = "efficiency"
size = "users"

[[problems.oef.instances]]
label = "synthetic"
grid = { n = [3, 5], k = [2, 3] }
seeds = 1

[[problems.oef.methods]]
label = "efficiency"
model = "oef-efficiency"

[[problems.oef.methods]]
label = "max-min"
algorithm = "max-min"

[[problems.oef.methods]]
label = "gavel"
algorithm = "gavel"
"""
# the instances state fairness = "none" (capacity only): LP (4) is their exact model, and the
# other OEF LPs, which state other problems, would refuse them
FIELDS = ("problem", "instance_id", "method", "seed", "status", "objective", "bound", "valid",
          "violations", "solution_digest", "metrics", "size")


@pytest.fixture
def both_suite(tmp_path):
    """Two problems in one suite: the toy (min, with failures) and OEF (max): LP (4) and two
    mechanisms."""
    return write_suite(tmp_path / "both.toml", TOY_SUITE.format(seeds=2, extra=OEF_PART))


def _snapshot(db):
    with ResultsStore(db, create=False) as store:
        rows = store.rows()
    out = {}
    for r in rows:
        vals = tuple(round(v, 9) if isinstance(v, float) else v for v in (r[f] for f in FIELDS))
        out[r["task_key"]] = vals
    return out


def test_local_and_dask_match_serial(both_suite, tmp_path):
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster

    ref = tmp_path / "serial.db"
    rep = run_suite(both_suite, ref, executor="serial", progress=False)
    assert rep.ran == rep.total == 2 * 2 * 6 + 4 * 3 and rep.errors == 4
    expected = _snapshot(ref)
    assert any(v[4] == "optimal" and v[0] == "oef" for v in expected.values())

    local = tmp_path / "local.db"
    run_suite(both_suite, local, executor="local", jobs=2, progress=False)
    assert _snapshot(local) == expected

    own = tmp_path / "dask.db"  # --executor dask without address: starts its own LocalCluster
    run_suite(both_suite, own, executor="dask", jobs=1, progress=False)
    assert _snapshot(own) == expected

    # --address: connect to an existing scheduler over TCP on loopback (any Dask deployment
    # works alike); its worker is a thread of this process, which keeps the test quick
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                      host="127.0.0.1", dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        remote = tmp_path / "remote.db"
        run_suite(both_suite, remote, executor="dask", address=cluster.scheduler_address,
                  progress=False)
    assert _snapshot(remote) == expected


def test_bad_executor_settings_are_input_errors(toy_suite, tmp_path):
    from dlsched.core import InputError

    with pytest.raises(InputError, match="--jobs"):
        run_suite(toy_suite, tmp_path / "r.db", jobs=0)
    with pytest.raises(InputError, match="--address"):
        run_suite(toy_suite, tmp_path / "r.db", executor="local", address="tcp://127.0.0.1:1")
    with pytest.raises(InputError, match="unknown executor"):
        run_suite(toy_suite, tmp_path / "r.db", executor="slurm")


def test_a_dying_worker_is_recorded_and_the_sweep_goes_on(tmp_path):
    text = TOY_SUITE.format(seeds=2, extra="").replace(
        'algorithm = "toy-fail"', 'algorithm = "toy-die"')
    suite = write_suite(tmp_path / "die.toml", text)
    db = tmp_path / "r.db"
    rep = run_suite(suite, db, executor="local", jobs=1, progress=False)
    with ResultsStore(db, create=False) as store:
        rows = store.rows()
    assert len(rows) == rep.total == 2 * 2 * 6
    died = [r for r in rows if r["method"] == "fail"]
    assert len(died) == 4 and all(r["status"] == "error" for r in died)
    assert all("worker failed" in r["error"] and r["finished_at"] for r in died)
    assert all(r["params"] == {} and r["solver"] is None for r in died)
    others = [r for r in rows if r["method"] != "fail"]  # bystanders of the broken pool too
    assert all(r["status"] in ("optimal", "feasible") and not r.get("error") for r in others)
