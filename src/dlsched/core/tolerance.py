"""The float tolerances every validator uses, stated once.

A validator judges numbers that solvers and simulators produce in floating point, so every
comparison against a limit needs a slack. dlsched states three, one per kind of quantity, and
every problem's validator uses these helpers (no validator defines its own number):

- **amounts** (GPUs, bandwidth, memory, work, mini-batches, cost, a duration served):
  ``AMOUNT_RTOL`` relative to the limit, with a floor of 1 unit:
  ``used > limit + AMOUNT_RTOL * max(1, |limit|)`` is a violation. 1e-7 is HiGHS' primal
  feasibility tolerance: an LP solution HiGHS calls feasible passes, and e.g. 8.00000097 GPUs of
  a capacity of 8 (an interior-point solver's output, 1.2e-7 over) does not, under every problem.
- **instants** (a start, an end, a submit time, in seconds or slots): ``TIME_ATOL`` absolute.
  A time is compared absolutely because its magnitude (seconds since the trace origin) says
  nothing about its precision.
- **whole numbers and grids** (integral GPU counts in a round, a lease boundary on its grid):
  ``WHOLE_ATOL`` absolute.

The reported objective is compared with its recomputation by ``dlsched.core.objective`` (1e-6
relative + absolute). A library bound is checked with ``dlsched.lib.records.BOUND_TOL`` (1e-6
relative), which covers what a solution may gain from ``AMOUNT_RTOL`` of slack on its limits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: Relative slack of an amount against its limit (floor: 1 unit). See the module docstring.
AMOUNT_RTOL = 1e-7
#: Absolute slack of an instant (seconds or slots) against another.
TIME_ATOL = 1e-6
#: Absolute slack of a value that must be a whole number or lie on a grid.
WHOLE_ATOL = 1e-9


def amount_slack(limit: Any) -> Any:
    """The slack an amount may exceed ``limit`` by (array-aware)."""
    return AMOUNT_RTOL * np.maximum(1.0, np.abs(limit))


def ceiling(limit: Any) -> Any:
    """The largest amount accepted under ``limit`` (array-aware): exact models that enumerate
    feasible configurations use it, so they accept exactly what the validator accepts."""
    return np.add(limit, amount_slack(limit))


def exceeds(used: Any, limit: Any) -> Any:
    """``used`` is more than ``limit`` beyond the amount tolerance (array-aware).

    Examples
    --------
    >>> bool(exceeds(8.0000007, 8)), bool(exceeds(8.00000097, 8))
    (False, True)
    """
    return np.greater(used, ceiling(limit))


def short_of(got: Any, need: Any) -> Any:
    """``got`` is less than ``need`` beyond the amount tolerance (array-aware).

    Examples
    --------
    >>> bool(short_of(99.999995, 100)), bool(short_of(99.9999, 100))
    (False, True)
    """
    return np.less(got, np.subtract(need, amount_slack(need)))


def negative(x: Any) -> Any:
    """``x`` is below zero beyond the amount tolerance of 0 (array-aware)."""
    return np.less(x, -AMOUNT_RTOL)


def same_amount(a: Any, b: Any) -> Any:
    """``a`` and ``b`` agree within the amount tolerance of the larger (array-aware)."""
    scale = np.maximum(np.abs(a), np.abs(b))
    return np.abs(np.subtract(a, b)) <= amount_slack(scale)


def before(t: Any, limit: Any) -> Any:
    """Instant ``t`` lies before ``limit`` beyond the time tolerance (array-aware)."""
    return np.less(t, np.subtract(limit, TIME_ATOL))


def after(t: Any, limit: Any) -> Any:
    """Instant ``t`` lies after ``limit`` beyond the time tolerance (array-aware)."""
    return np.greater(t, np.add(limit, TIME_ATOL))


def same_time(a: Any, b: Any) -> Any:
    """Instants ``a`` and ``b`` agree within the time tolerance (array-aware)."""
    return np.abs(np.subtract(a, b)) <= TIME_ATOL


def off_grid(x: Any, step: float) -> Any:
    """``x`` is farther than ``TIME_ATOL`` from every multiple of ``step`` (array-aware)."""
    return np.abs(np.subtract(x, np.round(np.divide(x, step)) * step)) > TIME_ATOL


def not_whole(x: Any) -> Any:
    """``x`` is farther than ``WHOLE_ATOL`` from an integer (array-aware)."""
    return np.abs(np.subtract(x, np.round(x))) > WHOLE_ATOL
