"""The keyword registry: every keyword is declared once, read by the grammar from there, and wired.

A keyword the registry reads but doesn't wire is refused when a card is
compiled, with the keyword named; every trait a keyword can give is read by
a rules module; every rule an entry cites exists.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import mtg_tui.cardtext as cardtext
import mtg_tui.engine as engine
from mtg_tui.cardtext.compiler import compile_text
from mtg_tui.cardtext.errors import CardError
from mtg_tui.cardtext.parser import grammar_text
from mtg_tui.cli import main
from mtg_tui.engine.abilities import ActivatedAbility, KeywordAbility, StaticAbility, TriggeredAbility
from mtg_tui.engine.keywords import REGISTRY, Keyword, Param, Trait, reminders, spelled, words_of
from mtg_tui.rules.index import default_index

ENGINE = Path(engine.__file__).resolve().parent

# A parameter as written for each kind, to compile every spelling of every keyword.
SAMPLE = {Param.NONE: "", Param.COST: " {2}", Param.QUALITY: " black", Param.OBJECT: " creature",
          Param.NUMBER: " 2"}


def spellings() -> list[tuple[str, Keyword]]:
    return sorted((word, kw) for kw in REGISTRY.values() for word in kw.spellings)


def compiles(text: str, types: tuple[str, ...] = ("Creature",)) -> tuple:
    return compile_text("Test Card", text, (), types, ())


# ---------------------------------------------------------------------------
# Declared once, read from there


def test_the_grammar_reads_the_registrys_words_and_no_list_of_its_own() -> None:
    grammar = grammar_text()
    for param in Param:
        for word in words_of(param):
            assert f'"{word}"' in grammar
    lark_file = (Path(cardtext.__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    assert '"flying"' not in lark_file and '"first strike"' not in lark_file


@pytest.mark.parametrize("word,kw", spellings(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_spelling_compiles_to_its_keyword_or_is_refused_by_name(word: str, kw: Keyword) -> None:
    text = word[:1].upper() + word[1:] + SAMPLE[kw.param]
    if not kw.wired:
        with pytest.raises(CardError, match=re.escape(repr(word))):
            compiles(text)
        return
    made = compiles(text, ("Enchantment", "Aura") if kw.name == "enchant" else ("Creature",))
    assert made and all(a.keyword == kw.name for a in made)
    assert spelled(word)[0] is kw
    if kw.means:
        assert all(isinstance(a, (ActivatedAbility, TriggeredAbility, StaticAbility)) for a in made)
        assert made[0].text.lower() == text.lower()
    else:
        assert all(isinstance(a, KeywordAbility) for a in made)


def test_every_entry_takes_part_in_a_rule_or_says_what_is_missing() -> None:
    for kw in REGISTRY.values():
        assert kw.wired or kw.unsupported, f"{kw.name} is declared but takes part in no rule"
        assert kw.reminder, f"{kw.name} has no reminder text"


def test_an_entry_that_takes_part_in_nothing_is_not_wired() -> None:
    assert not Keyword("frobnicate", "702.999", "Does nothing.").wired
    assert not Keyword("frobnicate", "702.999", "Does nothing.", traits=frozenset({Trait.HASTE}),
                       unsupported="not yet").wired
    assert Keyword("frobnicate", "702.999", "Haste again.", traits=frozenset({Trait.HASTE})).wired


def test_every_trait_is_read_by_a_rules_module() -> None:
    """A trait no rules module asks about would be a keyword that compiles and does nothing."""
    readers = {t: [] for t in Trait}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "base.py" and path.parent.name == "keywords":
            continue   # where traits are declared
        text = path.read_text(encoding="utf-8")
        for t in Trait:
            if re.search(rf"Trait\.{t.name}\b", text) and "register(" not in text:
                readers[t].append(path.name)
    reads_itself = {Trait.CAN_BLOCK_FLYING}   # flying's own restriction asks the blocker for it
    unread = [t.name for t, where in readers.items() if not where and t not in reads_itself]
    assert unread == []


def test_every_rule_an_entry_cites_exists() -> None:
    index = default_index()
    for kw in REGISTRY.values():
        cited = [kw.rule, kw.cites] + [h.rule for h in (kw.evasion, kw.blocks_only, kw.targeting, kw.attaching,
                                                        kw.damage) if h is not None]
        for number in cited:
            if kw.name == "ward":
                assert number == ""   # newer than the rules shipped here
                continue
            assert index.exists(number), f"{kw.name} cites {number}"


def test_reminders_name_each_keyword_once_with_its_parameter() -> None:
    made = compiles("Flying\nProtection from black and from red\nEquip {2}\nSwampwalk\nFlying")
    lines = {written: reminder for written, reminder, _ in reminders(made)}
    assert list(lines) == ["Flying", "Protection from black", "Protection from red", "Equip {2}", "Swampwalk"]
    assert "flying or reach" in lines["Flying"]
    assert "anything black" in lines["Protection from black"]
    assert lines["Equip {2}"].startswith("{2}:")
    assert "controls a Swamp" in lines["Swampwalk"]


# ---------------------------------------------------------------------------
# A card with a keyword that isn't wired


DEVOID = '''name = "Test Drifter"
cost = "{2}{U}"
type = "Creature — Eldrazi Drone"
power = 2
toughness = 2
text = "Devoid\\nFlying"
'''


def test_cards_check_names_a_keyword_that_is_not_wired(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "drifter.toml").write_text(DEVOID, encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "check", str(folder)])
    assert result.exit_code != 0
    assert "Test Drifter" in result.output and "'devoid'" in result.output and "isn't supported" in result.output


def test_fear_and_intimidate_are_wired() -> None:
    for name in ("fear", "intimidate"):
        assert REGISTRY[name].evasion is not None and REGISTRY[name].wired


# ---------------------------------------------------------------------------
# docs/keywords.md says what the registry is


DOC = Path(__file__).resolve().parent.parent / "docs" / "keywords.md"


def test_the_keywords_doc_lists_every_family_and_trait() -> None:
    text = DOC.read_text(encoding="utf-8")
    for path in (ENGINE / "keywords").glob("*.py"):
        assert f"`{path.name}`" in text, f"docs/keywords.md doesn't list {path.name}"
    for t in Trait:
        assert t.name in text, f"docs/keywords.md doesn't list the trait {t.name}"


def test_the_worked_examples_are_the_registrys_own_code() -> None:
    """Each line of the doc's Python examples (but '...') is a line of the family module it comes from."""
    text = DOC.read_text(encoding="utf-8")
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ENGINE / "keywords").glob("*.py"))
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        for line in block.splitlines():
            if line.strip() and line.strip() != "...":
                assert line.strip() in sources, f"docs/keywords.md: {line.strip()!r} isn't in the registry's code"
