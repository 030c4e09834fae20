"""How a permanent enters the battlefield: replacement effects of its own text (614.1c-d, 614.12).

"This land enters tapped", "enters with two +1/+1 counters on it" and "As
this enters, choose a color" change the event of entering itself. They
are read from the card as it will be on the battlefield, under the player
who will control it (614.12), and a choice they need is made before it
enters (614.12a). None of them changes what the others see, so their order
is never asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generator

from .conditions import condition_holds
from .context import Ctx
from .decisions import ChooseColor, Decision, Option
from .mana import COLOR_NAMES, COLORS
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
    """This permanent enters the battlefield with counters on it (614.1c), perhaps also tapped."""

    kind: str = "+1/+1"
    amount: int = 1
    tapped: bool = False

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        event.counters[self.kind] = event.counters.get(self.kind, 0) + self.amount
        if self.tapped:
            event.tapped = True
        s = "s" if self.amount != 1 else ""
        game.log_event(f"{event.obj.name} enters{' tapped' if self.tapped else ''} with {self.amount} {self.kind} "
                       f"counter{s} on it.", self.rules, (event.obj.id,))
        return event
        yield  # pragma: no cover


@dataclass(eq=False)
class AsEntersChoose(_AsItEnters):
    """"As this enters, choose a color" (614.12): the choice is made before it enters (614.12a)."""

    rules: ClassVar[tuple[str, ...]] = ("614.12",)
    what: str = "color"

    def apply(self, game: "GameState", event: ZoneMove) -> Gen:
        obj = event.obj
        name = yield ChooseColor(player=self.controller, prompt=f"As {obj.name} enters, choose a color",
                                 options=[Option(COLOR_NAMES[c], COLOR_NAMES[c]) for c in COLORS])
        event.chosen["color"] = {v: k for k, v in COLOR_NAMES.items()}[name]
        game.log_event(f"{game.players[self.controller].name} chooses {name} for {obj.name}.", self.rules,
                       player=self.controller)
        return event
