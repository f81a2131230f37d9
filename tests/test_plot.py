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


def _texts(fig) -> list:
    """Every visible, non-empty text artist of ``fig`` (ticks, titles, legends, bar texts)."""
    from matplotlib.text import Text

    fig.canvas.draw()  # tick labels exist once the figure is laid out
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]


def _big(problem: str):
    """An instance with many rows (jobs, devices, users): the plots' fonts shrink with rows."""
    # > 22 rows: the Gantt ticks would shrink below the floor (200 / rows points)
    sizes = {"completion": {"n_jobs": 30}, "revenue": {"n_jobs": 30}, "ltgf": {"n_jobs": 30},
             "ojpp": {"n_jobs": 12}, "oef": {"n": 30}}
    return ds.generate(problem, seed=1, **sizes[problem])


@pytest.mark.slow
@pytest.mark.parametrize("problem", sorted(dp.DEFAULT_PLOTS))
def test_default_plots_keep_fonts_and_width_readable_in_the_docs(problem: str) -> None:
    # shown at its own size in the docs' column, a figure's smallest label must render at
    # >= 9 px: at 100 dpi that is >= 6.5 pt; the floor is 8 pt (what scripts/screenshots.py
    # assumes for every matplotlib figure) and a new figure is at most 9 in (900 px) wide
    from dlsched.plot.style import MAX_WIDTH_IN, MIN_FONT_PT

    assert MIN_FONT_PT * 100 / 72 >= 9.0 and MAX_WIDTH_IN * 100 <= 900
    for big, inst in ((False, _demo(problem)), (True, _big(problem))):
        res = ds.run(inst, ds.ALGORITHMS.items(problem)[0][0])
        ax = dp.plot(inst, res)
        fig = ax.figure
        assert fig.get_figwidth() <= MAX_WIDTH_IN, (problem, fig.get_figwidth())
        if big and problem in ("completion", "ltgf"):  # revenue: rows = admitted jobs
            assert len(ax.get_yticklabels()) > 22  # the floor is what holds the tick size
        small = [(t.get_text(), t.get_fontsize()) for t in _texts(fig)
                 if t.get_fontsize() < MIN_FONT_PT]
        assert not small, (problem, inst.name, small[:5])
        plt.close(fig)


def test_ratio_plot_width_capped_and_fonts_floor() -> None:
    from dlsched.plot.style import MAX_WIDTH_IN, MIN_FONT_PT

    ax = dp.ratio_plot({f"method-{i}": [1.0, 1.0 + i / 10] for i in range(20)})
    assert ax.figure.get_figwidth() == MAX_WIDTH_IN  # 0.9 * 20 + 2 = 20 in, capped
    assert min(t.get_fontsize() for t in _texts(ax.figure)) >= MIN_FONT_PT
    plt.close("all")
