"""Adding mana (106.3): the AddMana instruction, mana that may be spent only on some things (106.6), and the
mana abilities of basic land types (305.6)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generator

from .abilities import ActivatedAbility, Cost, Effect, Instruction
from .decisions import ChooseColor, Decision, Option
from .immutable import Immutable
from .mana import COLOR_NAMES, COLORS, ManaCost
from .matching import object_matches
from .objects import BASIC_LAND_TYPES, GameObject
from .refs import AllRef, ObjectFilter
from .triggers import add_mana_spent_trigger

if TYPE_CHECKING:
    from .context import Ctx
    from .state import GameState

KICKED = ("kicker", "multikicker")   # the optional costs that make a spell kicked (702.32b, 702.33b)


@dataclass(frozen=True)
class SpendOnly(Immutable):
    """What mana may be spent on (106.6): only to cast spells that fit ``spells``, only kicked spells
    (``kicked``), only creature spells of the creature type chosen for the mana's source (``chosen_type``,
    fixed as ``creature_type`` when the mana is made). ``text`` is the card's wording, for the log."""

    spells: ObjectFilter | None = None
    kicked: bool = False
    chosen_type: bool = False
    creature_type: str | None = None
    text: str = ""

    def made_by(self, source: Any) -> "SpendOnly":
        """The restriction of mana this source makes now: "the chosen type" becomes the type its source has
        chosen (none: the mana can't be spent on a creature spell of a type)."""
        if not self.chosen_type:
            return self
        chosen = source.chosen.get("creature_type") if isinstance(source, GameObject) else None
        return replace(self, chosen_type=False, creature_type=chosen or "")

    def allows(self, game: "GameState") -> bool:
        """May this mana be spent on what is being paid for now (``spending_on``)?"""
        spending = game.spending_on
        if spending is None or self.chosen_type:
            return False
        card, chars, costs = spending
        if self.kicked and not any(c in KICKED for c in costs):
            return False
        if self.spells is not None and not object_matches(game, card, self.spells, None, chars.controller,
                                                          chars=chars):
            return False
        return self.creature_type is None or self.creature_type in chars.subtypes

    def spent(self, game: "GameState") -> None:
        """Spending it does nothing more."""


@dataclass(frozen=True)
class KeptMana(Immutable):
    """Mana that isn't lost as steps and phases end until the turn ends (500.4): "until end of turn, you don't
    lose this mana as steps and phases end". It may be spent on anything."""

    kept: bool = True
    text: str = "not lost as steps and phases end this turn"

    def made_by(self, source: Any) -> "KeptMana":
        return self

    def allows(self, game: "GameState") -> bool:
        return True

    def spent(self, game: "GameState") -> None:
        """Spending it does nothing more."""


KEPT_THIS_TURN = KeptMana()


@dataclass(frozen=True)
class ManaRider(Immutable):
    """Mana with an additional effect on the spell it is spent on (106.6): "if that mana is spent on a
    [kind of] spell, [that creature enters with ... / it gains ...]". ``enters`` are the entering effects
    (614.1c) the spell's permanent gets; ``text`` the card's wording, for the log."""

    spells: ObjectFilter
    enters: tuple[Any, ...]
    text: str = ""
    effect: Effect | None = None    # "When that mana is spent to cast ..., [effect]" (603.7a)
    source_uid: int = 0              # the source that made the mana, for that delayed triggered ability
    source_name: str = ""

    def made_by(self, source: Any) -> "ManaRider":
        if self.effect is None or not isinstance(source, GameObject):
            return self
        return replace(self, source_uid=source.card_uid, source_name=source.name)

    def allows(self, game: "GameState") -> bool:
        return True   # it may be spent on anything; only its effect depends on what

    def spent(self, game: "GameState") -> None:
        """Spent now: if on a spell it names, that spell will have the effect as its permanent enters."""
        spending = game.spending_on
        if spending is None:
            return
        card, chars, _ = spending
        if not object_matches(game, card, self.spells, None, chars.controller, chars=chars):
            return
        if self.enters:
            card.chosen.setdefault("mana_riders", []).append(self)
            game.log_event(f"Mana spent on {card.name}: {self.text}.", ("106.6",), (card.id,))
        if self.effect is not None:
            add_mana_spent_trigger(game, self.effect, self.text, chars.controller, card.id, self.source_uid,
                                   self.source_name or "A mana ability")


@contextmanager
def spending_on(game: "GameState", card: GameObject | None, costs: Any = ()) -> Iterator[None]:
    """While inside, mana is spent to cast ``card`` with the optional costs ``costs`` (their keywords): mana that
    may be spent only on some spells is spendable if the card is one of them (106.6)."""
    before = game.spending_on
    if card is None:
        game.spending_on = None
    else:
        paid = tuple(c for c in costs if isinstance(c, str)) if isinstance(costs, (list, tuple)) else ()
        game.spending_on = (card, game.chars(card), paid)
    try:
        yield
    finally:
        game.spending_on = before

ANY_COLOR = tuple(COLORS)


@dataclass(frozen=True)
class AddMana(Instruction):
    """Add mana (106.3). Each unit lists the types it may be: ("W", "B") for "{W} or {B}"."""

    units: tuple[tuple[str, ...], ...]
    one_color: bool = False      # "two mana of any one color": one choice for all of them
    per: Any = None              # "Add {G} for each Elf you control": the units repeated that many times
    times: Any = None            # "Add an amount of {G} equal to ~'s power": an Amount, worked out as it resolves
    only: SpendOnly | ManaRider | KeptMana | None = None   # "Spend this mana only to cast ...", "If that mana
                                                # is spent on ..." (106.6), "you don't lose this mana" (500.4)
    could: Any = None            # a ("could",) unit: a type the permanents that fit could produce (106.7);
                                 # an ("among",) unit: a color among the permanents that fit (105.2)

    def run(self, ctx: "Ctx") -> Generator[Decision, Any, None]:
        game = ctx.game
        p = game.players[ctx.controller]
        added = []
        picked: str | None = None
        units = self.units
        only = self.only.made_by(ctx.self_object()) if self.only is not None else None
        if self.per is not None:
            units = units * len(ctx.objects(AllRef(self.per)))
        if self.times is not None:
            units = units * max(0, self.times.value(ctx))
        for options in units:
            if options == ("chosen",):
                me = ctx.self_object()
                color = me.chosen.get("color") if me is not None else None
                options = (color,) if color else ANY_COLOR
            elif options in (("could",), ("among",)):
                options = fitting_kinds(game, p.index, options, self.could, ctx.source_id)
                if not options:
                    continue   # nothing they could produce, no color among them: no mana (106.7)
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
            p.pool.add(t, only=only)
            added.append(t)
            picked = t
        game.touch_status()   # only a mana pool changed
        if added and only is not None:
            game.log_event(f"{p.name} adds {''.join('{%s}' % t for t in added)} ({only.text}).", ("106.3", "106.6"),
                           player=p.index)
        elif added:
            game.log_event(f"{p.name} adds {''.join('{%s}' % t for t in added)}.", ("106.3",), player=p.index)


def fitting_kinds(game: "GameState", player: int, unit: tuple[str, ...], flt: Any,
                  source_id: int | None) -> tuple[str, ...]:
    """The types an ("could",) or ("among",) unit may be now: what the permanents that fit could produce
    (106.7), or the colors among them (105.2), in WUBRG order."""
    if unit == ("could",):
        return could_produce(game, player, flt, source_id)
    found = {col for o in game.battlefield if game.chars(o).controller == player
             and object_matches(game, o, flt, source_id, player) for col in game.chars(o).colors}
    return tuple(t for t in "WUBRG" if t in found)


def could_produce(game: "GameState", player: int, flt: Any, source_id: int | None) -> tuple[str, ...]:
    """The types of mana the permanents ``player`` controls that fit ``flt`` could produce with their mana
    abilities (106.7), in WUBRGC order; abilities that themselves add such a type are left out."""
    found: set[str] = set()
    for o in game.battlefield:
        c = game.chars(o)
        if c.controller != player or o.id == source_id or not object_matches(game, o, flt, source_id, player):
            continue
        for ab in c.activated():
            if not ab.is_mana:
                continue
            for ins in ab.effect.instructions:
                if not isinstance(ins, AddMana) or ins.could is not None:
                    continue
                for unit in ins.units:
                    if unit == ("chosen",):
                        color = o.chosen.get("color")
                        found |= {color} if color else set(ANY_COLOR)
                    else:
                        found |= set(unit)
    return tuple(t for t in "WUBRGC" if t in found)


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
