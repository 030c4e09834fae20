"""Files and arguments checked at the door: every bad one a clear message naming it, never a traceback.

Limits (docs/limits.md): at most 1,000 cards in a deck and 250 copies on one line; printed numbers in
card files between 0 and 1,000,000; rules text at most 5,000 characters; files are UTF-8 (a byte-order
mark allowed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.cli import main
from mtg_tui.decks.decklist import DecklistError, parse_decklist, read_decklist
from mtg_tui.scenario.runner import run_file

BOM = b"\xef\xbb\xbf"


def invoke(*args: str, input: str | None = None) -> Any:
    result = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in result.output and not isinstance(result.exception, (MemoryError, RecursionError,
                                                                                   UnicodeDecodeError, TypeError))
    return result


# -- decklists ---------------------------------------------------------------------------------


def test_a_count_beyond_the_limit_is_refused_before_any_card_is_made(tmp_path: Path) -> None:
    deck = tmp_path / "huge.txt"
    deck.write_text("99999999999999999999999999 Mountain\n", encoding="utf-8")
    checked = invoke("deck", "check", str(deck))
    assert checked.exit_code == 1 and "at most 250" in checked.output and "huge.txt:1" in checked.output
    played = invoke("play", "--deck", str(deck))
    assert played.exit_code == 1 and "at most 250" in played.output


def test_a_deck_of_more_than_a_thousand_cards_is_refused(tmp_path: Path) -> None:
    deck = tmp_path / "million.txt"
    deck.write_text("250 Mountain\n" * 4000, encoding="utf-8")
    checked = invoke("deck", "check", "--casual", str(deck))
    assert checked.exit_code == 1 and "at most 1,000" in checked.output and "million.txt:5" in checked.output
    assert "OK" not in checked.output
    deck.write_text("250 Mountain\n" * 4, encoding="utf-8")
    assert invoke("deck", "check", "--casual", str(deck)).output.startswith("OK: 1000 cards")


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    deck = tmp_path / "bom.txt"
    deck.write_bytes(BOM + b"4 Mountain\r\n4 Forest\r\n")
    assert read_decklist(deck).main == [(4, "Mountain"), (4, "Forest")]
    assert parse_decklist("\ufeff4 Mountain").main == [(4, "Mountain")]


def test_a_tab_or_several_spaces_may_follow_the_count() -> None:
    deck = parse_decklist("4\tMountain\n3   Forest\nSB:\t2\tIsland")
    assert deck.main == [(4, "Mountain"), (3, "Forest")] and deck.sideboard == [(2, "Island")]
    with pytest.raises(DecklistError, match="malformed line"):
        parse_decklist("SB:")


def test_a_very_long_line_is_named_not_echoed(tmp_path: Path) -> None:
    deck = tmp_path / "long.txt"
    deck.write_text("4 " + "A" * 1_400_000 + "\n", encoding="utf-8")
    checked = invoke("deck", "check", str(deck))
    assert checked.exit_code == 1 and "at most 300" in checked.output
    assert len(checked.output) < 400


@pytest.mark.parametrize("content", [b"4 Mountain\n4 Lightning Bolt \xe9\n", b"\x00\x01\xff\xfe binary"],
                         ids=["latin-1", "binary"])
def test_a_decklist_that_is_not_utf8_is_named(tmp_path: Path, content: bytes) -> None:
    deck = tmp_path / "bad.txt"
    deck.write_bytes(content)
    with pytest.raises(DecklistError, match="bad.txt: not UTF-8"):
        read_decklist(deck)
    for args in (["deck", "check", str(deck)], ["play", "--deck", str(deck)]):
        result = invoke(*args)
        assert result.exit_code == 1 and "bad.txt" in result.output and "UTF-8" in result.output


def test_play_warns_about_a_deck_a_constructed_game_would_not_allow(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from mtg_tui.ui.app import MtgApp
    shown: list[str] = []
    monkeypatch.setattr(MtgApp, "run", lambda self: shown.extend(self.notes))
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    small = tmp_path / "small.txt"
    small.write_text("20 Mountain\n", encoding="utf-8")
    bolts = tmp_path / "bolts.txt"
    bolts.write_text("55 Mountain\n5 Lightning Bolt\n", encoding="utf-8")
    result = invoke("play", "--deck", str(small), "--opponent-deck", str(bolts))
    assert result.exit_code == 0, result.output
    assert "20 cards" in result.output and "5 copies of 'Lightning Bolt'" in result.output
    assert any("20 cards" in n for n in shown) and any("Lightning Bolt" in n for n in shown)


def test_a_file_without_end_is_refused_not_read_into_memory(tmp_path: Path, db: Any) -> None:
    from mtg_tui.textfile import MAX_FILE_BYTES, TextFileError, read_text
    zero = Path("/dev/zero")
    if not zero.exists():
        pytest.skip("no /dev/zero here")
    with pytest.raises(TextFileError, match="larger than"):
        read_text(zero)
    big = tmp_path / "big.txt"
    big.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n4 Mountain\n")
    with pytest.raises(DecklistError, match="big.txt: the file is larger than"):
        read_decklist(big)
    result = run_file(zero, db)
    assert not result.passed and "larger than" in result.error and "internal error" not in result.error
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "big.toml").write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    result = invoke("cards", "check", str(cards))
    assert result.exit_code == 1 and "big.toml" in result.output and "larger than" in result.output


# -- card files --------------------------------------------------------------------------------


CARDS = {
    "cost-number.toml": b'name = "Bad Cost"\ncost = 3\ntype = "Instant"\ntext = "Draw a card."\n',
    "name-number.toml": b'name = 5\ntype = "Instant"\n',
    "huge-power.toml": 'name = "Huge"\ncost = "{G}"\ntype = "Creature — Bear"\npower = 99999999999\n'
                       'toughness = 2\n'.encode(),
    "negative-loyalty.toml": 'name = "Sad Walker"\ncost = "{G}"\ntype = "Planeswalker — Garruk"\n'
                             'loyalty = -3\n'.encode(),
    "huge-mana.toml": b'name = "Big Cost"\ncost = "{99999999999}"\ntype = "Artifact"\n',
    "latin-1.toml": b'name = "Caf\xe9"\ntype = "Artifact"\n',
    "deep.toml": b'name = "Deep"\nx = ' + b"[" * 5000 + b"]" * 5000 + b"\n",
    "long-text.toml": b'name = "Long"\ncost = "{R}"\ntype = "Instant"\ntext = """' + b"Draw a card. " * 8000
                      + b'"""\n',
}
MESSAGES = {
    "cost-number.toml": "cost must be text",
    "name-number.toml": "the name must be text",
    "huge-power.toml": "power must be between 0 and 1,000,000",
    "negative-loyalty.toml": "loyalty must be between 0 and 1,000,000",
    "huge-mana.toml": "more generic mana than 1,000,000",
    "latin-1.toml": "not UTF-8",
    "deep.toml": "nested too deeply",
    "long-text.toml": "at most 5,000",
}


def test_cards_check_reports_every_bad_file_by_name_and_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    for name, data in CARDS.items():
        (folder / name).write_bytes(data)
    (folder / "good.toml").write_bytes(BOM + b'name = "Good Card"\ncost = "{1}"\ntype = "Artifact"\n')
    result = invoke("cards", "check", str(folder))
    assert result.exit_code == 1
    lines = [x for x in result.output.splitlines() if x.startswith("ERROR")]
    assert len(lines) == len(CARDS)
    for name, message in MESSAGES.items():
        line = next((x for x in lines if name in x), "")
        assert message in line, (name, result.output)
        assert len(line) < 300
    assert "1 of 9 cards compiled" in result.output


def test_a_card_with_the_name_of_another_blames_the_new_file(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "a-first.toml").write_text('name = "Twin"\ncost = "{1}"\ntype = "Artifact"\n', encoding="utf-8")
    (folder / "b-second.toml").write_text('name = "Twin"\ncost = "{2}"\ntype = "Artifact"\n', encoding="utf-8")
    errors = CardDatabase([folder]).check()
    assert len(errors) == 1 and errors[0].file.endswith("b-second.toml") and "a-first.toml" in str(errors[0])


@pytest.mark.parametrize("data, message", [
    (b"[" * 100_000, "nested too deeply"),
    (b"\xff\xfe{}", "not UTF-8"),
], ids=["deep", "not UTF-8"])
def test_cards_import_names_a_file_that_is_no_set_file(tmp_path: Path, data: bytes, message: str) -> None:
    path = tmp_path / "set.json"
    path.write_bytes(data)
    result = invoke("cards", "import", "--out", str(tmp_path / "out"), str(path))
    assert result.exit_code == 1 and "set.json" in result.output and message in result.output, result.output
    assert "codec" not in result.output and not isinstance(result.exception, RecursionError)


def test_cards_import_does_not_read_a_file_without_end(tmp_path: Path) -> None:
    from mtg_tui.cardtext.mtgjson import MAX_SET_BYTES, MtgjsonError, read_set
    big = tmp_path / "big.json"
    with big.open("wb") as f:        # sparse: no disk is used for the hole
        f.truncate(MAX_SET_BYTES + 1)
    with pytest.raises(MtgjsonError, match="big.json: the file is larger than"):
        read_set(big)


# -- scenarios ---------------------------------------------------------------------------------


STATE = """title = "t"
[game]
players = ["Alice", "Bob"]
active = "Alice"
step = "main1"
"""


def scenario(tmp_path: Path, body: str, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(STATE + body, encoding="utf-8")
    return path


@pytest.mark.parametrize("body, message", [
    ('[[step]]\nplayer = "Alice"\nconcede = "no"\n', "concede = true"),
    ('[[step]]\nsay = 5\n', "say must be text"),
    ('[Alice]\nbattlefield = ["Grizzly Bears {damage:-3}"]\n', "from 0 to 1,000,000"),
    ('[Alice]\nbattlefield = ["Grizzly Bears {+1/+1:-3}"]\n', "from 0 to 1,000,000"),
    ('[Alice]\nbattlefield = ["Grizzly Bears {damage:99999999999}"]\n', "whole number"),
    ('[Alice]\nlands_played = -5\n', "lands_played in [Alice]"),
    ('[Alice]\npoison = -2\n', "poison in [Alice]"),
], ids=["concede", "say", "negative damage", "negative counters", "huge damage", "lands played", "poison"])
def test_scenario_values_are_checked(tmp_path: Path, db: Any, body: str, message: str) -> None:
    result = run_file(scenario(tmp_path, body), db)
    assert not result.passed and "scenario error" in result.error and message in result.error, result.error


def test_a_scenario_may_start_with_a_byte_order_mark(tmp_path: Path, db: Any) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(BOM + (STATE + '[[step]]\nexpect.turn = 1\n').encode())
    result = run_file(path, db)
    assert result.passed, result.error


def test_a_scenario_that_is_not_utf8_or_too_deep_is_named(tmp_path: Path, db: Any) -> None:
    latin = tmp_path / "latin.toml"
    latin.write_bytes(STATE.encode() + b'[Alice]\nhand = ["Caf\xe9"]\n')
    deep = tmp_path / "deep.toml"
    deep.write_bytes(STATE.encode() + b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n")
    result = invoke("scenario", "run", str(latin), str(deep))
    assert result.exit_code == 1
    assert "latin.toml" in result.output and "not UTF-8" in result.output
    assert "deep.toml" in result.output and "nested too deeply" in result.output
    assert "internal error" not in result.output


def test_a_failure_found_while_running_names_the_file(tmp_path: Path) -> None:
    path = scenario(tmp_path, '[[step]]\nexpect.turn = 2\n', name="wrong-turn.toml")
    result = invoke("scenario", "run", str(path))
    assert result.exit_code == 1 and "FAIL" in result.output and "wrong-turn.toml" in result.output


def test_an_empty_folder_of_scenarios_is_an_error(tmp_path: Path) -> None:
    result = invoke("scenario", "run", str(tmp_path))
    assert result.exit_code != 0 and "nothing was run" in result.output


# -- arguments ---------------------------------------------------------------------------------


@pytest.mark.parametrize("games", ["0", "-1"])
def test_simulate_needs_at_least_one_game(games: str) -> None:
    result = invoke("simulate", "--games", games)
    assert result.exit_code == 2 and "--games" in result.output


def test_simulate_uses_at_most_one_worker_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    import mtg_tui.sim as sim
    used: list[int] = []
    monkeypatch.setattr(sim, "run_simulation", lambda *a, **k: used.append(a[6]))
    import mtg_tui.cli as cli
    monkeypatch.setattr(cli, "_cores", lambda: 2)
    result = CliRunner().invoke(main, ["simulate", "--games", "3", "--workers", "100000"])
    assert result.exit_code == 0 and used == [2]
    assert "--workers 100000" in result.output and "2 cores" in result.output


@pytest.mark.parametrize("args, message", [
    (["--seed", "9" * 300], "--seed"),
    (["--seed", "9" * 5000], "--seed"),
    (["--seed", "-1"], "--seed"),
    (["--name", ""], "a name"),
    (["--name", "   "], "a name"),
    (["--name", "N" * 5000], "at most 30"),
    (["--name", "Ann\x1b[31m"], "control character"),
], ids=["huge seed", "seed beyond int()", "negative seed", "empty name", "blank name", "long name", "escape in name"])
def test_play_refuses_a_seed_or_name_out_of_bounds_before_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   args: list[str], message: str) -> None:
    from mtg_tui.ui.app import MtgApp
    started: list[Any] = []
    monkeypatch.setattr(MtgApp, "run", lambda self: started.append(self))
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    result = invoke("play", *args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert not started and len(result.output) < 400


def test_simulate_refuses_a_seed_out_of_bounds() -> None:
    result = invoke("simulate", "--games", "1", "--seed", "9" * 300)
    assert result.exit_code == 2 and "--seed" in result.output and len(result.output) < 400


def test_an_unknown_card_with_a_quote_in_its_name_is_said_plainly() -> None:
    result = invoke("cards", "show", "Qwxz's", "Nothing")
    assert result.exit_code == 1
    assert result.output.strip() == "Error: unknown card \"Qwxz's Nothing\"", result.output


LONG = "a" * 5000     # longer than any file name the system takes


@pytest.mark.parametrize("args", [
    ["play", "--resume", LONG], ["play", "--resume", "9" * 5000], ["play", "--deck", LONG], ["deck", "show", LONG],
    ["scenario", "run", LONG], ["play", "--cards", LONG],
], ids=["resume", "resume digits", "deck", "deck show", "scenario", "cards folder"])
def test_a_path_too_long_for_the_system_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          args: list[str]) -> None:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    result = invoke(*args)
    assert result.exit_code in (1, 2) and not isinstance(result.exception, OSError), result.exception
    assert "too long" in result.output.lower() and len(result.output) < 400, result.output
