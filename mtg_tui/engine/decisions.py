"""The decision protocol: the one question the game is waiting on.

At every moment the game waits on exactly one ``Decision`` by one player.
Whoever answers (a person through the UI, an agent, a scenario script) calls
``Game.answer(player, answer)`` with plain data (ints for object and player
ids, strings, lists, dicts), so every answer can be written to the game's
record and replayed. An answer the rules forbid raises ``IllegalAnswer``
with the reason, and changes nothing.

Decision kinds (``Decision.kind``): priority, declare_attackers,
declare_blockers, damage_order, assign_damage, order_triggers, targets,
choose, discard, mulligan, bottom, pay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

KINDS = (
    "priority", "declare_attackers", "declare_blockers", "damage_order", "assign_damage",
    "order_triggers", "targets", "choose", "discard", "mulligan", "bottom", "pay",
)

CANCEL = "cancel"


class IllegalAnswer(Exception):
    """An answer the rules don't allow. ``reason`` says why, in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(slots=True)
class Option:
    """One legal choice: its value (what to answer) and how to show it."""

    value: Any
    label: str


@dataclass(slots=True)
class Decision:
    """A question to one player.

    ``options`` lists the legal choices where they can be listed (targets,
    cards, modes, yes/no); ``min``/``max`` bound how many of them an answer
    picks. ``subkind`` refines ``choose`` (mode, x, color, yes_no, cards,
    player, number, sacrifice, scry, search, legend). ``data`` carries
    kind-specific facts for players and agents (attackers that could attack,
    blockers and what each may block, lethal damage figures, ...).
    ``cancellable``: a half-made action (casting, activating) may be
    abandoned with the answer "cancel", which leaves everything as it was.
    """

    kind: str
    player: int
    prompt: str
    options: list[Option] = field(default_factory=list)
    min: int = 0
    max: int = 0
    subkind: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    cancellable: bool = False
    validator: Callable[[Any], Any] | None = None
    source: int | None = None

    def validate(self, answer: Any) -> Any:
        """Return the answer in normal form, or raise IllegalAnswer."""
        check_plain(answer)
        if self.cancellable and answer == CANCEL:
            return CANCEL
        if self.validator is not None:
            return self.validator(answer)
        return validate_pick(self, answer)

    def option_values(self) -> list[Any]:
        return [o.value for o in self.options]

    def label_of(self, value: Any) -> str:
        for o in self.options:
            if o.value == value:
                return o.label
        return str(value)

    def __repr__(self) -> str:
        return f"<Decision {self.kind}{'/' + self.subkind if self.subkind else ''} for player {self.player}: {self.prompt}>"


# Bounds on plain data: far above anything a real answer needs, low enough that
# no answer can make the engine allocate or loop without end.
MAX_NUMBER = 2**31 - 1
MAX_TEXT = 200
MAX_ITEMS = 1000
MAX_DEPTH = 8


def check_plain(answer: Any) -> None:
    """Refuse anything that isn't plain, bounded data: null, true/false, whole numbers, text, lists, tables."""
    budget = [MAX_ITEMS * 4]

    def walk(v: Any, depth: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise IllegalAnswer("the answer is too large")
        if depth > MAX_DEPTH:
            raise IllegalAnswer("the answer is nested too deeply")
        if v is None or isinstance(v, bool):
            return
        if isinstance(v, int):
            if not -MAX_NUMBER <= v <= MAX_NUMBER:
                raise IllegalAnswer(f"a number in the answer is out of range (at most {MAX_NUMBER:,} either way)")
            return
        if isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise IllegalAnswer("a text in the answer is too long")
            return
        if isinstance(v, (list, tuple)):
            if len(v) > MAX_ITEMS:
                raise IllegalAnswer("a list in the answer is too long")
            for x in v:
                walk(x, depth + 1)
            return
        if isinstance(v, dict):
            if len(v) > MAX_ITEMS:
                raise IllegalAnswer("a table in the answer is too large")
            for k, x in v.items():
                if not isinstance(k, str) and not (isinstance(k, int) and not isinstance(k, bool)):
                    raise IllegalAnswer("the keys of a table in an answer are text or whole numbers")
                walk(x, depth + 1)
            return
        raise IllegalAnswer(f"a {type(v).__name__} is not an answer (answers are whole numbers, text, lists and "
                            "tables)")

    walk(answer, 0)


def as_list(answer: Any) -> list[Any]:
    if isinstance(answer, (list, tuple)):
        return list(answer)
    return [answer]


def validate_pick(decision: Decision, answer: Any, distinct: bool = True) -> list[Any]:
    """Check an answer that picks ``min``..``max`` of the listed options."""
    picks = as_list(answer)
    values = decision.option_values()
    for p in picks:
        if p not in values:
            raise IllegalAnswer(f"{p!r} is not one of the choices ({_choices(decision)})")
    if distinct and len(set(map(_key, picks))) != len(picks):
        raise IllegalAnswer("the same choice was made twice")
    if len(picks) < decision.min or len(picks) > decision.max:
        if decision.min == decision.max:
            raise IllegalAnswer(f"choose exactly {decision.min} (got {len(picks)})")
        raise IllegalAnswer(f"choose between {decision.min} and {decision.max} (got {len(picks)})")
    return picks


def _key(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


def _choices(decision: Decision) -> str:
    labels = [o.label for o in decision.options[:12]]
    more = "" if len(decision.options) <= 12 else f", and {len(decision.options) - 12} more"
    return ", ".join(labels) + more


# ---------------------------------------------------------------------------
# Answer builders for priority actions (plain dicts, as stored in the record).


def pass_priority() -> dict[str, Any]:
    return {"action": "pass"}


def play_land(card: int) -> dict[str, Any]:
    return {"action": "play", "card": card}


def cast(card: int, *, targets: list[list[int]] | None = None, mode: list[int] | None = None,
         x: int | None = None, pay: Any = "auto") -> dict[str, Any]:
    return {"action": "cast", "card": card, "targets": targets, "mode": mode, "x": x, "pay": pay}


def activate(source: int, ability: int = 0, *, targets: list[list[int]] | None = None,
             mode: list[int] | None = None, x: int | None = None, pay: Any = "auto",
             color: str | None = None) -> dict[str, Any]:
    return {"action": "activate", "source": source, "ability": ability, "targets": targets,
            "mode": mode, "x": x, "pay": pay, "color": color}
