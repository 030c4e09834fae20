"""Playing a walkthrough one page at a time.

The game is built from the scenario exactly as the scenario runner builds
it, and the script is applied entry by entry with the runner's own fitting
rules (implicit passes, empty declarations, auto-pay). Each ``say`` is a
page: the viewer shows it and waits. An input marked ``reader = true`` is a
page too: the reader makes that decision with the game's own prompt.

Going back is exact because the game is deterministic: the game is built
again from the set-up and the script is replayed, with the reader's earlier
answers, up to the page before. If the reader decides differently from the
script, the rest of the script is still applied where it fits, expectations
are no longer enforced (their differences are reported instead), and every
later page explains what actually happened; where the script no longer
fits the game, the walkthrough stops there and says so.
"""

from __future__ import annotations

import ast
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.alike import alike_key
from ..engine.decisions import (ChooseCosts, AssignDamage, ChooseLegend, ChooseMode, DamageOrder, Decision, DeclareAttackers,
                                DeclareBlockers, Divide, IllegalAnswer, Mulligan, OrderTriggers, Targets)
from ..engine.dispatch import DecisionHandler, dispatch
from ..engine.game import Game
from ..engine.log import LogEntry
from ..engine.objects import GameObject
from ..engine.record import Record, replay
from ..engine.setup import SetupError
from ..scenario.expectations import check_expectations
from ..scenario.loader import load
from ..scenario.model import Scenario, ScenarioError, ScenarioFailure
from ..scenario.references import Refused, Resolver
from ..scenario.runner import INPUT_FOR, MAX_IMPLICIT, Runner
from . import walkthrough_files

INPUT_KINDS = ("cast", "play", "activate", "attack", "block", "damage_order", "assign", "order", "choose",
               "targets")
# Expectations that describe the game (reported as differences after the reader left the script).
OUTCOME_KEYS = ("life", "poison", "zones", "contains", "stack", "card", "hand_size", "library_size", "result",
                "step", "turn", "active")


# ---------------------------------------------------------------------------
# The list of walkthroughs


@dataclass(frozen=True)
class WalkthroughInfo:
    number: int
    path: Path
    title: str
    description: str

    @property
    def stem(self) -> str:
        return self.path.stem


def catalogue() -> list[WalkthroughInfo]:
    """Every walkthrough with its number (its place in reading order), title and description."""
    out = []
    for i, path in enumerate(walkthrough_files(), 1):
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except (OSError, tomllib.TOMLDecodeError):
            data = {}
        title = data.get("title") if isinstance(data.get("title"), str) else path.stem
        desc = " ".join(str(data.get("description", "")).split())
        out.append(WalkthroughInfo(i, path, title, desc))
    return out


class UnknownWalkthrough(LookupError):
    """No walkthrough (or several) fits a name; the message lists the choices."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def _choices_text(items: list[WalkthroughInfo]) -> str:
    return "\n".join(f"  {w.number:>2}  {w.title}  ({w.stem})" for w in items)


def find(name: str, items: list[WalkthroughInfo] | None = None) -> WalkthroughInfo:
    """A walkthrough by number ("5"), file name ("05-combat-basics", "combat-basics") or part of its title."""
    items = catalogue() if items is None else items
    key = name.strip().lower()
    key = key.removesuffix(".toml")
    if key.isdigit():
        for w in items:
            if w.number == int(key):
                return w
        raise UnknownWalkthrough(f"there is no walkthrough number {int(key)} (they are numbered 1 to "
                                 f"{len(items)}):\n{_choices_text(items)}")
    for w in items:
        stem = w.stem.lower()
        if key in (stem, re.sub(r"^\d+-", "", stem)) or key == w.title.lower():
            return w
    fits = [w for w in items if key and (key in w.title.lower() or key in w.stem.lower())]
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise UnknownWalkthrough(f"{name!r} fits several walkthroughs; say which one (a number works):\n"
                                 f"{_choices_text(fits)}")
    raise UnknownWalkthrough(f"no walkthrough is called {name!r}. Give a number, a file name or part of a "
                             f"title:\n{_choices_text(items)}")


# ---------------------------------------------------------------------------
# Pages


@dataclass
class ChoiceNote:
    """What the reader chose at a decision, next to the walkthrough's choice."""

    who: str
    mine: str
    script: str
    same: bool


@dataclass
class Page:
    """What the viewer shows and waits on."""

    kind: str                         # say | decision | end | stuck | broken
    index: int                        # the script entry (0-based); the end: len(steps)
    number: int                       # pages before this one
    text: str = ""                    # the narration (for a decision: the narration that leads to it)
    cites: list[str] = field(default_factory=list)
    log_from: int = 0                 # the game log since the previous page: entries[log_from:log_to]
    log_to: int = 0
    refusals: list[str] = field(default_factory=list)   # inputs the game refused since the previous page
    note: ChoiceNote | None = None    # the reader's decision just before this page
    diverged: bool = False            # the reader's choices have left the script's line of play
    differences: list[str] = field(default_factory=list)   # the script's expectations that don't hold
    problem: str = ""                 # stuck / broken: why the script can't go on
    decision: Decision | None = None  # a decision page: the decision the reader makes
    player: int | None = None         # ... and who makes it
    scripted: Any = None              # the script's answer to it (engine form)
    scripted_text: str = ""           # ... in words

    @property
    def final(self) -> bool:
        return self.kind in ("end", "stuck", "broken")


class Walkthrough:
    """A walkthrough being read: the game, the current page, next / back / restart, the reader's answers."""

    def __init__(self, path: Path | str, cards: Any, scenario: Scenario | None = None) -> None:
        self.path = Path(path)
        self.cards = cards
        self.sc = scenario if scenario is not None else load(self.path, cards)
        steps = self.sc.steps
        self.total = sum(1 for i, s in enumerate(steps) if "say" in s and not self._leads_to_reader(i)) + \
            sum(1 for s in steps if s.get("reader")) + 1
        self.answers: dict[int, Any] = {}     # entry index -> the reader's answer there
        self.runner: Runner | None = None
        self.page: Page = Page("broken", 0, 0)
        self.restart()

    # -- facts -------------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.sc.title

    @property
    def description(self) -> str:
        return " ".join(self.sc.description.split())

    @property
    def game(self) -> Game | None:
        return self.runner.game if self.runner is not None else None

    @property
    def players(self) -> list[str]:
        return list(self.sc.players)

    def log(self, page: Page | None = None) -> list[LogEntry]:
        """The log entries of a page (what happened since the page before)."""
        p = page or self.page
        g = self.game
        return list(g.log.entries[p.log_from:p.log_to]) if g is not None else []

    # -- moving ------------------------------------------------------------------------

    def restart(self) -> None:
        self.answers.clear()
        self._replay(0)

    def next(self) -> bool:
        """Go on to the next page. False on a decision not yet made, or at the end."""
        p = self.page
        if p.final or (p.kind == "decision" and p.index not in self.answers):
            return False
        if p.kind == "decision":
            self._take(p, self.answers[p.index])
        else:
            self.i = p.index + 1
        self._to_next_page()
        return True

    def back(self) -> bool:
        """Back to the previous page (the game is rebuilt and replayed to it). False on the first page."""
        if self.page.number == 0:
            return False
        target = self.page.number - 1
        # The answers made on or after the page we go back to are forgotten: the reader decides again.
        self._replay(target, keep_before=self._index_of_page(target))
        return True

    def answer(self, value: Any) -> None:
        """The reader's answer to the decision on this page. Raises IllegalAnswer (nothing changes)."""
        p = self.page
        if p.kind != "decision" or p.decision is None:
            raise IllegalAnswer("there is no decision to make on this page")
        self._take(p, value)
        self.answers[p.index] = value
        self._to_next_page()

    def answer_as_script(self) -> bool:
        """Make the decision on this page as the script does (False if the script's answer doesn't fit)."""
        p = self.page
        if p.kind != "decision" or p.scripted is None:
            return False
        self.answer(p.scripted)
        return True

    # -- internals ----------------------------------------------------------------------

    def _build(self) -> None:
        self.i = 0
        self.number = 0
        self.diverged = False
        self.mark = 0
        self.refusals: list[str] = []
        self.note: ChoiceNote | None = None
        self.page_indexes: list[int] = []
        try:
            self.runner = Runner(self.sc, self.cards)
        except (ScenarioError, SetupError) as e:
            self.runner = None
            self.page = Page("broken", 0, 0, problem=str(e))
            return
        self.page = self._run()

    def _replay(self, target: int, keep_before: int | None = None) -> None:
        if keep_before is not None:
            self.answers = {k: v for k, v in self.answers.items() if k < keep_before}
        self._build()
        while self.page.number < target and not self.page.final:
            p = self.page
            if p.kind == "decision" and p.index not in self.answers:
                break
            self.next()

    def _index_of_page(self, number: int) -> int:
        return self.page_indexes[number] if number < len(self.page_indexes) else 0

    def _to_next_page(self) -> None:
        self.number += 1
        self.page = self._run()

    def _take(self, p: Page, value: Any) -> None:
        """Apply the reader's answer to the decision on page ``p``; note how it compares with the script's."""
        g = self.game
        d = p.decision
        assert g is not None and d is not None and p.player is not None
        if g.pending is not d:
            raise IllegalAnswer("the game no longer waits on this decision")
        normal = d.validate(value)
        same = _same(g, d, normal, p.scripted)
        mine = describe_answer(g, d, normal)
        g.answer(p.player, value)
        self.note = ChoiceNote(g.players[p.player].name, mine, p.scripted_text, same)
        if not same:
            self.diverged = True
        self.i = p.index + 1

    def _page(self, kind: str, entry: dict[str, Any] | None, **kw: Any) -> Page:
        g = self.game
        end = len(g.log.entries) if g is not None else 0
        text = ""
        cites: list[str] = []
        if entry is not None and "say" in entry:
            text = " ".join(str(entry["say"]).split())
            raw = entry.get("cite", [])
            cites = [raw] if isinstance(raw, str) else [str(c) for c in raw]
        elif kind == "decision":
            # The narration that leads to the decision stays on screen.
            for s in reversed(self.sc.steps[: self.i]):
                if "say" in s:
                    text = " ".join(str(s["say"]).split())
                    raw = s.get("cite", [])
                    cites = [raw] if isinstance(raw, str) else [str(c) for c in raw]
                    break
        page = Page(kind, self.i if kind != "end" else len(self.sc.steps), self.number, text, cites,
                    self.mark, end, list(self.refusals), self.note, self.diverged, **kw)
        self.mark = end
        self.refusals = []
        self.note = None
        del self.page_indexes[self.number:]
        self.page_indexes.append(page.index)
        return page

    def _run(self) -> Page:
        """Apply the script from entry ``i`` until the next page."""
        r = self.runner
        assert r is not None
        steps = self.sc.steps
        differences: list[str] = []
        fitted = len(r.game.record)
        try:
            while self.i < len(steps):
                entry = steps[self.i]
                n = self.i + 1
                fitted = len(r.game.record)
                if "expect" in entry or "say" in entry:
                    if "say" in entry:
                        r._check_cites(entry, n)
                    if "expect" in entry:
                        exp = dict(entry["expect"])
                        if self.diverged:
                            differences += _differences(r, exp, n)
                        else:
                            if "error" in exp:
                                r._check_error(exp.pop("error"), n)
                            if exp:
                                check_expectations(r, exp, n)
                    r.last_refusal = None
                    if "say" in entry and not self._leads_to_reader(self.i):
                        return self._page("say", entry, differences=differences)
                    self.i += 1
                    continue
                if r.last_refusal is not None:
                    raise ScenarioFailure(f"step {n - 1}: the input was refused: {r.last_refusal}", n - 1)
                if entry.get("reader"):
                    d, kind = self._reach(entry, n)
                    scripted: Any = None
                    scripted_text = ""
                    try:
                        scripted = r._build(kind, entry, d, n)
                        scripted_text = describe_answer(r.game, d, d.validate(scripted))
                    except (Refused, ScenarioError, IllegalAnswer) as e:
                        if not self.diverged:
                            raise ScenarioFailure(f"step {n}: the script's own answer doesn't fit: {e}", n) \
                                from None
                        # The reader's game has moved away from the script: the reader decides alone.
                        scripted = None
                    return self._page("decision", entry, differences=differences, decision=d, player=d.player,
                                      scripted=scripted, scripted_text=scripted_text)
                self._apply(entry, n)
                self.i += 1
            if r.last_refusal is not None:
                raise ScenarioFailure(f"step {len(steps)}: the input was refused: {r.last_refusal}", len(steps))
            return self._page("end", None, differences=differences)
        except (ScenarioError, ScenarioFailure, SetupError, Refused) as e:
            problem = re.sub(r"^step \d+: ", "", str(e))
            if self.diverged:
                # The implicit passes made while trying the entry that doesn't fit are undone.
                self._rewind(fitted)
            return self._page("stuck" if self.diverged else "broken", None, differences=differences,
                              problem=problem)

    def _rewind(self, answers: int) -> None:
        """The game as it was after its first ``answers`` answers (the game is deterministic)."""
        r = self.runner
        assert r is not None
        if len(r.game.record) <= answers:
            return
        game = replay(Record.of(r.game), self.cards, upto=answers)
        r.game = game
        r.res = Resolver(game, self.sc.players)
        r.res.refresh()
        self.mark = min(self.mark, len(game.log.entries))

    def _leads_to_reader(self, i: int) -> bool:
        """A narration followed at once by a reader's decision is shown with that decision, as one page."""
        steps = self.sc.steps
        j = i + 1
        while j < len(steps) and "expect" in steps[j] and "say" not in steps[j]:
            j += 1
        return j < len(steps) and bool(steps[j].get("reader"))

    def _apply(self, entry: dict[str, Any], n: int) -> None:
        """One scripted entry, as the scenario runner applies it."""
        r = self.runner
        assert r is not None
        before = r.last_refusal
        r.apply(entry, n)
        if r.last_refusal is not None and r.last_refusal is not before:
            self.refusals.append(r.last_refusal)

    def _reach(self, entry: dict[str, Any], n: int) -> tuple[Decision, str]:
        """Move the game to the decision an input answers, with the runner's implicit passes.

        The same fitting as the scenario runner's (rule 3 of the format): the player with priority passes,
        an unasked declaration is made empty, mana is paid automatically.
        """
        r = self.runner
        assert r is not None
        kind = next(k for k in INPUT_KINDS if k in entry)
        who = self.sc.players.index(entry["player"])
        wanted = INPUT_FOR[kind]
        for _ in range(MAX_IMPLICIT):
            d = r.pending(n)
            if d.player == who and d.kind in wanted:
                return d, kind
            if r._auto(d, n):
                continue
            name = r.game.players[d.player].name
            raise ScenarioFailure(f"step {n}: the game waits on {name} ({d.kind}: {d.prompt}), not on "
                                  f"{entry['player']}'s {kind}", n)
        raise ScenarioFailure(f"step {n}: the game never asked for this decision", n)


# ---------------------------------------------------------------------------
# Answers compared and put in words


def _differences(r: Runner, exp: dict[str, Any], n: int) -> list[str]:
    """The expectations of the script that don't hold in the reader's game, in words."""
    out = []
    for key, value in exp.items():
        if key not in OUTCOME_KEYS:
            continue
        parts = [{key: {k: v}} for k, v in value.items()] if key in ("card", "life", "zones", "contains") \
            and isinstance(value, dict) else [{key: value}]
        for part in parts:
            try:
                check_expectations(r, part, n)
            except ScenarioFailure as e:
                msg = humane(re.sub(r"^step \d+: ", "", str(e)))
                if msg not in out:
                    out.append(msg)
            except (ScenarioError, Refused, KeyError, ValueError):
                continue
    return out


def _listed(text: str) -> str:
    try:
        items = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    if isinstance(items, (list, tuple)):
        return ", ".join(str(i) for i in items) if items else "nothing"
    if isinstance(items, dict):
        return ", ".join(f"{v} {k}" for k, v in items.items()) if items else "none"
    return str(items)


FLAG_WORDS = {"attacking": "attacking", "blocking": "blocking", "blocked": "blocked", "tapped": "tapped",
              "sick": "summoning sick"}


def humane(msg: str) -> str:
    """A failed expectation of the script as a difference between its line of play and the reader's game."""
    ours, yours = "in the walkthrough;", "in your game"
    m = re.match(r"expected (.+?) to have (\w+) = (.+?), but it has (.+)$", msg)
    if m:
        ref, key, want, have = m.groups()
        ref = re.sub(r"#\d+$", "", ref)
        ref = re.sub(r"^(\w+):", r"\1's ", ref)
        if key in FLAG_WORDS and want in ("True", "False"):
            word = FLAG_WORDS[key]
            return f"{ref}: {word} in the walkthrough, not {yours}" if want == "True" else \
                f"{ref}: {word} {yours}, not in the walkthrough"
        return f"{ref}: {key} {_listed(want)} {ours} {_listed(have)} {yours}"
    m = re.match(r"expected (\w+)'s (.+?) to be (.+?), but it is (.+)$", msg)
    if m:
        who, key, want, got = m.groups()
        return f"{who}'s {key}: {want} {ours} {got} {yours}"
    m = re.match(r"expected (\w+)\.(\w+) to (be|contain) (\[.*\]), but it is (\[.*\])$", msg)
    if m:
        who, zone, how, want, got = m.groups()
        return f"{who}'s {zone}: {'at least ' if how == 'contain' else ''}{_listed(want)} {ours} {_listed(got)} {yours}"
    m = re.match(r"expected the stack \(top first\) to be (\[.*\]), but it is (\[.*\])$", msg)
    if m:
        return f"The stack (top first): {_listed(m.group(1))} {ours} {_listed(m.group(2))} {yours}"
    m = re.match(r"expected the step to be (\w+), but it is (\w+)$", msg)
    if m:
        return f"The step: {m.group(1)} {ours} {m.group(2)} {yours}"
    m = re.match(r"expected turn (\d+), but it is turn (\d+)$", msg)
    if m:
        return f"The turn: {m.group(1)} {ours} {m.group(2)} {yours}"
    m = re.match(r"expected (\w+) to win, but (.+)$", msg)
    if m:
        return f"{m.group(1)} wins {ours} {yours}, {m.group(2)}"
    return msg


def _ids_key(g: Game, x: Any) -> Any:
    """An object id as what tells it apart (alike objects compare equal); players and other values as they are."""
    if isinstance(x, bool) or not isinstance(x, int):
        if isinstance(x, (list, tuple)):
            return tuple(_ids_key(g, y) for y in x)
        return x
    obj = g.get(x)
    if isinstance(obj, GameObject):
        return ("obj",) + tuple(repr(k) for k in alike_key(g, obj))
    return ("id", x)


def canonical(g: Game, d: Decision, answer: Any) -> Any:
    """An answer (in the engine's normal form) in a form where equal means "the same choice"."""
    return dispatch(d, Canonical(g, answer))


class Canonical(DecisionHandler[Any]):
    """An answer keyed by what tells its objects apart (alike ones compare equal), in order where order counts."""

    def __init__(self, g: Game, answer: Any) -> None:
        self.g = g
        self.answer = answer

    def _as_text(self, d: Decision) -> Any:
        return repr(self.answer)

    priority = order_triggers = choose_mode = choose_x = choose_color = yes_no = mulligan = pay = divide = _as_text
    choose_costs = choose_creature_type = _as_text

    def _keys(self) -> list[str]:
        return [repr(_ids_key(self.g, x)) for x in self.answer]

    def _in_order(self, d: Decision) -> Any:
        if not isinstance(self.answer, (list, tuple)):
            return repr(self.answer)
        return tuple(self._keys())

    damage_order = bottom = scry = order_cards = _in_order

    def _in_any_order(self, d: Decision) -> Any:
        if not isinstance(self.answer, (list, tuple)):
            return repr(self.answer)
        return tuple(sorted(self._keys()))

    declare_attackers = declare_blockers = choose_cards = choose_sacrifice = choose_legend = surveil = _in_any_order
    search = choose_replacement = prevention_order = sacrifice_cost = discard_cost = tap_cost = counter_cost = \
        discard = _in_any_order
    convoke_cost = _in_any_order
    reveal_cost = _in_any_order
    move_cost = _in_any_order

    def assign_damage(self, d: AssignDamage) -> Any:
        return tuple(sorted((repr(_ids_key(self.g, p[0])), repr(p[1])) for p in self.answer))

    def targets(self, d: Targets) -> Any:
        g = self.g
        return tuple(tuple(sorted(repr(_ids_key(g, x)) for x in row)) if isinstance(row, (list, tuple))
                     else repr(_ids_key(g, row)) for row in self.answer)


def _same(g: Game, d: Decision, normal: Any, scripted: Any) -> bool:
    if scripted is None:
        return False
    try:
        other = d.validate(scripted)
    except IllegalAnswer:
        return False
    return canonical(g, d, normal) == canonical(g, d, other)


def _names(g: Game, ids: Any, peers: list[Any] | None = None) -> list[str]:
    """Names of ids; where another choice has the same name, with what tells them apart."""
    out = []
    for x in ids if isinstance(ids, (list, tuple)) else [ids]:
        if not isinstance(x, int) or isinstance(x, bool):
            out.append(str(x))
            continue
        name = g.describe(x)
        twins = [p for p in (peers or []) if p != x and isinstance(p, int) and g.describe(p) == name]
        obj = g.get(x)
        if twins and isinstance(obj, GameObject) and obj.zone == "battlefield":
            others = [g.get(t) for t in twins]
            bits = []
            sick = g.summoning_sick(obj)
            if any(isinstance(o, GameObject) and g.summoning_sick(o) != sick for o in others):
                bits.append("the one new this turn" if sick else "the one there since before this turn")
            if any(isinstance(o, GameObject) and o.tapped != obj.tapped for o in others):
                bits.append("tapped" if obj.tapped else "untapped")
            if bits:
                name += f" ({', '.join(bits)})"
        out.append(name)
    return out


def _and(items: list[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def describe_answer(g: Game, d: Decision, answer: Any) -> str:
    """An answer in words: "Wall of Wood blocks Hill Giant", "keep", "1 to Typhoid Rats and 5 to Bob"."""
    try:
        return dispatch(d, InWords(g, answer))
    except (TypeError, ValueError, KeyError):
        return str(answer)


class InWords(DecisionHandler[str]):
    """An answer (in normal form) in words."""

    def __init__(self, g: Game, answer: Any) -> None:
        self.g = g
        self.answer = answer

    def _as_given(self, d: Decision) -> str:
        return str(self.answer)

    priority = choose_x = choose_color = choose_creature_type = yes_no = pay = _as_given

    def declare_attackers(self, d: DeclareAttackers) -> str:
        g = self.g
        pairs = [p if isinstance(p, (list, tuple)) else [p, None] for p in self.answer]
        if not pairs:
            return "no attackers"
        defenders = {p[1] for p in pairs}
        if len(defenders) == 1:
            names = _and([g.describe(p[0]) for p in pairs])
            target = next(iter(defenders))
            return f"{names} attack{'s' if len(pairs) == 1 else ''}" + \
                (f" {g.describe(target)}" if target is not None else "")
        return _and([f"{g.describe(a)} attacks {g.describe(t)}" for a, t in pairs])

    def declare_blockers(self, d: DeclareBlockers) -> str:
        if not self.answer:
            return "no blockers"
        return _and([f"{self.g.describe(b)} blocks {self.g.describe(a)}" for b, a in self.answer])

    def damage_order(self, d: DamageOrder) -> str:
        return ", then ".join(_names(self.g, self.answer))

    def assign_damage(self, d: AssignDamage) -> str:
        return _and([f"{n} to {self.g.describe(r)}" for r, n in self.answer])

    def order_triggers(self, d: OrderTriggers) -> str:
        sources = {t.get("id"): t.get("source") for t in d.triggers}
        labels = [str(sources.get(v) or d.label_of(v).split(":")[0]) for v in self.answer]
        return "onto the stack " + ", then ".join(labels) + " (the last one resolves first)"

    def targets(self, d: Targets) -> str:
        rows = [", ".join(_names(self.g, row)) for row in self.answer if row]
        return "; ".join(rows) or "no targets"

    def mulligan(self, d: Mulligan) -> str:
        return "keep the hand" if self.answer == "keep" else "take a mulligan"

    def discard(self, d: Decision) -> str:
        return "discard " + _and(_names(self.g, self.answer))

    def bottom(self, d: Decision) -> str:
        return _and(_names(self.g, self.answer)) + " to the bottom"

    def choose_mode(self, d: ChooseMode) -> str:
        return "; ".join(d.label_of(v) for v in self.answer)

    def choose_costs(self, d: ChooseCosts) -> str:
        return "pay " + _and([d.label_of(v) for v in self.answer]) if self.answer else "no optional costs"

    def choose_legend(self, d: ChooseLegend) -> str:
        return "keep " + _and(_names(self.g, self.answer, d.option_values()))

    def divide(self, d: Divide) -> str:
        return _and([f"{n} to {self.g.describe(int(t))}" for t, n in self.answer.items()])

    def _chosen(self, d: Decision) -> str:
        return _and(_names(self.g, self.answer, d.option_values())) or "nothing"

    choose_cards = choose_sacrifice = scry = surveil = search = order_cards = choose_replacement = _chosen
    prevention_order = sacrifice_cost = discard_cost = tap_cost = counter_cost = convoke_cost = _chosen
    reveal_cost = _chosen
    move_cost = _chosen


__all__ = [
    "ChoiceNote",
    "Page",
    "UnknownWalkthrough",
    "Walkthrough",
    "WalkthroughInfo",
    "canonical",
    "catalogue",
    "describe_answer",
    "find",
]
