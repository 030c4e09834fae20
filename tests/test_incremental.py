"""What the engine keeps instead of working out again agrees with working it out again, over random games.

The engine caches and keeps up to date what it would otherwise rescan at every
decision (whether a player can do anything but pass...). At every decision of
random games over every shipped deck, each kept result is compared with the
same thing computed from scratch; a mechanic that changes the state behind
the bookkeeping's back shows up here.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.agents import RandomAgent
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import list_decks
from mtg_tui.engine import casting
from mtg_tui.engine.decisions import Priority
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.view import GameView

GAMES = 32
CHUNK = 8


def deck_pairs() -> list[tuple[list[str], list[str]]]:
    decks = [card_list(d) for d in list_decks()]
    return [(decks[i], decks[(i + 5) % len(decks)]) for i in range(len(decks))]


PAIRS = deck_pairs()


def check_acting(game: Game) -> None:
    """The cached "can this player do anything but pass" against the actions listed afresh."""
    d = game.pending
    for player in (0, 1):
        for mana in (True, False):
            fresh = next(casting._actions(game, player, mana), None) is not None
            assert casting.can_act(game, player, mana) == fresh, \
                f"can_act({player}, mana={mana}) is stale at {d!r}"
    if isinstance(d, Priority):
        every = casting.legal_actions(game, d.player)
        assert d.can_act() == (len(every) > 1)
        view = GameView(game)
        assert casting.legal_actions(game, d.player, mana=False) == \
            [o for o in every if not view.is_mana_ability(o.value)]


def play(seed: int, db: Any) -> Game:
    d1, d2 = PAIRS[seed % len(PAIRS)]
    game = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, seed, db)
    agents = {0: RandomAgent(f"{seed}/0"), 1: RandomAgent(f"{seed}/1")}
    steps = 0
    while game.pending is not None and not game.over:
        check_acting(game)
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
        steps += 1
        assert steps < 20000, "the game doesn't end"
    return game


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_kept_results_agree_with_a_fresh_look(chunk: int, db) -> None:
    for seed in range(1000 + chunk * CHUNK, 1000 + (chunk + 1) * CHUNK):
        assert play(seed, db).over
