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


def raised_at(exc: BaseException) -> str:
    """``file:line in function`` where ``exc`` was raised, preferring the innermost frame outside
    dlsched (a plug-in's own line) over dlsched's frames; the file relative to the working
    directory when it lies below it.

    Parameters
    ----------
    exc : BaseException
        A caught exception (with its traceback).

    Returns
    -------
    str
        The location, or ``"unknown location"`` without a traceback.

    Examples
    --------
    >>> try:
    ...     {}["k"]
    ... except KeyError as exc:
    ...     raised_at(exc).endswith("in <module>")
    True
    """
    import traceback
    from contextlib import suppress
    from pathlib import Path

    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "unknown location"
    package = str(Path(__file__).resolve().parents[1])
    outside = [f for f in frames if not str(Path(f.filename).resolve()).startswith(package)]
    f = (outside or frames)[-1]
    path = Path(f.filename)
    with suppress(ValueError):  # relative to the working directory when below it
        path = path.resolve().relative_to(Path.cwd().resolve())
    return f"{path}:{f.lineno} in {f.name}"


def crash_message(exc: BaseException, limit: int = 240) -> str:
    """One line for a run that raised: type, message (cut) and where it was raised.

    Parameters
    ----------
    exc : BaseException
        A caught exception (with its traceback).
    limit : int, default 240
        Rough length cap of the line; the message is cut, the location kept.

    Returns
    -------
    str
        ``"Type: message (at file:line in function)"``.

    Examples
    --------
    >>> try:
    ...     1 / 0
    ... except ZeroDivisionError as exc:
    ...     crash_message(exc).startswith("ZeroDivisionError: division by zero (at ")
    True
    """
    where = raised_at(exc)
    text = " ".join(str(exc).split())
    room = max(40, limit - len(type(exc).__name__) - len(where) - 9)
    if len(text) > room:
        text = text[: room - 3] + "..."
    return f"{type(exc).__name__}: {text} (at {where})"
