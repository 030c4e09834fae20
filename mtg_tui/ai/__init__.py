"""The scripted computer opponent: readable rules of judgement, in three difficulty levels.

``ComputerPlayer("normal")`` answers every decision the engine asks, for one
player, seeing only what that player may see. See docs/ai.md.
"""

from .agent import ComputerPlayer, safe_answer
from .levels import LEVELS, Level, level

__all__ = ["LEVELS", "ComputerPlayer", "Level", "level", "safe_answer"]
