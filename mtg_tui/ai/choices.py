"""Every other decision: targets asked on their own, colours, "may", cards to pick, discards, costs to
sacrifice or discard, trigger order, damage order and assignment, dividing damage.
"""

from __future__ import annotations

from typing import Any

from ..engine.decisions import (ChooseCosts, ChooseMode, AssignDamage, DamageOrder, Decision, Divide, IllegalAnswer,
                                OrderTriggers, TapCost, Targets, YesNo)
from ..engine.mana import COLOR_NAMES
from .board import Board
from .evaluate import card_value, creature_value, permanent_value
from .judgement import worth_to
from .plays import crew_group
from .knowledge import cost_colors, mana_colors, mana_value_of, mode_readings, optional_reading, read_ability, \
    read_effect, reading_of
from .reading import YOU, Reading
from .targeting import choose


def decision_reading(board: Board, d: Targets) -> Reading:
    """What the spell or ability asking for targets does: the effect the decision carries, or
    for an Aura spell (whose effect is empty) the card's own abilities."""
    r = read_effect(d.effect)
    if not r.impacts and d.source is not None:
        v = board.view.find(d.source)
        if v is not None:
            return reading_of(v).main
    return r


def targets(board: Board, d: Targets) -> list[list[int]]:
    rows = d.specs
    answer, _ = choose(board, rows, decision_reading(board, d))
    return answer


def _needed_colors(board: Board) -> dict[str, int]:
    """How many coloured symbols of each colour the spells in our hand have."""
    need: dict[str, int] = {}
    for c in board.hand:
        for col in cost_colors(c.mana_cost):
            need[col] = need.get(col, 0) + 1
    return need


def color(board: Board, d: Decision) -> Any:
    """The colour our hand needs most."""
    vals = d.option_values()
    need = _needed_colors(board)
    by_name = {n: k for k, n in COLOR_NAMES.items()}
    ranked = sorted(vals, key=lambda v: (-need.get(by_name.get(v, ""), 0), vals.index(v)))
    return ranked[0]


def creature_type(board: Board, d: Decision) -> Any:
    """The creature type most of our creatures, on the battlefield and in hand, have."""
    count: dict[str, int] = {}
    for o in list(board.mine) + list(board.hand):
        if "Creature" in o.types:
            for s in o.subtypes:
                count[s] = count.get(s, 0) + 1
    vals = d.option_values()
    return max(vals, key=lambda v: (count.get(v, 0), -vals.index(v)))


_BEFORE_ATTACKS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat")


def modes(board: Board, d: ChooseMode) -> list[int]:
    """A triggered ability's modes (700.2b): those worth something to us, best first, as many as may be
    chosen; at least as many as must be. Each mode is weighed with the targets we would choose for it."""
    if d.effect is None:
        return d.option_values()[: d.min]
    readings = mode_readings(d.effect)
    scored = []
    for opt in d.options:
        r = readings[opt.value - 1]
        rows = d.mode_rows.get(opt.value, [])
        if any(row["max"] for row in rows):
            targets, value = choose(board, rows, r)
        else:
            value = worth_to(board.view, board.me, board.me, r)
        scored.append((value, opt.value))
    scored.sort(key=lambda x: (-x[0], x[1]))
    picks = [m for v, m in scored if v > 0][: d.max]
    if len(picks) < d.min:
        picks += [m for v, m in scored if m not in picks][: d.min - len(picks)]
    return sorted(picks)


def may(board: Board, d: YesNo) -> str:
    """'You may ...' (or pay to keep something): yes when it is worth it to us."""
    view = board.view
    keep = d.keep
    if keep is not None:
        # "... unless you pay": paying keeps our permanent, or our spell from being countered
        v = view.find(keep)
        worth = (permanent_value(v, board.creatures) if v.zone == "battlefield" else card_value(v)) \
            if v is not None else 0.0
        return "yes" if worth >= 0.5 * mana_value_of(d.cost) else "no"
    if d.revealed is not None:
        return _mill_revealed(board, d.revealed)
    if d.haste_instead is not None:
        # Riot (702.135a): haste is worth having only when the creature can still attack this turn and
        # nothing can block it; otherwise the +1/+1 counter, which lasts.
        open_road = not any(c.can_block_now for c in board.opp_creatures)
        return "no" if board.my_turn and board.step in _BEFORE_ATTACKS and open_road else "yes"
    if d.as_unblocked:
        return _as_unblocked(board, d.as_unblocked)
    ins = d.may
    if ins is None:
        return "no"      # nothing says what it would do
    top = board.stack[0] if board.stack else None
    effect = top.effect if top is not None else None
    r = optional_reading(effect, ins)
    controller = top.controller if top is not None else d.player
    rows = top.target_rows if top is not None else ()
    others = Reading(impacts=tuple(i for i in r.impacts if i.what != "sacrifice" or i.side != YOU))
    worth = worth_to(view, d.player, controller, others, rows)
    for flt in r.sacrifices:
        fits = [c for c in board.mine() if view.fits(c.id, flt, board.me, top.source_id if top else None)]
        if not fits:
            return "no"   # nothing to sacrifice: saying yes does nothing
        worth -= min(permanent_value(c, board.creatures) for c in fits)
    return "yes" if worth > 0 else "no"


def _as_unblocked(board: Board, ids: tuple[int, ...]) -> str:
    """Damage as though unblocked: to the opponent when it is lethal or when it would kill no blocker."""
    me, *blockers = ids
    c = board.creatures.get(me)
    power = c.power if c is not None else 0
    if power >= board.opp_life:
        return "yes"
    kills = any(power >= board.creatures[b].health for b in blockers if b in board.creatures)
    return "no" if kills else "yes"


def optional_costs(board: Board, d: ChooseCosts) -> list[str]:
    """Pay every optional cost that is only mana (kicker makes the spell better), and reveal a card rather
    than pay mana for an additional cost (it costs only what the opponent learns); never sacrifice or discard
    for one. A cost that would make the targets already chosen wrong is left unpaid (a kicked Fight with Fire
    divides its damage among other targets than the unkicked one aims at)."""
    picks = [v for v in d.option_values() if v in d.mana_only or v == "reveal"]
    picks = [v for v in picks if _legal(d, [v])]
    return picks if _legal(d, picks) else picks[:1]


def _legal(d: Decision, answer: Any) -> bool:
    try:
        d.validate(answer)
    except IllegalAnswer:
        return False
    return True


def _mill_revealed(board: Board, card_id: int) -> str:
    """Explore's revealed spell: keep it on top to draw next unless it costs well beyond our lands."""
    card = board.view.offered(card_id)
    if card is None:
        return "no"
    lands = board.my_land_count + sum(1 for c in board.hand if c.is_land)
    return "yes" if card.mana_value > lands + 1 else "no"


def scry(board: Board, d: Decision) -> list[int]:
    """Bottom what we don't need: lands when we have plenty, spells we can't cast soon when short of lands."""
    out = []
    lands = board.my_land_count + sum(1 for c in board.hand if c.is_land)
    for opt in d.options:
        card = board.view.offered(opt.value)
        is_land = card is not None and card.is_land
        if is_land and lands >= 5 or not is_land and lands <= 2:
            out.append(opt.value)
    return out


def search(board: Board, d: Decision) -> list[int]:
    """A land of the colour the hand needs and the lands lack."""
    if d.max <= 0 or not d.options:
        return []
    have: set[str] = set()
    for land in board.lands(board.me):
        have |= mana_colors(land)
    need = _needed_colors(board)

    def rank(opt: Any) -> tuple[float, int]:
        card = board.view.offered(opt.value)
        cols = mana_colors(card) if card is not None else set()
        gain = max((3.0 * (col in need and col not in have) + need.get(col, 0) * 0.5 for col in cols), default=0.0)
        return (-gain, d.options.index(opt))
    ranked = sorted(d.options, key=rank)
    return [o.value for o in ranked[: d.max]]


def least_valuable(board: Board, d: Decision) -> list[int]:
    """What we'd miss least: the permanents to give up."""
    return _by_worth(board, d.option_values())[: d.min]


def _by_worth(board: Board, vals: list[Any]) -> list[Any]:
    """The permanents, the least valuable first."""
    scored = []
    for v in vals:
        o = board.view.find(v)
        worth = permanent_value(o, board.creatures) if o is not None else 0.0
        scored.append((worth, v))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [v for _, v in scored]


def tap_for_cost(board: Board, d: TapCost) -> list[int]:
    """The permanents to tap for a cost. For one of total power (crew): the group of creatures that costs least
    to tap (a creature that can't attack this turn costs only its blocking)."""
    if not d.need:
        return least_valuable(board, d)    # a number of permanents: the ones we'd miss least
    order = _by_worth(board, d.option_values())
    group = crew_group(d.need, [board.creatures[v] for v in order if v in board.creatures])
    return [c.id for c in group] if group is not None else d.fewest(order)


def legend(board: Board, d: Decision) -> list[int]:
    vals = d.option_values()
    scored = []
    for v in vals:
        o = board.view.find(v)
        worth = 0.0
        if o is not None:
            worth = permanent_value(o, board.creatures) + (0.5 if not o.tapped else 0.0) + 0.1 * len(o.attachments)
        scored.append((-worth, v))
    scored.sort()
    return [scored[0][1]]


def pick_cards(board: Board, d: Decision) -> list[int]:
    """Choosing cards (e.g. from the opponent's revealed hand): the most valuable ones."""
    vals = d.option_values()
    if getattr(d, "damage_source", False):
        return [damage_source(board, vals)]
    if getattr(d, "keep", False):
        return keep_most(board, d)
    as_enters = getattr(d, "as_enters", False)   # "as this enters, choose another creature you control": for it
    scored = []
    for v in vals:
        o = board.view.find(v)
        worth = card_value(o) if o is not None else 0.0
        if o is not None and o.owner == board.me and o.zone in ("battlefield", "hand") and not as_enters:
            worth = -worth   # our own things: give up the least valuable
        scored.append((-worth, v))
    scored.sort()
    n = max(d.min, min(d.max, 1)) if d.max else d.min
    return [v for _, v in scored[:n]]


def keep_most(board: Board, d: Any) -> list[int]:
    """Choosing what to keep when the rest is lost, within a limit the rules check ("total power 4 or less"):
    the most valuable first, each added while the choice stays legal."""
    def worth(v: int) -> float:
        o = board.view.find(v)
        return card_value(o) if o is not None else 0.0
    kept: list[int] = []
    for v in sorted(d.option_values(), key=lambda v: -worth(v)):
        try:
            d.validate(kept + [v])
        except IllegalAnswer:
            continue
        kept.append(v)
    return kept


def damage_source(board: Board, vals: list[int]) -> int:
    """The source a prevention shield is against (609.7a): an opponent's spell on the stack (it is about to
    resolve), else their attacking creature with the most power, else their creature with the most power;
    our own objects last. Ties go to the first listed."""
    def danger(v: int) -> float:
        o = board.view.find(v)
        if o is None or o.controller == board.me:
            return -1.0
        if o.zone == "stack":
            return 100.0
        power = float(o.power or 0) if o.is_creature else 0.0
        return power + (50.0 if o.attacking is not None else 0.0)
    return max(vals, key=lambda v: (danger(v), -vals.index(v)))


def discard(board: Board, d: Decision) -> list[int]:
    """Discard what we need least: extra lands when we have enough, else the clunkiest spell. Enough lands
    means at least four, and as many as the costliest spell in hand needs (up to six); a land we need is worth
    more the more we are short of them (three lands and a six-drop: the fourth land outweighs a three-mana
    spell)."""
    hand = {c.id: c for c in board.hand}
    lands_in_play = board.my_land_count
    scored = []
    lands_in_hand = sum(1 for c in hand.values() if c.is_land)
    needed = max([4] + [min(c.mana_value, 6) for c in hand.values() if not c.is_land])
    for v in d.option_values():
        c = hand.get(v)
        if c is None:
            scored.append((0.0, v))
            continue
        if c.is_land:
            short = needed - (lands_in_play + lands_in_hand)    # lands still missing besides this one
            worth = 5.0 + short if short >= 0 else (1.0 if lands_in_play >= 6 else 2.0)
        else:
            worth = card_value(c)
            if c.mana_value > lands_in_play + lands_in_hand + 1:
                worth -= 2.0
        scored.append((worth, v))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [v for _, v in scored[: d.min]]


def order_triggers(board: Board, d: OrderTriggers) -> list[int]:
    """Put our triggers on the stack so the best resolve first (the last one listed resolves first):
    what hurts the opponent first, then what helps us, and what costs us last."""
    trig = d.triggers

    def resolve_rank(t: dict[str, Any]) -> tuple[int, int]:
        r = read_ability(t.get("ability"))
        if r.sacrifice_self:
            rank = 3
        elif r.harmful or r.drain:
            rank = 0
        elif r.tokens or r.draw or r.gain_life or r.helpful:
            rank = 1
        else:
            rank = 2
        return (rank, t["id"])
    first_to_resolve = sorted(trig, key=resolve_rank)
    return [t["id"] for t in reversed(first_to_resolve)]


def damage_order(board: Board, d: DamageOrder) -> list[int]:
    """Order blockers (or attackers) so the damage kills the most valuable creatures it can."""
    creature = board.creatures.get(d.creature)
    power = creature.power if creature is not None else 0
    deathtouch = creature is not None and creature.deathtouch
    vals = d.option_values()

    def rank(v: int) -> tuple[int, float, int]:
        c = board.creatures.get(v)
        if c is None:
            return (1, 0.0, v)
        need = 1 if deathtouch else c.health
        return (0 if need <= power else 1, -creature_value(c), v)
    return sorted(vals, key=rank)


def assign_damage(board: Board, d: AssignDamage) -> list[list[int]]:
    """Lethal to each in order, the rest to the player (trample) — the automatic assignment is right."""
    return [list(x) for x in d.auto]


def divide(board: Board | None, d: Divide) -> list[int]:
    """Damage divided among targets: 1 to each and the rest to the first (the target chosen first)."""
    rest = d.total - len(d.targets)
    return [1 + rest] + [1] * (len(d.targets) - 1)


def bottom(board: Board, d: Decision) -> list[int]:
    from .mulligan import choose_bottom
    hand = [c for c in board.hand if c.id in set(d.option_values())]
    picks = choose_bottom(hand, d.min)
    if len(picks) != d.min:
        picks = [v for v in d.option_values()][: d.min]
    return picks
