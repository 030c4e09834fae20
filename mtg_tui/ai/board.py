"""The board as the computer sees it for one decision: facts about permanents, mana and the players.

Everything comes from ``GameView`` with the computer as viewer: its own hand,
both battlefields, graveyards, life totals, hand sizes. Nothing hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..engine.keywords import REGISTRY, Trait, evasive
from ..engine.view import GameView, ObjectView
from .knowledge import CardReading, makes_mana, mana_colors, protections, reading_of


@dataclass
class Creature:
    """What matters about one creature in combat and for judging it.

    What its keywords do comes from the keyword registry: the rules they give
    (``traits``), how many blockers it takes, whether it is hard to block. Who
    may block whom is asked of the game (``rules``), which knows every
    restriction.
    """

    view: ObjectView
    id: int
    name: str
    controller: int
    power: int
    toughness: int
    damage: int
    keywords: frozenset[str]
    flags: frozenset[str]
    tapped: bool
    sick: bool
    colors: frozenset[str]
    subtypes: tuple[str, ...]
    protections: frozenset[str]
    reading: CardReading
    is_token: bool
    rules: GameView | None = None       # the game, which says who may block whom (None: judging a card alone)

    @property
    def health(self) -> int:
        return self.toughness - self.damage

    @cached_property
    def traits(self) -> frozenset[Trait]:
        return frozenset(t for k in self.keywords for t in REGISTRY[k].traits)

    @property
    def first_strike(self) -> bool:
        return Trait.FIRST_STRIKE in self.traits

    @property
    def double_strike(self) -> bool:
        return Trait.DOUBLE_STRIKE in self.traits

    @property
    def deathtouch(self) -> bool:
        return Trait.DEATHTOUCH in self.traits

    @property
    def indestructible(self) -> bool:
        return Trait.INDESTRUCTIBLE in self.traits

    @property
    def trample(self) -> bool:
        return Trait.TRAMPLE in self.traits

    @property
    def lifelink(self) -> bool:
        return Trait.LIFELINK in self.traits

    @property
    def infect(self) -> bool:
        """Its damage to players is poison counters."""
        return Trait.POISON in self.traits

    @property
    def vigilance(self) -> bool:
        return Trait.VIGILANCE in self.traits

    @property
    def min_blockers(self) -> int:
        """How many creatures it takes to block it (menace: two)."""
        return max([REGISTRY[k].min_blockers for k in self.keywords] + [1])

    @property
    def evasive(self) -> bool:
        return evasive(self.keywords) or "cant be blocked" in self.flags

    @property
    def can_attack_ever(self) -> bool:
        return Trait.CANT_ATTACK not in self.traits and "cant attack" not in self.flags

    @property
    def can_block_ever(self) -> bool:
        return "cant block" not in self.flags

    @property
    def can_attack_now(self) -> bool:
        return self.can_attack_ever and not self.tapped and (not self.sick or Trait.HASTE in self.traits)

    @property
    def can_block_now(self) -> bool:
        return self.can_block_ever and not self.tapped

    @property
    def combat_damage(self) -> int:
        """Damage it deals unblocked."""
        return max(0, self.power) * (2 if self.double_strike else 1)

    @property
    def regenerates(self) -> bool:
        return any(r.regenerate for _, r in self.reading.activated)


def creature_of(v: ObjectView, rules: GameView | None = None) -> Creature:
    return Creature(v, v.id, v.name, v.controller, v.power or 0, v.toughness or 0, v.damage,
                    frozenset(v.keywords), frozenset(v.flags), v.tapped, v.sick, frozenset(v.colors), v.subtypes,
                    protections(v), reading_of(v), v.is_token, rules)


def can_block(blocker: Creature, attacker: Creature) -> bool:
    """Could this creature block that one (ignoring menace, which needs a second blocker)? The game's
    rules say: "can't block", evasion (flying, fear...), protection, "can't be blocked by Walls"."""
    rules = attacker.rules or blocker.rules
    if rules is None:
        raise ValueError("can_block needs creatures read from a board (creature_of with the game view)")
    return blocker.can_block_ever and rules.could_block(blocker.id, attacker.id)


@dataclass
class Board:
    """One decision's snapshot, from the point of view of player ``me``."""

    view: GameView
    me: int
    hand_filter: Any = None     # look-ahead copies: which of our hand's cards we may know about

    @property
    def opp(self) -> int:
        return 1 - self.me

    @cached_property
    def permanents(self) -> list[ObjectView]:
        return self.view.battlefield()

    def mine(self) -> list[ObjectView]:
        return [p for p in self.permanents if p.controller == self.me]

    def theirs(self) -> list[ObjectView]:
        return [p for p in self.permanents if p.controller == self.opp]

    @cached_property
    def creatures(self) -> dict[int, Creature]:
        return {p.id: creature_of(p, self.view) for p in self.permanents if p.is_creature}

    def creatures_of(self, player: int) -> list[Creature]:
        return [c for c in self.creatures.values() if c.controller == player]

    @cached_property
    def my_creatures(self) -> list[Creature]:
        return self.creatures_of(self.me)

    @cached_property
    def opp_creatures(self) -> list[Creature]:
        return self.creatures_of(self.opp)

    @cached_property
    def players(self) -> list[Any]:
        return self.view.players

    @property
    def life(self) -> int:
        return self.players[self.me].life

    @property
    def opp_life(self) -> int:
        return self.players[self.opp].life

    @property
    def opp_poison(self) -> int:
        return self.players[self.opp].poison

    @property
    def poison(self) -> int:
        return self.players[self.me].poison

    @cached_property
    def hand(self) -> list[ObjectView]:
        cards = self.view.hand(self.me) or []
        return self.hand_filter(cards) if self.hand_filter is not None else cards

    @property
    def opp_hand_count(self) -> int:
        return self.players[self.opp].hand_count

    @cached_property
    def mana_units(self) -> list[str]:
        return self.view.mana_units(self.me)

    @property
    def mana_count(self) -> int:
        return len(self.mana_units)

    def can_pay(self, cost: str) -> bool:
        return self.view.can_pay(self.me, cost)

    @cached_property
    def stack(self) -> list[Any]:
        return self.view.stack()

    @property
    def my_turn(self) -> bool:
        return self.view.active == self.me

    @property
    def step(self) -> str:
        return self.view.step

    def lands(self, player: int) -> list[ObjectView]:
        return [p for p in self.permanents if p.controller == player and p.is_land]

    @cached_property
    def my_land_count(self) -> int:
        return len(self.lands(self.me))

    @cached_property
    def opp_open_mana(self) -> int:
        """Untapped mana sources of the opponent (lands and mana creatures)."""
        n = 0
        for p in self.theirs():
            if p.tapped:
                continue
            if p.is_land or (p.is_creature and not p.sick and makes_mana(p)):
                n += 1
        return n

    @cached_property
    def opp_colors(self) -> frozenset[str]:
        """Colors the opponent has shown (lands, permanents, graveyard)."""
        out: set[str] = set()
        for p in self.theirs():
            if p.is_land:
                out |= mana_colors(p)
            else:
                out |= set(p.colors)
        for g in self.players[self.opp].graveyard:
            out |= set(g.colors)
        return frozenset(out)

    @property
    def opp_may_have_trick(self) -> bool:
        return self.opp_open_mana >= 1 and self.opp_hand_count >= 1

    def planeswalkers(self, player: int) -> list[ObjectView]:
        return [p for p in self.permanents if p.controller == player and "Planeswalker" in p.types]


@dataclass
class Memo:
    """What the computer remembers between decisions (keyed by turn, so it never goes stale)."""

    turn: int = -1
    step: str = ""
    actions_this_step: int = 0
    tried: set[Any] = field(default_factory=set)

    def note_step(self, turn: int, step: str) -> None:
        if (turn, step) != (self.turn, self.step):
            self.turn, self.step = turn, step
            self.actions_this_step = 0
            self.tried = set()
