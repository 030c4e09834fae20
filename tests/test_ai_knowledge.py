"""The computer reads compiled abilities: every kind of compiled piece the engine has gets an entry in its table.

What it makes of cards it has never seen is in ``test_ai_unseen_cards.py``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from typing import Any

import mtg_tui.cardtext
import mtg_tui.engine

from mtg_tui.ai import readers
from mtg_tui.ai.knowledge import read_card
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.engine import abilities, instructions, layers, refs

# ---------------------------------------------------------------------------
# Every compiled piece the engine can produce has an entry


def load_all() -> None:
    """Import every module of the engine and the compiler, so every class they define exists."""
    for pkg in (mtg_tui.engine, mtg_tui.cardtext):
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)


def subclasses(base: type) -> list[type]:
    out, todo = [], [base]
    while todo:
        for cls in todo.pop().__subclasses__():
            out.append(cls)
            todo.append(cls)
    return out


def without_entry(base: type, table: dict[type, Any], classes: list[type] | None = None) -> list[str]:
    """Concrete classes of the project deriving from ``base`` (all of them unless ``classes`` are
    given) that ``table`` has no entry for; a name starting with "_" marks a shared base."""
    if classes is None:
        load_all()
        classes = subclasses(base)
    return sorted({f"{c.__module__}.{c.__name__}" for c in classes
                   if c.__module__.startswith("mtg_tui.") and not c.__name__.startswith("_") and c not in table})


def operations_of(func: Any) -> set[str]:
    """The operation names a layer function tests for (``name == "add_pt"``)."""
    tree = ast.parse(inspect.getsource(func))
    ops = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "name":
            for c in node.comparators:
                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                    ops.add(c.value)
    return ops


def test_every_instruction_class_has_an_entry() -> None:
    assert without_entry(instructions.Instruction, readers.INSTRUCTIONS) == []


def test_every_reference_and_amount_class_has_an_entry() -> None:
    assert without_entry(refs.Ref, readers.REFS) == []
    assert without_entry(refs.Amount, readers.AMOUNTS) == []


def test_every_ability_class_has_an_entry() -> None:
    assert without_entry(abilities.Ability, readers.ABILITIES) == []


def test_every_continuous_effect_operation_has_an_entry() -> None:
    ops = operations_of(layers._apply)
    assert "add_pt" in ops and "flag" in ops          # the scan finds them
    assert sorted(ops - set(readers.LAYER_OPS)) == []


def test_the_coverage_check_finds_a_class_without_an_entry() -> None:
    class Teleport(instructions.Instruction):
        pass
    Teleport.__module__ = "mtg_tui.engine.teleport"
    found = [Teleport, instructions.DealDamage, instructions._EachPlayer]
    assert without_entry(instructions.Instruction, readers.INSTRUCTIONS, found) == ["mtg_tui.engine.teleport.Teleport"]
    assert "mtg_tui.engine.instructions.Draw" in {f"{c.__module__}.{c.__name__}"
                                                  for c in subclasses(instructions.Instruction)}


def test_a_piece_without_an_entry_is_reported_not_neutral() -> None:
    class Teleport(instructions.Instruction):
        pass
    effect = abilities.Effect(instructions=(Teleport(),))
    card = read_card((abilities.SpellAbility(effect),))
    assert card.unknown == ("instruction Teleport",)
    op = abilities.LayerOp("6", "phase_out")
    static = abilities.StaticAbility(effects=(abilities.ContinuousDef(abilities.Affected("self"), (op,)),))
    assert read_card((static,)).unknown == ("operation phase_out",)


def test_every_card_of_the_pool_is_read_completely(db: CardDatabase) -> None:
    unread = {n: read_card(db.get(n).abilities).unknown for n in db.names()}
    assert {n: u for n, u in unread.items() if u} == {}
