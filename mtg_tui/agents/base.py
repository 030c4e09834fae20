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


def all_agree_to_draw(game: Game, agents: dict[int, Agent]) -> bool:
    """True when every agent would agree to a draw (104.4i); agents without an opinion never do."""
    for a in agents.values():
        agrees = getattr(a, "agrees_to_draw", None)
        if agrees is None or not agrees(game):
            return False
    return True


def play_out(game: Game, agents: dict[int, Agent], max_decisions: int = 20000) -> int:
    """Let agents answer every decision until the game ends. Returns the number of decisions.

    At the start of each turn the agents may all agree to a draw (104.4i).
    """
    n = 0
    turn = game.turn
    while not game.over and game.pending is not None and n < max_decisions:
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
        n += 1
        if game.turn != turn and not game.over:
            turn = game.turn
            if all_agree_to_draw(game, agents):
                game.agree_draw()
    return n
