"""Card names known to the game, read from the card data files.

This is the only place the deck code learns about cards, so it can later be
backed by the engine's card database instead of reading the files itself.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from functools import lru_cache
from typing import Any

from mtg_tui.paths import cards_dir

BASIC_LAND_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})


def name_key(name: str) -> str:
    """A lookup key: case-folded, apostrophes made straight, spaces collapsed."""
    return " ".join(name.translate(_APOSTROPHES).split()).casefold()


@lru_cache(maxsize=1)
def _card_records() -> dict[str, dict[str, Any]]:
    """Every card's data file contents, keyed by its exact name."""
    records: dict[str, dict[str, Any]] = {}
    for path in sorted(cards_dir().glob("*.toml")):
        with path.open("rb") as handle:
            data = tomllib.load(handle)
        if isinstance(data.get("name"), str):
            records[data["name"]] = data
    return records


@lru_cache(maxsize=1)
def _names_by_key() -> dict[str, str]:
    return {name_key(name): name for name in _card_records()}


def card_names() -> frozenset[str]:
    """The exact names of all known cards."""
    return frozenset(_card_records())


def canonical_name(name: str) -> str | None:
    """The exact card name matching ``name`` loosely, or None if unknown."""
    return _names_by_key().get(name_key(name))


def closest_name(name: str) -> str | None:
    """The known card name most like ``name``, if any is reasonably close."""
    keys = _names_by_key()
    matches = difflib.get_close_matches(name_key(name), list(keys), n=1, cutoff=0.6)
    return keys[matches[0]] if matches else None


def card_type(name: str) -> str:
    """A card's type line (e.g. ``Creature — Goblin``), or "" if unknown."""
    return str(_card_records().get(name, {}).get("type", ""))


def card_cost(name: str) -> str:
    """A card's mana cost (e.g. ``{1}{R}``), or "" if it has none."""
    return str(_card_records().get(name, {}).get("cost", ""))


def card_colors(name: str) -> str:
    """The colors of a card's mana cost as letters in WUBRG order."""
    symbols = set(re.findall(r"[WUBRG]", card_cost(name)))
    return "".join(c for c in "WUBRG" if c in symbols)


def is_basic_land(name: str) -> bool:
    """True for basic lands, which rule 100.2a exempts from the four-copy limit."""
    type_line = card_type(name)
    if type_line:
        supertypes = type_line.split("—")[0].split()
        return "Basic" in supertypes and "Land" in supertypes
    return name in BASIC_LAND_NAMES
