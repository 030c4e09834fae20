"""Opening hands: keep a hand with a workable number of lands, bottom what the hand needs least.

A seven-card hand is kept with 2 to 5 lands, but with only 2 lands it needs
cheap spells to play (two or more costing 2 or less) and with 5 it needs a
spell worth drawing into; a six-card hand with 1 to 5 lands if it can cast
something with them; five cards or fewer are kept. Lands that make none of
the hand's colours don't count fully.
"""

from __future__ import annotations

from ..engine.view import ObjectView
from .evaluate import card_value
from .knowledge import cost_colors, mana_colors


def _colors_needed(spells: list[ObjectView]) -> set[str]:
    out: set[str] = set()
    for s in spells:
        out |= set(cost_colors(s.mana_cost))
    return out


def effective_lands(hand: list[ObjectView]) -> float:
    lands = [c for c in hand if c.is_land]
    spells = [c for c in hand if not c.is_land]
    need = _colors_needed(spells)
    n = 0.0
    for land in lands:
        cols = mana_colors(land)
        n += 1.0 if (not need or cols & need or not cols) else 0.6
    return n


def keep(hand: list[ObjectView], mulligans: int) -> bool:
    size = len(hand)
    if size <= 5 or mulligans >= 2:
        return True
    lands = sum(1 for c in hand if c.is_land)
    spells = [c for c in hand if not c.is_land]
    cheap = sum(1 for c in spells if c.mana_value <= 2)
    castable_early = sum(1 for c in spells if c.mana_value <= max(lands, 1))
    eff = effective_lands(hand)
    if size >= 7:
        if lands < 2 or lands > 5:
            return False
        if lands == 2:
            return cheap >= 2 and eff >= 1.6
        if lands == 5:
            return any(c.mana_value >= 3 for c in spells) or cheap >= 1
        return eff >= 2.0 or castable_early >= 2
    # six cards
    if lands < 1 or lands > 5:
        return False
    if lands == 1:
        return cheap >= 3
    return True


def choose_bottom(hand: list[ObjectView], n: int) -> list[int]:
    """The n cards to put on the bottom: trim the land count toward about 40% and drop the clunkiest spells."""
    keep_size = len(hand) - n
    lands = sorted((c for c in hand if c.is_land), key=lambda c: (_land_rank(c, hand), c.id))
    spells = sorted((c for c in hand if not c.is_land), key=lambda c: (_spell_rank(c, len(lands)), c.id))
    target_lands = max(2, min(4, round(keep_size * 0.42 + 0.3)))
    target_lands = min(target_lands, len(lands))
    target_spells = keep_size - target_lands
    if target_spells > len(spells):
        target_spells = len(spells)
        target_lands = keep_size - target_spells
    keep_ids = {c.id for c in lands[:target_lands]} | {c.id for c in spells[:target_spells]}
    bottom = [c.id for c in hand if c.id not in keep_ids]
    # worst first
    order = {c.id: i for i, c in enumerate(list(reversed(spells)) + list(reversed(lands)))}
    bottom.sort(key=lambda i: order.get(i, 0))
    return bottom[:n]


def _land_rank(land: ObjectView, hand: list[ObjectView]) -> float:
    need = _colors_needed([c for c in hand if not c.is_land])
    cols = mana_colors(land)
    return -(len(cols & need) + (0.5 if len(cols) > 1 else 0.0))


def _spell_rank(spell: ObjectView, lands: int) -> float:
    """Lower is kept first: cheap, castable, valuable spells."""
    mv = spell.mana_value
    penalty = max(0, mv - max(lands, 2) - 1) * 2.0
    return -card_value(spell) / (1.0 + 0.3 * mv) + penalty + 0.2 * mv
