"""The computer opponent: the scripted one from ``mtg_tui.ai`` when it exists, else the random agent.

An agent is any object with ``decide(game, decision) -> answer``.
"""

from __future__ import annotations

import importlib
from typing import Any

DIFFICULTIES = ("easy", "normal", "hard")


def _has_decide(obj: Any) -> bool:
    return callable(getattr(obj, "decide", None))


def make_opponent(difficulty: str, seed: Any) -> tuple[Any, str]:
    """An agent for ``difficulty`` and a note (empty when the wished-for level is there)."""
    from ..agents import RandomAgent
    fallback = RandomAgent(seed)
    try:
        ai = importlib.import_module("mtg_tui.ai")
    except ImportError:
        return fallback, "The scripted opponent isn't available: the computer plays at random."
    except Exception as e:  # a broken module must not stop the game
        return fallback, f"The scripted opponent failed to load ({type(e).__name__}): the computer plays at random."
    levels = getattr(ai, "LEVELS", None)
    player_cls = getattr(ai, "ComputerPlayer", None)
    if isinstance(levels, dict) and isinstance(player_cls, type):
        if difficulty not in levels:
            return fallback, (f"The scripted opponent has no '{difficulty}' level "
                              f"(it has {', '.join(levels)}): the computer plays at random.")
        try:
            agent = player_cls(difficulty)
        except Exception as e:  # a broken opponent must not stop the game
            return fallback, f"The scripted opponent failed to start ({type(e).__name__}): the computer plays at random."
        if _has_decide(agent):
            return agent, ""
    attempts: list[Any] = []
    for name in ("make_agent", "agent_for", "create_agent", "get_agent", "opponent"):
        f = getattr(ai, name, None)
        if callable(f):
            attempts += [lambda f=f: f(difficulty, seed=seed), lambda f=f: f(difficulty)]
    for name in ("ScriptedAgent", "ScriptedOpponent", "Opponent", "AIAgent", "Agent"):
        cls = getattr(ai, name, None)
        if isinstance(cls, type):
            attempts += [lambda c=cls: c(difficulty=difficulty, seed=seed), lambda c=cls: c(level=difficulty, seed=seed),
                         lambda c=cls: c(difficulty=difficulty), lambda c=cls: c(level=difficulty)]
    for attempt in attempts:
        try:
            agent = attempt()
        except (TypeError, ValueError, KeyError, LookupError):
            continue
        if _has_decide(agent):
            return agent, ""
    return fallback, (f"The scripted opponent (mtg_tui.ai) offers no '{difficulty}' level yet: "
                      "the computer plays at random.")
