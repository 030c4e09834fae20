"""Keywords about casting a card: when (flash), from where (flashback, jump-start), what an Aura targets
(enchant), optional additional costs (kicker), and who helps pay (convoke)."""

from __future__ import annotations

from .base import Keyword, Param, Trait, register

register(
    Keyword("flash", "702.8", "Can be cast any time you could cast an instant.", cite="702.8a",
            traits=frozenset({Trait.FLASH})),
    Keyword("flashback", "702.33", "Can be cast from your graveyard for {what}; then it is exiled instead of "
            "going anywhere else.", cite="702.33a", param=Param.COST, traits=frozenset({Trait.FLASHBACK})),
    Keyword("jump-start", "702.132", "Can be cast from your graveyard by discarding a card as well as paying its "
            "other costs; then it is exiled instead of going anywhere else.", cite="702.132a",
            traits=frozenset({Trait.JUMP_START})),
    Keyword("convoke", "702.50", "Each creature you tap while casting it pays for {1} or one mana of that "
            "creature's color.", cite="702.50a", traits=frozenset({Trait.CONVOKE})),
    Keyword("enchant", "702.5", "Is cast targeting {what}, and can be attached only to {what}.", cite="702.5a",
            param=Param.OBJECT, traits=frozenset({Trait.ENCHANT})),
    Keyword("kicker", "702.32", "You may pay an additional {what} as you cast it; if you do, it is kicked.",
            cite="702.32a", param=Param.COST, any_cost=True, traits=frozenset({Trait.KICKER})),
    Keyword("spectacle", "702.136", "You may cast it for {what} rather than its mana cost if an opponent lost "
            "life this turn.", cite="702.136a", param=Param.COST, traits=frozenset({Trait.SPECTACLE})),
)
