"""Explore (701.40): a keyword action of a permanent, carried out by its controller."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from . import actions
from .abilities import Instruction
from .decisions import Decision, Option, YesNo
from .events import Event
from .objects import LKI, GameObject
from .refs import Ref

if TYPE_CHECKING:
    from .context import Ctx

Gen = Generator[Decision, Any, None]


@dataclass(frozen=True)
class Explore(Instruction):
    """[permanent] explores (701.40a): its controller reveals the top card of their library; a land card goes
    to their hand, anything else puts a +1/+1 counter on the permanent and may go to the graveyard.

    A permanent that has left the battlefield still explores, by its last known information (701.40c), and
    it has explored even when some of that was impossible (701.40b): the "explores" event happens anyway.
    """

    what: Ref

    def run(self, ctx: "Ctx") -> Gen:
        game = ctx.game
        for o in ctx.object_or_lki(self.what):
            live = o if isinstance(o, GameObject) and o.zone == "battlefield" else None
            controller = o.controller if isinstance(o, LKI) else game.chars(o).controller
            lki = game.lki_of(o) if isinstance(o, GameObject) else o
            p = game.players[controller]
            top = p.library[0] if p.library else None
            if top is None:
                game.log_event(f"{o.name} explores: {p.name}'s library is empty, nothing is revealed.",
                               ("701.40a", "701.40b"), (o.id,), player=p.index)
            elif "Land" in game.chars(top).types:
                game.log_event(f"{o.name} explores: {p.name} reveals {top.name}, a land, and puts it into their "
                               "hand.", ("701.40a",), (o.id, top.id), player=p.index)
                yield from actions.move_asking(game, top, "hand", log=False)
            else:
                game.log_event(f"{o.name} explores: {p.name} reveals {top.name}, not a land.", ("701.40a",),
                               (o.id, top.id), player=p.index)
                if live is not None:
                    yield from actions.put_counters_asking(game, live, "+1/+1", 1)
                ans = yield YesNo(player=p.index, prompt=f"Explore: put {top.name} into your graveyard?",
                                  options=[Option("yes", "Yes"), Option("no", "No, keep it on top")],
                                  revealed=top.id)
                if ans == "yes" and top.zone == "library":
                    yield from actions.move_asking(game, top, "graveyard", log=False)
                    game.log_event(f"{p.name} puts {top.name} into their graveyard.", ("701.40a",), (top.id,),
                                   player=p.index)
                else:
                    game.log_event(f"{p.name} leaves {top.name} on top of their library.", ("701.40a",),
                                   player=p.index)
            game.emit([Event("explores", obj=o.id, player=controller, lki=lki)])
