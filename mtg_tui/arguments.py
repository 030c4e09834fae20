"""Command-line values that several commands take, checked as they are read (docs/limits.md).

A seed names a save file and a player's name is shown everywhere on the board: both are bounded so that
neither can break a file name or the screen.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import click

MAX_SEED = 2**63 - 1
MAX_NAME = 30



class Seed(click.ParamType):
    """A game's seed: a whole number from 0 to MAX_SEED (a bad one isn't echoed back: it may be huge)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value).strip()
        if isinstance(value, int) or (text.isascii() and text.isdigit() and len(text) <= 19):
            n = int(value)
            if 0 <= n <= MAX_SEED:
                return n
        self.fail(f"a seed is a whole number from 0 to {MAX_SEED:,}", param, ctx)


class PlayerName(click.ParamType):
    """A player's name: 1 to MAX_NAME characters, not blank, no control characters."""

    name = "name"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        text = str(value).strip()
        if not text:
            self.fail("a name needs at least one letter", param, ctx)
        if len(text) > MAX_NAME:
            self.fail(f"a name has at most {MAX_NAME} characters (this one has {len(text)})", param, ctx)
        if any(unicodedata.category(c) == "Cc" for c in text):
            self.fail("a name can't hold a control character", param, ctx)
        return text


SEED = Seed()
PLAYER_NAME = PlayerName()
