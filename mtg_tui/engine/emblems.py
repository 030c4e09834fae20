"""Emblems (114).

"[Player] gets an emblem with [ability]" puts an emblem into the command
zone, owned and controlled by that player (114.2). It has the abilities the
effect gives it and no other characteristics (114.3); it is neither a card
nor a permanent (114.5), and its abilities work from the command zone
(114.4). Nothing removes an emblem, so it stays for the rest of the game.
An emblem's triggered abilities are looked at for every event like a
permanent's (603.2); the engine's emblems carry triggered abilities.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Instruction, TriggeredAbility
from .mana import ManaCost
from .objects import CardDef, GameObject
from .refs import Ref

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

COMMAND = "command"   # the zone emblems are in (408.1)


def emblem_trigger_sources(game: "GameState") -> list[tuple[GameObject, tuple[Any, ...]]]:
    """Each emblem with triggered abilities, and those abilities (114.4)."""
    return [(e, tuple(a for a in e.card.abilities if isinstance(a, TriggeredAbility))) for e in game.emblems]


@dataclass(frozen=True)
class GetEmblem(Instruction):
    """"You get an emblem with "..."" (114.2): an emblem with those abilities in the command zone."""

    who: Ref
    abilities: tuple[Any, ...]
    text: str = ""

    def run(self, ctx: "Ctx") -> Generator[Any, Any, None]:
        game = ctx.game
        for p in ctx.players(self.who):
            card = CardDef(name=f"{ctx.source_name}'s emblem", mana_cost=ManaCost(()), supertypes=(), types=(),
                           subtypes=(), text=self.text, abilities=self.abilities)
            emblem = GameObject(game.new_id(), card, p.index, COMMAND, game.new_uid())
            game.objects[emblem.id] = emblem
            game.emblems.append(emblem)
            game.touch()
            said = self.text if self.text.endswith((".", "!", "?")) else self.text + "."
            game.log_event(f"{p.name} gets an emblem with \"{said}\"", ("114.2",), (emblem.id,),
                           player=p.index)
        yield from ()
