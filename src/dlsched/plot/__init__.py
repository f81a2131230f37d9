"""Schedule and benchmark figures: Gantt charts, device packings, allocation bars, ratio plots.

Every function takes the instance and a solution (a solution dict or a ``Result``), draws on
``ax`` (a new figure when ``None``) and returns the Axes, so figures compose in notebooks, the
benchmark report and the docs. matplotlib is imported on first use, never at ``import dlsched``.

>>> import dlsched as ds, dlsched.plot as dp
>>> inst = ds.load("instances/completion/s4.json")
>>> ax = dp.plot(inst, ds.run(inst, "fifo"))     # the problem's default plot
"""

from __future__ import annotations

import importlib
from typing import Any

from .style import MARKERS, PALETTE, method_style

#: problem -> ``"module:function"`` of its default plot (imported on first use).
DEFAULT_PLOTS: dict[str, str] = {
    "completion": "dlsched.plot.gantt:completion_gantt",
    "revenue": "dlsched.plot.gantt:revenue_gantt",
    "ltgf": "dlsched.plot.gantt:ltgf_gantt",
    "ojpp": "dlsched.plot.packing:ojpp_packing",
    "oef": "dlsched.plot.allocation:oef_allocation",
}


def default_plot(problem: str) -> Any:
    """The default plot function of ``problem``.

    Parameters
    ----------
    problem : str
        A problem name with an entry in ``DEFAULT_PLOTS``.

    Returns
    -------
    Callable
        ``fn(inst, solution, ax=None) -> Axes`` (its module is imported now).

    Raises
    ------
    InputError
        For a problem without a default plot (the message lists the known ones).

    Examples
    --------
    >>> default_plot("ltgf").__name__
    'ltgf_gantt'
    """
    from ..core.errors import InputError

    if problem not in DEFAULT_PLOTS:
        known = ", ".join(sorted(DEFAULT_PLOTS))
        raise InputError("problem", f"no default plot for {problem!r} (known: {known})")
    module, _, fn = DEFAULT_PLOTS[problem].partition(":")
    return getattr(importlib.import_module(module), fn)


def plot(inst: Any, solution: Any, ax: Any = None, **kwargs: Any) -> Any:
    """Draw ``solution`` of ``inst`` with its problem's default plot.

    Parameters
    ----------
    inst : instance
        Any dlsched instance (its ``problem`` picks the plot).
    solution : dict or Result
        A solution of ``inst``.
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure).
    **kwargs
        Passed on to the plot function.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.
    """
    return default_plot(inst.problem)(inst, solution, ax=ax, **kwargs)


def __getattr__(name: str) -> Any:
    """``dlsched.plot.completion_gantt`` etc. without importing matplotlib up front."""
    for target in (*DEFAULT_PLOTS.values(), "dlsched.plot.ratios:ratio_plot"):
        module, _, fn = target.partition(":")
        if fn == name:
            return getattr(importlib.import_module(module), fn)
    raise AttributeError(name)


__all__ = ["DEFAULT_PLOTS", "MARKERS", "PALETTE", "default_plot", "method_style", "plot"]
