"""Abilities as data (112-113, 601-606): what compiled rules text becomes.

Spell abilities, activated abilities (with costs), triggered abilities (with
trigger conditions), static abilities (continuous effects, rule effects,
replacement effects) and keyword abilities. Keyword abilities that stand for
a longer ability (prowess, equip) are that ability with ``keyword`` set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generator

from .immutable import Immutable
from .mana import COLOR_NAMES, ManaCost
from .refs import ObjectFilter, TargetSpec

if TYPE_CHECKING:
    from .context import Ctx
    from .decisions import Decision


class Instruction(Immutable):
    """One verb of an effect ("deal 3 damage", "draw a card"), carried out on resolution (608.2c).

    ``run(ctx)`` is a generator: it yields a Decision where a player must
    choose and receives the answer. The instruction set is in instructions.py.
    """

    def run(self, ctx: "Ctx") -> Generator["Decision", Any, None]:
        raise NotImplementedError
        yield  # pragma: no cover


@dataclass(frozen=True)
class Effect(Immutable):
    """What a spell or ability does: instructions in order, with its targets.

    A modal effect (700.2) has ``modes`` (each an Effect) and ``mode_count``
    modes to choose, or from ``mode_count`` to ``mode_max`` ("choose one or
    both"). Its ``targets`` then list the target words of every
    mode, numbered across modes, and ``mode_targets`` says which belong to
    each mode; a mode's instructions refer to those global numbers.
    """

    instructions: tuple["Instruction", ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple["Effect", ...] = ()
    mode_count: int = 1
    mode_max: int = 0             # the most modes that may be chosen; 0: exactly mode_count
    mode_texts: tuple[str, ...] = ()
    mode_targets: tuple[tuple[int, ...], ...] = ()

    @property
    def is_modal(self) -> bool:
        return bool(self.modes)

    @property
    def most_modes(self) -> int:
        return max(self.mode_count, self.mode_max)

    @property
    def how_many_modes(self) -> str:
        """How many modes are chosen, as a prompt says it ("1 mode", "from 1 to 2 modes")."""
        least, most = self.mode_count, self.most_modes
        if least == most:
            return f"{least} mode{'s' if least != 1 else ''}"
        return f"from {least} to {most} modes"

    def target_specs(self, mode: tuple[int, ...] = (), costs: tuple[str, ...] = (),
                     x: int | None = None) -> tuple[TargetSpec, ...]:
        """The target words in play for the chosen modes and the optional costs paid (``costs``, by their
        keyword: "kicker"); others take no target (601.2c). With ``x``, the value chosen for X (601.2b), a
        target word "with mana value X" compares with it."""
        specs = self.targets
        if x is not None:
            specs = tuple(s.with_x(x) for s in specs)
        if self.modes:
            used = {i for m in mode for i in self.mode_targets[m]}
            specs = tuple(s if i in used else NO_TARGET for i, s in enumerate(specs))
        if any(s.cost_condition for s in specs):
            specs = tuple(s if s.cost_condition is None or (s.cost_condition[0] in costs) == s.cost_condition[1]
                          else NO_TARGET for s in specs)
        return specs


NO_TARGET = TargetSpec(objects=None, players=None, min_count=0, max_count=0, label="(unused)")


@dataclass(frozen=True)
class Cost(Immutable):
    """An activation or additional cost (118, 602.2b). Mana plus other parts."""

    mana: ManaCost = ManaCost(())
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    exile_self: bool = False          # "Exile this artifact": it leaves the battlefield as the cost is paid
    bottom_self: bool = False         # "Put ~ on the bottom of its owner's library": likewise, to the library
    exile_from: str = "battlefield"   # the zone "exile ~" takes it from ("Exile ~ from your graveyard", 113.6k)
    sacrifice: tuple[tuple[int, ObjectFilter], ...] = ()
    discard: tuple[tuple[int, ObjectFilter], ...] = ()
    pay_life: int = 0
    loyalty: int | None = None        # +N, -N or 0 (606.4)
    remove_counters: tuple[tuple[int, str], ...] = ()
    discard_self: bool = False        # cycling: "Discard this card"
    tap_others: tuple[tuple[int, ObjectFilter], ...] = ()   # "Tap two untapped Merfolk you control"
    tap_power: int | None = None      # crew: tap untapped creatures you control with total power N or more
    # "Remove a +1/+1 counter from a creature you control": one counter of the filter's with_counter kind each
    counter_from: tuple[tuple[int, ObjectFilter], ...] = ()
    reveal: tuple[tuple[int, ObjectFilter], ...] = ()   # cards revealed from the hand (701.16a)
    reveal_self: bool = False         # "Reveal this card from your hand": the ability works from the hand
    exile_cards: tuple[tuple[int, ObjectFilter], ...] = ()   # "Exile a creature card from your graveyard"
    return_own: tuple[tuple[int, ObjectFilter], ...] = ()    # "Return two lands you control to their owner's hand"
    text: str = ""

    @property
    def has_mana(self) -> bool:
        return bool(self.mana.symbols) and not self.mana.is_free


class Ability(Immutable):
    """Base class. ``text`` is the rules text it was compiled from."""

    text: str
    keyword: str | None


@dataclass(frozen=True, eq=False)
class SpellAbility(Ability):
    """The effect of an instant or sorcery (113.3a)."""

    effect: Effect
    text: str = ""
    keyword: str | None = None


@dataclass(frozen=True, eq=False)
class ActivatedAbility(Ability):
    """[Cost]: [Effect] (602). Mana abilities (605) have ``is_mana`` set."""

    cost: Cost
    effect: Effect
    is_mana: bool = False
    sorcery_speed: bool = False
    once_per_turn: bool = False
    text: str = ""
    keyword: str | None = None
    attach: bool = False     # equip: attach the source to the target
    zone: str = "battlefield"   # where it works from (cycling: "hand", 602.2)
    condition: Any = None   # a conditions.Condition: "activate only if ..." (602.5b)
    cost_less: tuple[int, ObjectFilter] | None = None   # "costs {1} less to activate for each [filter]"


@dataclass(frozen=True)
class Trigger(Immutable):
    """A trigger condition (603.1).

    event: "enters", "dies", "leaves", "to_graveyard", "step", "gain_life",
    "cast", "damage", "attacks", "blocks" (with ``recipient``: the creature it blocks), "blocked_by" (a creature
    blocking this one, 509.5d), "dies_damaged_by_self", "draw",
    "counters" (counters put on an object, 122.6), "pay_life" (a player paid life, 119.4),
    "activate" (a player activated a non-mana ability of an object that fits ``subject``, 602.2),
    "discard" (a player discarded a card, 701.8),
    "sacrifice" (a player sacrificed a permanent that fits ``subject``, 701.17a), "explores" (701.40),
    "attack_with" (a player declared attackers, 508.1), "surveil" (701.42a; ``count`` 1: only the
    player's first surveil of the turn), "becomes_tapped" (701.21a).
    ``subject`` describes the object of the event (None: the source itself,
    when ``self_only``); ``or_self`` for "CARDNAME or another creature".
    """

    event: str
    self_only: bool = False
    or_self: bool = False
    subject: ObjectFilter | None = None
    player: str = "any"           # whose event: "you" | "opponent" | "any"
    step: str = ""                # for "at the beginning of ..."
    whose: str = "each"           # "each" | "your" | "opponent" (whose turn) for step triggers
    from_zone: str = ""
    spell_filter: ObjectFilter | None = None
    combat_only: bool = False
    to: str = ""                  # damage recipient kind: "player" | "creature" | "" (any)
    next_only: bool = False       # a delayed trigger for "the next" step only
    attached: bool = False        # the event's object is the one this Aura/Equipment is attached to
    count: int = 0                # "attack with N or more creatures": at least this many of them
    counter: str = ""             # "counters": the kind of counter put on the object
    alone: bool = False           # "attacks": only if it was the only creature declared as an attacker (506.5)
    in_main: bool = False         # "cast": only a spell cast during its caster's main phase (505.1)
    chapter: int = 0              # "chapter": a Saga's chapter number (714.2b)
    that_turn: bool = False       # a delayed trigger for a step of the extra turn its effect gave (500.7)
    batch: bool = False           # "one or more ...": once for all the occurrences of one event (603.2c)
    recipient: ObjectFilter | None = None   # "damage": what the damage is dealt to ("deals damage to a Dinosaur");
                                            # "blocks", "blocked_by": the other creature
    graveyard: str = "any"        # "to_graveyard": whose graveyard the card goes to, its owner's (404.1)


@dataclass(frozen=True, eq=False)
class TriggeredAbility(Ability):
    """When/Whenever/At [condition], [effect] (603)."""

    trigger: Trigger
    effect: Effect
    condition: Any = None         # intervening "if" (603.4)
    optional: bool = False        # "you may" in the effect: asked on resolution (603.5)
    text: str = ""
    keyword: str | None = None
    zone: str = "battlefield"     # where it works from: "graveyard" for "return ~ from your graveyard" (113.6k)


@dataclass(frozen=True)
class LayerOp(Immutable):
    """One change a continuous effect makes, in its layer (613.1).

    layer: "2" control, "4" type, "5" color, "6" abilities, "7a" CDA,
    "7b" set P/T, "7c" modify P/T, "rules" (restrictions and permissions
    that aren't characteristics: can't attack, can't block, ...).
    """

    layer: str
    op: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Affected(Immutable):
    """What a static ability's effect applies to.

    kind: "self", "attached" (enchanted/equipped object), "filter"
    (objects that fit, checked continuously, 611.3a), "players" (``who``:
    "you" / "opponents").
    """

    kind: str
    filter: ObjectFilter | None = None
    who: str = ""


@dataclass(frozen=True)
class ContinuousDef(Immutable):
    """One continuous effect of a static ability (611.3): what it affects and what it does to them.

    ``condition`` (a conditions.Condition): "as long as ...", the effect
    applies only at the moments the condition holds (611.3a).
    """

    affected: Affected
    ops: tuple[LayerOp, ...]
    condition: Any = None
    cda: bool = False   # a characteristic-defining ability (604.3): applied first in its layer (613.3)


@dataclass(frozen=True, eq=False)
class StaticAbility(Ability):
    """A static ability (604): continuous effects, or a replacement effect (614; a template of
    replacement.ReplacementEffect, given its source each time it is read)."""

    effects: tuple[ContinuousDef, ...] = ()
    replacement: Any = None
    text: str = ""
    keyword: str | None = None


@dataclass(frozen=True, eq=False)
class DeckAnyNumber(StaticAbility):
    """"A deck can have any number of cards named ~": it works only as a deck is built, where the card's text
    lifts the four-copy limit of 100.2a for it (a card's text takes precedence over the rules, 101.1). In a
    game it does nothing."""


@dataclass(frozen=True, eq=False)
class AdditionalCost(Ability):
    """"As an additional cost to cast this spell, ..." (601.2b, 601.2f). With ``or_reveal`` (how many cards,
    of what kind) the caster reveals those cards from their hand or else pays ``cost``."""

    cost: Cost
    text: str = ""
    keyword: str | None = None
    or_reveal: tuple[int, ObjectFilter] | None = None


@dataclass(frozen=True, eq=False)
class SpellsCostLess(Ability):
    """"[Kind of] spells you cast cost {N} less to cast": a permanent's static ability (604.1) that
    lowers the total cost of its controller's spells that fit ``spells`` (601.2f; generic mana only)."""

    amount: int
    spells: ObjectFilter
    text: str = ""
    keyword: str | None = None


@dataclass(frozen=True, eq=False)
class CostsMore(Ability):
    """"Spells your opponents cast [that target ...] cost {N} more to cast", "abilities your opponents activate
    cost {N} more to activate": a permanent's static ability (604.1) adding generic mana to the total cost
    (601.2f, 602.2b) of what its controller's opponents cast (``what`` "spells") or activate ("abilities").
    ``targets``: only those targeting an object that fits (or this permanent, ``targets_self``);
    ``except_mana``: mana abilities aren't affected; ``condition``: only while it holds ("during your turn")."""

    amount: int
    what: str = "spells"
    targets: ObjectFilter | None = None
    targets_self: bool = False
    except_mana: bool = False
    condition: Any = None
    text: str = ""
    keyword: str | None = None


@dataclass(frozen=True, eq=False)
class CostReduction(Ability):
    """"This spell costs {N} less to cast if ... / for each ..." (601.2f)."""

    amount: int
    condition: Any = None
    per: Any = None          # an ObjectFilter counted for "for each"
    by: Any = None           # an Amount: "costs {X} less to cast, where X is ..."
    text: str = ""
    keyword: str | None = None


@dataclass(frozen=True, eq=False)
class CastFromZones(Ability):
    """"You may cast ~ from your graveyard [or from exile] [if ...]": a static ability of the card that works
    in those zones (113.6) and lets its owner cast it from there (601.3)."""

    zones: tuple[str, ...] = ()
    condition: Any = None
    text: str = ""
    keyword: str | None = None


@dataclass(frozen=True, eq=False)
class AlternativeCost(Ability):
    """"[If ...,] you may pay {U} rather than pay this spell's mana cost": an alternative cost (118.9), which
    may be chosen only while its condition holds."""

    mana: ManaCost = ManaCost(())
    condition: Any = None
    text: str = ""
    keyword: str | None = None
    tap_others: tuple[tuple[int, ObjectFilter], ...] = ()   # "... and tap an untapped artifact you control"


@dataclass(frozen=True, eq=False)
class KeywordAbility(Ability):
    """A keyword that is a rule in itself (flying, deathtouch, protection, enchant...)."""

    keyword: str
    param: Any = None
    text: str = ""


@dataclass(frozen=True, eq=False)
class ProtectionChoice(Ability):
    """"Protection from the color of your choice": the color is chosen as the effect is created."""

    text: str = "protection from the color of your choice"
    keyword: str | None = None


@dataclass(frozen=True)
class Quality(Immutable):
    """A quality for protection or hexproof "from": a colour, a type, "everything"."""

    kind: str        # "color" | "type" | "everything" | "multicolored" | "monocolored"
    value: str = ""

    @property
    def text(self) -> str:
        if self.kind == "color":
            return COLOR_NAMES.get(self.value, self.value)
        if self.kind == "type":
            return self.value.lower() + "s"
        return self.kind


def abilities_text(abilities: tuple[Ability, ...]) -> list[str]:
    return [a.text for a in abilities if getattr(a, "text", "")]
