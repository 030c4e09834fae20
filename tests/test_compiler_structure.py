"""The card-text compiler's structure: one method per grammar rule, no import cycle, no run-time classes."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from lark import Lark, Tree

import mtg_tui.cardtext as cardtext
from mtg_tui.cardtext.compiler import FAMILIES, CardCompiler, check, compile_text, unhandled_rules
from mtg_tui.cardtext.errors import TextError
from mtg_tui.cardtext.faces import is_saga, split_chapters
from mtg_tui.cardtext.loader import CardDatabase, parse_type_line
from mtg_tui.cardtext.parser import grammar_text, normalise, parse, parser, split_abilities
from mtg_tui.cardtext.templates.base import Templates
from mtg_tui.engine.abilities import Ability
from mtg_tui.engine.instructions import Instruction
from mtg_tui.engine.refs import Amount, Ref
from test_engine_floors import _type_checking_only, find_cycle

CARDTEXT = Path(cardtext.__file__).resolve().parent


def _grammar_with(extra_alternative: str) -> Lark:
    """The card grammar with one more verb phrase."""
    text = grammar_text().replace("-> vp_attacks_marker", "-> vp_attacks_marker\n   | " + extra_alternative, 1)
    return Lark(text, start="start", parser="earley", lexer="dynamic")


# ---------------------------------------------------------------------------
# One method per rule


def test_every_grammar_rule_has_exactly_one_method() -> None:
    assert unhandled_rules(parser()) == []


def test_a_grammar_rule_without_a_method_is_an_error_when_the_compiler_loads() -> None:
    grammar = _grammar_with('"frobnicates" -> vp_frobnicate')
    assert unhandled_rules(grammar) == ["vp_frobnicate"]
    with pytest.raises(RuntimeError, match="vp_frobnicate"):
        check(grammar)


def test_two_families_defining_one_rule_is_an_error() -> None:
    class Again(Templates):
        def vp_draw(self) -> None:
            return None

    assert unhandled_rules(parser(), FAMILIES + (Again,)) == ["vp_draw (in Verbs, Again)"]


def test_a_tree_node_without_a_method_is_refused_not_copied() -> None:
    compiler = CardCompiler("Test Card", ("Instant",), ())
    with pytest.raises(TextError, match="no method"):
        compiler.transform(Tree("vp_frobnicate", []))


def test_every_family_method_reads_a_rule_of_the_grammar() -> None:
    """A method named like a rule that the grammar no longer has is dead code (a renamed rule, say)."""
    names = {str(r.alias or r.origin.name) for r in parser().rules}
    stale = [f"{family.__name__}.{name}" for family in FAMILIES for name, value in vars(family).items()
             if callable(value) and not name.startswith("_") and name not in names and name not in HELPERS]
    assert stale == []


# Public methods of the families that are helpers, not rules.
HELPERS = {"effect_of", "static_ability", "static_replacement", "static_prevention", "predefined_token", "affected", "ops_of", "quoted", "compile_nested"}


# ---------------------------------------------------------------------------
# Imports


def module_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Dotted module -> the modules of the same package tree it imports (in functions too; not for annotations)."""
    modules = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("").parts
        name = ".".join((package,) + (rel[:-1] if rel[-1] == "__init__" else rel))
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for_annotations = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and _type_checking_only(node)
                           for stmt in node.body for n in ast.walk(stmt)}
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in for_annotations:
                continue
            if isinstance(node, ast.ImportFrom):
                base = here[:len(here) - node.level + 1] if node.level else []
                stem = ".".join(base + ([node.module] if node.module else []))
                found.update(f"{stem}.{a.name}" if f"{stem}.{a.name}" in modules else stem for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[name] = (found & set(modules)) - {name}
    return graph


def test_cardtext_modules_import_each_other_in_no_cycle() -> None:
    graph = module_graph(CARDTEXT, "mtg_tui.cardtext")
    assert "mtg_tui.cardtext.compiler" in graph["mtg_tui.cardtext.loader"]
    assert "mtg_tui.cardtext.templates.base" in graph["mtg_tui.cardtext.templates.verbs"]
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_module_graph_resolves_relative_imports_at_any_depth(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "sub" / "__init__.py").write_text("")
    (tmp_path / "a.py").write_text("def f():\n    from .sub import b\n")
    (tmp_path / "sub" / "b.py").write_text("from ..a import f\nfrom . import c\nfrom typing import TYPE_CHECKING\n"
                                           "if TYPE_CHECKING:\n    from .. import d\n")
    (tmp_path / "sub" / "c.py").write_text("import pkg.d\n")
    (tmp_path / "d.py").write_text("")
    graph = module_graph(tmp_path, "pkg")
    assert graph["pkg.a"] == {"pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.a", "pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.d"}
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.a"]


def test_classes_that_run_during_games_are_not_defined_in_cardtext() -> None:
    """The compiler only builds engine objects: instructions, references, amounts and abilities live in the engine."""
    found = []
    for info in pkgutil.walk_packages(cardtext.__path__, "mtg_tui.cardtext."):
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, (Instruction, Ref, Amount, Ability)):
                found.append(f"{module.__name__}.{name}")
    assert found == []


def test_compiling_leaves_the_shared_parse_trees_as_they_were(db: CardDatabase) -> None:
    """Parse trees are cached and shared between cards, so no template may change the tree it reads."""
    cards = [(name, db.fields(name)) for name in db.names()]
    cards = [(name, f) for name, f in cards if isinstance(f.get("text"), str) and isinstance(f.get("type"), str)]
    # A Saga's chapter lines are compiled as effects, apart from its other text (714.2b).
    texts = {name: split_chapters(f["text"]) if is_saga(f) else (f["text"], []) for name, f in cards}
    paragraphs = {normalise(p, name) for name, (rest, chapters) in texts.items()
                  for p in split_abilities(rest) + [effect for _, effect, _ in chapters]} - {""}
    before = {p: parse(p).pretty() for p in paragraphs}
    for name, f in cards:
        supers, types, subs = parse_type_line(f["type"], "", name)
        rest, chapters = texts[name]
        compile_text(name, rest, supers, types, subs)
        for _, effect, _ in chapters:
            compile_text(name, effect, supers, ("Sorcery",), ())
    assert {p: parse(p).pretty() for p in paragraphs} == before
