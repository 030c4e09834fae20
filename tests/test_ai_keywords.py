"""The computer knows keywords from the keyword registry: what they're worth, and who may block whom.

The cards are written by the test; the expected judgements follow from the
rules of each keyword (fear 702.35b, shadow 702.27b), worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.ai import ComputerPlayer
from mtg_tui.ai.board import Board, can_block
from mtg_tui.ai.evaluate import creature_value
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.view import GameView

POOL = ["plains", "swamp", "grizzly-bears", "ornithopter", "walking-corpse"]

NEW = {
    "Dusk Haunt": ('cost = "{1}{B}"\ntype = "Creature — Shade"\npower = 2\ntoughness = 2', "Fear"),
    "Veil Strider": ('cost = "{1}{B}"\ntype = "Creature — Spirit"\npower = 2\ntoughness = 2', "Shadow"),
    "Plain Bear": ('cost = "{1}{G}"\ntype = "Creature — Bear"\npower = 2\ntoughness = 2', ""),
}

AI, ALICE = 1, 0


@pytest.fixture(scope="module")
def kw_db(card_db_of: Any) -> CardDatabase:
    return card_db_of(POOL, NEW)


def game(db: CardDatabase, alice: list[str], bob: list[str], step: str = "main1") -> Game:
    tables = [{"battlefield": [{"name": n} for n in side], "library": [{"name": "Plains"}] * 8}
              for side in (alice, bob)]
    return new_game({"kind": "state", "players": ["Alice", "Bob"], "active": AI, "turn": 4, "step": step,
                     "tables": tables}, 1, db)


def creature(board: Board, name: str, owner: int) -> Any:
    return next(c for c in board.creatures.values() if c.name == name and c.controller == owner)


def test_the_computer_knows_who_may_block_a_creature_with_fear_or_shadow(kw_db: CardDatabase) -> None:
    g = game(kw_db, ["Grizzly Bears", "Ornithopter", "Walking Corpse", "Veil Strider"], ["Dusk Haunt", "Veil Strider"])
    board = Board(GameView(g, AI), AI)
    haunt, strider = creature(board, "Dusk Haunt", AI), creature(board, "Veil Strider", AI)
    assert not can_block(creature(board, "Grizzly Bears", ALICE), haunt)     # green, not an artifact
    assert can_block(creature(board, "Ornithopter", ALICE), haunt)           # an artifact creature
    assert can_block(creature(board, "Walking Corpse", ALICE), haunt)        # black
    assert not can_block(creature(board, "Walking Corpse", ALICE), strider)  # no shadow
    assert can_block(creature(board, "Veil Strider", ALICE), strider)
    assert not can_block(creature(board, "Veil Strider", ALICE), haunt)      # shadow blocks only shadow
    assert haunt.evasive and strider.evasive


def test_a_keyword_adds_its_registry_worth_to_a_creature(kw_db: CardDatabase) -> None:
    g = game(kw_db, [], ["Dusk Haunt", "Plain Bear"])
    board = Board(GameView(g, AI), AI)
    assert creature_value(creature(board, "Dusk Haunt", AI)) > creature_value(creature(board, "Plain Bear", AI))


def test_the_computer_attacks_with_fear_past_a_green_blocker(kw_db: CardDatabase) -> None:
    """Bob's 2/2 fear creature against Alice's lone green 2/2: the Bears can't block it, so the attack
    costs nothing and deals 2."""
    g = game(kw_db, ["Grizzly Bears"], ["Dusk Haunt"], step="beginning_of_combat")
    for _ in range(10):
        d = g.pending
        if d.kind == "declare_attackers":
            break
        g.answer(d.player, {"action": "pass"})
    d = g.pending
    assert d.kind == "declare_attackers" and d.player == AI
    answer = ComputerPlayer("normal", strict=True).decide(g, d)
    haunt = next(o.id for o in g.battlefield if o.name == "Dusk Haunt")
    assert [a for a, _ in d.normal(answer)] == [haunt]
