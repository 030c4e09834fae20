"""Spells a player can't cast (101.2, 601.3): "you can't cast noncreature spells", "your opponents can't cast
spells with the same name as the exiled card", "each opponent can't cast instant or sorcery spells during that
player's next turn".

Each prohibition is the rules flag ``cant_cast`` on a player, its parameter the kind of spell it forbids: from
a permanent's static ability while the permanent is on the battlefield (604.1), or from a resolved spell or
ability for its duration (611.2). A player can't begin to cast a spell that one of them forbids (601.3); a
"can't" beats any permission (101.2). "During that player's next turn" (``THEIR_NEXT_TURN``) applies only
during the affected player's next turn, and ends with it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generator, Iterator

from .abilities import Instruction, LayerOp
from .layers import THEIR_NEXT_TURN, player_rule_ops, waiting_for_next_turn
from .matching import object_matches
from .refs import ObjectFilter, Ref
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .context import Ctx
    from .objects import GameObject
    from .state import GameState

CANT_CAST = "cant_cast"               # the rules flag on a player; its parameter: an ObjectFilter of spells


def _prohibitions(game: "GameState", player: int) -> Iterator[tuple[ObjectFilter, int | None, str]]:
    """(kind of spell, the permanent whose static ability forbids it or None, the source's name)."""
    for who, op, source_id, name, eff in player_rule_ops(game, game.battlefield_chars()):
        if who == player and op.args[0] == CANT_CAST and not (eff is not None and waiting_for_next_turn(game, eff)):
            yield op.args[1], source_id, name


def cast_prohibited(game: "GameState", card: "GameObject", player: int) -> str | None:
    """Why an effect forbids the player to cast this card (601.3, 101.2), or None."""
    if not game.player_flags(player)[CANT_CAST]:
        return None
    for spells, source_id, name in _prohibitions(game, player):
        if object_matches(game, card, spells, source_id, player):
            return f"{name} says you can't cast {spells_words(spells)} (101.2, 601.3)"
    return None


def spells_words(spells: ObjectFilter) -> str:
    """"noncreature spells", "instant or sorcery spells", "spells with the same name as the exiled card"."""
    words = spells.describe()
    if not (spells.types or spells.subtypes or spells.any_of):
        words = words.removesuffix("permanent").strip()
    words = f"{words} spells".strip()
    return words + " with the same name as the exiled card" if spells.exiled_name else words


def as_cast_filter(spells: ObjectFilter) -> ObjectFilter:
    """The kind of spell a prohibition names, matched against the card about to be cast, wherever it is."""
    return replace(spells, zone="any")


@dataclass(frozen=True)
class CantCast(Instruction):
    """"[Players] can't cast [kind of] spells [this turn / during that player's next turn]": a rules effect on
    each of those players from a resolving spell or ability (101.2, 601.3, 611.2)."""

    who: Ref
    spells: ObjectFilter
    duration: str = "end_of_turn"

    def run(self, ctx: "Ctx") -> Generator[Any, Any, None]:
        game = ctx.game
        op = LayerOp("rules", "flag", (CANT_CAST, self.spells))
        for p in ctx.players(self.who):
            eff = ContinuousEffect(game.new_id(), (op,), (), ctx.controller, ctx.source_uid, ctx.source_name,
                                   game.new_timestamp(), self.duration, players=(p.index,))
            eff.data["from_turn"] = game.turn
            game.continuous.append(eff)
            when = "during their next turn" if self.duration == THEIR_NEXT_TURN else "this turn"
            game.log_event(f"{p.name} can't cast {spells_words(self.spells)} {when}.", ("101.2", "611.2"),
                           player=p.index)
        game.touch()
        yield from ()
