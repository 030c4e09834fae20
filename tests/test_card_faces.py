"""Card files of split cards (708), transforming double-faced cards (711) and Sagas (714).

The loader reads them into card definitions with their faces and chapters;
until the engine plays a layout (engine/layouts.py), its cards don't load
for play and say why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from mtg_tui.cardtext import loader
from mtg_tui.cardtext.faces import roman, split_chapters
from mtg_tui.cardtext.loader import CardDatabase, CardError, card_from_data
from mtg_tui.cli import main
from mtg_tui.decks.decklist import DecklistError, parse_decklist
from mtg_tui.engine import layouts
from mtg_tui.engine.abilities import KeywordAbility, SpellAbility, StaticAbility, TriggeredAbility
from mtg_tui.engine.instructions import GainLife

ASSURE = '''name = "Assure // Assemble"
layout = "split"
printings = [{ set = "GRN", rarity = "rare", number = "221" }]

[[faces]]
name = "Assure"
cost = "{G/W}{G/W}"
type = "Instant"
text = "Put a +1/+1 counter on target creature. That creature gains indestructible until end of turn."

[[faces]]
name = "Assemble"
cost = "{4}{G}{W}"
type = "Instant"
text = "Create three 2/2 green and white Elf Knight creature tokens with vigilance."
'''

PUP = '''name = "Daybreak Pup"
layout = "transform"

[[faces]]
name = "Daybreak Pup"
cost = "{1}{G}"
type = "Creature — Wolf"
power = 2
toughness = 2
text = "Vigilance"

[[faces]]
name = "Nightfall Hound"
type = "Creature — Wolf"
color_indicator = ["green"]
power = 4
toughness = 4
text = "Trample"
'''

SAGA = '''name = "Tale of Testing"
cost = "{2}{W}"
type = "Enchantment — Saga"
text = """
(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)
I, II — You gain 2 life.
III — Draw a card."""
'''


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name, body in (("assure.toml", ASSURE), ("pup.toml", PUP), ("saga.toml", SAGA)):
        (tmp_path / name).write_text(body, encoding="utf-8")
    return tmp_path


@pytest.fixture(autouse=True)
def own_default_cards() -> Iterator[None]:
    saved = loader._default, loader._extra
    yield
    loader._default, loader._extra = saved


def read(folder: Path, name: str, **kw: bool) -> object:
    db = CardDatabase(folder)
    return card_from_data(db.fields(name), db.file_of(name), **kw)


def test_a_split_card_has_both_halves_and_their_combined_characteristics(folder: Path) -> None:
    card = read(folder, "Assure // Assemble", playable_only=False)
    assert card.layout == "split" and card.names == ("Assure", "Assemble")
    assure, assemble = card.faces
    # Each half keeps its own characteristics (708.3b) ...
    assert (assure.name, assure.mana_cost.mana_value, assure.colors) == ("Assure", 2, ("W", "G"))
    assert (assemble.name, assemble.mana_cost.text, assemble.mana_cost.mana_value) == ("Assemble", "{4}{G}{W}", 6)
    assert all(isinstance(f.abilities[0], SpellAbility) for f in card.faces)
    # ... and the card has both together (708.4): both costs' symbols, mana value 2 + 6, every ability.
    assert card.mana_cost.mana_value == 8 and card.colors == ("W", "G")
    assert card.types == ("Instant",)
    assert card.abilities == assure.abilities + assemble.abilities


def test_a_transforming_card_is_its_front_face_with_both_faces(folder: Path) -> None:
    card = read(folder, "Daybreak Pup", playable_only=False)
    front, back = card.faces
    assert card.layout == "transform"
    assert (card.name, card.power, card.mana_cost.text) == ("Daybreak Pup", 2, "{1}{G}")   # 711.4a
    assert [a.keyword for a in card.abilities if isinstance(a, KeywordAbility)] == ["vigilance"]
    assert (back.name, back.power, back.toughness, back.colors) == ("Nightfall Hound", 4, 4, ("G",))
    assert not back.mana_cost.symbols
    assert [a.keyword for a in back.abilities if isinstance(a, KeywordAbility)] == ["trample"]
    assert front.name == card.name


def test_a_saga_has_one_chapter_ability_per_chapter_number(folder: Path) -> None:
    card = read(folder, "Tale of Testing", playable_only=False)
    assert card.layout == "saga"
    assert [c.number for c in card.chapters] == [1, 2, 3]   # "I, II" is two chapter abilities (714.2c)
    assert isinstance(card.chapters[0].effect.instructions[0], GainLife)
    assert card.chapters[0].effect is card.chapters[1].effect
    assert card.chapters[2].text == "III — Draw a card."
    assert "I, II — You gain 2 life." in card.text   # the text as printed


def test_chapter_lines_and_numerals() -> None:
    assert [roman(n) for n in ("I", "II", "III", "IV", "V", "VI", "IX")] == [1, 2, 3, 4, 5, 6, 9]
    rest, chapters = split_chapters("(Reminder.)\nI — A.\nII, III — B.")
    assert rest == "(Reminder.)" and [c[0] for c in chapters] == [(1,), (2, 3)]


def test_layouts_the_engine_doesnt_play_yet_dont_load_and_say_why(folder: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    for layout in ("split", "transform", "saga"):
        monkeypatch.setitem(layouts.PLAYABLE, layout, False)
    for name, rule in (("Assure // Assemble", "708"), ("Daybreak Pup", "711"), ("Tale of Testing", "714")):
        with pytest.raises(CardError, match=rule):
            read(folder, name)
    errors = [str(e) for e in CardDatabase(folder).check()]
    assert len(errors) == 3 and all("can't be played yet" in e for e in errors)


def test_a_saga_plays_its_chapters_as_triggered_abilities(folder: Path) -> None:
    """714.2b: a chapter is a triggered ability on lore counters; 714.3a: a lore counter as it enters."""
    card = read(folder, "Tale of Testing")
    chapters = [a for a in card.abilities if isinstance(a, TriggeredAbility)]
    assert [(a.trigger.event, a.trigger.chapter) for a in chapters] == [("chapter", 1), ("chapter", 2), ("chapter", 3)]
    entering = [a.replacement for a in card.abilities if isinstance(a, StaticAbility)]
    assert [(type(r).__name__, r.kind, r.amount) for r in entering] == [("LoreCounterAsItEnters", "lore", 1)]


def test_the_switch_of_a_layout_lets_its_cards_load(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(layouts.PLAYABLE, "split", True)
    monkeypatch.setitem(layouts.PLAYABLE, "saga", False)
    assert read(folder, "Assure // Assemble").layout == "split"
    with pytest.raises(CardError):
        read(folder, "Tale of Testing")


@pytest.mark.parametrize("change, words", [
    (lambda s: s.replace('name = "Assure // Assemble"', 'name = "Assure"'), "Assure // Assemble"),
    (lambda s: s.replace('layout = "split"', 'layout = "flip"'), "unknown layout"),
    (lambda s: s.split("[[faces]]\nname = \"Assemble\"")[0], "two [[faces]]"),
    (lambda s: s.replace('layout = "split"', 'layout = "split"\ncost = "{1}"'), "cost"),
    (lambda s: s.replace('name = "Assemble"', 'name = "Assemble"\ncolour = "red"'), "colour"),
])
def test_mistakes_in_a_card_with_faces_are_named(tmp_path: Path, change, words: str) -> None:
    (tmp_path / "bad.toml").write_text(change(ASSURE), encoding="utf-8")
    errors = [str(e) for e in CardDatabase(tmp_path).check()]
    assert len(errors) == 1 and words in errors[0] and "bad.toml" in errors[0]


def test_a_back_face_has_no_mana_cost(tmp_path: Path) -> None:
    (tmp_path / "pup.toml").write_text(PUP.replace('color_indicator = ["green"]', 'cost = "{G}"'), encoding="utf-8")
    errors = [str(e) for e in CardDatabase(tmp_path).check()]
    assert len(errors) == 1 and "back face" in errors[0]


def test_a_saga_chapter_that_does_not_compile_names_the_phrase(tmp_path: Path) -> None:
    (tmp_path / "saga.toml").write_text(SAGA.replace("Draw a card.", "Frobnicate a card."), encoding="utf-8")
    with pytest.raises(CardError, match="frobnicate"):
        read(tmp_path, "Tale of Testing", playable_only=False)


def test_decklists_name_a_split_card_in_full_and_a_double_faced_card_by_its_front(folder: Path) -> None:
    db = CardDatabase(folder)
    deck = parse_decklist("1 Assure // Assemble\n1 assure//assemble\n1 Assure/Assemble\n2 Daybreak Pup\n", cards=db)
    assert deck.main == [(1, "Assure // Assemble")] * 3 + [(2, "Daybreak Pup")]
    with pytest.raises(DecklistError) as half:
        parse_decklist("1 Assure\n1 Nightfall Hound\n", cards=db)
    lines = [str(p) for p in half.value.problems]
    assert "half of the split card 'Assure // Assemble'" in lines[0]
    assert "back face of 'Daybreak Pup'" in lines[1]


def test_deck_check_says_a_card_of_an_unsupported_layout_cant_be_played(folder: Path, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(layouts.PLAYABLE, "split", False)
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Assure // Assemble\n56 Forest\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["deck", "check", "--cards", str(folder), str(deck)])
    assert result.exit_code == 1 and "can't be played" in result.output and "708" in result.output


def test_cards_list_filters_a_card_with_faces_as_a_whole(folder: Path) -> None:
    runner = CliRunner()
    def names(*args: str) -> list[str]:
        return runner.invoke(main, ["cards", "list", "--cards", str(folder), *args]).output.split("\n")[:-1]
    assert "Assure // Assemble" in names("--cost", "8", "--type", "instant")
    assert "Assure // Assemble" in names("--text", "Elf Knight", "--set", "GRN")
    assert "Daybreak Pup" in names("--cost", "2", "--type", "wolf", "--color", "G")


def test_cards_show_shows_each_face_and_says_when_a_card_cant_be_played_yet(folder: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(layouts.PLAYABLE, "saga", False)
    shown = CliRunner().invoke(main, ["cards", "show", "--cards", str(folder), "Daybreak", "Pup"],
                               env={"COLUMNS": "100"})
    assert shown.exit_code == 0
    assert "Daybreak Pup" in shown.output and "Nightfall Hound" in shown.output and "Trample" in shown.output
    assert "Not playable yet" not in shown.output
    tale = CliRunner().invoke(main, ["cards", "show", "--cards", str(folder), "Tale of Testing"],
                              env={"COLUMNS": "100"})
    assert "Not playable yet" in tale.output and "714" in tale.output
    half = CliRunner().invoke(main, ["cards", "show", "--cards", str(folder), "Assemble"])
    assert half.exit_code == 1 and "a face of 'Assure // Assemble'" in half.output
