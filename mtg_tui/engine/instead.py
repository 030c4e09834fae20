"""Replacement effects of card text that change an event's amount or do something else instead (614.1a).

- "If a source you control would deal damage to a permanent or player, it
  deals double that damage (that much damage plus 2) to that permanent or
  player instead" (614.2): ``DamageInstead``.
- "If you would draw a card, instead [do something else]" (614.11):
  ``DrawInstead``; the draw doesn't happen and the instructions do.
- "If one or more creature tokens would be created under your control,
  that many 4/4 Angels are created instead": ``TokensInstead``; "each token
  that would be created under an opponent's control this turn is created
  under your control instead": ``TokensUnderYourControl`` (616.1b).

Each is a template read from a permanent's static ability (it is the
effect of that permanent while the ability applies), or started by a
resolving spell or ability for the turn ("this turn").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from .abilities import Effect
from .context import Ctx, run_effect
from .decisions import Decision
from .matching import object_matches
from .objects import GameObject, Player
from .refs import ObjectFilter
from .replacement import Damage, Draw, ReplacementEffect, TokenCreation

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]

RECIPIENTS = ("any", "player", "opponent", "creature", "permanent")


@dataclass(eq=False)
class DamageInstead(ReplacementEffect):
    """Damage from ``source`` (None: this object itself; else the sources that fit) to a recipient of the
    kind ``to`` is multiplied by ``times`` and increased by ``plus`` (614.1a, 614.2). Damage of 0 isn't
    dealt, so it isn't increased (614.7a)."""

    watches: ClassVar[str] = "damage"
    rules: ClassVar[tuple[str, ...]] = ("614.1a", "614.2")
    source: ObjectFilter | None = None
    to: str = "any"
    combat_only: bool = False
    times: int = 1
    plus: int = 0

    def applies(self, game: "GameState", event: Damage) -> bool:
        if event.amount <= 0 or (self.combat_only and not event.combat):
            return False
        src = event.source
        if self.source is None:
            if getattr(src, "id", None) != self.source_id:
                return False
        elif not object_matches(game, src, self.source, self.source_id, self.controller, self.source_uid):
            return False
        return _fits(game, game.get(event.recipient), self.to, self.controller)

    def apply(self, game: "GameState", event: Damage) -> Gen:
        before = event.amount
        event.amount = before * self.times + self.plus
        game.log_event(f"{self.source_name}: {event.source.name} deals {event.amount} damage to "
                       f"{game.describe(event.recipient)} instead of {before}.", self.rules, (event.recipient,))
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        what = {2: "double", 3: "triple"}.get(self.times, f"{self.times} times") if self.times != 1 else ""
        more = f"plus {self.plus}" if self.plus else ""
        return f"{self.source_name}: {' '.join(w for w in (what, 'that damage' if what else 'that much damage', more) if w)}"

    def alike_key(self) -> Any:
        # Two doublings give the same result in either order; a doubling and an increase don't.
        return ("damage", self.times, self.plus)


def _fits(game: "GameState", recipient: Any, to: str, you: int) -> bool:
    if isinstance(recipient, Player):
        return to in ("any", "player") or to == "opponent" and recipient.index != you
    if not isinstance(recipient, GameObject):
        return False
    if to == "creature":
        return game.is_creature(recipient)
    return to in ("any", "permanent")


@dataclass(eq=False)
class TokensInstead(ReplacementEffect):
    """"If one or more creature tokens would be created under your control, that many 4/4 white Angel
    creature tokens with flying and vigilance are created instead" (614.1a, 614.16)."""

    watches: ClassVar[str] = "create_tokens"
    rules: ClassVar[tuple[str, ...]] = ("614.1a", "614.16")
    of_type: str = "Creature"
    token: Any = None

    def applies(self, game: "GameState", event: TokenCreation) -> bool:
        return event.player == self.controller and self.of_type in event.card.types and event.card is not self.token

    def apply(self, game: "GameState", event: TokenCreation) -> Gen:
        game.log_event(f"{self.source_name}: {_tokens(event.count, self.token.name)} created instead of "
                       f"{event.card.name}.", self.rules, player=event.player)
        event.card = self.token
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: {self.token.name} tokens instead"

    def alike_key(self) -> Any:
        return ("tokens instead", self.token.name, self.token.power, self.token.toughness, self.token.text)


def _tokens(n: int, name: str) -> str:
    return f"{n} {name} token is" if n == 1 else f"{n} {name} tokens are"


@dataclass(eq=False)
class TokensUnderYourControl(ReplacementEffect):
    """"Each token that would be created under an opponent's control this turn is created under your
    control instead": it changes under whose control they enter, so it comes before other effects (616.1b)."""

    watches: ClassVar[str] = "create_tokens"
    rules: ClassVar[tuple[str, ...]] = ("614.1a", "616.1b")
    changes_control: ClassVar[bool] = True

    def applies(self, game: "GameState", event: TokenCreation) -> bool:
        return event.player != self.controller

    def apply(self, game: "GameState", event: TokenCreation) -> Gen:
        game.log_event(f"{self.source_name}: {_tokens(event.count, event.card.name)} created under "
                       f"{game.players[self.controller].name}'s control instead of "
                       f"{game.players[event.player].name}'s.", self.rules, player=self.controller)
        event.player = self.controller
        return event
        yield  # pragma: no cover

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: under {game.players[self.controller].name}'s control instead"


@dataclass(eq=False)
class DrawInstead(ReplacementEffect):
    """"If you would draw a card, instead [effect]" (614.1a): the draw is replaced by the instructions,
    even when the library is empty (614.11)."""

    watches: ClassVar[str] = "draw"
    rules: ClassVar[tuple[str, ...]] = ("614.1a", "614.11")
    effect: Effect = field(default_factory=Effect)

    def applies(self, game: "GameState", event: Draw) -> bool:
        return event.player == self.controller

    def apply(self, game: "GameState", event: Draw) -> Gen:
        game.log_event(f"{self.source_name} replaces {game.players[event.player].name}'s draw.", self.rules,
                       player=event.player)
        source = game.objects.get(self.source_id) if self.source_id is not None else None
        ctx = Ctx(game, self.controller, source, self.source_id, self.source_uid, self.source_name)
        yield from run_effect(ctx, self.effect)
        return None

    def label(self, game: "GameState") -> str:
        return f"{self.source_name}: instead of drawing"
