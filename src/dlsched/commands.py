"""The sub-command registry and the consoles shared by ``dlsched.cli`` and
``dlsched.bench.cli`` (one layer below both, so neither imports the other's module)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rich.console import Console

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

Handler = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Handler]] = {}


def command(name: str, help_text: str, setup: Callable[[argparse.ArgumentParser], None]):
    """Decorator: register a sub-command (a registry, not an if/elif chain).

    Parameters
    ----------
    name : str
        The sub-command (``dlsched NAME``).
    help_text : str
        One line for ``dlsched --help``.
    setup : callable
        Adds the sub-command's arguments to its ``argparse.ArgumentParser``.

    Returns
    -------
    callable
        The decorator; it registers ``handler(args) -> exit status`` and returns it unchanged.

    Examples
    --------
    >>> deco = command("hello", "say hello", lambda p: p.add_argument("--name"))
    >>> handler = deco(lambda args: 0)
    >>> COMMANDS["hello"][0]
    'say hello'
    >>> del COMMANDS["hello"]
    """

    def deco(fn: Handler) -> Handler:
        COMMANDS[name] = (help_text, setup, fn)
        return fn

    return deco
