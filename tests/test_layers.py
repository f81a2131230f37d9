"""The house has floors: no import circle, and no module imports a floor above its own.

Floors, bottom up (docs/architecture.md draws them): ``core``; machinery shared by several
problems (``sim``, ``data``); the five problems (peers: none imports another); ``api`` and
``plot``; ``commands`` (the sub-command registry); ``bench``; ``lib`` (the reference
library, which reads the machine stamp of ``bench``); ``cli``; the top-level package.
Every import statement counts, also one inside a function (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import dlsched

PACKAGE = Path(dlsched.__file__).parent
PROBLEMS = ("revenue", "completion", "oef", "ojpp", "ltgf")
FLOORS: tuple[tuple[str, ...], ...] = (
    ("core",),
    ("sim", "data"),
    PROBLEMS,
    ("api", "plot"),
    ("commands",),
    ("bench",),
    ("lib",),
    ("cli",),
)
#: Packages on the top floor with ``dlsched`` itself: built on the whole public API (the
#: notebooks' support imports ``dlsched``), imported by nothing below.
TOP = ("teaching",)


def _modules() -> dict[str, Path]:
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("dlsched", *path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


def _runtime_nodes(tree: ast.AST):
    """Every node, except those under ``if TYPE_CHECKING:`` (imports for annotations only are
    not edges of the import graph at run time)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def import_graph() -> dict[str, set[str]]:
    """Module -> the dlsched modules it imports (resolved to existing modules)."""
    mods = _modules()
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                targets = [target] + [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    nodes = sorted(set(edges) | {w for ws in edges.values() for w in ws})
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))
    return found


def floor_of(module: str) -> tuple[int, str]:
    """(floor number, unit) of a dlsched module; the top-level package is the top floor."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in TOP:
        return len(FLOORS), "dlsched"
    for level, units in enumerate(FLOORS):
        if parts[1] in units:
            return level, parts[1]
    raise AssertionError(f"{module}: not on any floor of FLOORS (add it where it belongs)")


def test_no_import_circle() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_a_floor_above_or_another_problem() -> None:
    wrong = []
    for module, targets in sorted(import_graph().items()):
        level, unit = floor_of(module)
        for target in sorted(targets):
            t_level, t_unit = floor_of(target)
            if t_level > level or (t_level == level and t_unit != unit and level != len(FLOORS)):
                wrong.append(f"{module} -> {target}")
    assert wrong == []


def test_every_problem_has_the_same_rooms() -> None:
    rooms = ("instance.py", "solution.py", "validate.py", "generate.py", "export.py",
             "paper.py", "exact/__init__.py", "exact/bounds.py", "algorithms/__init__.py",
             "baselines/__init__.py")
    missing = [f"{p}/{room}" for p in PROBLEMS for room in rooms
               if not (PACKAGE / p / room).is_file()]
    assert missing == []
