"""The computer reads compiled abilities: every engine class has an entry, and new cards are judged at once.

The cards here are written by the tests (unusual names, so nothing can be
known about them but their compiled text); the expected judgements come from
their rules text, worked out by hand.
"""

from __future__ import annotations

import ast
import inspect
import shutil
import types
from pathlib import Path
from typing import Any

import pytest

from mtg_tui.ai import readers
from mtg_tui.ai.judgement import effect_polarity, ordered_targets, target_polarity
from mtg_tui.ai.knowledge import read_card
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.engine import abilities, instructions, layers, refs
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.view import GameView
from mtg_tui.paths import cards_dir

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


# ---------------------------------------------------------------------------
# Cards nobody has seen

POOL = ["plains", "island", "swamp", "mountain", "forest", "grizzly-bears", "serra-angel", "hill-giant"]

NEW = {
    "Qorvath's Reckoning": ('cost = "{1}{R}"\ntype = "Instant"', "Qorvath's Reckoning deals 4 damage to any target."),
    "Ylsa Bloom": ('cost = "{G}"\ntype = "Instant"', "Target creature gets +2/+2 and gains trample until end of turn."),
    "Mire Shroud": ('cost = "{1}{B}"\ntype = "Enchantment — Aura"', "Enchant creature\nEnchanted creature gets -2/-2."),
    "Sunplate Mantle": ('cost = "{1}{W}"\ntype = "Enchantment — Aura"',
                        "Enchant creature\nEnchanted creature gets +2/+2 and has vigilance."),
    "Drowse Hex": ('cost = "{U}"\ntype = "Instant"', "Tap target creature. It doesn't untap during its controller's "
                   "next untap step."),
    "Tidewrench": ('cost = "{1}{U}"\ntype = "Instant"', "Return target creature to its owner's hand."),
    "Kelp Rite": ('cost = "{1}{B}"\ntype = "Sorcery"', "Target player draws two cards and loses 2 life."),
    "Gloom Census": ('cost = "{2}{B}"\ntype = "Sorcery"', "Destroy target creature. Its controller gains 2 life."),
}


@pytest.fixture(scope="module")
def new_db(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    folder = tmp_path_factory.mktemp("cards")
    for name in POOL:
        shutil.copy(cards_dir() / f"{name}.toml", folder)
    for name, (fields, text) in NEW.items():
        slug = name.lower().replace(" ", "-").replace("'", "")
        (folder / f"{slug}.toml").write_text(f'name = "{name}"\n{fields}\ntext = """\n{text}"""\n', encoding="utf-8")
    db = CardDatabase(folder)
    assert db.check() == []
    return db


def spell_effect(db: CardDatabase, name: str) -> Any:
    return next(a.effect for a in db.get(name).abilities if isinstance(a, abilities.SpellAbility))


@pytest.mark.parametrize("name,expected", [
    ("Qorvath's Reckoning", "harmful"),   # damage
    ("Ylsa Bloom", "helpful"),            # +2/+2 and trample
    ("Drowse Hex", "harmful"),            # tapped and kept tapped
    ("Tidewrench", "harmful"),            # bounced
    ("Kelp Rite", "helpful"),             # two cards for 2 life: the player gains more than it loses
    ("Gloom Census", "harmful"),          # destroyed (its controller's life is not the target)
])
def test_a_new_spell_is_judged_from_its_compiled_effect(new_db: CardDatabase, name: str, expected: str) -> None:
    assert effect_polarity(spell_effect(new_db, name), 0) == expected


@pytest.mark.parametrize("name,expected", [("Mire Shroud", "harmful"), ("Sunplate Mantle", "helpful")])
def test_a_new_aura_is_judged_by_what_it_does_to_the_enchanted_creature(new_db: CardDatabase, name: str,
                                                                        expected: str) -> None:
    card = new_db.get(name)
    assert effect_polarity(abilities.Effect(), 0, card.abilities) == expected


def test_the_reading_of_a_new_burn_spell_names_its_damage(new_db: CardDatabase) -> None:
    r = read_card(new_db.get("Qorvath's Reckoning").abilities).main
    assert (r.damage, r.damage_to, r.harmful, r.removal) == (4, "any", True, True)


def casting(db: CardDatabase, spell: str, caster: int = 0) -> Any:
    """Alice (0) or Bob (1) starts casting ``spell``, with creatures on both sides: the targets decision."""
    tables = [{"battlefield": [{"name": n} for n in ("Mountain", "Forest", "Plains", "Swamp", "Island",
                                                        "Grizzly Bears")],
               "hand": [{"name": spell}] if caster == 0 else [],
               "library": [{"name": "Plains"}] * 5},
              {"battlefield": [{"name": n} for n in ("Mountain", "Forest", "Plains", "Swamp", "Island",
                                                        "Hill Giant", "Serra Angel")],
               "hand": [{"name": spell}] if caster == 1 else [],
               "library": [{"name": "Plains"}] * 5}]
    g = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": caster, "turn": 3, "step": "main1",
                  "tables": tables}, 1, db)
    card = next(o for o in g.players[caster].hand if o.name == spell)
    g.answer(caster, {"action": "cast", "card": card.id})
    assert g.pending.kind == "targets"
    return g


def names(g: Any, ids: list[int]) -> list[str]:
    return [g.describe(i) for i in ids]


def test_harmful_targets_list_the_opponent_and_their_creatures_first(new_db: CardDatabase) -> None:
    g = casting(new_db, "Qorvath's Reckoning")
    view = GameView(g, 0)
    assert target_polarity(view, g.pending, 0) == "harmful"
    order = names(g, ordered_targets(view, g.pending, 0))
    assert set(order[:3]) == {"Bob", "Hill Giant", "Serra Angel"}
    assert set(order[3:]) == {"Alice", "Grizzly Bears"}


def test_helpful_targets_list_your_own_creatures_first(new_db: CardDatabase) -> None:
    g = casting(new_db, "Ylsa Bloom", caster=1)
    view = GameView(g, 1)
    assert target_polarity(view, g.pending, 0) == "helpful"
    order = names(g, ordered_targets(view, g.pending, 0))
    assert set(order[:2]) == {"Hill Giant", "Serra Angel"} and order[2:] == ["Grizzly Bears"]


def test_an_aura_spell_is_judged_by_its_enchant_effects(new_db: CardDatabase) -> None:
    g = casting(new_db, "Mire Shroud")
    view = GameView(g, 0)
    assert target_polarity(view, g.pending, 0) == "harmful"
    assert names(g, ordered_targets(view, g.pending, 0))[-1] == "Grizzly Bears"
    g = casting(new_db, "Sunplate Mantle")
    assert target_polarity(GameView(g, 0), g.pending, 0) == "helpful"
    assert names(g, ordered_targets(GameView(g, 0), g.pending, 0))[0] == "Grizzly Bears"
