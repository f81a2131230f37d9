"""dlsched.plot: every default plot draws one bar per scheduled item on each problem's demo
instance (counts taken from the solution, i.e. known by construction), on a given or new Axes."""

from __future__ import annotations

import json
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")  # tests only: no display

import matplotlib.pyplot as plt
import pytest
from matplotlib.patches import Rectangle

import dlsched as ds
import dlsched.plot as dp
from dlsched.core.io import from_dict


def _bars(ax) -> int:
    return sum(len(c) for c in ax.containers)


def _expected(problem: str, sol: dict) -> int:
    """Bars the plot must draw, counted from the solution itself."""
    counts = {
        "completion": lambda: sum(d.get("start") is not None for d in sol["jobs"].values()),
        "revenue": lambda: sum(bool(d.get("admitted")) for d in sol["jobs"].values()),
        "ltgf": lambda: len(sol["segments"]),
        "ojpp": lambda: sum(len(d) for d in sol["devices"]),
        "oef": lambda: sum(len(row) for row in sol["allocation"]),
    }
    return counts[problem]()




def _demo(problem: str):
    return from_dict(json.loads(ds.PROBLEMS.get(problem).demo_instance))


@pytest.mark.parametrize("problem", sorted(dp.DEFAULT_PLOTS))
def test_default_plot_one_bar_per_item(problem: str) -> None:
    inst = _demo(problem)
    methods = [n for n, _ in ds.ALGORITHMS.items(problem)][:2]
    assert methods
    for name in methods:
        res = ds.run(inst, name)
        assert res.solution is not None
        ax = dp.plot(inst, res)
        expected = _expected(problem, res.solution)
        assert expected > 0
        assert _bars(ax) == expected, (problem, name)
        assert all(isinstance(p, Rectangle) for c in ax.containers for p in c)
        plt.close(ax.figure)


def test_plot_draws_on_given_axes() -> None:
    inst = _demo("ojpp")
    res = ds.run(inst, ds.ALGORITHMS.items("ojpp")[0][0])
    fig, (a1, a2) = plt.subplots(1, 2)
    assert dp.ojpp_packing(inst, res, ax=a2) is a2
    assert _bars(a1) == 0 and _bars(a2) == sum(len(d) for d in res.solution["devices"])
    plt.close(fig)


def test_ratio_plot_reference_line_and_log() -> None:
    ax = dp.ratio_plot({"a": [1.0, 1.1], "b": [1.0, 50.0, 2.0]})
    assert len(ax.collections) == 2  # one strip per method
    assert [len(c.get_offsets()) for c in ax.collections] == [2, 3]
    assert len(ax.lines) == 1 and ax.lines[0].get_ydata()[0] == 1.0  # reference as a line
    assert ax.get_yscale() == "log"  # 50 > 10 x 1: one method dominates
    assert dp.ratio_plot({"a": [1.0, 1.2]}).get_yscale() == "linear"
    plt.close("all")


def test_markers_distinct_per_method() -> None:
    styles = [dp.method_style(i) for i in range(8)]
    assert len({s["marker"] for s in styles}) == 8
    assert len({s["color"] for s in styles}) == 8


def test_result_without_solution_is_input_error() -> None:
    inst = _demo("oef")
    with pytest.raises(ds.InputError):
        dp.plot(inst, ds.Result.from_dict({**ds.run(inst, "gavel").to_dict(), "solution": None}))


def test_import_plot_does_not_import_matplotlib() -> None:
    code = "import dlsched.plot, sys; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
