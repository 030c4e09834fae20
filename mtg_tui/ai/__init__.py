"""The scripted computer opponent: readable rules of judgement, in three difficulty levels.

``ComputerPlayer("normal")`` answers every decision the engine asks, for one
player, seeing only what that player may see. See docs/ai.md.
"""

from .agent import ComputerPlayer, safe_answer
from .levels import LEVELS, Level, level

__all__ = ["ComputerPlayer", "LEVELS", "Level", "level", "make_agent", "safe_answer", "AGENT_KINDS"]

AGENT_KINDS = ("random", "easy", "normal", "hard")


def make_agent(kind: str, seed: int, player: int, **kw):  # noqa: ANN201 - an Agent
    """An agent for ``mtg-tui simulate`` and the tests: "random", "easy", "normal" or "hard"."""
    if kind == "random":
        from ..agents.random_agent import RandomAgent
        return RandomAgent(f"{seed}/{player + 1}")
    return ComputerPlayer(kind, **kw)
