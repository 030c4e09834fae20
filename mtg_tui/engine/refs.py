"""What rules text refers to: object filters, player filters, references and amounts.

Compiled card text is made of these. A filter says which objects fit a
description ("nonblack creature you control"); a reference says which
objects or players an instruction acts on when it resolves ("target
creature", "its controller", "each opponent"); an amount is a number that
may be computed ("X", "its power").
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from .immutable import Immutable

if TYPE_CHECKING:
    from .context import Ctx


@dataclass(frozen=True)
class Compare(Immutable):
    """A numeric condition on a characteristic: power, toughness, mana value."""

    stat: str      # "power" | "toughness" | "mana value"
    op: str        # "<=", ">=", "==", "<", ">"
    value: int
    than_source: bool = False   # compared with the same characteristic of the source ("with lesser power")
    than_your_life: bool = False   # compared with the life total of the player it is seen by (119.1)
    than_x: bool = False        # compared with the X chosen for the spell or ability ("with mana value X"); until X
                                # is known (``with_x``), any value fits
    amount: Any = None             # compared with an Amount worked out as the effect happens (Ctx.bound)

    def test(self, n: int | None, than: int | None = None) -> bool:
        """Does ``n`` pass? ``than`` is the value compared with when it is the source's, not ``value``."""
        if n is None:
            return False
        v = self.value if than is None else than
        return {"<=": n <= v, ">=": n >= v, "==": n == v, "<": n < v, ">": n > v}[self.op]


# The fields of an ObjectFilter whose matching reads only what the layers read (reads_only_layers).
_LAYER_FIELDS = frozenset({"types", "subtypes", "types_all", "supertypes", "colors", "not_types", "not_subtypes",
                           "not_supertypes", "not_colors", "colorless", "multicolored", "controller", "owner",
                           "another", "token", "zone", "name", "with_keyword", "without_keyword", "any_of",
                           "no_counters", "with_counter", "historic", "nonmana_ability"})


@dataclass(frozen=True)
class ObjectFilter(Immutable):
    """A description of objects (e.g. "target nonblack creature you control").

    Lists of types/subtypes/colors are alternatives ("artifact, creature, or
    land"); ``not_*`` lists are each excluded. Zone ``battlefield`` means
    permanents; ``card`` means a card in a non-battlefield zone.
    """

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    types_all: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    not_subtypes: tuple[str, ...] = ()
    not_supertypes: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    colorless: bool | None = None
    multicolored: bool | None = None
    controller: str | None = None      # "you" | "opponent" | "not_you"
    owner: str | None = None           # "you" | "opponent"
    another: bool = False              # not the source object itself
    tapped: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None
    token: bool | None = None
    zone: str = "battlefield"
    name: str | None = None
    compares: tuple[Compare, ...] = ()
    dealt_damage_by_source: bool = False   # "dealt damage by <this> this turn"
    dealt_damage_this_turn: bool = False   # "that was dealt damage this turn", by any source
    controller_hit_by: tuple[int, str, str] | None = None   # (N, "type"/"subtype", kind): its controller was dealt
                                                            # combat damage by N such sources this turn
    died_this_turn: bool = False           # "that died this turn": the objects as they last were on the battlefield
    with_keyword: str | None = None
    without_keyword: str | None = None
    any_of: tuple["ObjectFilter", ...] = ()  # a union of descriptions ("creature or planeswalker you control")
    controller_ref: Any = None               # "... target player controls": checked where the reference is known
    no_counters: bool = False
    with_counter: str | None = None          # "with a +1/+1 counter on it": at least one of that kind
    in_combat_with: str = ""                 # the source: "blocking" it, or "either" blocking or blocked by it
    chosen_color: bool = False               # "of the chosen color": the source's choice (614.12)
    chosen_type: bool = False                # "of the chosen type": the source's chosen creature type (614.12)
    historic: bool = False                   # artifact, legendary or Saga (700.6)
    convoked_source: bool = False            # "that convoked it": tapped for the source's convoke (702.50c)
    exiled_name: bool = False                # "with the same name as the exiled card": one the source exiled (607.2a)
    attached_to_source: bool = False         # "attached to it": an Aura or Equipment on the source (301.5, 303.4)
    remembered: str = ""                     # "... tapped this way": only what the effect noted under this key
    ability_kinds: tuple[str, ...] = ()      # "activated or triggered ability": abilities on the stack (113.1c)
    greatest_power: bool = False             # "with the greatest power": no other that fits has more power
    nonmana_ability: bool = False            # "with an activated ability that isn't a mana ability" (602.1, 605.1a)
    from_battlefield_this_turn: bool = False  # a card "put there from the battlefield this turn" (400.7: still there)
    greatest_power_theirs: bool = False      # "with the greatest power among creatures [its controller] controls"
    put_there_this_turn: bool = False        # a card "put there from anywhere this turn" (400.7: still there)

    def reads_only_layers(self) -> bool:
        """Does matching read only what is kept with the characteristics (an object's characteristics, counters,
        owner, zone, whether it is a token), not its status, combat, damage, choices or other objects? Any
        field not named in _LAYER_FIELDS counts as reading more unless it is left as it is by default."""
        if self.controller == "defending" or not all(f.reads_only_layers() for f in self.any_of):
            return False
        return all(getattr(self, f.name) == f.default for f in fields(self) if f.name not in _LAYER_FIELDS)

    def describe(self) -> str:
        if self.any_of:
            return " or ".join(dict.fromkeys(f.describe() for f in self.any_of))
        bits: list[str] = []
        if self.another:
            bits.append("another")
        if self.tapped is True:
            bits.append("tapped")
        if self.tapped is False:
            bits.append("untapped")
        bits += ["non" + c for c in self.not_colors]
        bits += [c for c in self.colors]
        bits += ["non" + t.lower() for t in self.not_types + self.not_subtypes]
        bits += [t.lower() for t in self.supertypes]
        if self.historic:
            bits.append("historic")
        kinds = " or ".join(t.lower() for t in (self.subtypes or self.types)) or (
            " or ".join(self.ability_kinds) + " ability" if self.ability_kinds else "permanent")
        bits.append(kinds)
        if self.controller == "you":
            bits.append("you control")
        elif self.controller in ("opponent", "not_you"):
            bits.append("you don't control" if self.controller == "not_you" else "an opponent controls")
        return " ".join(bits)


@dataclass(frozen=True)
class PlayerFilter(Immutable):
    """Which players fit: "any", "you", "opponent"."""

    who: str = "any"


@dataclass(frozen=True)
class TargetSpec(Immutable):
    """One "target" word of a spell or ability (115.1), with how many it takes.

    ``objects`` describes legal object targets (None: no objects), ``players``
    legal player targets (None: no players). ``min_count`` < ``max_count``
    for "up to N". ``distinct_from`` lists earlier specs that may not choose
    the same object ("another target creature", 115.3).
    """

    objects: ObjectFilter | None = None
    players: PlayerFilter | None = None
    min_count: int = 1
    max_count: int = 1
    label: str = "target"
    distinct_from: tuple[int, ...] = ()
    divide: bool = False       # the spell's damage is divided among these targets (601.2d)
    # A target word of a part of a spell that happens only if an optional cost was paid ("kicker", True) or
    # only if it wasn't ("kicker", False): chosen only then, else the spell is cast without it (601.2c, 702.32g).
    cost_condition: tuple[str, bool] | None = None
    one_owner: bool = False    # "from a single graveyard": the objects chosen all have one owner (115.1)

    @property
    def text(self) -> str:
        return self.label

    def with_x(self, x: int) -> "TargetSpec":
        """This target word once X is chosen (601.2b before 601.2c): "with mana value X" compares with it."""
        if self.objects is None or not _has_x(self.objects):
            return self
        return replace(self, objects=_fill_x(self.objects, x))


def _has_x(flt: ObjectFilter) -> bool:
    return any(c.than_x for c in flt.compares) or any(_has_x(f) for f in flt.any_of)


def _fill_x(flt: ObjectFilter, x: int) -> ObjectFilter:
    return replace(flt, compares=tuple(replace(c, than_x=False, value=x) if c.than_x else c for c in flt.compares),
                   any_of=tuple(_fill_x(f, x) for f in flt.any_of))


# ---------------------------------------------------------------------------
# References: evaluated by the resolution context.


class Ref(Immutable):
    """Base of object and player references."""

    plural = False


@dataclass(frozen=True)
class TargetRef(Ref):
    index: int                 # which TargetSpec of the ability
    plural: bool = False


@dataclass(frozen=True)
class SelfRef(Ref):
    """The object the ability belongs to (CARDNAME, "this creature")."""


@dataclass(frozen=True)
class RememberedRef(Ref):
    """Objects an earlier instruction of the same effect named ("that card", "it")."""

    key: str
    plural: bool = False


@dataclass(frozen=True)
class RememberedPlayersRef(Ref):
    """Players an earlier instruction of the same effect noted ("each player who can't")."""

    key: str
    plural: bool = True


@dataclass(frozen=True)
class TopCardRef(Ref):
    """"The top card of [a player's] library" (401.1): the card on top when the resolving effect first
    names it; later words of the same effect ("put it into your hand", "that card's mana value") follow
    that card wherever this effect moves it (400.7)."""

    player: Ref
    key: str
    count: int | Amount = 1   # "the top two cards of your library": that many from the top


@dataclass(frozen=True)
class EventRef(Ref):
    """An object or player of the triggering event ("that creature", "that player")."""

    key: str


@dataclass(frozen=True)
class FixedRef(Ref):
    """Particular objects or players, named when a delayed ability was created (603.7c)."""

    ids: tuple[int, ...]
    plural: bool = True


@dataclass(frozen=True)
class AttackedRef(Ref):
    """The player or planeswalker this creature is attacking; ``of_event``: the one the creature of the
    triggering event is attacking ("that creature")."""

    of_event: bool = False


@dataclass(frozen=True)
class ExiledWithRef(Ref):
    """Cards exiled by this object's abilities (linked abilities, 607): "the exiled card"."""

    plural: bool = True


@dataclass(frozen=True)
class AttachedRef(Ref):
    """The object this Aura or Equipment is attached to (enchanted/equipped creature)."""

    kind: str = "enchanted"


@dataclass(frozen=True)
class ChosenRef(Ref):
    """The permanent chosen as this one entered ("the chosen creature", 614.12), while it is still that
    permanent."""


@dataclass(frozen=True)
class AllRef(Ref):
    """Every object that fits ("each creature", "creatures you control")."""

    filter: ObjectFilter
    plural: bool = True
    besides: Ref | None = None   # "each other creature" after a spell's target: every one but that target


@dataclass(frozen=True)
class YouRef(Ref):
    """The controller of the spell or ability."""


@dataclass(frozen=True)
class EachPlayerRef(Ref):
    who: str = "each"       # "each" | "opponents"
    plural: bool = True


@dataclass(frozen=True)
class ControllerOfRef(Ref):
    of: Ref


@dataclass(frozen=True)
class OwnerOfRef(Ref):
    of: Ref


@dataclass(frozen=True)
class DefendingPlayerRef(Ref):
    pass


# ---------------------------------------------------------------------------
# Amounts


class Amount(Immutable):
    def value(self, ctx: "Ctx") -> int:
        raise NotImplementedError


@dataclass(frozen=True)
class Const(Amount):
    n: int

    def value(self, ctx: "Ctx") -> int:
        return self.n


@dataclass(frozen=True)
class XAmount(Amount):
    def value(self, ctx: "Ctx") -> int:
        return ctx.x


@dataclass(frozen=True)
class NegX(Amount):
    """Minus X ("gets -X/-X")."""

    def value(self, ctx: "Ctx") -> int:
        return -ctx.x


@dataclass(frozen=True)
class StatOf(Amount):
    """A characteristic of an object, with last known information (608.2h)."""

    of: Ref
    stat: str   # "power" | "toughness" | "mana value"

    def value(self, ctx: "Ctx") -> int:
        return ctx.stat_of(self.of, self.stat)


@dataclass(frozen=True)
class CountersOn(Amount):
    """How many counters of one kind are on the object a reference names (122.1)."""

    of: Ref
    kind: str

    def value(self, ctx: "Ctx") -> int:
        return sum(getattr(o, "counters", {}).get(self.kind, 0) for o in ctx.objects(self.of))


@dataclass(frozen=True)
class CountOf(Amount):
    filter: ObjectFilter
    distinct_names: bool = False   # "the number of differently named lands you control" (201.2)

    def value(self, ctx: "Ctx") -> int:
        found = ctx.objects(AllRef(self.filter))
        if self.distinct_names:
            return len({ctx.game.chars(o).name for o in found})
        return len(found)


@dataclass(frozen=True)
class Product(Amount):
    """N for each ...: a times b."""

    a: Amount
    b: Amount

    def value(self, ctx: "Ctx") -> int:
        return self.a.value(ctx) * self.b.value(ctx)


@dataclass(frozen=True)
class Sum(Amount):
    """N plus ...: a plus b."""

    a: Amount
    b: Amount

    def value(self, ctx: "Ctx") -> int:
        return self.a.value(ctx) + self.b.value(ctx)


@dataclass(frozen=True)
class DestroyedCount(Amount):
    """How many of the permanents this effect destroyed fit a description, as they last existed (608.2h)."""

    filter: ObjectFilter

    def value(self, ctx: "Ctx") -> int:
        return sum(1 for o in ctx.remembered.get(DESTROYED, []) if ctx.fits(o, self.filter))


DESTROYED = "destroyed"   # what an effect's Destroy noted: the destroyed permanents' last known information


@dataclass(frozen=True)
class MaxStat(Amount):
    """The greatest power (or toughness) among objects that fit."""

    filter: ObjectFilter
    stat: str = "power"

    def value(self, ctx: "Ctx") -> int:
        vals = [getattr(ctx.game.chars(o), self.stat) or 0 for o in ctx.objects(AllRef(self.filter))]
        return max(vals, default=0)


@dataclass(frozen=True)
class SumStat(Amount):
    """The total power (or toughness) of the objects that fit."""

    filter: ObjectFilter
    stat: str = "power"

    def value(self, ctx: "Ctx") -> int:
        return sum(getattr(ctx.game.chars(o), self.stat) or 0 for o in ctx.objects(AllRef(self.filter)))


@dataclass(frozen=True)
class PlayerCount(Amount):
    """Something counted about a player: "life", "hand", "graveyard", "library", "exile" (the cards they own
    in exile)."""

    who: Ref
    what: str

    def value(self, ctx: "Ctx") -> int:
        players = ctx.players(self.who)
        if not players:
            return 0
        p = players[0]
        if self.what == "life":
            return p.life
        if self.what == "exile":   # one zone for all players (400.1): the cards they own there
            return sum(1 for o in ctx.game.exile if o.owner == p.index)
        return len(getattr(p, self.what))


@dataclass(frozen=True)
class SacrificedStat(Amount):
    """The power or toughness of what was sacrificed to pay the spell's or ability's cost, as it last existed
    on the battlefield (608.2h)."""

    stat: str   # "power" | "toughness" | "mana value"

    def value(self, ctx: "Ctx") -> int:
        gone = getattr(ctx.stack_obj, "chosen", {}).get("sacrificed", [])
        return sum(max(0, getattr(lk.chars, self.stat.replace(" ", "_")) or 0) for lk in gone)


@dataclass(frozen=True)
class ShareOfTheirs(Amount):
    """A share of each player's own life or library, rounded ("a third of their life, rounded up"): worked
    out for each player the instruction acts on; a negative result counts as 0 (107.1a, 107.1b)."""

    what: str          # "life" | "library"
    num: int
    den: int
    up: bool

    def of(self, p: Any) -> int:
        total = p.life if self.what == "life" else len(getattr(p, self.what))
        q, r = divmod(max(0, total) * self.num, self.den)
        return q + (1 if self.up and r else 0)

    def value(self, ctx: "Ctx") -> int:
        players = ctx.players(YouRef())
        return self.of(players[0]) if players else 0


@dataclass(frozen=True)
class HalfX(Amount):
    """Half the X chosen for the spell, rounded down (107.1a, 107.3): a spell's own, or, for "when you cast this
    spell", the X of the spell that is its source (601.2b)."""

    def value(self, ctx: "Ctx") -> int:
        x = ctx.x
        if not x:
            src = ctx.self_object() or ctx.source
            x = getattr(src, "x", 0) or 0
        return max(0, x) // 2


@dataclass(frozen=True)
class DiscardedBy(Amount):
    """How many cards the effect made players discard (701.8); ``of_player``: those one player discarded."""

    def value(self, ctx: "Ctx") -> int:
        return len(ctx.remembered.get("discarded", []))

    def of_player(self, ctx: "Ctx", p: Any) -> int:
        return sum(1 for c in ctx.remembered.get("discarded", []) if c.owner == p.index)


@dataclass(frozen=True)
class RememberedAmount(Amount):
    """An amount an earlier instruction noted ("the damage dealt this way")."""

    key: str = "damage"

    def value(self, ctx: "Ctx") -> int:
        return int(ctx.amounts.get(self.key, 0))


@dataclass(frozen=True)
class EventAmount(Amount):
    key: str = "amount"

    def value(self, ctx: "Ctx") -> int:
        ev = ctx.event
        return int(getattr(ev, self.key, 0) or 0) if ev is not None else 0
