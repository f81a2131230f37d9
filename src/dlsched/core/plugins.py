"""Loading plug-ins: modules that register problems, models or algorithms when imported.

A plug-in is any Python module whose import calls ``register_algorithm`` / ``register_model``
(or adds a problem). It reaches dlsched in three ways, all through this module:

- ``--import MODULE`` on ``dlsched run``, ``solve`` and ``bench`` (a module name on the import
  path, or the path of a ``.py`` file);
- ``[suite] imports`` of a benchmark suite (the same two forms; a relative file path is taken
  from the suite file's directory);
- the entry-point group ``dlsched.plugins`` of an installed distribution, loaded when the
  command line starts and in every benchmark worker.

A plug-in that cannot be loaded is an ``InputError`` naming it (the CLI: exit 2, one line).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from .errors import InputError

#: Entry-point group scanned by ``load_entry_points`` (declared by a plug-in's distribution).
ENTRY_POINT_GROUP = "dlsched.plugins"

_ENTRY_POINTS_LOADED = False


def is_path(spec: str) -> bool:
    """Whether ``spec`` names a file rather than a module.

    Parameters
    ----------
    spec : str
        A plug-in as the user gave it.

    Returns
    -------
    bool
        True when ``spec`` ends in ``.py`` or contains a path separator.

    Examples
    --------
    >>> is_path("my_plugin"), is_path("plugins/my_plugin.py")
    (False, True)
    """
    return spec.endswith(".py") or "/" in spec or "\\" in spec


def import_plugin(spec: str, field: str = "--import", base: Path | None = None) -> ModuleType:
    """Import one plug-in (a module name or the path of a ``.py`` file), once per process.

    A file is imported under its stem as module name (``my_plugin.py`` -> ``my_plugin``), so
    importing it again, by path or by name, returns the same module and registers nothing
    twice.

    Parameters
    ----------
    spec : str
        A dotted module name on ``sys.path``, or a path to a ``.py`` file.
    field : str, default "--import"
        Where the user gave ``spec``: the field an error names.
    base : Path or None, default None
        Directory a relative file path is taken from (None: the working directory).

    Returns
    -------
    ModuleType
        The imported module.

    Raises
    ------
    InputError
        The module is not found, the file does not exist, another module of that name is
        already loaded, or importing it raised (the message names ``spec`` and the cause).

    Examples
    --------
    >>> import_plugin("json").__name__
    'json'
    """
    if not is_path(spec):
        try:
            return importlib.import_module(spec)
        except Exception as exc:
            raise InputError(field, f"cannot import plug-in {spec!r}: {_why(exc)}") from None
    path = Path(spec).expanduser()
    if base is not None and not path.is_absolute():
        path = base / path
    path = path.resolve()
    if not path.is_file():
        raise InputError(field, f"plug-in file {spec!r} not found")
    name = path.stem
    loaded = sys.modules.get(name)
    if loaded is not None:
        if _same_file(loaded, path):
            return loaded
        raise InputError(field, f"plug-in file {spec!r}: a different module named {name!r} is "
                                "already loaded; rename the file")
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise InputError(field, f"plug-in file {spec!r} is not a Python module")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module  # before executing: the module may import itself by name
    try:
        module_spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise InputError(field, f"cannot import plug-in {spec!r}: {_why(exc)}") from None
    return module


def import_plugins(specs: Iterable[str], field: str = "--import",
                   base: Path | None = None) -> list[ModuleType]:
    """Import several plug-ins in order (see ``import_plugin``).

    Parameters
    ----------
    specs : iterable of str
        Module names or ``.py`` paths.
    field : str, default "--import"
        The field an error names.
    base : Path or None, default None
        Directory relative file paths are taken from.

    Returns
    -------
    list of ModuleType
        The imported modules, in order.

    Raises
    ------
    InputError
        The first plug-in that cannot be imported.

    Examples
    --------
    >>> [m.__name__ for m in import_plugins(["json", "math"])]
    ['json', 'math']
    """
    return [import_plugin(s, field, base) for s in specs]


def absolute(spec: str, base: Path | None = None) -> str:
    """``spec`` with a file path made absolute (a module name unchanged), for worker processes.

    Parameters
    ----------
    spec : str
        A module name or a ``.py`` path.
    base : Path or None, default None
        Directory a relative path is taken from (None: the working directory).

    Returns
    -------
    str
        The module name, or the resolved absolute path.

    Examples
    --------
    >>> absolute("my_plugin")
    'my_plugin'
    """
    if not is_path(spec):
        return spec
    path = Path(spec).expanduser()
    return str(((base / path) if base is not None and not path.is_absolute() else path).resolve())


def load_entry_points(group: str = ENTRY_POINT_GROUP) -> list[str]:
    """Load every plug-in an installed distribution declares in the entry-point ``group``.

    A distribution declares one in its ``pyproject.toml``::

        [project.entry-points."dlsched.plugins"]
        my-plugin = "my_package.dlsched_plugin"

    Loaded once per process (later calls return ``[]``).

    Parameters
    ----------
    group : str, default "dlsched.plugins"
        The entry-point group.

    Returns
    -------
    list of str
        Names of the entry points loaded by this call.

    Raises
    ------
    InputError
        An entry point fails to load; the field is ``plugin NAME``.

    Examples
    --------
    >>> isinstance(load_entry_points("dlsched.no-such-group"), list)
    True
    """
    global _ENTRY_POINTS_LOADED
    if _ENTRY_POINTS_LOADED and group == ENTRY_POINT_GROUP:
        return []
    from importlib.metadata import entry_points

    if group == ENTRY_POINT_GROUP:
        _ENTRY_POINTS_LOADED = True
    loaded = []
    for ep in sorted(entry_points(group=group), key=lambda e: e.name):
        try:
            ep.load()
        except Exception as exc:
            raise InputError(f"plugin {ep.name}",
                             f"cannot load entry point {ep.value!r}: {_why(exc)}") from None
        loaded.append(ep.name)
    return loaded


def _same_file(module: ModuleType, path: Path) -> bool:
    file = getattr(module, "__file__", None)
    return file is not None and Path(file).resolve() == path


def _why(exc: BaseException) -> str:
    """An exception as one short line: type and message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__
