"""Ratio plots: one point per instance and method (strip plot), the reference as a line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.escape import mathtext as _tx
from .style import method_style, new_axes


def ratio_plot(ratios: Mapping[str, Sequence[float]], ax: Any = None, reference: float = 1.0,
               ylabel: str = "objective / reference", log: bool | None = None,
               ylim: tuple[float, float] | None = None) -> Any:
    """Strip plot of ratios per method, the reference as a dashed line.

    Parameters
    ----------
    ratios : Mapping[str, Sequence[float]]
        Method -> its ratios (None entries are skipped); pass only the methods to draw.
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure).
    reference : float, default 1.0
        Height of the reference line. Unit: dimensionless.
    ylabel : str, default "objective / reference"
        Y-axis label.
    log : bool or None, default None
        Log scale; None: log when the largest ratio is over 10x the smallest positive one, so
        one dominating method does not flatten the rest.
    ylim : tuple of float or None, default None
        (low, high) y-axis limits, e.g. to keep a 1.0-1.6 band readable next to an outlier.
        Unit: dimensionless.

    Returns
    -------
    matplotlib.axes.Axes
        One marker per value, jittered deterministically, in the method's colour and marker.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = ratio_plot({"a": [1.0, 1.2], "b": [1.1, 5.0]}, ylim=(1.0, 1.6))
    >>> print(*ax.get_ylim())
    1.0 1.6
    """
    ax = new_axes(ax, (max(4.0, 0.9 * len(ratios) + 2), 3.2))
    values = [v for vs in ratios.values() for v in vs if v is not None]
    for i, (method, vs) in enumerate(ratios.items()):
        vs = [v for v in vs if v is not None]
        n = len(vs)
        xs = [i + (0.25 * (k / (n - 1) - 0.5) if n > 1 else 0.0) for k in range(n)]
        ax.scatter(xs, vs, label=_tx(method), s=22, edgecolor="black", linewidth=0.4,
                   **method_style(i))
    ax.axhline(reference, color="grey", linestyle="--", linewidth=1, label="reference")
    ax.set_xticks(range(len(ratios)), [_tx(m) for m in ratios], rotation=30, ha="right")
    ax.set_ylabel(ylabel)
    positive = [v for v in values if v > 0]
    dominated = bool(positive) and max(positive) > 10 * min(positive)
    if log or (log is None and ylim is None and dominated):  # user limits: linear unless asked
        ax.set_yscale("log")
    if ylim is not None:
        ax.set_ylim(*ylim)
    return ax
