"""Transform (701.28): a transforming double-faced permanent turns over to its other face (711)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .abilities import Instruction
from .decisions import Decision
from .objects import GameObject, StackAbility
from .refs import Ref

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

Gen = Generator[Decision, Any, None]


def can_transform(obj: GameObject) -> bool:
    """Only a permanent represented by a transforming double-faced card transforms (701.28c, 711.5), and
    not into an instant or sorcery face (701.28d, 711.6)."""
    card = obj.card
    if card.layout != "transform" or len(card.faces) != 2 or obj.zone != "battlefield":
        return False
    other = card.faces[0 if obj.transformed else 1]
    return not ({"Instant", "Sorcery"} & set(other.types))


def transform(game: "GameState", obj: GameObject, cites: tuple[str, ...] = ("701.28a", "711.14")) -> bool:
    """Turn the permanent over. It stays the same object (711.14), with a new timestamp (613.7g)."""
    if not can_transform(obj):
        return False
    before = obj.name
    obj.transformed = not obj.transformed
    obj.timestamp = game.new_timestamp()
    obj.transformed_at = obj.timestamp
    game.touch()
    game.log_event(f"{before} transforms into {obj.name}.", cites, (obj.id,))
    return True


@dataclass(frozen=True)
class Transform(Instruction):
    """"Transform [permanent]" (701.28a). An ability of the permanent that transformed since the ability
    was put on the stack doesn't transform it again (701.28f)."""

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for o in ctx.objects(self.what):
            if not isinstance(o, GameObject):
                continue
            sa = ctx.stack_obj
            if isinstance(sa, StackAbility) and sa.source_id == o.id and o.transformed_at > sa.timestamp:
                game.log_event(f"{o.name} has transformed since the ability was put on the stack: it doesn't "
                               "transform again.", ("701.28f",), (o.id,))
                continue
            if not transform(game, o):
                game.log_event(f"{o.name} can't transform: nothing happens.", ("701.28c", "711.5"), (o.id,))
        yield from ()
