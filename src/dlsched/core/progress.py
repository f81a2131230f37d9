"""Progress on the terminal for long commands (solve, run, bench, report), quiet elsewhere.

Progress goes to a rich Console (stderr in the CLI) and only when that console is a terminal:
a redirected or piped stream (a log file, CI, ``2>err.txt``) gets nothing, so the output of a
command never depends on whether progress was shown. Displays are transient: they vanish when
the work ends, leaving only the command's own output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: A stage callback: called with the label of the stage that starts now.
Step = Callable[[str], None]


def shown(console: Any, enabled: bool = True) -> bool:
    """Whether progress should be drawn on ``console``.

    Parameters
    ----------
    console : rich.console.Console or None
        Where progress would go (the CLI uses its stderr console).
    enabled : bool, default True
        False for ``--no-progress``.

    Returns
    -------
    bool
        True only when enabled and ``console`` is a terminal (rich's ``is_terminal``, which
        ``Console(force_terminal=True)`` also sets).

    Examples
    --------
    >>> import io
    >>> from rich.console import Console
    >>> shown(Console(file=io.StringIO()))
    False
    >>> shown(Console(file=io.StringIO(), force_terminal=True))
    True
    """
    return bool(enabled and console is not None and console.is_terminal)


def _progress(console: Any, *columns: Any) -> Any:
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    return Progress(SpinnerColumn(), TextColumn("{task.description}"), *columns,
                    TimeElapsedColumn(), TextColumn("{task.fields[note]}"), console=console,
                    transient=True)


@contextmanager
def spinner(console: Any, what: str, time_limit: float | None = None,
            enabled: bool = True) -> Iterator[None]:
    """A spinner with the elapsed time (and the time limit) while the block runs.

    Parameters
    ----------
    console : rich.console.Console or None
        Where to draw; nothing is drawn unless it is a terminal (see ``shown``).
    what : str
        What is running, e.g. ``"solving s4 with completion-interval"`` (drawn as text).
    time_limit : float or None, default None
        The limit the work runs under, shown next to the elapsed time. Unit: s.
    enabled : bool, default True
        False for ``--no-progress``.

    Yields
    ------
    None
        The block runs while the spinner turns; the spinner is removed afterwards.

    Examples
    --------
    >>> import io
    >>> from rich.console import Console
    >>> quiet = Console(file=io.StringIO())
    >>> with spinner(quiet, "solving"):
    ...     pass
    >>> quiet.file.getvalue()
    ''
    """
    if not shown(console, enabled):
        yield
        return
    from rich.markup import escape

    note = "" if time_limit is None else f"(limit {time_limit:g} s)"
    with _progress(console) as bar:
        bar.add_task(escape(what), total=None, note=note)
        yield


@contextmanager
def stages(console: Any, what: str, total: int, enabled: bool = True) -> Iterator[Step]:
    """A bar over ``total`` stages; the block calls the yielded ``step(label)`` as each starts.

    Parameters
    ----------
    console : rich.console.Console or None
        Where to draw; nothing is drawn unless it is a terminal (see ``shown``).
    what : str
        The work as a whole, e.g. ``"report"``.
    total : int
        Number of stages the block will announce. Unit: stages.
    enabled : bool, default True
        False for ``--no-progress``.

    Yields
    ------
    Callable[[str], None]
        ``step(label)``: the previous stage is done, stage ``label`` starts (a no-op when
        progress is not shown).

    Examples
    --------
    >>> import io
    >>> from rich.console import Console
    >>> with stages(Console(file=io.StringIO()), "report", 2) as step:
    ...     step("plots"); step("tables")
    """
    if not shown(console, enabled):
        yield lambda label: None
        return
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn

    with _progress(console, BarColumn(), MofNCompleteColumn()) as bar:
        task = bar.add_task(escape(what), total=max(total, 1), note="")
        started = [False]

        def step(label: str) -> None:
            if started[0]:
                bar.advance(task)
            started[0] = True
            # drawn now, not at the next 10 Hz tick: a stage shorter than a tick is still named
            bar.update(task, note=escape(label), refresh=True)

        yield step
