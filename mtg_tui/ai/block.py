"""Declaring blockers: survive first, then trade well.

Every (blocker, attacker) pair is scored: the value of the creatures that
die on each side, plus the damage the block keeps off us, priced by how
much our life is worth right now (more as it runs low). Blocks are taken
best-first, each blocker once; then double blocks that kill an attacker no
single blocker can; then, if the damage still getting through would kill
us, chump blocks on the biggest attackers until we live.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..engine.decisions import DeclareBlockers
from .board import Board, Creature
from .combat_math import Fighter, fight
from .evaluate import creature_value


def life_weight(life_after: int) -> float:
    """What one point of damage costs us, given where our life would end up."""
    if life_after <= 0:
        return 50.0
    if life_after <= 4:
        return 1.5
    if life_after <= 8:
        return 0.8
    if life_after <= 13:
        return 0.45
    return 0.25


def plan_blocks(board: Board, d: DeclareBlockers, combat: dict[str, Any] | None,
                naive: bool = False) -> list[list[int]]:
    options: dict[int, list[int]] = {int(k): list(v) for k, v in d.can_block.items()}
    attackers_to = dict(combat["attackers"]) if combat else {a: board.me + 1 for a in d.attackers}
    att = {a: board.creatures[a] for a in attackers_to if a in board.creatures}
    me_id = board.me + 1
    walkers = {v.id: v for v in board.planeswalkers(board.me)}

    def hits_me(a: int) -> bool:
        return attackers_to.get(a) == me_id

    def raw_damage(a: Creature) -> int:
        return a.combat_damage

    incoming = sum(raw_damage(a) for a in att.values() if hits_me(a.id) and not a.infect)
    poison_in = sum(raw_damage(a) for a in att.values() if hits_me(a.id) and a.infect)
    life = board.life
    trick = board.opp_may_have_trick and board.opp_open_mana >= 1

    def damage_cost(a: Creature, amount: int) -> float:
        if amount <= 0:
            return 0.0
        if not hits_me(a.id):
            pw = walkers.get(attackers_to.get(a.id, 0))
            if pw is None:
                return 0.0
            loyalty = pw.loyalty or 0
            return (3.0 + 1.5 * loyalty) if amount >= loyalty else 1.2 * amount
        if a.infect:
            left = 10 - board.poison - amount
            return 50.0 * amount if left <= 0 else (1.0 if left <= 4 else 0.5) * amount
        return life_weight(life - incoming) * amount

    used: set[int] = set()
    blocks: dict[int, list[int]] = {}      # attacker -> blockers

    if naive:
        for a in sorted(att.values(), key=lambda c: (-c.power, c.id)):
            if a.min_blockers >= 2:
                continue
            for b_id, atts in sorted(options.items()):
                if b_id in used or a.id not in atts:
                    continue
                b = board.creatures.get(b_id)
                if b is None:
                    continue
                out = fight(Fighter.of(a), [Fighter.of(b)])
                if out.attacker_dies and b_id not in out.dead_blockers:
                    used.add(b_id)
                    blocks.setdefault(a.id, []).append(b_id)
                    break
        _survive(board, att, options, blocks, used, hits_me, life, incoming, poison_in, only_if_lethal=True)
        return [[b, a] for a, bs in blocks.items() for b in bs]

    # 1. Single blocks, best first.
    scored: list[tuple[float, int, int]] = []
    for b_id, atts in options.items():
        b = board.creatures.get(b_id)
        if b is None:
            continue
        for a_id in atts:
            a = att.get(a_id)
            if a is None or a.min_blockers >= 2:
                continue
            fa, fb = Fighter.of(a), Fighter.of(b)
            out = fight(fa, [fb])
            lost_a, lost_b = out.lost_value(fa, [fb])
            kept_off = raw_damage(a) - out.to_player
            score = lost_a - lost_b + damage_cost(a, kept_off)
            if trick and out.attacker_dies and b_id not in out.dead_blockers:
                # the attacker may have a trick: a pumped attacker might win instead
                pumped = fight(Fighter.of(a, (3, 3)), [fb])
                if not pumped.attacker_dies:
                    score -= 0.25 * fb.value
            scored.append((score, a_id, b_id))
    scored.sort(key=lambda x: (-x[0], x[1], x[2]))
    for score, a_id, b_id in scored:
        if score <= 0.05:
            break
        if b_id in used or a_id in blocks:
            continue
        blocks[a_id] = [b_id]
        used.add(b_id)

    # 2. Double blocks on attackers still unblocked (and menace attackers).
    for a in sorted(att.values(), key=lambda c: (-creature_value(c), c.id)):
        if a.id in blocks:
            continue
        able = [board.creatures[b] for b, atts in options.items()
                if b not in used and a.id in atts and b in board.creatures]
        best: tuple[float, list[int]] | None = None
        for b1, b2 in combinations(sorted(able, key=lambda c: c.id), 2):
            fa, f1, f2 = Fighter.of(a), Fighter.of(b1), Fighter.of(b2)
            out = fight(fa, [f1, f2])
            if not out.attacker_dies and a.min_blockers < 2:
                continue
            lost_a, lost_b = out.lost_value(fa, [f1, f2])
            score = lost_a - lost_b + damage_cost(a, raw_damage(a) - out.to_player) - 0.3
            if score > 0.05 and (best is None or score > best[0]):
                best = (score, [b1.id, b2.id])
        if best is not None:
            blocks[a.id] = best[1]
            used.update(best[1])

    _survive(board, att, options, blocks, used, hits_me, life, incoming, poison_in, only_if_lethal=False)
    return [[b, a] for a, bs in blocks.items() for b in bs]


def _through(att: dict[int, Creature], blocks: dict[int, list[int]], board: Board, hits_me: Any,
             infect: bool) -> int:
    total = 0
    for a in att.values():
        if not hits_me(a.id) or a.infect != infect:
            continue
        if a.id in blocks:
            fa = Fighter.of(a)
            out = fight(fa, [Fighter.of(board.creatures[b]) for b in blocks[a.id]])
            total += out.to_player
        else:
            total += a.combat_damage
    return total


def _survive(board: Board, att: dict[int, Creature], options: dict[int, list[int]],
             blocks: dict[int, list[int]], used: set[int], hits_me: Any, life: int, incoming: int,
             poison_in: int, only_if_lethal: bool) -> None:
    """Chump block the biggest attackers while the damage getting through would kill us (or leave us too low)."""
    floor = 1 if only_if_lethal else (1 if life <= 6 else 3)
    for _ in range(len(att) + 1):
        dmg = _through(att, blocks, board, hits_me, False)
        poison = _through(att, blocks, board, hits_me, True)
        dying = life - dmg < floor or board.poison + poison >= 10
        if not dying:
            return
        # the unblocked attacker that hurts most, a blocker that can take it
        best = None
        for a in sorted(att.values(), key=lambda c: (-c.combat_damage, c.id)):
            if a.id in blocks or not hits_me(a.id):
                continue
            able = sorted((board.creatures[b] for b, atts in options.items()
                           if b not in used and a.id in atts and b in board.creatures),
                          key=lambda c: (creature_value(c), c.id))
            need = a.min_blockers
            if len(able) < need:
                continue
            if a.trample:
                able.sort(key=lambda c: (-c.health, c.id))
            best = (a, [c.id for c in able[:need]])
            break
        if best is None:
            return
        a, bs = best
        blocks[a.id] = bs
        used.update(bs)
