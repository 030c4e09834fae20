"""The computer judges cards it has never seen, from their compiled abilities.

Every card here is written by the test, with a name nothing could be known
by; only its rules text (compiled) says what it does. The expected choices
are worked out from that text by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.ai import ComputerPlayer
from mtg_tui.ai.judgement import effect_polarity, ordered_targets, target_polarity
from mtg_tui.ai.knowledge import read_card
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.engine.abilities import Effect, SpellAbility
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.view import GameView

POOL = ["plains", "island", "swamp", "mountain", "forest", "grizzly-bears", "serra-angel", "hill-giant",
        "llanowar-elves"]

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
    "Vell Seer": ('cost = "{1}{U}"\ntype = "Creature — Human Wizard"\npower = 1\ntoughness = 1',
                  "When this creature enters, you may draw a card."),
    "Grim Votary": ('cost = "{1}{B}"\ntype = "Creature — Zombie"\npower = 2\ntoughness = 2',
                    "When this creature enters, you may sacrifice a creature."),
    "Marrow Toll": ('cost = "{1}{B}"\ntype = "Sorcery"', "As an additional cost to cast this spell, sacrifice a "
                    "creature.\nDestroy target creature."),
    "Brinewake Skiff": ('cost = "{3}"\ntype = "Artifact — Vehicle"\npower = 4\ntoughness = 4', "Crew 2"),
    "Ashcaller Imp": ('cost = "{2}{R}"\ntype = "Creature — Imp"\npower = 1\ntoughness = 1',
                      "When this creature enters, it deals 2 damage to any target."),
}

AI, ALICE = 1, 0


@pytest.fixture(scope="module")
def new_db(card_db_of: Any) -> CardDatabase:
    return card_db_of(POOL, NEW)


def table(*, hand: tuple[str, ...] = (), battlefield: tuple[str, ...] = (), life: int = 20) -> dict[str, Any]:
    return {"hand": [{"name": n} for n in hand], "battlefield": [{"name": n} for n in battlefield],
            "library": [{"name": "Plains"}] * 8, "life": life}


def game(db: CardDatabase, alice: dict[str, Any], bob: dict[str, Any], active: int = AI) -> Game:
    return new_game({"kind": "state", "players": ["Alice", "Bob"], "active": active, "turn": 4, "step": "main1",
                     "tables": [alice, bob]}, 1, db)


def computer(g: Game) -> Any:
    """The computer's answer to what the game asks it now (an illegal answer fails the test)."""
    d = g.pending
    assert d is not None and d.player == AI, f"the game waits on {d!r}"
    ans = ComputerPlayer("normal", strict=True).decide(g, d)
    d.validate(ans)
    return ans


def advance_to(g: Game, kind: str) -> None:
    """Pass priority until the computer faces a ``kind`` decision."""
    for _ in range(50):
        d = g.pending
        if d.player == AI and d.kind == kind:
            return
        assert d.kind == "priority", f"unexpected {d!r}"
        g.answer(d.player, {"action": "pass"})
    raise AssertionError(f"never reached {kind}")


def names(g: Game, ids: list[int]) -> list[str]:
    return [g.describe(i) for i in ids]


def hand_card(g: Game, player: int, name: str) -> int:
    return next(o.id for o in g.players[player].hand if o.name == name)


LANDS = ("Mountain", "Forest", "Plains", "Swamp", "Island")

# ---------------------------------------------------------------------------
# Harmful or helpful, from the compiled effect


def spell_effect(db: CardDatabase, name: str) -> Effect:
    return next(a.effect for a in db.get(name).abilities if isinstance(a, SpellAbility))


@pytest.mark.parametrize("name,expected", [
    ("Qorvath's Reckoning", "harmful"),   # 4 damage
    ("Ylsa Bloom", "helpful"),            # +2/+2 and trample
    ("Drowse Hex", "harmful"),            # tapped, and it stays tapped
    ("Tidewrench", "harmful"),            # back to its owner's hand
    ("Kelp Rite", "helpful"),             # two cards for 2 life: the player gains more than it loses
    ("Gloom Census", "harmful"),          # destroyed (the life goes to its controller, not to the target)
])
def test_a_new_spell_is_judged_from_its_compiled_effect(new_db: CardDatabase, name: str, expected: str) -> None:
    assert effect_polarity(spell_effect(new_db, name), 0) == expected


@pytest.mark.parametrize("name,expected", [("Mire Shroud", "harmful"), ("Sunplate Mantle", "helpful")])
def test_a_new_aura_is_judged_by_what_it_does_to_the_enchanted_creature(new_db: CardDatabase, name: str,
                                                                        expected: str) -> None:
    assert effect_polarity(Effect(), 0, new_db.get(name).abilities) == expected


def test_the_reading_of_a_new_burn_spell_names_its_damage(new_db: CardDatabase) -> None:
    r = read_card(new_db.get("Qorvath's Reckoning").abilities).main
    assert (r.damage, r.damage_to, r.harmful, r.removal) == (4, "any", True, True)


def casting(db: CardDatabase, spell: str, caster: int) -> Game:
    """``caster`` starts casting ``spell`` with creatures on both sides: the game asks for its targets."""
    mine = table(hand=(spell,), battlefield=LANDS + ("Grizzly Bears",))
    theirs = table(battlefield=LANDS + ("Hill Giant", "Serra Angel"))
    g = game(db, *((mine, theirs) if caster == ALICE else (theirs, mine)), active=caster)
    g.answer(caster, {"action": "cast", "card": hand_card(g, caster, spell)})
    assert g.pending.kind == "targets"
    return g


def test_harmful_targets_list_the_opponent_and_their_creatures_first(new_db: CardDatabase) -> None:
    g = casting(new_db, "Qorvath's Reckoning", ALICE)
    view = GameView(g, ALICE)
    assert target_polarity(view, g.pending, 0) == "harmful"
    order = names(g, ordered_targets(view, g.pending, 0))
    assert set(order[:3]) == {"Bob", "Hill Giant", "Serra Angel"}
    assert set(order[3:]) == {"Alice", "Grizzly Bears"}


def test_helpful_targets_list_your_own_creatures_first(new_db: CardDatabase) -> None:
    g = casting(new_db, "Ylsa Bloom", ALICE)
    view = GameView(g, ALICE)
    assert target_polarity(view, g.pending, 0) == "helpful"
    assert names(g, ordered_targets(view, g.pending, 0))[0] == "Grizzly Bears"


def test_an_aura_spell_is_judged_by_its_enchant_effects(new_db: CardDatabase) -> None:
    g = casting(new_db, "Mire Shroud", ALICE)
    assert target_polarity(GameView(g, ALICE), g.pending, 0) == "harmful"
    assert names(g, ordered_targets(GameView(g, ALICE), g.pending, 0))[-1] == "Grizzly Bears"
    g = casting(new_db, "Sunplate Mantle", ALICE)
    assert target_polarity(GameView(g, ALICE), g.pending, 0) == "helpful"
    assert names(g, ordered_targets(GameView(g, ALICE), g.pending, 0))[0] == "Grizzly Bears"


# ---------------------------------------------------------------------------
# The computer's choices with them


def test_new_burn_kills_the_creature_worth_most_that_it_can_kill(new_db: CardDatabase) -> None:
    # 4 damage kills Serra Angel (4/4 flier, vigilance) or Hill Giant (3/3); the Angel is worth more.
    # At 20 life 4 damage to Alice's face is far from lethal.
    g = game(new_db, table(battlefield=("Hill Giant", "Serra Angel")),
             table(hand=("Qorvath's Reckoning",), battlefield=("Mountain", "Mountain")))
    g.answer(AI, {"action": "cast", "card": hand_card(g, AI, "Qorvath's Reckoning")})
    assert names(g, computer(g)[0]) == ["Serra Angel"]


def test_new_burn_goes_to_the_face_when_it_is_lethal(new_db: CardDatabase) -> None:
    # Alice at 4 life: 4 damage to her ends the game (104.3b); that beats any creature.
    g = game(new_db, table(battlefield=("Serra Angel",), life=4),
             table(hand=("Qorvath's Reckoning",), battlefield=("Mountain", "Mountain")))
    ans = computer(g)
    assert ans["action"] == "cast" and names(g, ans["targets"][0]) == ["Alice"]


def test_a_new_enters_trigger_aims_its_damage_at_the_opponents_creature(new_db: CardDatabase) -> None:
    # "it deals 2 damage to any target": Alice's Grizzly Bears (2/2) dies; nothing of ours is hit.
    g = game(new_db, table(battlefield=("Grizzly Bears",)),
             table(hand=("Ashcaller Imp",), battlefield=("Mountain", "Mountain", "Mountain", "Llanowar Elves")))
    g.answer(AI, {"action": "cast", "card": hand_card(g, AI, "Ashcaller Imp"), "pay": "auto"})
    advance_to(g, "targets")
    assert names(g, computer(g)[0]) == ["Grizzly Bears"]


def test_a_new_pump_aura_goes_on_its_own_creature(new_db: CardDatabase) -> None:
    g = game(new_db, table(battlefield=("Hill Giant",)),
             table(hand=("Sunplate Mantle",), battlefield=("Plains", "Plains", "Grizzly Bears")))
    ans = computer(g)
    assert ans["action"] == "cast" and names(g, ans["targets"][0]) == ["Grizzly Bears"]


def test_a_new_shrinking_aura_goes_on_the_opponents_creature(new_db: CardDatabase) -> None:
    # -2/-2 kills Alice's Grizzly Bears (2/2); our own Hill Giant is never the target.
    g = game(new_db, table(battlefield=("Grizzly Bears",)),
             table(hand=("Mire Shroud",), battlefield=("Swamp", "Swamp", "Hill Giant")))
    ans = computer(g)
    assert ans["action"] == "cast" and names(g, ans["targets"][0]) == ["Grizzly Bears"]


def test_says_yes_to_a_new_may_draw(new_db: CardDatabase) -> None:
    g = game(new_db, table(), table(hand=("Vell Seer",), battlefield=("Island", "Island")))
    g.answer(AI, {"action": "cast", "card": hand_card(g, AI, "Vell Seer"), "pay": "auto"})
    advance_to(g, "choose")
    assert computer(g) == "yes"


def test_says_no_to_a_new_may_sacrifice_with_nothing_in_return(new_db: CardDatabase) -> None:
    # "you may sacrifice a creature": giving up Hill Giant (or the Votary itself) gains nothing.
    g = game(new_db, table(), table(hand=("Grim Votary",), battlefield=("Swamp", "Swamp", "Hill Giant")))
    g.answer(AI, {"action": "cast", "card": hand_card(g, AI, "Grim Votary"), "pay": "auto"})
    advance_to(g, "choose")
    assert computer(g) == "no"


def test_pays_a_sacrifice_cost_with_its_least_valuable_creature(new_db: CardDatabase) -> None:
    # Destroying Serra Angel is worth a creature; Llanowar Elves (1/1) is worth less than Hill Giant (3/3).
    g = game(new_db, table(battlefield=("Serra Angel",)),
             table(hand=("Marrow Toll",), battlefield=("Swamp", "Swamp", "Hill Giant", "Llanowar Elves")))
    ans = computer(g)
    assert ans["action"] == "cast" and names(g, ans["targets"][0]) == ["Serra Angel"]
    g.answer(AI, ans)
    assert g.pending.subkind == "sacrifice_cost"
    assert names(g, computer(g)) == ["Llanowar Elves"]


def test_crews_with_the_creatures_it_misses_least(new_db: CardDatabase) -> None:
    # Crew 2 from Llanowar Elves (1/1), Grizzly Bears (2/2) and Hill Giant (3/3): the Bears alone pay it and
    # are worth less than the Giant, or than the Elves and the Bears together.
    g = game(new_db, table(), table(battlefield=("Brinewake Skiff", "Llanowar Elves", "Grizzly Bears",
                                                 "Hill Giant")))
    skiff = next(o.id for o in g.battlefield if o.name == "Brinewake Skiff")
    g.answer(AI, {"action": "activate", "source": skiff, "ability": 0})
    assert g.pending.subkind == "tap_cost"
    assert names(g, computer(g)) == ["Grizzly Bears"]
