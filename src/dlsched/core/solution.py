"""Typed, frozen solutions: the base class every problem's ``Solution`` derives from.

Each problem defines ``Solution`` in ``dlsched/<problem>/solution.py`` as a frozen dataclass
(``@dataclass(frozen=True, eq=False)``) of typed fields with ``to_json`` / ``from_json``; the
JSON shape is the one documented for the problem, so result files stay compatible.

For code written against the JSON (``sol["jobs"]["j1"]["start"]``) a solution also reads as a
read-only mapping of its JSON: reading works, writing raises ``TypeError`` (take a mutable copy
with ``Solution.to_json``).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

S = TypeVar("S", bound="Solution")


def _refuse(self: Any, *args: Any, **kwargs: Any) -> None:
    raise TypeError("a solution is read-only: take a mutable copy with solution.to_json()")


class FrozenDict(dict):  # type: ignore[type-arg]
    """A ``dict`` that refuses writes (JSON-serialisable, compares like a dict)."""

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)


class FrozenList(list):  # type: ignore[type-arg]
    """A ``list`` that refuses writes."""

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = _refuse  # type: ignore[assignment]
    clear = sort = reverse = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return copy.deepcopy(list(self), memo)


def freeze(value: Any) -> Any:
    """A deep read-only copy of a JSON value (dicts and lists become FrozenDict / FrozenList)."""
    if isinstance(value, Mapping):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenList(freeze(v) for v in value)
    return value


class Solution(Mapping[str, Any]):
    """Base of the typed solutions. Subclasses are frozen dataclasses and implement
    ``to_json`` and ``from_json`` so that ``from_json(d).to_json() == d``."""

    def to_json(self) -> dict[str, Any]:
        """A fresh, mutable JSON dict of this solution."""
        raise NotImplementedError

    @classmethod
    def from_json(cls: type[S], data: Mapping[str, Any]) -> S:
        """The typed solution of a JSON dict (raises ``InputError`` naming a malformed field)."""
        raise NotImplementedError

    @classmethod
    def coerce(cls: type[S], data: Mapping[str, Any] | S) -> S:
        """``data`` itself when it is already this type, else ``from_json``."""
        return data if isinstance(data, cls) else cls.from_json(data)

    def _view(self) -> FrozenDict:
        view = self.__dict__.get("_json_view")
        if view is None:
            view = freeze(self.to_json())
            object.__setattr__(self, "_json_view", view)
        return view

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self._view()) == dict(other.items())

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_json_view"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


def as_json(solution: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A mutable JSON dict of a typed solution or of a plain mapping (``None`` stays ``None``)."""
    if solution is None:
        return None
    if isinstance(solution, Solution):
        return solution.to_json()
    return copy.deepcopy(dict(solution))


def on_json(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn(inst, solution, *rest)`` called with the JSON dict of a typed solution: validators,
    objective recomputation and property checks read the JSON, independently of the typed
    classes (the registry wraps each problem's hooks with it)."""
    if getattr(fn, "_on_json", False):
        return fn

    @functools.wraps(fn)
    def call(inst: Any, solution: Any, *rest: Any, **kwargs: Any) -> Any:
        if isinstance(solution, Solution):
            solution = solution.to_json()
        return fn(inst, solution, *rest, **kwargs)

    call._on_json = True  # type: ignore[attr-defined]
    return call
