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
from mtg_tui.engine import casting, sba
from mtg_tui.engine.layers import compute_battlefield
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


def _values(c: Any) -> tuple[Any, ...]:
    return (c.name, c.mana_cost, c.colors, c.supertypes, c.types, c.subtypes, tuple(map(id, c.abilities)),
            c.power, c.toughness, c.controller, sorted((k, repr(v)) for k, v in c.flags.items()), c.mv_cost)


def _found(f: sba.Found) -> tuple[Any, ...]:
    ids = lambda rows: [(r[0].id,) + tuple(r[1:]) if isinstance(r, tuple) else r.id for r in rows]  # noqa: E731
    return (ids(f.to_graveyard), ids(f.to_destroy), ids(f.unattach), ids(f.counter_fix), ids(f.sagas),
            [(p, [o.id for o in objs]) for p, objs in f.legend_choices], [(p.index, r) for p, r, _ in f.losers])


def check_kept(game: Game) -> None:
    """The permanents' kept characteristics, what is kept with them, and the state-based actions found by
    looking only at the watched permanents, against the same worked out afresh; where the checks would be
    skipped because nothing they read changed, none applies."""
    kept = game.battlefield_chars()
    fresh = compute_battlefield(game).chars
    assert kept.keys() == fresh.keys()
    for oid, c in fresh.items():
        assert _values(kept[oid]) == _values(c), f"{game.describe(oid)}'s kept characteristics are stale"
    for key, (build, value) in list(game._bf_kept.items()):
        assert build(game) == value, f"the kept {key!r} is stale"
    assert _found(sba.find(game)) == _found(sba.find(game, every_permanent=True))
    if sba._quiet(game):
        assert not sba.find(game, every_zone=True, every_permanent=True), \
            "state-based actions were skipped as nothing they read changed, but some apply"


def play(seed: int, db: Any) -> Game:
    d1, d2 = PAIRS[seed % len(PAIRS)]
    game = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, seed, db)
    agents = {0: RandomAgent(f"{seed}/0"), 1: RandomAgent(f"{seed}/1")}
    steps = 0
    checked = -1
    while game.pending is not None and not game.over:
        check_acting(game)
        if game.version != checked:   # what is kept can go stale only where the state changed
            check_kept(game)
            checked = game.version
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
        steps += 1
        assert steps < 20000, "the game doesn't end"
    return game


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_kept_results_agree_with_a_fresh_look(chunk: int, db) -> None:
    for seed in range(1000 + chunk * CHUNK, 1000 + (chunk + 1) * CHUNK):
        assert play(seed, db).over
