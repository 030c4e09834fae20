"""The computer reads compiled abilities: every kind of compiled piece the engine has gets an entry in its table.

What it makes of cards it has never seen is in ``test_ai_unseen_cards.py``.
"""

from __future__ import annotations

import ast
import inspect
import types
from typing import Any

from mtg_tui.ai import readers
from mtg_tui.ai.knowledge import read_card
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.engine import abilities, instructions, layers, refs

# ---------------------------------------------------------------------------
# Every compiled piece the engine can produce has an entry


def subclasses_without_entry(module: Any, base: type, table: dict[type, Any]) -> list[str]:
    """Concrete classes of ``module`` deriving from ``base`` that ``table`` has no entry for."""
    out = []
    for name, cls in vars(module).items():
        if not isinstance(cls, type) or cls is base or not issubclass(cls, base) or name.startswith("_"):
            continue
        if cls.__module__ != module.__name__:
            continue
        if cls not in table:
            out.append(name)
    return sorted(out)


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
    assert subclasses_without_entry(instructions, instructions.Instruction, readers.INSTRUCTIONS) == []


def test_every_reference_and_amount_class_has_an_entry() -> None:
    assert subclasses_without_entry(refs, refs.Ref, readers.REFS) == []
    assert subclasses_without_entry(refs, refs.Amount, readers.AMOUNTS) == []


def test_every_ability_class_has_an_entry() -> None:
    assert subclasses_without_entry(abilities, abilities.Ability, readers.ABILITIES) == []


def test_every_continuous_effect_operation_has_an_entry() -> None:
    ops = operations_of(layers._apply)
    assert "add_pt" in ops and "flag" in ops          # the scan finds them
    assert sorted(ops - set(readers.LAYER_OPS)) == []


def test_the_coverage_check_finds_a_class_without_an_entry() -> None:
    fake = types.ModuleType("fake")

    class Teleport(instructions.Instruction):
        pass
    Teleport.__module__ = "fake"
    fake.Teleport = Teleport          # type: ignore[attr-defined]
    assert subclasses_without_entry(fake, instructions.Instruction, readers.INSTRUCTIONS) == ["Teleport"]


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
