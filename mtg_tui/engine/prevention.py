"""Prevention effects (615): shields against damage, permanents' prevention, protection's (702.16e).

A shield ("prevent the next 3 damage that would be dealt to any target this
turn", "prevent all combat damage that would be dealt this turn") is a
prevention effect created by a resolving spell or ability; it lasts until
it is used up or the turn ends (615.3, 615.7). Protection prevents all
damage from sources with its quality; it is one of the effects a player
orders when several could prevent the same damage (616.1). A permanent's
static ability may prevent damage too ("prevent all combat damage that
would be dealt to ~", "if a source would deal damage to equipped creature,
prevent 2 of that damage"): that applies to each damage event (615.10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from .decisions import Decision, Option, PreventionOrder
from .keywords import damage_prevented
from .matching import object_matches
from .objects import GameObject, Player
from .refs import ObjectFilter
from .replacement import Damage, ReplacementEffect, add_effect, remove_effect

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]

PROTECTION_ID = -1   # protection's number in a choice among effects (saved games answer with it)


@dataclass(eq=False)
class PreventionShield(ReplacementEffect):
    """Prevent the next ``amount`` damage (None: all damage) to ``recipient`` (None: anyone) this turn (615.7);
    ``combat_only`` limits it to combat damage."""

    watches: ClassVar[str] = "damage"
    rules: ClassVar[tuple[str, ...]] = ("615.1",)
    recipient: int | None = None
    amount: int | None = None
    combat_only: bool = False
    from_source: int | None = None   # only damage from this object, "a source of your choice" (609.7a)

    def applies(self, game: "GameState", event: Damage) -> bool:
        return (self.recipient is None or self.recipient == event.recipient) and \
            (event.combat or not self.combat_only) and (self.amount is None or self.amount > 0) and \
            (self.from_source is None or getattr(event.source, "id", None) == self.from_source)

    def apply(self, game: "GameState", event: Damage) -> Gen:
        event.prevented_by.append(self.source_name)
        if self.amount is None:
            event.amount = 0
        else:
            k = min(self.amount, event.amount)
            self.amount -= k
            event.amount -= k
            if self.amount <= 0:
                remove_effect(game, self)
        game.touch()
        return event if event.amount > 0 else None
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        what = "all" if self.amount is None else f"the next {self.amount}"
        return f"{self.source_name}: prevent {what} damage"

    def alike_key(self) -> Any:
        return (self.amount is None, self.amount, self.source_name, self.from_source)


@dataclass(eq=False)
class StaticPrevention(ReplacementEffect):
    """A permanent's prevention effect (615.10): of the damage that would be dealt to it (``to`` None), to
    the creature it is ``attached`` to, or to the permanents that fit ``to``, prevent all (``amount`` None),
    ``amount``, or all but ``all_but``; only combat (``combat`` True) or noncombat (False) damage, if said.
    It applies to each such damage event, and is never used up."""

    watches: ClassVar[str] = "damage"
    rules: ClassVar[tuple[str, ...]] = ("615.1", "615.10")
    to: ObjectFilter | None = None
    attached: bool = False
    combat: bool | None = None
    amount: int | None = None
    all_but: int = 0

    def applies(self, game: "GameState", event: Damage) -> bool:
        if self.combat is not None and event.combat != self.combat:
            return False
        if self._prevented(event.amount) <= 0:
            return False
        rid = event.recipient
        if self.attached:
            me = game.objects.get(self.source_id) if self.source_id is not None else None
            return me is not None and me.attached_to == rid
        if self.to is None:
            return rid == self.source_id
        rec = game.get(rid)
        return isinstance(rec, GameObject) and object_matches(game, rec, self.to, self.source_id, self.controller,
                                                              self.source_uid)

    def _prevented(self, amount: int) -> int:
        if self.all_but:
            return max(0, amount - self.all_but)
        return amount if self.amount is None else min(self.amount, amount)

    def apply(self, game: "GameState", event: Damage) -> Gen:
        event.amount -= self._prevented(event.amount)
        event.prevented_by.append(self.source_name)
        event.prevention_rules.append("615.10")
        return event if event.amount > 0 else None
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        what = "all" if self.amount is None and not self.all_but else \
            f"all but {self.all_but}" if self.all_but else str(self.amount)
        return f"{self.source_name}: prevent {what} of the damage"

    def alike_key(self) -> Any:
        return ("static prevention", self.amount, self.all_but)


@dataclass(eq=False)
class Protection(ReplacementEffect):
    """Damage from a source with a quality the recipient has protection from is prevented (702.16e)."""

    watches: ClassVar[str] = "damage"
    rules: ClassVar[tuple[str, ...]] = ("702.16e", "615.1")

    def applies(self, game: "GameState", event: Damage) -> bool:
        return True

    def apply(self, game: "GameState", event: Damage) -> Gen:
        event.prevented_by.append("protection")
        event.amount = 0
        return None
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return "protection: prevent all damage"

    def alike_key(self) -> Any:
        return (True, None, "protection")


def protection_from(game: "GameState", source: Any, recipient: Any) -> tuple[ReplacementEffect, ...]:
    """Protection's prevention, if the recipient has protection from a quality of the source."""
    if not isinstance(recipient, GameObject):
        return ()
    if damage_prevented(game, recipient, source):
        return (Protection(id=PROTECTION_ID, source_name="protection", controller=game.controller_of(recipient)),)
    return ()


def add_prevention(game: "GameState", recipient: int | None, amount: int | None, combat_only: bool,
                   source_name: str, controller: int, from_source: int | None = None) -> None:
    """A shield from a resolving spell or ability, until used up or the end of the turn (615.3)."""
    # Shields are numbered among the game's objects, as they were before effects had numbers of
    # their own: saved games name them in answers, and number the objects made after them.
    add_effect(game, PreventionShield(id=game.new_id(), source_name=source_name, controller=controller,
                                      recipient=recipient, amount=amount, combat_only=combat_only,
                                      from_source=from_source))


def shield_order(game: "GameState", parts: list[tuple[Any, int, int]], combat: bool) -> Gen:
    """615.7: when a shield could prevent damage from several sources dealt at once, the affected player
    (or the controller of the affected permanent) chooses which source's damage it prevents first.
    Returns the damage parts, those the shield meets first first."""
    out = list(parts)
    recipients = list(dict.fromkeys(rid for _, rid, _ in parts))
    for rid in recipients:
        mine = [p for p in out if p[1] == rid]
        sources = list(dict.fromkeys(p[0].id for p in mine))
        if len(sources) < 2:
            continue
        if not any(isinstance(s, PreventionShield) and s.amount is not None and s.amount > 0
                   and (s.recipient is None or s.recipient == rid) and (combat or not s.combat_only)
                   for s in game.replacements):
            continue
        thing = game.get(rid)
        chooser = thing.index if isinstance(thing, Player) else game.controller_of(thing)
        ans = yield PreventionOrder(player=chooser, prompt=f"A prevention shield protects {game.describe(rid)} from "
                                    "damage dealt by several sources at once: choose whose damage it prevents first "
                                    "(615.7)", options=[Option(p[0].id, p[0].name) for p in mine], min=1, max=1)
        first = ans[0]
        ordered = [p for p in mine if p[0].id == first] + [p for p in mine if p[0].id != first]
        rest = [p for p in out if p[1] != rid]
        out = ordered + rest
    return out
