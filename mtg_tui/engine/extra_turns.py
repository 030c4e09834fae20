"""Extra turns (500.7).

An effect that gives a player an extra turn adds it directly after the
current turn; of several waiting, the one created last is taken first. Once
the extra turns are taken, turns go on in the usual order from the last turn
that wasn't extra. Each extra turn has a key, so that what an effect set up
for "that turn" (Chance for Glory's end step) finds it and no other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Instruction
from .refs import Ref

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

THAT_TURN = "extra turn"   # what an effect remembers of the extra turn it gave, for "that turn's ..."


def add_extra_turn(game: "GameState", player: int) -> int:
    """Give ``player`` an extra turn after this one (500.7); its key."""
    game.extra_turn_count += 1
    key = game.extra_turn_count
    game.extra_turns.append((player, key))
    return key


def next_turn(game: "GameState") -> None:
    """Make the next turn's player active: the extra turn created last, if any is waiting, else the player
    after the last player who took a turn that wasn't extra (500.7)."""
    if game.extra_turns:
        player, key = game.extra_turns.pop()
        if game.extra_turn_key is None:
            game.usual_active = game.active   # the usual order goes on from here afterwards
        game.active = player
        game.extra_turn_key = key
        return
    base = game.usual_active if game.extra_turn_key is not None else game.active
    game.active = game.opponent(base)
    game.extra_turn_key = None


@dataclass(frozen=True)
class ExtraTurn(Instruction):
    """"[Player] takes an extra turn after this one" (500.7). Several players get theirs one at a time in
    APNAP order, so the last in that order is taken first."""

    who: Ref

    def run(self, ctx: "Ctx") -> Generator[Any, Any, None]:
        game = ctx.game
        order = {p: i for i, p in enumerate(game.apnap())}
        for p in sorted(ctx.players(self.who), key=lambda q: order.get(q.index, 0)):
            if p.lost:
                continue
            key = add_extra_turn(game, p.index)
            ctx.remembered[THAT_TURN] = [key]
            game.log_event(f"{ctx.source_name}: {p.name} will take an extra turn after this one.", ("500.7",),
                           player=p.index)
        yield from ()
