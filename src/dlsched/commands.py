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
    """Register a sub-command (registry, not if/elif)."""

    def deco(fn: Handler) -> Handler:
        COMMANDS[name] = (help_text, setup, fn)
        return fn

    return deco
