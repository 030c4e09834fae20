"""Our own main phase: the land for the turn, then the spells and abilities worth the mana.

One action per decision (the game asks again after each):

1. Play a land if we may: the one that makes the colours the hand lacks; a
   tapped land when its mana wouldn't be used this turn anyway.
2. Burn that kills the opponent goes first.
3. Otherwise pick the set of sorcery-speed plays worth the most that the
   mana can pay for together, leaving the mana of the best instant we hold
   open when that is worth more than what it would cost us (counterspells,
   instant removal, tricks, flash creatures).
4. Play them in a sensible order: ramp, removal, auras/equipment/anthems,
   creatures, card draw. Before combat only what helps the attack (or
   creatures, when we hold no trick that wants the mana during combat).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .board import Board
from .knowledge import cost_colors, enters_tapped, mana_colors, spell_reading
from .levels import Level
from .plays import Play, candidate_plays, is_instant_speed
from .targeting import aimed

MIN_SCORE = {"creature": 0.0, "removal": 2.5, "burn": 2.4, "sweeper": 2.0, "edict": 1.0, "aura": 1.2,
             "equipment": 0.5, "equip": 0.5, "anthem": 0.8, "permanent": 0.5, "planeswalker": 0.0, "draw": 0.5,
             "ramp": 0.5, "loyalty": 0.5, "steal": 0.0, "overrun": 0.0, "disrupt": 0.8, "raise": 1.0,
             "tokens": 0.5, "other": 0.3, "tap": 2.5, "mill": 0.3, "ping": 0.5, "modal": 1.0, "bounce": 3.0,
             "crew": 0.5}

ORDER = {"overrun": 0, "steal": 0, "ramp": 1, "loyalty": 2, "removal": 3, "burn": 3, "sweeper": 3, "edict": 3,
         "disrupt": 4, "tap": 4, "equipment": 5, "anthem": 5, "aura": 6, "equip": 7, "planeswalker": 8,
         "creature": 9, "tokens": 10, "raise": 11, "draw": 12, "other": 13, "ping": 14, "mill": 15,
         "permanent": 8, "modal": 13, "bounce": 4,
         "crew": 11}


def choose_land(board: Board, land_actions: list[dict[str, Any]]) -> dict[str, Any]:
    view = board.view
    cards = [(a, view.find(a["card"])) for a in land_actions]
    cards = [(a, c) for a, c in cards if c is not None]
    if not cards:
        return land_actions[0]
    have: set[str] = set()
    for land in board.lands(board.me):
        have |= mana_colors(land)
    spells = [c for c in board.hand if not c.is_land]
    need: dict[str, int] = {}
    for s in spells:
        for col in cost_colors(s.mana_cost):
            need[col] = need.get(col, 0) + 1
    untapped_now = board.mana_count
    # would one more untapped mana let us cast something this turn that we can't now?
    wants_mana_now = any(s.mana_value == untapped_now + 1 for s in spells) or \
        any(s.mana_value > untapped_now and "{X}" in s.mana_cost for s in spells)

    def rank(item: tuple[dict[str, Any], Any]) -> tuple[float, int]:
        c = item[1]
        cols = mana_colors(c)
        tapped = enters_tapped(c)
        missing = sum(n for col, n in need.items() if col in cols and col not in have)
        useful = sum(n for col, n in need.items() if col in cols)
        score = 3.0 * missing + 0.3 * useful + (0.5 if len(cols) > 1 else 0.0)
        if tapped:
            score += -4.0 if wants_mana_now else 1.0
        return (-score, c.id)
    cards.sort(key=rank)
    return cards[0][0]


def lethal_burn(board: Board, plays: list[Play]) -> Play | None:
    """If the burn we can throw at the opponent right now kills them, the biggest piece of it."""
    face = board.opp + 1
    burn: list[tuple[int, Play]] = []
    for p in plays:
        r = p.reading
        if not r.damage or r.damage_to not in ("any", "player"):
            continue
        if p.kind not in ("burn", "ping", "sac_ping"):
            continue
        rows = board.view.action_targets(board.me, p.action)
        if not rows or face not in rows[0]["options"] or aimed(p.action, [face], rows) is None:
            continue
        amount = r.damage
        if amount < 0:
            amount = p.action.get("x") or 0
            # use the largest X for the face
            from .plays import _x_max
            amount = max(amount, _x_max(board, p.card.mana_cost)) if p.card is not None else amount
        burn.append((amount, p))
    if not burn:
        return None
    burn.sort(key=lambda x: (-x[0], x[1].name))
    total = 0
    costs = ""
    used: list[tuple[int, Play]] = []
    for amount, p in burn:
        cost = p.card.mana_cost.replace("{X}", f"{{{amount}}}") if (p.card is not None and "{X}" in
                                                                   p.card.mana_cost) else p.cost
        if board.can_pay(costs + cost):
            costs += cost
            total += amount
            used.append((amount, p))
    if total >= board.opp_life and used:
        amount, p = used[0]
        action = aimed(p.action, [face], board.view.action_targets(board.me, p.action)) or dict(p.action)
        if "x" in action and action["x"] is not None:
            action["x"] = amount
        return Play(action, 10000.0, p.cost, p.kind, "now", p.name, p.reading, p.card, p.instant)
    return None


def _cost_of(plays: list[Play]) -> str:
    return "".join(p.cost for p in plays)


def best_subset(board: Board, plays: list[Play], reserve: str = "") -> tuple[float, list[Play]]:
    plays = sorted(plays, key=lambda p: (-p.score, p.name, p.action.get("card", p.action.get("source", 0))))[:9]
    best: tuple[float, list[Play]] = (0.0, [])
    budget = board.mana_count
    for k in range(1, min(4, len(plays)) + 1):
        for combo in combinations(plays, k):
            mv = sum(p.mv for p in combo)
            if mv > budget:
                continue
            cards = [p.action.get("card") for p in combo if p.action.get("action") == "cast"]
            if len(set(cards)) != len(cards):
                continue
            sources = [p.action.get("source") for p in combo if p.action.get("action") == "activate"]
            if len(set(sources)) != len(sources):
                continue
            value = sum(p.score for p in combo) + 0.15 * mv
            if value <= best[0]:
                continue
            if board.can_pay(_cost_of(list(combo)) + reserve):
                best = (value, list(combo))
    return best


def reserve_for(board: Board, plays: list[Play]) -> tuple[str, float]:
    """The mana to keep open for the best instant-speed card we hold, and what keeping it is worth."""
    from .board import creature_of
    from .evaluate import creature_value
    best: tuple[str, float] = ("", 0.0)
    for card in board.hand:
        if card.is_land or not is_instant_speed(card):
            continue
        worth = 0.0
        if card.is_creature:
            worth = 0.5 * creature_value(creature_of(card))
        else:
            r = spell_reading(card)
            if r.counter:
                worth = 4.5 if board.opp_hand_count else 0.5
            elif r.removal:
                worth = 1.8 if board.opp_creatures or board.opp_hand_count else 0.3
            elif r.pt is not None and r.pt[0] > 0:
                worth = 1.5 if board.my_creatures else 0.0
            elif r.fog:
                worth = 1.5 if board.opp_creatures else 0.0
            elif r.tokens:
                worth = 1.0
        if worth > best[1]:
            best = (card.mana_cost.replace("{X}", ""), worth)
    for p in plays:
        if p.kind in ("regen", "pump") and 1.0 > best[1]:
            best = (p.cost, 1.0)
    return best


def main_action(board: Board, options: list[Any], level: Level) -> dict[str, Any] | None:
    lands = [o.value for o in options if o.value.get("action") == "play"]
    if lands:
        if level.name == "easy":
            return _easy_land(board, lands)
        return choose_land(board, lands)
    plays = candidate_plays(board, options, needs=True)
    if not plays:
        return None
    lethal = lethal_burn(board, plays)
    if lethal is not None:
        return lethal.action
    if level.name == "easy":
        return _easy_main(board, plays)
    step = board.step
    attackers = [c for c in board.my_creatures if c.can_attack_now]
    usable: list[Play] = []
    for p in plays:
        if p.score < MIN_SCORE.get(p.kind, 0.5):
            continue
        if p.timing == "main" or p.kind in ("removal", "burn") and p.instant and step == "main1" and attackers and _clears_blocker(
                board, p) or p.kind == "loyalty":
            usable.append(p)
    if not usable:
        return None
    reserve_cost, reserve_worth = reserve_for(board, plays)
    full = best_subset(board, usable)
    chosen = full[1]
    if reserve_cost and level.holds_mana:
        kept = best_subset(board, usable, reserve_cost)
        if kept[0] + reserve_worth >= full[0]:
            chosen = kept[1]
    if not chosen:
        return None
    # a trick in hand waits for combat with its mana; a pump ability (a mana sink) gets what is left over
    holds_trick = any(p.kind == "trick" for p in plays) and bool(attackers)
    if step == "main1":
        now = [p for p in chosen if p.precombat or p.score >= 10000
               or (p.kind in ("creature", "planeswalker", "permanent", "ramp", "draw", "raise", "disrupt")
                   and not holds_trick)]
        if not now:
            return None
        chosen = now
    chosen.sort(key=lambda p: (ORDER.get(p.kind, 20), -p.score, p.name))
    return chosen[0].action


def _clears_blocker(board: Board, p: Play) -> bool:
    """Instant removal before combat only when its target is a creature that could block."""
    t = p.action.get("targets") or []
    if not t or not t[0]:
        return False
    c = board.creatures.get(t[0][0])
    return c is not None and c.controller == board.opp and c.can_block_now


def _easy_land(board: Board, lands: list[dict[str, Any]]) -> dict[str, Any]:
    for a in lands:
        v = board.view.find(a["card"])
        if v is not None and not enters_tapped(v):
            return a
    return lands[0]


def _easy_main(board: Board, plays: list[Play]) -> dict[str, Any] | None:
    """Easy: the most expensive thing it can cast, every time, aimed the simple way.

    Pump spells go on its biggest creature right away (not saved for combat) and burn
    goes to the opponent's face unless it kills a creature with 3 or more power.
    """
    ok = []
    for p in plays:
        if p.kind in ("counter", "fog", "sac_ping", "regen", "pump") or p.timing in ("react", "opp_combat"):
            continue
        if p.kind == "trick":
            mine = sorted(board.my_creatures, key=lambda c: (-c.power, c.id))
            rows = board.view.action_targets(board.me, p.action)
            mine = [c for c in mine if rows and c.id in rows[0]["options"]]
            a = aimed(p.action, [mine[0].id], rows) if mine else None
            if a is None:
                continue
            p = Play(a, 1.0, p.cost, p.kind, "main", p.name, p.reading,
                     p.card, p.instant)
        elif p.kind == "burn":
            t = (p.action.get("targets") or [[]])[0]
            victim = board.creatures.get(t[0]) if t else None
            rows = board.view.action_targets(board.me, p.action)
            face = board.opp + 1
            a = aimed(p.action, [face], rows) if rows and face in rows[0]["options"] else None
            if (victim is None or victim.power < 3) and a is not None:
                p = Play(a, 1.0, p.cost, p.kind, "main", p.name, p.reading, p.card,
                         p.instant)
        elif p.score <= 0.5:
            continue
        ok.append(p)
    if not ok:
        return None
    ok.sort(key=lambda p: (-p.mv, -p.score, p.name))
    return ok[0].action
