"""Gantt charts stay readable at 50 jobs (issue 22): one colour per tenant with a legend, bar
texts only where they fit, a figure that grows with the rows."""

from __future__ import annotations

from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")  # tests only

import matplotlib.pyplot as plt
from matplotlib.colors import to_hex
from matplotlib.patches import Rectangle

from dlsched.plot.gantt import revenue_gantt

N_JOBS, N_TENANTS = 50, 5


def _revenue(n_jobs: int = N_JOBS):
    """A revenue-like instance and solution: job j of tenant j % 5, lengths 1..400 slots, and a
    long worker text, so that short bars cannot hold their text and long ones can."""
    names = [f"job{j}" for j in range(n_jobs)]
    inst = SimpleNamespace(name="fifty", job_names=tuple(names),
                           tenant=tuple(j % N_TENANTS for j in range(n_jobs)),
                           tenant_names=tuple(f"tenant{t}" for t in range(N_TENANTS)))
    jobs = {n: {"admitted": True, "start": 3 * j, "completion": 3 * j + 1 + (j * 37) % 400,
                "workers": {"server-alpha": 2, "server-beta": 1}}
            for j, n in enumerate(names)}
    return inst, {"jobs": jobs, "revenue": 1.0}


def _bars(ax):
    return [p for p in ax.patches if isinstance(p, Rectangle)]


def test_fifty_jobs_one_colour_per_tenant_and_a_legend():
    inst, sol = _revenue()
    ax = revenue_gantt(inst, sol)
    try:
        bars = _bars(ax)
        assert len(bars) == N_JOBS
        assert len({to_hex(b.get_facecolor()) for b in bars}) == N_TENANTS
        legend = ax.get_legend()
        assert legend is not None
        assert sorted(t.get_text() for t in legend.get_texts()) == \
            [f"tenant{t}" for t in range(N_TENANTS)]
        # each tenant's jobs share one colour: job j's bar has the colour of tenant j % 5
        by_tenant: dict[int, set[str]] = {}
        for j, bar in enumerate(bars):
            by_tenant.setdefault(j % N_TENANTS, set()).add(to_hex(bar.get_facecolor()))
        assert all(len(c) == 1 for c in by_tenant.values())
        assert [t.get_text() for t in ax.get_yticklabels()] == list(inst.job_names)
    finally:
        plt.close(ax.figure)


def test_fifty_jobs_no_label_overflows_its_bar():
    inst, sol = _revenue()
    ax = revenue_gantt(inst, sol)
    try:
        fig = ax.figure
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        bars = {round(b.get_y() + b.get_height() / 2): b for b in _bars(ax)}
        texts = ax.texts
        assert 0 < len(texts) < N_JOBS  # some fit, the short bars' texts were dropped
        for text in texts:
            bar = bars[round(text.get_position()[1])]
            t_box, b_box = text.get_window_extent(renderer), bar.get_window_extent(renderer)
            assert b_box.x0 <= t_box.x0 and t_box.x1 <= b_box.x1, text.get_text()
            assert t_box.height <= b_box.height
            assert text.get_fontsize() >= 6.5
        assert min(t.get_fontsize() for t in ax.get_yticklabels()) >= 6.5
    finally:
        plt.close(ax.figure)


def test_figure_height_grows_with_the_rows():
    heights = []
    for n in (10, 50):
        inst, sol = _revenue(n)
        ax = revenue_gantt(inst, sol)
        heights.append(ax.figure.get_size_inches()[1])
        plt.close(ax.figure)
    assert heights[1] >= heights[0] + 40 * 0.2  # at least 0.2 inch more per extra row
