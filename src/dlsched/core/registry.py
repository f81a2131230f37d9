"""Name -> object registries for problems, exact models and algorithms (no if/elif dispatch)."""

from __future__ import annotations

import contextlib
import functools
import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import InputError
from .inputs import Param, declare, did_you_mean
from .result import Result
from .solution import Solution, on_json

T = TypeVar("T")

#: Problem -> module that registers it (and its models and algorithms). Imported on the first
#: registry lookup, not by ``import dlsched``, so ``dlsched --help`` stays fast; plug-ins simply
#: register when their own module is imported.
PROBLEM_MODULES: dict[str, str] = {
    p: f"dlsched.{p}" for p in ("completion", "ltgf", "oef", "ojpp", "revenue")
}
_LOADED: set[str] = set()


def load_problems(name: object = None) -> None:
    """Import the module of problem ``name`` (every shipped problem when ``None``), once.

    Parameters
    ----------
    name : object, default None
        A shipped problem's name; other values (plug-in problems) are ignored.

    Examples
    --------
    >>> load_problems("oef")
    >>> "oef" in PROBLEMS
    True
    """
    names = list(PROBLEM_MODULES) if name is None else [name]
    for n in names:
        if isinstance(n, str) and n in PROBLEM_MODULES and n not in _LOADED:
            _LOADED.add(n)  # before the import: the module's own lookups must not recurse
            try:
                importlib.import_module(PROBLEM_MODULES[n])
            except BaseException:
                _LOADED.discard(n)
                raise


class Registry(Generic[T]):
    """A named collection (problems, executors): add, look up with a "did you mean", iterate sorted.

    Parameters
    ----------
    kind : str
        What it holds, for messages (``"problem"``).
    lazy_problems : bool, default False
        Whether look-ups first import the shipped problem modules.

    Examples
    --------
    >>> reg = Registry("colour")
    >>> reg.add("red", 1)
    1
    >>> reg.get("rde")
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: colour: unknown colour 'rde'; did you mean 'red'? (known: red)
    """

    def __init__(self, kind: str, lazy_problems: bool = False) -> None:
        self.kind = kind
        self._items: dict[str, T] = {}
        #: look-ups first import the shipped problem modules (``load_problems``)
        self.lazy_problems = lazy_problems

    def _load(self, name: object = None) -> None:
        if self.lazy_problems:
            load_problems(name if name in PROBLEM_MODULES else None)

    def add(self, name: str, item: T) -> T:
        """Add ``item`` under ``name``.

        Parameters
        ----------
        name : str
            The name.
        item : object
            What is registered.

        Returns
        -------
        object
            ``item``.

        Raises
        ------
        ValueError
            ``name`` is already registered.

        Examples
        --------
        >>> Registry("colour").add("red", 1)
        1
        """
        if name in self._items:
            raise ValueError(f"{self.kind} {name!r} is registered twice")
        self._items[name] = item
        return item

    def get(self, name: str, field_name: str | None = None) -> T:
        """The item named ``name``.

        Parameters
        ----------
        name : str
            The name.
        field_name : str or None, default None
            The field an unknown name is reported as (default: the registry's kind).

        Returns
        -------
        object
            The item.

        Raises
        ------
        InputError
            Unknown name (with a "did you mean" and the known names).

        Examples
        --------
        >>> reg = Registry("colour")
        >>> _ = reg.add("red", 1)
        >>> reg.get("red")
        1
        """
        self._load(name)
        try:
            return self._items[name]
        except KeyError:
            known = ", ".join(sorted(self._items)) or "none"
            hint = did_you_mean(name, self._items) if isinstance(name, str) else ""
            raise InputError(
                field_name or self.kind, f"unknown {self.kind} {name!r}{hint} (known: {known})"
            ) from None

    def __contains__(self, name: object) -> bool:
        self._load(name)
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        self._load()
        return iter(sorted(self._items))

    def items(self) -> list[tuple[str, T]]:
        """(name, item) pairs sorted by name.

        Returns
        -------
        list of tuple
            The pairs.

        Examples
        --------
        >>> reg = Registry("colour")
        >>> _ = reg.add("red", 1), reg.add("blue", 2)
        >>> reg.items()
        [('blue', 2), ('red', 1)]
        """
        self._load()
        return sorted(self._items.items())


@dataclass(frozen=True)
class Problem:
    """How dlsched handles one problem family (registered in ``PROBLEMS``).

    Parameters
    ----------
    name : str
        The problem's name.
    sense : str
        ``"max"`` or ``"min"``.
    description : str
        One line for ``dlsched list``.
    parse : callable
        JSON dict -> the frozen instance.
    dump : callable
        Instance -> JSON dict.
    check : callable
        ``check(inst, solution) -> list of violations`` (empty when feasible).
    generate : callable or None, default None
        ``generate(**params)``: a seeded synthetic instance.
    size : callable, default (no sizes)
        ``size(inst) -> {name: int}`` for messages and benchmark size keys.
    default_model : str or None, default None
        The exact model ``solve`` uses when none is named (``model_for`` may pick another
        one per instance, when ``model_for_rules`` says which model states which rules).
    properties : callable or None, default None
        ``properties(inst, solution) -> dict`` of named property verdicts (``dlsched check``).
    build_model : callable or None, default None
        ``build_model(inst, model_name) -> Pyomo model`` for MPS/LP export.
    metrics : callable or None, default None
        ``metrics(inst, result) -> {name: float}``: extra measures the benchmark harness stores.
    demo_instance : str or None, default None
        JSON text of a small paper instance, for ``dlsched demo``.
    crosscheck : Mapping or None, default None
        Exact model name -> the heuristics that can refute or back up its labels.
    export_model : str or None, default None
        Model ``dlsched export`` uses without ``-m`` (``None``: ``default_model``).
    objective : callable or None, default None
        ``objective(inst, solution) -> float or None``: the objective recomputed independently.
    solution_type : type or None, default None
        The problem's typed frozen Solution class.
    rules : callable, default (no rules)
        ``rules(inst) -> {rule: value}``: the problem statement the validator enforces on this
        instance, read from the instance alone (e.g. ``{"fairness": "cooperative"}``); the
        library stores it per set and every path judges a solution by it.
    describe_rules : callable, default (none)
        ``describe_rules(rules) -> list of str``: the constraints a solution must satisfy
        under those rules, one sentence each (``dlsched lib show``, docs/lib.md).
    model_for_rules : callable, default (none)
        ``model_for_rules(rules) -> model name or None``: the exact model whose feasible set
        is the statement ``rules`` (``solve`` uses it when no model is named).

    Examples
    --------
    >>> prob = PROBLEMS.get("oef")
    >>> prob.sense, prob.default_model
    ('max', 'oef-cooperative')
    """

    name: str
    sense: str
    description: str
    parse: Callable[[dict[str, Any]], Any]
    dump: Callable[[Any], dict[str, Any]]
    check: Callable[[Any, dict[str, Any]], list[str]]
    generate: Callable[..., Any] | None = None
    size: Callable[[Any], dict[str, int]] = field(default=lambda inst: {})
    default_model: str | None = None
    #: ``properties(inst, solution) -> dict`` of named property verdicts (printed by ``check``).
    properties: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    #: ``build_model(inst, model_name) -> pyomo model`` for MPS/LP export.
    build_model: Callable[[Any, str], Any] | None = None
    #: ``metrics(inst, result) -> {name: float}``: extra per-result measures the benchmark
    #: harness stores and aggregates (e.g. fairness properties as 0/1 pass indicators).
    metrics: Callable[[Any, Any], dict[str, float]] | None = None
    #: A small paper instance shipped with the package, for ``dlsched demo``.
    demo_instance: str | None = None
    #: exact model name -> the heuristics that can refute or back up its labels (core.guard).
    crosscheck: Mapping[str, Any] | None = None
    #: Model exported by ``dlsched export`` without ``-m`` when ``default_model`` is not a Pyomo
    #: model (e.g. CP-SAT); ``None`` means ``default_model``.
    export_model: str | None = None
    #: ``objective(inst, solution) -> float | None``: the solution's objective recomputed from
    #: the problem's definition, independently of the methods (core.objective compares it with
    #: what a method reports; ``None``: this solution's measure is not recomputable).
    objective: Callable[[Any, dict[str, Any]], float | None] | None = None
    #: The problem's typed frozen solution (a ``dlsched.core.solution.Solution``); a
    #: method's plain-dict solution is converted to it when the method is called through a
    #: registry (a dict that does not parse stays a dict, for the validator to report).
    solution_type: type[Solution] | None = None
    #: ``rules(inst) -> {rule: value}``: the statement the validator enforces on ``inst``,
    #: read from the instance only (never from a solution); JSON-ready values.
    rules: Callable[[Any], dict[str, Any]] = field(default=lambda inst: {})
    #: ``describe_rules(rules) -> [sentence, ...]``: the constraints those rules impose.
    describe_rules: Callable[[dict[str, Any]], list[str]] = field(default=lambda rules: [])
    #: ``model_for_rules(rules) -> model name or None``: the exact model whose feasible set is
    #: the statement ``rules`` (``None``: ``default_model``).
    model_for_rules: Callable[[dict[str, Any]], str | None] = field(default=lambda rules: None)

    def model_for(self, inst: Any) -> str | None:
        """The exact model ``solve`` uses on ``inst`` when none is named.

        Parameters
        ----------
        inst : object
            An instance of this problem.

        Returns
        -------
        str or None
            The model that states the instance's rules, else ``default_model``.

        Examples
        --------
        >>> import dlsched as ds
        >>> PROBLEMS.get("oef").model_for(ds.load("instances/oef/paper-w1-efficiency.json"))
        'oef-efficiency'
        """
        return self.model_for_rules(self.rules(inst)) or self.default_model

    def __post_init__(self) -> None:
        # validators, property checks and objective recomputation read the JSON: a typed
        # solution reaches them as its JSON dict (they stay independent of the typed classes)
        for name in ("check", "properties", "objective"):
            fn = getattr(self, name)
            if fn is not None:
                object.__setattr__(self, name, on_json(fn))


@dataclass(frozen=True)
class Method:
    """An exact model or an algorithm: ``run(instance, **params) -> Result``.

    Parameters
    ----------
    name : str
        The registered name.
    problem : str
        The problem it solves.
    kind : str
        ``"exact"`` or ``"algorithm"``.
    description : str
        One line for ``dlsched list``.
    run : callable
        The registered function (wrapped: validated, solution typed).

    Examples
    --------
    >>> m = MODELS.get("oef-cooperative")
    >>> m.kind, m.problem
    ('exact', 'oef')
    """

    name: str
    problem: str
    kind: str  # "exact" or "algorithm"
    description: str
    run: Callable[..., Any]


class MethodRegistry:
    """Exact models or algorithms, named within their problem.

    Two problems may each have a ``gandiva-fair``: ``get(name, problem=...)`` picks the one of
    the instance's problem; without ``problem`` a name must be unique.

    Parameters
    ----------
    kind : str
        ``"model"`` or ``"algorithm"``, for messages.

    Examples
    --------
    >>> ALGORITHMS.problems_of("gandiva-fair")
    ['ltgf', 'oef', 'revenue']
    >>> ALGORITHMS.get("gandiva-fair", problem="oef").problem
    'oef'
    """

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[tuple[str, str], Method] = {}

    def add(self, name: str, item: Method) -> Method:
        """Add ``item`` under ``name`` within its problem.

        Parameters
        ----------
        name : str
            The method's name.
        item : Method
            The method (its ``problem`` scopes the name).

        Returns
        -------
        Method
            ``item``.

        Raises
        ------
        ValueError
            The problem already has a method of that name.

        Examples
        --------
        >>> reg = MethodRegistry("algorithm")
        >>> reg.add("toy", Method("toy", "oef", "algorithm", "a toy", print)).name
        'toy'
        """
        key = (item.problem, name)
        if key in self._items:
            raise ValueError(f"{self.kind} {name!r} of {item.problem!r} is registered twice")
        self._items[key] = item
        return item

    def problems_of(self, name: str) -> list[str]:
        """The problems that have a method named ``name``.

        Parameters
        ----------
        name : str
            The method's name.

        Returns
        -------
        list of str
            Sorted problem names (empty when none).

        Examples
        --------
        >>> MODELS.problems_of("oef-cooperative")
        ['oef']
        """
        load_problems()
        return sorted(p for p, n in self._items if n == name)

    def has(self, name: str, problem: str | None = None) -> bool:
        """Whether a method named ``name`` exists (for ``problem``, when given).

        Parameters
        ----------
        name : str
            The method's name.
        problem : str or None, default None
            The problem; ``None`` for any.

        Returns
        -------
        bool
            True when registered.

        Examples
        --------
        >>> MODELS.has("oef-cooperative"), MODELS.has("oef-cooperative", problem="ojpp")
        (True, False)
        """
        load_problems(problem)
        return bool(self.problems_of(name)) if problem is None else (problem, name) in self._items

    def get(self, name: str, field_name: str | None = None, problem: str | None = None) -> Method:
        """The method named ``name`` (of ``problem``, when given).

        Parameters
        ----------
        name : str
            The method's name.
        field_name : str or None, default None
            The field an error is reported as (default: the registry's kind).
        problem : str or None, default None
            The problem; without it, the name must belong to one problem only.

        Returns
        -------
        Method
            The method.

        Raises
        ------
        InputError
            Unknown (with a "did you mean"), of another problem, or of several problems without
            ``problem``.

        Examples
        --------
        >>> ALGORITHMS.get("gandiva-fair")
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: algorithm: algorithm 'gandiva-fair' exists for problems ...
        """
        field_name = field_name or self.kind
        load_problems(problem)
        if problem is not None and (problem, name) in self._items:
            return self._items[(problem, name)]  # without importing the other problems (seconds)
        owners = self.problems_of(name)
        if problem is not None and problem in owners:
            return self._items[(problem, name)]
        if problem is None and len(owners) == 1:
            return self._items[(owners[0], name)]
        if problem is None and owners:
            raise InputError(
                field_name,
                f"{self.kind} {name!r} exists for problems {', '.join(owners)}; name the problem",
            )
        scope = f" for problem {problem!r}" if problem else ""
        known = ", ".join(n for n, _ in self.items(problem)) or "none"
        hint = f"; it belongs to problem {', '.join(map(repr, owners))}" if owners else (
            did_you_mean(name, [n for n, _ in self.items(problem)]) if isinstance(name, str)
            else "")
        raise InputError(
            field_name, f"unknown {self.kind} {name!r}{scope}{hint} (known: {known})"
        )

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.has(name)

    def __iter__(self) -> Iterator[str]:
        load_problems()
        return iter(sorted({n for _, n in self._items}))

    def items(self, problem: str | None = None) -> list[tuple[str, Method]]:
        """(name, method) pairs sorted by problem then name.

        Parameters
        ----------
        problem : str or None, default None
            Only this problem's methods; ``None`` for all.

        Returns
        -------
        list of tuple
            The pairs.

        Examples
        --------
        >>> [name for name, _ in MODELS.items("oef")]
        ['oef-cooperative', 'oef-efficiency', 'oef-noncooperative']
        """
        load_problems(problem)
        return [
            (n, m) for (p, n), m in sorted(self._items.items()) if problem is None or p == problem
        ]


PROBLEMS: Registry[Problem] = Registry("problem", lazy_problems=True)
MODELS = MethodRegistry("model")
ALGORITHMS = MethodRegistry("algorithm")



#: Wrappers applied to an exact model's function when it is registered, in order:
#: ``dlsched.core.guard`` installs its cross-check rule here when imported (``dlsched.core``
#: imports it), so the registry does not import the guard (no import circle).
MODEL_WRAPPERS: list[Callable[[str, str, Callable[..., Any]], Callable[..., Any]]] = []


def typed_solution(problem: str, res: Any) -> Any:
    """``res`` with its plain-dict solution turned into the problem's typed Solution.

    A malformed solution stays a dict, for the validator to report.

    Parameters
    ----------
    problem : str
        The problem whose ``solution_type`` is used.
    res : object
        A ``Result`` (anything else is returned unchanged).

    Returns
    -------
    object
        ``res``, its solution typed when possible.

    Examples
    --------
    >>> res = Result("oef", "m", "error")
    >>> typed_solution("oef", res) is res
    True
    """
    if not isinstance(res, Result) or res.solution is None or isinstance(res.solution, Solution):
        return res
    cls = PROBLEMS.get(problem).solution_type if problem in PROBLEMS._items else None
    if cls is None:
        return res
    # a malformed solution (e.g. a plug-in's) stays a dict: the validator reports what is wrong
    with contextlib.suppress(InputError, KeyError, TypeError, ValueError, AttributeError):
        res.solution = cls.from_json(res.solution)
    return res


def _typed(problem: str, run: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(run)
    def call(*args: Any, **kwargs: Any) -> Any:
        return typed_solution(problem, run(*args, **kwargs))

    return call


def register_model(name: str, problem: str, description: str, *,
                   params: Mapping[str, Param] | None = None) -> Callable[[T], T]:
    """Decorator: register an exact model ``fn(instance, *, options, ...) -> Result``.

    The registry runs it through ``MODEL_WRAPPERS`` (the guard: validation and the
    cross-check rule) and types its solution; the decorated function is returned unchanged.
    Document its keyword parameters in NumPy style: ``dlsched params`` reads them.

    Parameters
    ----------
    name : str
        The model's name (unique within ``problem``).
    problem : str
        The problem it solves.
    description : str
        One line for ``dlsched list``.
    params : Mapping of str to Param or None, default None
        Declared types and ranges of its keyword parameters (as for ``register_algorithm``).

    Returns
    -------
    callable
        The decorator.

    Raises
    ------
    ValueError
        The name is already registered for ``problem``, or a declaration is invalid.

    Examples
    --------
    A plug-in module registers its model on import (not run here, to keep the registry clean):

    >>> @register_model("toy-exact", "oef", "a toy")  # doctest: +SKIP
    ... def toy(inst, *, options=None):
    ...     return Result("oef", "toy-exact", "optimal", objective=0.0)
    >>> callable(register_model("toy-exact", "oef", "a toy"))
    True
    """

    def deco(fn: T) -> T:
        if (problem, name) in MODELS._items:  # before declaring: a second one changes nothing
            raise ValueError(f"model {name!r} of {problem!r} is registered twice")
        if params:
            declare(f"{problem}/{name}", params, fn)  # type: ignore[arg-type]
        run: Callable[..., Any] = fn  # type: ignore[assignment]
        for wrap in MODEL_WRAPPERS:
            run = wrap(problem, name, run)
        MODELS.add(name, Method(name, problem, "exact", description, _typed(problem, run)))
        return fn

    return deco


def register_algorithm(name: str, problem: str, description: str, *,
                       params: Mapping[str, Param] | None = None) -> Callable[[T], T]:
    """Decorator: register an algorithm ``fn(instance, **params) -> Result``.

    Its solution is typed when called through the registry. Document its keyword parameters in
    NumPy style: ``dlsched params`` reads them. Without ``params`` a number is checked by the
    generic rule (finite, 0..10^6 for an int, 0..1e15 for a float); a ``Param`` declaration
    gives its own type and range, refused at the input boundary (``ds.run``, ``dlsched run
    -p``, suites, ``lib score``) with an ``InputError`` naming the parameter, the range and
    the value, and shown by ``dlsched params``.

    Parameters
    ----------
    name : str
        The algorithm's name (unique within ``problem``).
    problem : str
        The problem it solves.
    description : str
        One line for ``dlsched list``.
    params : Mapping of str to Param or None, default None
        Parameter name -> ``Param(type, low=, high=, doc=, unit=, choices=)``; each name must
        be a keyword parameter of the function.

    Returns
    -------
    callable
        The decorator (it returns the function unchanged).

    Raises
    ------
    ValueError
        The name is already registered for ``problem``, or a declaration is invalid (a name
        the function does not take, an inverted range, ...).

    Examples
    --------
    A plug-in module registers its algorithm on import (not run here, to keep the registry
    clean):

    >>> @register_algorithm("toy-alg", "oef", "a toy",
    ...                     params={"alpha": Param(float, low=0, high=1, doc="Weight.")}
    ...                     )  # doctest: +SKIP
    ... def toy(inst, alpha: float = 0.5):
    ...     return Result("oef", "toy-alg", "feasible", objective=alpha)
    >>> callable(register_algorithm("toy-alg", "oef", "a toy"))
    True
    """

    def deco(fn: T) -> T:
        if (problem, name) in ALGORITHMS._items:  # before declaring: a second one changes nothing
            raise ValueError(f"algorithm {name!r} of {problem!r} is registered twice")
        if params:
            declare(f"{problem}/{name}", params, fn)  # type: ignore[arg-type]
        run = _typed(problem, fn)  # type: ignore[arg-type]
        ALGORITHMS.add(name, Method(name, problem, "algorithm", description, run))
        return fn

    return deco


def declare_params(problem: str, name: str, params: Mapping[str, Param]) -> None:
    """Declare types and ranges of the parameters of a method registered without ``params``.

    For a method registered by a helper that does not pass ``params`` on (an LTGF policy's
    ``register_policy``): call it right after the registration. Same effect as ``params=`` of
    ``register_algorithm``.

    Parameters
    ----------
    problem : str
        The method's problem.
    name : str
        The registered algorithm or exact model.
    params : Mapping of str to Param
        Parameter name -> its ``Param``.

    Raises
    ------
    InputError
        No such method.
    ValueError
        A declaration is invalid (a name the method does not take, an inverted range, ...).

    Examples
    --------
    >>> declare_params("oef", "no-such-method", {})
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: method: unknown algorithm 'no-such-method' for problem 'oef'...
    """
    reg = MODELS if MODELS.has(name, problem) else ALGORITHMS
    method = reg.get(name, "method", problem=problem)
    declare(f"{problem}/{name}", params, method.run)
