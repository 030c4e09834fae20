"""Cards from more folders than the shipped one: --cards, a scenario's `cards` key, the user's card folder.

A reprint (the same card in two files) is one card with both files' printings;
two different cards with one name are an error that names both files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from mtg_tui.cardtext import loader
from mtg_tui.cardtext.loader import CardDatabase, CardError, default_folders
from mtg_tui.cardtext.sameness import rules_text_key
from mtg_tui.cli import main
from mtg_tui.paths import cards_dir
from mtg_tui.scenario.runner import run_file

SPARK = '''name = "Spark Jolt"
cost = "{R}"
type = "Instant"
text = "Spark Jolt deals 2 damage to any target."
printings = [{ set = "TST", rarity = "common", number = "7" }]
'''

GLASS_GOLEM = '''name = "Glass Golem"
cost = "{3}"
type = "Artifact Creature — Golem"
power = 3
toughness = 1
'''


@pytest.fixture(autouse=True)
def own_default_cards() -> Iterator[None]:
    """Commands given --cards change this process's cards: put the test session's back afterwards."""
    saved = loader._default, loader._extra
    yield
    loader._default, loader._extra = saved


def folder_with(tmp_path: Path, name: str, files: dict[str, str]) -> Path:
    folder = tmp_path / name
    folder.mkdir(parents=True)
    for file, body in files.items():
        (folder / file).parent.mkdir(parents=True, exist_ok=True)
        (folder / file).write_text(body, encoding="utf-8")
    return folder


# -- the same card -------------------------------------------------------------------------------


def test_reminder_text_and_keyword_lines_do_not_make_another_card() -> None:
    assert rules_text_key("Flying, vigilance") == rules_text_key("Flying\nVigilance")
    assert rules_text_key("Trample (This creature can deal excess combat damage.)") == rules_text_key("Trample")
    assert rules_text_key("Scry 1. (Look at the top card.)\nDraw a card.") == rules_text_key("Scry 1.\nDraw a card.")
    assert rules_text_key("Draw a card.") != rules_text_key("Draw two cards.")
    assert rules_text_key("Flying, vigilance") != rules_text_key("Flying, haste")


def test_a_reprint_in_another_folder_is_one_card_with_every_printing(tmp_path: Path) -> None:
    serra = (cards_dir() / "serra-angel.toml").read_text(encoding="utf-8")
    reprint = serra.replace('text = """\nFlying\nVigilance"""', 'text = "Flying, vigilance"')
    reprint = reprint.replace("Flying\nVigilance", "Flying, vigilance")
    assert "Flying, vigilance" in reprint
    reprint += 'printings = [{ set = "DOM", rarity = "uncommon", number = "33" }]\n'
    more = folder_with(tmp_path, "more", {"sets/dom/serra.toml": reprint,
                                          "sets/m19/serra.toml": reprint.replace('"DOM"', '"M19"')})
    db = CardDatabase([cards_dir(), more], strict=True)
    assert db.names().count("Serra Angel") == 1
    assert [(p.set, p.number, p.rarity) for p in db.printings("Serra Angel")] == [
        ("DOM", "33", "uncommon"), ("M19", "33", "uncommon")]
    assert db.file_of("Serra Angel").endswith("serra-angel.toml")   # the first folder's file is the card's
    assert db.get("Serra Angel").power == 4


def test_two_different_cards_with_one_name_are_an_error_naming_both_files(tmp_path: Path) -> None:
    a = folder_with(tmp_path, "a", {"bolt.toml": SPARK})
    b = folder_with(tmp_path, "b", {"other-bolt.toml": SPARK.replace("2 damage", "3 damage")})
    with pytest.raises(CardError) as err:
        CardDatabase([a, b], strict=True)
    message = str(err.value)
    assert "Spark Jolt" in message and "bolt.toml" in message and "other-bolt.toml" in message
    assert "text" in message
    lenient = CardDatabase([a, b])
    problems = [str(e) for e in lenient.check()]
    assert len(problems) == 1 and "bolt.toml" in problems[0] and "other-bolt.toml" in problems[0]
    with pytest.raises(CardError):
        lenient.get("Spark Jolt")   # never a silent choice between the two


def test_a_different_cost_is_another_card_too(tmp_path: Path) -> None:
    a = folder_with(tmp_path, "a", {"g.toml": GLASS_GOLEM})
    b = folder_with(tmp_path, "b", {"g.toml": GLASS_GOLEM.replace("{3}", "{4}")})
    with pytest.raises(CardError, match="cost"):
        CardDatabase([a, b], strict=True)


def test_folders_are_read_recursively_and_a_missing_folder_is_named(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"deep/down/spark.toml": SPARK})
    assert "Spark Jolt" in CardDatabase([extra])
    with pytest.raises(CardError, match="no such folder"):
        CardDatabase([tmp_path / "nowhere"])


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK})
    assert CardDatabase([extra]).fields("Spark Jolt")["cost"] == "{R}"
    (extra / "spark.toml").write_text(SPARK.replace('cost = "{R}"', 'cost = "{1}{R}"') + "\n", encoding="utf-8")
    assert CardDatabase([extra]).fields("Spark Jolt")["cost"] == "{1}{R}"


# -- the user's card folder ----------------------------------------------------------------------


def test_the_users_card_folder_is_loaded_beside_the_shipped_cards(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    assert default_folders() == [cards_dir()]   # no folder yet: nothing more
    folder_with(tmp_path / "data", "cards", {"spark.toml": SPARK})
    db = CardDatabase()
    assert "Spark Jolt" in db and "Lightning Bolt" in db
    assert db.extra_folders == []   # the user's own folder is always there: not an extra


# -- --cards on the commands ---------------------------------------------------------------------


def test_cards_commands_take_extra_folders(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK})
    runner = CliRunner()
    listed = runner.invoke(main, ["cards", "list", "--cards", str(extra)])
    assert listed.exit_code == 0 and "Spark Jolt" in listed.output.splitlines()
    assert "Spark Jolt" not in runner.invoke(main, ["cards", "list"]).output.splitlines()
    shown = runner.invoke(main, ["cards", "show", "--cards", str(extra), "Spark", "Jolt"])
    assert shown.exit_code == 0 and "2 damage" in shown.output
    checked = runner.invoke(main, ["cards", "check", str(extra)])
    assert checked.exit_code == 0 and "1 of 1 cards compiled" in checked.output
    missing = runner.invoke(main, ["cards", "list", "--cards", str(tmp_path / "nowhere")])
    assert missing.exit_code != 0 and "nowhere" in missing.output and "Traceback" not in missing.output


def test_cards_check_with_extra_folders_reports_a_clash_with_the_shipped_cards(tmp_path: Path) -> None:
    clash = folder_with(tmp_path, "clash", {"bolt.toml": 'name = "Lightning Bolt"\ncost = "{R}"\ntype = "Instant"\n'
                                                         'text = "Lightning Bolt deals 4 damage to any target."\n'})
    result = CliRunner().invoke(main, ["cards", "check", "--cards", str(clash)])
    assert result.exit_code == 1
    assert "lightning-bolt.toml" in result.output and "bolt.toml" in result.output
    played = CliRunner().invoke(main, ["cards", "list", "--cards", str(clash)])
    assert played.exit_code == 1 and "share a name" in played.output


def test_deck_commands_know_the_extra_cards(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK})
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Spark Jolt\n56 Mountain\n", encoding="utf-8")
    runner = CliRunner()
    bad = runner.invoke(main, ["deck", "check", str(deck)])
    assert bad.exit_code == 1 and "Spark Jolt" in bad.output
    good = runner.invoke(main, ["deck", "check", "--cards", str(extra), str(deck)])
    assert good.exit_code == 0, good.output
    shown = runner.invoke(main, ["deck", "show", "--cards", str(extra), str(deck)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0 and "Spark Jolt" in shown.output and "{R}" in shown.output


def test_simulate_plays_a_deck_of_extra_cards(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK})
    deck = tmp_path / "deck.txt"
    deck.write_text("20 Spark Jolt\n20 Mountain\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", "-n", "1", "--deck1", str(deck), "--cards", str(extra)])
    assert result.exit_code == 0, result.output
    assert "1 games" in result.output


# -- scenarios -----------------------------------------------------------------------------------

SCENARIO = '''title = "A card of the scenario's own"
seed = 1
cards = ["my-cards"]

[game]
players = ["Alice", "Bob"]
active = "Alice"
step = "main1"

[Alice]
hand = ["Spark Jolt"]
battlefield = ["Mountain"]

[Bob]
battlefield = ["Glass Golem"]

[[step]]
player = "Alice"
cast = "Spark Jolt"
targets = ["Glass Golem"]

[[step]]
pass = "resolve"

[[step]]
expect.zones = { "Bob.graveyard" = ["Glass Golem"], "Alice.graveyard" = ["Spark Jolt"] }
'''


def test_a_scenario_names_its_own_card_folders(tmp_path: Path, db: CardDatabase) -> None:
    folder_with(tmp_path, "my-cards", {"spark.toml": SPARK, "golem.toml": GLASS_GOLEM})
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    result = run_file(path, db)
    assert result.passed, result.error
    assert "Spark Jolt" not in db   # the scenario's cards are its own


def test_scenario_run_takes_extra_folders_for_every_file(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK, "golem.toml": GLASS_GOLEM})
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.replace('cards = ["my-cards"]\n', ""), encoding="utf-8")
    without = CliRunner().invoke(main, ["scenario", "run", str(path)])
    assert without.exit_code == 1 and "Spark Jolt" in without.output
    result = CliRunner().invoke(main, ["scenario", "run", "--cards", str(extra), str(path)])
    assert result.exit_code == 0, result.output


def test_scenario_card_folders_that_are_missing_or_clash_are_scenario_errors(tmp_path: Path, db: CardDatabase) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    missing = run_file(path, db)
    assert not missing.passed and "scenario error" in missing.error and "my-cards" in missing.error
    folder_with(tmp_path, "my-cards", {"spark.toml": SPARK, "golem.toml": GLASS_GOLEM,
                                       "mountain.toml": 'name = "Mountain"\ntype = "Basic Land — Mountain"\n'
                                                        'text = "{T}: Add {R}{R}."\n'})
    clash = run_file(path, db)
    assert not clash.passed and "scenario error" in clash.error
    assert "mountain.toml" in clash.error and "Mountain" in clash.error


# -- saved games ---------------------------------------------------------------------------------


def test_a_saved_game_remembers_its_card_folders(tmp_path: Path, db: CardDatabase) -> None:
    from mtg_tui.engine.record import Record
    from mtg_tui.ui.opponents import make_opponent
    from mtg_tui.ui.session import SaveError, Session, saved_card_folders

    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK})
    cards = db.with_folders([extra])
    deck = ["Spark Jolt"] * 20 + ["Mountain"] * 20
    save = tmp_path / "game.json"
    session = Session.start([deck, deck], ["Ann", "Ben"], 5, cards, [None, None], save, starting=0)
    session.answer(0, "keep")
    session.close()
    assert Record.load(save).meta["cards"] == [str(extra)]
    assert saved_card_folders(save) == [extra]
    resumed = Session.resume(save, cards.with_folders(saved_card_folders(save)), make_opponent)
    assert resumed.game.record == session.game.record

    (extra / "spark.toml").unlink()
    extra.rmdir()
    with pytest.raises(SaveError, match="extra"):
        saved_card_folders(save)
    gone = CliRunner().invoke(main, ["play", "--resume", str(save)])
    assert gone.exit_code == 1 and str(extra) in gone.output and "gone" in gone.output


# -- printings -----------------------------------------------------------------------------------


def test_cards_list_by_set_and_cards_show_the_printings(tmp_path: Path) -> None:
    serra = (cards_dir() / "serra-angel.toml").read_text(encoding="utf-8")
    extra = folder_with(tmp_path, "extra", {
        "spark.toml": SPARK,
        "serra.toml": serra + 'printings = [{ set = "M19", rarity = "uncommon", number = "33" }]\n',
        "serra-again.toml": serra + 'printings = [{ set = "TST", rarity = "rare", number = "8" }]\n'})
    runner = CliRunner()
    listed = runner.invoke(main, ["cards", "list", "--cards", str(extra), "--set", "tst"])
    assert listed.exit_code == 0 and listed.output.split("\n")[:-1] == ["Serra Angel", "Spark Jolt"]
    m19 = runner.invoke(main, ["cards", "list", "--cards", str(extra), "--set", "M19", "--type", "angel"])
    assert m19.output.split("\n")[:-1] == ["Serra Angel"]
    shown = runner.invoke(main, ["cards", "show", "--cards", str(extra), "Serra Angel"], env={"COLUMNS": "100"})
    assert "M19 33 uncommon" in shown.output and "TST 8 rare" in shown.output
    unknown = runner.invoke(main, ["cards", "list", "--cards", str(extra), "--set", "ZZZ"])
    assert unknown.exit_code != 0 and "ZZZ" in unknown.output and "TST" in unknown.output


def test_a_bad_printing_is_reported_by_cards_check(tmp_path: Path) -> None:
    extra = folder_with(tmp_path, "extra", {"spark.toml": SPARK.replace('rarity = "common"', 'rarity = "shiny"')})
    result = CliRunner().invoke(main, ["cards", "check", str(extra)])
    assert result.exit_code == 1 and "shiny" in result.output and "spark.toml" in result.output
