"""Keywords that change how a creature attacks and deals combat damage (508, 510)."""

from __future__ import annotations

from .base import Keyword, Trait, Worth, register

register(
    Keyword("first strike", "702.7", "Deals combat damage before creatures without first strike.", cite="702.7b",
            traits=frozenset({Trait.FIRST_STRIKE}), worth=Worth(flat=0.2, per_power=0.5)),
    Keyword("double strike", "702.4", "Deals combat damage twice: with first strikers, then with the others.",
            cite="702.4b", traits=frozenset({Trait.FIRST_STRIKE, Trait.DOUBLE_STRIKE}), worth=Worth(per_power=1.0)),
    Keyword("trample", "702.19", "When it's blocked, damage beyond what is lethal to its blockers may go to the "
            "player or planeswalker it attacks.", cite="702.19b", traits=frozenset({Trait.TRAMPLE}),
            worth=Worth(per_power=0.2)),
    Keyword("vigilance", "702.20", "Attacking doesn't tap it.", cite="702.20b", traits=frozenset({Trait.VIGILANCE}),
            worth=Worth(per_power=0.3)),
    Keyword("haste", "702.10", "Can attack, and use abilities with {T} in their cost, as soon as it comes under "
            "your control.", cite="702.10b", traits=frozenset({Trait.HASTE})),
    Keyword("defender", "702.3", "Can't attack.", cite="702.3b", traits=frozenset({Trait.CANT_ATTACK})),
)
