"""Templates whose every part must be read: each checked with a card written for the test.

"combat on your turn" (only on its controller's turn), "enters tapped and
doesn't untap" (both halves), a token's quoted ability (the token has it),
"that much" (the amount of the event). Expected outcomes come from the rules
text, worked out by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_tui.cardtext.compiler import compile_text
from mtg_tui.cardtext.errors import CardError
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.scenario.runner import run_file

POOL = ["plains", "island", "mountain", "shock", "lightning-bolt", "grizzly-bears"]

CUSTOM = {
    "Test Drummer": ('cost = "{1}{W}"\ntype = "Creature — Human"\npower = 1\ntoughness = 1',
                     "At the beginning of combat on your turn, you gain 1 life."),
    "Test Golem": ('cost = "{3}"\ntype = "Artifact Creature — Golem"\npower = 4\ntoughness = 4',
                   "This creature enters tapped and doesn't untap during your untap step."),
    "Test Conjuring": ('cost = "{1}{W}"\ntype = "Sorcery"', 'Create a 1/1 white Spirit creature token with '
                       '"When this creature dies, you gain 2 life."'),
    "Test Sentinel": ('cost = "{3}{W}"\ntype = "Creature — Human Soldier"\npower = 2\ntoughness = 4',
                      "This creature can block an additional creature each combat.\n"
                      "Whenever this creature blocks, you gain 1 life."),
    "Test Captain": ('cost = "{3}{R}"\ntype = "Creature — Human Warrior"\npower = 3\ntoughness = 5',
                     "Whenever this creature is dealt damage, it deals that much damage to target player."),
    "Test Vulture": ('cost = "{1}{B}"\ntype = "Creature — Bird"\npower = 1\ntoughness = 1',
                     "Whenever a creature is put into an opponent's graveyard from the battlefield, you gain 1 life."),
    "Test Envoy": ('cost = "{2}{W}"\ntype = "Creature — Human Cleric"\npower = 2\ntoughness = 2',
                   "When this creature enters the battlefield, choose one or both —\n"
                   "• You gain 3 life.\n• Target player draws a card."),
}


@pytest.fixture(scope="module")
def db(card_db_of: Any) -> CardDatabase:
    return card_db_of(POOL, CUSTOM)


def run(tmp_path: Path, db: CardDatabase, text: str) -> None:
    path = tmp_path / "s.toml"
    path.write_text('title = "t"\nseed = 1\n' + text, encoding="utf-8")
    result = run_file(path, db)
    assert result.passed, result.error


def test_combat_on_your_turn_triggers_only_on_your_turn(tmp_path: Path, db: CardDatabase) -> None:
    # Bob's turn 3 passes through his beginning of combat: nothing for Alice. On her turn 4 it triggers (503.1).
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Bob"
turn = 3
step = "main1"
[Alice]
library = ["Island", "Island"]
battlefield = ["Test Drummer"]
[Bob]
library = ["Island", "Island"]
battlefield = ["Island"]
[[step]]
advance = { turn = 4, step = "main1" }
[[step]]
expect.life = { Alice = 20 }
expect.stack = []
[[step]]
advance = "beginning_of_combat"
[[step]]
expect.stack = ["Test Drummer"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 21 }
''')


def test_enters_tapped_and_doesnt_untap_does_both(tmp_path: Path, db: CardDatabase) -> None:
    # 614.1d: it enters tapped; its static ability keeps it tapped through Alice's next untap step (502.3).
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "main1"
[Alice]
library = ["Island", "Island"]
hand = ["Test Golem"]
battlefield = ["Plains", "Plains", "Plains"]
[Bob]
library = ["Island", "Island"]
battlefield = ["Island"]
[[step]]
player = "Alice"
cast = "Test Golem"
[[step]]
pass = "resolve"
[[step]]
expect.card."Test Golem" = { zone = "battlefield", tapped = true }
[[step]]
advance = { turn = 5, step = "main1" }
[[step]]
expect.card."Test Golem" = { tapped = true }
expect.card."Plains" = { tapped = false }
''')


def test_a_token_has_the_ability_its_text_quotes(tmp_path: Path, db: CardDatabase) -> None:
    # The Spirit token has "When this creature dies, you gain 2 life." (111.4): Bolting it gains Alice 2 life.
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "main1"
[Alice]
hand = ["Test Conjuring", "Lightning Bolt"]
battlefield = ["Plains", "Plains", "Mountain"]
[Bob]
battlefield = ["Island"]
[[step]]
player = "Alice"
cast = "Test Conjuring"
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.battlefield" = ["Plains", "Plains", "Mountain", "Spirit"] }
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Spirit"]
[[step]]
pass = "resolve"
[[step]]
expect.stack = ["Spirit"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 22, Bob = 20 }
''')


def test_that_much_damage_is_the_damage_dealt(tmp_path: Path, db: CardDatabase) -> None:
    # Shock deals 2 to the Captain; it deals "that much" (2) to the target player Alice chooses: Bob.
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Bob"
turn = 3
step = "main1"
[Alice]
battlefield = ["Test Captain"]
[Bob]
hand = ["Shock"]
battlefield = ["Mountain"]
[[step]]
player = "Bob"
cast = "Shock"
targets = ["Test Captain"]
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
targets = ["Bob"]
[[step]]
expect.stack = ["Test Captain"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 20, Bob = 18 }
expect.card."Test Captain" = { damage = 2 }
''')


@pytest.mark.parametrize("text", [
    "This creature can't be countered and has flying.",     # "has flying" must not be dropped
    "You can't lose the game and gain 1 life.",              # "gain 1 life" is no rule about winning
])
def test_a_static_clause_read_only_in_part_is_an_error(text: str) -> None:
    with pytest.raises(CardError, match="isn't supported yet"):
        compile_text("Test Wall", text, (), ("Creature",), ("Wall",))


def test_deep_freeze_adds_a_color_and_a_subtype_and_keeps_only_what_it_gives() -> None:
    """Deep Freeze on Serra Angel (white, Angel, flying, vigilance): blue and white, an Angel Wall, 0/4, defender
    and nothing else (105.3, 205.1b, 613.1f). Its scenario shows the flying lost and the defender kept in play."""
    from mtg_tui.cardtext.loader import default_db
    from mtg_tui.engine.setup import new_game
    angel = {"name": "Serra Angel"}
    game = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
                     "tables": [{"battlefield": [angel, {"name": "Deep Freeze", "attached": 0}]}, {}]},
                    1, default_db())
    obj = next(o for o in game.battlefield if o.name == "Serra Angel")
    c = game.chars(obj)
    assert set(c.colors) == {"W", "U"}
    assert set(c.subtypes) == {"Angel", "Wall"}
    assert (c.power, c.toughness) == (0, 4)
    assert [getattr(a, "keyword", None) for a in c.abilities] == ["defender"]


def test_whenever_it_blocks_triggers_once_however_many_it_blocks(tmp_path: Path, db: CardDatabase) -> None:
    # The Sentinel blocks both of Bob's Bears: "whenever this creature blocks" triggers once (509.5a), so
    # Alice gains 1 life, not 2.
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Bob"
turn = 4
step = "main1"
[Alice]
battlefield = ["Test Sentinel"]
[Bob]
battlefield = ["Grizzly Bears", "Grizzly Bears"]
[[step]]
advance = "declare_attackers"
[[step]]
player = "Bob"
attack = ["Grizzly Bears", "Grizzly Bears"]
[[step]]
advance = "declare_blockers"
[[step]]
player = "Alice"
block = { "Test Sentinel" = ["Grizzly Bears#1", "Grizzly Bears#2"] }
[[step]]
player = "Alice"
damage_order = { "Test Sentinel" = ["Grizzly Bears#1", "Grizzly Bears#2"] }
[[step]]
expect.stack = ["Test Sentinel"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 21 }
''')


def test_a_triggered_choose_one_or_both_takes_both_modes(tmp_path: Path, db: CardDatabase) -> None:
    # Modes of a triggered ability are chosen as it goes on the stack (700.2b); "one or both" allows both
    # (700.2d), and both happen, in printed order: Alice gains 3 (23) and Bob, the target, draws his Island.
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "main1"
[Alice]
library = ["Plains"]
hand = ["Test Envoy"]
battlefield = ["Plains", "Plains", "Plains"]
[Bob]
library = ["Island", "Island"]
[[step]]
player = "Alice"
cast = "Test Envoy"
[[step]]
pass = "resolve"
[[step]]
expect.waiting = { player = "Alice", kind = "choose_mode" }
[[step]]
player = "Alice"
choose = [2, 1]
[[step]]
player = "Alice"
targets = ["Bob"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 23 }
expect.hand_size = { Bob = 1 }
''')


def test_a_triggered_choose_one_or_both_refuses_none(tmp_path: Path, db: CardDatabase) -> None:
    # "One or both" means at least one (700.2d): an empty choice is refused and changes nothing.
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "main1"
[Alice]
library = ["Plains"]
hand = ["Test Envoy"]
battlefield = ["Plains", "Plains", "Plains"]
[Bob]
library = ["Island"]
[[step]]
player = "Alice"
cast = "Test Envoy"
[[step]]
pass = "resolve"
[[step]]
player = "Alice"
choose = []
[[step]]
expect.error = "between 1 and 2"
[[step]]
player = "Alice"
choose = [1]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 23 }
expect.hand_size = { Bob = 0 }
''')


def test_put_into_an_opponents_graveyard_means_a_card_its_owner_is_an_opponent(tmp_path: Path,
                                                                               db: CardDatabase) -> None:
    # A card goes to its owner's graveyard (404.1): Alice's own Bears dying don't trigger her Vulture; Bob's
    # do, once: 20, then 21.
    run(tmp_path, db, '''
[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "main1"
[Alice]
library = ["Plains"]
hand = ["Shock", "Shock"]
battlefield = ["Test Vulture", "Grizzly Bears", "Mountain", "Mountain"]
[Bob]
library = ["Island"]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Shock"
targets = ["Alice:Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.graveyard" = ["Grizzly Bears", "Shock"] }
expect.stack = []
expect.life = { Alice = 20 }
[[step]]
player = "Alice"
cast = "Shock"
targets = ["Bob:Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.stack = ["Test Vulture"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 21 }
''')
