"""The record: seed + setup + answers reproduce a game; a damaged record gives a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_tui.agents import RandomAgent
from mtg_tui.agents.base import play_out
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import load_deck
from mtg_tui.engine.decisions import IllegalAnswer
from mtg_tui.engine.record import Record, RecordError, replay
from mtg_tui.engine.setup import new_game


def setup() -> dict:
    return {"kind": "new", "players": ["A", "B"], "decks": [card_list(load_deck("Red Burn")),
                                                            card_list(load_deck("Green Stompy"))],
            "starting": None}


def test_same_seed_and_answers_give_the_same_game(db) -> None:
    a = new_game(setup(), 42, db)
    play_out(a, {0: RandomAgent("x"), 1: RandomAgent("y")})
    b = new_game(setup(), 42, db)
    play_out(b, {0: RandomAgent("x"), 1: RandomAgent("y")})
    assert [str(e) for e in a.log.entries] == [str(e) for e in b.log.entries]
    assert a.record == b.record


def test_record_round_trips_through_a_file(tmp_path: Path, db) -> None:
    g = new_game(setup(), 7, db)
    agents = {0: RandomAgent(1), 1: RandomAgent(2)}
    for _ in range(150):
        d = g.pending
        g.answer(d.player, agents[d.player].decide(g, d))
    path = tmp_path / "game.json"
    Record.of(g).save(path)
    again = replay(Record.load(path), db)
    assert [str(e) for e in again.log.entries] == [str(e) for e in g.log.entries]
    assert again.pending.kind == g.pending.kind and again.pending.player == g.pending.player


def test_a_damaged_record_is_a_clear_error(tmp_path: Path, db) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="damaged"):
        Record.load(path)
    path.write_text(json.dumps({"format": 1, "seed": 1, "setup": setup(), "answers": [[0, "nonsense"]]}))
    with pytest.raises(RecordError, match="answer 1"):
        replay(Record.load(path), db)


HEADER = json.dumps({"format": 2, "seed": 1, "setup": {"kind": "new"}, "meta": {}})


@pytest.mark.parametrize("text, message", [
    ("", "is empty"),
    ("[" * 100_000, "not a saved game"),
    ('{"format": 1, "seed": 1, "setup": {}, "answers": ' + "[" * 100_000 + "]" * 100_000 + "}", "not a saved game"),
    ('{"format": 2, "seed": 1e999, "setup": {}}', "damaged"),
    ('{"format": 1, "seed": 1e999, "setup": {}, "answers": []}', "damaged"),
    ("[1, 2, 3]", "not a saved game"),
], ids=["empty", "deep", "deep answers", "infinite seed", "infinite seed, format 1", "a list"])
def test_a_text_that_is_no_record_is_a_record_error_naming_it(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as e:
        Record.parse(text, "game.jsonl")
    assert "game.jsonl" in str(e.value)


def test_an_answer_line_nested_too_deeply_is_damage_after_the_good_answers() -> None:
    record, damage = Record.parse(HEADER + '\n[0, "keep"]\n' + "[" * 100_000 + "\n" + '[1, "keep"]\n', "g")
    assert record.answers == [[0, "keep"]] and "line 3 can't be read" in damage


def test_an_illegal_answer_changes_nothing(db) -> None:
    g = new_game(setup(), 3, db)
    d = g.pending
    before = (len(g.record), len(g.log), g.version)
    with pytest.raises(IllegalAnswer):
        g.answer(d.player, "maybe")
    with pytest.raises(IllegalAnswer, match="not the one deciding"):
        g.answer(1 - d.player, "keep")
    assert (len(g.record), len(g.log), g.version) == before
    assert g.pending is d


CROSS = """
import hashlib
from mtg_tui.agents import RandomAgent
from mtg_tui.agents.base import play_out
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import load_deck
from mtg_tui.engine.setup import new_game
decks = [card_list(load_deck("Selesnya Anthems")), card_list(load_deck("Rakdos Aggro"))]
g = new_game({"kind": "new", "players": ["A", "B"], "decks": decks, "starting": None}, 11, CardDatabase())
play_out(g, {0: RandomAgent("a"), 1: RandomAgent("b")})
print(hashlib.sha256("\\n".join(str(e) for e in g.log.entries).encode()).hexdigest())
"""


def test_the_same_game_in_other_processes_with_other_hash_seeds() -> None:
    import os
    import subprocess
    import sys
    outs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", CROSS], capture_output=True, text=True, env=env, check=True)
        outs.add(out.stdout.strip())
    assert len(outs) == 1


DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("name", ["saved-game-computers.json", "saved-game-random.json"])
def test_a_game_saved_by_an_earlier_version_resumes(name: str, db) -> None:
    # Saved by the engine before its modules were arranged in floors and its decisions typed;
    # ``meta`` notes where that game stood when it was saved.
    record = Record.load(DATA / name)
    game = replay(record, db)
    where = record.meta
    assert not game.over and game.pending is not None
    assert [game.pending.kind, game.pending.player] == where["pending"]
    assert (game.turn, game.step, [p.life for p in game.players]) == (where["turn"], where["step"], where["life"])
