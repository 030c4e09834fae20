"""Casting a spell while another spell or ability resolves (608.2g, 601.2).

"You may cast an instant or sorcery card from your hand without paying its
mana cost", "you may cast any number of nonland cards exiled this way
without paying their mana costs": the player casts them as the effect
resolves, one at a time in the order they choose, each put on the stack
and its costs paid as usual (601.2a-i). The usual timing doesn't apply
(the effect says when), and neither does the zone the card is cast from:
the effect names the cards. Not paying the mana cost is an alternative
cost of nothing (118.9; X is 0, 107.3c).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Instruction
from .casting import cast_half, cast_spell, complete_action, _has_targets_for
from .decisions import ChooseCards, Option
from .matching import object_matches
from .refs import ObjectFilter, Ref

if TYPE_CHECKING:
    from .context import Ctx
    from .objects import GameObject


@dataclass(frozen=True)
class CastNow(Instruction):
    """Cast cards as the effect resolves: those of ``cards`` in the player's hand, or among ``among`` (the
    cards an earlier instruction exiled), one (``many`` False) or any number of them."""

    who: Ref
    cards: ObjectFilter
    among: Ref | None = None
    many: bool = False
    free: bool = True

    def run(self, ctx: "Ctx") -> Generator[Any, Any, None]:
        game = ctx.game
        for p in ctx.players(self.who)[:1]:
            done: set[int] = set()
            while True:
                pool = [c for c in self._pool(ctx, p.index) if c.id not in done]
                pool = [c for c in pool if _castable(ctx, c, p.index)]
                if not pool:
                    break
                ans = yield ChooseCards(player=p.index, prompt="Choose a card to cast now, or none",
                                        options=[Option(c.id, c.name) for c in pool], min=0, max=1)
                if not ans:
                    break
                card = game.objects[ans[0]]
                done.add(card.id)
                game.cast_now = {card.id: self.free}   # casting reads it: the effect allows this card now
                try:
                    full = yield from complete_action(game, p.index, {"action": "cast", "card": card.id,
                                                                      "pay": "auto"})
                    if full is not None:
                        yield from cast_spell(game, p.index, full)
                finally:
                    game.cast_now = {}
                if not self.many:
                    break

    def _pool(self, ctx: "Ctx", player: int) -> list["GameObject"]:
        if self.among is not None:
            cards = [o for o in ctx.objects(self.among) if o.zone == "exile"]
        else:
            cards = list(ctx.game.players[player].hand)
        return [c for c in cards if object_matches(ctx.game, c, self.cards, ctx.source_id, player)]


def _castable(ctx: "Ctx", card: "GameObject", player: int) -> bool:
    """A card that can be cast now: not a land (305.9), not a split card (whose half would need choosing, not
    offered here), with legal targets for what it needs."""
    game = ctx.game
    c = game.chars(card)
    if "Land" in c.types or card.card.layout == "split":
        return False
    return _has_targets_for(game, cast_half(game, card, None), c, player)
