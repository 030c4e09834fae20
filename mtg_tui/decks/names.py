"""Card names known to the game, for decklists: looked up in the card pool without compiling any card.

Every function takes the card database to look in (``cards``); by default
the cards of this process (``default_db``: shipped, the user's own, and
folders given with ``--cards``).
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Any

from mtg_tui.cardtext.errors import CardError
from mtg_tui.cardtext.pool import name_key

if TYPE_CHECKING:
    from mtg_tui.cardtext.loader import CardDatabase

BASIC_LAND_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})

__all__ = ["database", "BASIC_LAND_NAMES", "name_key", "card_names", "canonical_name", "closest_name", "card_type",
           "card_cost", "card_colors", "card_sets", "is_basic_land", "whole_card", "unplayable_reason"]


def database(cards: CardDatabase | None = None) -> CardDatabase:
    """``cards``, or by default the cards of this process."""
    return _db(cards)


def _db(cards: CardDatabase | None) -> CardDatabase:
    if cards is not None:
        return cards
    from mtg_tui.cardtext.loader import default_db  # the compiler's modules load only when a name is looked up
    return default_db()


def card_names(cards: CardDatabase | None = None) -> frozenset[str]:
    """The exact names of all known cards."""
    return frozenset(_db(cards).names())


def canonical_name(name: str, cards: CardDatabase | None = None) -> str | None:
    """The exact card name matching ``name`` loosely, or None if unknown. A split card is named by both
    halves, "Assure // Assemble" (also written "Assure/Assemble"); a double-faced card by its front face."""
    db = _db(cards)
    found = db.canonical(name)
    if found is None and "/" in name and "//" not in name:
        found = db.canonical(name.replace("/", "//"))
    return found


def unplayable_reason(name: str, cards: CardDatabase | None = None) -> str | None:
    """Why a known card can't be played (its text doesn't compile, its layout isn't supported), or None."""
    try:
        _db(cards).get(name)
    except CardError as e:
        return str(e)
    except KeyError:
        return None   # unknown names are reported as such
    return None


def whole_card(name: str, cards: CardDatabase | None = None) -> str | None:
    """The card of which ``name`` is a split half or a back face (for a message naming it), or None."""
    return _db(cards).pool.card_with_face(name)


def left_out(name: str, cards: CardDatabase | None = None) -> Any:
    """A real card the shipped or imported sets left out (``LeftOut``: its sets and why), or None."""
    return _db(cards).left_out(name)


def closest_name(name: str, cards: CardDatabase | None = None) -> str | None:
    """The known card name most like ``name``, if any is reasonably close."""
    keys = {name_key(n): n for n in _db(cards).names()}
    matches = difflib.get_close_matches(name_key(name), list(keys), n=1, cutoff=0.6)
    return keys[matches[0]] if matches else None


def _field(name: str, key: str, cards: CardDatabase | None) -> str:
    db = _db(cards)
    return db.summary(name)[key] if name in db else ""


def card_type(name: str, cards: CardDatabase | None = None) -> str:
    """A card's type line (e.g. ``Creature — Goblin``), or "" if unknown."""
    return _field(name, "type", cards)


def card_cost(name: str, cards: CardDatabase | None = None) -> str:
    """A card's mana cost (e.g. ``{1}{R}``), or "" if it has none."""
    return _field(name, "cost", cards)


def card_colors(name: str, cards: CardDatabase | None = None) -> str:
    """The colors of a card's mana cost as letters in WUBRG order."""
    symbols = set(re.findall(r"[WUBRG]", card_cost(name, cards)))
    return "".join(c for c in "WUBRG" if c in symbols)


def any_number_allowed(name: str, cards: CardDatabase | None = None) -> bool:
    """True for a card whose text says a deck can have any number of cards with its name: its text takes
    precedence over the four-copy limit of rule 100.2a (101.1)."""
    from mtg_tui.engine.abilities import DeckAnyNumber
    try:
        card = _db(cards).get(name)
    except (CardError, KeyError):
        return False
    return any(isinstance(a, DeckAnyNumber) for a in card.abilities)


def card_sets(name: str, cards: CardDatabase | None = None) -> frozenset[str]:
    """The codes of the sets a card was printed in, by its card files' printings (none for a core card)."""
    db = _db(cards)
    return frozenset(p.set for p in db.printings(name)) if name in db else frozenset()


def is_basic_land(name: str, cards: CardDatabase | None = None) -> bool:
    """True for basic lands, which rule 100.2a exempts from the four-copy limit."""
    type_line = card_type(name, cards)
    if type_line:
        supertypes = type_line.split("—")[0].split()
        return "Basic" in supertypes and "Land" in supertypes
    return name in BASIC_LAND_NAMES
