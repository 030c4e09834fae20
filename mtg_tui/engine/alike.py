"""When two objects are alike: nothing the game tracks tells them apart.

Choices among alike objects are not asked (there is only one way to make
them), and scenario references may take any of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .objects import GameObject

if TYPE_CHECKING:
    from .state import GameState


def targeted_ids(game: "GameState") -> set[int]:
    out: set[int] = set()
    for s in game.stack:
        for row in getattr(s, "targets", []) or []:
            out.update(row)
    return out


def alike_key(game: "GameState", obj: Any, targeted: set[int] | None = None) -> tuple[Any, ...]:
    if not isinstance(obj, GameObject):
        return ("?", id(obj))
    if obj.zone != "battlefield":
        return (obj.name, obj.zone, obj.owner, obj.is_token, obj.revealed)
    c = game.chars(obj)
    if targeted is None:
        targeted = targeted_ids(game)
    attachments = tuple(sorted(a.name for a in game.battlefield if a.attached_to == obj.id))
    attached_to = game.describe(obj.attached_to) if obj.attached_to else None
    combat = game.combat
    in_combat = None
    if combat is not None:
        in_combat = (obj.id in combat.attackers, obj.id in combat.blockers)
    return (c.name, c.controller, obj.owner, obj.tapped, obj.sick, tuple(sorted(obj.counters.items())),
            obj.damage, attachments, attached_to, obj.id in targeted, obj.is_token, c.power, c.toughness,
            tuple(id(a) for a in c.abilities), c.types, c.colors, in_combat, obj.deathtouch_damaged)
