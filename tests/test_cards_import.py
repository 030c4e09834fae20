"""`mtg-tui cards import`: MTGJSON set files (v4 and v5) into card files, only cards the engine plays.

The fixtures in tests/data/mtgjson are excerpts of the MTGJSON set files:
GRN in version 5's shape (the set under "data", a split card's entries named
"A // B" with a faceName each), XLN and RIX in version 4's.
"""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner
from rich.console import Console

from mtg_tui.cardtext import loader
from mtg_tui.cardtext.cardwriter import card_file_text
from mtg_tui.cardtext.import_report import run_import
from mtg_tui.cardtext.importer import CLASH, LAYOUT, NOT_COMPILED, WRITTEN, import_sets
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.cardtext.mtgjson import MtgjsonError, read_set
from mtg_tui.cli import main
from mtg_tui.decks.decklist import DecklistError, parse_decklist
from mtg_tui.engine import layouts

DATA = Path(__file__).resolve().parent / "data" / "mtgjson"
GRN, XLN, RIX = DATA / "GRN-sample-v5.json", DATA / "XLN-sample-v4.json", DATA / "RIX-sample-v4.json"


@pytest.fixture(autouse=True)
def own_default_cards() -> Iterator[None]:
    saved = loader._default, loader._extra
    yield
    loader._default, loader._extra = saved


def outcomes(reports: list) -> dict[str, dict[str, str]]:
    return {r.code: {o.name: o.status for o in r.outcomes} for r in reports}


def read(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def test_both_versions_of_the_format_are_read_faces_joined() -> None:
    grn, xln = read_set(GRN), read_set(XLN)
    assert (grn.code, grn.entries, xln.code) == ("GRN", 7, "XLN")
    split = next(c for c in grn.cards if c.layout == "split" and c.name.startswith("Assure"))
    assert split.name == "Assure // Assemble"
    assert [f["name"] for f in split.data["faces"]] == ["Assure", "Assemble"]   # side a first
    assert split.data["faces"][1]["cost"] == "{4}{G}{W}"
    dfc = next(c for c in xln.cards if c.layout == "transform")
    assert dfc.name == "Arguel's Blood Fast"
    assert [f["name"] for f in dfc.data["faces"]] == ["Arguel's Blood Fast", "Temple of Aclazotz"]
    assert "cost" not in dfc.data["faces"][1]
    assert len(grn.cards) == 5 and len(xln.cards) == 4   # one card a split card, not one a face


def test_a_set_is_imported_as_the_cards_the_engine_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for layout in ("split", "transform"):
        monkeypatch.setitem(layouts.PLAYABLE, layout, False)   # their switches off: "layout not supported"
    reports = import_sets([GRN, XLN], tmp_path)
    assert outcomes(reports) == {
        "GRN": {"Arclight Phoenix": WRITTEN, "Assure // Assemble": LAYOUT, "Find // Finality": LAYOUT,
                "Healer's Hawk": WRITTEN, "Plains": WRITTEN},
        "XLN": {"Arguel's Blood Fast": LAYOUT, "Colossal Dreadmaw": WRITTEN, "Duress": WRITTEN, "Opt": WRITTEN}}
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "arclight-phoenix.toml", "colossal-dreadmaw.toml", "duress.toml", "healers-hawk.toml", "left-out.json",
        "opt.toml", "plains.toml"]
    hawk = read(tmp_path / "healers-hawk.toml")
    assert hawk == {"name": "Healer's Hawk", "cost": "{W}", "type": "Creature — Bird", "power": 1, "toughness": 1,
                    "text": "Flying, lifelink", "printings": [{"set": "GRN", "rarity": "common", "number": "14"}]}
    db = CardDatabase(tmp_path)
    assert db.check() == []
    assert {a.keyword for a in db.get("Healer's Hawk").abilities} == {"flying", "lifelink"}


def test_a_reprint_is_one_card_file_with_every_printing(tmp_path: Path) -> None:
    import_sets([RIX, XLN], tmp_path)
    dreadmaw = read(tmp_path / "colossal-dreadmaw.toml")
    assert dreadmaw["printings"] == [{"set": "RIX", "rarity": "common", "number": "125"},
                                     {"set": "XLN", "rarity": "common", "number": "180"}]
    # Importing the sets one by one into the same folder comes to the same file.
    apart = tmp_path / "apart"
    import_sets([XLN], apart)
    import_sets([RIX], apart)
    assert (apart / "colossal-dreadmaw.toml").read_text(encoding="utf-8") == \
        (tmp_path / "colossal-dreadmaw.toml").read_text(encoding="utf-8")


def test_the_same_files_give_the_same_folder_whatever_their_order(tmp_path: Path) -> None:
    import_sets([GRN, XLN, RIX], tmp_path / "a")
    import_sets([RIX, GRN, XLN], tmp_path / "b")
    a = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "a").iterdir()}
    b = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "b").iterdir()}
    assert a == b


def test_a_different_card_of_a_name_in_the_folder_is_not_overwritten(tmp_path: Path) -> None:
    mine = 'name = "Opt"\ncost = "{U}"\ntype = "Instant"\ntext = "Draw two cards."\n'
    (tmp_path / "my-opt.toml").write_text(mine, encoding="utf-8")
    reports = import_sets([XLN], tmp_path)
    assert outcomes(reports)["XLN"]["Opt"] == CLASH
    assert (tmp_path / "my-opt.toml").read_text(encoding="utf-8") == mine
    assert not (tmp_path / "opt.toml").exists()


def test_a_layout_is_imported_once_the_engine_plays_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(layouts.PLAYABLE, "split", True)
    reports = import_sets([GRN], tmp_path)
    assert outcomes(reports)["GRN"]["Assure // Assemble"] == WRITTEN
    assert outcomes(reports)["GRN"]["Find // Finality"] == WRITTEN
    card = CardDatabase(tmp_path).get("Assure // Assemble")
    assert [f.name for f in card.faces] == ["Assure", "Assemble"] and card.mana_cost.mana_value == 8
    # Its text still has to compile: a half the grammar can't read keeps the whole card out.
    data = json.loads(GRN.read_text(encoding="utf-8"))
    for entry in data["data"]["cards"]:
        if entry.get("faceName") == "Finality":
            entry["text"] = "Flip a coin until you lose a flip."
    unreadable = tmp_path / "unreadable" / "GRN.json"
    unreadable.parent.mkdir()
    unreadable.write_text(json.dumps(data), encoding="utf-8")
    reports = import_sets([unreadable], tmp_path / "out")
    assert outcomes(reports)["GRN"]["Find // Finality"] == NOT_COMPILED


def test_a_card_left_out_is_named_as_a_real_card_not_playable_yet(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(layouts.PLAYABLE, "split", False)
    import_sets([GRN], tmp_path)
    left = json.loads((tmp_path / "left-out.json").read_text(encoding="utf-8"))
    assert sorted(left) == ["Assure // Assemble", "Find // Finality"]
    assert left["Find // Finality"] == {"sets": ["GRN"], "why": "the engine doesn't play the 'split' layout yet"}
    db = CardDatabase(tmp_path)
    with pytest.raises(DecklistError, match=r"'Find // Finality' \(GRN\) isn't playable yet: the engine doesn't "
                                            r"play the 'split' layout yet"):
        parse_decklist("2 Find // Finality\n58 Plains", source="deck.txt", cards=db)
    # A text the grammar doesn't read says which paragraph (a card of a set of our own, so that no shipped
    # card has its name).
    data = json.loads(GRN.read_text(encoding="utf-8"))
    for entry in data["data"]["cards"]:
        if entry.get("name") == "Healer's Hawk":
            entry["name"], entry["text"] = "Test Flipping Hawk", "Flip a coin until you lose a flip."
    unreadable = tmp_path / "unreadable" / "GRN.json"
    unreadable.parent.mkdir()
    unreadable.write_text(json.dumps(data), encoding="utf-8")
    import_sets([unreadable], tmp_path / "out")
    why = json.loads((tmp_path / "out" / "left-out.json").read_text(encoding="utf-8"))["Test Flipping Hawk"]["why"]
    assert why.startswith('the engine doesn\'t read "Flip a coin until you lose a flip." yet')
    result = CliRunner().invoke(main, ["cards", "show", "Test Flipping Hawk", "--cards", str(tmp_path / "out")])
    assert result.exit_code == 1 and "'Test Flipping Hawk' (GRN) isn't playable yet" in result.output
    # Once the engine plays it, importing again writes it and forgets it was left out.
    monkeypatch.setitem(layouts.PLAYABLE, "split", True)
    import_sets([GRN], tmp_path)
    assert (tmp_path / "find-finality.toml").is_file() and not (tmp_path / "left-out.json").exists()


def test_the_command_prints_a_table_per_set_and_writes_into_the_users_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    for layout in ("split", "transform"):
        monkeypatch.setitem(layouts.PLAYABLE, layout, False)
    result = CliRunner().invoke(main, ["cards", "import", str(GRN), str(XLN)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "GRN — Guilds of Ravnica: 5 cards, 3 written, 5 compiled, 0 not compiled, 2 layouts not supported" \
        in result.output
    assert (tmp_path / "data" / "cards" / "opt.toml").is_file()
    assert tmp_path / "data" / "cards" in loader.default_db().folders   # your own folder is loaded


def test_a_terminal_sees_a_progress_bar_and_a_pipe_only_the_figures(tmp_path: Path) -> None:
    def output(terminal: bool, out: Path) -> str:
        buf = io.StringIO()
        run_import([XLN], out, fresh=False, brief=True, console=Console(file=buf, force_terminal=terminal, width=120))
        return buf.getvalue()
    on_terminal = output(True, tmp_path / "a")
    assert "Compiling" in on_terminal and "4/4" in on_terminal        # the bar counts the cards compiled
    piped = output(False, tmp_path / "b")
    assert "Compiling" not in piped and "Imported into" in piped


def test_a_file_that_isnt_a_set_is_a_clear_error_and_writes_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"cards": "nope"}), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["cards", "import", str(GRN), str(bad), "--out", str(out)])
    assert result.exit_code == 1 and "bad.json" in result.output and "MTGJSON set" in result.output
    assert not out.exists()
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(MtgjsonError, match="not a JSON file"):
        read_set(bad)


def test_fresh_empties_the_folder_first(tmp_path: Path) -> None:
    (tmp_path / "stale.toml").write_text('name = "Stale"\ntype = "Artifact"\ncost = "{1}"\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "import", str(RIX), "--out", str(tmp_path), "--fresh", "--brief"])
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["colossal-dreadmaw.toml", "negate.toml"]


@pytest.mark.parametrize("text", ['He said "no".', 'Quote """three""" and a \\ backslash', "Two\nlines \"q\""])
def test_the_card_writer_gives_back_what_it_wrote(text: str) -> None:
    data = {"name": "Odd", "cost": "{1}", "type": "Artifact", "text": text,
            "printings": [{"set": "TST", "rarity": "rare", "number": "1a"}],
            "faces": [{"name": "A", "type": "Instant", "text": text}]}
    assert tomllib.loads(card_file_text(data)) == data
