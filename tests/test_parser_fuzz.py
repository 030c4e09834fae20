"""Hypothesis throws arbitrary input at every reader of player files: decklists, card files, scenarios and
saved games. Each must either read it or refuse it with its own error (a clear message), never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_tui.cardtext.errors import CardError
from mtg_tui.cardtext.loader import card_from_data, read_card_file
from mtg_tui.decks.decklist import DecklistError, check_deck, parse_decklist, read_decklist
from mtg_tui.engine.record import Record, RecordError
from mtg_tui.scenario.runner import run_file
from mtg_tui.ui.opponents import make_opponent
from mtg_tui.ui.session import SaveError, Session

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
NAMES = ["Mountain", "Lightning Bolt", "Grizzly Bears", "Control Magic", "Howling Mine", "Forest", "Nope"]
WORDS = st.sampled_from(NAMES + ["Deck", "Sideboard", "SB:", "#", "//", "x", "(M10)", "146", "4x", "-1", "0",
                                 "99999999999999999999", "\ufeff", "\t", "{tapped}", "{damage:-3}"])


def lines(words: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    line = st.lists(words | st.text(max_size=6), max_size=5).map(" ".join)
    return st.lists(line, max_size=12).map("\n".join)


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# -- decklists ---------------------------------------------------------------------------------


@SETTINGS
@given(text=st.one_of(st.text(max_size=200), lines(WORDS)))
def test_decklist_text(db: Any, text: str) -> None:
    try:
        deck = parse_decklist(text, cards=db)
    except DecklistError as e:
        assert e.problems and all(str(p) for p in e.problems)
        return
    check_deck(deck, cards=db)
    assert deck.main_count + deck.sideboard_count <= 1000


@SETTINGS
@given(data=st.binary(max_size=200) | lines(WORDS).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_decklist_file(tmp_path: Path, db: Any, data: bytes) -> None:
    path = write(tmp_path, "deck.txt", data)
    try:
        read_decklist(path, db)
    except DecklistError as e:
        assert "deck.txt" in str(e)


# -- card files --------------------------------------------------------------------------------


TOML_VALUES = st.recursive(st.none().map(lambda _: '""') | st.integers().map(str) | st.booleans().map(
    lambda b: "true" if b else "false") | st.text(max_size=30).map(json.dumps) | st.sampled_from(
    ['"{2}{R}"', '"{X}{G}"', '"Creature — Bear"', '"Instant"', '"Legendary Planeswalker — Garruk"', '"*"',
     '"Draw a card."', '"Flying"', '"{T}: Add {G}."', '"Enchant creature\\nYou control enchanted creature."',
     '"{99999999}"', "-3", "1.5", "99999999999"]),
    lambda inner: st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"), max_leaves=6)
CARD_KEYS = st.sampled_from(["name", "cost", "type", "power", "toughness", "loyalty", "text", "color_indicator",
                             "printings", "layout", "faces", "oops"])


def toml_table(keys: st.SearchStrategy[str], values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.dictionaries(keys, values, max_size=8).map(
        lambda d: "".join(f"{k} = {v}\n" for k, v in d.items()))


@SETTINGS
@given(text=toml_table(CARD_KEYS, TOML_VALUES) | st.binary(max_size=120).map(
    lambda b: b.decode("latin-1")))
def test_card_file(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "card.toml", text.encode("utf-8", "surrogatepass"))
    try:
        data = read_card_file(path)
        card_from_data(data, str(path))
    except CardError as e:
        assert str(e)


# -- scenarios ---------------------------------------------------------------------------------


GOOD = st.sampled_from(["Grizzly Bears", "Mountain {tapped}", "Control Magic {attached:Grizzly Bears}",
                        "Grizzly Bears {owner:Bob}", "Howling Mine", "Lightning Bolt", "Mountain",
                        "Hill Giant {+1/+1:2}"])
ENTRIES = st.one_of(GOOD, GOOD, GOOD, st.sampled_from(["Nope {sick}", "Grizzly Bears {damage:-1}", "{tapped}"]))
GOOD_STEPS = st.sampled_from([
    'player = "Alice"\ncast = "Lightning Bolt"\ntargets = ["Grizzly Bears"]\n', 'pass = "resolve"\n',
    'advance = "end"\n', 'expect.life = { Alice = 20 }\n', 'player = "Bob"\nconcede = true\n',
    'player = "Alice"\nattack = ["Grizzly Bears"]\n', 'say = "hello"\ncite = ["103.7a"]\n',
    'player = "Alice"\nchoose = "keep"\n', 'player = "Alice"\ncast = "Lightning Bolt"\nx = 99999999\n',
    'expect.zones = { "Bob.graveyard" = ["Grizzly Bears"] }\n'])
STEP_LINES = st.one_of(GOOD_STEPS, GOOD_STEPS, GOOD_STEPS,
                       st.sampled_from(['player = "Zed"\npass = 3\n', 'oops = 1\n']))


@st.composite
def scenario_text(draw: Any) -> str:
    # Mostly sound headers, so that most files get as far as the game; some wrong ones too.
    step = draw(st.sampled_from(["main1"] * 4 + ["upkeep", "draw", "untap", "combat_damage", "end", "nowhere"]))
    turn = draw(st.sampled_from([1, 2, 3, 2, 3, 0, -1]))
    active = draw(st.sampled_from(["Alice", "Bob", "Alice", "Bob", "Carol"]))
    head = f'title = "fuzz"\nseed = {draw(st.integers(0, 9))}\n[game]\nplayers = ["Alice", "Bob"]\n' \
           f'active = "{active}"\nturn = {turn}\nstep = "{step}"\n'
    tables = ""
    for who in ("Alice", "Bob"):
        for zone in draw(st.lists(st.sampled_from(["hand", "battlefield", "library", "graveyard", "exile"]),
                                  max_size=3, unique=True)):
            cards = draw(st.lists(ENTRIES, max_size=3))
            tables += f"[{who}]\n" if f"[{who}]" not in tables else ""
            tables += f"{zone} = {json.dumps(cards)}\n"
    steps = "".join("[[step]]\n" + s for s in draw(st.lists(STEP_LINES, max_size=4)))
    return head + tables + steps


@settings(SETTINGS, max_examples=30)
@given(text=scenario_text() | st.binary(max_size=150).map(lambda b: b.decode("latin-1")))
def test_scenario_file(tmp_path: Path, db: Any, text: str) -> None:
    path = write(tmp_path, "fuzz.toml", text.encode("utf-8", "surrogatepass"))
    result = run_file(path, db)     # a Result, whatever the file holds: never an exception
    assert result.passed or result.error


# -- saved games -------------------------------------------------------------------------------


def a_save() -> list[str]:
    header = {"format": 2, "seed": 3, "setup": {"kind": "new", "players": ["A", "B"], "starting": 0,
                                                 "decks": [["Mountain"] * 10, ["Forest"] * 10]}, "meta": {}}
    return [json.dumps(header), '[0, "keep"]', '[1, "keep"]', '[0, {"action": "pass"}]']


JSON_LINES = st.sampled_from(['[0, "keep"]', '[1, "mulligan"]', '["concede", 1]', '["draw"]', '{"meta": {}}',
                              '{"meta": 5}', '[0, {"action": "cast", "card": 99}]', '[7]', '"x"', "[0, ",
                              '{"format": 1}', "", "null", '[0, [[[[[]]]]]]', '[1e999, "keep"]',
                              '{"meta": {"stops": {"0": {"mine": [[1]], "yields": [{}]}}, "humans": [true]}}',
                              '{"format": 2, "seed": 1e999, "setup": {}}', "[" * 5000])


@settings(SETTINGS, max_examples=30)
@given(edits=st.lists(st.tuples(st.integers(0, 6), JSON_LINES), max_size=4), cut=st.integers(0, 20),
       raw=st.none() | st.binary(max_size=100))
def test_saved_game(tmp_path: Path, db: Any, edits: list[tuple[int, str]], cut: int, raw: bytes | None) -> None:
    lines = a_save()
    for i, line in edits:
        if i < len(lines):
            lines[i] = line
        else:
            lines.append(line)
    data = raw if raw is not None else ("\n".join(lines) + "\n").encode()
    if cut and raw is None:
        data = data[:-cut]
    path = write(tmp_path, "game.jsonl", data)
    try:
        Record.read(path)
    except RecordError as e:
        assert "game.jsonl" in str(e)
    try:
        session = Session.resume(path, db, make_opponent)
    except SaveError as e:
        assert str(e)
        return
    session.close()
