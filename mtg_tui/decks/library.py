"""The decks shipped with the game, and loading a deck by name or from a file."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from mtg_tui.decks import names
from mtg_tui.decks.decklist import Decklist, header_name, parse_decklist, read_decklist

if TYPE_CHECKING:
    from mtg_tui.cardtext.loader import CardDatabase


class UnknownDeckError(LookupError):
    """Neither a shipped deck nor a decklist file has the given name."""


def slug(name: str) -> str:
    """A deck name as a lower-case, hyphenated slug: ``Red Burn`` -> ``red-burn``."""
    return re.sub(r"[^a-z0-9]+", "-", names.name_key(name).replace("'", "")).strip("-")


def _shipped() -> list[tuple[str, str, str]]:
    """(file name, deck name, text) of every shipped decklist, without reading its cards."""
    folder = resources.files(__package__).joinpath("data")
    out = []
    for item in folder.iterdir():
        if item.name.endswith(".txt"):
            text = item.read_text(encoding="utf-8")
            out.append((item.name, header_name(text), text))
    return sorted(out, key=lambda f: f[1].casefold())


def list_decks() -> list[Decklist]:
    """Every shipped deck, sorted by name."""
    return [parse_decklist(text, source=file) for file, _, text in _shipped()]


def load_deck(name_or_path: str | Path, cards: CardDatabase | None = None) -> Decklist:
    """A shipped deck by name or slug (any case), or a decklist read from a file (its names looked up in
    ``cards``, by default the cards of this process)."""
    wanted = slug(str(name_or_path))
    shipped = _shipped()
    for file, name, text in shipped:
        if wanted and wanted in (slug(name), slug(Path(file).stem)):
            return parse_decklist(text, source=file, cards=cards)   # only the deck asked for is read
    path = Path(name_or_path)
    if path.is_file():
        return read_decklist(path, cards)
    raise UnknownDeckError(
        f"no shipped deck or decklist file named {str(name_or_path)!r}; shipped decks: "
        + ", ".join(name for _, name, _ in shipped)
    )


def deck_sets(deck: Decklist) -> str:
    """The set a deck is drawn from: the codes of the sets every card of it other than basic lands was printed
    in ("" when there is none, as for the decks of core cards)."""
    common: frozenset[str] | None = None
    for _, name in deck.main + deck.sideboard:
        if names.is_basic_land(name):
            continue
        sets = names.card_sets(name)
        common = sets if common is None else common & sets
    return " ".join(sorted(common or ()))


def deck_colors(deck: Decklist) -> str:
    """The colors of the mana costs in a deck, as letters in WUBRG order."""
    found = {color for _, name in deck.main + deck.sideboard for color in names.card_colors(name)}
    return "".join(c for c in "WUBRG" if c in found)
