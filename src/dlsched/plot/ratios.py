"""Ratio plots: one point per instance and method (strip plot), the reference as a line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.escape import mathtext as _tx
from .style import method_style, new_axes


def ratio_plot(ratios: Mapping[str, Sequence[float]], ax: Any = None, reference: float = 1.0,
               ylabel: str = "objective / reference", log: bool | None = None) -> Any:
    """Strip plot of ``ratios[method]`` (one marker per value, jittered deterministically), a
    dashed line at ``reference``; log scale when ``log`` or (``None``) when the largest ratio is
    over 10x the smallest positive one, so one dominating method does not flatten the rest."""
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
    if log or (log is None and positive and max(positive) > 10 * min(positive)):
        ax.set_yscale("log")
    return ax
