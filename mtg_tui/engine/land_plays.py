"""How many lands a player may play in a turn (305.2), and the effects that let them play more.

A player may play one land a turn; each effect that says they "may play an
additional land" raises that by one (305.2): a permanent's static ability
("on each of your turns") or a resolved spell's effect for the rest of the
turn. Both are rules flags on the player; they add up, so the flags are
counted, not just noted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Instruction, LayerOp
from .refs import Ref
from .state import ContinuousEffect

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

ADDITIONAL_LAND = "additional_land"   # the rules flag of "you may play an additional land"


def lands_allowed(game: "GameState", player: int) -> int:
    """The number of lands the player may play this turn (305.2)."""
    return 1 + game.player_flags(player)[ADDITIONAL_LAND]


def land_play_problem(game: "GameState", player: int) -> str | None:
    """Why the player can't play another land this turn for the count (305.2b), or None."""
    allowed = lands_allowed(game, player)
    if game.players[player].lands_played >= allowed:
        if allowed == 1:
            return "you have already played a land this turn (305.2)"
        return f"you have already played the {allowed} lands you may play this turn (305.2)"
    return None


@dataclass(frozen=True)
class PlayAdditionalLand(Instruction):
    """"You may play an additional land this turn": a rules effect on players from a resolving spell or
    ability, until the turn ends (305.2, 611.2)."""

    who: Ref
    duration: str = "end_of_turn"

    def run(self, ctx: "Ctx") -> Generator[Any, Any, None]:
        game = ctx.game
        players = ctx.players(self.who)
        if players:
            op = LayerOp("rules", "flag", (ADDITIONAL_LAND, None))
            game.continuous.append(ContinuousEffect(game.new_id(), (op,), (), ctx.controller, ctx.source_uid,
                                                    ctx.source_name, game.new_timestamp(), self.duration,
                                                    players=tuple(p.index for p in players)))
            game.touch()
            names = " and ".join(p.name for p in players)
            game.log_event(f"{names} may play an additional land this turn.", ("305.2",),
                           player=players[0].index)
        yield from ()
