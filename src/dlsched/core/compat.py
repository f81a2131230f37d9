"""Old module paths kept importable, with a ``DeprecationWarning``, after a module moved.

A problem package calls ``alias_modules`` once with ``{old dotted name: new dotted name}``;
``import dlsched.ojpp.colgen`` then yields the module now at ``dlsched.ojpp.exact.colgen`` and
warns once, so user code written against the old layout keeps working for a release.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

_ALIASES: dict[str, str] = {}


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new
        self._spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.new}; the old path will be removed",
            DeprecationWarning,
            stacklevel=3,
        )
        module = importlib.import_module(self.new)
        self._spec = module.__spec__  # the import system overwrites it with the alias's spec
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The target module is already executed: only give it back its own spec."""
        module.__spec__ = self._spec


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: object = None, target: object = None):  # type: ignore[no-untyped-def]
        new = _ALIASES.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new))


_FINDER = _AliasFinder()


def alias_modules(aliases: dict[str, str]) -> None:
    """Make each old dotted module name import the module at its new name (with a warning)."""
    _ALIASES.update(aliases)
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
