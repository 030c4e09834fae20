"""Every other decision: targets asked on their own, modes, X, colours, "may", cards to pick,
discards, trigger order, damage order and assignment, payment.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.decisions import Decision
from .board import Board, land_colors
from .evaluate import card_value, creature_value, permanent_value
from .textread import Reading, read
from .targeting import choose


def _source_reading(board: Board, d: Decision) -> Reading:
    """What the spell or ability asking this decision does (read from its card's text)."""
    from .textread import split_activated
    name = board.view.describe(d.source) if d.source is not None else ""
    v = board.view.find(d.source) if d.source is not None else None
    texts = list(v.abilities) if v is not None and v.abilities else _card_texts(board, name)
    if not texts and v is not None:
        texts = [p for p in v.text.split("\n") if p.strip()]
    if "triggered ability" in d.prompt:
        trig = [t for t in texts if t.lower().startswith(("when", "whenever", "at the beginning"))
                and "target" in t.lower()]
        if trig:
            return read(trig[0], name)
    if v is not None and v.zone == "battlefield":
        acts = [split_activated(t) for t in texts]
        acts = [a for a in acts if a is not None and "target" in a[1].lower()]
        if acts:
            return read(acts[0][1], name)
    return read(" ".join(texts), name)


def _card_texts(board: Board, name: str) -> list[str]:
    """A card's printed paragraphs, from the card database (public knowledge)."""
    try:
        card = board.view.game.cards.get(name)
    except Exception:  # noqa: BLE001 - a token or an unknown name: nothing to read
        return []
    return [p for p in (getattr(card, "text", "") or "").split("\n") if p.strip()]


def targets(board: Board, d: Decision) -> list[list[int]]:
    rows = d.data["specs"]
    r = _source_reading(board, d)
    answer, _ = choose(board, rows, r)
    return answer


def choose_decision(board: Board, d: Decision) -> Any:
    sub = d.subkind
    if sub == "mode":
        return [d.options[0].value] if d.options else [1]
    if sub == "x":
        return d.data.get("max", 0)
    if sub == "color":
        return _color(board, d)
    if sub == "yes_no":
        return may(board, d)
    if sub == "scry":
        return scry(board, d)
    if sub == "search":
        return search(board, d)
    if sub == "sacrifice":
        return _least_valuable(board, d, mine=True)
    if sub == "legend":
        return _legend(board, d)
    if sub == "cards":
        return _pick_cards(board, d)
    vals = d.option_values()
    return vals[: d.min]


def _color(board: Board, d: Decision) -> Any:
    vals = d.option_values()
    # the colour our hand needs most
    need: dict[str, int] = {}
    for c in board.hand:
        for col in re.findall(r"\{([WUBRG])\}", c.mana_cost):
            need[col] = need.get(col, 0) + 1
    names = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
    ranked = sorted(vals, key=lambda v: (-need.get(next((k for k, n in names.items() if n == v), ""), 0),
                                         vals.index(v)))
    return ranked[0]


def may(board: Board, d: Decision) -> str:
    """'You may ...': yes when it helps us."""
    top = board.stack[0] if board.stack else None
    text = (top.text if top is not None else "") + " " + d.prompt
    low = text.lower()
    bad = ("sacrifice", "discard", "lose", "pay ")
    good = ("return", "draw", "gain", "put", "search", "create", "untap")
    m = re.search(r"you may ([^.]*)", low)
    clause = m.group(1) if m else low
    if any(b in clause for b in bad) and not any(g in clause for g in good):
        return "no"
    return "yes"


def scry(board: Board, d: Decision) -> list[int]:
    """Bottom what we don't need: lands when we have plenty, spells we can't cast soon when short of lands."""
    out = []
    lands = board.my_land_count + sum(1 for c in board.hand if c.is_land)
    for opt in d.options:
        name = opt.label
        is_land = _is_land_name(board, name)
        if is_land and lands >= 5 or not is_land and lands <= 2:
            out.append(opt.value)
    return out


def _is_land_name(board: Board, name: str) -> bool:
    try:
        card = board.view.game.cards.get(name)
    except Exception:  # noqa: BLE001
        return False
    return "Land" in getattr(card, "types", ())


def search(board: Board, d: Decision) -> list[int]:
    """A basic land: the colour the hand needs and the lands lack."""
    if d.max <= 0 or not d.options:
        return []
    have: set[str] = set()
    for land in board.lands(board.me):
        have |= land_colors(land)
    need: dict[str, int] = {}
    for c in board.hand:
        for col in re.findall(r"\{([WUBRG])\}", c.mana_cost):
            need[col] = need.get(col, 0) + 1
    basic = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

    def rank(opt: Any) -> tuple[float, int]:
        col = basic.get(opt.label, "")
        return (-(3.0 * (col in need and col not in have) + need.get(col, 0) * 0.5), d.options.index(opt))
    ranked = sorted(d.options, key=rank)
    return [o.value for o in ranked[: d.max]]


def _least_valuable(board: Board, d: Decision, mine: bool) -> list[int]:
    vals = d.option_values()
    scored = []
    for v in vals:
        o = board.view.find(v)
        worth = permanent_value(o, board.creatures) if o is not None else 0.0
        scored.append((worth, v))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [v for _, v in scored[: d.min]]


def _legend(board: Board, d: Decision) -> list[int]:
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


def _pick_cards(board: Board, d: Decision) -> list[int]:
    """Choosing cards (e.g. from the opponent's revealed hand): the most valuable ones."""
    vals = d.option_values()
    scored = []
    for v in vals:
        o = board.view.find(v)
        worth = card_value(o) if o is not None else 0.0
        if o is not None and o.owner == board.me and o.zone in ("battlefield", "hand"):
            worth = -worth   # our own things: give up the least valuable
        scored.append((-worth, v))
    scored.sort()
    n = max(d.min, min(d.max, 1)) if d.max else d.min
    return [v for _, v in scored[:n]]


def discard(board: Board, d: Decision) -> list[int]:
    """Discard what we need least: extra lands when we have enough, else the clunkiest spell."""
    hand = {c.id: c for c in board.hand}
    lands_in_play = board.my_land_count
    scored = []
    lands_in_hand = sum(1 for c in hand.values() if c.is_land)
    for v in d.option_values():
        c = hand.get(v)
        if c is None:
            scored.append((0.0, v))
            continue
        if c.is_land:
            worth = 4.0 if lands_in_play + lands_in_hand <= 4 else (1.0 if lands_in_play >= 6 else 2.0)
        else:
            worth = card_value(c)
            if c.mana_value > lands_in_play + lands_in_hand + 1:
                worth -= 2.0
        scored.append((worth, v))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [v for _, v in scored[: d.min]]


def order_triggers(board: Board, d: Decision) -> list[int]:
    """Put our triggers on the stack so the best resolve first (the last one listed resolves first):
    what hurts the opponent first, then what helps us, and what costs us last."""
    trig = d.data.get("triggers") or [{"id": o.value, "text": o.label, "source": ""} for o in d.options]

    def resolve_rank(t: dict[str, Any]) -> tuple[int, int]:
        r = read(t.get("text", ""), t.get("source", ""))
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


def damage_order(board: Board, d: Decision) -> list[int]:
    """Order blockers (or attackers) so the damage kills the most valuable creatures it can."""
    creature = board.creatures.get(d.data.get("creature"))
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


def assign_damage(board: Board, d: Decision) -> list[list[int]]:
    """Lethal to each in order, the rest to the player (trample) — the automatic assignment is right."""
    return [list(x) for x in d.data["auto"]]


def bottom(board: Board, d: Decision) -> list[int]:
    from .mulligan import choose_bottom
    hand = [c for c in board.hand if c.id in set(d.option_values())]
    picks = choose_bottom(hand, d.min)
    if len(picks) != d.min:
        picks = [v for v in d.option_values()][: d.min]
    return picks
