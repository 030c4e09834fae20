"""Conditions of rules text: intervening "if" clauses (603.4), "unless" and "as long as" tests.

A ``Condition`` is data the compiler builds; ``condition_holds`` checks it
against the game from the point of view of a resolving spell or ability
(its controller and source, given by a ``Ctx``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .matching import object_matches
from .refs import ObjectFilter

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState


@dataclass(frozen=True)
class Condition:
    """A condition of rules text.

    kind: "self_untapped", "self_tapped", "you_control" (filter, at least
    ``count``), "life_at_most" / "life_at_least" (count), "opponent_controls".
    """

    kind: str
    filter: ObjectFilter | None = None
    count: int = 1


def condition_holds(game: "GameState", cond: Condition, ctx: "Ctx") -> bool:
    if cond.kind in ("self_untapped", "self_tapped"):
        me = ctx.self_object()
        if me is None or me.zone != "battlefield":
            return False
        return (not me.tapped) if cond.kind == "self_untapped" else me.tapped
    if cond.kind in ("you_control", "opponent_controls"):
        who = ctx.controller if cond.kind == "you_control" else game.opponent(ctx.controller)
        flt = cond.filter or ObjectFilter()
        n = sum(1 for o in game.battlefield if game.chars(o).controller == who and
                object_matches(game, o, flt, ctx.source_id, ctx.controller, ctx.source_uid))
        return n >= cond.count
    if cond.kind == "you_control_at_most":
        flt = cond.filter or ObjectFilter()
        n = sum(1 for o in game.battlefield if game.chars(o).controller == ctx.controller and
                object_matches(game, o, flt, ctx.source_id, ctx.controller, ctx.source_uid))
        return n <= cond.count
    if cond.kind == "life_at_most":
        return game.players[ctx.controller].life <= cond.count
    if cond.kind == "life_at_least":
        return game.players[ctx.controller].life >= cond.count
    return True
