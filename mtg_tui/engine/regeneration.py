"""Regeneration (701.15): a shield that replaces the next destruction of a permanent this turn (614.8).

"Regenerate [permanent]" from a resolving spell or ability creates the
shield. The next time that permanent would be destroyed this turn, instead
all damage is removed from it, it is tapped, and it is removed from combat
(701.15a). An effect that says it can't be regenerated leaves the shield
unused (701.15c). Indestructible is not a replacement: such a permanent
simply isn't destroyed (702.12b).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from . import actions
from .decisions import Decision
from .objects import GameObject
from .replacement import Destruction, ReplacementEffect, add_effect, remove_effect

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


@dataclass(eq=False)
class RegenerationShield(ReplacementEffect):
    """The next time the permanent ``obj_id`` would be destroyed this turn, it regenerates instead."""

    watches: ClassVar[str] = "destroy"
    rules: ClassVar[tuple[str, ...]] = ("701.15a", "614.8")
    obj_id: int = 0

    def applies(self, game: "GameState", event: Destruction) -> bool:
        return event.obj.id == self.obj_id and event.can_regenerate

    def apply(self, game: "GameState", event: Destruction) -> Gen:
        remove_effect(game, self)
        obj = event.obj
        obj.damage = 0
        obj.deathtouch_damaged = False
        actions.tap(game, obj)
        if game.combat is not None:
            game.combat.remove(obj.id)
        game.touch()
        game.log_event(f"{obj.name} regenerates: it is tapped, its damage is removed and it "
                       "leaves combat.", self.rules, (obj.id,))
        return None
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: regenerate"

    def alike_key(self) -> Any:
        return ("regenerate", self.obj_id)   # whichever shield is used, the result is the same


def add_regeneration(game: "GameState", obj: GameObject, source_name: str, controller: int) -> None:
    add_effect(game, RegenerationShield(source_name=source_name, controller=controller, obj_id=obj.id))
    game.log_event(f"{obj.name} gets a regeneration shield.", ("701.15",), (obj.id,))
