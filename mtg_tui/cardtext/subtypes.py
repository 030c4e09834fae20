"""The subtypes the rules list (205.3), read from data/types.toml, and the ones renamed since printing.

Kept apart from the grammar so that reading a type line doesn't load the parser.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).resolve().parent


# Creature types folded into another since cards were printed with them: the type line a card data file
# still prints is read with the type the rules list now (205.3m lists Dog, and no Hound).
RENAMED_SUBTYPES = {
    "hound": "Dog",
}


@lru_cache(maxsize=1)
def subtypes() -> dict[str, list[str]]:
    """Every subtype by kind ("creature", "land", ...), as data/types.toml lists them."""
    with open(HERE / "data" / "types.toml", "rb") as f:
        return tomllib.load(f)
