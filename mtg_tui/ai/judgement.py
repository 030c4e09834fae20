"""Is an effect bad or good for what it targets? The judgement the computer and the UI share.

Both judge from the compiled abilities (``knowledge.py``), never from words:

- ``target_polarity(view, decision, row)``: for a ``targets`` decision, is
  target word ``row`` (0-based, a row of ``decision.specs``)
  "harmful" (damage, destroy, exile, -N/-N, tap, bounce, steal...),
  "helpful" (pumps, auras with bonuses, untap, regenerate, life...) or
  "neutral" for whatever is chosen?
- ``ordered_targets(view, decision, row)``: that row's legal choices in the
  order a player expects: for harm the opponents and their things first,
  for help the deciding player and their own things first; neutral keeps
  the game's order.

``effect_polarity(effect, index, source_abilities)`` is the same judgement
without a decision (e.g. for an action the player hasn't started yet).
"""

from __future__ import annotations

from typing import Any, Literal

from ..engine.abilities import Effect
from ..engine.decisions import Targets
from ..engine.view import GameView
from .knowledge import read_card, read_effect
from .reading import ATTACHED, OPPONENTS, SELF, TARGET, TARGET_CONTROLLER, YOU, Reading, polarity

Polarity = Literal["harmful", "helpful", "neutral"]


def effect_polarity(effect: Effect | None, index: int, source_abilities: tuple[Any, ...] = ()) -> Polarity:
    """Harmful, helpful or neutral for what target word ``index`` of ``effect`` names.

    An Aura spell's effect is empty: then its target is what it will enchant, and
    the source's abilities that apply to the enchanted object decide.
    """
    r = read_effect(effect)
    if any(i.side == TARGET and i.index == index for i in r.impacts):
        return polarity(r.target_worth(index))  # type: ignore[return-value]
    if source_abilities and index == 0:
        card = read_card(tuple(source_abilities))
        attached = [i.worth for x in card.all for i in x.impacts if i.side == ATTACHED]
        if attached:
            return polarity(sum(attached))  # type: ignore[return-value]
    return "neutral"


def target_polarity(view: GameView, decision: Targets, row: int = 0) -> Polarity:
    """Harmful, helpful or neutral for what target word ``row`` of a ``targets`` decision names."""
    effect = decision.effect
    source = view.find(decision.source) if decision.source is not None else None
    return effect_polarity(effect, row, source.compiled if source is not None else ())


def side_of(view: GameView, oid: int) -> int | None:
    """Whose side a choice is on: a player's index, a permanent's or spell's controller, a card's owner."""
    for p in view.players:
        if p.id == oid:
            return p.index
    v = view.find(oid)
    if v is None:
        return None
    return v.controller if v.zone in ("battlefield", "stack") else v.owner


def worth_to(view: GameView, player: int, controller: int, reading: Reading,
             target_rows: tuple[tuple[int, ...], ...] = ()) -> float:
    """What a reading's impacts are worth to ``player``, when ``controller`` controls what does them.

    ``target_rows`` are the chosen targets, one row per target word. What touches
    everyone alike, or objects named some other way, counts for nothing.
    """
    total = 0.0
    for i in reading.impacts:
        if i.side in (YOU, SELF):
            sign = 1.0 if player == controller else -1.0
        elif i.side == OPPONENTS:
            sign = -1.0 if player == controller else 1.0
        elif i.side in (TARGET, TARGET_CONTROLLER) and i.index is not None and i.index < len(target_rows):
            sides = [side_of(view, t) for t in target_rows[i.index]]
            sign = sum(1.0 if s == player else -1.0 for s in sides if s is not None)
        else:
            continue
        total += sign * i.worth
    return total


def ordered_targets(view: GameView, decision: Targets, row: int = 0) -> list[int]:
    """Row ``row``'s legal choices, those a player would pick first at the front."""
    specs = decision.specs
    options = list(specs[row]["options"]) if 0 <= row < len(specs) else decision.option_values()
    pol = target_polarity(view, decision, row)
    if pol == "neutral":
        return options
    me = decision.player

    def rank(oid: int) -> int:
        side = side_of(view, oid)
        if side is None:
            return 1
        ours = side == me
        return (2 if ours else 0) if pol == "harmful" else (0 if ours else 2)
    return sorted(options, key=rank)
