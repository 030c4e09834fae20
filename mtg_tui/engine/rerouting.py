"""Replacement effects that send a moving object somewhere else instead (614.1a).

"If that creature would die this turn, exile it instead" is created by a
resolving spell for one object (that object only: if it changes zones it
is a new object, 400.7); "if a creature would die this turn" for every
creature; "if ~ would die, instead exile it with three egg counters on it"
is a permanent's own static ability. Flashback's and jump-start's "exile this card instead
of putting it anywhere else any time it would leave the stack" (702.33a, 702.132a) is created
as the spell is cast from the graveyard with that keyword.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from .abilities import Instruction
from .decisions import Decision
from .keywords import entry
from .matching import object_matches
from .objects import GameObject
from .refs import ObjectFilter, Ref
from .replacement import ReplacementEffect, ZoneMove, add_effect, remove_effect

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

Gen = Generator[Decision, Any, Any]


@dataclass(eq=False)
class DiesInstead(ReplacementEffect):
    """If a permanent would die, it is exiled instead, perhaps with counters on it (614.1a).

    Which permanent: ``obj_id`` (the one a resolving spell named: "if that
    creature would die this turn"), else those that fit ``subject`` ("if a
    creature would die this turn"), else the permanent whose ability this is
    ("if ~ would die, instead exile it with three egg counters on it").
    """

    watches: ClassVar[str] = "move"
    rules: ClassVar[tuple[str, ...]] = ("614.1a",)
    obj_id: int | None = None
    subject: ObjectFilter | None = None
    counters: tuple[tuple[str, int], ...] = ()

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        if not event.dies:
            return False
        obj = event.obj
        if self.obj_id is not None:
            return obj.id == self.obj_id
        if self.subject is not None:
            return object_matches(game, obj, self.subject, self.source_id, self.controller, self.source_uid)
        return obj.id == self.source_id

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        event.to_zone = "exile"
        for kind, n in self.counters:
            event.counters[kind] = event.counters.get(kind, 0) + n
        with_counters = "".join(f" with {n} {kind} counter{'s' if n != 1 else ''} on it" for kind, n in self.counters)
        game.log_event(f"{event.obj.name} would die: it is exiled instead{with_counters}.", self.rules,
                       (event.obj.id,))
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: exile it instead" + "".join(f" with {n} {k} counters" for k, n in self.counters)

    def alike_key(self) -> Any:
        return ("exile instead of dying", self.counters)


@dataclass(eq=False)
class ExileIfLeavesStack(ReplacementEffect):
    """The spell ``obj_id``, cast with ``keyword`` (flashback 702.33a, jump-start 702.132a), is exiled
    instead of going anywhere else when it leaves the stack."""

    watches: ClassVar[str] = "move"
    rules: ClassVar[tuple[str, ...]] = ("614.1a",)
    obj_id: int = 0
    keyword: str = "flashback"

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        return event.from_zone == "stack" and event.obj.id == self.obj_id

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        remove_effect(game, self)
        if event.to_zone != "exile":
            event.to_zone = "exile"
            game.log_event(f"{event.obj.name} was cast with {self.keyword}: it is exiled instead.",
                           (entry(self.keyword).cites,) + self.rules, (event.obj.id,))
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: exile it instead"


def exile_if_dies(game: "GameState", obj: GameObject, source_name: str, controller: int) -> None:
    """"If that creature would die this turn, exile it instead": for that object only (400.7)."""
    add_effect(game, DiesInstead(source_name=source_name, controller=controller, obj_id=obj.id))


def exile_when_it_leaves_the_stack(game: "GameState", spell: GameObject, keyword: str) -> None:
    """The replacement of a spell cast from the graveyard with flashback or jump-start (702.33a, 702.132a)."""
    add_effect(game, ExileIfLeavesStack(source_name=spell.name, source_id=spell.id, source_uid=spell.card_uid,
                                        controller=spell.controller, timestamp=spell.timestamp,
                                        obj_id=spell.id, keyword=keyword), duration="until_used")


@dataclass(eq=False)
class GraveyardInstead(ReplacementEffect):
    """The card ``card_uid`` is exiled instead of being put into a graveyard from anywhere (614.1a): "if that
    card would be put into a graveyard this turn, exile it instead" follows the card itself, through the
    stack as the spell it is cast as."""

    watches: ClassVar[str] = "move"
    rules: ClassVar[tuple[str, ...]] = ("614.1a",)
    card_uid: int = 0

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        return event.to_zone == "graveyard" and event.obj.card_uid == self.card_uid

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        event.to_zone = "exile"
        game.log_event(f"{event.obj.name} would be put into a graveyard: it is exiled instead.", self.rules,
                       (event.obj.id,))
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: exile it instead"

    def alike_key(self) -> Any:
        return ("exile instead of a graveyard", self.card_uid)


@dataclass(frozen=True)
class GraveyardExileInstead(Instruction):
    """"If that card would be put into a graveyard this turn, exile it instead" (614.1a), for the rest of the
    turn."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        for o in ctx.objects(self.what):
            add_effect(ctx.game, GraveyardInstead(source_name=ctx.source_name, controller=ctx.controller,
                                                  card_uid=o.card_uid))
        yield from ()
