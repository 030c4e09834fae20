"""The duration "for as long as you control [this]" (611.2b).

An effect with this duration lasts while the permanent that made it stays on
the battlefield under the control of the effect's controller. Once that stops
being true the effect ends for good, even if control comes back; and if it is
already false as the effect would begin, the effect does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import ContinuousEffect, GameState

WHILE_YOU_CONTROL = "while_you_control_source"


def still_controlled(game: "GameState", source_id: int | None, controller: int) -> bool:
    """Is the permanent ``source_id`` still on the battlefield under ``controller``'s control?"""
    obj = game.objects.get(source_id) if source_id is not None else None
    return obj is not None and getattr(obj, "zone", None) == "battlefield" and game.chars(obj).controller == controller


def end_lost_control(game: "GameState") -> None:
    """End the effects whose source left the battlefield or its controller's control (611.2b)."""
    if not any(e.duration == WHILE_YOU_CONTROL for e in game.continuous):
        return     # asked before every priority: most games never have one
    ended: list["ContinuousEffect"] = [e for e in game.continuous if e.duration == WHILE_YOU_CONTROL
                                      and not still_controlled(game, e.data.get("source_id"), e.controller)]
    if not ended:
        return
    game.continuous = [e for e in game.continuous if e not in ended]
    game.touch()
    for name in sorted({e.source_name for e in ended}):
        game.log_event(f"The effects that last for as long as their controller controls {name} end.", ("611.2b",))
