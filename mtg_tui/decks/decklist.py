"""Plain-text decklists: parsing, checking against rule 100.2a, and writing.

The format is one ``N Card Name`` per line::

    # name: Red Burn
    # description: Cheap hasty creatures and a pile of burn.
    Deck
    4 Lightning Bolt
    4x Shock
    Mountain                 <- a bare name means one copy
    4 Lightning Bolt (M10) 146   <- export form; set and number ignored

    Sideboard
    2 Pyroclasm

Limits: at most 1,000 cards in a deck (main deck and sideboard), 250 copies
on one line, 300 characters on a line.

Lines starting with ``#`` or ``//`` are comments, except the header comments
``# name:`` and ``# description:``. ``Deck`` and ``Sideboard`` (any case, an
optional colon) start sections; ``SB: 2 Pyroclasm`` puts one line in the
sideboard. Blank lines are ignored everywhere: only a Sideboard header (or an
``SB:`` prefix) starts the sideboard, so a main deck may be grouped with blank
lines without losing cards to the sideboard.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from mtg_tui.decks import names
from mtg_tui.textfile import TextFileError, read_text

if TYPE_CHECKING:
    from mtg_tui.cardtext.loader import CardDatabase

Entry = tuple[int, str]

MIN_MAIN_DECK = 60
MAX_SIDEBOARD = 15
MAX_COPIES = 4
# What a decklist may hold at all (beyond these a file is refused, constructed or not).
MAX_DECK_CARDS = 1000
MAX_LINE_COPIES = 250
MAX_LINE_LENGTH = 300

_SECTION = re.compile(r"^(deck|main|main ?deck|main ?board|sideboard|side ?board)\s*:?$", re.IGNORECASE)
_HEADER = re.compile(r"^(?:#|//)\s*(name|description)\s*:\s*(.*)$", re.IGNORECASE)
_SIDEBOARD_PREFIX = re.compile(r"^sb\s*:\s*", re.IGNORECASE)
_COUNT = re.compile(r"^([0-9]+)x?$", re.IGNORECASE)
_NUMBER_LIKE = re.compile(r"^[+-]?\d[\w.,/]*$")
_EXPORT_SUFFIX = re.compile(r"(?:^|\s+)\([A-Za-z0-9]{2,6}\)(?:\s+[A-Za-z0-9★-]+)?$")


@dataclass
class Decklist:
    """A named deck: main deck and sideboard as (count, card name) in file order.

    ``source`` names where it was read from and ``lines`` maps each card name to
    the line numbers it appears on; neither takes part in equality.
    """

    name: str = ""
    description: str = ""
    main: list[Entry] = field(default_factory=list)
    sideboard: list[Entry] = field(default_factory=list)
    source: str = field(default="<decklist>", compare=False, repr=False)
    lines: dict[str, list[int]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def main_count(self) -> int:
        """Number of cards in the main deck."""
        return sum(count for count, _ in self.main)

    @property
    def sideboard_count(self) -> int:
        """Number of cards in the sideboard."""
        return sum(count for count, _ in self.sideboard)


@dataclass(frozen=True)
class DecklistProblem:
    """One problem found on one line of a decklist."""

    source: str
    line: int
    text: str
    message: str

    def __str__(self) -> str:
        if not self.line:
            return f"{self.source}: {self.message}"
        text = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return f"{self.source}:{self.line}: {self.message} (line: {text!r})"


class DecklistError(ValueError):
    """A decklist that could not be read; ``problems`` lists every bad line."""

    def __init__(self, problems: list[DecklistProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def _unknown_name_message(name: str, cards: CardDatabase | None = None) -> str:
    whole = names.whole_card(name, cards)
    if whole is not None:
        if " // " in whole:
            return f"{name!r} is half of the split card {whole!r}: a decklist names the whole card"
        return f"{name!r} is the back face of {whole!r}: a decklist names a double-faced card by its front face"
    left = names.left_out(name, cards)
    if left is not None:
        return left.message()
    message = f"unknown card name {name!r}"
    suggestion = names.closest_name(name, cards)
    return f"{message}; did you mean {suggestion!r}?" if suggestion else message


def _parse_card_line(body: str) -> tuple[int, str]:
    """Split a card line into (count, name); raise ValueError with a reason."""
    first, _, rest = body.replace("\t", " ").partition(" ")     # a space or a tab after the count
    count = 1
    counted = _COUNT.match(first)
    if counted:
        if len(counted.group(1)) > 4 or int(counted.group(1)) > MAX_LINE_COPIES:
            raise ValueError(f"{first} copies on one line; a line holds at most {MAX_LINE_COPIES}")
        count = int(counted.group(1))
        if count <= 0:
            raise ValueError(f"count {first!r} is not a positive integer")
        body = rest.strip()
    elif _NUMBER_LIKE.match(first):
        if re.match(r"^\d+x?$", first, re.IGNORECASE):
            raise ValueError(f"count {first!r} is not written with the digits 0-9")
        raise ValueError(f"count {first!r} is not a positive integer")
    name = _EXPORT_SUFFIX.sub("", body).strip()
    if not name or not re.search(r"[A-Za-z]", name) or re.search(r"[()\[\]]", name):
        raise ValueError("malformed line: expected 'N Card Name' or 'N Card Name (SET) 123'")
    return count, name


def header_name(text: str) -> str:
    """The deck's name from its ``# name:`` header line ("" if it has none), without reading the cards."""
    for raw in text.splitlines():
        header = _HEADER.match(raw.strip())
        if header and header.group(1).lower() == "name" and header.group(2).strip():
            return header.group(2).strip()
    return ""


def parse_decklist(text: str, source: str = "<decklist>", cards: CardDatabase | None = None) -> Decklist:
    """Read a decklist; raise DecklistError listing every bad line. ``cards``: where names are looked up
    (by default the cards of this process)."""
    deck = Decklist(source=source)
    cards = names.database(cards)   # looked up once, not once a line
    problems: list[DecklistProblem] = []
    in_sideboard = False
    total = 0
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE_LENGTH:
            problems.append(DecklistProblem(source, number, line, f"the line is {len(line):,} characters long; "
                                            f"a decklist line is at most {MAX_LINE_LENGTH}"))
            continue
        header = _HEADER.match(line)
        if header:
            key, value = header.group(1).lower(), header.group(2).strip()
            if not getattr(deck, key):
                setattr(deck, key, value)
            continue
        if line.startswith(("#", "//")):
            continue
        section = _SECTION.match(line)
        if section:
            in_sideboard = section.group(1).lower().startswith("side")
            continue
        to_sideboard = in_sideboard
        if _SIDEBOARD_PREFIX.match(line):
            line, to_sideboard = _SIDEBOARD_PREFIX.sub("", line), True
        try:
            count, name = _parse_card_line(line)
        except ValueError as exc:
            problems.append(DecklistProblem(source, number, raw.strip(), str(exc)))
            continue
        exact = names.canonical_name(name, cards)
        if exact is None:
            problems.append(DecklistProblem(source, number, raw.strip(), _unknown_name_message(name, cards)))
            continue
        total += count
        if total > MAX_DECK_CARDS:
            problems.append(DecklistProblem(source, number, raw.strip(), f"the deck reaches {total:,} cards here; "
                                            f"a deck holds at most {MAX_DECK_CARDS:,}"))
            break
        (deck.sideboard if to_sideboard else deck.main).append((count, exact))
        deck.lines.setdefault(exact, []).append(number)
    if problems:
        raise DecklistError(problems)
    return deck


def read_decklist(path: Path, cards: CardDatabase | None = None) -> Decklist:
    """Read a decklist file (UTF-8, a byte-order mark allowed); a file that isn't text is a DecklistError."""
    try:
        text = read_text(path)
    except TextFileError as e:
        raise DecklistError([DecklistProblem(str(path), 0, "", str(e).removeprefix(f"{path}: "))]) from None
    return parse_decklist(text, source=str(path), cards=cards)


def unplayable(deck: Decklist, cards: CardDatabase | None = None) -> list[str]:
    """The deck's known cards that can't be played, each with the reason (the card's own error)."""
    known = names.card_names(cards)
    out = []
    for name in dict.fromkeys(n for _, n in deck.main + deck.sideboard if n in known):
        reason = names.unplayable_reason(name, cards)
        if reason:
            out.append(f"{_where(deck, name)}: {name!r} can't be played: {reason}")
    return out


def _where(deck: Decklist, name: str | None = None) -> str:
    """A problem's location: the source, and the card's line numbers if known."""
    numbers = deck.lines.get(name, []) if name else []
    if not numbers:
        return deck.source
    return f"{deck.source}:{','.join(str(n) for n in numbers)}"


def check_deck(deck: Decklist, constructed: bool = True, cards: CardDatabase | None = None) -> list[str]:
    """Problems with ``deck`` under rule 100.2a (sizes and copies only if constructed)."""
    problems: list[str] = []
    cards = names.database(cards)
    known = names.card_names(cards)
    for _, name in deck.main + deck.sideboard:
        if name not in known:
            problems.append(f"{_where(deck, name)}: {_unknown_name_message(name, cards)}")
    problems.extend(unplayable(deck, cards))
    for count, name in deck.main + deck.sideboard:
        if count <= 0:
            problems.append(f"{_where(deck, name)}: count {count} of {name!r} is not a positive integer")
    if not constructed:
        return problems
    if deck.main_count < MIN_MAIN_DECK:
        problems.append(
            f"{deck.source}: main deck has {deck.main_count} cards; "
            f"rule 100.2a requires at least {MIN_MAIN_DECK}"
        )
    if deck.sideboard_count > MAX_SIDEBOARD:
        problems.append(
            f"{deck.source}: sideboard has {deck.sideboard_count} cards; "
            f"rule 100.2a allows at most {MAX_SIDEBOARD}"
        )
    copies: Counter[str] = Counter()
    for count, name in deck.main + deck.sideboard:
        copies[name] += count
    for name, total in copies.items():
        if total > MAX_COPIES and not names.is_basic_land(name, cards) and not names.any_number_allowed(name, cards):
            problems.append(
                f"{_where(deck, name)}: {total} copies of {name!r} (main deck and sideboard); "
                f"rule 100.2a allows at most {MAX_COPIES} of a card other than basic lands"
            )
    return problems


def format_decklist(deck: Decklist) -> str:
    """The deck in the plain format read by parse_decklist."""
    out: list[str] = []
    if deck.name:
        out.append(f"# name: {deck.name}")
    if deck.description:
        out.append(f"# description: {deck.description}")
    out.append("Deck")
    out.extend(f"{count} {name}" for count, name in deck.main)
    if deck.sideboard:
        out.extend(["", "Sideboard"])
        out.extend(f"{count} {name}" for count, name in deck.sideboard)
    return "\n".join(out) + "\n"


def card_list(deck: Decklist) -> list[str]:
    """The main deck as card names, one per card, in file order."""
    return [name for count, name in deck.main for _ in range(count)]
