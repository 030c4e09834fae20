"""Where the package's data lives, in an installed wheel and in a source checkout."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def cards_dir() -> Path:
    """The folder of card data files.

    A wheel carries the cards inside the package (``mtg_tui/cards``); a source
    checkout or an editable install finds them at the top of the project.
    """
    inside = PACKAGE_DIR / "cards"
    if inside.is_dir():
        return inside
    return PACKAGE_DIR.parent / "cards"


def data_dir(name: str) -> Path:
    """A data folder shipped inside the package, e.g. ``data_dir("decks")``."""
    return PACKAGE_DIR / name
