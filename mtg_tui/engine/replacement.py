"""Replacement and prevention effects (614-616): the one place events meet them.

An event that such effects can change is first proposed as a small record
(``Damage``, ``Destruction``, ``ZoneMove``, ``Draw``, ``LifeGain``,
``Counters``) and handed to ``replace``, which offers it to every effect
that watches that kind of event, in the order of 616.1:

- the affected player, or the controller of the affected object (its owner
  when nobody controls it), chooses the effect that applies next;
- self-replacement effects come first (614.15, 616.1a), then effects that
  change who controls an entering object (616.1b), then copy effects
  (616.1c), then the rest (616.1d);
- each effect gets one chance at an event (614.5), and after one applies
  the event is looked at again: others may stop or start applying (616.1e,
  616.2). An effect may replace the event with nothing (``apply`` returns
  None), which ends it.

Nothing is asked where every order gives the same result: when the effects
are alike, or when an effect only adds to the event in a way no order can
change ("enters tapped", "enters with a counter", a choice made as it
enters), it simply applies.

Effects come from three places: those created by resolving spells and
abilities (shields, "if it would die this turn ..."), kept with their
duration in ``GameState.replacements``; static abilities of permanents on
the battlefield; and, for an object about to enter the battlefield, its
own "enters tapped / with counters / as it enters" abilities (614.12).
Rules that work as prevention or replacement (protection, flashback) are
effects of the same kind, supplied where they arise.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generator, Iterator, ParamSpec, TypeVar

from .abilities import StaticAbility
from .decisions import ChooseReplacement, Decision, Option
from .matching import object_matches
from .objects import GameObject, Player

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]
P = ParamSpec("P")
R = TypeVar("R")


# ---------------------------------------------------------------------------
# Events about to happen


@dataclass(eq=False)
class Proposed:
    """An event that is about to happen, as replacement effects see it (614.1)."""

    kind: ClassVar[str] = ""

    def affected(self, game: "GameState") -> int:
        """The player who orders the effects (616.1)."""
        raise NotImplementedError

    def describe(self, game: "GameState") -> str:
        raise NotImplementedError


def _controller_or_owner(game: "GameState", obj: Any) -> int:
    if isinstance(obj, Player):
        return obj.index
    return game.controller_of(obj)


@dataclass(eq=False)
class Damage(Proposed):
    """``amount`` damage from ``source`` to the object or player ``recipient`` (120, 615)."""

    kind: ClassVar[str] = "damage"
    source: Any
    recipient: int
    amount: int
    combat: bool = False
    prevented_by: list[str] = field(default_factory=list)   # what prevented some of it, for the log
    prevention_rules: list[str] = field(default_factory=list)   # and the rules it did so by

    def affected(self, game: "GameState") -> int:
        return _controller_or_owner(game, game.get(self.recipient))

    def describe(self, game: "GameState") -> str:
        return f"damage to {game.describe(self.recipient)}"


@dataclass(eq=False)
class Destruction(Proposed):
    """A permanent would be destroyed (701.7); regeneration replaces it (614.8)."""

    kind: ClassVar[str] = "destroy"
    obj: GameObject
    can_regenerate: bool = True   # "can't be regenerated" leaves regeneration shields unused (701.15c)

    def affected(self, game: "GameState") -> int:
        return game.controller_of(self.obj)

    def describe(self, game: "GameState") -> str:
        return f"the destruction of {self.obj.name}"


@dataclass(eq=False)
class ZoneMove(Proposed):
    """An object would move from one zone to another (400.7); entering the battlefield with
    the way it enters: tapped, with counters, with choices made (614.1c-d, 614.12)."""

    kind: ClassVar[str] = "move"
    obj: GameObject
    from_zone: str
    to_zone: str
    controller: int | None = None     # who will control it on the battlefield or the stack
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    chosen: dict[str, Any] = field(default_factory=dict)
    gains: list[Any] = field(default_factory=list)    # abilities it has from then on (riot's haste, 702.135a)

    @property
    def dies(self) -> bool:
        """Put into a graveyard from the battlefield (700.4)."""
        return self.from_zone == "battlefield" and self.to_zone == "graveyard"

    @property
    def enters(self) -> bool:
        return self.to_zone == "battlefield" and self.from_zone != "battlefield"

    def new_controller(self, game: "GameState") -> int:
        """Who controls the object once it has moved (for an entering permanent, 110.2)."""
        if self.controller is not None:
            return self.controller
        if self.from_zone == "stack":
            return self.obj.controller
        return self.obj.owner

    def affected(self, game: "GameState") -> int:
        if self.enters:
            return self.new_controller(game)
        if self.from_zone in ("battlefield", "stack"):
            return game.controller_of(self.obj)
        return self.obj.owner

    def describe(self, game: "GameState") -> str:
        if self.enters:
            return f"{self.obj.name} entering the battlefield"
        if self.dies:
            return f"{self.obj.name} dying"
        return f"{self.obj.name} moving to {'the ' if self.to_zone in ('battlefield', 'stack') else ''}{self.to_zone}"


@dataclass(eq=False)
class _PlayerEvent(Proposed):
    """An event that happens to one player, who orders the effects on it."""

    player: int
    noun: ClassVar[str] = ""

    def affected(self, game: "GameState") -> int:
        return self.player

    def describe(self, game: "GameState") -> str:
        return f"{game.players[self.player].name}'s {self.noun}"


@dataclass(eq=False)
class Draw(_PlayerEvent):
    """A player would draw one card (121.2: each draw is its own event; 614.11)."""

    kind: ClassVar[str] = "draw"
    noun: ClassVar[str] = "draw"


@dataclass(eq=False)
class LifeGain(_PlayerEvent):
    """A player would gain ``amount`` life (119.3)."""

    kind: ClassVar[str] = "life_gain"
    noun: ClassVar[str] = "life gain"
    amount: int


@dataclass(eq=False)
class TokenCreation(Proposed):
    """``count`` tokens of ``card`` would be created under ``player``'s control (111.1, 614.16). Each
    token's entering the battlefield is an event within this one, offered to effects after it (616.1f)."""

    kind: ClassVar[str] = "create_tokens"
    player: int
    card: Any
    count: int

    def affected(self, game: "GameState") -> int:
        return self.player

    def describe(self, game: "GameState") -> str:
        return f"the {self.card.name} tokens {game.players[self.player].name} would create"


@dataclass(eq=False)
class Counters(Proposed):
    """``amount`` counters of a kind would be put on a permanent (122.1, 614.16)."""

    kind: ClassVar[str] = "counters"
    obj: GameObject
    counter: str
    amount: int

    def affected(self, game: "GameState") -> int:
        return game.controller_of(self.obj)

    def describe(self, game: "GameState") -> str:
        return f"{self.counter} counters put on {self.obj.name}"


# ---------------------------------------------------------------------------
# Effects


@dataclass(eq=False, kw_only=True)
class ReplacementEffect:
    """One replacement or prevention effect (614, 615).

    A subclass is a template of card text or of a rule: the kind of event it
    watches (``watches``, a ``Proposed.kind``), whether it applies to an
    event (``applies``), and what happens instead (``apply``, a generator
    that may ask a player and returns the changed event, or None when
    nothing happens instead). Its own fields hold what it needs (a shield's
    remaining amount, the object it protects).

    The fields here say where it comes from: created by a resolving spell or
    ability, it carries its id, source, controller, timestamp and duration
    from then on; as a static ability's template in a compiled card it has
    none of them, and is given them each time it is read from its permanent.
    """

    watches: ClassVar[str] = ""
    rules: ClassVar[tuple[str, ...]] = ("614.1a",)
    self_replacement: ClassVar[bool] = False   # 614.15, ordered first by 616.1a
    changes_control: ClassVar[bool] = False    # 616.1b
    copies: ClassVar[bool] = False             # 616.1c
    order_free: ClassVar[bool] = False         # only adds to the event: no order can change the result
    from_entering: ClassVar[bool] = False      # read from the object entering the battlefield (614.12)

    id: int = 0
    source_name: str = ""
    source_id: int | None = None
    source_uid: int = 0
    controller: int = -1
    timestamp: int = 0
    duration: str = "static"    # "static" (while its source has the ability), "end_of_turn", "until_used"

    def applies(self, game: "GameState", event: Any) -> bool:
        raise NotImplementedError

    def apply(self, game: "GameState", event: Any) -> Gen:
        raise NotImplementedError
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        """How a choice among effects names it: its source first."""
        return self.source_name

    def alike_key(self) -> Any:
        """Effects with equal keys give the same result: choosing among them isn't asked."""
        return (type(self), self.source_name, id(self))

    @property
    def tier(self) -> int:
        """Its place in 616.1: a (self-replacement), b (control), c (copy), d (the rest)."""
        if self.self_replacement:
            return 0
        if self.changes_control:
            return 1
        if self.copies:
            return 2
        return 3

    def bound_to(self, game: "GameState", source: Any) -> "ReplacementEffect":
        """This template as the effect of ``source``'s static ability, controlled by its controller."""
        return dataclasses.replace(self, source_name=source.name, source_id=source.id, source_uid=source.card_uid,
                                   controller=game.controller_of(source), timestamp=source.timestamp,
                                   duration="static")


def add_effect(game: "GameState", effect: ReplacementEffect, duration: str = "end_of_turn") -> ReplacementEffect:
    """Start a replacement or prevention effect created by a resolving spell or ability (614.3, 615.3)."""
    if effect.id == 0:
        effect.id = game.new_effect_id()
    if effect.timestamp == 0:
        effect.timestamp = game.new_timestamp()
    effect.duration = duration
    game.replacements.append(effect)
    game.touch()
    return effect


def remove_effect(game: "GameState", effect: ReplacementEffect) -> None:
    """An effect used up (a shield with nothing left, "the next time")."""
    if effect in game.replacements:
        game.replacements.remove(effect)
        game.touch()


def end_of_turn(game: "GameState") -> None:
    """Effects that last "this turn" end in the cleanup step (514.2)."""
    if game.replacements:
        game.replacements = [e for e in game.replacements if e.duration != "end_of_turn"]


# ---------------------------------------------------------------------------
# The pipeline


def _statics(game: "GameState", kind: str, cache: dict[tuple[int, ...], ReplacementEffect]
             ) -> Iterator[ReplacementEffect]:
    """Replacement effects of the static abilities of permanents on the battlefield."""
    for obj, templates in game.replacement_sources():
        for k, t in enumerate(templates):
            if t.watches != kind:
                continue
            key = (obj.id, k)
            bound = cache.get(key)
            if bound is None:
                bound = cache[key] = t.bound_to(game, obj)
            yield bound


def _entering(game: "GameState", event: ZoneMove, cache: dict[tuple[int, ...], ReplacementEffect]
              ) -> Iterator[ReplacementEffect]:
    """The entering object's own "enters tapped / with counters / as it enters" effects (614.1c, 614.12),
    read from the card as it will be on the battlefield, under the player who will control it: its printed
    abilities, or once it is entering as a copy the copied ones (706.5), and those that permanents already
    there will give it ("creatures you control have riot")."""
    obj = event.obj
    card = event.chosen.get("copy_of") or obj.card
    templates = [ab.replacement for ab in card.abilities if isinstance(ab, StaticAbility)
                 and isinstance(ab.replacement, ReplacementEffect) and ab.replacement.from_entering]
    for rider in obj.chosen.get("mana_riders", ()):   # mana spent on it said so (106.6)
        templates.extend(rider.enters)
    for source, flt, granted in game.entering_grants():
        if object_matches(game, obj, dataclasses.replace(flt, zone="any"), source.id,
                          game.controller_of(source), source.card_uid):
            templates.extend(granted)
    for k, template in enumerate(templates):
        key = (-obj.id, k, id(card))   # a copy's templates are others than the printed ones at the same place
        bound = cache.get(key)
        if bound is None:
            bound = cache[key] = dataclasses.replace(
                template, source_name=obj.name, source_id=obj.id, source_uid=obj.card_uid,
                controller=event.new_controller(game), timestamp=obj.timestamp, duration="static")
        yield bound


def candidates(game: "GameState", event: Proposed, extra: tuple[ReplacementEffect, ...],
               cache: dict[tuple[int, ...], ReplacementEffect]) -> list[ReplacementEffect]:
    kind = event.kind
    out = [e for e in extra if e.watches == kind]
    out.extend(e for e in game.replacements if e.watches == kind)
    out.extend(_statics(game, kind, cache))
    if isinstance(event, ZoneMove) and event.enters:
        out.extend(_entering(game, event, cache))
    return out


def could_apply(game: "GameState", kind: str) -> bool:
    """Whether any created or battlefield effect watches this kind of event (a quick test before a move)."""
    return any(e.watches == kind for e in game.replacements) or any(
        t.watches == kind for _, ts in game.replacement_sources() for t in ts)


def replace(game: "GameState", event: Proposed, extra: tuple[ReplacementEffect, ...] = ()) -> Gen:
    """Offer an event to the effects that apply to it, in the order of 616.1. Returns the event
    as it will happen, or None if it has been replaced by nothing.

    ``extra`` are effects of rules that arise with this event (protection for damage).
    """
    used: set[int] = set()      # 614.5: each effect once (by identity: a static's effect is made per event)
    cache: dict[tuple[int, ...], ReplacementEffect] = {}
    current: Any = event
    while current is not None:
        fitting = [e for e in candidates(game, current, extra, cache)
                   if id(e) not in used and e.applies(game, current)]
        if not fitting:
            break
        effect, chosen = yield from _next_effect(game, current, fitting)
        used.add(id(effect))
        if chosen:
            game.log_event(f"{game.players[current.affected(game)].name} applies {effect.label(game)} first.",
                           ("616.1",), player=current.affected(game))
        current = yield from effect.apply(game, current)
    return current


def _next_effect(game: "GameState", event: Proposed, fitting: list[ReplacementEffect]) -> Gen:
    """The effect that applies next (616.1a-d), and whether a player chose it among others."""
    tier = min(e.tier for e in fitting)
    group = sorted((e for e in fitting if e.tier == tier), key=lambda e: e.timestamp)
    free = [e for e in group if e.order_free]
    if free:
        return free[0], False
    kinds = {e.alike_key() for e in group}
    if len(kinds) == 1:
        return group[0], False
    chooser = event.affected(game)
    options: list[Option] = []
    seen: set[Any] = set()
    for e in group:
        k = e.alike_key()
        if k in seen:
            continue
        seen.add(k)
        if e.id == 0:
            e.id = game.new_effect_id()
        options.append(Option(e.id, e.label(game)))
    rule = {0: "616.1a", 1: "616.1b", 2: "616.1c"}.get(tier, "616.1")
    ans = yield ChooseReplacement(player=chooser, prompt=f"Several effects apply to {event.describe(game)}: "
                                  f"choose the one that applies first ({rule})", options=options, min=1, max=1)
    return next(e for e in group if e.id == ans[0]), True


def at_once(gen: Gen) -> Any:
    """Run an event's replacement step where the game can't stop to ask a player.

    Used by the plain forms of the actions (actions.move_many, draw...).
    Where effects need a choice there, the caller has to use the asking
    form instead; meeting one here is a fault in the engine, said loudly.
    """
    try:
        d = next(gen)
    except StopIteration as done:
        return done.value
    gen.close()
    raise RuntimeError(f"a replacement effect needs a decision where the game can't ask ({d.prompt}); "
                       "use the asking form of this action")


def plain_form(asking: Callable[P, Generator[Decision, Any, R]]) -> Callable[P, R]:
    """The form of an action that doesn't ask: ``asking`` run through ``at_once``."""
    @functools.wraps(asking)
    def plain(*args: P.args, **kwargs: P.kwargs) -> R:
        return at_once(asking(*args, **kwargs))
    plain.__doc__ = f"{asking.__doc__ or ''}\n\n    (The form that can't stop to ask: see replacement.at_once.)"
    return plain


def has_entering_effects(card: Any) -> bool:
    """Whether a card has "enters tapped / with counters / as it enters" abilities of its own (614.1c)."""
    return any(isinstance(ab, StaticAbility) and isinstance(ab.replacement, ReplacementEffect)
               and ab.replacement.from_entering for ab in card.abilities)
