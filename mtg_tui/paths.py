"""Where the package's data lives, in an installed wheel and in a source checkout."""

from __future__ import annotations

import os
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


DATA_ENV = "MTG_TUI_DATA"
CACHE_ENV = "MTG_TUI_CACHE"


def user_data_dir() -> Path:
    """``$MTG_TUI_DATA``, else ``$XDG_DATA_HOME/mtg-tui``, else ``~/.local/share/mtg-tui``."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "mtg-tui"


def user_cache_dir() -> Path:
    """``$MTG_TUI_CACHE``, else ``$XDG_CACHE_HOME/mtg-tui``, else ``~/.cache/mtg-tui``."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "mtg-tui"


def user_cards_dir() -> Path:
    """The user's own card files (``cards import`` writes there), loaded beside the shipped cards."""
    return user_data_dir() / "cards"
