"""Adding mana (106.3): the AddMana instruction, and the mana abilities of basic land types (305.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .abilities import ActivatedAbility, Cost, Effect, Instruction
from .decisions import ChooseColor, Decision, Option
from .mana import COLOR_NAMES, COLORS, ManaCost
from .objects import BASIC_LAND_TYPES
from .refs import AllRef

if TYPE_CHECKING:
    from .context import Ctx

ANY_COLOR = tuple(COLORS)


@dataclass(frozen=True)
class AddMana(Instruction):
    """Add mana (106.3). Each unit lists the types it may be: ("W", "B") for "{W} or {B}"."""

    units: tuple[tuple[str, ...], ...]
    one_color: bool = False      # "two mana of any one color": one choice for all of them
    per: Any = None              # "Add {G} for each Elf you control": the units repeated that many times
    times: Any = None            # "Add an amount of {G} equal to ~'s power": an Amount, worked out as it resolves

    def run(self, ctx: "Ctx") -> Generator[Decision, Any, None]:
        game = ctx.game
        p = game.players[ctx.controller]
        added = []
        picked: str | None = None
        units = self.units
        if self.per is not None:
            units = units * len(ctx.objects(AllRef(self.per)))
        if self.times is not None:
            units = units * max(0, self.times.value(ctx))
        for options in units:
            if options == ("chosen",):
                me = ctx.self_object()
                color = me.chosen.get("color") if me is not None else None
                options = (color,) if color else ANY_COLOR
            if self.one_color and picked is not None:
                t = picked
            elif len(options) == 1:
                t = options[0]
            elif ctx.chosen_color in options:
                t = ctx.chosen_color
            else:
                name = yield ChooseColor(player=p.index, prompt="Choose a color of mana to add",
                                         options=[Option(COLOR_NAMES.get(c, "colorless"),
                                                         "{%s} %s" % (c, COLOR_NAMES.get(c, ""))) for c in options])
                t = {v: k for k, v in COLOR_NAMES.items()}.get(name, "C")
            p.pool.add(t)
            added.append(t)
            picked = t
        game.touch()
        if added:
            game.log_event(f"{p.name} adds {''.join('{%s}' % t for t in added)}.", ("106.3",), player=p.index)


_INTRINSIC: dict[str, ActivatedAbility] = {}


def intrinsic_mana_ability(land_type: str) -> ActivatedAbility:
    """The "{T}: Add [mana]" ability a basic land type gives (305.6)."""
    ab = _INTRINSIC.get(land_type)
    if ab is None:
        color = BASIC_LAND_TYPES[land_type]
        ab = ActivatedAbility(cost=Cost(mana=ManaCost(()), tap=True, text="{T}"),
                              effect=Effect(instructions=(AddMana(((color,),)),)),
                              is_mana=True, text="{T}: Add {%s}." % color)
        _INTRINSIC[land_type] = ab
    return ab
