"""Arbitrary plain-data answers thrown at every kind of decision: refused and nothing changed, or legal.

Games between random players are stopped at the first decision of each kind
(and of each kind of choice). Hypothesis then answers it with anything
JSON-like: random data, or the legal answer with a part of it replaced.
An answer must either raise IllegalAnswer and leave the game exactly as it
was, or be accepted, after which the game goes on and its record replays.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_tui.agents import RandomAgent
from mtg_tui.engine.decisions import IllegalAnswer
from mtg_tui.engine.game import Game
from mtg_tui.engine.record import Record, replay
from mtg_tui.engine.setup import new_game
from state import fingerprint
from test_properties import PAIRS

KEYS = ["priority/", "mulligan/", "bottom/", "declare_attackers/", "declare_blockers/", "damage_order/",
        "assign_damage/", "order_triggers/", "targets/", "pay/", "discard/", "choose/x", "choose/mode",
        "choose/color", "choose/yes_no", "choose/cards", "choose/scry", "choose/search", "choose/sacrifice",
        "choose/legend"]
WORDS = ["pass", "play", "cast", "activate", "auto", "cancel", "keep", "mulligan", "yes", "no", "red", "green",
         "order", "assign", "top", "bottom", "graveyard", ""]
FIELDS = ["action", "card", "source", "ability", "targets", "mode", "x", "pay", "divide", "color", "sacrifice",
          "discard", "order", "assign", "top", "bottom", "graveyard"]
SEEDS = 50


def _agents(seed: int) -> dict[int, RandomAgent]:
    return {0: RandomAgent(f"{seed}/0"), 1: RandomAgent(f"{seed}/1")}


def _setup(seed: int) -> dict[str, Any]:
    return {"kind": "new", "players": ["A", "B"], "starting": None, "decks": list(PAIRS[seed % len(PAIRS)])}


def _bf(*names: str) -> list[dict[str, str]]:
    return [{"name": n} for n in names]


# Rare decisions are also reached from set-ups, so that every kind is covered whatever random games do:
# two unlike copies of a legendary creature (the legend rule, 704.5j), "each player sacrifices a creature".
SET_UPS = {
    "choose/legend": ({"kind": "state", "players": ["A", "B"], "active": 0, "turn": 3, "step": "main1",
                       "tables": [{"battlefield": _bf("Isamaru, Hound of Konda") +
                                   [{"name": "Isamaru, Hound of Konda", "tapped": True}]}, {}]},
                      None),
    "choose/sacrifice": ({"kind": "state", "players": ["A", "B"], "active": 0, "turn": 3, "step": "main1",
                          "tables": [{"hand": _bf("Innocent Blood"),
                                      "battlefield": _bf("Swamp", "Grizzly Bears", "Hill Giant")},
                                     {"battlefield": _bf("Grizzly Bears", "Hill Giant")}]}, "Innocent Blood"),
}


def _from_set_up(key: str, db: Any) -> Record | None:
    """Cast the named card (if any), then pass until the game asks ``key``."""
    setup, spell = SET_UPS[key]
    game = new_game(setup, 1, db)
    if spell is not None:
        card = next(o.id for o in game.players[0].hand if o.name == spell)
        game.answer(0, {"action": "cast", "card": card, "targets": [], "pay": "auto"})
    for _ in range(20):
        d = game.pending
        if d is None:
            return None
        if f"{d.kind}/{d.subkind}" == key:
            return Record.of(game)
        game.answer(d.player, {"action": "pass"} if d.kind == "priority" else [])
    return None


@pytest.fixture(scope="module")
def first_of_each(db) -> dict[str, Record]:
    """The record of a game up to the first decision of each kind, from set-ups and seeded random games."""
    found: dict[str, Record] = {}
    for key in SET_UPS:
        record = _from_set_up(key, db)
        if record is not None:
            found[key] = record
    for seed in range(SEEDS):
        game = new_game(_setup(seed), seed, db)
        agents = _agents(seed)
        while game.pending is not None and not game.over:
            d = game.pending
            key = f"{d.kind}/{d.subkind}"
            if key in KEYS and key not in found:
                found[key] = Record.of(game)
            game.answer(d.player, agents[d.player].decide(game, d))
        if len(found) == len(KEYS):
            break
    return found


def junk(ids: list[int]) -> st.SearchStrategy[Any]:
    atoms = st.one_of(st.none(), st.booleans(), st.sampled_from(ids), st.integers(-3, 3), st.integers(),
                      st.sampled_from([2**31, 10**30, -(10**30)]), st.floats(), st.sampled_from(WORDS),
                      st.text(max_size=4))
    return st.recursive(atoms, lambda inner: st.lists(inner, max_size=4) |
                        st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=3), inner, max_size=4),
                        max_leaves=10)


def mutated(data: Any, value: Any, replacement: st.SearchStrategy[Any]) -> Any:
    """``value`` with one part of it (maybe all of it) replaced, dropped or doubled."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        how = data.draw(st.sampled_from(["inside", "drop"]))
        out = dict(value)
        if how == "drop":
            del out[key]
        else:
            out[key] = mutated(data, value[key], replacement)
        return out
    if isinstance(value, list) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        how = data.draw(st.sampled_from(["inside", "drop", "double"]))
        out = list(value)
        if how == "drop":
            del out[i]
        elif how == "double":
            out.insert(i, value[i])
        else:
            out[i] = mutated(data, value[i], replacement)
        return out
    return data.draw(replacement)


class Positions:
    """Games waiting on the first decision of each kind; rebuilt from the record after an accepted answer."""

    def __init__(self, records: dict[str, Record], db: Any) -> None:
        self.records = records
        self.db = db
        self.games: dict[str, Game] = {}

    def get(self, key: str) -> Game:
        if key not in self.games:
            self.games[key] = replay(self.records[key], self.db)
        return self.games[key]

    def spoil(self, key: str) -> None:
        self.games.pop(key, None)


@pytest.fixture(scope="module")
def positions(first_of_each, db) -> Positions:
    return Positions(first_of_each, db)


@pytest.mark.parametrize("key", KEYS)
def test_random_games_reach_every_kind_of_decision(first_of_each, key: str) -> None:
    assert key in first_of_each, f"no game of {SEEDS} seeds asked a {key} decision"


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=20, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_any_answer_is_refused_without_change_or_else_legal(positions, key: str, data: Any) -> None:
    if key not in positions.records:
        pytest.skip("no game reached this decision")
    game = positions.get(key)
    d = game.pending
    ids = sorted(i for i in game.objects if isinstance(i, int))[-40:] + [1, 2]
    legal = RandomAgent(data.draw(st.integers(0, 9))).decide(game, d)
    answer = mutated(data, legal, junk(ids)) if data.draw(st.booleans()) else data.draw(junk(ids))
    before = fingerprint(game)
    try:
        game.answer(d.player, answer)
    except IllegalAnswer:
        assert fingerprint(game) == before, f"refused {answer!r} but the game changed"
        assert game.pending is d
        return
    # Accepted: it was a legal answer. The game must go on, and its record must replay.
    positions.spoil(key)
    agents = _agents(0)
    for _ in range(60):
        if game.over or game.pending is None:
            break
        p = game.pending
        game.answer(p.player, agents[p.player].decide(game, p))
    again = replay(Record.from_json(json.loads(json.dumps(Record.of(game).to_json()))), game.cards)
    assert fingerprint(again) == fingerprint(game)
