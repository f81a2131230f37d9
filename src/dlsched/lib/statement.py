"""A set's problem statement: the rules every solution is judged by, written down once.

Each problem reads its rules from the instance alone (``Problem.rules``: e.g. OEF's
``{"fairness": "cooperative"}``, completion's ``{"horizon": "open"}``) and words the constraints
they impose (``Problem.describe_rules``). A set stores that statement in its ``set.json``
(``"statement": {"rules": ..., "constraints": [...]}``); every instance of the set must state the
same rules, so ``dlsched check``, ``lib score``, ``lib improve``, the harness and the bounds all
judge a solution by one problem.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core import PROBLEMS, InputError
from ..core.io import atomic_write_text


def statement_of(problem: str, inst: Any) -> dict[str, Any]:
    """The statement an instance states: its rules and the constraints they impose.

    Parameters
    ----------
    problem : str
        The instance's problem.
    inst : object
        The instance.

    Returns
    -------
    dict
        ``{"rules": {rule: value}, "constraints": [sentence, ...]}``.

    Examples
    --------
    >>> import dlsched as ds
    >>> st = statement_of("oef", ds.load("instances/lib/oef/small/small-01.json"))
    >>> sorted(st)
    ['constraints', 'rules']
    """
    prob = PROBLEMS.get(problem)
    rules = dict(prob.rules(inst))
    return {"rules": rules, "constraints": list(prob.describe_rules(rules))}


def read_statement(folder: str | Path) -> dict[str, Any] | None:
    """The statement stored in a set's ``set.json`` (``None`` when it has none).

    Parameters
    ----------
    folder : str or Path
        The set's folder.

    Returns
    -------
    dict or None
        ``{"rules": ..., "constraints": [...]}``.

    Examples
    --------
    >>> from dlsched.lib.records import set_dir
    >>> "rules" in read_statement(set_dir("oef/small"))
    True
    """
    from .records import read_meta

    st = read_meta(folder).get("statement")
    if st is None:
        return None
    if not isinstance(st, dict) or not isinstance(st.get("rules"), dict):
        raise InputError(f"{Path(folder) / 'set.json'}.statement",
                         "must be an object with a 'rules' object")
    return st


def check_statement(folder: str | Path) -> dict[str, Any]:
    """The set's statement, after checking that every instance states exactly its rules.

    Parameters
    ----------
    folder : str or Path
        The set's folder.

    Returns
    -------
    dict
        The statement (``read_statement``).

    Raises
    ------
    InputError
        The set has no statement, or an instance states other rules (naming both).

    Examples
    --------
    >>> from dlsched.lib.records import set_dir
    >>> check_statement(set_dir("oef/small"))["rules"]["fairness"]
    'cooperative'
    """
    import dlsched as ds

    from .records import read_index

    folder = Path(folder)
    st = read_statement(folder)
    if st is None:
        raise InputError(f"{folder / 'set.json'}.statement", "missing: every set states its "
                         "rules (scripts/build_lib.py --statement writes them)")
    problem = folder.parent.name
    for row in read_index(folder, validate=False):
        have = dict(PROBLEMS.get(problem).rules(ds.load(folder / row["file"])))
        if have != st["rules"]:
            raise InputError(f"{folder / row['file']}", f"states the rules {have}, but the set "
                             f"{problem}/{folder.name} states {st['rules']}")
    return st


def write_statement(folder: str | Path) -> dict[str, Any]:
    """Derive the set's statement from its instances and store it in ``set.json`` (atomically).

    Parameters
    ----------
    folder : str or Path
        The set's folder (its instances must all state the same rules).

    Returns
    -------
    dict
        The statement written.

    Raises
    ------
    InputError
        Two instances state different rules (nothing is written).

    Examples
    --------
    >>> import shutil, tempfile
    >>> from dlsched.lib.records import set_dir
    >>> tmp = shutil.copytree(set_dir("oef/small"), tempfile.mkdtemp() + "/oef/small")
    >>> write_statement(tmp)["rules"]
    {'fairness': 'cooperative'}
    """
    import dlsched as ds

    from .records import META, read_index, read_meta

    folder = Path(folder)
    problem = folder.parent.name
    found: dict[str, Any] | None = None
    for row in read_index(folder, validate=False):
        st = statement_of(problem, ds.load(folder / row["file"]))
        if found is not None and st["rules"] != found["rules"]:
            raise InputError(f"{folder / row['file']}", f"states the rules {st['rules']}, "
                             f"other instances of the set {found['rules']}")
        found = st
    if found is None:
        raise InputError(str(folder), "the set has no instance")
    meta = read_meta(folder)
    meta["statement"] = found
    atomic_write_text(folder / META, json.dumps(meta, indent=2) + "\n")
    return found


def statement_lines(st: dict[str, Any] | None) -> list[str]:
    """The statement as text lines (``lib show``, docs/lib.md).

    Parameters
    ----------
    st : dict or None
        A statement (``read_statement``).

    Returns
    -------
    list of str
        ``rules: k=v, ...`` then one line per constraint.

    Examples
    --------
    >>> statement_lines({"rules": {"horizon": "open"}, "constraints": ["capacity."]})
    ['rules: horizon=open', '- capacity.']
    """
    if not st:
        return ["rules: (none stated)"]
    rules = ", ".join(f"{k}={v}" for k, v in st["rules"].items()) or "(none)"
    return [f"rules: {rules}", *(f"- {c}" for c in st.get("constraints", []))]
