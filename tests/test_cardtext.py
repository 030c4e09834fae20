"""Cards compile from their rules text; a card that doesn't is a clear load error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.cardtext.loader import CardDatabase, CardError
from mtg_tui.cli import main
from mtg_tui.engine.abilities import ActivatedAbility, KeywordAbility, SpellAbility, StaticAbility, TriggeredAbility
from mtg_tui.engine.instructions import DealDamage, Destroy

POOL_MINIMUM = 120


def test_the_whole_pool_compiles(db) -> None:
    errors = db.check()
    assert errors == [], "\n".join(str(e) for e in errors)
    assert len(db.names()) >= POOL_MINIMUM


def test_keywords_are_read_from_the_text(db) -> None:
    nighthawk = db.get("Vampire Nighthawk")
    assert {a.keyword for a in nighthawk.abilities} == {"flying", "deathtouch", "lifelink"}
    ball = db.get("Ball Lightning")
    kws = [a.keyword for a in ball.abilities if isinstance(a, KeywordAbility)]
    assert kws == ["trample", "haste"]
    assert any(isinstance(a, TriggeredAbility) for a in ball.abilities)


def test_ability_kinds(db) -> None:
    assert isinstance(db.get("Lightning Bolt").abilities[0], SpellAbility)
    assert isinstance(db.get("Prodigal Pyromancer").abilities[0], ActivatedAbility)
    assert isinstance(db.get("Glorious Anthem").abilities[0], StaticAbility)
    bolt = db.get("Lightning Bolt").abilities[0].effect
    assert isinstance(bolt.instructions[0], DealDamage)
    assert bolt.targets[0].label == "any target"
    terminate = db.get("Terminate").abilities[0].effect
    assert isinstance(terminate.instructions[0], Destroy) and not terminate.instructions[0].can_regenerate


def test_mana_abilities_are_recognised(db) -> None:
    elves = db.get("Llanowar Elves").abilities[0]
    assert isinstance(elves, ActivatedAbility) and elves.is_mana
    mind_stone = [a for a in db.get("Mind Stone").abilities if isinstance(a, ActivatedAbility)]
    assert [a.is_mana for a in mind_stone] == [True, False]


def write(folder: Path, name: str, body: str) -> None:
    (folder / name).write_text(body, encoding="utf-8")


def test_a_typo_in_the_type_line_names_the_file_and_the_word(tmp_path: Path) -> None:
    write(tmp_path, "bad.toml", 'name = "Bad Bear"\ncost = "{1}{G}"\ntype = "Creture — Bear"\npower = 2\ntoughness = 2\n')
    errors = CardDatabase(tmp_path).check()
    assert len(errors) == 1
    msg = str(errors[0])
    assert "bad.toml" in msg and "Bad Bear" in msg and "Creture" in msg and "Creature" in msg


def test_an_unknown_phrase_names_the_card_and_the_phrase(tmp_path: Path) -> None:
    write(tmp_path, "odd.toml", 'name = "Odd Spell"\ncost = "{R}"\ntype = "Instant"\n'
                                'text = "Odd Spell juggles 3 damage to any target."\n')
    errors = CardDatabase(tmp_path).check()
    assert len(errors) == 1
    err = errors[0]
    assert isinstance(err, CardError)
    assert err.card == "Odd Spell" and "odd.toml" in str(err)
    assert "juggles" in str(err)


def test_unknown_fields_and_missing_stats_are_errors(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", 'name = "A"\ncost = "{1}"\ntype = "Artifact"\ncolour = "red"\n')
    write(tmp_path, "b.toml", 'name = "B"\ncost = "{1}"\ntype = "Artifact Creature — Golem"\n')
    write(tmp_path, "c.toml", 'name = "C"\ntype = "Land"\ntext = "{T}: Add {Q}."\n')
    write(tmp_path, "d.toml", 'name = "D"\ntype = "Land\n')
    messages = sorted(str(e) for e in CardDatabase(tmp_path).check())
    assert len(messages) == 4
    assert any("colour" in m for m in messages)
    assert any("power and toughness" in m for m in messages)
    assert any("c.toml" in m for m in messages)
    assert any("d.toml" in m and "TOML" in m for m in messages)


def test_cards_check_command_reports_and_fails(tmp_path: Path) -> None:
    write(tmp_path, "ok.toml", 'name = "Fine Bear"\ncost = "{1}{G}"\ntype = "Creature — Bear"\npower = 2\n'
                               'toughness = 2\n')
    write(tmp_path, "bad.toml", 'name = "Bad Bolt"\ncost = "{R}"\ntype = "Instant"\ntext = "Frobnicate."\n')
    result = CliRunner().invoke(main, ["cards", "check", str(tmp_path)])
    assert result.exit_code == 1
    assert "bad.toml" in result.output and "Bad Bolt" in result.output
    assert "1 of 2 cards compiled" in result.output


def test_cards_check_passes_on_the_pool() -> None:
    result = CliRunner().invoke(main, ["cards", "check"])
    assert result.exit_code == 0, result.output


def test_cards_list_prints_every_name(db) -> None:
    result = CliRunner().invoke(main, ["cards", "list"])
    assert result.exit_code == 0
    lines = result.output.strip().splitlines()
    assert lines == db.names()
    assert "Lightning Bolt" in lines


@pytest.mark.parametrize("text", [
    "When this creature enters, draw a card.",
    "Whenever another creature you control dies, you gain 1 life.",
    "{2}, {T}: Target player loses 2 life.",
    "Destroy target tapped creature.",
    "Creatures your opponents control get -1/-0.",
    "Flying, vigilance",
    "Return target nonland permanent to its owner's hand.",
    "At the beginning of your upkeep, you gain 1 life.",
    "Other Goblins you control get +1/+1 and have haste.",
    "Exile target artifact or enchantment.",
    "Deal 2 damage to target creature.",
])
def test_general_templates_compile(tmp_path: Path, text: str) -> None:
    kind = "Instant" if text.startswith(("Destroy", "Return", "Exile", "Deal")) else "Creature — Goblin"
    stats = "" if kind == "Instant" else "power = 2\ntoughness = 2\n"
    write(tmp_path, "t.toml", f'name = "Test Card"\ncost = "{{1}}{{R}}"\ntype = "{kind}"\n{stats}text = "{text}"\n')
    errors = CardDatabase(tmp_path).check()
    if text.startswith("Deal"):
        assert errors, "an imperative \"deal\" has no source and must not compile"
    else:
        assert errors == [], str(errors[0]) if errors else ""


def test_cards_list_filters() -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["cards", "list", "--color", "R", "--type", "creature", "--cost", "1"]).output.split("\n")
    assert {"Raging Goblin", "Monastery Swiftspear", "Mogg Fanatic"} <= set(out)
    assert "Goblin Piker" not in out and "Lightning Bolt" not in out
    multi = runner.invoke(main, ["cards", "list", "--color", "M"]).output.split()
    assert "Watchwolf" in multi and "Grizzly" not in multi
    bad = runner.invoke(main, ["cards", "list", "--color", "Q"])
    assert bad.exit_code != 0 and "unknown color" in bad.output


def test_cards_show_renders_a_card() -> None:
    res = CliRunner().invoke(main, ["cards", "show", "Shivan", "Dragn"])
    assert res.exit_code != 0 and "Shivan Dragon" in res.output   # a suggestion, not a traceback
    res = CliRunner().invoke(main, ["cards", "show", "Shivan Dragon"])
    assert res.exit_code == 0
    assert "{4}{R}{R}" in res.output and "Flying" in res.output and "5/5" in res.output


def test_converted_mana_cost_is_read_as_mana_value() -> None:
    """Older printings say "converted mana cost" for mana value (202.3): both wordings read the same."""
    from mtg_tui.cardtext.parser import normalise
    assert normalise("Destroy all creatures with converted mana cost 3 or less.", "Ritual") == \
        normalise("Destroy all creatures with mana value 3 or less.", "Ritual")
    assert normalise("cards with five or more different converted mana costs", "Gate") == \
        "cards with five or more different mana values"
