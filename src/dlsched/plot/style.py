"""Colour-blind-safe palette (Okabe & Ito 2008) and one marker per method, shared by all plots."""

from __future__ import annotations

from typing import Any

#: Okabe-Ito colours, distinguishable under the common colour-vision deficiencies.
PALETTE: tuple[str, ...] = (
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000",
)
#: The smallest font a dlsched figure draws and the widest new figure: shown at its own size
#: (matplotlib's 100 dpi) in the docs' text column at 1280 px, every label renders at >= 9 px
#: (scripts/screenshots.py assumes this floor, FIGURE_MIN_PT). Units: points, inches.
MIN_FONT_PT, MAX_WIDTH_IN = 8.0, 9.0

#: Distinct filled markers, so methods differ in greyscale print too.
MARKERS: tuple[str, ...] = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p")


def method_style(index: int) -> dict[str, str]:
    """Colour and marker of the ``index``-th method (cycling).

    Parameters
    ----------
    index : int
        Position of the method. Unit: methods. Range: 0..

    Returns
    -------
    dict
        ``{"color": ..., "marker": ...}`` for matplotlib.

    Examples
    --------
    >>> method_style(9)
    {'color': '#E69F00', 'marker': '>'}
    """
    return {"color": PALETTE[index % len(PALETTE)], "marker": MARKERS[index % len(MARKERS)]}


def new_axes(ax: Any, figsize: tuple[float, float]) -> Any:
    """``ax`` itself, or the Axes of a new figure (matplotlib is imported here).

    Parameters
    ----------
    ax : matplotlib.axes.Axes or None
        An Axes to reuse.
    figsize : tuple of float
        (width, height) of a new figure with constrained layout; the width is capped at
        ``MAX_WIDTH_IN``. Unit: inches.

    Returns
    -------
    matplotlib.axes.Axes
        ``ax`` or the new Axes.
    """
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(min(figsize[0], MAX_WIDTH_IN), figsize[1]),
                         layout="constrained")
    return ax


def solution_dict(solution: Any) -> dict[str, Any]:
    """The solution of a Result, a typed Solution or a dict, as a JSON dict.

    Parameters
    ----------
    solution : Result, Solution or dict
        What a plot was given.

    Returns
    -------
    dict
        The solution's JSON form.

    Raises
    ------
    InputError
        Field ``solution``: a Result without a solution, or an object of another type.
    """
    from ..core.errors import InputError
    from ..core.solution import Solution, as_json

    if hasattr(solution, "solution") and hasattr(solution, "status"):
        if solution.solution is None:
            raise InputError("solution", f"result has no solution (status {solution.status.value})")
        return as_json(solution.solution)
    if isinstance(solution, Solution):
        return solution.to_json()
    if not isinstance(solution, dict):
        kind = type(solution).__name__
        raise InputError("solution", f"expected a solution dict or a Result, got {kind}")
    return solution


def integer_axis(axis: Any) -> None:
    """Integer ticks on a count axis (GPUs, devices, slots).

    Parameters
    ----------
    axis : matplotlib.axis.Axis
        ``ax.xaxis`` or ``ax.yaxis``.
    """
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))
