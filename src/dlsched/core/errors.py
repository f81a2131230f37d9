"""Error types: bad input always names the offending field."""

from __future__ import annotations


class DlschedError(Exception):
    """Base class of every error dlsched raises on purpose.

    Catch it to tell dlsched's refusals (bad input, a missing solver) from bugs.

    Examples
    --------
    >>> issubclass(InputError, DlschedError), issubclass(SolverError, DlschedError)
    (True, True)
    """


class InputError(DlschedError, ValueError):
    """Bad input; the message names the offending field (the command line exits with status 2).

    Parameters
    ----------
    field : str
        A dotted path into the input (e.g. ``users[2].speedup[0]``) or an option (``--param n``).
    reason : str
        What is wrong with it.

    Examples
    --------
    >>> err = InputError("users[2].speedup[0]", "must be positive")
    >>> str(err), err.field
    ('users[2].speedup[0]: must be positive', 'users[2].speedup[0]')
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}")


class SolverError(DlschedError, RuntimeError):
    """A solver is missing or failed in a way that is not a property of the instance.

    Examples
    --------
    >>> str(SolverError("gurobi is not installed (installed: highs)"))
    'gurobi is not installed (installed: highs)'
    """
