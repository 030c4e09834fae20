"""Instant speed: answers to what the opponent does, combat tricks, and the opponent's end step.

- With the opponent's spell or ability on top of the stack: counter it if
  it matters (a real creature, removal or burn aimed at our things, a
  sweeper that hurts us more, lethal burn); save a creature it targets
  (regenerate, pump out of damage range, sacrifice it for value, bounce it
  home).
- After blockers are declared: a pump, a pump ability or removal that
  turns a fight around (saves our creature or kills theirs), regeneration
  for a creature about to die, Fog when the damage would kill us.
- When the opponent attacks: removal on the attacker that would hit
  hardest (a bounce when what it costs them is worth the card), a flash
  blocker.
- At the opponent's beginning of combat: tap their best attacker.
- At the opponent's end step: what is left — burn to the face if the
  opponent is nearly dead, removal, pingers, card draw, flash creatures.
- At any time: burn that kills the opponent.
"""

from __future__ import annotations

from typing import Any

from .board import Board, Creature
from .combat_math import Fighter, fight
from .evaluate import card_value, creature_value
from .knowledge import activated, read_ability, reading_of
from .levels import Level
from .main_phase import lethal_burn
from .plays import Play, candidate_plays, is_instant_speed
from .targeting import aimed, aimed_first, counter_value, face_value, kill_value, stack_reading


def instant_action(board: Board, options: list[Any], level: Level, memo: Any) -> dict[str, Any] | None:
    if len(options) <= 1:
        return None
    if not (board.stack or _moment(board, level) or _may_finish(board, options)):
        return None      # nothing to answer, no moment for tricks, no burn that could finish the game
    plays = candidate_plays(board, options)
    if not plays:
        return None
    lethal = lethal_burn(board, plays)
    if lethal is not None:
        return lethal.action
    winning = [p for p in plays if p.score >= 10000 and p.action.get("targets") is not None]
    if winning:
        return winning[0].action
    if board.stack:
        top = board.stack[0]
        if top.controller == board.me:
            return None
        return respond(board, plays, top, level, memo)
    if not level.uses_tricks:
        return _easy_instant(board, plays)
    step = board.step
    if board.my_turn:
        if step == "declare_blockers":
            return combat_trick(board, plays, memo)
        return None
    if step == "beginning_of_combat":
        return _tap_attacker(board, plays)
    if step == "declare_attackers":
        return _vs_attackers(board, plays)
    if step == "declare_blockers":
        return combat_trick(board, plays, memo) or _fog(board, plays)
    if step == "end":
        return end_step(board, plays)
    return None


def _moment(board: Board, level: Level) -> bool:
    """A step where our instants may matter with the stack empty."""
    if not level.uses_tricks:
        return False
    if board.my_turn:
        return board.step == "declare_blockers"
    return board.step in ("beginning_of_combat", "declare_attackers", "declare_blockers", "end")


def _may_finish(board: Board, options: list[Any]) -> bool:
    """Could some option end the game now (burn, a "can't lose" permanent to remove)?"""
    opp = board.players[board.opp]
    if opp.life <= 0 or opp.poison >= 10 or opp.library_count == 0:
        return True
    for o in options:
        a = o.value
        if a.get("action") == "cast":
            v = board.view.cast_view(a)
            if v is not None and any(r.damage for r in reading_of(v).all):
                return True
        elif a.get("action") == "activate":
            v = board.view.find(a["source"])
            abilities = activated(v) if v is not None else []
            i = a.get("ability") or 0
            if 0 <= i < len(abilities) and read_ability(abilities[i]).damage:
                return True
    return False


# ---------------------------------------------------------------------------
# Responses


def respond(board: Board, plays: list[Play], top: Any, level: Level, memo: Any) -> dict[str, Any] | None:
    counters = [p for p in plays if p.kind == "counter"]
    if counters:
        worth = counter_value(board, top.id)
        n_counters = len(counters)
        threshold = 0.0 if level.counters_all else (4.0 if n_counters == 1 else 3.0)
        if worth >= threshold:
            for p in sorted(counters, key=lambda p: (p.mv, p.name)):
                rows = board.view.action_targets(board.me, p.action)
                targets = aimed_first([top.id], rows) if rows and top.id in rows[0]["options"] else None
                if targets is not None:
                    return dict(p.action, targets=targets)
    if not level.uses_tricks:
        return None
    # save a creature of ours that the top item harms
    r = stack_reading(board, top)
    mine = [t for t, _ in top.targets if t in board.creatures and board.creatures[t].controller == board.me]
    if not mine or not r.harmful:
        return None
    c = board.creatures[mine[0]]
    dies = (r.damage and r.damage >= c.health) or r.destroy or (r.pt is not None and c.health + r.pt[1] <= 0) \
        or r.exile or r.steal or r.steal_temp
    if not dies:
        return None
    for p in plays:
        if p.kind == "regen" and p.action.get("source") == c.id and r.destroy and not r.no_regen:
            return p.action
        if p.kind == "regen" and p.action.get("source") == c.id and r.damage:
            return p.action
        if p.kind == "sac_ping" and p.action.get("source") == c.id:
            return p.action
    if creature_value(c) < 3.0:
        return None
    for p in plays:
        if p.kind == "trick" and (r.damage or (r.pt is not None)):
            pump = p.reading.pt or (0, 0)
            loss = r.damage if r.damage else -(r.pt[1] if r.pt else 0)
            if c.health + pump[1] > loss:
                rows = board.view.action_targets(board.me, p.action)
                if rows and c.id in rows[0]["options"] and (a := aimed(p.action, [c.id], rows)) is not None:
                    return a
        if p.kind == "bounce" and (r.exile or r.destroy or r.steal or r.damage):
            rows = board.view.action_targets(board.me, p.action)
            if rows and c.id in rows[0]["options"] and creature_value(c) >= 4.0 \
                    and (a := aimed(p.action, [c.id], rows)) is not None:
                return a
    return None


# ---------------------------------------------------------------------------
# Combat


def _combat_groups(board: Board) -> list[tuple[Creature, list[Creature]]]:
    """(attacker, its blockers) for every attacker, from the current combat."""
    combat = board.view.combat()
    if not combat:
        return []
    blockers_of: dict[int, list[int]] = {}
    for b, atts in combat["blockers"].items():
        for a in atts:
            blockers_of.setdefault(a, []).append(b)
    out = []
    for a in combat["attackers"]:
        ac = board.creatures.get(a)
        if ac is None:
            continue
        bs = [board.creatures[b] for b in blockers_of.get(a, []) if b in board.creatures]
        out.append((ac, bs))
    return out


def _group_value(board: Board, att: Creature, blks: list[Creature], pumps: dict[int, tuple[int, int]],
                 removed: set[int] = frozenset()) -> float:  # type: ignore[assignment]
    """Value of a combat group's outcome for us (creatures lost by each side; damage to players)."""
    if att.id in removed:
        return (creature_value(att) if att.controller == board.opp else -creature_value(att))
    fa = Fighter.of(att, pumps.get(att.id, (0, 0)))
    fbs = [Fighter.of(b, pumps.get(b.id, (0, 0))) for b in blks if b.id not in removed]
    was_blocked = bool(blks)
    if was_blocked and not fbs and not att.trample:
        out_to_player = 0
        dead_a, dead_b = False, []
    else:
        out = fight(fa, fbs)
        out_to_player = out.to_player
        dead_a, dead_b = out.attacker_dies, out.dead_blockers
    sign = 1.0 if att.controller == board.me else -1.0
    value = 0.0
    value -= sign * (fa.value if dead_a else 0.0)
    value += sign * sum(b.value for b in fbs if b.id in dead_b)
    if att.controller == board.me:
        value += face_value(board, out_to_player) if out_to_player else 0.0
    else:
        value -= out_to_player * (1.5 if board.life - out_to_player <= 5 else 0.5)
        if board.life - out_to_player <= 0:
            value -= 1000.0
    for b in blks:
        if b.id in removed:
            value += sign * creature_value(b)
    return value


def after_combat(board: Board) -> tuple[str, float]:
    """On our turn: the mana cost and worth of the best card in hand that waits for the main phase after
    combat (a creature, a sorcery) and could be paid for now; ("", 0) when there is none."""
    best: tuple[str, float] = ("", 0.0)
    if not board.my_turn:
        return best
    for card in board.hand:
        if card.is_land or is_instant_speed(card) or "{X}" in card.mana_cost or not board.can_pay(card.mana_cost):
            continue
        worth = card_value(card)
        if worth > best[1]:
            best = (card.mana_cost, worth)
    return best


def combat_trick(board: Board, plays: list[Play], memo: Any) -> dict[str, Any] | None:
    groups = _combat_groups(board)
    if not groups:
        return None
    keep_cost, keep_worth = after_combat(board)

    def leaves_mana(p: Play, gain: float) -> bool:
        """A trick or pump spends only mana the card kept for after combat doesn't need, unless it gains more."""
        return not keep_cost or gain >= keep_worth or board.can_pay(p.cost + keep_cost)
    mine_in_combat = {c.id for a, bs in groups for c in [a] + bs if c.controller == board.me}
    best: tuple[float, dict[str, Any]] | None = None
    for p in plays:
        if p.kind == "trick":
            rows = board.view.action_targets(board.me, p.action)
            if not rows:
                continue
            pump = p.reading.pt or (0, 0)
            for cid in rows[0]["options"]:
                if cid not in mine_in_combat:
                    continue
                gain = _pump_gain(board, groups, cid, pump)
                a = aimed(p.action, [cid], rows)
                if a is not None and gain >= 2.0 + 0.2 * p.mv and (best is None or gain > best[0]) \
                        and leaves_mana(p, gain):
                    best = (gain, a)
        elif p.kind == "pump":
            cid = p.action.get("source")
            if cid not in mine_in_combat:
                continue
            pump = p.reading.self_pump or (0, 0)
            n = sum(1 for k in range(1, len(board.mana_units) + 1) if board.can_pay(p.cost * k))   # affordable
            gains = [_pump_gain(board, groups, cid, (pump[0] * k, pump[1] * k)) for k in range(1, max(1, n) + 1)]
            g = max(gains, default=0.0)
            if keep_cost:
                # only the activations the card kept for after combat leaves mana for, unless more gains more
                spare = sum(1 for k in range(1, len(gains) + 1) if board.can_pay(p.cost * k + keep_cost))
                g_spare = max(gains[:spare], default=0.0)
                if g - g_spare < keep_worth:
                    g = g_spare
            if g > 0.5:
                if best is None or g > best[0]:
                    best = (g, p.action)
        elif p.kind == "regen":
            cid = p.action.get("source")
            key = ("regen", cid)
            if cid not in mine_in_combat or key in memo.tried:
                continue
            if _dies_in_combat(board, groups, cid):
                memo.tried.add(key)
                return p.action
        elif p.kind in ("removal", "burn") and p.instant:
            rows = board.view.action_targets(board.me, p.action)
            if not rows:
                continue
            for tid in rows[0]["options"]:
                c = board.creatures.get(tid)
                if c is None or c.controller != board.opp:
                    continue
                in_group = [(a, bs) for a, bs in groups if a.id == tid or any(b.id == tid for b in bs)]
                if not in_group:
                    continue
                a, bs = in_group[0]
                before = _group_value(board, a, bs, {})
                after = _group_value(board, a, bs, {}, {tid}) if kill_value(board, tid, p.reading,
                                                                          p.reading.damage or None) > 0 else before
                gain = after - before
                a = aimed(p.action, [tid], rows)
                if a is not None and gain >= 4.0 and (best is None or gain > best[0]):
                    best = (gain, a)
    return best[1] if best else None


def _pump_gain(board: Board, groups: list[tuple[Creature, list[Creature]]], cid: int,
               pump: tuple[int, int]) -> float:
    for a, bs in groups:
        if a.id == cid or any(b.id == cid for b in bs):
            before = _group_value(board, a, bs, {})
            after = _group_value(board, a, bs, {cid: pump})
            return after - before
    return 0.0


def _dies_in_combat(board: Board, groups: list[tuple[Creature, list[Creature]]], cid: int) -> bool:
    for a, bs in groups:
        if a.id == cid or any(b.id == cid for b in bs):
            fa = Fighter.of(a)
            fbs = [Fighter.of(b) for b in bs]
            out = fight(fa, fbs)
            if a.id == cid:
                return out.attacker_dies
            return cid in out.dead_blockers
    return False


def _fog(board: Board, plays: list[Play]) -> dict[str, Any] | None:
    fogs = [p for p in plays if p.kind == "fog"]
    if not fogs:
        return None
    groups = _combat_groups(board)
    through = 0
    for a, bs in groups:
        if a.controller != board.opp:
            continue
        out = fight(Fighter.of(a), [Fighter.of(b) for b in bs])
        through += out.to_player
    if through >= board.life or (through >= 7 and board.life - through <= 5):
        return fogs[0].action
    return None


def _vs_attackers(board: Board, plays: list[Play]) -> dict[str, Any] | None:
    """The opponent has declared attackers: kill the one that would hit hardest (or bounce it, when what it
    carries and the mana to cast it again are worth it), or flash in (or crew) a blocker."""
    combat = board.view.combat()
    if not combat or not combat["attackers"]:
        return None
    attackers = [board.creatures[a] for a in combat["attackers"] if a in board.creatures]
    incoming = sum(a.combat_damage for a in attackers)
    best: tuple[float, dict[str, Any]] | None = None
    for p in plays:
        if p.kind in ("removal", "burn", "bounce") and p.instant:
            rows = board.view.action_targets(board.me, p.action)
            if not rows:
                continue
            for a in attackers:
                if a.id not in rows[0]["options"]:
                    continue
                amount = p.action.get("x") or None
                if not _kills(a, p.reading, amount):
                    continue
                v = kill_value(board, a.id, p.reading, amount)
                if v <= 0:
                    continue
                v += 0.4 * a.combat_damage * (2.0 if incoming >= board.life - 3 else 1.0)
                aimed_at = aimed(p.action, [a.id], rows)
                if aimed_at is not None and v >= 4.0 and (best is None or v > best[0]):
                    best = (v, aimed_at)
        elif p.timing == "flash" and p.kind == "creature" and p.card is not None:
            from .board import creature_of
            c = creature_of(p.card)
            for a in attackers:
                out = fight(Fighter.of(a), [Fighter.of(c)])
                if out.attacker_dies:
                    v = creature_value(a) - (creature_value(c) if c.id in out.dead_blockers else 0) + p.score
                    if best is None or v > best[0]:
                        best = (v, p.action)
        elif p.kind == "tokens" and p.instant and incoming >= board.life - 2:
            return p.action
        elif p.kind == "crew" and p.timing == "opp_combat" and (best is None or p.score > best[0]):
            best = (p.score, p.action)     # a Vehicle crewed to block
    return best[1] if best else None


def _kills(c: Creature, r: Any, amount: int | None = None) -> bool:
    """Does this removal take the creature out (not just scratch it)?"""
    if r.damage:
        n = amount if amount is not None else r.damage
        return n >= c.health and not c.indestructible
    if r.pt is not None and r.pt[1] < 0:
        return c.health + r.pt[1] <= 0 and not c.indestructible
    if r.destroy:
        return not c.indestructible and not c.regenerates
    return bool(r.exile or r.steal or r.pacify or r.bounce)


def _tap_attacker(board: Board, plays: list[Play]) -> dict[str, Any] | None:
    taps = [p for p in plays if p.kind == "tap" and p.timing == "opp_combat"]
    if not taps:
        return None
    cands = [c for c in board.opp_creatures if c.can_attack_now and c.power >= 2]
    if not cands:
        return None
    target = max(cands, key=lambda c: (c.combat_damage + creature_value(c) * 0.3, -c.id))
    for p in taps:
        rows = board.view.action_targets(board.me, p.action)
        if rows and target.id in rows[0]["options"] and (a := aimed(p.action, [target.id], rows)) is not None:
            return a
    return None


EOT_MIN = {"removal": 3.0, "burn": 2.4, "ping": 0.4, "draw": 0.5, "tokens": 0.5, "creature": 0.0, "mill": 0.3,
           "tap": 3.0, "modal": 1.0, "other": 0.5, "disrupt": 0.8, "edict": 1.0, "raise": 1.0}


def end_step(board: Board, plays: list[Play]) -> dict[str, Any] | None:
    """The opponent's end step: use the mana that would otherwise go unused."""
    cands = []
    for p in plays:
        if p.kind in ("counter", "fog", "trick", "regen", "pump", "sac_ping", "bounce"):
            continue
        if not (p.instant or p.timing in ("eot", "flash", "opp_combat")) and p.action.get("action") == "cast":
            continue
        if p.score < EOT_MIN.get(p.kind, 0.8):
            continue
        if p.kind == "burn":
            t = (p.action.get("targets") or [[]])[0]
            amount = p.reading.damage if p.reading.damage > 0 else (p.action.get("x") or 0)
            if t and t[0] == board.opp + 1 and board.opp_life - amount > 4:
                continue   # to the face only when the opponent is nearly dead
        cands.append(p)
    if not cands:
        return None
    cands.sort(key=lambda p: (-(p.score + (0.5 if p.kind in ("removal", "burn") else 0.0)), p.name))
    return cands[0].action


def _easy_instant(board: Board, plays: list[Play]) -> dict[str, Any] | None:
    return None
