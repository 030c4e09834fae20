"""Decklists: the plain format, rule 100.2a checks, the shipped decks and the deck CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.decks import (
    Decklist,
    DecklistError,
    UnknownDeckError,
    card_list,
    check_deck,
    deck_colors,
    format_decklist,
    list_decks,
    load_deck,
    parse_decklist,
)
from mtg_tui.decks.cli import deck_group
from mtg_tui.decks.names import canonical_name, card_names, closest_name, is_basic_land


def _sixty(extra: str = "") -> str:
    """A legal 60-card red deck, plus any extra lines."""
    return "4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Goblin Piker\n24 Mountain\n20 Mountain\n" + extra


# --- card names -------------------------------------------------------------


def test_card_names_are_read_from_card_files() -> None:
    known = card_names()
    assert {"Lightning Bolt", "Man-o'-War", "Scoured Barrens", "Forest"} <= known
    assert len(known) >= 100


def test_canonical_name_ignores_case_spaces_and_apostrophe_style() -> None:
    assert canonical_name("lightning   BOLT") == "Lightning Bolt"
    assert canonical_name("Man\u2011o\u2019-War") is None  # a non-ASCII hyphen is not a hyphen
    assert canonical_name("man-o\u2019-war") == "Man-o'-War"
    assert canonical_name("Ajani\u2019s Pridemate") == "Ajani's Pridemate"
    assert canonical_name("Nonexistent Card") is None


def test_closest_name_and_basic_lands() -> None:
    assert closest_name("Lightnig Bolt") == "Lightning Bolt"
    assert closest_name("zzzzzzzzzzzzzz") is None
    assert is_basic_land("Forest") and is_basic_land("Plains")
    assert not is_basic_land("Scoured Barrens")
    assert not is_basic_land("Lightning Bolt")


# --- parsing ----------------------------------------------------------------


def test_parse_counts_and_bare_names() -> None:
    deck = parse_decklist("4 Lightning Bolt\n4x Shock\n3X Raging Goblin\nMountain\n")
    assert deck.main == [(4, "Lightning Bolt"), (4, "Shock"), (3, "Raging Goblin"), (1, "Mountain")]
    assert deck.sideboard == []


def test_parse_normalises_names_to_exact_spelling() -> None:
    deck = parse_decklist("2 lightning bolt\n1 MAN-O\u2019-WAR\n1 ajani's pridemate\n")
    assert deck.main == [(2, "Lightning Bolt"), (1, "Man-o'-War"), (1, "Ajani's Pridemate")]


def test_parse_export_form_ignores_set_and_collector_number() -> None:
    text = "4 Lightning Bolt (M10) 146\n2 Shock (M19)\n1 Man-o'-War (VIS) 37a\n"
    deck = parse_decklist(text)
    assert deck.main == [(4, "Lightning Bolt"), (2, "Shock"), (1, "Man-o'-War")]


def test_parse_header_comments_and_plain_comments() -> None:
    text = (
        "# name: Test Deck\n"
        "# Description: Just a test.\n"
        "# a plain comment\n"
        "// another comment\n"
        "4 Lightning Bolt\n"
        "  # indented comment\n"
    )
    deck = parse_decklist(text)
    assert deck.name == "Test Deck"
    assert deck.description == "Just a test."
    assert deck.main == [(4, "Lightning Bolt")]


def test_parse_sections() -> None:
    text = "Deck\n4 Lightning Bolt\n\nSideboard\n2 Pyroclasm\n3 Negate\n"
    deck = parse_decklist(text)
    assert deck.main == [(4, "Lightning Bolt")]
    assert deck.sideboard == [(2, "Pyroclasm"), (3, "Negate")]


def test_parse_section_headers_are_case_insensitive_with_optional_colon() -> None:
    deck = parse_decklist("DECK:\n4 Shock\nsideboard:\n1 Negate\ndeck\n2 Opt\n")
    assert deck.main == [(4, "Shock"), (2, "Opt")]
    assert deck.sideboard == [(1, "Negate")]


def test_blank_line_does_not_start_a_sideboard() -> None:
    deck = parse_decklist("4 Lightning Bolt\n\n\n4 Shock\n")
    assert deck.main == [(4, "Lightning Bolt"), (4, "Shock")]
    assert deck.sideboard == []


def test_sb_prefix_puts_one_line_in_the_sideboard() -> None:
    deck = parse_decklist("4 Shock\nSB: 2 Negate\n4 Opt\n")
    assert deck.main == [(4, "Shock"), (4, "Opt")]
    assert deck.sideboard == [(2, "Negate")]


def test_parse_records_source() -> None:
    assert parse_decklist("1 Shock", source="mine.txt").source == "mine.txt"


# --- parse errors -----------------------------------------------------------


def test_unknown_name_reports_line_number_text_and_suggestion() -> None:
    text = "4 Lightning Bolt\n# comment\n4 Lightnig Bolt\n"
    with pytest.raises(DecklistError) as info:
        parse_decklist(text, source="burn.txt")
    [problem] = info.value.problems
    assert (problem.source, problem.line, problem.text) == ("burn.txt", 3, "4 Lightnig Bolt")
    message = str(info.value)
    assert "burn.txt:3" in message
    assert "unknown card name 'Lightnig Bolt'" in message
    assert "did you mean 'Lightning Bolt'" in message
    assert "4 Lightnig Bolt" in message


def test_all_bad_lines_are_reported_together() -> None:
    text = "4 Shok\n0 Shock\n-2 Shock\n2.5 Shock\n4\n4 Lightning Bolt\n"
    with pytest.raises(DecklistError) as info:
        parse_decklist(text, source="d.txt")
    lines = [p.line for p in info.value.problems]
    assert lines == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("line", ["0 Shock", "-2 Shock", "2.5 Shock", "3a Shock"])
def test_count_must_be_a_positive_integer(line: str) -> None:
    with pytest.raises(DecklistError) as info:
        parse_decklist(line)
    assert "not a positive integer" in str(info.value)


@pytest.mark.parametrize("line", ["\uff14 Shock", "\u0664 Shock", "\uff14x Shock"])
def test_count_is_written_with_ascii_digits(line: str) -> None:
    # Fullwidth and Arabic-Indic digits are digits to Python's int(); a decklist count isn't one.
    with pytest.raises(DecklistError) as info:
        parse_decklist(line)
    assert "digits 0-9" in str(info.value)


@pytest.mark.parametrize("line", ["4", "4x", "4 (M10) 146", "4 ---", "4 Lightning Bolt (M10 146"])
def test_malformed_lines(line: str) -> None:
    with pytest.raises(DecklistError) as info:
        parse_decklist(line, source="x.txt")
    assert "x.txt:1: malformed line" in str(info.value)


# --- rule 100.2a ------------------------------------------------------------


def test_legal_deck_has_no_problems() -> None:
    assert check_deck(parse_decklist(_sixty())) == []


def test_deck_needs_sixty_cards() -> None:
    deck = parse_decklist("4 Lightning Bolt\n55 Mountain\n")
    problems = check_deck(deck)
    assert len(problems) == 1
    assert "59 cards" in problems[0] and "60" in problems[0]


def test_more_than_four_copies_is_reported_with_line_numbers() -> None:
    deck = parse_decklist(_sixty("1 Lightning Bolt\n"), source="d.txt")
    [problem] = check_deck(deck)
    assert "5 copies of 'Lightning Bolt'" in problem
    assert "d.txt:1,7" in problem


def test_basic_lands_are_exempt_from_four_copy_rule() -> None:
    deck = parse_decklist("30 Forest\n30 Island\n")
    assert check_deck(deck) == []


def test_a_card_that_says_a_deck_can_have_any_number_of_it_is_exempt() -> None:
    """Rat Colony's text takes precedence over the four-copy limit (101.1); its neighbours' don't."""
    deck = parse_decklist("20 Rat Colony\n36 Swamp\n4 Typhoid Rats\n")
    assert check_deck(deck) == []
    deck = parse_decklist("20 Rat Colony\n35 Swamp\n5 Typhoid Rats\n")
    [problem] = check_deck(deck)
    assert "5 copies of 'Typhoid Rats'" in problem


def test_nonbasic_lands_are_limited_to_four() -> None:
    deck = parse_decklist("5 Scoured Barrens\n55 Plains\n")
    assert any("5 copies of 'Scoured Barrens'" in p for p in check_deck(deck))


def test_sideboard_counts_toward_four_copies() -> None:
    deck = parse_decklist(_sixty("Sideboard\n1 Shock\n"))
    [problem] = check_deck(deck)
    assert "5 copies of 'Shock'" in problem


def test_sideboard_at_most_fifteen_cards() -> None:
    deck = parse_decklist(_sixty("Sideboard\n4 Negate\n4 Opt\n4 Cancel\n4 Divination\n"))
    [problem] = check_deck(deck)
    assert "sideboard has 16 cards" in problem
    ok = parse_decklist(_sixty("Sideboard\n4 Negate\n4 Opt\n4 Cancel\n3 Divination\n"))
    assert check_deck(ok) == []


def test_not_constructed_skips_size_rules_but_not_names() -> None:
    small = parse_decklist("7 Lightning Bolt\n")
    assert check_deck(small, constructed=False) == []
    assert check_deck(small) != []
    built = Decklist(name="by hand", main=[(1, "Lightning Bolt"), (1, "Lightnig Bolt")])
    [problem] = check_deck(built, constructed=False)
    assert "unknown card name 'Lightnig Bolt'" in problem


# --- writing ----------------------------------------------------------------


def test_round_trip() -> None:
    text = (
        "# name: Round Trip\n# description: There and back again.\n"
        "4 lightning bolt (M10) 146\n4x Shock\nMan-o\u2019-War\n52 Mountain\n"
        "Sideboard\n2 Negate\n"
    )
    deck = parse_decklist(text)
    written = format_decklist(deck)
    assert written.startswith("# name: Round Trip\n# description: There and back again.\nDeck\n")
    assert "1 Man-o'-War\n" in written and "\nSideboard\n2 Negate\n" in written
    again = parse_decklist(written)
    assert again == deck
    assert format_decklist(again) == written


def test_card_list_expands_main_deck_in_order() -> None:
    deck = parse_decklist("2 Shock\n1 Opt\n3 Island\nSideboard\n2 Negate\n")
    assert card_list(deck) == ["Shock", "Shock", "Opt", "Island", "Island", "Island"]


# --- shipped decks ----------------------------------------------------------


def test_at_least_twelve_shipped_decks() -> None:
    decks = list_decks()
    assert len(decks) >= 12
    assert len({d.name for d in decks}) == len(decks)


@pytest.mark.parametrize("deck", list_decks(), ids=lambda d: d.name)
def test_every_shipped_deck_is_legal(deck: Decklist) -> None:
    assert check_deck(deck) == []
    assert deck.name and deck.description
    assert deck.main_count == 60
    lands = sum(count for count, name in deck.main if name in _land_names())
    assert 17 <= lands <= 24


def _land_names() -> set[str]:
    from mtg_tui.decks.names import card_type

    return {name for name in card_names() if "Land" in card_type(name).split("—")[0]}


def test_shipped_decks_cover_every_color_and_pair() -> None:
    colors = {deck_colors(d) for d in list_decks()}
    assert {"W", "U", "B", "R", "G"} <= colors
    assert len({c for c in colors if len(c) == 2}) >= 5


def test_default_simulation_decks() -> None:
    assert deck_colors(load_deck("Red Burn")) == "R"
    assert deck_colors(load_deck("Green Stompy")) == "G"


def test_load_deck_by_name_slug_or_path(tmp_path: Path) -> None:
    assert load_deck("red burn").name == "Red Burn"
    assert load_deck("RED-BURN").name == "Red Burn"
    path = tmp_path / "mine.txt"
    path.write_text("# name: Mine\n4 Shock\n", encoding="utf-8")
    deck = load_deck(path)
    assert deck.name == "Mine" and deck.main == [(4, "Shock")]
    assert load_deck(str(path)).source == str(path)


def test_load_deck_unknown_lists_shipped_names() -> None:
    with pytest.raises(UnknownDeckError) as info:
        load_deck("no such deck")
    assert "Red Burn" in str(info.value) and "Green Stompy" in str(info.value)


# --- CLI --------------------------------------------------------------------


def _run(*args: str):
    return CliRunner().invoke(deck_group, list(args), env={"COLUMNS": "200"})


def test_cli_list() -> None:
    result = _run("list")
    assert result.exit_code == 0, result.output
    for deck in list_decks():
        assert deck.name in result.output
    assert "Green Stompy" in result.output and "RG" in result.output


def test_cli_list_says_the_set_of_a_deck_drawn_from_one() -> None:
    result = _run("list")
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if line.count("│") > 3}
    assert "RNA" in rows["Gruul Riot"] and "RNA" in rows["Simic Adapt"]
    assert "core" in rows["Red Burn"]


def test_cli_show_groups_by_type() -> None:
    result = _run("show", "red-burn")
    assert result.exit_code == 0, result.output
    assert "Red Burn" in result.output
    assert "Creatures (" in result.output and "Instants (" in result.output
    assert "Lands (20)" in result.output
    assert "Lightning Bolt" in result.output and "Creature — Goblin Warrior" in result.output


def test_cli_show_unknown_deck_fails() -> None:
    result = _run("show", "nope")
    assert result.exit_code != 0
    assert "Red Burn" in result.output


def test_cli_check_ok(tmp_path: Path) -> None:
    path = tmp_path / "good.txt"
    path.write_text(_sixty(), encoding="utf-8")
    result = _run("check", str(path))
    assert result.exit_code == 0, result.output
    assert "OK: 60 cards" in result.output


def test_cli_check_bad_name_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("# name: Bad\n4 Lightning Bolt\n4 Shok\n", encoding="utf-8")
    result = _run("check", str(path))
    assert result.exit_code == 1
    assert f"{path}:3" in result.output
    assert "Shok" in result.output and "did you mean 'Shock'" in result.output


def test_cli_check_rule_problems(tmp_path: Path) -> None:
    path = tmp_path / "small.txt"
    path.write_text("5 Shock\n", encoding="utf-8")
    result = _run("check", str(path))
    assert result.exit_code == 1
    assert "5 cards" in result.output and "5 copies of 'Shock'" in result.output
    assert _run("check", "--casual", str(path)).exit_code == 0


def test_cli_export_round_trips() -> None:
    result = _run("export", "Green Stompy")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# name: Green Stompy\n")
    assert parse_decklist(result.output) == load_deck("green-stompy")
