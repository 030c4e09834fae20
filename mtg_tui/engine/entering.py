"""How a permanent enters the battlefield: replacement effects on entering (614.1c-d, 614.12).

"This land enters tapped", "enters with two +1/+1 counters on it" and "As
this enters, choose a color" change the event of entering itself. They
are read from the card as it will be on the battlefield, under the player
who will control it (614.12), and a choice they need is made before it
enters (614.12a). Other permanents' effects ("each creature you control
enters with an additional +1/+1 counter on it") apply to it as well. None
of these changes what the others see, so their order is never asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from .abilities import KeywordAbility
from .actions import lose_life
from .conditions import condition_holds
from .context import Ctx
from .decisions import ChooseCards, ChooseColor, ChooseCreatureType, Decision, Option, YesNo
from .mana import COLOR_NAMES, COLORS
from .matching import object_matches
from .refs import ObjectFilter
from .replacement import ReplacementEffect, ZoneMove

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]


@dataclass(eq=False)
class _AsItEnters(ReplacementEffect):
    """Base: an effect of the entering object's own text on its entering."""

    watches: ClassVar[str] = "move"
    rules: ClassVar[tuple[str, ...]] = ("614.1c",)
    order_free: ClassVar[bool] = True
    from_entering: ClassVar[bool] = True

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        return event.enters and event.obj.id == self.source_id


@dataclass(eq=False)
class EntersTapped(_AsItEnters):
    """This permanent enters the battlefield tapped (614.1c), unless ``unless`` holds."""

    rules: ClassVar[tuple[str, ...]] = ("614.1c",)
    unless: Any = None

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        if not super().applies(game, event) or event.tapped:
            return False
        if self.unless is None:
            return True
        obj = event.obj
        ctx = Ctx(game, self.controller, obj, obj.id, obj.card_uid, obj.name)
        return not condition_holds(game, self.unless, ctx)

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        event.tapped = True
        game.log_event(f"{event.obj.name} enters tapped.", self.rules, (event.obj.id,))
        return event
        yield  # pragma: no cover


@dataclass(eq=False)
class EntersWithCounters(_AsItEnters):
    """This permanent enters the battlefield with counters on it (614.1c), perhaps also tapped.

    ``amount`` is a number or an amount worked out as it enters (X of the
    spell, "for each ..."); with a ``condition`` ("if you attacked this
    turn"), only when it holds.
    """

    kind: str = "+1/+1"
    amount: Any = 1
    tapped: bool = False
    condition: Any = None

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        if not super().applies(game, event):
            return False
        return self.condition is None or condition_holds(game, self.condition, self._ctx(game, event))

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        n = self.amount if isinstance(self.amount, int) else self.amount.value(self._ctx(game, event))
        if n > 0:
            event.counters[self.kind] = event.counters.get(self.kind, 0) + n
        if self.tapped:
            event.tapped = True
        if n > 0 or self.tapped:
            s = "s" if n != 1 else ""
            game.log_event(f"{event.obj.name} enters{' tapped' if self.tapped else ''}"
                           + (f" with {n} {self.kind} counter{s} on it." if n > 0 else "."), self.rules,
                           (event.obj.id,))
        return event
        yield  # pragma: no cover

    def _ctx(self, game: "GameState", event: ZoneMove) -> Ctx:
        obj = event.obj
        return Ctx(game, self.controller, obj, obj.id, obj.card_uid, obj.name, x=obj.x)


@dataclass(eq=False)
class EntersTappedUnlessPaid(_AsItEnters):
    """"As this enters, you may pay N life. If you don't, it enters tapped" (614.12): the player who will
    control it chooses before it enters (614.12a); one who can't pay (119.4) doesn't choose."""

    rules: ClassVar[tuple[str, ...]] = ("614.12", "614.1c")
    life: int = 2

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        obj = event.obj
        p = game.players[self.controller]
        paid = False
        if p.life >= self.life:
            ans = yield YesNo(player=self.controller, prompt=f"As {obj.name} enters, pay {self.life} life? "
                              "If you don't, it enters tapped.",
                              options=[Option("yes", f"Pay {self.life} life"), Option("no", "It enters tapped")],
                              cost=f"{self.life} life")
            paid = ans == "yes"
        if paid:
            lose_life(game, p, self.life, ("119.4", "614.12"), f"{p.name} pays {self.life} life for {obj.name}.")
        else:
            event.tapped = True
            game.log_event(f"{obj.name} enters tapped: {p.name} didn't pay {self.life} life.", self.rules,
                           (obj.id,))
        return event


@dataclass(eq=False)
class CounterOrHaste(_AsItEnters):
    """Riot (702.135a): "You may have this permanent enter with an additional +1/+1 counter on it. If you
    don't, it gains haste." The player who will control it chooses as it enters (614.12a)."""

    rules: ClassVar[tuple[str, ...]] = ("702.135a", "614.12")
    kind: str = "+1/+1"

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        obj = event.obj
        ans = yield YesNo(player=self.controller, prompt=f"Riot: have {obj.name} enter with an additional {self.kind} "
                          "counter? If you don't, it gains haste.",
                          options=[Option("yes", f"An additional {self.kind} counter"), Option("no", "Haste")],
                          haste_instead=obj.id)
        who = game.players[self.controller].name
        if ans == "yes":
            event.counters[self.kind] = event.counters.get(self.kind, 0) + 1
            game.log_event(f"{obj.name} enters with an additional {self.kind} counter ({who}'s choice).",
                           self.rules, (obj.id,))
        else:
            event.gains.append(HASTE)
            game.log_event(f"{obj.name} enters and gains haste ({who}'s choice).", self.rules, (obj.id,))
        return event


HASTE = KeywordAbility(keyword="haste", text="Haste")


@dataclass(eq=False)
class OthersEnterWithCounters(ReplacementEffect):
    """"Each creature you control enters with an additional +1/+1 counter on it" (614.1d): an effect of
    another permanent (or of a resolved ability, for the turn) on objects entering under ``whose`` control
    that fit ``filter``, as they will be on the battlefield (614.12)."""

    watches: ClassVar[str] = "move"
    rules: ClassVar[tuple[str, ...]] = ("614.1d", "614.12")
    order_free: ClassVar[bool] = True
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    whose: str = "you"          # "you" | "any"
    kind: str = "+1/+1"
    amount: int = 1

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        if not event.enters or (self.whose == "you" and event.new_controller(game) != self.controller):
            return False
        return object_matches(game, event.obj, self.filter, self.source_id, self.controller, self.source_uid)

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        event.counters[self.kind] = event.counters.get(self.kind, 0) + self.amount
        s = "s" if self.amount != 1 else ""
        game.log_event(f"{self.source_name}: {event.obj.name} enters with {self.amount} additional {self.kind} "
                       f"counter{s} on it.", self.rules, (event.obj.id,))
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: an additional {self.kind} counter"


@dataclass(eq=False)
class OthersEnterTapped(ReplacementEffect):
    """"Creatures your opponents control enter tapped" (614.1c): an effect of another permanent on objects
    entering under the control of ``whose`` ("you", "opponents" or "any") that fit ``filter``, as they will
    be on the battlefield (614.12)."""

    watches: ClassVar[str] = "move"
    rules: ClassVar[tuple[str, ...]] = ("614.1c", "614.12")
    order_free: ClassVar[bool] = True
    filter: ObjectFilter = field(default_factory=ObjectFilter)
    whose: str = "opponents"

    def applies(self, game: "GameState", event: ZoneMove) -> bool:
        if not event.enters or event.tapped:
            return False
        mine = event.new_controller(game) == self.controller
        if (self.whose == "you" and not mine) or (self.whose == "opponents" and mine):
            return False
        return object_matches(game, event.obj, self.filter, self.source_id, self.controller, self.source_uid)

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        event.tapped = True
        game.log_event(f"{self.source_name}: {event.obj.name} enters tapped.", self.rules, (event.obj.id,))
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: enters tapped"


@dataclass(eq=False)
class AsEntersChoose(_AsItEnters):
    """"As this enters, choose a color" (614.12): the choice is made before it enters (614.12a)."""

    rules: ClassVar[tuple[str, ...]] = ("614.12",)
    what: str = "color"              # or "creature_type", or "object" (a permanent that fits ``filter``)
    options: tuple[str, ...] = ()    # the creature types (205.3m), for a creature type
    filter: ObjectFilter | None = None

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        obj = event.obj
        if self.what == "object":
            return (yield from self._choose_object(game, event))
        if self.what == "creature_type":
            kind = yield ChooseCreatureType(player=self.controller,
                                            prompt=f"As {obj.name} enters, choose a creature type",
                                            options=[Option(t, t) for t in self.options])
            event.chosen["creature_type"] = kind
            game.log_event(f"{game.players[self.controller].name} chooses {kind} for {obj.name}.", self.rules,
                           player=self.controller)
            return event
        name = yield ChooseColor(player=self.controller, prompt=f"As {obj.name} enters, choose a color",
                                 options=[Option(COLOR_NAMES[c], COLOR_NAMES[c]) for c in COLORS])
        event.chosen["color"] = {v: k for k, v in COLOR_NAMES.items()}[name]
        game.log_event(f"{game.players[self.controller].name} chooses {name} for {obj.name}.", self.rules,
                       player=self.controller)
        return event

    def _choose_object(self, game: "GameState", event: ZoneMove) -> Gen:
        """"Choose another creature you control": among the permanents on the battlefield as it enters, "you"
        being the player it enters under (614.12); with none to choose, nothing is chosen."""
        obj = event.obj
        who = event.new_controller(game)
        flt = self.filter or ObjectFilter()
        pool = [o for o in game.battlefield if o.id != obj.id
                and object_matches(game, o, flt, obj.id, who, obj.card_uid)]
        name = game.players[who].name
        if not pool:
            game.log_event(f"As {obj.name} enters, {name} has nothing to choose.", self.rules, player=who)
            return event
        picked = pool[0].id
        if len(pool) > 1:
            ans = yield ChooseCards(player=who, prompt=f"As {obj.name} enters, choose {flt.describe()}",
                                    options=[Option(o.id, game.describe(o.id)) for o in pool], min=1, max=1,
                                    as_enters=True)
            picked = ans[0]
        event.chosen["object"] = picked
        game.log_event(f"{name} chooses {game.describe(picked)} for {obj.name}.", self.rules, (picked,),
                       player=who)
        return event
