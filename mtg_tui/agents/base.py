"""The agent interface: answer the decision the game is waiting on."""

from __future__ import annotations

from typing import Any, Protocol

from ..engine.decisions import Decision
from ..engine.game import Game


class Agent(Protocol):
    """Anything that can answer a decision for one player."""

    def decide(self, game: Game, decision: Decision) -> Any:
        """Return an answer that ``game.answer`` will accept."""
        ...


def play_out(game: Game, agents: dict[int, Agent], max_decisions: int = 20000) -> int:
    """Let agents answer every decision until the game ends. Returns the number of decisions."""
    n = 0
    while not game.over and game.pending is not None and n < max_decisions:
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
        n += 1
    return n
