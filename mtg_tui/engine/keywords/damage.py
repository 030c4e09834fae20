"""Keywords that change what the damage a source deals does (120.3)."""

from __future__ import annotations

from .base import Keyword, Trait, Worth, register

register(
    Keyword("deathtouch", "702.2", "Any damage it deals to a creature is enough to destroy it.", cite="702.2b",
            traits=frozenset({Trait.DEATHTOUCH}), worth=Worth(flat=1.5)),
    Keyword("lifelink", "702.15", "Damage it deals also makes its controller gain that much life.", cite="702.15b",
            traits=frozenset({Trait.LIFELINK}), worth=Worth(per_power=0.5)),
    Keyword("infect", "702.89", "Deals damage to creatures as -1/-1 counters and to players as poison counters.",
            cite="702.89b", traits=frozenset({Trait.POISON, Trait.WITHER}), worth=Worth(per_power=0.8)),
    Keyword("wither", "702.79", "Deals damage to creatures as -1/-1 counters.", cite="702.79a",
            traits=frozenset({Trait.WITHER}), worth=Worth(per_power=0.3)),
)
