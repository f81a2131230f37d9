"""OEF allocations: one stacked bar per user, one segment per GPU type (share of its GPUs)."""

from __future__ import annotations

from typing import Any

from ..core.escape import mathtext as _tx
from .style import MIN_FONT_PT, PALETTE, new_axes, solution_dict


def oef_allocation(inst: Any, solution: Any, ax: Any = None) -> Any:
    """OEF allocation as stacked bars, one per user.

    Parameters
    ----------
    inst : OEFInstance
        The instance (user and GPU-type names).
    solution : dict or Result
        An OEF solution (``allocation[user][type]``, ``efficiency[user]``).
    ax : matplotlib.axes.Axes or None, default None
        Where to draw (default: a new figure sized to the users).

    Returns
    -------
    matplotlib.axes.Axes
        One segment per GPU type (share of that type's GPUs, one ``bar`` per (user, type)
        pair); the user's efficiency is written above its bar.
    """
    sol = solution_dict(solution)
    alloc = sol.get("allocation", [])
    eff = sol.get("efficiency", [])
    users = [u.name for u in getattr(inst, "users", ())] or [f"u{i}" for i in range(len(alloc))]
    types = [g.name for g in getattr(inst, "gpu_types", ())]
    ax = new_axes(ax, (max(4.0, 0.6 * len(alloc) + 2), 3.2))
    for i, row in enumerate(alloc):
        bottom = 0.0
        for r, share in enumerate(row):
            label = _tx(types[r] if r < len(types) else f"type {r}") if i == 0 else None
            ax.bar(i, share, bottom=bottom, color=PALETTE[r % len(PALETTE)], edgecolor="black",
                   linewidth=0.5, label=label)
            bottom += share
        if i < len(eff):
            ax.text(i, bottom, f"{eff[i]:.3g}", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(range(len(alloc)), [_tx(u) for u in users[: len(alloc)]])
    ax.set_ylabel("share of the type's GPUs")
    ax.set_title(_tx(f"{inst.name}: allocation (text = efficiency)"))
    ax.legend(title="GPU type", fontsize=MIN_FONT_PT)
    return ax
