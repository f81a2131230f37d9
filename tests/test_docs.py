"""The documentation site builds with ``mkdocs build --strict``, and its tutorial code runs.

mkdocs is part of the ``docs`` extra, which the README's test command installs: a missing mkdocs
is a failure here, not a skip. The build writes only into ``tmp_path`` (the notebook cache of
mkdocs-jupyter lands in the working directory, so the build runs from ``tmp_path``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "docs" / "examples"


def _env(*paths: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*(str(p) for p in paths), str(REPO / "src"),
                                         env.get("PYTHONPATH", "")])
    env["NO_MKDOCS_2_WARNING"] = "1"
    return env


def test_mkdocs_build_strict(tmp_path: Path) -> None:
    import mkdocs  # noqa: F401  (fails, not skips, without the docs extra)

    site = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(REPO / "mkdocs.yml"),
         "-d", str(site)], cwd=tmp_path, env=_env(), capture_output=True, text=True,
        timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    # the included formulation cards, the API reference and the notebooks are really there
    assert "LP (10)" in (site / "problems" / "oef" / "index.html").read_text(encoding="utf-8")
    api = (site / "reference" / "api" / "index.html").read_text(encoding="utf-8")
    assert "dlsched.api.solve" in api
    for nb in ("oef", "ojpp", "revenue", "completion", "ltgf"):
        assert (site / "notebooks" / nb / "index.html").is_file()
    tutorial = (site / "plugin" / "index.html").read_text(encoding="utf-8")
    assert "greedy_fastest" in tutorial  # the plugin file is included verbatim


def test_plugin_tutorial_suite(tmp_path: Path) -> None:
    """Run the tutorial's command; check ratios known by construction (docs/plugin.md)."""
    from dlsched.bench.aggregate import ratio_rows
    from dlsched.bench.store import ResultsStore

    db = tmp_path / "greedy.db"
    proc = subprocess.run(
        [sys.executable, "-m", "dlsched.cli", "bench", str(EXAMPLES / "greedy-oef.toml"),
         "--out", str(db), "--jobs", "1"],
        cwd=tmp_path, env=_env(EXAMPLES), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    with ResultsStore(db, create=False) as store:
        rows = ratio_rows(store, "greedy-oef")
    by_method: dict[str, list[dict]] = {}
    for r in rows:
        by_method.setdefault(r["method"], []).append(r)
    assert set(by_method) == {"efficiency", "greedy", "greedy(half)", "max-min"}
    assert all(r["valid"] == 1 and r["basis"] == "proven" for r in rows)
    # every type to its fastest row maximises LP (4) (capacity rows only); half of it, half
    assert [r["ratio"] for r in by_method["greedy"]] == pytest.approx([1.0] * 4, abs=1e-9)
    assert [r["ratio"] for r in by_method["greedy(half)"]] == pytest.approx([0.5] * 4, abs=1e-9)
    # n > k users: some row is fastest on no type and gets nothing, so SI fails; the equal
    # split is SI by definition
    assert all(r["metrics"]["si"] == 0.0 for r in by_method["greedy"])
    assert all(r["metrics"]["si"] == 1.0 for r in by_method["max-min"])


def test_plugin_rejects_bad_share(tmp_path: Path) -> None:
    """A bad parameter is an InputError naming the field (run apart: the registration would
    otherwise stay in this test process)."""
    code = (
        "import dlsched as ds, greedy_oef\n"
        "from dlsched.core import InputError\n"
        f"inst = ds.load({str(REPO / 'instances' / 'oef' / 'paper-w1.json')!r})\n"
        "assert ds.check(inst, ds.run(inst, 'greedy-fastest')) == []\n"
        "try:\n"
        "    ds.run(inst, 'greedy-fastest', share=1.5)\n"
        "except InputError as exc:\n"
        "    print('field', exc.field)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_env(EXAMPLES),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == "field share"
