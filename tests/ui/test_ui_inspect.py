"""Inspecting a card shows every keyword it has now with its reminder text, from the keyword registry."""

from __future__ import annotations

from typing import Any

from mtg_tui.engine import GameView, new_game
from mtg_tui.engine.game import Game
from mtg_tui.ui.screens.overlays import inspection_text


def cards(*names: str) -> list[dict[str, Any]]:
    return [{"name": n} for n in names]


def game_with(db: Any, alice: list[str], bob: list[str]) -> Game:
    tables = [{"battlefield": cards(*alice), "library": cards(*["Plains"] * 5)},
              {"battlefield": cards(*bob), "library": cards(*["Plains"] * 5)}]
    return new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
                     "tables": tables}, 1, db)


def inspected(game: Game, name: str) -> str:
    view = GameView(game, 0)
    obj = next(o for o in view.battlefield() if o.name == name)
    return inspection_text(view.inspect(obj.id), obj, None).plain


def test_inspect_shows_menace_and_every_other_keyword_with_its_reminder(db: Any) -> None:
    game = game_with(db, ["Boggart Brute", "White Knight", "Bonesplitter"], ["Vampire Nighthawk"])
    brute = inspected(game, "Boggart Brute")
    assert "Menace: Can't be blocked except by two or more creatures. (702.110)" in brute
    knight = inspected(game, "White Knight")
    assert "First strike: Deals combat damage before creatures without first strike. (702.7)" in knight
    assert "Protection from black: Can't be blocked, targeted, dealt damage, enchanted or equipped by anything " \
           "black. (702.16)" in knight
    nighthawk = inspected(game, "Vampire Nighthawk")
    for keyword in ("Flying", "Deathtouch", "Lifelink"):
        assert f"\n{keyword}: " in nighthawk
    assert "Equip {1}: {1}: attach it to target creature you control, only as a sorcery. (702.6)" in \
        inspected(game, "Bonesplitter")


def test_a_keyword_an_effect_gives_is_explained_too(db: Any) -> None:
    # Rancor is attached to the card listed sixth: the Bears, after the five cards of the library.
    tables = [{"battlefield": [{"name": "Grizzly Bears"}, {"name": "Rancor", "attached": 5}],
               "library": cards(*["Plains"] * 5)}, {"library": cards(*["Plains"] * 5)}]
    game = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
                     "tables": tables}, 1, db)
    assert "Trample: When it's blocked, damage beyond what is lethal" in inspected(game, "Grizzly Bears")
    assert "Enchant creature: Is cast targeting a creature, and can be attached only to a creature. (702.5)" in \
        inspected(game, "Rancor")


def test_a_rules_effect_reads_in_words(db: Any) -> None:
    # Pacifism on the Bears: "enchanted creature can't attack or block" reads with its apostrophes, as written.
    tables = [{"battlefield": [{"name": "Grizzly Bears"}, {"name": "Pacifism", "attached": 5}],
               "library": cards(*["Plains"] * 5)}, {"library": cards(*["Plains"] * 5)}]
    game = new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
                     "tables": tables}, 1, db)
    text = inspected(game, "Grizzly Bears")
    assert "can't attack" in text and "can't block" in text
    assert "cant " not in text
