"""Keywords that define characteristics of the object they're on (604.3), wherever it is."""

from __future__ import annotations

from .base import Keyword, Trait, register

register(
    Keyword("changeling", "702.72", "Is every creature type, in every zone.", cite="702.72a",
            traits=frozenset({Trait.EVERY_CREATURE_TYPE})),
    Keyword("devoid", "702.113", "Is colorless, whatever its mana cost.", cite="702.113a",
            unsupported="the colors it defines aren't applied yet"),
)
