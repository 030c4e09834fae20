"""Snapshots against replay: a copied game and the same game replayed from its record stay identical.

At decisions of random games over every shipped deck, the game is copied
(``snapshot``) and replayed (``record.fork``); both then get the same
answers, and their whole states are compared. The game copied from must not
change, and the copies must not share anything that changes.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.agents import RandomAgent
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import list_decks
from mtg_tui.engine.game import Game
from mtg_tui.engine.immutable import Immutable
from mtg_tui.engine.record import fork
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.snapshot import can_snapshot, copy_game, snapshot

from state import fingerprint

GAMES = 12
CHUNK = 3
FOLLOW = 40          # answers given to both copies after each snapshot


def deck_pairs() -> list[tuple[list[str], list[str]]]:
    decks = [card_list(d) for d in list_decks()]
    return [(decks[i], decks[(i + 2) % len(decks)]) for i in range(len(decks))]


PAIRS = deck_pairs()


def fields(obj: Any, depth: int = 0) -> Any:
    """An object's every field (its slots and its attributes) by name, as plain values, nested objects too.
    Compiled card text is shared by every game made from one card database: it counts by identity."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, Immutable):
        return ("shared", id(obj))
    if isinstance(obj, (list, tuple)):
        return tuple(fields(x, depth + 1) for x in obj)
    if isinstance(obj, (set, frozenset)):
        return tuple(sorted(repr(fields(x, depth + 1)) for x in obj))
    if isinstance(obj, dict):
        return tuple(sorted((repr(k), fields(v, depth + 1)) for k, v in obj.items()))
    if depth > 6:
        return type(obj).__name__
    names = [n for c in type(obj).__mro__ for n in c.__dict__.get("__slots__", ()) if hasattr(obj, n)]
    names += list(getattr(obj, "__dict__", {}))
    return (type(obj).__name__,) + tuple(sorted((n, fields(getattr(obj, n), depth + 1))
                                               for n in set(names) - {"__dict__", "__weakref__", "derived"}))


def full_state(game: Game) -> Any:
    """Everything the rules keep, beyond the zones and objects: the generator, counters, effects."""
    return (fingerprint(game), game.rng.getstate(), game._next_id, game._next_uid, game._next_ts,
            game._next_effect_id, game.priority_passes, game.sba_clean_version, game.move_count,
            sorted(game.moves.items()), [fields(game.lki[k]) for k in sorted(game.lki)], len(game.turn_events), len(game.continuous),
            len(game.replacements), len(game.delayed), len(game.pending_triggers), len(game.exiled),
            [fields(o) for o in game.stack], [fields(o) for o in game.battlefield], [(p.mulligans, p.max_hand_size, p.life_gained_this_turn)
                                                      for p in game.players])


def answer_both(a: Game, b: Game, seed: str, n: int) -> None:
    """The same n answers to both games (each from its own agents, seeded alike)."""
    agents_a = {0: RandomAgent(seed + "/0"), 1: RandomAgent(seed + "/1")}
    agents_b = {0: RandomAgent(seed + "/0"), 1: RandomAgent(seed + "/1")}
    for _ in range(n):
        if a.over or a.pending is None:
            break
        da, db_ = a.pending, b.pending
        assert repr(da) == repr(db_)
        a.answer(da.player, agents_a[da.player].decide(a, da))
        b.answer(db_.player, agents_b[db_.player].decide(b, db_))
    assert full_state(a) == full_state(b)


def play(seed: int, db: Any, kinds: dict[str, int]) -> None:
    d1, d2 = PAIRS[seed % len(PAIRS)]
    game = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, seed, db)
    agents = {0: RandomAgent(f"{seed}/0"), 1: RandomAgent(f"{seed}/1")}
    n = 0
    while game.pending is not None and not game.over:
        d = game.pending
        combat = d.kind in ("declare_attackers", "declare_blockers")
        if n % 61 == 7 or (combat and n % 7 == 0):
            before = full_state(game)
            copy = snapshot(game)
            if copy is not None:
                kinds[d.kind] = kinds.get(d.kind, 0) + 1
                replayed = fork(game)
                assert full_state(copy) == full_state(replayed)
                answer_both(copy, replayed, f"{seed}:{n}", FOLLOW)
                assert full_state(game) == before, "copying changed the game copied from"
            else:
                assert not can_snapshot(game)
                kinds["replayed"] = kinds.get("replayed", 0) + 1
                assert full_state(copy_game(game)) == full_state(game)
        game.answer(d.player, agents[d.player].decide(game, d))
        n += 1
        assert n < 20000, "the game doesn't end"


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_a_snapshot_plays_on_as_the_replayed_game_does(chunk: int, db) -> None:
    kinds: dict[str, int] = {}
    for seed in range(500 + chunk * CHUNK, 500 + (chunk + 1) * CHUNK):
        play(seed, db, kinds)
    assert kinds.get("priority", 0) > 10 and kinds.get("declare_attackers", 0) > 0, kinds


def test_copies_share_nothing_that_changes(db) -> None:
    """Two snapshots of one game, given different answers, go their own ways; the original stays."""
    d1, d2 = PAIRS[0]
    game = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, 7, db)
    agents = {0: RandomAgent("7/0"), 1: RandomAgent("7/1")}
    for _ in range(300):
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
    while not can_snapshot(game):
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
    before = full_state(game)
    a, b = snapshot(game), snapshot(game)
    assert a is not None and b is not None
    answer_both(a, fork(a), "one", 60)
    assert full_state(b) == before and full_state(game) == before
    assert len(a.record) > len(game.record) and len(game.log.entries) == len(b.log.entries)
    assert game.lki and all(a.lki[k] is game.lki[k] for k in game.lki)   # written once: shared, not copied


def test_no_snapshot_where_the_flow_cannot_restart(db) -> None:
    """Mulligans happen before any turn: a copy made there is a replay of the record."""
    d1, d2 = PAIRS[0]
    game = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, 3, db)
    assert game.pending is not None and game.pending.kind == "mulligan"
    assert snapshot(game) is None and not can_snapshot(game)
    copy = copy_game(game)
    assert copy is not game and full_state(copy) == full_state(game)
