"""Recognising a game nobody can win any more, so computer players can agree to a draw (104.4i).

The usual ways a game ends (104.3) all need something to change: a life
total reaching 0 for a player who can lose, a draw from an empty library,
creatures or permanents leaving the battlefield. When every library is
already empty (so drawing from it has not ended the game: something stops
those players from losing) and the battlefield has stayed exactly the same
— the same objects, with the same counters — for ``STALL_TURNS`` whole
turns, the game is going nowhere. Two Platinum Angels facing each other
across indestructible blockers is the typical case. A computer player then
agrees to a draw, the way two people would.
"""

from __future__ import annotations

from ..engine.game import Game

STALL_TURNS = 10


def battlefield_signature(game: Game) -> tuple[object, ...]:
    """What would change if anything on the battlefield moved or gained or lost counters."""
    return tuple(sorted((o.id, tuple(sorted(o.counters.items()))) for o in game.battlefield))


class StallWatch:
    """Remembers the battlefield at the start of each turn this player has seen."""

    def __init__(self) -> None:
        self.turn = -1
        self.signature: tuple[object, ...] = ()
        self.unchanged_since = 0

    def see(self, game: Game) -> None:
        if game.turn == self.turn:
            return
        sig = battlefield_signature(game)
        if sig != self.signature or self.turn < 0:
            self.signature = sig
            self.unchanged_since = game.turn
        self.turn = game.turn

    def stalled(self, game: Game) -> bool:
        self.see(game)
        if any(p.library for p in game.players):
            return False
        return game.turn - self.unchanged_since >= STALL_TURNS
