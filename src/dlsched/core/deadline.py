"""A cooperative deadline for work that runs inside someone else's time limit.

The label guard (``core.guard``) runs heuristics after an exact model returns, inside the
caller's time limit. Heuristics whose loops can run long on large instances call
``check_deadline`` once per iteration; outside a ``deadline`` block it costs one
context-variable read and never raises, so the heuristics behave as before when called
directly. A context variable (not a global) keeps concurrent threads (Dask) apart.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import DlschedError

_IMPORTED = time.perf_counter()
_DEADLINE: ContextVar[float | None] = ContextVar("dlsched_deadline", default=None)


class DeadlineExceeded(DlschedError):
    """The work ran past the deadline set by ``deadline`` (its result is abandoned)."""


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Within the block, ``check_deadline`` raises once ``seconds`` have passed
    (``None``: no deadline). Nested blocks keep the earlier of the two deadlines."""
    if seconds is None:
        yield
        return
    new = time.perf_counter() + max(0.0, seconds)
    outer = _DEADLINE.get()
    token = _DEADLINE.set(new if outer is None else min(outer, new))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def process_age() -> float:
    """Seconds since this process started (Linux: ``/proc``; elsewhere since this module's
    import). A wall-clock limit of a command counts the interpreter's start and the imports,
    which take seconds on a loaded machine (benchmarks/time-limits.md)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            # field 22 (starttime, clock ticks after boot) follows the ")" of the command name
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - _IMPORTED


#: smallest time limit handed on when a budget is used up: a positive value every solver accepts
MIN_LIMIT_S = 0.01


#: seconds a command keeps back from its limit for writing the result and the interpreter's
#: exit (about 0.7 s measured under load: module teardown of Pyomo, SciPy, OR-Tools)
EXIT_RESERVE_S = 0.5


def command_budget(limit: float | None) -> float | None:
    """What a command started ``process_age()`` seconds ago may hand its solver of ``limit``."""
    return remaining(limit, process_age() + EXIT_RESERVE_S)


def remaining(limit: float | None, spent: float) -> float | None:
    """What is left of ``limit`` after ``spent`` seconds (at least ``MIN_LIMIT_S``)."""
    return None if limit is None else max(MIN_LIMIT_S, limit - spent)


def time_left() -> float | None:
    """Seconds until the enclosing ``deadline`` (negative once passed; ``None``: none)."""
    due = _DEADLINE.get()
    return None if due is None else due - time.perf_counter()


def past_deadline() -> bool:
    """True once the enclosing ``deadline`` has passed (never outside one)."""
    left = time_left()
    return left is not None and left < 0


def check_deadline() -> None:
    """Raise ``DeadlineExceeded`` when the enclosing ``deadline`` has passed."""
    due = _DEADLINE.get()
    if due is not None and time.perf_counter() > due:
        raise DeadlineExceeded("time limit reached")


__all__ = ["EXIT_RESERVE_S", "MIN_LIMIT_S", "DeadlineExceeded", "check_deadline",
           "command_budget", "deadline", "past_deadline",
           "process_age", "remaining", "time_left"]
