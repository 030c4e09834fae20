"""Tests for the rules reference: numbers, titles, neighbours, search, summaries, import, CLI."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.rules import (
    RulesImportError,
    RulesIndex,
    UnknownRuleError,
    build_numbers,
    default_index,
    import_official,
    storage,
)
from mtg_tui.rules.cli import rules_group
from mtg_tui.rules.index import DATA_DIR
from mtg_tui.rules.numbering import NUMBER_RE, normalise
from mtg_tui.rules.parser import is_title, parse_text

# A made-up rules file in the official layout (contents, headers, subrules
# without a trailing dot, "Example:" lines, glossary paragraphs, credits).
SYNTHETIC_RULES = """\
Test Game Comprehensive Rules

These test rules are effective as of some day.

Introduction

This file only exists to exercise the importer.

Contents

1. Game Concepts
100. General
101. Turn Order
Glossary
Credits

1. Game Concepts

100. General

100.1. Every player brings a stack of index cards to the table.

100.1a A pile of index cards counts as a deck in this test.

Example: Bob brings forty index cards and a pencil.

100.2. The game lasts until someone gets bored.

101. Turn Order

101.1. Players take turns going clockwise around the table.

101.1a The youngest player goes first in this pretend game.

101.1b Nobody may skip a turn on purpose.

Glossary

Index Card
A small piece of stiff paper used in the pretend game. See rule 100.1.

Turn Order
The direction in which pretend turns pass. See rule 101.1.

Credits

Written for a test suite.
"""

INLINE_GLOSSARY_RULES = """\
100. General
100.1. Every player brings a stack of index cards to the table.
100.2. The game lasts until someone gets bored.
100.3. Snacks are optional but encouraged.
Glossary
Index Card: A small piece of stiff paper. See rule 100.1.
Snack: Something edible. See rule 100.3.
"""


@pytest.fixture(autouse=True)
def isolated_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user data folder at a temporary folder and reset the cached index."""
    folder = tmp_path / "user-data"
    monkeypatch.setenv(storage.DATA_ENV, str(folder))
    default_index.cache_clear()
    yield folder
    default_index.cache_clear()


@pytest.fixture()
def index() -> RulesIndex:
    return RulesIndex.load(include_imported=False)


def write_synthetic(
    tmp_path: Path, text: str = SYNTHETIC_RULES, *, crlf: bool = True, bom: bool = True
) -> Path:
    data = text.replace("\n", "\r\n") if crlf else text
    raw = data.encode("utf-8")
    path = tmp_path / "rules.txt"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + raw)
    return path


# --- numbers and titles -------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    ["704.5g", "117.3c", "509", "702.19", "702.19.", "509.", "5", "100.1a", " 704.5G "],
)
def test_known_numbers_exist(index: RulesIndex, number: str) -> None:
    assert index.exists(number)


@pytest.mark.parametrize(
    "number", ["704.5z", "999", "999.1", "abc", "", "12", "1.2", "704.5gg"]
)
def test_unknown_numbers_do_not_exist(index: RulesIndex, number: str) -> None:
    assert not index.exists(number)


def test_every_number_is_shipped(index: RulesIndex) -> None:
    numbers = index.numbers()
    assert len(numbers) > 2500
    assert all(NUMBER_RE.match(number) for number in numbers)
    letters = [n for n in numbers if n.startswith("704.5") and n != "704.5"]
    assert letters[0] == "704.5a" and "704.5q" in letters
    assert "704.5l" not in letters  # the rules skip the letters l and o


def test_titles(index: RulesIndex) -> None:
    assert index.lookup("509").title == "Declare Blockers Step"
    assert index.lookup("702.19").title == "Trample"
    assert index.lookup("701.7").title == "Destroy"
    assert index.lookup("5").title == "Turn Structure"
    trample_b = index.lookup("702.19b")
    assert trample_b.title == "Trample" and trample_b.title_from == "702.19"
    sba = index.lookup("704.5g.")
    assert sba.number == "704.5g"
    assert sba.title == "State-Based Actions" and sba.title_from == "704"
    assert index.title_of("704.5g") is None
    assert sba.official_text is None


def test_unknown_lookup_raises_clear_error(index: RulesIndex) -> None:
    with pytest.raises(KeyError) as caught:
        index.lookup("999.9")
    assert isinstance(caught.value, UnknownRuleError)
    assert "999.9" in str(caught.value) and "does not exist" in str(caught.value)
    with pytest.raises(UnknownRuleError, match="not written like a rule number"):
        index.lookup("deathtouch")


def test_neighbours(index: RulesIndex) -> None:
    near = index.neighbours("704.5g")
    assert (near.parent, near.previous, near.next, near.children) == (
        "704.5",
        "704.5f",
        "704.5h",
        [],
    )
    assert index.neighbours("704.5k").next == "704.5m"
    blockers = index.neighbours("509")
    assert (blockers.parent, blockers.previous, blockers.next) == ("5", "508", "510")
    assert blockers.children[0] == "509.1"
    assert index.neighbours("100.1").previous is None
    assert index.neighbours("1").parent is None
    with pytest.raises(UnknownRuleError):
        index.neighbours("704.5z")


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("deathtouch", "702.2"),
        ("Trample", "702.19"),
        ("state-based actions", "704"),
        ("mulligan", "103.4"),
        ("mulligans", "103.4"),
        ("priority", "117"),
        ("legend rule", "704.5j"),
        ("first strike", "702.7"),
        ("summoning sickness", "302.6"),
        ("704.5g", "704.5g"),
    ],
)
def test_search_best_match(index: RulesIndex, term: str, expected: str) -> None:
    assert index.search(term)[0] == expected


def test_search_uses_summaries_and_misses_cleanly(index: RulesIndex) -> None:
    assert "704.5h" in index.search("deathtouch")
    assert index.search("xyzzy plugh") == []
    assert index.search("999.9") == []


# --- summaries ------------------------------------------------------------------

REQUIRED_FAMILIES = [
    "117.3",
    "120.3",
    "508.1",
    "509.1",
    "510.1",
    "601.2",
    "603.3",
    "608.2",
    "613.1",
    "613.4",
    "702.16",
    "702.19",
    "704.5",
]
REQUIRED_SINGLES = [
    "100.1",
    "100.2",
    "101.1",
    "101.2",
    "101.3",
    "101.4",
    "103.1",
    "103.4",
    "103.7a",
    "104.1",
    "104.4a",
    "115",
    "117",
    "117.1",
    "117.2",
    "117.4",
    "117.5",
    "119",
    "120",
    "120.4",
    "121",
    "122",
    "201",
    "205",
    "209",
    "301.5",
    "302.6",
    "303.4",
    "305.1",
    "305.9",
    "306",
    "400.7",
    "500.1",
    "500.5",
    "502.2",
    "504.1",
    "506.4",
    "509.2",
    "509.3",
    "510.2",
    "510.4",
    "511.3",
    "513.1",
    "514.1",
    "514.2",
    "514.3",
    "602.1",
    "602.5",
    "603.1",
    "603.4",
    "603.6a",
    "603.7",
    "603.10a",
    "605.1",
    "605.3",
    "606.3",
    "606.5",
    "608.1",
    "608.3",
    "611.2c",
    "613.8",
    "614.1",
    "614.12",
    "615.1",
    "615.7",
    "616.1",
    "700.2",
    "701.2",
    "701.21",
    "702.1",
    "702.2b",
    "702.2c",
    "702.4b",
    "702.7b",
    "702.9b",
    "702.15b",
    "702.20",
    "702.89",
    "702.107",
    "702.110",
    "704.3",
    "704.6",
]


def test_key_summaries_present(index: RulesIndex) -> None:
    for number in ["704.5g", "702.19", "601.2", "117.3c", "603.3b", "103.4"]:
        summary = index.lookup(number).summary
        assert summary and len(summary.split()) >= 6, number


def test_summary_coverage(index: RulesIndex) -> None:
    summaries = index.summaries()
    assert len(summaries) >= 400
    missing = [n for n in REQUIRED_SINGLES if n not in summaries]
    for family in REQUIRED_FAMILIES:
        missing += [
            n
            for n in [family, *index.neighbours(family).children]
            if n not in summaries
        ]
    assert missing == []


def test_summaries_are_short_and_point_at_real_rules(index: RulesIndex) -> None:
    raw = tomllib.loads((DATA_DIR / "summaries.toml").read_text(encoding="utf-8"))
    for number, text in raw["summaries"].items():
        assert index.exists(number) and normalise(number) == number, number
        sentences = re.findall(r"[.!?](?:\s|$)", text.strip())
        assert 1 <= len(sentences) <= 3, number
    for alias, numbers in raw["aliases"].items():
        assert all(index.exists(n) for n in numbers), alias


def test_shipped_data_holds_no_sentences() -> None:
    for line in (DATA_DIR / "numbers.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:
            continue
        number, _, title = line.partition("\t")
        assert NUMBER_RE.match(number), line
        assert not title or is_title(title), line
    for line in (DATA_DIR / "glossary.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line:
            continue
        term, _, numbers = line.partition("\t")
        assert len(term) <= 60 and not term.endswith("."), line
        assert all(NUMBER_RE.match(n) for n in numbers.split(",")), line


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+/{}'-]+", text.lower().replace("\u2019", "'"))


@pytest.mark.skipif(
    not os.environ.get("MTG_TUI_CR_FILE")
    or not Path(os.environ["MTG_TUI_CR_FILE"]).is_file(),
    reason="set MTG_TUI_CR_FILE to an official rules text file to run this check",
)
def test_no_summary_copies_twelve_words_of_the_official_text(index: RulesIndex) -> None:
    run = 12
    official = Path(os.environ["MTG_TUI_CR_FILE"]).read_text(
        encoding="utf-8", errors="replace"
    )
    runs: set[tuple[str, ...]] = set()
    for line in official.splitlines():
        words = _words(line)
        runs.update(tuple(words[i : i + run]) for i in range(len(words) - run + 1))
    copied = []
    for number, summary in index.summaries().items():
        words = _words(summary)
        if any(tuple(words[i : i + run]) in runs for i in range(len(words) - run + 1)):
            copied.append(number)
    assert copied == []


# --- parsing and import -------------------------------------------------------


def test_parser_handles_official_layout() -> None:
    parsed = parse_text(SYNTHETIC_RULES.replace("\n", "\r\n"))
    assert parsed.rules["101"] == "Turn Order"
    assert parsed.rules["100.1a"].startswith("A pile of index cards")
    assert "Example: Bob brings" in parsed.rules["100.1a"]
    assert parsed.rules["101.1b"] == "Nobody may skip a turn on purpose."
    assert parsed.glossary["Index Card"].startswith("A small piece")
    assert "Credits" not in parsed.glossary and "Written for a test suite." not in str(
        parsed.glossary
    )


def test_parser_handles_inline_glossary() -> None:
    parsed = parse_text(INLINE_GLOSSARY_RULES)
    assert set(parsed.glossary) == {"Index Card", "Snack"}
    assert parsed.rules["100"] == "General"


def test_import_official_stores_and_shows_text(
    tmp_path: Path, isolated_data: Path
) -> None:
    stale = default_index()  # cached before the import
    assert not stale.has_official_text
    written = import_official(write_synthetic(tmp_path))
    assert written == isolated_data / "rules.json" and written.is_file()
    fresh = default_index()
    assert fresh is not stale and fresh.has_official_text
    entry = fresh.lookup("100.1")
    assert (
        entry.official_text
        == "Every player brings a stack of index cards to the table."
    )
    assert entry.summary  # our summary is still there
    assert "Example: Bob brings" in fresh.lookup("100.1a").official_text
    assert fresh.search("index card")[0] == "100.1"


def test_storage_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(storage.DATA_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.store_path() == tmp_path / "xdg" / "mtg-tui" / "rules.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert (
        storage.store_path()
        == tmp_path / "home" / ".local" / "share" / "mtg-tui" / "rules.json"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"   \r\n\r\n", "empty"),
        (
            b"Dear diary,\nToday nothing happened.\n",
            "doesn't look like the Comprehensive Rules",
        ),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary"),
    ],
)
def test_import_rejects_bad_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(RulesImportError, match=message):
        import_official(path)


def test_import_rejects_missing_and_folders(tmp_path: Path) -> None:
    with pytest.raises(RulesImportError, match="no such file"):
        import_official(tmp_path / "missing.txt")
    with pytest.raises(RulesImportError, match="folder"):
        import_official(tmp_path)


def test_build_numbers_keeps_only_numbers_and_titles(tmp_path: Path) -> None:
    parsed = parse_text(SYNTHETIC_RULES)
    numbers_path, glossary_path = build_numbers.write_data(parsed, tmp_path / "out")
    numbers_text = numbers_path.read_text(encoding="utf-8")
    assert "100.1a\n" in numbers_text and "101\tTurn Order\n" in numbers_text
    assert "index cards" not in numbers_text
    glossary_text = glossary_path.read_text(encoding="utf-8")
    assert "Index Card\t100.1\n" in glossary_text and "stiff paper" not in glossary_text
    with pytest.raises(SystemExit, match="numbered rules"):
        build_numbers.main(write_synthetic(tmp_path), tmp_path / "out")


# --- command line -------------------------------------------------------------


def test_cli_number() -> None:
    result = CliRunner().invoke(rules_group, ["704.5g"])
    assert result.exit_code == 0, result.output
    assert "704.5g" in result.output and "State-Based Actions" in result.output
    assert "704.5h" in result.output  # a neighbour


def test_cli_words() -> None:
    result = CliRunner().invoke(rules_group, ["deathtouch"])
    assert (
        result.exit_code == 0
        and "702.2" in result.output
        and "Deathtouch" in result.output
    )
    result = CliRunner().invoke(rules_group, ["legend", "rule"])
    assert result.exit_code == 0 and "704.5j" in result.output


def test_cli_unknown_exits_1() -> None:
    result = CliRunner().invoke(rules_group, ["999.9"])
    assert result.exit_code == 1 and "does not exist" in result.output
    result = CliRunner().invoke(rules_group, ["deathtuch"])
    assert result.exit_code == 1 and "No rule or glossary term" in result.output
    assert "deathtouch" in result.output  # suggestion


def test_cli_unknown_long_query_is_cut_in_the_message() -> None:
    words = ["zzqxv"] * 40
    result = CliRunner().invoke(rules_group, words)
    assert result.exit_code == 1 and "No rule or glossary term" in result.output
    # 40 words are 239 characters; the message echoes the first 60 of them.
    assert "…" in result.output and result.output.count("zzqxv") == 10


def test_cli_search_lists_matches() -> None:
    result = CliRunner().invoke(rules_group, ["search", "trample"])
    assert result.exit_code == 0 and result.output.splitlines()[0].startswith("702.19")


def test_cli_import_then_show(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(rules_group, ["import", str(write_synthetic(tmp_path))])
    assert result.exit_code == 0, result.output
    assert "Imported" in result.output
    result = runner.invoke(rules_group, ["100.2"])
    assert result.exit_code == 0 and "until someone gets bored" in result.output
    result = runner.invoke(rules_group, ["import", str(tmp_path / "nope.txt")])
    assert result.exit_code == 1 and "no such file" in result.output
