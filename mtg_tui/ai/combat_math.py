"""Combat math: what happens when an attacker meets its blockers.

Knows first strike and double strike (two damage steps, 510.4), deathtouch,
trample, lifelink, infect, indestructible, protection (damage from a
protected colour is prevented) and damage already marked. The attacker's
controller is assumed to order and assign damage to kill as much value as
it can, which is what the computer itself does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Creature
from .evaluate import death_value


@dataclass
class Fighter:
    id: int
    power: int
    toughness: int
    damage: int
    first: bool
    double: bool
    deathtouch: bool
    lifelink: bool
    trample: bool
    indestructible: bool
    infect: bool
    protections: frozenset[str]
    colors: frozenset[str]
    value: float                    # what its controller loses if it dies
    regen: bool = False

    @classmethod
    def of(cls, c: Creature, pump: tuple[int, int] = (0, 0), regen: bool = False) -> Fighter:
        return cls(c.id, max(0, c.power + pump[0]), c.toughness + pump[1], c.damage, c.first_strike,
                   c.double_strike, c.deathtouch, c.lifelink, c.trample, c.indestructible,
                   c.infect, c.protections, c.colors, death_value(c), regen)


@dataclass
class Outcome:
    attacker_dies: bool = False
    dead_blockers: list[int] = field(default_factory=list)
    to_player: int = 0              # damage (or poison with infect) that reaches the defender
    attacker_gain: int = 0          # life the attacker's controller gains (lifelink)
    defender_gain: int = 0

    def lost_value(self, attacker: Fighter, blockers: list[Fighter]) -> tuple[float, float]:
        """(value the attacker's side loses, value the defender's side loses)."""
        a = attacker.value if self.attacker_dies else 0.0
        d = sum(b.value for b in blockers if b.id in self.dead_blockers)
        return a, d


def _dies(f: Fighter, dmg: int, touched_by_deathtouch: bool) -> bool:
    if f.indestructible or f.regen:
        return False
    return f.toughness - f.damage - dmg <= 0 or (touched_by_deathtouch and dmg > 0)


def fight(att: Fighter, blockers: list[Fighter]) -> Outcome:
    """Simulate the combat damage steps between one attacker and its blockers."""
    out = Outcome()
    if not blockers:
        n = att.power * (2 if att.double else 1)
        out.to_player = n
        if att.lifelink:
            out.attacker_gain = n
        return out
    dmg = {b.id: 0 for b in blockers}
    dt = {b.id: False for b in blockers}
    att_dmg = 0
    att_dt = False
    alive_att = True
    alive = {b.id: True for b in blockers}
    # The attacker's controller orders the blockers: those it can kill first, most valuable first.
    order = sorted(blockers, key=lambda b: (-(b.value if _lethal_need(att, b, 0) <= att.power else 0), b.id))
    any_first = att.first or any(b.first for b in blockers)
    steps = (True, False) if any_first else (False,)
    for first_step in steps:
        def deals(f: Fighter, first_step: bool = first_step) -> bool:
            if not any_first:
                return True
            if first_step:
                return f.first
            return (not f.first) or f.double
        # attacker assigns
        if alive_att and deals(att) and att.power > 0:
            left = att.power
            live = [b for b in order if alive[b.id]]
            assigned: dict[int, int] = {}
            for b in live:
                need = _lethal_need(att, b, dmg[b.id])
                k = min(need, left)
                assigned[b.id] = k
                left -= k
                if left <= 0:
                    break
            if left > 0:
                if att.trample or not live:
                    out.to_player += left
                elif live:
                    assigned[live[-1].id] = assigned.get(live[-1].id, 0) + left
            dealt = 0
            for bid, k in assigned.items():
                b = next(x for x in blockers if x.id == bid)
                if att.colors & b.protections:
                    continue
                dmg[bid] += k
                dealt += k
                if att.deathtouch and k > 0:
                    dt[bid] = True
            if att.lifelink:
                out.attacker_gain += dealt + (left if att.trample and left > 0 else 0)
        # blockers deal
        incoming = 0
        for b in blockers:
            if alive[b.id] and deals(b) and b.power > 0:
                if b.colors & att.protections:
                    continue
                incoming += b.power
                if b.deathtouch:
                    att_dt = True
                if b.lifelink:
                    out.defender_gain += b.power
        att_dmg += incoming
        # deaths after the step
        for b in blockers:
            if alive[b.id] and _dies(b, dmg[b.id], dt[b.id]):
                alive[b.id] = False
        if alive_att and _dies(att, att_dmg, att_dt):
            alive_att = False
    out.attacker_dies = not alive_att
    out.dead_blockers = [b.id for b in blockers if not alive[b.id]]
    return out


def _lethal_need(att: Fighter, b: Fighter, already: int) -> int:
    if att.deathtouch:
        return 1 if already == 0 else 0
    return max(0, b.toughness - b.damage - already) if not (b.indestructible or b.regen) else 999


def unblocked_damage(c: Creature) -> int:
    return c.combat_damage


def single_block(att: Creature, blk: Creature, att_pump: tuple[int, int] = (0, 0),
                 blk_pump: tuple[int, int] = (0, 0)) -> tuple[Outcome, Fighter, Fighter]:
    a = Fighter.of(att, att_pump)
    b = Fighter.of(blk, blk_pump)
    return fight(a, [b]), a, b
