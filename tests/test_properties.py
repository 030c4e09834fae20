"""Properties over many seeded random games.

No exception; every card in exactly one zone at every decision; no
state-based action left unperformed when a player receives priority (704.3,
117.5); replaying a game's record reproduces the same final state.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.agents import RandomAgent
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import list_decks, load_deck
from mtg_tui.engine import sba
from mtg_tui.engine.game import Game
from mtg_tui.engine.objects import GameObject, StackAbility
from mtg_tui.engine.record import Record, replay
from mtg_tui.engine.setup import new_game

GAMES = 200
CHUNK = 10


def zones(game: Game) -> list[tuple[str, list[Any]]]:
    out: list[tuple[str, list[Any]]] = []
    for p in game.players:
        out += [("library", p.library), ("hand", p.hand), ("graveyard", p.graveyard)]
    out += [("battlefield", game.battlefield), ("stack", game.stack), ("exile", game.exile)]
    return out


def check_zones(game: Game, cards: int) -> None:
    seen: dict[int, str] = {}
    for name, objs in zones(game):
        for o in objs:
            if isinstance(o, StackAbility):
                continue
            assert o.zone == name, f"{o} is listed in {name} but says {o.zone}"
            assert game.objects.get(o.id) is o, f"{o} is in {name} but not among the game's objects"
            assert o.card_uid not in seen, f"{o.name} is both in {seen[o.card_uid]} and in {name}"
            seen[o.card_uid] = name
    for o in game.objects.values():
        if isinstance(o, GameObject):
            assert o.card_uid in seen, f"{o} exists but is in no zone"
    real = sum(1 for name, objs in zones(game) for o in objs if isinstance(o, GameObject) and not o.is_token)
    assert real == cards, f"{cards} cards went in, {real} are in the zones"


def digest(game: Game) -> Any:
    return (game.turn, game.step, game.active, game.over, game.winner, game.is_draw,
            tuple((p.life, p.poison) for p in game.players),
            tuple((name, tuple((o.id, o.name, getattr(o, "tapped", False), getattr(o, "damage", 0))
                               for o in objs)) for name, objs in zones(game)),
            len(game.log), game.pending.kind if game.pending else None)


def deck_pairs() -> list[tuple[list[str], list[str]]]:
    decks = [card_list(d) for d in list_decks()]
    pairs = [(card_list(load_deck("Red Burn")), card_list(load_deck("Green Stompy")))]
    for i in range(len(decks)):
        pairs.append((decks[i], decks[(i + 3) % len(decks)]))
    return pairs


PAIRS = deck_pairs()


def play_checked(seed: int, db: Any) -> Game:
    d1, d2 = PAIRS[seed % len(PAIRS)]
    game = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, seed, db)
    agents = {0: RandomAgent(f"{seed}/0"), 1: RandomAgent(f"{seed}/1")}
    total = len(d1) + len(d2)
    steps = 0
    while game.pending is not None and not game.over:
        check_zones(game, total)
        d = game.pending
        if d.kind == "priority":
            found = sba.find(game, every_zone=True)
            assert not found, f"state-based actions left undone at priority: {found.rules()}"
        game.answer(d.player, agents[d.player].decide(game, d))
        steps += 1
        assert steps < 20000, "the game doesn't end"
    check_zones(game, total)
    return game


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_keep_the_rules_invariants(chunk: int, db) -> None:
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        game = play_checked(seed, db)
        assert game.over, f"seed {seed}: the game stopped without a result"
        again = replay(Record.of(game), db)
        assert digest(again) == digest(game), f"seed {seed}: replaying the record gave another game"
