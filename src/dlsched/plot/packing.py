"""OJPP device packings: one stacked bar per device, one segment per job's workers on it."""

from __future__ import annotations

from typing import Any

from ..core.escape import mathtext as _tx
from .style import MIN_FONT_PT, PALETTE, integer_axis, new_axes, solution_dict


def ojpp_packing(inst: Any, solution: Any, ax: Any = None) -> Any:
    """OJPP placement as stacked bars, one per device.

    Parameters
    ----------
    inst : OJPPInstance
        The instance (its name titles the plot).
    solution : dict or Result
        An OJPP solution (``devices = [{job: workers, ...}, ...]``).
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure sized to the devices).

    Returns
    -------
    matplotlib.axes.Axes
        x = device, height = workers per job on it (one ``bar`` per (device, job) pair),
        colour = job (legend up to 12 jobs); the title gives the device count.
    """
    sol = solution_dict(solution)
    devices = sol.get("devices", [])
    jobs = sorted({j for d in devices for j in d}, key=str)
    colour = {j: PALETTE[i % len(PALETTE)] for i, j in enumerate(jobs)}
    ax = new_axes(ax, (max(4.0, 0.35 * len(devices) + 2), 3.2))
    seen: set[str] = set()
    for k, dev in enumerate(devices):
        bottom = 0
        for j in sorted(dev, key=str):
            ax.bar(k, dev[j], bottom=bottom, color=colour[j], edgecolor="black", linewidth=0.5,
                   label=None if j in seen else _tx(j))
            seen.add(j)
            bottom += dev[j]
    ax.set_xlabel("device")
    ax.set_ylabel("workers")
    integer_axis(ax.xaxis)
    integer_axis(ax.yaxis)
    ax.set_title(_tx(f"{inst.name}: {len(devices)} devices"))
    if len(jobs) <= 12:
        ax.legend(title="job", fontsize=MIN_FONT_PT, loc="upper right")
    return ax
