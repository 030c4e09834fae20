"""Choosing targets: harm goes to the opponent's side, help to ours, each to where it counts most.

``choose(board, rows, reading)`` answers a target choice (the rows of a
``targets`` decision, or of ``GameView.action_targets``) for a spell or
ability whose text reads as ``reading``, and says how much the choice is
worth. Harm (damage, destroy, exile, -N/-N, bounce, tap, steal, discard,
life loss) never goes to our own creatures or to us unless a mandatory
choice leaves nothing else, and then the least costly target is taken;
help (pumps, auras, equipment, life, untapping) goes to our own side.
"""

from __future__ import annotations

from typing import Any

from ..engine.keywords import Trait, gives
from .board import Board, Creature
from .evaluate import creature_value, permanent_value
from .knowledge import read_effect, reading_of, spell_reading
from .reading import ATTACHED, TARGET, Reading

Rows = list[dict[str, Any]]


def threat(board: Board, c: Creature) -> float:
    """How much an opposing creature is worth removing."""
    v = creature_value(c)
    if c.view.attacking is not None:
        v += 0.5 * c.combat_damage
    if c.view.attachments:
        v += 1.0 * len(c.view.attachments)
    return v


def face_value(board: Board, amount: int) -> float:
    """What dealing ``amount`` damage to the opponent is worth."""
    life = board.opp_life
    if amount >= life:
        return 10000.0
    per = 0.9 if life - amount <= 5 else (0.55 if life <= 10 else 0.3)
    return amount * per


def _is_player(oid: int) -> bool:
    return oid in (1, 2)


def _owner_side(board: Board, oid: int) -> int | None:
    """0/1: whose side a target is on (player, permanent's controller, spell's controller, card's owner)."""
    if _is_player(oid):
        return oid - 1
    c = board.creatures.get(oid)
    if c is not None:
        return c.controller
    v = board.view.find(oid)
    if v is None:
        return None
    if v.zone in ("battlefield", "stack"):
        return v.controller
    return v.owner


def kill_value(board: Board, oid: int, r: Reading, amount: int | None = None) -> float:
    """What this harmful effect achieves on one target (positive: good for us)."""
    side = _owner_side(board, oid)
    sign = 1.0 if side == board.opp else -1.0
    if _is_player(oid):
        if r.damage or r.drain:
            n = amount if amount is not None else (r.damage or r.drain)
            if side == board.opp:
                return face_value(board, n)
            return -1.0 * n if board.life > n else -10000.0
        if r.discard or r.duress:
            return sign * (1.5 * min(r.discard or 1, board.players[side].hand_count) if side is not None else 0)
        if r.mill:
            return sign * 0.3
        return sign * 0.5
    c = board.creatures.get(oid)
    if c is None:
        v = board.view.find(oid)
        if v is None:
            return 0.0
        if "Planeswalker" in v.types:
            loyalty = v.loyalty or 0
            n = amount if amount is not None else r.damage
            worth = 3.0 + 1.5 * loyalty
            if r.damage:
                return sign * (worth if n >= loyalty else 1.2 * n)
            return sign * worth
        return sign * permanent_value(v, board.creatures)   # an anthem is worth more than a plain artifact
    val = threat(board, c) if side == board.opp else creature_value(c)
    if side == board.opp and _keeps_opponent_alive(board, c.view):
        gone = r.exile or r.bounce or r.steal or (r.destroy and not c.indestructible) or \
            (r.damage and (amount or r.damage) >= c.health and not c.indestructible)
        if gone:
            return 10000.0
    dies = False
    shrink = next((pt for pt in (r.pt, r.aura_pt) if pt is not None and pt[1] < 0), None)
    if r.damage:
        n = amount if amount is not None else r.damage
        dies = n >= c.health and not c.indestructible
        if not dies:
            # Damage that doesn't kill is gone at cleanup (514.2): nothing gained on the opponent's side,
            # a small loss on ours.
            return min(0.0, sign * 0.15 * n)
    elif r.destroy in ("creature", "nonblack", "all_creatures"):
        dies = not c.indestructible
        if c.regenerates:
            return sign * 0.2 * val
    elif r.exile or r.steal:
        dies = True
    elif shrink is not None:
        dies = c.health + shrink[1] <= 0 and not c.indestructible
        if not dies:
            return sign * (0.1 * val + 0.3 * min(-shrink[0], c.power))
    elif r.pacify:
        if not c.can_attack_ever and not c.can_block_ever:
            return 0.0
        return sign * 0.85 * val
    elif r.bounce:
        if c.is_token:
            return sign * val
        return sign * (0.35 * val + 0.4 * (c.view.mana_value or 0) + 1.0 * len(c.view.attachments))
    elif r.tap:
        if c.tapped:   # tapping it does nothing, but "it doesn't untap" still keeps it down a turn
            return sign * 0.25 * val if r.freeze else 0.0
        return sign * (0.25 * val + (0.25 * val if r.freeze else 0.0))
    elif r.frog:
        return sign * (0.4 * val)
    elif r.steal_temp:
        return sign * (0.3 * val)
    elif r.edict:
        return 0.0
    else:
        return sign * 0.2 * val
    return sign * val if dies else 0.0


def help_value(board: Board, oid: int, r: Reading) -> float:
    """What a helpful effect achieves on one target (positive: good for us)."""
    side = _owner_side(board, oid)
    sign = 1.0 if side == board.me else -1.0
    if _is_player(oid):
        if r.gain_life:
            return sign * r.gain_life * (0.9 if board.life <= 8 else 0.3)
        if r.prevent:
            return sign * 0.5
        return sign * 0.2
    c = board.creatures.get(oid)
    if c is None:
        v = board.view.find(oid)
        if v is None:
            return 0.0
        if v.is_land and r.untap_lands:
            return sign * (1.0 if v.tapped else 0.05)
        if v.zone == "graveyard" and r.raise_dead and v.is_creature:
            from .evaluate import card_value
            return sign * card_value(v)
        return sign * 0.1
    base = 0.0
    pt = r.aura_pt or r.pt
    if pt is not None:
        p, t = pt
        base += 0.9 * p + 0.5 * t
        if c.can_attack_ever:
            base += 0.4 * p * (1.5 if c.evasive else 1.0)
        if c.double_strike:
            base += 0.8 * p
    for k in r.aura_keywords:
        if gives([k], Trait.TRAMPLE):
            base += 0.3 * max(1, c.power)
        else:
            base += 1.0
    if not c.can_attack_ever and not c.can_block_ever:
        base *= 0.1
    if c.is_token:
        base *= 0.8
    if r.regenerate or r.prevent:
        base += 0.5
    return sign * base


def _keeps_opponent_alive(board: Board, v: Any) -> bool:
    """A "you can't lose the game" permanent while its controller has already lost on life or poison."""
    if not reading_of(v).main.cant_lose:
        return False
    p = board.players[board.opp]
    if p.life <= 0 or p.poison >= 10:
        return True
    if p.library_count == 0:
        # they lose at their next draw, unless they can put it back first: not between their
        # draw step and their end step
        return board.my_turn or board.step in ("upkeep", "end", "cleanup")
    return False


def best_damage_target(board: Board, options: list[int], amount: int, r: Reading) -> tuple[int | None, float]:
    best, best_v = None, 0.0
    for o in options:
        v = kill_value(board, o, r, amount)
        if v > best_v or (v == best_v and best is not None and v > 0 and o < best):
            best, best_v = o, v
    return best, best_v


def choose(board: Board, rows: Rows, r: Reading, *, amount: int | None = None,
           mandatory_only: bool = False) -> tuple[list[list[int]], float]:
    """Targets for each row and what they're worth; rows with min 0 may stay empty."""
    if r.fight and len(rows) == 2 and all(row["max"] for row in rows):   # "target ... fights target ..."
        return _fight(board, rows)
    answer: list[list[int]] = []
    total = 0.0
    taken: set[int] = set()
    for index, row in enumerate(rows):
        opts = [o for o in row["options"] if o not in taken]
        lo, hi = row["min"], row["max"]
        if hi <= 0:
            answer.append([])
            continue
        scored = []
        for o in opts:
            scored.append((_row_value(board, o, r, amount, index), o))
        scored.sort(key=lambda x: (-x[0], x[1]))
        owners = row.get("owners")
        if owners:   # "from a single graveyard": the best option's owner's cards only
            best = next((o for v, o in scored if v > 0), None)
            scored = [(v, o) for v, o in scored if best is None or owners.get(o) == owners.get(best)]
        picks = [o for v, o in scored if v > 0][:hi]
        if len(picks) < lo:
            rest = [o for v, o in scored if o not in picks]
            picks += rest[:lo - len(picks)]
        for o in picks:
            total += next(v for v, x in scored if x == o)
            taken.add(o)
        answer.append(picks)
    return answer, total


def row_worth(r: Reading, index: int) -> float | None:
    """What the effect does to what target word ``index`` names (+ helps, - harms); None if nothing
    says. An Aura spell's target is what it enchants."""
    if any(i.side == TARGET and i.index == index for i in r.impacts):
        return r.target_worth(index)
    attached = [i.worth for i in r.impacts if i.side == ATTACHED]
    if attached and index == 0:
        return sum(attached)
    return None


def _row_value(board: Board, o: int, r: Reading, amount: int | None, index: int) -> float:
    if r.counter and any(s.id == o for s in board.stack):
        return counter_value(board, o)
    if r.target_draws:
        # "target player draws two cards and loses 2 life": ourselves, unless it kills them
        if o == board.opp + 1 and board.opp_life <= 2:
            return 10000.0
        if o == board.me + 1:
            return 3.0 if board.life > 4 else -1.0
        return -1.0
    worth = row_worth(r, index)
    if worth is not None:
        if worth < 0:
            return kill_value(board, o, r, amount)
        if worth > 0:
            return help_value(board, o, r)
    elif r.harmful and not (r.gain_life and _is_player(o) and not r.damage):
        return kill_value(board, o, r, amount)
    elif r.helpful:
        return help_value(board, o, r)
    # Neutral for what it targets: prefer the opponent's side, just in case.
    side = _owner_side(board, o)
    return 0.01 if side == board.opp else 0.0


def _fight(board: Board, rows: Rows) -> tuple[list[list[int]], float]:
    from .combat_math import Fighter
    mine = [board.creatures[o] for o in rows[0]["options"] if o in board.creatures]
    theirs = [board.creatures[o] for o in rows[1]["options"] if o in board.creatures]
    best: tuple[float, int, int] | None = None
    for f in mine:
        for t in theirs:
            ff, ft = Fighter.of(f), Fighter.of(t)
            t_dies = (ff.power >= t.health or (f.deathtouch and f.power > 0)) and not t.indestructible
            f_dies = (ft.power >= f.health or (t.deathtouch and t.power > 0)) and not f.indestructible
            v = (threat(board, t) if t_dies else 0.0) - (creature_value(f) if f_dies else 0.0)
            if best is None or v > best[0] or (v == best[0] and (f.id, t.id) < (best[1], best[2])):
                best = (v, f.id, t.id)
    if best is None:
        a = rows[0]["options"][:1]
        b = rows[1]["options"][:1]
        return [a, b], -1.0
    return [[best[1]], [best[2]]], best[0]


def counter_value(board: Board, oid: int) -> float:
    """How much countering this spell on the stack is worth to us."""
    item = next((s for s in board.stack if s.id == oid), None)
    if item is None or item.controller == board.me:
        return -5.0
    v = board.view.find(oid)
    if v is None:
        return 0.5
    if v.is_creature:
        from .board import creature_of
        return creature_value(creature_of(v)) * 0.9
    r = stack_reading(board, item)
    worth = 1.0 + 0.8 * (v.mana_value or 0)
    if r.wrath or r.damage_to == "each_creature":
        mine = sum(creature_value(c) for c in board.my_creatures)
        theirs = sum(creature_value(c) for c in board.opp_creatures)
        worth = max(1.0, mine - theirs)
    elif item.targets:
        hit = 0.0
        for tid, _ in item.targets:
            side = _owner_side(board, tid)
            if side == board.me:
                if _is_player(tid):
                    n = r.damage or 0
                    hit += 10000.0 if n >= board.life else 0.6 * n
                elif tid in board.creatures:
                    hit += creature_value(board.creatures[tid]) if r.harmful else 0.0
                elif (spell := next((s for s in board.stack if s.id == tid), None)) is not None:
                    hit += _spell_worth(board, spell) if r.counter else 2.0   # our spell, countered
                else:
                    hit += 2.0
            elif side == board.opp and r.helpful:
                c = board.creatures.get(tid)
                hit += 0.5 * (creature_value(c) if c else 1.0)
        worth = max(0.5, hit)
    elif r.team_pump:
        worth = 2.0 * len(board.opp_creatures)
    elif r.anthem:
        worth = 1.0 * len(board.opp_creatures) + 1.0
    elif "Planeswalker" in v.types:
        worth = 7.0
    return worth


def _spell_worth(board: Board, item: Any) -> float:
    """What one of our spells on the stack is worth to us: a creature spell its creature, another spell what
    its card is worth."""
    from .evaluate import card_value
    v = board.view.find(item.id)
    return card_value(v) if v is not None else 2.0


def stack_reading(board: Board, item: Any) -> Reading:
    """What a spell or ability on the stack does (an Aura or other permanent spell: its card's abilities)."""
    r = read_effect(item.effect)
    if not r.impacts and item.kind == "spell":
        v = board.view.find(item.id)
        if v is not None:
            return spell_reading(v)
    return r


def aimed_first(first: list[int], rows: list[dict[str, Any]],
                kept: list[list[int]] | None = None) -> list[list[int]] | None:
    """Targets for a play aimed by its first target word: a later word keeps the play's own pick for it
    (``kept``, the targets the play chose; Reckless Rage's "2 damage to target creature you control") while that
    pick is still among the word's options, else gets none when it may have none ("up to one target", Essence
    Capture); None when a later word must have a target and has none, so the play isn't made this way."""
    out = [list(first)]
    for i, row in enumerate(rows[1:], start=1):
        picks = kept[i] if kept is not None and i < len(kept) else []
        picks = [t for t in picks if t in row["options"] and t not in first]
        if len(picks) < row.get("min", 0):
            return None
        out.append(picks)
    return out


def aimed(action: dict[str, Any], first: list[int], rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The play's action with its first target word aimed at ``first`` and its later words as ``aimed_first``
    keeps them; None when the play can't be made that way."""
    targets = aimed_first(first, rows, action.get("targets"))
    return None if targets is None else dict(action, targets=targets)