"""Stops, skips and auto-pass: when the UI answers priority with "pass" for a person.

This is a UI concern (the engine asks every priority decision): by default
the game stops in your main phases, at declare blockers on both sides, at
the opponent's end step, and whenever the opponent puts something on the
stack you could respond to. It never stops when you have nothing to do but
pass (mana abilities aside). Skips and full control change that on demand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The steps a stop can be set on, with their short names (the stop bar) and keys 1-0.
STOP_STEPS: tuple[tuple[str, str], ...] = (
    ("upkeep", "UP"), ("draw", "DR"), ("main1", "M1"), ("beginning_of_combat", "BC"),
    ("declare_attackers", "DA"), ("declare_blockers", "DB"), ("combat_damage", "CD"),
    ("end_of_combat", "EC"), ("main2", "M2"), ("end", "ET"),
)
STEP_SHORT = dict(STOP_STEPS)
# Steps without a stop of their own count as their neighbour.
STOP_ALIAS = {"first_strike_damage": "combat_damage", "cleanup": "end", "untap": "upkeep"}

DEFAULT_MINE = frozenset({"main1", "main2", "declare_blockers"})
DEFAULT_THEIRS = frozenset({"declare_blockers", "end"})
# Hot-seat: with no "you could respond" stops (they would tell the table what a player holds), a player
# also stops in the opponent's declare attackers step, to act before blocking.
HOTSEAT_THEIRS = DEFAULT_THEIRS | {"declare_attackers"}

SKIPS = {
    "eot": "to end of turn",
    "turn": "the whole turn",
    "main": "to the next main phase",
    "stack": "until the stack resolves",
    "my_turn": "to my next turn",
}


def stop_step(step: str) -> str:
    return STOP_ALIAS.get(step, step)


@dataclass
class Skip:
    kind: str
    turn: int
    step: str
    stack: int


@dataclass
class Stops:
    """One person's stops, skip, full control and yields."""

    mine: set[str] = field(default_factory=lambda: set(DEFAULT_MINE))
    theirs: set[str] = field(default_factory=lambda: set(DEFAULT_THEIRS))
    skip: Skip | None = None
    full_step: tuple[int, str] | None = None
    full_locked: bool = False
    yields: set[str] = field(default_factory=set)          # always yield to these abilities
    yields_turn: dict[str, int] = field(default_factory=dict)  # until end of this turn
    # The turn, step and stack (id, controller, yield key of each object) at this player's last priority.
    seen_stack: tuple[int, str, tuple[tuple[int, int, str], ...]] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"mine": sorted(self.mine), "theirs": sorted(self.theirs), "full_locked": self.full_locked,
                "yields": sorted(self.yields)}

    @classmethod
    def from_json(cls, data: Any) -> "Stops":
        s = cls()
        if isinstance(data, dict):
            known = {k for k, _ in STOP_STEPS}
            if isinstance(data.get("mine"), list):
                s.mine = {x for x in data["mine"] if isinstance(x, str) and x in known}
            if isinstance(data.get("theirs"), list):
                s.theirs = {x for x in data["theirs"] if isinstance(x, str) and x in known}
            s.full_locked = bool(data.get("full_locked", False))
            if isinstance(data.get("yields"), list):
                s.yields = {str(x) for x in data["yields"]}
        return s

    def stop_set(self, my_turn: bool) -> set[str]:
        return self.mine if my_turn else self.theirs

    def toggle(self, step: str, my_turn: bool) -> bool:
        s = self.stop_set(my_turn)
        if step in s:
            s.discard(step)
            return False
        s.add(step)
        return True

    def full_control(self, turn: int, step: str) -> bool:
        return self.full_locked or self.full_step == (turn, step)

    def yielded(self, key: str, turn: int) -> bool:
        return key in self.yields or self.yields_turn.get(key) == turn

    def clear(self) -> None:
        self.skip = None
        self.full_step = None
        self.yields.clear()
        self.yields_turn.clear()


def yield_key(item: Any) -> str:
    """What an auto-yield remembers about a stack object: its source and its text."""
    return f"{item.name}|{item.text}"


def should_stop(stops: Stops, view: Any, player: int, actions: list[Any], is_mana: Any, *,
                hidden_hands: bool = False) -> bool:
    """Should the person get this priority decision (True), or does the UI pass for them (False)?

    ``actions`` are the legal priority actions (GameView.legal_actions), ``is_mana(option)`` tells
    the mana abilities apart. Against the computer the game passes for you where you can do nothing
    but pass; stops where you set them; when an opposing spell or ability is on the stack; and again,
    after one has left the stack, while you could still respond in that step (as Forge and Arena do).
    With ``hidden_hands`` (hot-seat, two people at one terminal) nothing depends on what the player
    could do, or a hand-off would tell the table that they hold a response: they stop where they asked
    and when an opposing spell or ability is on the stack, whatever they hold.
    """
    turn, step = view.turn, view.step
    stack = view.stack()
    before, stops.seen_stack = stops.seen_stack, (turn, step, tuple((s.id, s.controller, yield_key(s))
                                                                   for s in stack))
    if stops.full_control(turn, step):
        return True
    useful = hidden_hands or any(o.value.get("action") != "pass" and not is_mana(o) for o in actions)
    my_turn = view.active == player
    skip = stops.skip
    if skip is not None:
        if skip.kind == "turn":
            if turn == skip.turn:
                return False
            stops.skip = None
        elif skip.kind == "eot":
            if turn == skip.turn:
                if stack and stack[0].controller != player and len(stack) > skip.stack and useful \
                        and not stops.yielded(yield_key(stack[0]), turn):
                    stops.skip = None
                    return True
                return False
            stops.skip = None
        elif skip.kind == "main":
            later = turn > skip.turn or step != skip.step
            if later and step in ("main1", "main2") and not stack:
                stops.skip = None
            else:
                if stack and stack[0].controller != player and len(stack) > skip.stack and useful \
                        and not stops.yielded(yield_key(stack[0]), turn):
                    stops.skip = None
                    return True
                return False
        elif skip.kind == "stack":
            if stack and len(stack) >= 1 and (turn, step) == (skip.turn, skip.step):
                return False
            stops.skip = None
        elif skip.kind == "my_turn":
            if not (my_turn and turn > skip.turn):
                return False
            stops.skip = None
    if not useful:
        return False
    if stack:
        top = stack[0]
        if top.controller == player:
            return False
        return not stops.yielded(yield_key(top), turn)
    if stop_step(step) in stops.stop_set(my_turn):
        return True
    if hidden_hands or before is None or before[:2] != (turn, step):
        return False
    # Something of the opponent's left the stack in this step (it resolved, or was countered) and you
    # could still respond to what it did: priority again, unless you yielded to it.
    here = {s.id for s in stack}
    return any(ctl != player and sid not in here and not stops.yielded(key, turn) for sid, ctl, key in before[2])
