"""What each available action would do: complete answers with their targets, and what they're worth.

``candidate_plays`` turns the game's legal priority actions into ``Play``s:
a complete answer (mode, X, targets chosen, payment automatic), the mana it
needs, a worth in the common value scale, and when it is best played
("main": our main phase; "eot": the opponent's end step; "react": only in
answer to something; "combat": during combat).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.keywords import Trait, gives
from ..engine.view import ObjectView
from .attack import guaranteed_damage
from .board import Board, Creature, creature_of
from .combat_math import Fighter, fight
from .evaluate import card_value, creature_value
from .knowledge import activated, mana_value_of, mode_readings, read_ability, read_effect, reading_of, spell_effect
from .reading import EACH, EVENT, Reading
from .targeting import choose, face_value, row_worth


@dataclass
class Play:
    action: dict[str, Any]
    score: float
    cost: str                      # mana to pay, e.g. "{1}{G}"
    kind: str                      # creature, removal, burn, aura, equip, draw, counter, trick, ...
    timing: str = "main"           # main | eot | react | combat | never
    name: str = ""
    reading: Reading = field(default_factory=Reading)
    card: ObjectView | None = None
    instant: bool = False
    precombat: bool = False        # worth doing before attacking

    @property
    def mv(self) -> int:
        return mana_value_of(self.cost)


def is_instant_speed(v: ObjectView) -> bool:
    return "Instant" in v.types or gives(v.keywords, Trait.FLASH)


def pressure(board: Board) -> float:
    """How hard the opponent's creatures press us: 0 (no danger) to 1 (dead in two turns)."""
    from .attack import clock
    theirs = [c for c in board.opp_creatures if c.can_attack_ever]
    if not theirs:
        return 0.0
    mine = [c for c in board.my_creatures if c.can_block_ever]
    turns = clock(theirs, mine, board.life)
    return 1.0 if turns <= 2 else 0.6 if turns <= 3 else 0.3 if turns <= 5 else 0.0


def candidate_plays(board: Board, options: list[Any], *, needs: bool = False) -> list[Play]:
    """Plays for each legal action (lands and mana abilities excluded).

    With ``needs``, what the board needs shifts the worth: under pressure, blockers and removal
    are worth more.
    """
    plays: list[Play] = []
    view = board.view
    need = pressure(board) if needs else 0.0
    for opt in options:
        a = opt.value
        kind = a.get("action")
        if kind == "cast":
            card = view.cast_view(a)
            if card is None:
                continue
            p = _cast_play(board, card, a)
            if p is not None:
                if need and p.kind == "creature" and p.card is not None:
                    p.score += need * 0.6 * max(0, p.card.toughness or 0)
                elif need and p.kind in ("removal", "burn", "sweeper") and p.score < 10000:
                    p.score *= 1.0 + 0.4 * need
                plays.append(p)
        elif kind == "activate":
            if view.is_mana_ability(a):
                continue
            src = view.find(a["source"])
            if src is None:
                continue
            p = _activate_play(board, src, a)
            if p is not None:
                plays.append(p)
    return plays


# ---------------------------------------------------------------------------
# Spells


def _x_max(board: Board, cost: str) -> int:
    best = -1
    for x in range(board.mana_count + 1):
        if board.can_pay(cost.replace("{X}", f"{{{x}}}") if x else cost.replace("{X}", "")):
            best = x
        else:
            break
    return best


def _cast_play(board: Board, card: ObjectView, a: dict[str, Any]) -> Play | None:
    view = board.view
    cost = card.mana_cost
    instant = is_instant_speed(card)
    base = {"action": "cast", "card": card.id, "pay": "auto"}
    if "half" in a:
        base["half"] = a["half"]   # a split card: the half cast (708.3)
    if card.is_creature:
        c = creature_of(card)
        score = creature_value(c) + _etb_value(board, card)
        rows = view.action_targets(board.me, base)
        if rows:
            return None  # creatures with cast-time targets don't exist in the pool; leave them
        timing = "eot" if instant and not board.my_turn else "main"
        play = Play(dict(base, targets=[]), score, cost, "creature", timing, card.name, Reading(), card, instant,
                    precombat=gives(card.keywords, Trait.HASTE) or "riot" in card.keywords)  # it may attack
        if instant:
            play.timing = "flash"
        return play
    if "Aura" in card.subtypes:
        r = reading_of(card).main
        rows = view.action_targets(board.me, base)
        if not rows:
            return None
        targets, value = choose(board, rows, r)
        if value <= 0.3 or not targets or not targets[0]:
            return None
        # an aura on our own creature risks a two-for-one: discount it
        if r.helpful:
            value = value * 0.8 + 0.5
        return Play(dict(base, targets=targets), value, cost, "aura", "main", card.name, r, card, instant,
                    precombat=r.helpful)
    if "Planeswalker" in card.types:
        return Play(dict(base, targets=[]), 3.0 + 1.5 * (card.loyalty or 0) + 1.0, cost, "planeswalker", "main",
                    card.name, Reading(), card, instant, precombat=True)
    if "Instant" not in card.types and "Sorcery" not in card.types:
        return _permanent_play(board, card, base)
    # Instants and sorceries
    effect = spell_effect(card)
    if effect is not None and effect.is_modal:
        return _modal_play(board, card, base, effect)
    r = read_effect(effect)
    x = None
    if "{X}" in cost:
        xm = _x_max(board, cost)
        if xm < 0:
            return None
        x = xm
    rows = view.action_targets(board.me, dict(base, x=x) if x is not None else base)
    if rows is None:
        return None
    timing = "eot" if instant else "main"
    if r.counter:
        return Play(dict(base), 0.0, cost, "counter", "react", card.name, r, card, instant)
    if r.fog:
        return Play(dict(base, targets=[]), 0.0, cost, "fog", "react", card.name, r, card, instant)
    if r.pt is not None and r.pt[0] >= 0 and r.pt[1] >= 0:
        return Play(dict(base), 0.0, cost, "trick", "combat", card.name, r, card, instant)
    if r.mana:
        return None
    if r.prevent and not r.harmful:
        return None
    action = dict(base)
    if x is not None:
        action["x"] = x
    pay_cost = cost.replace("{X}", f"{{{x}}}") if x else cost.replace("{X}", "")
    if r.damage and r.damage_to in ("any", "creature", "player"):
        amount = x if r.damage < 0 else r.damage
        if amount is None or amount <= 0:
            return None
        targets, value = choose(board, rows, r, amount=amount)
        if x is not None and targets and targets[0]:
            # smallest X that does the same job
            tid = targets[0][0]
            need = _x_needed(board, tid, amount)
            if need < amount:
                action["x"] = need
                pay_cost = cost.replace("{X}", f"{{{need}}}") if need else cost.replace("{X}", "")
        r_gain = r.gain_life * (0.8 if board.life <= 8 else 0.3)
        action["targets"] = targets
        return Play(action, value + r_gain, pay_cost, "burn", timing, card.name, r, card, instant,
                    precombat=True)
    if r.damage and r.damage_to == "each_creature" and not _must_target(rows):
        n = r.damage if r.damage > 0 else (x or 0)
        hit = _mass_hit(board, r, card)
        mine = sum(creature_value(c) for c in hit if c.controller == board.me and c.health <= n and not c.indestructible)
        theirs = sum(creature_value(c) for c in hit if c.controller == board.opp and c.health <= n
                     and not c.indestructible)
        return Play(dict(action, targets=[[] for _ in rows]), theirs - mine - 1.0, pay_cost, "sweeper", "main",
                    card.name, r, card, instant, precombat=True)
    if r.wrath and not _must_target(rows):
        hit = _mass_hit(board, r, card)
        mine = sum(creature_value(c) for c in hit if c.controller == board.me and not c.indestructible)
        theirs = sum(creature_value(c) for c in hit if c.controller == board.opp and not c.indestructible)
        return Play(dict(action, targets=[[] for _ in rows]), theirs - mine - 2.0, pay_cost, "sweeper", "main",
                    card.name, r, card, instant, precombat=True)
    if r.edict and not _must_target(rows):
        if not board.opp_creatures:
            return None
        theirs = min(creature_value(c) for c in board.opp_creatures)
        mine = min((creature_value(c) for c in board.my_creatures), default=0.0)
        return Play(dict(action, targets=[[] for _ in rows]), theirs - mine, pay_cost, "edict", timing,
                    card.name, r, card, instant, precombat=True)
    if r.steal_temp:
        return _threaten_play(board, card, action, rows, r, pay_cost)
    if r.team_pump:
        return _overrun_play(board, card, action, rows, r, pay_cost)
    if r.tap and r.freeze:
        targets, value = choose(board, rows, r)
        if not any(targets):
            return None
        return Play(dict(action, targets=targets), value, pay_cost, "tap", "eot" if instant else "main",
                    card.name, r, card, instant)
    if r.tokens:
        value = r.tokens * (creature_value_pt(*r.token_pt) + (0.8 if r.token_flying else 0.0))
        return Play(dict(action, targets=_plain_targets(board, rows, r)), value, pay_cost, "tokens",
                    "flash" if instant else "main", card.name, r, card, instant)
    if r.bounce and not rows_have_choice(rows):
        return None
    if r.harmful or r.raise_dead or r.fight:
        targets, value = choose(board, rows, r)
        if any(row["min"] > len(t) for row, t in zip(rows, targets)):
            return None
        kind = "removal" if r.removal or r.fight else ("bounce" if r.bounce else "disrupt")
        if r.raise_dead:
            kind = "raise"
        if r.discard or r.duress:
            value = 1.2 * min(board.opp_hand_count, max(1, r.discard)) if board.opp_hand_count else -1.0
        return Play(dict(action, targets=targets), value, pay_cost, kind,
                    timing if kind != "bounce" else "react", card.name, r, card, instant, precombat=True)
    if r.draw:
        n = r.draw if r.draw > 0 else (x or 0)
        if r.target_draws:
            targets, value = choose(board, rows, r)
            if not targets or not targets[0] or value <= 0:
                return None
            action["targets"] = targets
            return Play(action, 2.0 * n - 1.0, pay_cost, "draw", timing, card.name, r, card, instant)
        if n <= 0:
            return None
        return Play(dict(action, targets=_plain_targets(board, rows, r)), 1.9 * n + (0.5 if r.scry else 0),
                    pay_cost, "draw", timing, card.name, r, card, instant)
    if r.ramp:
        lands = board.my_land_count
        return Play(dict(action, targets=_plain_targets(board, rows, r)), 3.5 if lands < 6 else 0.8, pay_cost, "ramp",
                    "main", card.name, r, card, instant)
    if r.gain_life:
        return None
    # Something we don't read: cast it if it has no targets (a plain effect), at low worth.
    if rows and rows_have_choice(rows):
        targets, value = choose(board, rows, r)
        return Play(dict(action, targets=targets), min(value, 1.0), pay_cost, "other", timing, card.name, r,
                    card, instant)
    return Play(dict(action, targets=[[] for _ in rows]), 0.8, pay_cost, "other", timing, card.name, r, card,
                instant)


def _plain_targets(board: Board, rows: list[dict[str, Any]], r: Reading) -> list[list[int]]:
    """Targets for a spell valued by what it does besides its targets (cards drawn, tokens, lands): none,
    except for a word that must have one (Clear the Mind's "target player shuffles their graveyard into their
    library"), aimed as the reading judges it."""
    if not _must_target(rows):
        return [[] for _ in rows]
    return choose(board, rows, r)[0]


def _must_target(rows: list[dict[str, Any]]) -> bool:
    """A target word that must be given a target: a spell that also hits many ("destroy target creature with
    flying; 1 damage to each creature with flying your opponents control") is aimed like removal."""
    return any(row.get("min", 0) > 0 for row in rows)


def rows_have_choice(rows: list[dict[str, Any]]) -> bool:
    return any(r["max"] > 0 for r in rows)


def creature_value_pt(p: int, t: int) -> float:
    return 1.0 + 1.0 * p + 0.6 * t


def _x_needed(board: Board, tid: int, amount: int) -> int:
    if tid == board.opp + 1:
        return amount
    c = board.creatures.get(tid)
    if c is not None:
        return max(1, min(amount, c.health))
    v = board.view.find(tid)
    if v is not None and v.loyalty:
        return max(1, min(amount, v.loyalty))
    return amount


def _mass_hit(board: Board, r: Reading, card: ObjectView) -> list[Creature]:
    """The creatures an "each creature ..." or "all creatures ..." effect touches."""
    flt = r.mass_filter
    if flt is None:
        return list(board.creatures.values())
    return [c for c in board.creatures.values() if board.view.fits(c.id, flt, board.me, card.id)]


def _etb_value(board: Board, card: ObjectView) -> float:
    out = 0.0
    for _, r in reading_of(card).triggered:
        if not r.etb:
            continue
        if r.draw:
            out += 1.8 * r.draw
        if r.bounce:
            best = max((creature_value(c) * 0.5 + 0.4 * (c.view.mana_value or 0) for c in board.opp_creatures),
                       default=-0.5)
            out += best
        if r.raise_dead:
            gy = board.players[board.me].graveyard
            out += max((0.8 * card_value(g) for g in gy if g.is_creature), default=0.0)
        if r.gain_life:
            out += 0.3
    return out


def _permanent_play(board: Board, card: ObjectView, base: dict[str, Any]) -> Play | None:
    cr = reading_of(card)
    r = cr.main
    n_mine = len(board.my_creatures)
    score = 1.5
    kind = "permanent"
    abilities = [a for a, _ in cr.activated]
    mass = [i.worth for i in r.impacts if i.side == EACH]
    if r.anthem:
        p, t = r.anthem
        affected = n_mine
        if r.anthem_filter is not None:
            affected = sum(1 for c in board.my_creatures if board.view.fits(c.id, r.anthem_filter, board.me, card.id))
        score = 0.8 + affected * (0.9 * p + 0.5 * t + 0.2)
        if r.haste_all:
            score = 0.5 + 0.4 * len([c for c in board.my_creatures if c.sick]) + 0.3 * len(board.hand)
        kind = "anthem"
    elif "Equipment" in card.subtypes or any(a.attach for a in abilities):
        score = 1.5 + (1.5 if n_mine else 0.0)
        kind = "equipment"
    elif abilities:
        if any(a.is_mana for a in abilities):
            score = 3.0 if board.my_land_count < 5 else 1.2
            kind = "ramp"
        else:
            score = 2.5
    elif mass:
        # the same for every creature (Humility): as good as it is bad for the other side
        mine = sum(creature_value(c) for c in board.my_creatures)
        theirs = sum(creature_value(c) for c in board.opp_creatures)
        score = (theirs - mine) * 0.5 * (1.0 if sum(mass) < 0 else -1.0)
    elif cr.triggered and all(i.side in (EACH, EVENT) for _, t in cr.triggered for i in t.impacts):
        score = 0.5      # helps both players alike (an extra card each turn)
    return Play(dict(base, targets=[]), score, card.mana_cost, kind, "main", card.name, r, card, False,
                precombat=kind in ("anthem", "equipment"))


def _modal_play(board: Board, card: ObjectView, base: dict[str, Any], effect: Any) -> Play | None:
    modes = mode_readings(effect)
    best: Play | None = None
    for i, r in enumerate(modes):
        action = dict(base, mode=[i + 1])
        rows = board.view.action_targets(board.me, action)
        if rows is None:
            continue
        targets, value = choose(board, rows, r)
        if any(row["min"] > len(t) for row, t in zip(rows, targets)):
            continue
        if r.gain_life and not r.harmful:
            value = r.gain_life * (0.9 if board.life <= 6 else 0.0)
            targets = [[board.me + 1] if row["max"] > 0 else [] for row in rows]
        if r.prevent:
            value = 0.0
        p = Play(dict(action, targets=targets), value, card.mana_cost, "modal", "eot", card.name, r, card,
                 is_instant_speed(card))
        if best is None or p.score > best.score:
            best = p
    return best


def _threaten_play(board: Board, card: ObjectView, action: dict[str, Any], rows: list[dict[str, Any]],
                   r: Reading, cost: str) -> Play | None:
    """Borrowing a creature is only worth it when the attack it makes is lethal."""
    if not board.my_turn or board.step != "main1":
        return None
    opts = [board.creatures[o] for o in rows[0]["options"] if o in board.creatures
            and board.creatures[o].controller == board.opp]
    if not opts:
        return None
    attackers = [c for c in board.my_creatures if c.can_attack_now]
    best = None
    for t in opts:
        blockers = [c for c in board.opp_creatures if c.can_block_now and c.id != t.id]
        dmg = guaranteed_damage(attackers + [t] if t.can_attack_ever else attackers, blockers)
        if best is None or dmg > best[0]:
            best = (dmg, t.id)
    if best is None or best[0] < board.opp_life:
        return None
    return Play(dict(action, targets=[[best[1]]]), 10000.0, cost, "steal", "main", card.name, r, card, False,
                precombat=True)


def _overrun_play(board: Board, card: ObjectView | None, action: dict[str, Any], rows: list[dict[str, Any]],
                  r: Reading, cost: str) -> Play | None:
    """A pump for the whole team until end of turn, before combat: when the attack it makes is lethal through
    the defender's best blocks, or deals at least half their life through them (worth the damage it adds);
    else it waits for that turn."""
    if not board.my_turn or board.step != "main1":
        return None
    p, t = r.team_pump or (0, 0)
    attackers = [c for c in board.my_creatures if c.can_attack_now]
    if not attackers:
        return None
    pumped = []
    for c in attackers:
        kw = set(c.keywords) | ({"trample"} if r.team_trample else set())
        pumped.append(replace(c, power=c.power + p, toughness=c.toughness + t, keywords=frozenset(kw)))
    blockers = [c for c in board.opp_creatures if c.can_block_now]
    dmg = guaranteed_damage(pumped, blockers)
    extra = dmg - guaranteed_damage(attackers, blockers)
    if dmg >= board.opp_life:
        worth = 10000.0
    elif 2 * dmg >= board.opp_life and extra > 0:
        worth = face_value(board, extra) + 0.5 * len(attackers)
    else:
        return None
    return Play(dict(action, targets=[[] for _ in rows]), worth, cost, "overrun", "main",
                card.name if card else "", r, card, False, precombat=True)


# ---------------------------------------------------------------------------
# Activated abilities


def _activate_play(board: Board, src: ObjectView, a: dict[str, Any]) -> Play | None:
    abilities = activated(src)
    index = a.get("ability", 0) or 0
    if not 0 <= index < len(abilities):
        return None
    ability = abilities[index]
    base = {"action": "activate", "source": src.id, "ability": index, "pay": "auto"}
    cost = str(ability.cost.mana).replace("{X}", "")
    if ability.attach:
        return _equip_play(board, src, base, cost)
    r = read_ability(ability)
    rows = board.view.action_targets(board.me, base)
    if rows is None:
        return None
    if ability.cost.loyalty is not None:
        return _loyalty_play(board, src, base, ability.cost.loyalty, r, rows)
    sac_self = ability.cost.sacrifice_self
    if r.mana:
        return None
    if r.animate:
        return _animate_play(board, src, base, cost, ability.cost.tap_power or 0, r, rows)
    if r.regenerate:
        return Play(dict(base, targets=[[] for _ in rows]), 0.0, cost, "regen", "react", src.name, r, src)
    if r.self_pump:
        return Play(dict(base, targets=[[] for _ in rows]), 0.0, cost, "pump", "combat", src.name, r, src)
    if r.damage and rows:
        targets, value = choose(board, rows, r, amount=r.damage)
        if sac_self:
            c = board.creatures.get(src.id)
            value -= creature_value(c) if c else 1.0
            return Play(dict(base, targets=targets), value, cost, "sac_ping", "react", src.name, r, src)
        return Play(dict(base, targets=targets), value, cost, "ping", "eot", src.name, r, src)
    if r.loot or r.draw:
        if sac_self:
            # Mind Stone: when there's mana to spare late in the game
            value = 1.0 if board.my_land_count >= 6 else -1.0
            return Play(dict(base, targets=[[] for _ in rows]), value, cost, "draw", "eot", src.name, r, src)
        if r.loot and not board.hand:
            return None    # with an empty hand the card drawn is the card discarded: nothing gained
        return Play(dict(base, targets=[[] for _ in rows]), 1.6, cost, "draw", "eot", src.name, r, src)
    if r.tap and rows:
        targets, value = choose(board, rows, r)
        return Play(dict(base, targets=targets), value, cost, "tap", "opp_combat", src.name, r, src)
    if r.mill and rows:
        targets = [[board.opp + 1] if board.opp + 1 in row["options"] else row["options"][:row["min"]]
                   for row in rows]
        return Play(dict(base, targets=targets), 0.6, cost, "mill", "eot", src.name, r, src)
    if rows and rows_have_choice(rows):
        targets, value = choose(board, rows, r)
        return Play(dict(base, targets=targets), min(value, 0.5), cost, "other", "eot", src.name, r, src)
    return None


def _animate_play(board: Board, src: ObjectView, base: dict[str, Any], cost: str, crew: int, r: Reading,
                  rows: list[dict[str, Any]]) -> Play | None:
    """A Vehicle crewed (or a permanent that becomes a creature until end of turn) to block with (below), or
    to attack with, before combat on our turn: worth the damage it deals when no block costs us anything, less the damage of the
    creatures tapped to crew it that could have attacked themselves (crew, 702.121a; its printed power and
    toughness, 301.7b; summoning sickness, 302.6)."""
    if src.is_creature or src.tapped:
        return None
    p, t = src.printed_power, src.printed_toughness
    if not isinstance(p, int) or not isinstance(t, int) or p <= 0:
        return None
    body = replace(creature_of(src, board.view), power=p, toughness=t)
    group = crew_group(crew, [c for c in board.my_creatures if not c.tapped and c.id != src.id])
    if group is None:
        return None
    if not board.my_turn:
        return _crew_to_block(board, body, group, base, cost, r, rows)
    if board.step != "main1" or src.sick:
        return None
    from .attack import worst_block_loss
    blockers = [c for c in board.opp_creatures if c.can_block_now]
    if worst_block_loss(body, blockers, board, board.opp_may_have_trick) > 0:
        return None     # it would only bounce off a blocker or die
    lost = sum(c.combat_damage for c in group if c.can_attack_now)
    score = body.combat_damage - lost
    if score <= 0:
        return None
    return Play(dict(base, targets=[[] for _ in rows]), score + 0.5, cost, "crew", "main", src.name, r, src,
                precombat=True)


def _crew_to_block(board: Board, body: Creature, group: list[Creature], base: dict[str, Any], cost: str,
                   r: Reading, rows: list[dict[str, Any]]) -> Play | None:
    """On the opponent's turn, once attackers are declared: a Vehicle crewed to block an attacker it kills
    and survives (blocking needs no untapped-since-your-turn, 302.6 is only for attacking and {T}); worth the
    attacker, less the creatures tapped to crew it, which can't block now (509.1a)."""
    combat = board.view.combat() if board.step == "declare_attackers" else None
    if not combat:
        return None
    best = 0.0
    for aid in combat["attackers"]:
        a = board.creatures.get(aid)
        if a is None or not board.view.could_block(body.id, aid):
            continue
        out = fight(Fighter.of(a), [Fighter.of(body)])
        if out.attacker_dies and body.id not in out.dead_blockers:
            best = max(best, creature_value(a))
    score = best - sum(0.5 * creature_value(c) for c in group)
    if score <= 0:
        return None
    return Play(dict(base, targets=[[] for _ in rows]), score, cost, "crew", "opp_combat", body.name, r,
                body.view)


def crew_cost(c: Creature) -> float:
    """What tapping a creature to crew costs us: its attack this turn if it could attack, and its blocking
    on the opponent's next turn."""
    return creature_value(c) * (1.0 if c.can_attack_now else 0.3)


def crew_group(need: int, creatures: list[Creature]) -> list[Creature] | None:
    """Of these creatures, the group of total power ``need`` or more that costs least to tap (None: none does);
    only the ten that cost least are looked at."""
    cands = sorted((c for c in creatures if c.power > 0), key=lambda c: (crew_cost(c), c.id))[:10]
    best: tuple[float, list[Creature]] | None = None
    for mask in range(1, 1 << len(cands)):
        group = [c for i, c in enumerate(cands) if mask >> i & 1]
        if sum(c.power for c in group) < need:
            continue
        worth = sum(crew_cost(c) for c in group)
        if best is None or worth < best[0]:
            best = (worth, group)
    return best[1] if best is not None else None


def _equip_play(board: Board, src: ObjectView, base: dict[str, Any], cost: str) -> Play | None:
    if not board.my_turn or board.step not in ("main1", "main2"):
        return None
    rows = board.view.action_targets(board.me, base)
    if not rows or not rows[0]["options"]:
        return None
    current = board.creatures.get(src.attached_to) if src.attached_to else None
    if current is not None and current.can_attack_ever and current.controller == board.me:
        return None
    cands = [board.creatures[o] for o in rows[0]["options"] if o in board.creatures]
    cands = [c for c in cands if c.can_attack_ever and (current is None or c.id != current.id)]
    if not cands:
        return None
    best = max(cands, key=lambda c: ((2.0 if c.evasive else 1.0) * (1.0 if c.can_attack_now else 0.7)
                                     + (1.0 if c.double_strike else 0.0) + 0.1 * c.power, -c.id))
    return Play(dict(base, targets=[[best.id]]), 2.2, cost, "equip", "main", src.name,
                Reading(aura_pt=(2, 0)), src, precombat=True)


def _loyalty_play(board: Board, src: ObjectView, base: dict[str, Any], change: int, r: Reading,
                  rows: list[dict[str, Any]]) -> Play | None:
    loyalty = src.loyalty or 0
    if r.team_pump:
        p = _overrun_play(board, None, base, rows, r, "")
        if p is not None:
            p.name = src.name
            p.kind = "loyalty"
        return p
    if r.tokens:
        if loyalty + change <= 0:
            return None
        value = r.tokens * creature_value_pt(*r.token_pt)
        threatened = any(c.can_attack_ever for c in board.opp_creatures)
        return Play(dict(base, targets=[[] for _ in rows]), value * (1.0 if threatened or loyalty <= 2 else 0.7),
                    "", "loyalty", "main", src.name, r, src, precombat=False)
    if r.untap_lands and rows:
        tapped = [o for o in rows[0]["options"] if (board.view.find(o) or src).tapped
                  and (board.view.find(o) or src).controller == board.me]
        untapped = [o for o in rows[0]["options"] if o not in tapped and (board.view.find(o) or src).controller
                    == board.me]
        picks = (tapped + untapped)[:rows[0]["max"]]
        if len(picks) < rows[0]["min"]:
            return None
        return Play(dict(base, targets=[picks]), 2.0 + 0.6 * len(tapped), "", "loyalty", "main", src.name, r,
                    src)
    return _plain_loyalty_play(board, src, base, change, r, rows)


def _plain_loyalty_play(board: Board, src: ObjectView, base: dict[str, Any], change: int, r: Reading,
                        rows: list[dict[str, Any]]) -> Play | None:
    """Any other loyalty ability (606): worth what its effect does (a card drawn; what its targets are worth)
    and what it does to the planeswalker's chances: the loyalty left after the opponent's creatures attack it
    (as if nothing blocked), with the ability used and without, a planeswalker with none left being gone
    (704.5i). One a turn, as a sorcery (606.3)."""
    loyalty = src.loyalty or 0
    targets: list[list[int]] = [[] for _ in rows]
    if r.loot and not board.hand:
        return None
    if r.draw or r.loot:
        value = 1.6 * max(1, r.draw or 1)
    elif r.damage and rows:
        targets, value = choose(board, rows, r, amount=r.damage)
    elif rows and rows_have_choice(rows):
        targets, value = choose(board, rows, r)
    else:
        return None
    attackers = [c for c in board.opp_creatures if c.can_attack_ever]
    harmed = {o for i, row in enumerate(targets) if (row_worth(r, i) or 0.0) < 0 for o in row}

    def kept(left: int) -> float:
        return 3.0 + 1.5 * left if left > 0 else 0.0
    before = kept(loyalty - sum(c.power for c in attackers))
    after = kept(loyalty + change - sum(c.power for c in attackers if c.id not in harmed))
    value += after - before
    if value <= 0:
        return None
    return Play(dict(base, targets=targets), value, "", "loyalty", "main", src.name, r, src)
