"""A prompt for every decision the engine can ask, listing only the legal choices.

Prompts are plain objects (no Textual): the game screen shows ``render()``
and passes keys to ``handle()``, which returns what to do: answer the
decision, cancel it, inspect an object, or nothing. Choices are labelled
a-z (without i, which inspects the highlighted choice).
"""

from __future__ import annotations

import itertools

from dataclasses import dataclass, field
from typing import Any, Callable

from rich.text import Text

from ..engine.decisions import (ChooseCosts, ConvokeCost, AssignDamage, Bottom, ChooseColor, ChooseCreatureType, ChooseMode, ChooseX,
                                DamageOrder, Decision, DeclareAttackers, DeclareBlockers, Discard, Divide, Mulligan, OrderCards, OrderTriggers,
                                Pay, Priority, Scry, Targets, YesNo)
from ..engine.dispatch import DecisionHandler, dispatch
from .snapshot import Snapshot
from .text import alike, mana_text, permanent

LABELS = "abcdefghjklmnopqrstuvwxyz"   # no "i": it inspects
PAGE = len(LABELS)


# ---------------------------------------------------------------------------
# What a key press leads to


@dataclass
class Answer:
    value: Any


@dataclass
class Cancel:
    """Back out: answer "cancel" to a cancellable decision, or close a menu."""


@dataclass
class Inspect:
    oid: int


@dataclass
class Redraw:
    pass


Outcome = Answer | Cancel | Inspect | Redraw | None


@dataclass
class Choice:
    value: Any
    label: Text
    oid: int | None = None
    key: str | None = None        # a fixed key instead of the next free letter


def describe(snap: Snapshot, oid: Any) -> Text:
    """A choice that is a player or an object, with what tells it apart."""
    if not isinstance(oid, int):
        return Text(str(oid))
    for p in snap.players:
        if p.id == oid:
            you = " (you)" if p.index == snap.viewer else ""
            return Text(f"{p.name}{you}, player, {p.life} life")
    o = snap.objects.get(oid)
    if o is not None:
        if o.zone == "battlefield":
            t = permanent(o, snap, with_keywords=False)
            t.append(f" [{snap.players[o.controller].name}]", style="dim")
            return t
        t = Text(o.name, style="bold")
        if o.mana_cost:
            t.append(" ")
            t.append_text(mana_text(o.mana_cost))
        if not (o.zone == "hand" and o.owner == snap.viewer):
            t.append(f" [{snap.players[o.owner].name}'s {o.zone}]", style="dim")
        return t
    for s in snap.stack:
        if s.id == oid:
            return Text(f"{s.name}{'' if s.kind == 'spell' else chr(39) + 's ability'} on the stack "
                        f"({snap.players[s.controller].name})")
    return Text(snap.name(oid))


class Prompt:
    """The base: a title, lines, hints, and key handling."""

    title: str = ""
    cancellable: bool = False
    error: str = ""
    kind: str = ""

    def lines(self) -> list[Text]:
        return []

    def chunks(self) -> list[Text]:
        return []

    def hints(self) -> list[tuple[str, str]]:
        return []

    def handle(self, key: str, char: str | None) -> Outcome:
        return None

    def highlighted_oid(self) -> int | None:
        return None

    # Used by the footer and the help screen.
    def help(self) -> str:
        return ""


class PickPrompt(Prompt):
    """Pick min..max of the choices (in order, if ``ordered``)."""

    def __init__(self, title: str, choices: list[Choice], lo: int, hi: int, *, ordered: bool = False,
                 done: Callable[[list[Any]], Any] | None = None, default: Callable[[], Any] | None = None,
                 default_label: str = "", cancellable: bool = False, explain: str = "", kind: str = "pick",
                 count_line: Callable[[list[Choice]], str] | None = None) -> None:
        self.title = title
        self.choices = choices
        self.lo, self.hi = lo, min(hi, len(choices)) if choices else hi
        self.ordered = ordered
        self.done = done or (lambda picks: picks)
        self.default = default
        self.default_label = default_label
        self.cancellable = cancellable
        self.explain = explain
        self.kind = kind
        self.count_line = count_line
        self.picks: list[int] = []
        self.cursor = 0
        self.page = 0
        self.error = ""
        self.keys: dict[str, int] = {}
        self._assign_keys()

    @property
    def single(self) -> bool:
        return self.lo == 1 and self.hi == 1 and not self.ordered

    def _assign_keys(self) -> None:
        self.keys = {}
        fixed = {c.key for c in self.choices if c.key}
        start = self.page * PAGE
        labels = iter(ch for ch in LABELS if ch not in fixed)
        for i, c in enumerate(self.choices):
            if c.key:
                self.keys[c.key] = i
        for i in range(start, min(start + PAGE, len(self.choices))):
            if self.choices[i].key:
                continue
            try:
                self.keys[next(labels)] = i
            except StopIteration:
                break

    def key_of(self, index: int) -> str | None:
        for k, i in self.keys.items():
            if i == index:
                return k
        return None

    def lines(self) -> list[Text]:
        out = []
        if self.explain:
            out.append(Text(self.explain))
        if not self.single:
            out.append(Text(self.count_text(), style="dim"))
        if self.error:
            out.append(Text(self.error, style="bold reverse"))
        return out

    def count_text(self) -> str:
        """How many are chosen, against what is asked: "Chosen 2 of 3", "Chosen 1 (up to 4)"."""
        if self.count_line is not None:
            return self.count_line([self.choices[i] for i in self.picks])
        n = len(self.picks)
        order = " (in order)" if self.ordered else ""
        if self.lo == self.hi:
            return f"Chosen {n} of {self.lo}{order}"
        want = f"up to {self.hi}" if self.lo == 0 else f"{self.lo} to {self.hi}"
        return f"Chosen {n} ({want}){order}"

    def chunks(self) -> list[Text]:
        out = []
        for i, c in enumerate(self.choices):
            k = self.key_of(i)
            if k is None:
                continue
            t = Text()
            t.append(">" if i == self.cursor else " ", style="bold")
            t.append(f"{k}) ", style="bold")
            if not self.single:
                if i in self.picks:
                    t.append(f"[{self.picks.index(i) + 1}] " if self.ordered else "[x] ", style="bold")
                else:
                    t.append("[ ] ")
            t.append_text(c.label)
            if i == self.cursor:
                t.stylize("reverse", 1)
            out.append(t)
        pages = (len(self.choices) + PAGE - 1) // PAGE
        if pages > 1:
            out.append(Text(f"(page {self.page + 1}/{pages}: PgDn/PgUp)", style="dim"))
        return out

    def hints(self) -> list[tuple[str, str]]:
        h = []
        if self.single:
            h.append(("a-z", "choose"))
            h.append(("Enter", "choose highlighted"))
        else:
            h.append(("a-z", "pick/unpick"))
            h.append(("Space", "done"))
        if self.default is not None:
            h.append(("Space", self.default_label or "default"))
        if any(c.oid for c in self.choices):
            h.append(("i", "inspect"))
        if self.cancellable:
            h.append(("Esc", "cancel"))
        return h

    def highlighted_oid(self) -> int | None:
        if 0 <= self.cursor < len(self.choices):
            return self.choices[self.cursor].oid
        return None

    def toggle(self, i: int) -> Outcome:
        if self.single:
            return self.finish([i])
        if i in self.picks:
            self.picks.remove(i)
        elif len(self.picks) < self.hi:
            self.picks.append(i)
        else:
            self.error = f"At most {self.hi}: unpick one first."
        return Redraw()

    def finish(self, picks: list[int]) -> Outcome:
        if not self.lo <= len(picks) <= self.hi:
            want = f"exactly {self.lo}" if self.lo == self.hi else f"{self.lo} to {self.hi}"
            self.error = f"Choose {want} (chosen: {len(picks)})."
            return Redraw()
        return Answer(self.done([self.choices[i].value for i in picks]))

    def handle(self, key: str, char: str | None) -> Outcome:
        self.error = ""
        if key in ("down", "right", "tab"):
            self.cursor = min(len(self.choices) - 1, self.cursor + 1)
            self._follow()
            return Redraw()
        if key in ("up", "left", "shift+tab"):
            self.cursor = max(0, self.cursor - 1)
            self._follow()
            return Redraw()
        if key == "pagedown":
            if (self.page + 1) * PAGE < len(self.choices):
                self.page += 1
                self.cursor = self.page * PAGE
                self._assign_keys()
            return Redraw()
        if key == "pageup":
            if self.page:
                self.page -= 1
                self.cursor = self.page * PAGE
                self._assign_keys()
            return Redraw()
        if key == "i":
            oid = self.highlighted_oid()
            return Inspect(oid) if oid is not None else None
        if key == "escape":
            return Cancel() if self.cancellable else None
        if key == "backspace" and self.picks:
            self.picks.pop()
            return Redraw()
        if key == "enter":
            if not self.choices:
                return self.finish([])
            if self.cursor < 0:
                self.error = "Nothing is highlighted: press a choice's letter, or an arrow."
                return Redraw()
            return self.toggle(self.cursor)
        if key in ("space", "f2"):
            if self.default is not None and not self.picks:
                return Answer(self.default())
            if self.single:
                return None
            if self.ordered and len(self.picks) < self.lo:
                rest = [i for i in range(len(self.choices)) if i not in self.picks]
                return self.finish(self.picks + rest[: self.lo - len(self.picks)])
            return self.finish(self.picks)
        if char and char in self.keys:
            i = self.keys[char]
            self.cursor = i
            return self.toggle(i)
        return None

    def _follow(self) -> None:
        page = self.cursor // PAGE
        if page != self.page:
            self.page = page
            self._assign_keys()


class NumberPrompt(Prompt):
    """Choose a number (X) between lo and hi."""

    kind = "number"

    def __init__(self, title: str, lo: int, hi: int, done: Callable[[int], Any], cancellable: bool,
                 name: str = "X") -> None:
        self.title = title
        self.name = name
        self.lo, self.hi = lo, hi
        self.value = hi
        self.typed = ""
        self.done = done
        self.cancellable = cancellable

    def lines(self) -> list[Text]:
        t = Text(f"{self.name} = {self.value}", style="bold")
        t.append(f"   (from {self.lo} to {self.hi}; type digits, or Up/Down)", style="dim")
        out = [t]
        if self.error:
            out.append(Text(self.error, style="bold reverse"))
        return out

    def hints(self) -> list[tuple[str, str]]:
        h = [("0-9", f"type {self.name}"), ("Up/Down", "change"), ("Enter", "confirm")]
        if self.cancellable:
            h.append(("Esc", "cancel"))
        return h

    def handle(self, key: str, char: str | None) -> Outcome:
        self.error = ""
        if char and char.isdigit():
            self.typed = (self.typed + char)[-4:]
            self.value = min(self.hi, int(self.typed))
            return Redraw()
        if key == "backspace":
            self.typed = self.typed[:-1]
            self.value = int(self.typed) if self.typed else self.lo
            return Redraw()
        if key in ("up", "right", "plus"):
            self.value = min(self.hi, self.value + 1)
            self.typed = ""
            return Redraw()
        if key in ("down", "left", "minus"):
            self.value = max(self.lo, self.value - 1)
            self.typed = ""
            return Redraw()
        if key in ("enter", "space", "f2"):
            if not self.lo <= self.value <= self.hi:
                self.error = f"{self.name} must be from {self.lo} to {self.hi}."
                return Redraw()
            return Answer(self.done(self.value))
        if key == "escape" and self.cancellable:
            return Cancel()
        return None


class DividePrompt(Prompt):
    """Divide damage among targets (601.2d): an amount for each target but the last, which gets the rest."""

    kind = "divide"

    def __init__(self, title: str, targets: list[tuple[int, Text]], total: int, cancellable: bool) -> None:
        self.title = title
        self.targets = targets
        self.total = total
        self.cancellable = cancellable
        self.amounts: list[int] = []
        self.current = self._ask()

    def _ask(self) -> NumberPrompt:
        i = len(self.amounts)
        left = self.total - sum(self.amounts)
        most = left - (len(self.targets) - i - 1)   # each later target still needs 1
        return NumberPrompt(self.title, 1, most, lambda n: n, self.cancellable,
                            name=f"damage to {self.targets[i][1].plain}")

    def lines(self) -> list[Text]:
        done = [Text(f"{n} to {name.plain}") for (_, name), n in zip(self.targets, self.amounts)]
        return done + self.current.lines()

    def hints(self) -> list[tuple[str, str]]:
        return self.current.hints()

    def handle(self, key: str, char: str | None) -> Outcome:
        out = self.current.handle(key, char)
        if not isinstance(out, Answer):
            return out
        self.amounts.append(out.value)
        if len(self.amounts) == len(self.targets) - 1:
            return Answer(self.amounts + [self.total - sum(self.amounts)])
        self.current = self._ask()
        return Redraw()


class TargetsPrompt(Prompt):
    """Targets, one target word after the other."""

    kind = "targets"

    def __init__(self, d: Targets, snap: Snapshot) -> None:
        self.d = d
        self.snap = snap
        self.title = d.prompt
        self.cancellable = d.cancellable
        self.rows = d.specs
        self.answers: list[list[int]] = []
        self.current: PickPrompt | None = None
        self._next_row()

    def _next_row(self) -> None:
        while len(self.answers) < len(self.rows):
            index = len(self.answers)
            row = self.rows[index]
            if not row.get("max") or not row.get("options"):
                self.answers.append([])
                continue
            options = list(row["options"])
            judged = self.snap.target_rows[index] if index < len(self.snap.target_rows) else None
            if judged is not None and set(judged.order) == set(options):
                options = list(judged.order)
            choices = [Choice(o, describe(self.snap, o), o if isinstance(o, int) else None) for o in options]
            n = len(self.rows)
            step = f" ({index + 1} of {n})" if n > 1 else ""
            self.current = PickPrompt(f"Choose {row.get('label', 'target')}{step}", choices, row.get("min", 0),
                                      row.get("max", 1), cancellable=self.cancellable)
            if judged is not None and judged.polarity == "harmful":
                # Harm is never aimed at you or your own things by default: nothing is highlighted then.
                self.current.cursor = next((i for i, o in enumerate(options) if o not in judged.mine), -1)
            return
        self.current = None

    def lines(self) -> list[Text]:
        out = [Text(self.current.title, style="bold")] if self.current else []
        return out + (self.current.lines() if self.current else [])

    def chunks(self) -> list[Text]:
        return self.current.chunks() if self.current else []

    def hints(self) -> list[tuple[str, str]]:
        return self.current.hints() if self.current else []

    def highlighted_oid(self) -> int | None:
        return self.current.highlighted_oid() if self.current else None

    def handle(self, key: str, char: str | None) -> Outcome:
        if self.current is None:
            return Answer(self.answers)
        out = self.current.handle(key, char)
        if isinstance(out, Answer):
            self.answers.append(list(out.value))
            self._next_row()
            if self.current is None:
                return Answer(self.answers)
            return Redraw()
        return out


class AttackPrompt(Prompt):
    """Declare attackers: toggle each (cycling through defenders), attack with all, confirm."""

    kind = "attack"

    def __init__(self, d: DeclareAttackers, snap: Snapshot) -> None:
        self.d = d
        self.snap = snap
        self.title = f"{snap.players[d.player].name}: declare attackers"
        self.cands: list[int] = list(d.candidates)
        self.defenders: list[int] = list(d.defenders)
        self.must = set(d.must_attack)
        self.target: dict[int, int | None] = {c: (self.defenders[0] if c in self.must else None) for c in self.cands}
        self.cursor = 0
        self.keys = {LABELS[i]: c for i, c in enumerate(self.cands[:PAGE])}

    def lines(self) -> list[Text]:
        n = sum(1 for v in self.target.values() if v is not None)
        out = [Text(f"{n} attacking. Letters toggle an attacker"
                    + (" (again: the next defender)" if len(self.defenders) > 1 else "") + ".", style="dim")]
        if self.error:
            out.append(Text(self.error, style="bold reverse"))
        return out

    def chunks(self) -> list[Text]:
        out = []
        for i, c in enumerate(self.cands[:PAGE]):
            t = Text()
            t.append(">" if i == self.cursor else " ", style="bold")
            t.append(f"{LABELS[i]}) ", style="bold")
            d = self.target[c]
            t.append("[ATK] " if d is not None else "[   ] ", style="bold")
            o = self.snap.objects.get(c)
            t.append_text(permanent(o, self.snap, with_keywords=True) if o else Text(self.snap.name(c)))
            if d is not None:
                t.append(f" ->{self.snap.name(d)}", style="bold")
            if c in self.must:
                t.append(" (must attack)", style="italic")
            if i == self.cursor:
                t.stylize("reverse", 1)
            out.append(t)
        return out

    def hints(self) -> list[tuple[str, str]]:
        return [("a-z", "toggle"), ("A", "all / none"), ("Space", "confirm"), ("i", "inspect")]

    def highlighted_oid(self) -> int | None:
        return self.cands[self.cursor] if self.cands else None

    def _cycle(self, c: int) -> None:
        cur = self.target[c]
        if cur is None:
            self.target[c] = self.defenders[0]
        else:
            i = self.defenders.index(cur)
            self.target[c] = self.defenders[i + 1] if i + 1 < len(self.defenders) else None

    def answer(self) -> list[list[int]]:
        return [[c, d] for c, d in self.target.items() if d is not None]

    def handle(self, key: str, char: str | None) -> Outcome:
        self.error = ""
        if key in ("down", "right", "tab"):
            self.cursor = min(len(self.cands) - 1, self.cursor + 1)
            return Redraw()
        if key in ("up", "left", "shift+tab"):
            self.cursor = max(0, self.cursor - 1)
            return Redraw()
        if key == "A" or char == "A":
            if all(v is not None for v in self.target.values()):
                for c in self.target:
                    self.target[c] = None
            else:
                for c in self.target:
                    if self.target[c] is None:
                        self.target[c] = self.defenders[0]
            return Redraw()
        if key == "i":
            oid = self.highlighted_oid()
            return Inspect(oid) if oid else None
        if key == "enter" and self.cands:
            self._cycle(self.cands[self.cursor])
            return Redraw()
        if key in ("space", "f2"):
            return Answer(self.answer())
        if char and char in self.keys:
            c = self.keys[char]
            self.cursor = self.cands.index(c)
            self._cycle(c)
            return Redraw()
        return None


class BlockPrompt(Prompt):
    """Declare blockers: each blocker's letter cycles through the attackers it can block (and, for a creature
    that can block several, the groups of them). It starts from the blocks the requirements call for
    ("blocks each combat if able", "must be blocked if able", 509.1c)."""

    kind = "block"

    def __init__(self, d: DeclareBlockers, snap: Snapshot) -> None:
        self.d = d
        self.snap = snap
        self.title = f"{snap.players[d.player].name}: declare blockers"
        self.options: dict[int, list[int]] = {int(k): list(v) for k, v in d.can_block.items()}
        self.blockers = list(self.options)
        self.attackers = list(d.attackers)
        self.assign: dict[int, tuple[int, ...]] = {b: () for b in self.blockers}
        for b, a in d.obeying([]):
            if b in self.assign:
                self.assign[b] += (a,)
        self.cursor = 0
        self.keys = {LABELS[i]: b for i, b in enumerate(self.blockers[:PAGE])}

    def lines(self) -> list[Text]:
        out = []
        att = Text("Attacking: ", style="bold")
        for i, a in enumerate(self.attackers):
            o = self.snap.objects.get(a)
            if i:
                att.append("; ")
            att.append_text(permanent(o, self.snap) if o else Text(self.snap.name(a)))
            blockers = [self.snap.name(b) for b, x in self.assign.items() if a in x]
            if blockers:
                att.append(" blocked by " + ", ".join(blockers), style="bold")
        out.append(att)
        out.append(Text("A blocker's letter picks the attacker it blocks (again: the next one, then none).",
                        style="dim"))
        if self.error:
            out.append(Text(self.error, style="bold reverse"))
        return out

    def chunks(self) -> list[Text]:
        out = []
        for i, b in enumerate(self.blockers[:PAGE]):
            t = Text()
            t.append(">" if i == self.cursor else " ", style="bold")
            t.append(f"{LABELS[i]}) ", style="bold")
            o = self.snap.objects.get(b)
            t.append_text(permanent(o, self.snap, sick=False) if o else Text(self.snap.name(b)))
            blocked = self.assign[b]
            t.append(f" BLK->{', '.join(self.snap.name(a) for a in blocked)}" if blocked else " (not blocking)",
                     style="bold" if blocked else "dim")
            if i == self.cursor:
                t.stylize("reverse", 1)
            out.append(t)
        return out

    def hints(self) -> list[tuple[str, str]]:
        return [("a-z", "choose what it blocks"), ("Space", "confirm blocks"), ("Backspace", "no blocks"),
                ("i", "inspect")]

    def highlighted_oid(self) -> int | None:
        return self.blockers[self.cursor] if self.blockers else None

    def _choices(self, b: int) -> list[tuple[int, ...]]:
        """What a blocker can block: each attacker alone, then groups up to as many as it may block."""
        opts = self.options[b]
        most = min(self.d.capacity.get(b, 1), len(opts))
        return [group for n in range(1, most + 1) for group in itertools.combinations(opts, n)]

    def _cycle(self, b: int) -> None:
        choices = self._choices(b)
        cur = self.assign[b]
        i = choices.index(cur) if cur in choices else -1
        self.assign[b] = choices[i + 1] if i + 1 < len(choices) else ()

    def handle(self, key: str, char: str | None) -> Outcome:
        self.error = ""
        if key in ("down", "right", "tab"):
            self.cursor = min(len(self.blockers) - 1, self.cursor + 1)
            return Redraw()
        if key in ("up", "left", "shift+tab"):
            self.cursor = max(0, self.cursor - 1)
            return Redraw()
        if key == "backspace":
            for b in self.assign:
                self.assign[b] = ()
            return Redraw()
        if key == "i":
            oid = self.highlighted_oid()
            return Inspect(oid) if oid else None
        if key == "enter" and self.blockers:
            self._cycle(self.blockers[self.cursor])
            return Redraw()
        if key in ("space", "f2"):
            return Answer([[b, a] for b, blocked in self.assign.items() for a in blocked])
        if char and char in self.keys:
            b = self.keys[char]
            self.cursor = self.blockers.index(b)
            self._cycle(b)
            return Redraw()
        return None


class DamagePrompt(Prompt):
    """Divide a creature's combat damage: the automatic division, or by hand."""

    kind = "damage"

    def __init__(self, d: AssignDamage, snap: Snapshot) -> None:
        self.d = d
        self.snap = snap
        self.power = d.power
        self.title = _title(d, snap.players[d.player].name)
        self.recipients: list[int] = list(d.order) + ([d.defender] if d.defender else [])
        self.lethal = d.lethal
        self.auto = [list(x) for x in d.auto]
        self.amounts = {r: 0 for r in self.recipients}
        for r, n in self.auto:
            if r in self.amounts:
                self.amounts[r] = n
        self.manual = False
        self.cursor = 0

    def lines(self) -> list[Text]:
        auto = ", ".join(f"{n} to {self.snap.name(r)}" for r, n in self.auto)
        out = [Text(f"Automatic: {auto} (lethal damage first, in order).")]
        if self.manual:
            left = self.power - sum(self.amounts.values())
            out.append(Text(f"By hand: {left} left to assign. Letters pick a recipient, +/- change.", style="dim"))
        if self.error:
            out.append(Text(self.error, style="bold reverse"))
        return out

    def chunks(self) -> list[Text]:
        if not self.manual:
            return []
        out = []
        for i, r in enumerate(self.recipients):
            t = Text()
            t.append(">" if i == self.cursor else " ", style="bold")
            t.append(f"{LABELS[i]}) {self.snap.name(r)}: {self.amounts[r]}", style="bold")
            if r in self.lethal:
                t.append(f" (lethal {self.lethal[r]})", style="dim")
            if i == self.cursor:
                t.stylize("reverse", 1)
            out.append(t)
        return out

    def hints(self) -> list[tuple[str, str]]:
        if self.manual:
            return [("a-z", "recipient"), ("+/-", "change"), ("Space", "confirm"), ("Esc", "automatic")]
        return [("Space", "assign automatically"), ("m", "assign by hand")]

    def handle(self, key: str, char: str | None) -> Outcome:
        self.error = ""
        if not self.manual:
            if key in ("space", "enter", "f2"):
                return Answer(self.auto)
            if char == "m":
                self.manual = True
                return Redraw()
            return None
        if key == "escape":
            self.manual = False
            return Redraw()
        if key in ("down", "tab"):
            self.cursor = min(len(self.recipients) - 1, self.cursor + 1)
            return Redraw()
        if key in ("up", "shift+tab"):
            self.cursor = max(0, self.cursor - 1)
            return Redraw()
        r = self.recipients[self.cursor]
        if key in ("plus", "right") or char == "+":
            if sum(self.amounts.values()) < self.power:
                self.amounts[r] += 1
            return Redraw()
        if key in ("minus", "left") or char == "-":
            self.amounts[r] = max(0, self.amounts[r] - 1)
            return Redraw()
        if key in ("space", "enter", "f2"):
            return Answer([[x, n] for x, n in self.amounts.items() if n])
        if char and char in LABELS[: len(self.recipients)]:
            self.cursor = LABELS.index(char)
            return Redraw()
        return None


class PayPrompt(Prompt):
    """Pay a cost: the automatic payment is proposed; confirm it with one key, or choose sources."""

    kind = "pay"

    def __init__(self, d: Pay, snap: Snapshot) -> None:
        self.d = d
        self.snap = snap
        self.cost = d.cost
        self.title = f"{snap.players[d.player].name}: pay {self.cost}"
        self.cancellable = d.cancellable
        self.proposal = list(d.auto)
        self.possible = d.possible
        sources = [o for o in d.options if o.value != "auto"]
        self.picker = PickPrompt("Choose the sources to tap", [Choice(o.value, describe(snap, o.value), o.value)
                                                               for o in sources], 1, len(sources),
                                 cancellable=True, count_line=lambda picked: "To tap: " + (
                                     ", ".join(snap.name(c.value) for c in picked) or "nothing yet"))
        self.manual = False

    def lines(self) -> list[Text]:
        t = Text("Cost: ")
        t.append_text(mana_text(self.cost))
        if not self.manual:
            if self.proposal:
                t.append("   Auto-pay taps: " + ", ".join(self.snap.name(s) for s in self.proposal))
            elif self.possible:
                t.append("   Auto-pay uses the mana in your pool.")
            else:
                t.append("   No automatic payment found: choose sources (m).")
        out = [t]
        if self.manual:
            out += self.picker.lines()
        if self.error:
            out.append(Text(self.error, style="bold reverse"))
        out.append(Text("Nothing is paid until you confirm; Esc backs out and leaves everything as it was.",
                        style="dim"))
        return out

    def chunks(self) -> list[Text]:
        return self.picker.chunks() if self.manual else []

    def hints(self) -> list[tuple[str, str]]:
        if self.manual:
            return [("a-z", "pick source"), ("Space", "pay"), ("Esc", "back to auto-pay")]
        h = [("Space/Enter", "pay automatically"), ("m", "choose sources")]
        if self.cancellable:
            h.append(("Esc", "cancel"))
        return h

    def highlighted_oid(self) -> int | None:
        return self.picker.highlighted_oid() if self.manual else None

    def handle(self, key: str, char: str | None) -> Outcome:
        self.error = ""
        if not self.manual:
            if key in ("space", "enter", "f2"):
                return Answer("auto")
            if char == "m":
                self.manual = True
                return Redraw()
            if key == "escape" and self.cancellable:
                return Cancel()
            return None
        out = self.picker.handle(key, char)
        if isinstance(out, Cancel):
            self.manual = False
            return Redraw()
        return out


class InfoPrompt(Prompt):
    """A message with one key to go on (used for the computer's turn and errors)."""

    def __init__(self, title: str, text: str = "") -> None:
        self.title = title
        self.text = text

    def lines(self) -> list[Text]:
        return [Text(self.text)] if self.text else []


# ---------------------------------------------------------------------------
# The prompt for a decision


def _choices(d: Decision, snap: Snapshot) -> list[Choice]:
    out = []
    for o in d.options:
        if isinstance(o.value, int) and not isinstance(o.value, bool):
            out.append(Choice(o.value, describe(snap, o.value) if (o.value in snap.objects or o.value <= 2)
                              else Text(o.label), o.value if o.value in snap.objects else None))
        else:
            out.append(Choice(o.value, Text(o.label)))
    return out


def _title(d: Decision, name: str) -> str:
    return d.prompt if d.prompt.startswith(name) else f"{name}: {d.prompt}"


def prompt_for(d: Decision, snap: Snapshot) -> Prompt:
    return dispatch(d, PromptFor(snap))


class PromptFor(DecisionHandler[Prompt]):
    """The prompt that asks a decision, one method per decision type."""

    def __init__(self, snap: Snapshot) -> None:
        self.snap = snap

    def _title(self, d: Decision) -> str:
        return _title(d, self.snap.players[d.player].name)

    def priority(self, d: Priority) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), 1, 1, done=lambda v: v[0],
                          cancellable=d.cancellable, kind="actions")

    def mulligan(self, d: Mulligan) -> Prompt:
        name = self.snap.players[d.player].name
        n = len(self.snap.hand or [])
        mulls = d.mulligans
        return PickPrompt(f"{name}: keep this hand of {n} or take a mulligan?",
                          [Choice("keep", Text("Keep"), key="k"), Choice("mulligan", Text("Mulligan"), key="m")],
                          1, 1, done=lambda v: v[0], kind="mulligan",
                          explain=(f"Mulligans so far: {mulls}. " if mulls else "")
                          + "After a mulligan you draw 7 and put one card on the bottom per mulligan (103.4).")

    def bottom(self, d: Bottom) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, ordered=d.max > 1,
                          explain=f"Choose {d.min} card{'s' if d.min != 1 else ''} to put on the bottom of your "
                                  "library (the first goes to the bottom first).", kind="bottom")

    def discard(self, d: Discard) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max,
                          explain=f"Choose {d.min} card{'s' if d.min != 1 else ''} to discard.", kind="discard")

    def declare_attackers(self, d: DeclareAttackers) -> Prompt:
        return AttackPrompt(d, self.snap)

    def declare_blockers(self, d: DeclareBlockers) -> Prompt:
        return BlockPrompt(d, self.snap)

    def assign_damage(self, d: AssignDamage) -> Prompt:
        return DamagePrompt(d, self.snap)

    def damage_order(self, d: DamageOrder) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), len(d.options), len(d.options), ordered=True,
                          default=lambda: d.option_values(), default_label="this order",
                          explain="Pick them in the order damage is assigned (509.2).", kind="damage_order")

    def order_triggers(self, d: OrderTriggers) -> Prompt:
        return PickPrompt(f"{self.snap.players[d.player].name}: order your triggered abilities",
                          _choices(d, self.snap), len(d.options), len(d.options), ordered=True,
                          default=lambda: d.option_values(), default_label="auto-order",
                          explain="The first you pick goes on the stack first and resolves last (603.3b).",
                          kind="order_triggers")

    def targets(self, d: Targets) -> Prompt:
        return TargetsPrompt(d, self.snap)

    def pay(self, d: Pay) -> Prompt:
        return PayPrompt(d, self.snap)

    def choose_x(self, d: ChooseX) -> Prompt:
        return NumberPrompt(self._title(d), d.min, d.max, lambda x: x, d.cancellable)

    def yes_no(self, d: YesNo) -> Prompt:
        return PickPrompt(self._title(d), [Choice("yes", Text("Yes"), key="y"), Choice("no", Text("No"), key="n")],
                          1, 1, done=lambda v: v[0], kind="yes_no")

    def choose_mode(self, d: ChooseMode) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, done=list,
                          cancellable=d.cancellable, kind="mode")

    def choose_color(self, d: ChooseColor) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), 1, 1, done=lambda v: v[0],
                          cancellable=d.cancellable, kind="color")

    def choose_creature_type(self, d: ChooseCreatureType) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), 1, 1, done=lambda v: v[0],
                          cancellable=d.cancellable, kind="creature type")

    def scry(self, d: Scry) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, ordered=True,
                          cancellable=d.cancellable, kind="scry",
                          explain="Cards you pick go to the bottom, in the order picked; the rest stay on top.")

    def order_cards(self, d: OrderCards) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, ordered=True,
                          default=lambda: d.option_values(), default_label="this order",
                          cancellable=d.cancellable, kind="order")

    def divide(self, d: Divide) -> Prompt:
        return DividePrompt(self._title(d), [(t, describe(self.snap, t)) for t in d.targets], d.total,
                            d.cancellable)

    def choose_costs(self, d: ChooseCosts) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, done=list, cancellable=d.cancellable,
                          kind="costs", explain="Pick the optional costs to pay as you cast it (601.2b); pick none "
                          "and confirm to cast it without them.")

    def convoke_cost(self, d: ConvokeCost) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, done=list, cancellable=d.cancellable,
                          kind="convoke", explain="Pick the creatures to tap for convoke (702.50a): each pays {1} or "
                          "one mana of its color; pick none and confirm to pay it all with mana.")

    def _pick(self, d: Decision) -> Prompt:
        return PickPrompt(self._title(d), _choices(d, self.snap), d.min, d.max, cancellable=d.cancellable,
                          kind=d.subkind or d.kind)

    choose_cards = choose_sacrifice = choose_legend = surveil = search = choose_replacement = _pick
    prevention_order = sacrifice_cost = discard_cost = tap_cost = counter_cost = _pick
    reveal_cost = _pick
    move_cost = _pick


def distinct_actions(snap: Snapshot, opts: list[Any]) -> list[Any]:
    """One offer per way of acting: "Play Mountain" once for two alike Mountains in hand."""
    out: list[Any] = []
    for o in opts:
        v = o.value
        obj = snap.objects.get(v.get("card") or v.get("source"))
        twin = False
        for kept in out:
            k = kept.value
            other = snap.objects.get(k.get("card") or k.get("source"))
            if kept.label == o.label and k.get("action") == v.get("action") and k.get("ability") == v.get("ability") \
                    and obj is not None and other is not None and alike(obj, other):
                twin = True
                break
        if not twin:
            out.append(o)
    return out


def actions_menu(snap: Snapshot, only: int | None = None, include_mana: bool = False) -> PickPrompt | None:
    """The viewer's priority actions (those using ``only``, if given) as a menu."""
    opts = snap.actions_for(only) if only is not None else list(snap.actions)
    if include_mana and only is None:
        opts += snap.mana_actions
    opts = distinct_actions(snap, opts)
    if not opts:
        return None
    choices = []
    for o in opts:
        v = o.value
        oid = v.get("card") or v.get("source")
        label = Text(o.label)
        card = snap.objects.get(oid) if oid else None
        cost = card.mana_cost if card is not None else ""
        if v.get("half") is not None:
            cost = snap.half_costs.get((oid, v["half"]), "")   # a split card's half has its own cost (708.3b)
        if v.get("action") == "cast" and cost:
            label.append(" ")
            label.append_text(mana_text(cost))
        choices.append(Choice(dict(v), label, oid))
    title = "Actions" if only is None else f"{snap.name(only)}: what to do"
    return PickPrompt(title, choices, 1, 1, done=lambda v: v[0], cancellable=True, kind="actions")


@dataclass
class Hint:
    key: str
    text: str


@dataclass
class PromptState:
    """The prompt on screen and what it belongs to."""

    prompt: Prompt
    decision: Decision | None = None
    menu: bool = False                 # a menu of the UI (no engine decision behind it)
    notes: list[str] = field(default_factory=list)
