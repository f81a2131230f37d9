"""Error types: bad input always names the offending field."""

from __future__ import annotations


class DlschedError(Exception):
    """Base class of every error dlsched raises on purpose."""


class InputError(DlschedError, ValueError):
    """Bad input: ``field`` is a dotted path into the input (e.g. ``users[2].speedup[0]``)."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class SolverError(DlschedError, RuntimeError):
    """A solver is missing or failed in a way that is not a property of the instance."""
