"""Declaring attackers: attack when it pays, or when the race is won; keep home what defence needs.

The plan, in order:

1. If the attack is lethal even when the defender blocks as well as they
   can (each blocker stops the biggest attacker it can legally block), attack
   with everything.
2. Judge each attacker against the blocks open to the defender: the worst
   block for us (the defender picks it) must not cost us more value than the
   tolerance, which is higher when we are ahead in the race. Untapped mana
   in the defender's hands counts as a possible trick (a pumped blocker),
   as likely as the cards in their hand make it.
   Unless we are ahead in the race, an attacker stays home when the part of
   their counter-attack it would stop is worth more than what it deals, each
   priced by the life of the player taking it (a 2/4 facing an untapped 3/3
   bounces off, then can't block it; 2 taken at 10 life outweighs 2 dealt at
   20).
   A creature whose {T} ability is worth more than its damage (a Looter's
   loot) stays home to use it.
3. Keep back enough creatures to survive the counter-attack, unless we are
   dead anyway and racing is the only hope; only creatures whose staying
   home keeps some of it off (nothing stays home for a flier it can't block).
4. Send some attackers at planeswalkers when the player isn't in reach.
"""

from __future__ import annotations

from itertools import combinations

from ..engine.decisions import DeclareAttackers
from .board import Board, Creature, can_block
from .combat_math import Fighter, Outcome, fight
from .evaluate import creature_value, life_value


BASE_TOLERANCE = 0.0     # value we accept to lose in the defender's best block
AHEAD_TOLERANCE = 1.5    # ... more when we are ahead in the race
TRICK_PER_CARD = 0.1     # chance that one card in the defender's hand is a trick they can cast now
TRICK_CARD = 2.0         # what the trick card is worth to them: spent, it makes the loss a trade of cards


def guaranteed_damage(attackers: list[Creature], blockers: list[Creature]) -> int:
    """Damage that gets through if the defender blocks to prevent as much as possible (chump blocks included)."""
    free = list(blockers)
    total = 0
    for a in sorted(attackers, key=lambda c: (-c.combat_damage, c.id)):
        dmg = a.combat_damage
        able = [b for b in free if can_block(b, a)]
        need = a.min_blockers
        if len(able) < need or dmg <= 0:
            total += dmg
            continue
        if a.trample:
            able.sort(key=lambda b: (-b.health, b.id))
            chosen = able[:need]
            through = max(0, a.power - sum(max(0, b.health) for b in chosen)) * (2 if a.double_strike else 1)
            total += through
        else:
            able.sort(key=lambda b: (creature_value(b), b.id))
            chosen = able[:need]
        for b in chosen:
            free.remove(b)
    return total


def poison_damage(attackers: list[Creature], blockers: list[Creature]) -> int:
    inf = [a for a in attackers if a.infect]
    return guaranteed_damage(inf, blockers) if inf else 0


def clock(attackers: list[Creature], blockers: list[Creature], life: int) -> int:
    """Turns to kill a player at ``life`` with these attackers against these blockers (99: never)."""
    per_turn = guaranteed_damage(attackers, blockers)
    if per_turn <= 0:
        per_turn = sum(a.combat_damage for a in attackers) // 3
    if per_turn <= 0:
        return 99
    return max(1, -(-life // per_turn))


def trick_pump(board: Board) -> tuple[int, int]:
    """The pump the defender might have in hand, guessed from their colours."""
    return (3, 3) if "G" in board.opp_colors else (2, 2)


def trick_risk(a: Creature, value: float, board: Board) -> float:
    """What attacking into a blocker that a pump could flip is expected to cost: with chance p (each card in
    the defender's hand a trick one time in ten) we lose the attacker for their trick card; otherwise the
    blocker stays back and the attacker's damage gets through."""
    p = 1.0 - (1.0 - TRICK_PER_CARD) ** board.opp_hand_count
    return p * (value - TRICK_CARD) - (1.0 - p) * _damage_worth(a.combat_damage, board.opp_life)


def worst_block_loss(a: Creature, blockers: list[Creature], board: Board, trick: bool) -> float:
    """Value we lose (net of what they lose, and of the damage trampling over) under the block that is best
    for the defender."""
    def through(out: Outcome) -> float:
        return life_value(board.opp_life) - life_value(board.opp_life - out.to_player) if out.to_player else 0.0
    able = [b for b in blockers if can_block(b, a)]
    if not able:
        return -0.01
    fa = Fighter.of(a)
    worst = -99.0
    menace = a.min_blockers >= 2
    if not menace:
        for b in able:
            fb = Fighter.of(b)
            out = fight(fa, [fb])
            mine, theirs = out.lost_value(fa, [fb])
            net = mine - theirs - through(out)
            if trick and not out.attacker_dies:
                pumped = Fighter.of(b, trick_pump(board))
                po = fight(fa, [pumped])
                if po.attacker_dies and b.id not in po.dead_blockers:
                    net = max(net, trick_risk(a, fa.value, board))
            worst = max(worst, net)
    pairs = list(combinations(sorted(able, key=lambda c: -creature_value(c))[:5], 2))
    for b1, b2 in pairs:
        f1, f2 = Fighter.of(b1), Fighter.of(b2)
        out = fight(fa, [f1, f2])
        mine, theirs = out.lost_value(fa, [f1, f2])
        net = (mine - theirs - through(out)) * (1.0 if menace else 0.8)
        worst = max(worst, net)
    if worst == -99.0:
        return -0.01
    return worst


def _damage_dealt(a: Creature, blockers: list[Creature]) -> int:
    """What an attacker can be counted on to deal: nothing (a trampler: its excess) when a blocker can
    stop it and survive, since the defender then blocks for free; else its damage (a block that costs
    them is judged as a loss)."""
    fa = Fighter.of(a)
    dealt = a.combat_damage
    if a.min_blockers > 1:
        return dealt
    for b in blockers:
        if can_block(b, a) and b.id not in fight(fa, [Fighter.of(b)]).dead_blockers:
            dealt = min(dealt, max(0, a.power - max(0, b.health)) if a.trample else 0)   # trample: the excess
    return dealt


def tap_ability_worth(c: Creature, board: Board) -> float:
    """What staying untapped is worth to a creature with a {T} ability that isn't a mana ability: it can
    use it by the opponent's end step (a loot or a card drawn, a ping), which attacking would forgo, the
    attacker staying tapped until our next untap step (302.6, 502.3). Only abilities with no mana to pay,
    or whose mana we can pay now, count."""
    if c.vigilance:
        return 0.0
    best = 0.0
    for ability, r in c.reading.activated:
        cost = ability.cost
        if not cost.tap or r.mana or cost.sacrifice_self:
            continue
        mana = str(cost.mana).replace("{X}", "")
        if mana and not board.view.can_pay(board.me, mana):
            continue
        worth = 0.0
        if r.loot or r.draw:
            worth = 1.6 if (board.hand or not r.loot) else 0.0   # looting an empty hand gains nothing
        elif r.damage:
            worth = _damage_worth(r.damage, board.opp_life) + 0.3   # at least as good as the attack's damage
        best = max(best, worth)
    return best


def _home_worth(a: Creature, board: Board, blockers: list[Creature], home: int) -> float:
    """What keeping ``a`` home is worth more than attacking with it: the counter-attack damage it keeps off,
    priced at our life, against the damage it can be counted on to deal, priced at theirs (a point matters
    more to the player with less life: 2 damage taken at 12 life costs more than 2 dealt at 20)."""
    kept_off = counterattack_damage(board, {a.id}) - home
    if kept_off <= 0:
        return -1.0
    return _damage_worth(kept_off, board.life) - _damage_worth(_damage_dealt(a, blockers), board.opp_life)


def _damage_worth(amount: int, life: int) -> float:
    return life_value(life) - life_value(life - amount) if amount > 0 else 0.0


def counterattack_damage(board: Board, attacking: set[int]) -> int:
    """What the opponent could deal us next turn if these creatures attack now (they stay tapped)."""
    theirs = [c for c in board.opp_creatures if c.can_attack_ever]
    mine = [c for c in board.my_creatures if c.can_block_ever and not c.tapped
            and (c.id not in attacking or c.vigilance)]
    return guaranteed_damage(theirs, mine)


def plan_attack(board: Board, d: DeclareAttackers, naive: bool = False) -> list[list[int]]:
    cands = [board.creatures[i] for i in d.candidates if i in board.creatures]
    defenders = d.defenders
    player_id = board.opp + 1
    if player_id not in defenders:
        player_id = defenders[0]
    must = [i for i in d.must_attack if i in board.creatures]
    blockers = [c for c in board.opp_creatures if c.can_block_now]
    attackers = [c for c in cands if c.combat_damage > 0 or c.id in must]
    opp_life = board.opp_life
    # 1. Lethal through any blocks (at every level: it's the obvious attack).
    if attackers and (guaranteed_damage(attackers, blockers) >= opp_life
                      or board.opp_poison + poison_damage(attackers, blockers) >= 10):
        return [[a.id, player_id] for a in attackers]
    if naive:
        return _naive(cands, blockers, must, player_id)
    # 2. The race.
    my_clock = clock([c for c in board.my_creatures if c.can_attack_ever], blockers, opp_life)
    their_attackers = [c for c in board.opp_creatures if c.can_attack_ever]
    my_blockers_all = [c for c in board.my_creatures if c.can_block_ever]
    their_clock = clock(their_attackers, my_blockers_all, board.life)
    ahead = my_clock < their_clock or (my_clock == their_clock and board.my_turn)
    tolerance = BASE_TOLERANCE
    if ahead:
        tolerance += AHEAD_TOLERANCE
    if opp_life <= 5:
        tolerance += 1.0
    trick = board.opp_may_have_trick
    chosen: list[Creature] = []
    home = counterattack_damage(board, set())
    for a in attackers:
        if a.id in must:
            chosen.append(a)
            continue
        if not ahead and _home_worth(a, board, blockers, home) > 0.0:
            continue   # it keeps more of their attack off at home than its damage is worth in ours
        if tap_ability_worth(a, board) > _damage_worth(_damage_dealt(a, blockers), opp_life):
            continue   # its {T} ability (a Looter's loot) is worth more than the damage it would deal
        loss = worst_block_loss(a, blockers, board, trick)
        if loss <= tolerance:
            chosen.append(a)
    # 3. Defence: don't leave the door open.
    margin = 1 + (3 if "R" in board.opp_colors and board.opp_hand_count else 0)
    ids = {c.id for c in chosen}
    if chosen and board.life - counterattack_damage(board, ids) < margin:
        if board.life - counterattack_damage(board, set()) <= 0 and my_clock <= 1:
            pass   # even holding everything back doesn't keep us alive, and we kill first: race
        else:
            removable = sorted((c for c in chosen if c.id not in must),
                               key=lambda c: (-_blocking_worth(c, their_attackers), c.id))
            for c in removable:
                if board.life - counterattack_damage(board, ids) >= margin:
                    break
                if counterattack_damage(board, ids - {c.id}) < counterattack_damage(board, ids):
                    ids.discard(c.id)   # home, it keeps some of their attack off; else it attacks (a flier's)
            chosen = [c for c in chosen if c.id in ids]
    # 4. Planeswalkers.
    pws = [d for d in defenders if d != player_id]
    assign: dict[int, int] = {c.id: player_id for c in chosen}
    if pws and chosen:
        walkers = {v.id: v for v in board.planeswalkers(board.opp)}
        free = sorted(chosen, key=lambda c: (not c.evasive, -c.power, c.id))
        for pw in pws:
            loyalty = (walkers[pw].loyalty or 0) if pw in walkers else 0
            if loyalty <= 0:
                continue
            got = 0
            for c in list(free):
                if got >= loyalty:
                    break
                assign[c.id] = pw
                got += c.combat_damage
                free.remove(c)
    return [[c.id, assign[c.id]] for c in chosen]


def _blocking_worth(c: Creature, their_attackers: list[Creature]) -> float:
    """How useful a creature is at home: can it stop their attackers?"""
    w = 0.0
    for a in their_attackers:
        if can_block(c, a):
            out = fight(Fighter.of(a), [Fighter.of(c)])
            w += 1.0 + (2.0 if out.attacker_dies else 0.0) + (1.0 if c.id not in out.dead_blockers else 0.0)
    return w - 0.3 * c.combat_damage


def _naive(cands: list[Creature], blockers: list[Creature], must: list[int], player_id: int) -> list[list[int]]:
    """Easy level: a cautious beginner's attack. Each creature attacks when no untapped creature of the
    defender's could block it and kill it, alone: it doesn't attack into a trade, and it weighs no double
    block, trick or race."""
    out = []
    for a in cands:
        if a.id in must:
            out.append([a.id, player_id])
            continue
        if a.combat_damage <= 0:
            continue
        fa = Fighter.of(a)
        if a.min_blockers >= 2 or not any(can_block(b, a) and fight(fa, [Fighter.of(b)]).attacker_dies
                                          for b in blockers):
            out.append([a.id, player_id])
    return out
