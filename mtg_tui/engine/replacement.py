"""Replacement and prevention effects (614-616): shields and their use.

Prevention shields ("prevent the next 3 damage", "prevent all combat
damage this turn") are consulted as damage would be dealt (615). A
regeneration shield replaces the next destruction of its permanent this
turn (701.15). Protection prevents damage from sources with its quality
(702.16e).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .decisions import ChooseReplacement, Option
from .matching import has_quality
from .objects import GameObject

if TYPE_CHECKING:
    from .state import GameState


@dataclass
class PreventionShield:
    """A prevention effect (615.1). ``amount`` None means all such damage.

    ``recipient`` is an object or player id (None: any recipient);
    ``combat_only`` limits it to combat damage.
    """

    id: int
    recipient: int | None
    amount: int | None
    combat_only: bool
    source_name: str
    controller: int
    timestamp: int
    duration: str = "end_of_turn"


@dataclass
class RegenerationShield:
    obj_id: int
    source_name: str
    timestamp: int


def add_prevention(game: "GameState", recipient: int | None, amount: int | None, combat_only: bool,
                   source_name: str, controller: int) -> None:
    game.prevention.append(PreventionShield(game.new_id(), recipient, amount, combat_only, source_name,
                                            controller, game.new_timestamp()))
    game.touch()


def add_regeneration(game: "GameState", obj: GameObject, source_name: str) -> None:
    game.regen_shields.append(RegenerationShield(obj.id, source_name, game.new_timestamp()))
    game.log_event(f"{obj.name} gets a regeneration shield.", ("701.15",), (obj.id,))
    game.touch()


def take_regeneration_shield(game: "GameState", obj: GameObject) -> bool:
    """Use up a regeneration shield on this permanent, if one is up (701.15a)."""
    for shield in game.regen_shields:
        if shield.obj_id == obj.id:
            game.regen_shields.remove(shield)
            return True
    return False


def protection_prevents(game: "GameState", source: Any, recipient: Any) -> bool:
    """Damage from a source with a quality the recipient has protection from is prevented (702.16e)."""
    if not isinstance(recipient, GameObject):
        return False
    qualities = game.keyword_params(recipient, "protection")
    if not qualities:
        return False
    return any(has_quality(game, source, q) for q in qualities)


def prevent_damage(game: "GameState", recipient_id: int, amount: int, combat: bool, protected: bool = False
                   ) -> Generator[Any, Any, tuple[int, list[str]]]:
    """Apply prevention shields to one damage amount. Returns (remaining, what prevented it).

    While two or more different shields apply, the affected player (or the
    controller of the affected permanent) chooses the one to apply next
    (616.1, 616.1e); when they are alike, there is nothing to choose.
    """
    used: list[str] = []
    while amount > 0:
        fitting = [s for s in game.prevention
                   if (s.recipient is None or s.recipient == recipient_id) and (combat or not s.combat_only)
                   and (s.amount is None or s.amount > 0)]
        if protected:
            # Protection is a prevention effect too (702.16e): one of the choices of 616.1.
            fitting.insert(0, PreventionShield(-1, recipient_id, None, False, "protection", -1, 0))
        if not fitting:
            break
        kinds = {(s.amount is None, s.amount, s.source_name) for s in fitting}
        shield = fitting[0]
        if len(kinds) > 1:
            thing = game.get(recipient_id)
            chooser = thing.index if hasattr(thing, "pool") else game.controller_of(thing)
            options = []
            seen: set[Any] = set()
            for s in fitting:
                k = (s.amount is None, s.amount, s.source_name)
                if k in seen:
                    continue
                seen.add(k)
                what = "all" if s.amount is None else f"the next {s.amount}"
                options.append(Option(s.id, f"{s.source_name}: prevent {what} damage"))
            ans = yield ChooseReplacement(player=chooser, prompt=f"Several effects would prevent damage to "
                                          f"{game.describe(recipient_id)}: choose the one that applies first (616.1)",
                                          options=options, min=1, max=1)
            shield = next(s for s in fitting if s.id == ans[0])
        if shield.amount is None:
            used.append(shield.source_name)
            amount = 0
            break
        protected = False
        k = min(shield.amount, amount)
        shield.amount -= k
        amount -= k
        used.append(shield.source_name)
        if shield.amount <= 0:
            game.prevention.remove(shield)
    if used:
        game.touch()
    return amount, used
