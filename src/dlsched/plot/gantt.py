"""Gantt charts: one horizontal bar per scheduled job (completion, revenue) or per lease segment
(LTGF), one row per job, one colour per tenant (revenue, LTGF) or per main server (completion,
whose jobs have no tenant), with a legend of the colours.

Readable at 50 jobs and more: the figure grows with the rows, tick labels shrink only down to
a legible size, and a bar's text (its GPUs) is drawn only where it fits inside the bar; the row
ticks and the legend carry the identity of every bar. Names from the instance are drawn
literally (``core.escape.mathtext``: no ``$...$`` math).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.escape import mathtext as _tx
from .style import MAX_WIDTH_IN, MIN_FONT_PT, PALETTE, integer_axis, new_axes, solution_dict

#: Figure height per row and the fixed part (title, axis, legend). Unit: inches.
ROW_INCHES, BASE_INCHES = 0.26, 1.6
#: Font sizes: bar text and row ticks never go below MIN_FONT (the floor of every dlsched
#: figure). Unit: points.
BAR_FONT = MIN_FONT = MIN_FONT_PT
#: A bar's text must leave this much room at each end of the bar. Unit: pixels.
PAD_PX = 2.0


@dataclass(frozen=True)
class Bar:
    """One bar: ``row`` label, [start, start + length), its ``text``, its colour ``group``."""

    row: str
    start: float
    length: float
    text: str
    group: str


def colours(groups: list[str]) -> dict[str, Any]:
    """One distinct colour per group, in order.

    Parameters
    ----------
    groups : list of str
        Group names (tenants, servers), each once.

    Returns
    -------
    dict
        Group -> colour: the Okabe-Ito palette up to 8 groups, matplotlib's ``tab20`` up to
        20, evenly spaced ``turbo`` colours beyond.

    Examples
    --------
    >>> len(set(colours([f"t{i}" for i in range(12)]).values()))
    12
    """
    n = len(groups)
    if n <= len(PALETTE):
        return {g: PALETTE[i] for i, g in enumerate(groups)}
    import matplotlib

    cmap = matplotlib.colormaps["tab20" if n <= 20 else "turbo"]
    picks = [cmap(i) for i in range(n)] if n <= 20 else [cmap(i / (n - 1)) for i in range(n)]
    return {g: tuple(c) for g, c in zip(groups, picks, strict=True)}


def _fit_labels(ax: Any, texts: list[tuple[Any, Any]]) -> None:
    """Remove each bar text wider than its bar (measured by the renderer after layout)."""
    fig = ax.figure
    fig.canvas.draw()  # lay the figure out: extents are final
    renderer = fig.canvas.get_renderer()
    for text, patch in texts:
        if text.get_window_extent(renderer).width > patch.get_window_extent(renderer).width \
                - 2 * PAD_PX:
            text.remove()


def _natural(name: str) -> list[Any]:
    """Sort key that puts ``u2`` before ``u10``."""
    import re

    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", name)]


def gantt(ax: Any, bars: list[Bar], xlabel: str, title: str, legend_title: str) -> Any:
    """Draw ``bars`` on ``ax``: one row per distinct ``row`` (first on top), coloured by group.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    bars : list of Bar
        The bars; several may share a row (LTGF segments).
    xlabel : str
        Time-axis label.
    title : str
        Axes title (drawn literally).
    legend_title : str
        Title of the colour legend (``"tenant"``, ``"main server"``).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``; bar texts that would overflow their bar are omitted.
    """
    rows = list(dict.fromkeys(b.row for b in bars))
    index = {r: i for i, r in enumerate(rows)}
    groups = sorted(dict.fromkeys(b.group for b in bars), key=_natural)
    colour = colours(groups)
    texts = []
    for b in bars:
        patch = ax.barh(index[b.row], b.length, left=b.start, color=colour[b.group],
                        edgecolor="black", linewidth=0.4, height=0.8)[0]
        if b.text:
            texts.append((ax.text(b.start + b.length / 2, index[b.row], _tx(b.text),
                                  ha="center", va="center", fontsize=BAR_FONT, clip_on=True),
                          patch))
    tick_font = max(MIN_FONT, min(9.0, 200.0 / max(len(rows), 1)))
    ax.set_yticks(range(len(rows)), [_tx(r) for r in rows], fontsize=tick_font)
    ax.set_ylim(len(rows) - 0.5, -0.5)  # first row on top
    ax.set_xlabel(xlabel)
    ax.set_title(_tx(title), fontsize=10)
    ax.grid(True, axis="x", alpha=0.3)
    if bars and all(float(b.start).is_integer() and float(b.length).is_integer() for b in bars):
        integer_axis(ax.xaxis)  # slotted schedules
    if groups:
        from matplotlib.patches import Patch

        ax.legend(handles=[Patch(facecolor=colour[g], edgecolor="black", label=_tx(g))
                           for g in groups],
                  title=legend_title, fontsize=8, title_fontsize=8, loc="upper left",
                  bbox_to_anchor=(1.01, 1.0), ncols=1 if len(groups) <= 25 else 2)
    _fit_labels(ax, texts)
    return ax


def _axes(ax: Any, n_rows: int) -> Any:
    """``ax``, or a new figure whose height grows with the number of rows."""
    return new_axes(ax, (MAX_WIDTH_IN, ROW_INCHES * n_rows + BASE_INCHES))


def _gpus(workers: dict[str, int] | None) -> str:
    return " ".join(f"{h}:{c}" for h, c in (workers or {}).items())


def _main_server(workers: dict[str, int] | None) -> str:
    """The host with most of a job's workers (ties: the first listed)."""
    items = list((workers or {}).items())
    return max(items, key=lambda hc: hc[1])[0] if items else "none"


def completion_gantt(inst: Any, solution: Any, ax: Any = None) -> Any:
    """Completion schedule as a Gantt chart.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    solution : dict or Result
        A completion solution (``jobs[name] = {start, duration, workers}``).
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure sized to the jobs).

    Returns
    -------
    matplotlib.axes.Axes
        A bar [start, start + duration) per started job, coloured by the server holding most
        of its workers (jobs have no tenant), text = workers per host where it fits. Jobs the
        method did not schedule have no bar.
    """
    sol = solution_dict(solution)
    bars = [Bar(j, float(d["start"]), float(d["duration"]), _gpus(d.get("workers")),
                _main_server(d.get("workers")))
            for j, d in sol.get("jobs", {}).items() if d.get("start") is not None]
    ax = _axes(ax, len(bars))
    return gantt(ax, bars, "time slot", f"{inst.name}: schedule (text = workers per host)",
                 "main server")


def _tenant_of(inst: Any, job: str) -> str:
    names = list(getattr(inst, "job_names", ()))
    tenants = getattr(inst, "tenant", None)
    tenant_names = getattr(inst, "tenant_names", None)
    if job in names and tenants is not None and tenant_names is not None:
        return str(tenant_names[int(tenants[names.index(job)])])
    return "all"


def revenue_gantt(inst: Any, solution: Any, ax: Any = None) -> Any:
    """Revenue schedule as a Gantt chart, one colour per tenant.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    solution : dict or Result
        A revenue solution (``jobs[name] = {admitted, start, completion, workers}``).
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure sized to the jobs).

    Returns
    -------
    matplotlib.axes.Axes
        A bar [start, completion) per admitted job in its tenant's colour (legend), text =
        workers per host where it fits; rejected jobs have no bar.
    """
    sol = solution_dict(solution)
    bars = [Bar(j, float(d["start"]), float(d["completion"]) - float(d["start"]),
                _gpus(d.get("workers")), _tenant_of(inst, j))
            for j, d in sol.get("jobs", {}).items() if d.get("admitted")]
    ax = _axes(ax, len(bars))
    rev = sol.get("revenue")
    title = f"{inst.name}: admitted jobs" + ("" if rev is None else f" (revenue {rev:g})")
    return gantt(ax, bars, "time slot", title, "tenant")


def ltgf_gantt(inst: Any, solution: Any, ax: Any = None) -> Any:
    """LTGF timeline as a Gantt chart, one colour per tenant.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    solution : dict or Result
        An LTGF solution (``segments = [[job, start, end, [[node, gpus], ...], ...], ...]``).
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure sized to the jobs).

    Returns
    -------
    matplotlib.axes.Axes
        One row per job, a bar per lease segment in the job's tenant colour (legend), text =
        GPUs of the segment where it fits.
    """
    sol = solution_dict(solution)
    tenant = {j.name: str(j.tenant) for j in inst.jobs} if hasattr(inst, "jobs") else {}
    bars = [Bar(str(job), float(start), float(end) - float(start),
                str(sum(g for _, g in place)), tenant.get(job, "all"))
            for job, start, end, place, *_ in sol.get("segments", [])]
    ax = _axes(ax, len({b.row for b in bars}))
    return gantt(ax, bars, "time [s]", f"{inst.name}: lease segments (text = GPUs)", "tenant")
