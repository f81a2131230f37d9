"""Gantt charts: one horizontal bar per scheduled job (completion, revenue) or per lease segment
(LTGF), coloured by job (completion/revenue) or tenant (LTGF), labelled with its GPUs.
Names from the instance are drawn literally (core.escape.mathtext: no ``$...$`` math)."""

from __future__ import annotations

from typing import Any

from ..core.escape import mathtext as _tx
from .style import PALETTE, integer_axis, new_axes, solution_dict


def _job_bars(ax: Any, bars: list[tuple[str, float, float, str]], xlabel: str, title: str) -> Any:
    """``bars`` = (row label, start, length, text); one ``barh`` per entry, first row on top."""
    labels = list(dict.fromkeys(b[0] for b in bars))
    row = {lab: i for i, lab in enumerate(labels)}
    for lab, start, length, text in bars:
        ax.barh(row[lab], length, left=start, color=PALETTE[row[lab] % len(PALETTE)],
                edgecolor="black", linewidth=0.5)
        if text:
            ax.text(start + length / 2, row[lab], _tx(text), ha="center", va="center",
                    fontsize=8)
    ax.set_yticks(range(len(labels)), [_tx(lab) for lab in labels])
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(_tx(title))
    if all(float(b[1]).is_integer() and float(b[2]).is_integer() for b in bars):
        integer_axis(ax.xaxis)  # slotted schedules
    return ax


def _gpus(workers: dict[str, int] | None) -> str:
    return " ".join(f"{h}:{c}" for h, c in (workers or {}).items())


def completion_gantt(inst: Any, solution: Any, ax: Any = None) -> Any:
    """Completion schedule: a bar [start, start + duration) per job with a start, text = workers
    per host. Jobs the method did not schedule have no bar."""
    sol = solution_dict(solution)
    bars = [(j, float(d["start"]), float(d["duration"]), _gpus(d.get("workers")))
            for j, d in sol.get("jobs", {}).items() if d.get("start") is not None]
    ax = new_axes(ax, (7, 0.4 * len(bars) + 1.2))
    return _job_bars(ax, bars, "time slot", f"{inst.name}: schedule")


def revenue_gantt(inst: Any, solution: Any, ax: Any = None) -> Any:
    """Revenue schedule: a bar [start, completion) per admitted job; rejected jobs have no bar."""
    sol = solution_dict(solution)
    bars = [(j, float(d["start"]), float(d["completion"]) - float(d["start"]),
             _gpus(d.get("workers")))
            for j, d in sol.get("jobs", {}).items() if d.get("admitted")]
    ax = new_axes(ax, (7, 0.4 * len(bars) + 1.2))
    rev = sol.get("revenue")
    title = f"{inst.name}: admitted jobs" + ("" if rev is None else f" (revenue {rev:g})")
    return _job_bars(ax, bars, "time slot", title)


def ltgf_gantt(inst: Any, solution: Any, ax: Any = None) -> Any:
    """LTGF timeline: a bar per segment ``[job, start, end, [[node, gpus], ...], ...]``, one row
    per job, coloured by the job's tenant."""
    sol = solution_dict(solution)
    tenant = {j.name: j.tenant for j in inst.jobs} if hasattr(inst, "jobs") else {}
    tenants = sorted(set(tenant.values()), key=str)
    colour = {t: PALETTE[i % len(PALETTE)] for i, t in enumerate(tenants)}
    segs = sol.get("segments", [])
    ax = new_axes(ax, (8, 0.35 * len({s[0] for s in segs}) + 1.4))
    rows = {j: i for i, j in enumerate(dict.fromkeys(s[0] for s in segs))}
    for job, start, end, place, *_ in segs:
        ax.barh(rows[job], end - start, left=start, color=colour.get(tenant.get(job), PALETTE[0]),
                edgecolor="black", linewidth=0.5)
        gpus = sum(g for _, g in place)
        ax.text((start + end) / 2, rows[job], str(gpus), ha="center", va="center", fontsize=7)
    ax.set_yticks(range(len(rows)), [_tx(r) for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("time [s]")
    ax.set_title(_tx(f"{inst.name}: lease segments (text = GPUs)"))
    if tenants:
        from matplotlib.patches import Patch

        ax.legend(handles=[Patch(color=colour[t], label=_tx(t)) for t in tenants],
                  title="tenant", loc="lower right", fontsize=7)
    return ax
