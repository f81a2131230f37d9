"""Export of exact models as MPS and LP files for any other solver (``dlsched export``).

An exporter *plans* before it builds: ``plan(inst, budget, **params)`` computes the model's index
sets (cheap) and returns an ``ExportPlan`` holding the number of columns and a thunk that
builds the Pyomo model. A model too large to build and write in reasonable time is therefore
refused up front with one line (``InputError``, exit 2 in the CLI) instead of after minutes
of Pyomo construction; Pyomo builds about 4,000 columns per second on this project's models
(``PYOMO_COLUMNS_PER_S`` of the revenue and completion models).

A plan also says which rows the written file lacks (rows an exact solver adds lazily, e.g. the
collision cuts of ``ojpp-compact`` when there are too many to list) and which exportable model is
complete, so that the CLI can warn instead of silently writing a relaxation.

Shipped problems register their exporters in ``dlsched.<problem>.export`` (imported on the first
look-up); a plug-in problem calls ``register_exporter``, or falls back to its
``Problem.build_model`` (no parameters, no size check).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InputError
from .paths import inside, publish, safe_filename, staging
from .registry import PROBLEM_MODULES, PROBLEMS

#: Largest model (columns) written without ``--max-columns``: ~25 s of Pyomo build at 4,000
#: columns/s plus about as long again for writing MPS and LP.
DEFAULT_MAX_COLUMNS = 100_000
#: Largest number of rows written without ``--max-rows`` (models whose size is in the rows, e.g.
#: the R(R-1) envy rows of ``oef-cooperative``).
DEFAULT_MAX_ROWS = 200_000
#: Largest number of matrix entries written without ``--max-nonzeros``: a time-indexed model
#: with long jobs has hundreds of entries per column (E1 of philly-ee9e8c-ps: 117k columns,
#: a 3.7-GB MPS file); about 40 bytes of MPS per entry.
DEFAULT_MAX_NONZEROS = 2_000_000
#: Seconds a plan may spend on its index sets (pattern enumeration, online schedules) before
#: the export is refused.
DEFAULT_PLAN_SECONDS = 30.0
#: File formats written, in this order (Pyomo picks the writer from the extension).
FORMATS = ("mps", "lp")


@dataclass(frozen=True)
class Budget:
    """Limits a plan must respect: refuse (``InputError``) rather than exceed them.

    Parameters
    ----------
    max_columns : int or None, default 100000
        Most columns (variables) written; ``None``: no limit. Unit: columns.
    max_rows : int or None, default 200000
        Most rows (constraints) written; ``None``: no limit. Unit: rows.
    max_nonzeros : int or None, default 2000000
        Most matrix entries written; ``None``: no limit. Unit: entries.
    deadline : float or None, default None
        ``time.perf_counter()`` value by which planning must be done; ``None``: none. Unit: s.

    Examples
    --------
    >>> Budget(max_columns=10).check(5, "use a smaller instance")
    >>> Budget(max_columns=10).check(50, "use a smaller instance")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: --max-columns: model too large to export: 50 columns > 10; ...
    """

    max_columns: int | None = DEFAULT_MAX_COLUMNS
    max_rows: int | None = DEFAULT_MAX_ROWS
    max_nonzeros: int | None = DEFAULT_MAX_NONZEROS
    deadline: float | None = None  # time.perf_counter() value

    def check(self, columns: int, shrink: str, rows: int | None = None,
              nonzeros: int | None = None, at_least: bool = False) -> None:
        """Refuse a model with more columns, rows or matrix entries than the budget allows.

        The limits are ``max_columns``, ``max_rows`` and ``max_nonzeros``. Estimates are upper
        bounds of the model written, or with ``at_least`` lower bounds of a model not yet sized
        (a first check before the expensive index sets); ``None`` skips a measure.

        Parameters
        ----------
        columns : int
            The model's columns. Unit: columns.
        shrink : str
            How to get a smaller model, for the message.
        rows : int or None, default None
            The model's rows. Unit: rows.
        nonzeros : int or None, default None
            The model's matrix entries. Unit: entries.
        at_least : bool, default False
            Whether the numbers are lower bounds.

        Raises
        ------
        InputError
            A measure is above its limit (named as ``--max-columns`` etc.).

        Examples
        --------
        >>> Budget(max_rows=5).check(1, "shrink it", rows=4)
        """
        for what, n, limit in (("columns", columns, self.max_columns),
                               ("rows", rows, self.max_rows),
                               ("nonzeros", nonzeros, self.max_nonzeros)):
            if limit is not None and n is not None and n > limit:
                raise InputError(
                    f"--max-{what}",
                    f"model too large to export: {'at least ' if at_least else ''}{n} {what} "
                    f"> {limit}; {shrink}, "
                    f"or raise --max-{what}",
                )

    def check_time(self, what: str, shrink: str) -> None:
        """Refuse when the planning deadline has passed.

        Parameters
        ----------
        what : str
            The step that took long, for the message.
        shrink : str
            How to get a smaller model, for the message.

        Raises
        ------
        InputError
            The deadline has passed.

        Examples
        --------
        >>> Budget(deadline=0.0).check_time("enumerating patterns", "use fewer jobs")
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: instance: export refused: enumerating patterns ...
        """
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise InputError("instance", f"export refused: {what} took too long; {shrink}")

    def left(self) -> float | None:
        """Seconds left before the deadline.

        Returns
        -------
        float or None
            The time left (negative once passed); ``None`` without a deadline.

        Examples
        --------
        >>> Budget().left() is None
        True
        """
        return None if self.deadline is None else self.deadline - time.perf_counter()


@dataclass(frozen=True)
class ExportPlan:
    """A model ready to build: its size, the builder, and what the file would lack.

    Parameters
    ----------
    columns : int or None
        Upper bound on the model's columns (``None``: unknown, a plug-in's fallback).
    build : callable
        Builds the Pyomo ``ConcreteModel``.
    missing : str or None, default None
        Rows the written file lacks (``None``: the file is the complete model).
    complete_model : str or None, default None
        An exportable model of the same problem that is complete (named in the warning).
    notes : tuple of str, default ()
        One-line notes printed with the export.
    rows : int or None, default None
        Upper bound on the rows (``None``: not estimated).
    nonzeros : int or None, default None
        Upper bound on the matrix entries (``None``: not estimated).

    Examples
    --------
    >>> plan = ExportPlan(columns=3, build=lambda: None)
    >>> plan.missing is None, plan.notes
    (True, ())
    """

    columns: int | None  # None: unknown (plug-in fallback)
    build: Callable[[], Any]  # -> Pyomo ConcreteModel
    #: rows the written file lacks (None: the file is the complete model)
    missing: str | None = None
    #: an exportable model of the same problem that is complete (named in the warning)
    complete_model: str | None = None
    #: one-line notes printed with the export (e.g. "complete: 12 collision no-good rows added")
    notes: tuple[str, ...] = ()
    #: upper bounds on the rows and matrix entries (``None``: not estimated)
    rows: int | None = None
    nonzeros: int | None = None


Planner = Callable[..., ExportPlan]


@dataclass(frozen=True)
class Exporter:
    """``plan(inst, budget, **params) -> ExportPlan`` for one exact model of one problem.

    Parameters
    ----------
    name : str
        The exact model's name.
    problem : str
        Its problem.
    plan : callable
        The planner.
    shrink : str, default "use a smaller instance"
        How to get a smaller model, for the refusal message (e.g. "use -p horizon=N").

    Examples
    --------
    >>> get_exporter("oef", "oef-cooperative").params()
    {}
    """

    name: str
    problem: str
    plan: Planner
    #: how to get a smaller model, for the refusal message (e.g. "use -p horizon=N")
    shrink: str = "use a smaller instance"

    def params(self) -> dict[str, Any]:
        """Keyword parameters of ``plan`` (name -> default), without the instance and budget.

        Returns
        -------
        dict
            Name -> default (``None`` when required).

        Examples
        --------
        >>> Exporter("m", "p", lambda inst, budget, horizon=10: None).params()
        {'horizon': 10}
        """
        out: dict[str, Any] = {}
        for i, (name, par) in enumerate(inspect.signature(self.plan).parameters.items()):
            if i < 2 or par.kind in (par.VAR_POSITIONAL, par.VAR_KEYWORD):
                continue
            out[name] = None if par.default is par.empty else par.default
        return out

    def check_params(self, params: dict[str, Any]) -> None:
        """Refuse parameters ``plan`` does not take (like ``run`` / ``solve``).

        Parameters
        ----------
        params : dict
            The ``-p`` parameters given.

        Raises
        ------
        InputError
            An unknown key, named as ``--param KEY``.

        Examples
        --------
        >>> Exporter("m", "p", lambda inst, budget, horizon=10: None).check_params({"horizn": 3})
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: --param horizn: the export of 'm' has no ...
        """
        known = self.params()
        for key in params:
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise InputError(
                    f"--param {key}",
                    f"the export of {self.name!r} has no parameter {key!r} (known: {names})",
                )


def require(name: str, value: Any, ok: bool, expected: str) -> None:
    """A parameter check of a planner: ``InputError`` naming ``--param name`` unless ``ok``.

    Parameters
    ----------
    name : str
        The parameter.
    value : object
        Its value (shown in the message).
    ok : bool
        Whether the value is acceptable.
    expected : str
        What the value must be, e.g. "true or false".

    Raises
    ------
    InputError
        ``ok`` is false.

    Examples
    --------
    >>> require("horizon", -1, False, "a positive integer")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: --param horizon: must be a positive integer, not -1
    """
    if not ok:
        raise InputError(f"--param {name}", f"must be {expected}, not {value!r}")


def require_bool(name: str, value: Any) -> None:
    """Check that ``value`` is a JSON boolean (``-p name=true``).

    Parameters
    ----------
    name : str
        The parameter.
    value : object
        Its value.

    Raises
    ------
    InputError
        ``value`` is not a boolean.

    Examples
    --------
    >>> require_bool("lazy", True)
    >>> require_bool("lazy", "yes")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: --param lazy: must be true or false, not 'yes'
    """
    require(name, value, isinstance(value, bool), "true or false")


EXPORTERS: dict[tuple[str, str], Exporter] = {}


def register_exporter(name: str, problem: str, shrink: str = "use a smaller instance"):
    """Decorator: register ``plan(inst, budget, **params) -> ExportPlan`` as an exporter.

    Parameters
    ----------
    name : str
        The exact model it exports.
    problem : str
        The model's problem.
    shrink : str, default "use a smaller instance"
        How to get a smaller model, for the refusal message.

    Returns
    -------
    callable
        The decorator (it returns the planner unchanged).

    Raises
    ------
    ValueError
        The model already has an exporter.

    Examples
    --------
    >>> callable(register_exporter("my-model", "my-problem"))
    True
    """

    def deco(plan: Planner) -> Planner:
        key = (problem, name)
        if key in EXPORTERS:
            raise ValueError(f"exporter {name!r} of {problem!r} is registered twice")
        EXPORTERS[key] = Exporter(name, problem, plan, shrink)
        return plan

    return deco


def _fallback(problem: str, name: str) -> Exporter | None:
    """A plug-in problem's ``build_model`` as an exporter without parameters or size check."""
    build = PROBLEMS.get(problem).build_model
    if build is None:
        return None

    def plan(inst: Any, budget: Budget) -> ExportPlan:
        try:  # built here, not in ExportPlan.build, so that its refusal is a one-line error
            model = build(inst, name)
        except (ValueError, KeyError) as exc:
            raise InputError("--model", f"{name!r} cannot be exported: {exc}") from None
        return ExportPlan(None, lambda: model)

    return Exporter(name, problem, plan)


def get_exporter(problem: str, name: str) -> Exporter:
    """The exporter of model ``name`` of ``problem``.

    Parameters
    ----------
    problem : str
        The problem.
    name : str
        The exact model.

    Returns
    -------
    Exporter
        The registered exporter (or a plug-in problem's ``build_model`` fallback).

    Raises
    ------
    InputError
        The model has no MPS/LP form (a CP-SAT or matrix model).

    Examples
    --------
    >>> get_exporter("oef", "oef-cooperative").name
    'oef-cooperative'
    """
    if problem in PROBLEM_MODULES and (problem, name) not in EXPORTERS:
        importlib.import_module(f"dlsched.{problem}.export")
    got = EXPORTERS.get((problem, name))
    if got is None and problem not in PROBLEM_MODULES:
        got = _fallback(problem, name)
    if got is None:
        known = sorted(n for p, n in EXPORTERS if p == problem)
        raise InputError(
            "--model",
            f"{name!r} has no MPS/LP form for a {problem} instance (exportable: "
            f"{', '.join(known) or 'none'})",
        )
    return got


def default_export_model(problem: str) -> str | None:
    """The model ``dlsched export`` writes without ``-m``.

    Parameters
    ----------
    problem : str
        The problem.

    Returns
    -------
    str or None
        ``Problem.export_model``, else ``Problem.default_model``.

    Examples
    --------
    >>> default_export_model("oef")
    'oef-cooperative'
    """
    prob = PROBLEMS.get(problem)
    return prob.export_model or prob.default_model


def write_model(model: Any, out_dir: str | Path, stem: str) -> list[Path]:
    """Write ``model`` as ``stem.mps`` and ``stem.lp`` in ``out_dir``, all or nothing.

    ``stem`` (e.g. built from the instance's name) passes ``core.paths.safe_filename``, so
    the files land inside ``out_dir`` whatever the name holds. Both are written into a private
    staging directory inside ``out_dir`` (nothing planted at a temporary name is followed) and
    renamed into place only when both are complete.

    Parameters
    ----------
    model : pyomo.environ.ConcreteModel
        The built model.
    out_dir : str or Path
        The folder for the files.
    stem : str
        The files' name without extension.

    Returns
    -------
    list of Path
        The MPS and LP files written.

    Raises
    ------
    OSError
        The files cannot be written (neither is left behind).

    Examples
    --------
    >>> import tempfile
    >>> import pyomo.environ as pyo
    >>> m = pyo.ConcreteModel()
    >>> m.x = pyo.Var(bounds=(0, 1))
    >>> m.obj = pyo.Objective(expr=m.x)
    >>> [p.name for p in write_model(m, tempfile.mkdtemp(), "tiny")]
    ['tiny.mps', 'tiny.lp']
    """
    stem = safe_filename(stem)
    finals = [inside(out_dir, f"{stem}.{ext}") for ext in FORMATS]
    # the model's name lands in the files' header lines: no line breaks etc. from a name
    with contextlib.suppress(AttributeError, TypeError):
        model.name = safe_filename(model.name, max_len=200)
    with staging(out_dir) as tmp_dir:
        tmps = [tmp_dir / f"model.{ext}" for ext in FORMATS]
        for tmp in tmps:
            model.write(str(tmp), io_options={"symbolic_solver_labels": True})
        for tmp, final in zip(tmps, finals, strict=True):
            publish(tmp, final)
    return finals


__all__ = [
    "DEFAULT_MAX_COLUMNS",
    "DEFAULT_MAX_NONZEROS",
    "DEFAULT_MAX_ROWS",
    "DEFAULT_PLAN_SECONDS",
    "EXPORTERS",
    "Budget",
    "ExportPlan",
    "Exporter",
    "default_export_model",
    "get_exporter",
    "register_exporter",
    "require",
    "require_bool",
    "write_model",
]
