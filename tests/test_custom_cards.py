"""Rules-text templates beyond the core pool, each checked with a card written for the test.

These are general templates of Magic's rules text (delayed triggers, ward,
predefined tokens, "counter unless", "enters with counters", surveil, "if you
do", sacrifice costs); the expected outcomes are worked out from the rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.scenario.runner import run_file

POOL = ["plains", "island", "forest", "mountain", "swamp", "grizzly-bears", "soul-warden", "lightning-bolt",
        "shock", "llanowar-elves", "disenchant", "hill-giant"]

CUSTOM = {
    "Test Flicker": ('cost = "{W}"\ntype = "Instant"', "Exile target creature you control, then return that card to "
                     "the battlefield under its owner's control at the beginning of the next end step."),
    "Warded Bear": ('cost = "{1}{G}"\ntype = "Creature — Bear"\npower = 2\ntoughness = 2', "Ward {2}"),
    "Treasure Goblin": ('cost = "{1}{R}"\ntype = "Creature — Goblin Pirate"\npower = 2\ntoughness = 1',
                        "When this creature enters, create a Treasure token."),
    "Test Leak": ('cost = "{1}{U}"\ntype = "Instant"', "Counter target spell unless its controller pays {3}."),
    "Countered Elf": ('cost = "{1}{G}"\ntype = "Creature — Elf"\npower = 1\ntoughness = 1',
                      "This creature enters with two +1/+1 counters on it."),
    "Test Peek": ('cost = "{U}"\ntype = "Instant"', "Surveil 2.\nDraw a card."),
    "Hungry Imp": ('cost = "{B}"\ntype = "Creature — Imp"\npower = 1\ntoughness = 1',
                   "When this creature enters, you may sacrifice another creature. If you do, draw two cards."),
    "Bone Splinters": ('cost = "{B}"\ntype = "Sorcery"', "As an additional cost to cast this spell, sacrifice a "
                       "creature.\nDestroy target creature."),
    "Test Fork": ('cost = "{R}"\ntype = "Sorcery"', "Test Fork deals 2 damage divided as you choose among one or two "
                  "targets."),
    "Test Cycler": ('cost = "{3}{U}"\ntype = "Creature — Bird"\npower = 2\ntoughness = 2', "Flying\nCycling {2}"),
    "Test Recall": ('cost = "{1}{U}"\ntype = "Instant"', "Draw a card.\nFlashback {2}{U}"),
    "Test Discount": ('cost = "{4}{R}"\ntype = "Instant"', "This spell costs {2} less to cast if you control a "
                      "Goblin.\nTest Discount deals 4 damage to any target."),
    "Test Ring": ('cost = "{2}{W}"\ntype = "Enchantment"', "When this enchantment enters, exile target nonland "
                  "permanent an opponent controls until this enchantment leaves the battlefield."),
    "Test Owl": ('cost = "{3}{U}"\ntype = "Creature — Bird"\npower = 1\ntoughness = 1', "When this creature enters, "
                 "look at the top three cards of your library. Put one of them into your hand and the rest on the "
                 "bottom of your library in any order."),
    "Goblin Test": ('cost = "{R}"\ntype = "Creature — Goblin"\npower = 1\ntoughness = 1', ""),
    "Test Crusader": ('cost = "{2}{W}"\ntype = "Creature — Human Soldier"\npower = "*"\ntoughness = "*"',
                      "Test Crusader's power and toughness are each equal to the number of creatures you control."),
    "Test Heart": ('cost = "{2}"\ntype = "Artifact"', "As this artifact enters, choose a color.\n"
                   "{T}: Add one mana of the chosen color."),
    "Test Arrest": ('cost = "{2}{W}"\ntype = "Enchantment — Aura"', "Enchant creature\nEnchanted creature can't "
                    "attack or block, and its activated abilities can't be activated."),
    "Test Specter": ('cost = "{1}{B}{B}"\ntype = "Creature — Specter"\npower = 2\ntoughness = 2',
                     "Flying\nWhenever this creature deals damage to an opponent, that player discards a card at random."),
    "Test Plaza": ('type = "Land — Gate"', "When this land enters, sacrifice it unless you pay {1}.\n"
                   "{T}: Add one mana of any color."),
    "Test Tower": ('type = "Land"', "You have no maximum hand size.\n{T}: Add {C}."),
    "Test Cruelty": ('cost = "{2}{B}"\ntype = "Instant"', "Target creature gets -5/-5 until end of turn. If that "
                     "creature would die this turn, exile it instead."),
    "Test Corrupt": ('cost = "{5}{B}"\ntype = "Sorcery"', "Test Corrupt deals damage equal to the number of Swamps "
                     "you control to any target. You gain life equal to the damage dealt this way."),
    "Test Knight": ('cost = "{1}{W}"\ntype = "Creature — Human Knight"\npower = 2\ntoughness = 2',
                    "Hexproof from red"),
    "Test Storm": ('cost = "{U}"\ntype = "Instant"', "Draw three cards, then put two cards from your hand on top of "
                   "your library in any order."),
    "Altar Imp": ('cost = "{B}"\ntype = "Creature — Imp"\npower = 1\ntoughness = 1',
                  "Sacrifice another creature: You gain 2 life."),
    "Test Mentor Hall": ('cost = "{1}{W}"\ntype = "Enchantment"', "Whenever another creature you control enters, "
                         "put a +1/+1 counter on that creature."),
    "Test Wake": ('cost = "{1}{B}"\ntype = "Enchantment"', "Whenever a creature an opponent controls dies, you gain "
                  "life equal to that creature's toughness."),
}


@pytest.fixture(scope="module")
def custom_db(card_db_of: Any) -> CardDatabase:
    return card_db_of(POOL, CUSTOM)


def run(tmp_path: Path, db: CardDatabase, text: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text('title = "t"\nseed = 1\n' + text, encoding="utf-8")
    result = run_file(path, db)
    assert result.passed, result.error


GAME = '''[game]
players = ["Alice", "Bob"]
active = "Alice"
step = "main1"
'''


def test_delayed_return_at_the_next_end_step(tmp_path: Path, custom_db: CardDatabase) -> None:
    # The creature comes back at the end step as a new object (400.7): no counters; Soul Warden sees it enter.
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Flicker"]
battlefield = ["Plains", "Grizzly Bears {+1/+1:2}", "Soul Warden"]
[Bob]
battlefield = ["Forest"]
[[step]]
player = "Alice"
cast = "Test Flicker"
targets = ["Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.exile" = ["Grizzly Bears"] }
[[step]]
advance = "end"
[[step]]
expect.stack = ["Test Flicker"]
[[step]]
pass = "resolve"
[[step]]
expect.card."Grizzly Bears" = { zone = "battlefield", counters = {}, power = 2 }
expect.stack = ["Soul Warden"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 21 }
''')


def test_ward_counters_unless_paid(tmp_path: Path, custom_db: CardDatabase) -> None:
    # Bolting the warded creature triggers ward; Alice can pay {2} (two untapped Mountains) and does.
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Lightning Bolt", "Shock"]
battlefield = ["Mountain", "Mountain", "Mountain"]
[Bob]
battlefield = ["Warded Bear"]
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Warded Bear"]
[[step]]
expect.stack = ["Warded Bear", "Lightning Bolt"]
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = "yes"
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.graveyard" = ["Warded Bear"] }
''')


def test_ward_counters_when_not_paid(tmp_path: Path, custom_db: CardDatabase) -> None:
    # With only one Mountain left after Shock, Alice can't pay {2}: Shock is countered, nothing is asked.
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Shock"]
battlefield = ["Mountain"]
[Bob]
battlefield = ["Warded Bear"]
[[step]]
player = "Alice"
cast = "Shock"
targets = ["Warded Bear"]
[[step]]
pass = "resolve"
[[step]]
expect.stack = []
expect.zones = { "Alice.graveyard" = ["Shock"], "Bob.battlefield" = ["Warded Bear"] }
''')


def test_treasure_token_makes_mana_by_sacrificing_itself(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Treasure Goblin", "Shock"]
battlefield = ["Mountain", "Mountain"]
[Bob]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Treasure Goblin"
[[step]]
pass = "resolve"
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.battlefield" = ["Mountain", "Mountain", "Treasure Goblin", "Treasure"] }
[[step]]
player = "Alice"
activate = "Treasure"
[[step]]
player = "Alice"
choose = "red"
[[step]]
player = "Alice"
cast = "Shock"
targets = ["Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.battlefield" = ["Mountain", "Mountain", "Treasure Goblin"], "Bob.graveyard" = ["Grizzly Bears"] }
''')


def test_counter_unless_paid_and_enters_with_counters(tmp_path: Path, custom_db: CardDatabase) -> None:
    # Bob pays {3} for Test Leak; the Elf resolves with two +1/+1 counters (a 3/3).
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Countered Elf"]
battlefield = ["Forest", "Forest", "Forest", "Forest", "Forest"]
[Bob]
hand = ["Test Leak"]
battlefield = ["Island", "Island"]
[[step]]
player = "Alice"
cast = "Countered Elf"
[[step]]
player = "Bob"
cast = "Test Leak"
targets = ["Countered Elf"]
[[step]]
pass = "resolve"
[[step]]
expect.waiting = { player = "Alice", decision = "choose" }
[[step]]
player = "Alice"
choose = "yes"
[[step]]
pass = "resolve"
[[step]]
expect.card."Countered Elf" = { zone = "battlefield", power = 3, toughness = 3, counters = { "+1/+1" = 2 } }
''')


def test_surveil_then_draw(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Peek"]
library = ["Swamp", "Grizzly Bears", "Shock"]
battlefield = ["Island"]
[Bob]
life = 20
[[step]]
player = "Alice"
cast = "Test Peek"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = ["Swamp"]
[[step]]
expect.zones = { "Alice.hand" = ["Grizzly Bears"], "Alice.library" = ["Shock"], "Alice.graveyard" = ["Swamp", "Test Peek"] }
expect.cited = ["701.42"]
''')


def test_may_sacrifice_if_you_do(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Hungry Imp"]
library = ["Swamp", "Swamp", "Swamp"]
battlefield = ["Swamp", "Grizzly Bears"]
[Bob]
life = 20
[[step]]
player = "Alice"
cast = "Hungry Imp"
[[step]]
pass = "resolve"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = "yes"
[[step]]
expect.zones = { "Alice.graveyard" = ["Grizzly Bears"], "Alice.hand" = ["Swamp", "Swamp"] }
''')


def test_sacrifice_cost_asks_which_when_there_is_a_choice(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
battlefield = ["Altar Imp", "Grizzly Bears", "Llanowar Elves"]
[Bob]
life = 20
[[step]]
player = "Alice"
activate = "Altar Imp"
[[step]]
expect.waiting = { player = "Alice", decision = "choose" }
[[step]]
player = "Alice"
choose = ["Llanowar Elves"]
[[step]]
expect.zones = { "Alice.graveyard" = ["Llanowar Elves"] }
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 22 }
''')


def test_additional_cost_sacrifice_is_chosen_and_paid_on_casting(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Bone Splinters"]
battlefield = ["Swamp", "Llanowar Elves", "Grizzly Bears"]
[Bob]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Bone Splinters"
targets = ["Bob:Grizzly Bears"]
[[step]]
expect.waiting = { player = "Alice", decision = "choose" }
[[step]]
player = "Alice"
choose = ["Llanowar Elves"]
[[step]]
expect.zones = { "Alice.graveyard" = ["Llanowar Elves"] }
expect.stack = ["Bone Splinters"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.graveyard" = ["Grizzly Bears"], "Alice.graveyard" = ["Llanowar Elves", "Bone Splinters"] }
''')


def test_additional_cost_that_cant_be_paid_refuses_the_cast(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Bone Splinters"]
battlefield = ["Swamp"]
[Bob]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Bone Splinters"
targets = ["Bob:Grizzly Bears"]
[[step]]
expect.error = "additional cost"
expect.zones = { "Alice.hand" = ["Bone Splinters"] }
''')


def test_divided_damage_is_divided_when_cast(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Fork", "Test Fork"]
battlefield = ["Mountain", "Mountain"]
[Bob]
battlefield = ["Llanowar Elves", "Soul Warden"]
[[step]]
player = "Alice"
cast = "Test Fork"
targets = ["Llanowar Elves", "Bob"]
[[step]]
expect.waiting = { player = "Alice", decision = "choose" }
[[step]]
player = "Alice"
choose = [1, 0]
[[step]]
expect.error = "at least 1"
[[step]]
player = "Alice"
choose = [1, 1]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.graveyard" = ["Llanowar Elves"] }
expect.life = { Bob = 19 }
[[step]]
player = "Alice"
cast = "Test Fork"
targets = ["Soul Warden"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.graveyard" = ["Llanowar Elves", "Soul Warden"] }
''')


def test_cycling_from_hand_and_flashback_from_graveyard(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Cycler", "Test Recall"]
library = ["Island", "Island", "Island"]
battlefield = ["Island", "Island", "Island", "Island", "Island", "Island", "Island"]
[Bob]
life = 20
[[step]]
player = "Alice"
activate = "Test Cycler"
[[step]]
expect.zones = { "Alice.graveyard" = ["Test Cycler"] }
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.hand" = ["Test Recall", "Island"] }
[[step]]
player = "Alice"
cast = "Test Recall"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
cast = "Test Recall"
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.exile" = ["Test Recall"], "Alice.hand" = ["Island", "Island", "Island"], "Alice.graveyard" = ["Test Cycler"] }
expect.card."Island#10" = { tapped = true }
''')


def test_cost_reduction_with_a_goblin(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Discount", "Test Discount"]
battlefield = ["Mountain", "Mountain", "Mountain", "Goblin Test"]
[Bob]
life = 20
[[step]]
player = "Alice"
cast = "Test Discount"
targets = ["Bob"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Bob = 16 }
expect.card."Mountain#3" = { tapped = true }
''')


def test_exile_until_it_leaves_and_look_at_the_top(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Ring"]
battlefield = ["Plains", "Plains", "Plains"]
[Bob]
hand = ["Disenchant"]
battlefield = ["Hill Giant", "Plains", "Plains"]
[[step]]
player = "Alice"
cast = "Test Ring"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
targets = ["Hill Giant"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.exile" = ["Hill Giant"] }
[[step]]
player = "Bob"
cast = "Disenchant"
targets = ["Test Ring"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.battlefield" = ["Hill Giant", "Plains", "Plains"], "Alice.graveyard" = ["Test Ring"] }
expect.cited = ["610.3c"]
''')


def test_look_at_top_three_and_keep_one(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Owl"]
library = ["Forest", "Shock", "Swamp", "Plains"]
battlefield = ["Island", "Island", "Island", "Island"]
[Bob]
life = 20
[[step]]
player = "Alice"
cast = "Test Owl"
[[step]]
pass = "resolve"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = ["Shock"]
[[step]]
expect.zones = { "Alice.hand" = ["Shock"], "Alice.library" = ["Forest", "Swamp", "Plains"] }
''')


def test_cda_chosen_color_and_arrest(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Heart", "Test Arrest"]
battlefield = ["Test Crusader", "Grizzly Bears", "Plains", "Plains", "Plains", "Plains", "Plains"]
[Bob]
battlefield = ["Llanowar Elves", "Hill Giant"]
[[step]]
expect.card."Test Crusader" = { power = 2, toughness = 2 }
[[step]]
player = "Alice"
cast = "Test Heart"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = "white"
[[step]]
player = "Alice"
cast = "Test Arrest"
targets = ["Llanowar Elves"]
pay = ["Test Heart", "Plains#3", "Plains#4"]
[[step]]
pass = "resolve"
[[step]]
expect.card."Test Heart" = { tapped = true }
[[step]]
player = "Bob"
activate = "Llanowar Elves"
[[step]]
expect.error = "can't be activated"
''')


def test_damage_to_an_opponent_trigger_and_sacrifice_unless(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME.replace('step = "main1"', 'step = "beginning_of_combat"\nturn = 3') + '''
[Alice]
hand = ["Test Plaza"]
battlefield = ["Test Specter"]
[Bob]
hand = ["Forest"]
[[step]]
advance = "declare_attackers"
[[step]]
player = "Alice"
attack = ["Test Specter"]
[[step]]
advance = "combat_damage"
[[step]]
expect.stack = ["Test Specter"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.hand" = [], "Bob.graveyard" = ["Forest"] }
expect.life = { Bob = 18 }
[[step]]
advance = "main2"
[[step]]
player = "Alice"
play = "Test Plaza"
[[step]]
pass = "resolve"
[[step]]
expect.waiting = { player = "Alice", decision = "choose" }
[[step]]
player = "Alice"
choose = "no"
[[step]]
expect.zones = { "Alice.graveyard" = ["Test Plaza"] }
''')


def test_exile_instead_of_dying_and_damage_dealt_this_way(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Test Cruelty", "Test Corrupt"]
battlefield = ["Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Swamp"]
[Bob]
battlefield = ["Hill Giant"]
[[step]]
player = "Alice"
cast = "Test Cruelty"
targets = ["Hill Giant"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.exile" = ["Hill Giant"], "Bob.graveyard" = [] }
[[step]]
player = "Alice"
cast = "Test Corrupt"
targets = ["Bob"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Bob = 11, Alice = 29 }
''')


def test_hexproof_from_a_color_and_cards_from_hand_on_top(tmp_path: Path, custom_db: CardDatabase) -> None:
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Lightning Bolt", "Test Storm"]
library = ["Forest", "Swamp", "Plains", "Island"]
battlefield = ["Mountain", "Island"]
[Bob]
battlefield = ["Test Knight"]
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Test Knight"]
[[step]]
expect.error = "legal"
[[step]]
player = "Alice"
cast = "Test Storm"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = ["Lightning Bolt", "Forest"]
[[step]]
expect.zones = { "Alice.hand" = ["Swamp", "Plains"], "Alice.library" = ["Lightning Bolt", "Forest", "Island"] }
expect.card."Lightning Bolt" = { zone = "library" }
''')


def test_that_creature_is_the_one_the_zone_trigger_saw(tmp_path: Path, custom_db: CardDatabase) -> None:
    # "That creature" in an enters trigger is the creature that entered (603.2): Grizzly Bears gets the
    # counter. In a dies trigger it is the creature as it last existed (608.2h): Hill Giant's toughness 3.
    run(tmp_path, custom_db, GAME + '''
[Alice]
hand = ["Grizzly Bears", "Lightning Bolt"]
battlefield = ["Test Mentor Hall", "Test Wake", "Forest", "Forest", "Mountain"]
[Bob]
battlefield = ["Hill Giant"]
[[step]]
player = "Alice"
cast = "Grizzly Bears"
[[step]]
pass = "resolve"
[[step]]
expect.stack = ["Test Mentor Hall"]
[[step]]
pass = "resolve"
[[step]]
expect.card."Grizzly Bears" = { counters = { "+1/+1" = 1 }, power = 3, toughness = 3 }
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Hill Giant"]
[[step]]
pass = "resolve"
[[step]]
expect.stack = ["Test Wake"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 23 }
''')
