"""dlsched-lib: reference instances with best-known solutions and certified bounds.

The library lives in ``instances/lib/<problem>/<set>/`` (format: ``instances/lib/README.md``,
``docs/lib.md``). This package reads and writes it (``records``), states each instance's
offered load (``load``), builds a set from generator calls (``build``), scores an algorithm
against the records (``score``) and improves the records (``improve``); ``dlsched lib`` is its
command line (``lib.cli``).

Examples
--------
>>> from dlsched.lib import list_sets
>>> "ltgf/small" in dict(list_sets())
True
"""

from __future__ import annotations

from .build import build_set, call_text, parse_call
from .improve import Change, improve_set
from .load import offered_load
from .records import (
    COLUMNS,
    DEFAULT_ROOT,
    list_sets,
    load_record,
    read_index,
    set_dir,
    write_index,
)
from .score import Score, ratio, score_set

__all__ = ["COLUMNS", "DEFAULT_ROOT", "Change", "Score", "build_set", "call_text",
           "improve_set", "list_sets", "load_record", "offered_load", "parse_call", "ratio",
           "read_index", "score_set", "set_dir", "write_index"]
