"""Cards, objects and players (108-111, 400.7).

A ``CardDef`` is a card's printed characteristics and compiled abilities;
it never changes. A ``GameObject`` is one object in one zone: when a card
moves to another zone it becomes a new object with a new id (400.7), and
only ``card_uid`` (the physical card) stays the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .abilities import ActivatedAbility, TriggeredAbility
from .immutable import CopiedByField, Immutable
from .mana import ManaCost, ManaPool

if TYPE_CHECKING:
    from .abilities import Ability

CARD_TYPES = (
    "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred",
    "Land", "Planeswalker", "Sorcery",
)
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")


@dataclass(frozen=True, eq=False)
class CardDef(Immutable):
    """A card's printed characteristics (or a token's defined ones, 111.3)."""

    name: str
    mana_cost: ManaCost
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str = ""
    power: int | str | None = None
    toughness: int | str | None = None
    loyalty: int | None = None
    color_indicator: tuple[str, ...] | None = None
    abilities: tuple["Ability", ...] = ()
    is_token: bool = False
    source_file: str = ""
    layout: str = "normal"                    # "split" (708), "transform" (711) or "saga" (714); see layouts.py
    faces: tuple["CardDef", ...] = ()         # split: the two halves; transform: the front face, the back face
    chapters: tuple["Chapter", ...] = ()      # a Saga's chapter abilities (714.2)
    # Facts the rules work out from the printed abilities alone (what casting the card involves...),
    # kept here once worked out: a definition never changes. Not saved with the compiled card.
    derived: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "derived"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.__dict__["derived"] = {}

    @property
    def names(self) -> tuple[str, ...]:
        """A split card has two names (708.4a); any other card one."""
        if self.layout == "split":
            return tuple(f.name for f in self.faces)
        return (self.name,)

    @property
    def colors(self) -> tuple[str, ...]:
        """Colour from the mana cost or colour indicator (202.2, 204), or from a characteristic-defining ability
        ("~ is all colors"), which works in every zone (604.3)."""
        defined = self.derived.get("cda_colors", False)
        if defined is False:
            defined = self.derived["cda_colors"] = _cda_colors(self.abilities)
        if defined is not None:
            return defined
        if self.color_indicator is not None:
            return self.color_indicator
        return self.mana_cost.colors

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def is_type(self, t: str) -> bool:
        return t in self.types

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


@dataclass(frozen=True)
class Chapter:
    """A Saga's chapter ability (714.2): it triggers when lore counters on the Saga reach ``number``
    (714.2b); "I, II — effect" is two chapter abilities with one effect (714.2c)."""

    number: int
    effect: Any            # the Effect that resolves (engine.abilities.Effect)
    text: str              # the chapter's line as printed


class Characteristics:
    """An object's characteristics after continuous effects (613), plus rule flags.

    Mutable only while the layer system builds it; read-only afterwards, so
    what the rules work out from it (its activated abilities, its keywords'
    traits) is kept in ``derived`` once asked for.
    """

    __slots__ = (
        "name", "mana_cost", "colors", "supertypes", "types", "subtypes", "abilities",
        "power", "toughness", "controller", "flags", "pt_changed", "derived", "mv_cost",
    )

    def __init__(self) -> None:
        self.name = ""
        self.mana_cost = ManaCost(())
        self.colors: tuple[str, ...] = ()
        self.supertypes: tuple[str, ...] = ()
        self.types: tuple[str, ...] = ()
        self.subtypes: tuple[str, ...] = ()
        self.abilities: tuple[Any, ...] = ()
        self.power: int | None = None
        self.toughness: int | None = None
        self.controller: int = 0
        self.flags: dict[str, list[Any]] = {}
        self.pt_changed = False
        self.derived: dict[str, Any] | None = None
        self.mv_cost: ManaCost | None = None   # where the mana value comes from another cost (711.4c)

    def copy(self) -> "Characteristics":
        c = Characteristics.__new__(Characteristics)
        c.name = self.name
        c.mana_cost = self.mana_cost
        c.colors = self.colors
        c.supertypes = self.supertypes
        c.types = self.types
        c.subtypes = self.subtypes
        c.abilities = self.abilities
        c.power = self.power
        c.toughness = self.toughness
        c.controller = self.controller
        c.flags = {k: list(v) for k, v in self.flags.items()}
        c.pt_changed = self.pt_changed
        c.mv_cost = self.mv_cost
        c.derived = None
        return c

    def memo(self) -> dict[str, Any]:
        """Facts worked out from these finished characteristics, kept as long as they are."""
        d = self.derived
        if d is None:
            d = self.derived = {}
        return d

    def activated(self) -> tuple[ActivatedAbility, ...]:
        """The activated abilities, in order (an answer names one by its index among them)."""
        d = self.memo()
        found = d.get("activated")
        if found is None:
            found = d["activated"] = tuple(a for a in self.abilities if isinstance(a, ActivatedAbility))
        return found

    def triggered(self) -> tuple[TriggeredAbility, ...]:
        """The triggered abilities, in order."""
        d = self.memo()
        found = d.get("triggered")
        if found is None:
            found = d["triggered"] = tuple(a for a in self.abilities if isinstance(a, TriggeredAbility))
        return found

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_permanent_type(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def mana_value(self) -> int:
        return (self.mv_cost or self.mana_cost).mana_value

    def has_flag(self, name: str) -> bool:
        return bool(self.flags.get(name))

    def add_flag(self, name: str, value: Any = True) -> None:
        self.flags.setdefault(name, []).append(value)


class GameObject(CopiedByField):
    """A card, token, spell or permanent in one zone (109)."""

    __slots__ = (
        "id", "card", "card_uid", "owner", "controller", "zone", "is_token", "tapped",
        "sick", "damage", "counters", "attached_to", "timestamp", "targets", "mode",
        "x", "deathtouch_damaged", "damaged_by", "cast_from",
        "is_copy", "phased_out", "entered_turn", "revealed", "was_cast", "chosen", "ctl_mark", "whole",
        "transformed", "transformed_at",
    )

    def __init__(self, oid: int, card: CardDef, owner: int, zone: str, card_uid: int,
                 is_token: bool = False) -> None:
        self.id = oid
        self.card = card
        self.card_uid = card_uid
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.is_token = is_token
        self.tapped = False
        self.sick = False            # 302.6: not under its controller's control since their turn began
        self.damage = 0
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None
        self.timestamp = 0
        self.targets: list[list[int]] = []
        self.mode: tuple[int, ...] = ()
        self.x = 0
        self.deathtouch_damaged = False
        self.damaged_by: list[int] = []   # card_uids of sources that dealt it damage this turn
        self.cast_from = ""
        self.is_copy = False
        self.phased_out = False
        self.entered_turn = 0
        self.revealed = False
        self.was_cast = False
        self.chosen: dict[str, Any] = {}
        self.ctl_mark = owner        # who has controlled it continuously since their turn began
        # A split card cast as one half is a spell with that half's characteristics only (708.3b):
        # ``card`` is the half and ``whole`` the card, which it is again in any other zone (708.4).
        self.whole: CardDef | None = None
        # A transforming double-faced permanent with its back face up (711.4c); a new object (another
        # zone) has its front face up again (711.4a, 711.10). ``transformed_at``: when it last transformed.
        self.transformed = False
        self.transformed_at = 0

    @property
    def face(self) -> CardDef:
        """The printed characteristics of the face that is up (711.4)."""
        return self.card.faces[1] if self.transformed else self.card

    @property
    def name(self) -> str:
        return self.face.name

    def __repr__(self) -> str:
        return f"<{self.name}#{self.id} {self.zone}>"


class StackAbility(CopiedByField):
    """An activated or triggered ability on the stack (113.7, 602, 603)."""

    __slots__ = (
        "id", "source_id", "source_uid", "source_name", "source_lki", "ability", "controller",
        "targets", "mode", "x", "event", "kind", "zone", "timestamp", "card", "owner",
        "ability_index", "chosen", "paid",
    )

    def __init__(self, oid: int, ability: Any, controller: int, source_id: int,
                 source_uid: int, source_name: str, source_lki: Any, kind: str) -> None:
        self.id = oid
        self.ability = ability
        self.controller = controller
        self.owner = controller
        self.source_id = source_id
        self.source_uid = source_uid
        self.source_name = source_name
        self.source_lki = source_lki
        self.targets: list[list[int]] = []
        self.mode: tuple[int, ...] = ()
        self.x = 0
        self.event: Any = None
        self.kind = kind          # "activated" or "triggered"
        self.zone = "stack"
        self.timestamp = 0
        self.card = None
        self.ability_index = 0
        self.chosen: dict[str, Any] = {}
        self.paid: dict[str, Any] = {}

    @property
    def name(self) -> str:
        return self.source_name

    def __repr__(self) -> str:
        return f"<ability of {self.source_name}#{self.id}>"


class Player(CopiedByField):
    """A player (102): life, counters, pool, and the zones they own."""

    __slots__ = (
        "index", "id", "name", "life", "poison", "pool", "library", "hand", "graveyard",
        "lands_played", "lost", "won", "conceded", "drew_from_empty", "mulligans",
        "kept", "max_hand_size", "life_gained_this_turn", "life_lost_this_turn", "lose_reason",
        "citys_blessing", "life_lost_last_turn",
    )

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.id = index + 1
        self.name = name
        self.life = 20
        self.poison = 0
        self.pool = ManaPool()
        self.library: list[GameObject] = []   # index 0 is the top
        self.hand: list[GameObject] = []
        self.graveyard: list[GameObject] = []  # index 0 is the top
        self.lands_played = 0
        self.lost = False
        self.won = False
        self.conceded = False
        self.drew_from_empty = False
        self.mulligans = 0
        self.kept = False
        self.max_hand_size = 7
        self.life_gained_this_turn = 0
        self.life_lost_this_turn = 0
        self.lose_reason = ""
        self.citys_blessing = False   # a designation kept for the rest of the game (702.130c)
        self.life_lost_last_turn = 0   # for "if you lost life last turn"

    def __repr__(self) -> str:
        return f"<Player {self.name}>"


def _cda_colors(abilities: tuple[Any, ...]) -> tuple[str, ...] | None:
    """The colors a characteristic-defining ability among these gives its object (604.3), if one does."""
    for ab in abilities:
        for d in getattr(ab, "effects", None) or ():
            if getattr(d, "cda", False):
                for op in d.ops:
                    if op.op == "set_colors":
                        return tuple(op.args[0])
    return None


def base_characteristics(obj: GameObject) -> Characteristics:
    """The copiable values of an object before any effect (613.2): its printed characteristics, of the face
    that is up (711.4); a back face's mana value is its front face's (711.4c)."""
    c = Characteristics()
    take_values(c, obj.face)
    c.controller = obj.controller
    if obj.transformed:
        c.mv_cost = obj.card.mana_cost
    return c


def take_values(c: Characteristics, card: CardDef) -> None:
    """Give ``c`` the characteristics a definition prints (or a copy effect copies, 706.2)."""
    c.name = card.name
    c.mana_cost = card.mana_cost
    c.colors = card.colors
    c.supertypes = card.supertypes
    c.types = card.types
    c.subtypes = card.subtypes
    c.abilities = card.abilities
    c.power = _printed(card.power)
    c.toughness = _printed(card.toughness)
    c.mv_cost = None


def _printed(v: int | str | None) -> int | None:
    if v is None:
        return None
    if isinstance(v, int):
        return v
    try:
        return int(v)
    except ValueError:
        return 0  # '*' without a characteristic-defining ability


@dataclass
class LKI(CopiedByField):
    """Last known information about an object that left its zone (608.2h, 603.10)."""

    id: int
    card_uid: int
    name: str
    owner: int
    controller: int
    zone: str
    chars: Characteristics
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    tapped: bool = False
    is_token: bool = False
    attached_to: int | None = None
    damaged_by: list[int] = field(default_factory=list)
    card: CardDef | None = None
    x: int = 0                   # the X chosen for it, if it was a spell (202.3e)
    chosen: dict[str, Any] = field(default_factory=dict)   # choices made for it (as it entered, 614.12)

    @property
    def power(self) -> int | None:
        return self.chars.power

    @property
    def toughness(self) -> int | None:
        return self.chars.toughness


def mana_value_of(obj: Any, chars: Characteristics) -> int:
    """An object's mana value (202.3): on the stack, or last seen there, X counts as the number chosen
    for it (202.3e); anywhere else as 0."""
    n = chars.mana_value
    if getattr(obj, "zone", "") == "stack" and getattr(obj, "x", 0):
        n += obj.x * chars.mana_cost.x_count
    return n
