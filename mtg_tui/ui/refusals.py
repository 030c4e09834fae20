"""Why a card can't be used now, said precisely: the timing, the mana, or the targets.

Read through the GameView only (nothing here decides what is legal: the
engine does; this explains a refusal after the fact).
"""

from __future__ import annotations

import re
from collections import Counter

from ..engine.view import GameView, ObjectView

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}


def why_not_cast(view: GameView, player: int, card: ObjectView) -> str:
    """Why ``player`` can't cast ``card`` (a nonland card in their hand) now."""
    name = card.name
    instant_speed = "Instant" in card.types or "flash" in card.keywords
    if not instant_speed:
        main = view.step in ("main1", "main2")
        if view.active != player or not main or view.stack():
            kind = "a sorcery" if "Sorcery" in card.types else f"a {' '.join(card.types).lower()} spell"
            now = ("the stack isn't empty" if view.stack() and view.active == player and main
                   else "it isn't your turn" if view.active != player else "it isn't your main phase")
            return (f"{name} is {kind}: it can be cast only in your main phase with the stack empty, and "
                    f"{now} (117.1a).")
    if card.mana_cost and not view.can_pay(player, card.mana_cost):
        return f"{name}: {mana_shortfall(card.mana_cost, view.mana_units(player))} (601.2g)."
    rows = view.action_targets(player, {"action": "cast", "card": card.id})
    for row in rows or []:
        if row["min"] and not row["options"]:
            return f"{name} has no legal target: {no_target(row['label'])} (601.2c)."
    return f"{name} can't be cast now."


def mana_shortfall(cost: str, units: list[str]) -> str:
    """What is missing to pay ``cost`` with the mana one could make (``units``: one entry per unit of mana,
    its possible colors): the amount, or else the colors."""
    symbols = re.findall(r"\{([^}]*)\}", cost)
    total = sum(int(s) if s.isdigit() else 1 for s in symbols if s != "X")
    have = len(units)
    if have < total:
        return f"it costs {cost} and you have {have} mana available"
    colored = Counter(s for s in symbols if s in COLOR_NAMES)
    for color, need in colored.items():
        can = sum(1 for u in units if color in u)
        if can < need:
            return (f"it costs {cost}: of the {have} mana you can make, {can} can be {COLOR_NAMES[color]} "
                    f"and it needs {need}")
    return f"it costs {cost} and the mana you have can't pay it"


def no_target(label: str) -> str:
    """ "target creature" -> "no creature can be targeted"; "any target" -> "nothing can be targeted"."""
    words = label.removeprefix("target ").strip()
    if label.startswith("any") or not words:
        return "nothing can be targeted"
    return f"no {words} can be targeted"


def why_not_activate(card: ObjectView) -> str:
    """Why a permanent with abilities offers none now (the commonest reasons, in words)."""
    if card.tapped:
        return f"{card.name} is tapped."
    if card.sick and card.is_creature and not card.has_haste:
        return f"{card.name} has summoning sickness: its {{T}} abilities wait until your next turn (302.6)."
    return f"{card.name} has nothing to activate now."
