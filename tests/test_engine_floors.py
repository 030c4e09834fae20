"""The engine's floors: no import cycle, and no module imports from a floor above its own.

Imports are read from the source (those inside functions included); imports
under ``if TYPE_CHECKING:`` are only for annotations and don't count. A
subpackage of the engine (keywords/) is one module of the graph: its files
importing each other is no cycle, and what they import from the engine is
what the subpackage imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import mtg_tui.engine as engine

PACKAGE = "mtg_tui.engine"
ENGINE = Path(engine.__file__).resolve().parent

Graph = dict[str, set[str]]
# A module's source, or a subpackage's files with how deep each is inside it (0: the subpackage's own folder).
Source = str | tuple[tuple[str, int], ...]


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(source: str, modules: set[str], depth: int = -1, me: str = "") -> set[str]:
    """The package's modules that this source imports at run time.

    ``depth`` is -1 for a module of the package itself, else how deep the file
    is inside the subpackage ``me``: its imports that stay inside ``me`` count
    as ``me``.
    """
    found: set[str] = set()
    up = depth + 1          # the number of dots of a relative import that reaches the package itself

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if 0 < node.level <= up:
                base = None
                found.add(me)
            elif node.level == up + 1:
                base = node.module or ""
            elif node.level == 0 and node.module and (node.module + ".").startswith(PACKAGE + "."):
                base = node.module[len(PACKAGE) + 1:]
            else:
                base = None
            if base is not None:
                head = base.split(".")[0]
                if head:
                    found.add(head if head in modules else "__init__")
                else:   # from . import a, b: submodules, or names of the package itself
                    found.update(a.name if a.name in modules else "__init__" for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if (a.name + ".").startswith(PACKAGE + "."):
                    rest = a.name[len(PACKAGE) + 1:].split(".")[0]
                    found.add(rest if rest in modules else "__init__")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def import_graph(sources: dict[str, Source]) -> Graph:
    """Module name -> the modules of the same package it imports (``__init__`` for the package itself)."""
    names = set(sources)
    graph: Graph = {}
    for m, src in sources.items():
        files = ((src, -1),) if isinstance(src, str) else src
        graph[m] = set().union(*(_imported(text, names, depth, m) for text, depth in files)) - {m}
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """Modules that import each other in a circle (the first found), or None."""
    state: dict[str, int] = {}   # 1: on the current path, 2: done
    path: list[str] = []

    def walk(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = walk(n)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = walk(m)
            if found:
                return found
    return None


def upward_imports(graph: Graph, floors: dict[str, tuple[str, ...]]) -> list[str]:
    """Each import of a module on a higher floor, as "module (floor) imports module (floor)"."""
    level = {m: (i, f) for i, (f, mods) in enumerate(floors.items()) for m in mods}
    out = []
    for m in sorted(graph):
        for n in sorted(graph[m]):
            if m in level and n in level and level[n][0] > level[m][0]:
                out.append(f"{m} ({level[m][1]}) imports {n} ({level[n][1]})")
    return out


def engine_sources() -> dict[str, Source]:
    out: dict[str, Source] = {p.stem: p.read_text(encoding="utf-8") for p in sorted(ENGINE.glob("*.py"))}
    for package in sorted(d for d in ENGINE.iterdir() if (d / "__init__.py").is_file()):
        out[package.name] = tuple((p.read_text(encoding="utf-8"), len(p.relative_to(package).parts) - 1)
                                  for p in sorted(package.rglob("*.py")))
    return out


# ---------------------------------------------------------------------------
# The engine


def test_every_engine_module_is_on_exactly_one_floor() -> None:
    declared = [m for mods in engine.FLOORS.values() for m in mods]
    assert len(declared) == len(set(declared)), "a module is listed on two floors"
    modules = set(engine_sources())
    assert modules - set(declared) == set(), "add these modules to a floor in mtg_tui/engine/__init__.py"
    assert set(declared) - modules == set(), "these modules are listed in the floors but don't exist"


def test_the_engine_has_no_import_cycle() -> None:
    cycle = find_cycle(import_graph(engine_sources()))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_engine_module_imports_from_a_floor_above_its_own() -> None:
    assert upward_imports(import_graph(engine_sources()), engine.FLOORS) == []


# ---------------------------------------------------------------------------
# The checker itself


def test_the_checker_reads_imports_inside_functions_but_not_those_for_annotations() -> None:
    sources = {
        "a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
        "b": "def f():\n    from . import c\n    from .d import x\n",
        "c": "import mtg_tui.engine.d\nfrom mtg_tui.engine import a\n",
        "d": "if typing.TYPE_CHECKING:\n    from . import a\nelse:\n    from .c import y\nfrom . import new_game\n",
    }
    graph = import_graph(sources)
    assert graph == {"a": set(), "b": {"c", "d"}, "c": {"a", "d"}, "d": {"c", "__init__"}}


def test_the_checker_reads_a_subpackage_as_one_module() -> None:
    sources: dict[str, Source] = {
        "a": "from .pkg import thing\n",
        "b": "import mtg_tui.engine.pkg.base\n",
        "c": "x = 1\n",
        "pkg": (("from .base import y\nfrom . import base\nfrom ..c import x\n", 0),
                ("from .. import base\nfrom ...a import z\nfrom ... import c\n", 1)),
    }
    assert import_graph(sources) == {"a": {"pkg"}, "b": {"pkg"}, "c": set(), "pkg": {"a", "c"}}
    assert find_cycle(import_graph(sources)) == ["a", "pkg", "a"]


def test_the_checker_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    cycle = find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "c"}
    sources = {"a": "def f():\n    from .b import g\n", "b": "from . import a\n"}
    assert find_cycle(import_graph(sources)) == ["a", "b", "a"]


def test_the_checker_finds_an_import_from_a_higher_floor() -> None:
    floors = {"low": ("a", "b"), "high": ("c",)}
    assert upward_imports({"a": {"b"}, "b": set(), "c": {"a", "b"}}, floors) == []
    assert upward_imports({"a": {"c"}, "b": set(), "c": set()}, floors) == ["a (low) imports c (high)"]

