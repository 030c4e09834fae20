"""Copies of objects (706): tokens that are copies of permanents.

A copy takes the copiable values of the original (706.2): what is printed on it (the face that is up,
706.8), as changed by other copy effects. A token that is itself a copy already carries the values it
copied as its definition, so a copy of it copies those (706.3). An exception written into the copy effect
("except it isn't legendary") changes the values the copy gets and becomes part of them (706.9b).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generator

from . import actions
from .abilities import Instruction
from .decisions import Decision
from .objects import LKI, CardDef, GameObject
from .refs import Amount, Ref

if TYPE_CHECKING:
    from .context import Ctx

Gen = Generator[Decision, Any, None]


def copiable_values(obj: GameObject | LKI) -> CardDef | None:
    """The copiable values of a permanent, or of one as it last existed (706.2, 706.8): its definition,
    of the face that is up; the face of a double-faced card alone, which can't be turned over."""
    if isinstance(obj, GameObject):
        card = obj.face
    else:
        card = obj.card
    if card is None:
        return None
    if card.layout == "transform":
        card = replace(card, layout="normal", faces=())
    return card


def token_copy_def(card: CardDef, not_legendary: bool = False) -> CardDef:
    """The definition of a token that's a copy of ``card`` (111.1, 706.2), with the copy's exceptions
    (706.9b)."""
    supertypes = tuple(s for s in card.supertypes if not (not_legendary and s == "Legendary"))
    return replace(card, is_token=True, supertypes=supertypes)


@dataclass(frozen=True)
class CreateTokenCopy(Instruction):
    """"Create a token that's a copy of [permanent]" (111.1, 706.2). The original's copiable values are taken
    as the instruction resolves, or as it last existed if it has left the battlefield (608.2h)."""

    who: Ref
    amount: Amount
    of: Ref
    not_legendary: bool = False     # "except the token isn't legendary" (706.9b)

    def run(self, ctx: "Ctx") -> Gen:
        n = self.amount.value(ctx)
        made: list[GameObject] = []
        originals = ctx.object_or_lki(self.of)
        for original in originals[:1]:
            card = copiable_values(original)
            if card is None:
                continue
            token = token_copy_def(card, self.not_legendary)
            for p in ctx.players(self.who):
                made += yield from actions.create_tokens_asking(ctx.game, p.index, token, n, original.name)
        ctx.remember("created", made)
