"""What a keyword ability is to the program: one ``Keyword`` entry says all of it.

An entry says how the keyword is read (its words and what follows them),
what it stands for when it is a longer ability (``means``, card text that
the card grammar compiles), the rules it takes part in (``traits`` that one
rules module reads each, and hooks for restrictions that depend on its
parameter or on the other object), its reminder text for players, and what
the computer thinks it is worth.

The rules modules never test a keyword's name: they ask for a trait
(``has_trait``) or run every hook of a kind (see the package's queries).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, NamedTuple

if TYPE_CHECKING:
    from ..objects import Characteristics, GameObject
    from ..state import GameState


class Param(Enum):
    """What is written after a keyword's word."""

    NONE = "none"          # Flying
    COST = "cost"          # Equip {1}, Cycling {2}, Flashback {2}{U}, Ward {2}
    QUALITY = "quality"    # Protection from black, Hexproof from blue (one ability per quality, 702.16g)
    OBJECT = "object"      # Enchant creature
    NUMBER = "number"      # Afterlife 1


class Trait(Enum):
    """A rule that keywords give an object. Each is read by the rules module named, and only there."""

    CAN_BLOCK_FLYING = "can block creatures with flying"                   # keywords.evasion (702.9b, 702.17b)
    FIRST_STRIKE = "deals combat damage in the first-strike step"           # combat (702.7b)
    DOUBLE_STRIKE = "deals combat damage in both damage steps"              # combat (702.4b)
    TRAMPLE = "assigns damage beyond lethal to what it attacks"             # combat (702.19b)
    VIGILANCE = "attacking doesn't tap it"                                  # combat (702.20b)
    HASTE = "not held back by summoning sickness"                           # combat, costs, casting (702.10b-c)
    CANT_ATTACK = "can't attack"                                            # combat (702.3b)
    DEATHTOUCH = "any damage it deals to a creature destroys it"            # combat, damage (702.2b-c)
    LIFELINK = "damage it deals gains its controller life"                  # damage (702.15b)
    POISON = "damage to players is dealt as poison counters"                # damage (702.89b)
    WITHER = "damage to creatures is dealt as -1/-1 counters"               # damage (702.79a, 702.89c)
    INDESTRUCTIBLE = "can't be destroyed"                                   # actions, sba (702.12b)
    FLASH = "may be cast any time you could cast an instant"                # casting (702.8a)
    FLASHBACK = "may be cast from the graveyard for its parameter's cost"   # casting (702.33a)
    JUMP_START = "may be cast from the graveyard by discarding a card as well"  # casting (702.132a)
    CONVOKE = "its caster's creatures may be tapped to pay for its mana"   # casting, convoke (702.50a)
    KICKER = "may be cast paying its parameter as an additional cost: it is then kicked"  # casting (702.32a)
    SPECTACLE = "may be cast for its parameter instead of its mana cost if an opponent lost life this turn"  # casting (702.136a)
    ENCHANT = "an Aura spell targets, and the Aura may enchant, only what its parameter describes"  # casting, sba
    EVERY_CREATURE_TYPE = "has every creature type"                         # matching (702.72a)
    ASCEND = "gives the city's blessing at ten permanents"                  # blessing (702.130a-b)


class Worth(NamedTuple):
    """What the computer thinks of the keyword: what it adds to a creature's value (about a point per mana),
    and whether it makes the creature hard to block (an attacker to equip and send first)."""

    flat: float = 0.0
    per_power: float = 0.0
    per_toughness: float = 0.0
    evasive: bool = False


# Hooks. Each returns True when the keyword allows the thing (the block, the target, the attachment).
BlockTest = Callable[["GameState", "GameObject", "GameObject", Any], bool]        # game, attacker, blocker, param
TargetTest = Callable[["GameState", "GameObject", Any, int, Any], bool]         # game, object, source, controller, param
SourceTest = Callable[["GameState", "GameObject", Any, Any], bool]              # game, object, other source, param


class Hook(NamedTuple):
    """A restriction a keyword adds, with the rule that states it (cited when it refuses something)."""

    allows: Callable[..., bool]
    rule: str


@dataclass(frozen=True)
class Keyword:
    """One keyword ability (702), declared once."""

    name: str                    # what its abilities carry as ``keyword``: "flying", "landwalk", "protection"
    rule: str                    # its section of the rules: "702.9"
    reminder: str                # what it does, in our words; "{what}" is its parameter, "{fixed}" its word's
    cite: str = ""               # the rule stating what it does, cited in the log; default ``rule``
    param: Param = Param.NONE
    any_cost: bool = False       # its cost may be more than mana ("Kicker—Sacrifice a creature"): a Cost, not a ManaCost
    words: Mapping[str, Any] = field(default_factory=dict)   # how it's written -> the parameter the word gives
    means: str = ""              # the ability it stands for, as card text ("~" is the object; "{what}", "{fixed}")
    traits: frozenset[Trait] = frozenset()
    evasion: Hook | None = None        # 509.1b: may this blocker block an attacker with it? (BlockTest)
    blocks_only: Hook | None = None    # 509.1b: may a creature with it block this attacker? (BlockTest, reversed)
    min_blockers: int = 0              # 509.1b: how many creatures it takes to block it (cites ``cites``)
    targeting: Hook | None = None      # 115.4: may this source target the object? (TargetTest)
    attaching: Hook | None = None      # 303.4d, 301.5c: may this Aura or Equipment stay attached? (SourceTest)
    damage: Hook | None = None         # 615: may damage from this source be dealt to it, or is it prevented? (SourceTest)
    worth: Worth = Worth()
    unsupported: str = ""        # read, but a card with it doesn't compile: what is missing

    @property
    def spellings(self) -> Mapping[str, Any]:
        return self.words or {self.name: None}

    @property
    def cites(self) -> str:
        return self.cite or self.rule

    @property
    def wired(self) -> bool:
        """Does it take part in any rule? A keyword that doesn't would compile to nothing."""
        return not self.unsupported and bool(self.means or self.traits or self.evasion or self.blocks_only
                                             or self.min_blockers or self.targeting or self.attaching or self.damage)

    def reminder_for(self, what: str = "", fixed: str = "") -> str:
        return self.reminder.replace("{what}", what).replace("{fixed}", fixed)


# ---------------------------------------------------------------------------
# The registry itself: filled by the family modules as the package loads.

REGISTRY: dict[str, Keyword] = {}


def register(*entries: Keyword) -> None:
    for kw in entries:
        if kw.name in REGISTRY:
            raise ValueError(f"the keyword {kw.name!r} is declared twice")
        REGISTRY[kw.name] = kw


def entry(name: str) -> Keyword:
    """The entry for a keyword its abilities carry. Every such name comes from the registry."""
    return REGISTRY[name]


def keywords_in(abilities: Iterable[Any]) -> Iterator[tuple[Keyword, Any]]:
    """Each keyword among these abilities, with its parameter (an ability a keyword stands for has none)."""
    for a in abilities:
        name = getattr(a, "keyword", None)
        if name:
            yield REGISTRY[name], getattr(a, "param", None)


def has_trait(game: "GameState", obj: Any, trait: Trait) -> bool:
    """Does a keyword of this object (with its characteristics now) give it the trait?"""
    return trait in chars_traits(game.chars(obj))


def traits_of(game: "GameState", obj: Any) -> frozenset[Trait]:
    """Every trait the object's keywords give it now."""
    return chars_traits(game.chars(obj))


def chars_traits(c: "Characteristics") -> frozenset[Trait]:
    """Every trait the keywords among these (finished) characteristics give, worked out once for them."""
    memo = c.memo()
    found = memo.get("traits")
    if found is None:
        out: set[Trait] = set()
        for kw, _ in keywords_in(c.abilities):
            out |= kw.traits
        found = memo["traits"] = frozenset(out)
    return found


_PARAMS_KEY = {t: f"params of {t.name}" for t in Trait}   # trait_params' entries in the memo


def trait_params(game: "GameState", obj: Any, trait: Trait) -> tuple[Any, ...]:
    """The parameters of the object's keywords that give the trait (flashback's cost, enchant's object),
    worked out once for its (finished) characteristics."""
    c = game.chars(obj)
    memo = c.memo()
    key = _PARAMS_KEY[trait]
    found = memo.get(key)
    if found is None:
        found = memo[key] = tuple(p for kw, p in keywords_in(c.abilities) if trait in kw.traits)
    return found


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:].rstrip(".")
