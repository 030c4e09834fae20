"""How much things are worth: creatures, permanents, cards in hand, and a whole position.

One scale throughout: about one point per mana a card is worth; a vanilla
2/2 is worth a little over 4, a 5/5 flier about 12. Life is worth more when
it runs low.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.keywords import worth as keyword_worth
from ..engine.view import GameView, ObjectView
from .board import Creature, creature_of
from .knowledge import reading_of

WIN = 100000.0


def creature_value(c: Creature) -> float:
    """What a creature on the battlefield is worth to its controller."""
    p, t = max(0, c.power), max(0, c.toughness)
    v = 1.0 + 1.0 * p + 0.6 * t + keyword_worth(c.keywords, p, t)   # each keyword's entry says its worth
    if "cant be blocked" in c.flags:
        v += 0.7 * p
    if not c.can_attack_ever:
        v -= 0.9 * p
    if not c.can_block_ever:
        v -= 0.3 * t
    v += abilities_value(c)
    if not c.can_attack_ever and not c.can_block_ever:
        v = 0.5 + max(0.0, abilities_value(c))
    if any(r.sacrifice_self for _, r in c.reading.triggered):
        v *= 0.3
    return max(0.3, v)


def death_value(c: Creature) -> float:
    """What its controller loses when the creature dies. What is attached to it and outlives it (Equipment,
    which stays on the battlefield, 704.5n; an Aura that returns to its owner's hand, 303.4c, Rancor) takes its
    bonus along: only the creature without that bonus is lost, and the mana to put it on again."""
    rules = c.rules
    if rules is None or not c.view.attachments:
        return creature_value(c)
    power, toughness, keywords = c.power, c.toughness, set(c.keywords)
    again = 0.0
    for aid in c.view.attachments:
        v = rules.find(aid)
        if v is None:
            continue
        r = reading_of(v)
        if not ("Equipment" in v.subtypes or any(t.comes_back for _, t in r.triggered)):
            continue
        if r.main.aura_pt is not None:
            power -= r.main.aura_pt[0]
            toughness -= r.main.aura_pt[1]
        keywords -= set(r.main.aura_keywords)
        again += 0.3 * v.mana_value
    return creature_value(replace(c, power=power, toughness=toughness, keywords=frozenset(keywords))) + again


def abilities_value(c: Creature) -> float:
    v = 0.0
    r = c.reading
    for ability, a in r.activated:
        if a.mana:
            v += 1.0
        elif a.damage:
            v += 2.0 if ability.cost.tap else 0.8
        elif a.loot or a.draw:
            v += 1.5
        elif a.regenerate or a.self_pump:
            v += 1.2
        else:
            v += 0.5
    for _, a in r.triggered:
        if a.gain_life or a.drain:
            v += 0.6
        elif a.tokens or a.draw:
            v += 0.8
        elif a.etb:
            v += 0.0   # already happened
        else:
            v += 0.3
    if r.main.anthem:
        v += 1.5
    return v


def card_value(v: ObjectView) -> float:
    """A card's worth as a permanent or spell, from its printed face (for hand and graveyard choices)."""
    if v.is_land:
        return 2.0
    if v.is_creature:
        return creature_value(creature_of(v))
    mv = v.mana_value
    base = 1.0 + 1.1 * mv
    if any(r.removal or r.counter for r in reading_of(v).all):
        base += 1.5
    if "Planeswalker" in v.types:
        base += 2.0
    return base


def permanent_value(v: ObjectView, board_creatures: dict[int, Creature] | None = None) -> float:
    if v.is_creature:
        c = board_creatures.get(v.id) if board_creatures else None
        return creature_value(c or creature_of(v))
    if v.is_land:
        return 1.5
    if "Planeswalker" in v.types:
        return 3.0 + 1.5 * (v.loyalty or 0)
    if v.attached_to is not None:
        return 0.5   # counted through the creature it changes
    cr = reading_of(v)
    if cr.main.anthem:
        return 3.0
    return 2.0 if cr.activated or cr.triggered else 1.5


def life_value(life: int) -> float:
    """Life is worth more as it runs out."""
    if life <= 0:
        return -50.0
    low = min(life, 5)
    mid = min(max(life - 5, 0), 10)
    high = max(life - 15, 0)
    return 2.0 * low + 0.8 * mid + 0.3 * high


def position(view: GameView, me: int) -> float:
    """How good the position is for ``me`` (positive: better for me)."""
    if view.over:
        if view.winner == me:
            return WIN
        if view.winner is None:
            return 0.0
        return -WIN
    players = view.players
    score = 0.0
    for i, sign in ((me, 1.0), (1 - me, -1.0)):
        p = players[i]
        s = life_value(p.life) - 1.5 * p.poison - (40.0 if p.poison >= 10 else 0.0)
        s += 2.2 * min(p.hand_count, 7)
        if p.library_count <= 0:
            s -= 30.0
        score += sign * s
    lands = [0, 0]
    for v in view.battlefield():
        sign = 1.0 if v.controller == me else -1.0
        if v.is_land:
            lands[v.controller] += 1
            continue
        score += sign * permanent_value(v)
    for i in (0, 1):
        n = lands[i]
        score += (1.0 if i == me else -1.0) * (1.2 * min(n, 6) + 0.3 * max(0, n - 6))
    return score
