"""The board as the computer sees it for one decision: facts about permanents, mana and the players.

Everything comes from ``GameView`` with the computer as viewer: its own hand,
both battlefields, graveyards, life totals, hand sizes. Nothing hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..engine.view import GameView, ObjectView
from .knowledge import CardReading, makes_mana, mana_colors, protections, reading_of, unblockable_by


@dataclass
class Creature:
    """What matters about one creature in combat and for judging it."""

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
    blocked_by_never: tuple[str, ...]   # subtypes that can't block it ("can't be blocked by Walls")
    reading: CardReading
    is_token: bool

    @property
    def health(self) -> int:
        return self.toughness - self.damage

    def has(self, kw: str) -> bool:
        return kw in self.keywords

    @property
    def first_strike(self) -> bool:
        return "first strike" in self.keywords or "double strike" in self.keywords

    @property
    def double_strike(self) -> bool:
        return "double strike" in self.keywords

    @property
    def deathtouch(self) -> bool:
        return "deathtouch" in self.keywords

    @property
    def indestructible(self) -> bool:
        return "indestructible" in self.keywords

    @property
    def evasive(self) -> bool:
        return "flying" in self.keywords or "cant be blocked" in self.flags

    @property
    def can_attack_ever(self) -> bool:
        return "defender" not in self.keywords and "cant attack" not in self.flags

    @property
    def can_block_ever(self) -> bool:
        return "cant block" not in self.flags

    @property
    def can_attack_now(self) -> bool:
        return self.can_attack_ever and not self.tapped and (not self.sick or "haste" in self.keywords)

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


def creature_of(v: ObjectView) -> Creature:
    return Creature(v, v.id, v.name, v.controller, v.power or 0, v.toughness or 0, v.damage,
                    frozenset(v.keywords), frozenset(v.flags), v.tapped, v.sick, frozenset(v.colors), v.subtypes,
                    protections(v), unblockable_by(v), reading_of(v), v.is_token)


def can_block(blocker: Creature, attacker: Creature) -> bool:
    """Could this creature block that one (ignoring menace, which needs a second blocker)?"""
    if not blocker.can_block_ever:
        return False
    if "cant be blocked" in attacker.flags:
        return False
    if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
        return False
    if attacker.protections & blocker.colors:
        return False
    return not any(s in blocker.subtypes for s in attacker.blocked_by_never)


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
        return {p.id: creature_of(p) for p in self.permanents if p.is_creature}

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
