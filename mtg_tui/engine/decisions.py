"""The decision protocol: the one question the game is waiting on, one type per kind of question.

At every moment the game waits on exactly one ``Decision`` by one player.
Whoever answers (a person through the UI, an agent, a scenario script) calls
``Game.answer(player, answer)`` with plain data (whole numbers for object and
player ids, text, lists, tables), so every answer can be written to the
game's record and replayed. An answer the rules forbid raises
``IllegalAnswer`` with the reason, and changes nothing.

Each kind of question is a type below. It lists its legal options
(``options``; ``min`` and ``max`` say how many an answer picks), carries the
facts that answering it needs as typed fields, and ``validate(answer)``
checks the answer's type, shape and range and returns it in normal form
(what the rules receive) or raises ``IllegalAnswer``. Where only the rules
can tell whether an answer is allowed (can this creature attack?), the rules
module that asks gives the decision that check (``legal``). ``kind``, and
``subkind`` for the kinds of ``choose``, name each type in words: scenario
files and logs use them. docs/decisions.md describes every type and a test
keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from .answers import IllegalAnswer, check_plain, id_list, is_number, single

CANCEL = "cancel"

Check = Callable[[Any], Any]   # the rules' check of an answer: its normal form, or IllegalAnswer

# Decisions are compared by identity, built with keywords, and shown by their kind and prompt.
decision_type = dataclass(eq=False, kw_only=True, repr=False)


class kept_once:
    """A property worked out when first read and kept on the instance, like functools.cached_property but
    without its lock (a decision is read by one thread)."""

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn
        self.name = fn.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


@dataclass(slots=True)
class Option:
    """One legal choice: its value (what to answer) and how to show it."""

    value: Any
    label: str


@decision_type
class Decision:
    """A question to one player. Each kind of question is a subclass.

    ``cancellable``: a half-made action (casting, activating) may be abandoned
    with the answer "cancel", which leaves everything as it was. ``source`` is
    the object the question is about, where there is one.
    """

    kind: ClassVar[str] = ""
    subkind: ClassVar[str] = ""

    player: int
    prompt: str
    cancellable: bool = False
    source: int | None = None

    if TYPE_CHECKING:   # every type has these: a field, or a property built when asked
        options: list[Option]
        min: int
        max: int

    def validate(self, answer: Any) -> Any:
        """Return the answer in normal form, or raise IllegalAnswer."""
        check_plain(answer)
        if self.cancellable and answer == CANCEL:
            return CANCEL
        return self.normal(answer)

    def normal(self, answer: Any) -> Any:
        """This type's check of a plain answer: its normal form, or IllegalAnswer."""
        raise NotImplementedError(type(self).__name__)

    def option_values(self) -> list[Any]:
        return [o.value for o in self.options]

    def label_of(self, value: Any) -> str:
        for o in self.options:
            if o.value == value:
                return o.label
        return str(value)

    def __repr__(self) -> str:
        return f"<Decision {self.kind}{'/' + self.subkind if self.subkind else ''} for player {self.player}: {self.prompt}>"


class AnyOfThem:
    """An answer picks from none to all of the options (``min`` and ``max``)."""

    min = 0
    options: list[Option]

    @property
    def max(self) -> int:
        return len(self.options)


class AllOfThem:
    """An answer takes each of the options (an order, a division)."""

    options: list[Option]

    @property
    def min(self) -> int:
        return len(self.options)

    @property
    def max(self) -> int:
        return len(self.options)


def pick(decision: Decision, answer: Any) -> list[Any]:
    """Check an answer that picks ``min``..``max`` of the listed options, each at most once."""
    picks = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    values = decision.option_values()
    for p in picks:
        if isinstance(p, bool) or p not in values:   # true/false aren't ids, though True == 1
            raise IllegalAnswer(f"{p!r} is not one of the choices ({_choices(decision)})")
    if len(set(picks)) != len(picks):
        raise IllegalAnswer("the same choice was made twice")
    if len(picks) < decision.min or len(picks) > decision.max:
        if decision.min == decision.max:
            raise IllegalAnswer(f"choose exactly {decision.min} (got {len(picks)})")
        raise IllegalAnswer(f"choose between {decision.min} and {decision.max} (got {len(picks)})")
    return picks


def every_one_once(answer: Any, options: list[Option], what: str) -> list[int]:
    """An order: each option's id exactly once."""
    picks = id_list(answer, what)
    if sorted(picks) != sorted(o.value for o in options):
        raise IllegalAnswer(f"{what} must list each of {', '.join(o.label for o in options)} exactly once")
    return picks


def _choices(decision: Decision) -> str:
    labels = [o.label for o in decision.options[:12]]
    more = "" if len(decision.options) <= 12 else f", and {len(decision.options) - 12} more"
    return ", ".join(labels) + more


def _pairs(answer: Any, what: str, default: int | None = None) -> list[tuple[int, int]]:
    """A list of [id, id] pairs (or a table id -> id). With a ``default``, a lone id pairs with it."""
    if answer is None:
        return []
    if isinstance(answer, dict):
        items = list(answer.items())
    elif isinstance(answer, (list, tuple)):
        items = []
        for a in answer:
            if isinstance(a, (list, tuple)) and len(a) == 2:
                items.append((a[0], a[1]))
            elif default is not None:
                items.append((a, default))
            else:
                raise IllegalAnswer(f"{what} is a list of [id, id] pairs")
    else:
        raise IllegalAnswer(f"{what} is a list of [id, id] pairs")
    pairs = []
    for a, b in items:
        try:
            pairs.append((int(a), int(b)))
        except (TypeError, ValueError):
            raise IllegalAnswer(f"can't read {a!r} -> {b!r} in {what}") from None
    return pairs


# ---------------------------------------------------------------------------
# Priority (117)


ACTIONS = ("pass", "play", "cast", "activate")


@decision_type
class Priority(Decision):
    """The player has priority (117): pass, play a land, cast a spell or activate an ability.

    ``options`` are the actions the player could take now (117.1), each an
    answer template with a label, listed when first asked for. ``can_act``
    says cheaply whether there is anything but passing, for answerers that
    pass at once when there isn't (the decision is asked all the same).
    """

    kind = "priority"
    min = 1
    max = 1

    actions: Callable[[], list[Option]]
    acting: Callable[[bool], bool]      # mana abilities count? -> anything but pass
    legal: Check

    @kept_once
    def options(self) -> list[Option]:   # type: ignore[override]
        return self.actions()

    def can_act(self, mana: bool = True) -> bool:
        """Is there a legal action besides passing? With ``mana`` False, mana abilities don't count."""
        return self.acting(mana)

    def normal(self, answer: Any) -> Any:
        if answer in ("pass", None):
            return {"action": "pass"}
        if not isinstance(answer, dict) or "action" not in answer:
            raise IllegalAnswer('a priority answer is {"action": "pass" | "play" | "cast" | "activate", ...}')
        if answer["action"] not in ACTIONS:
            raise IllegalAnswer(f"unknown action {answer['action']!r}")
        return self.legal(answer)


# ---------------------------------------------------------------------------
# Combat (508-510)


@decision_type
class DeclareAttackers(AnyOfThem, Decision):
    """Declare attackers (508.1): the ``options`` may attack, each one of ``defenders``; ``must_attack`` must
    if able. The answer is a list of [attacker, defender] pairs, or of attackers (who attack the player)."""

    kind = "declare_attackers"

    options: list[Option]
    defenders: list[int]
    must_attack: list[int]
    legal: Check

    @property
    def candidates(self) -> list[int]:
        return self.option_values()

    def normal(self, answer: Any) -> list[tuple[int, int]]:
        if answer is not None and not isinstance(answer, (list, tuple, dict)):
            raise IllegalAnswer("an attack declaration is a list of attackers or attacker/defender pairs")
        return self.legal(_pairs(answer, "an attack declaration", self.defenders[0]))


@decision_type
class DeclareBlockers(AnyOfThem, Decision):
    """Declare blockers (509.1): ``can_block`` gives, for each creature that could block, the ``attackers``
    it could block. The answer is a list of [blocker, attacker] pairs; a creature able to block several
    attackers (``capacity``) is in several pairs."""

    kind = "declare_blockers"

    options: list[Option]
    can_block: dict[int, list[int]]
    attackers: list[int]
    legal: Check
    capacity: dict[int, int] = field(default_factory=dict)   # how many attackers each may block (1 if absent)
    obey: Any = None   # pairs -> pairs changed until the requirements they can obey are obeyed (509.1c)

    def normal(self, answer: Any) -> list[tuple[int, int]]:
        return self.legal(_pairs(answer, "a block declaration"))

    def obeying(self, pairs: Any) -> Any:
        """``pairs`` with the blocks the requirements call for (509.1c) made; unchanged where there are none."""
        return [list(p) for p in self.obey(pairs)] if self.obey is not None else pairs


@decision_type
class DamageOrder(AllOfThem, Decision):
    """Order the creatures that ``creature`` assigns combat damage to (509.2, 509.3: ``rule``).
    The answer lists each of the options once, first in order first."""

    kind = "damage_order"

    options: list[Option]
    creature: int
    rule: str


    def normal(self, answer: Any) -> list[int]:
        order = answer.get("order") if isinstance(answer, dict) else answer
        return every_one_once(order, self.options, "the damage assignment order")


@decision_type
class AssignDamage(AnyOfThem, Decision):
    """How ``creature`` assigns its ``power`` in combat damage among the creatures in ``order`` (and
    ``defender``, with trample) (510.1c-d, 702.19b). ``lethal`` is the damage that counts as lethal for
    each in order; ``auto`` a ready answer. The answer is a list of [recipient, amount] pairs."""

    kind = "assign_damage"

    options: list[Option]
    creature: int
    creature_name: str
    power: int
    order: list[int]
    defender: int | None
    lethal: dict[int, int]
    auto: list[tuple[int, int]]

    def normal(self, answer: Any) -> list[tuple[int, int]]:
        what = "a damage assignment"
        if isinstance(answer, dict) and "assign" in answer:
            answer = answer["assign"]
        if isinstance(answer, (list, tuple)) and not all(isinstance(x, (list, tuple)) and len(x) == 2
                                                         for x in answer):
            raise IllegalAnswer(f"{what} is a list of recipient/amount pairs")
        amounts = _pairs(answer, what) if isinstance(answer, (dict, list, tuple)) else None
        if amounts is None:
            raise IllegalAnswer(f"{what} is a list of recipient/amount pairs")
        allowed = list(self.order) + ([self.defender] if self.defender is not None else [])
        got: dict[int, int] = {}
        for r, n in amounts:
            if r not in allowed:
                raise IllegalAnswer(f"{self.creature_name} can't assign combat damage to {self.label_of(r)}")
            if n < 0:
                raise IllegalAnswer("damage amounts can't be negative")
            got[r] = got.get(r, 0) + n
        total = sum(got.values())
        if total != self.power:
            raise IllegalAnswer(f"{self.creature_name} must assign exactly {self.power} damage (got {total})")
        for i, oid in enumerate(self.order):
            later = sum(got.get(x, 0) for x in self.order[i + 1:]) + (got.get(self.defender, 0)
                                                                     if self.defender is not None else 0)
            if later > 0 and got.get(oid, 0) < self.lethal[oid]:
                raise IllegalAnswer(f"{self.label_of(oid)} must be assigned lethal damage ({self.lethal[oid]}) "
                                    "before any damage is assigned to the next in order (510.1c)")
        return [(r, n) for r, n in got.items() if n > 0]


# ---------------------------------------------------------------------------
# Triggered abilities, targets (603.3, 115)


@decision_type
class OrderTriggers(AllOfThem, Decision):
    """Order your triggered abilities that trigger at once (603.3b): the first listed goes on the stack
    first and resolves last. ``triggers`` describes each (id, source, text, source_uid, ability)."""

    kind = "order_triggers"

    options: list[Option]
    triggers: list[dict[str, Any]]


    def normal(self, answer: Any) -> list[int]:
        return every_one_once(answer, self.options, "the order of your triggered abilities")


@decision_type
class Targets(Decision):
    """Choose targets (601.2c, 603.3d): ``specs`` lists each target word (label, min, max, options);
    ``effect`` is what the spell or ability will do with them. The answer has one list of ids per word."""

    kind = "targets"

    options: list[Option]
    min: int
    max: int
    specs: list[dict[str, Any]]
    effect: Any = None
    legal: Check

    def normal(self, answer: Any) -> Any:
        return self.legal(answer)


# ---------------------------------------------------------------------------
# Choices: the kinds of "choose"


@decision_type
class Pick(Decision):
    """Pick ``min`` to ``max`` of the listed options: the answer is the list of their values (one value
    alone counts as a list of one). ``legal`` is a further check by the rules, where there is one."""

    kind = "choose"

    options: list[Option]
    min: int
    max: int
    legal: Check | None = None

    def normal(self, answer: Any) -> Any:
        picks = pick(self, answer)
        return picks if self.legal is None else self.legal(picks)


@decision_type
class ChooseMode(Pick):
    """Choose the mode(s) of a modal spell or ability (700.2): options are mode numbers from 1.
    2, [2] and [[2]] all mean the second mode; the normal form is a list. For a triggered ability,
    ``effect`` is what it does and ``mode_rows`` each mode's target words with their legal choices now
    (shaped like a ``Targets`` decision's specs), so whoever answers can weigh the modes."""

    subkind = "mode"

    effect: Any = None
    mode_rows: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    def normal(self, answer: Any) -> Any:
        while isinstance(answer, list) and len(answer) == 1 and isinstance(answer[0], list):
            answer = answer[0]
        return super().normal(answer)


@decision_type
class ChooseX(Decision):
    """Choose the value of X (107.3, 601.2b): a whole number from ``min`` to ``max``."""

    kind = "choose"
    subkind = "x"

    min: int
    max: int
    legal: Check | None = None

    @property
    def options(self) -> list[Option]:   # type: ignore[override]
        return []

    def normal(self, answer: Any) -> int:
        x = single(answer)
        if not is_number(x):
            raise IllegalAnswer("X must be a whole number")
        if not self.min <= x <= self.max:
            raise IllegalAnswer(f"X must be between {self.min} and {self.max} (got {x})")
        return x if self.legal is None else self.legal(x)


@decision_type
class ChooseColor(Decision):
    """Choose a color (or a type of mana) from the options; the answer is its name ("red")."""

    kind = "choose"
    subkind = "color"
    min = 1
    max = 1

    options: list[Option]

    def normal(self, answer: Any) -> str:
        v = single(answer)
        names = self.option_values()
        if v not in names:
            raise IllegalAnswer(f"choose one of {', '.join(names)}")
        return v


@decision_type
class ChooseCreatureType(ChooseColor):
    """Choose a creature type (205.3m) from the options ("As this enters, choose a creature type", 614.12);
    the answer is its name, in any case ("Dinosaur", "dinosaur")."""

    subkind = "creature_type"

    def normal(self, answer: Any) -> str:
        v = str(single(answer)).lower()
        for name in self.option_values():
            if name.lower() == v:
                return name
        raise IllegalAnswer(f"{single(answer)!r} isn't a creature type")


@decision_type
class YesNo(Decision):
    """A yes-or-no question: "you may ..." (603.5, 608.2d) or "... unless you pay" (``cost``; ``keep`` is
    what paying keeps). ``may`` is the optional instruction, where the question is one; ``revealed`` the
    revealed card a keyword action offers to put into the graveyard (explore, 701.40a); ``haste_instead`` the
    permanent riot asks about (a counter, or haste). Answer "yes"/"no"."""

    kind = "choose"
    subkind = "yes_no"
    min = 1
    max = 1

    options: list[Option]
    cost: str = ""
    keep: int | None = None
    may: Any = None
    revealed: int | None = None
    haste_instead: int | None = None   # riot's choice (702.135a): "no" gives this entering permanent haste
    as_unblocked: tuple[int, ...] = ()  # a blocked attacker, then its blockers: "yes" assigns its damage as
                                        # though it weren't blocked (510.1c)

    def normal(self, answer: Any) -> str:
        v = single(answer)
        if v not in ("yes", "no"):
            raise IllegalAnswer('answer "yes" or "no"')
        return v


@decision_type
class ChooseCards(Pick):
    """Choose cards or permanents that an instruction names ("choose a card from it", "return a permanent
    you control", Brainstorm's cards to put back: the first chosen ends on top). ``damage_source``: the
    choice is the source of damage a prevention shield is against (609.7a); ``as_enters``: the choice is made
    as a permanent enters ("choose another creature you control", 614.12); ``keep``: the chosen
    ones are kept and the others lost (Slaughter the Strong's "choose any number ..., then sacrifice all
    other ...")."""

    subkind = "cards"

    damage_source: bool = False
    as_enters: bool = False
    keep: bool = False       # the chosen ones are kept, the others lost ("any number ... then sacrifice the rest")


@decision_type
class ChooseSacrifice(Pick):
    """Choose the permanents to sacrifice (701.17) when an effect makes you sacrifice some."""

    subkind = "sacrifice"


@decision_type
class ChooseLegend(Pick):
    """The legend rule (704.5j): choose the one legendary permanent of that name to keep."""

    subkind = "legend"


@decision_type
class Scry(Pick):
    """Scry (701.18): choose the cards to put on the bottom, in the order picked; the rest stay on top."""

    subkind = "scry"


@decision_type
class Surveil(Pick):
    """Surveil (701.42): choose the cards to put into your graveyard; the rest stay on top."""

    subkind = "surveil"


@decision_type
class Search(Pick):
    """Search your library (701.19): choose up to ``max`` of the cards that fit (you may find none)."""

    subkind = "search"


@decision_type
class OrderCards(Pick):
    """Put cards back on top of your library in any order: each once, the top card first."""

    subkind = "order"


@decision_type
class ChooseReplacement(Pick):
    """Several replacement or prevention effects apply to the same event: choose the one that applies
    first (616.1); the options are the effects, named by their source."""

    subkind = "replacement"


@decision_type
class PreventionOrder(Pick):
    """A prevention shield meets damage from several sources at once: choose whose it prevents first
    (615.7)."""

    subkind = "prevention_order"


@decision_type
class ChooseCosts(Pick):
    """Choose the optional costs to pay as a spell is cast, such as kicker (601.2b, 702.32a): options are the
    costs' keywords ("kicker"); none to pay none. ``mana_only`` names those that are only mana."""

    subkind = "costs"
    mana_only: tuple[str, ...] = ()


@decision_type
class SacrificeCost(Pick):
    """Choose the permanents to sacrifice to pay a cost (118, 601.2h)."""

    subkind = "sacrifice_cost"


@decision_type
class TapCost(Pick):
    """Choose the untapped permanents to tap to pay a cost: a number of them ("Tap two untapped Merfolk you
    control": 118, 602.2b), or creatures of total power ``need`` or more (crew, 702.121a)."""

    subkind = "tap_cost"

    need: int = 0     # the total power the cost asks for (crew); 0 for a cost that counts permanents

    def fewest(self, order: list[Any]) -> list[Any]:
        """The shortest start of ``order`` that pays the cost (all of it when none does)."""
        for n in range(max(self.min, 1), len(order) + 1):
            try:
                return self.normal(order[:n])
            except IllegalAnswer:
                continue
        return list(order)


@decision_type
class CounterCost(Pick):
    """Choose the permanent to remove a counter from to pay a cost ("Remove a +1/+1 counter from a creature you
    control": 118, 602.2b)."""

    subkind = "counter_cost"


@decision_type
class DiscardCost(Pick):
    """Choose the cards to discard to pay a cost (118, 601.2h)."""

    subkind = "discard_cost"


@decision_type
class ConvokeCost(Pick):
    """Choose the creatures to tap for convoke as the spell's cost is paid (702.50a, 601.2h); none to pay it
    all with mana. ``fewest`` is the fewest creatures that leave a cost mana pays (None: no choice does)."""

    subkind = "convoke"
    fewest: list[int] | None = None


@decision_type
class RevealCost(Pick):
    """Choose the cards to reveal from your hand to pay a cost (701.16a, 601.2h)."""

    subkind = "reveal_cost"


@decision_type
class MoveCost(Pick):
    """Choose the cards to exile from your graveyard, or the permanents to return to their owner's hand, to pay
    a cost ("Exile a creature card from your graveyard", "Return two lands you control to their owner's hand":
    118, 602.2b)."""

    subkind = "move_cost"


@decision_type
class Divide(AllOfThem, Decision):
    """Divide ``total`` damage among the targets (the options), at least 1 each (601.2d).
    The answer is a list of amounts in the order of the options."""

    kind = "choose"
    subkind = "divide"

    options: list[Option]
    total: int


    @property
    def targets(self) -> list[int]:
        return self.option_values()

    def normal(self, answer: Any) -> dict[str, int]:
        return division(self.targets, self.total, answer)


def division(targets: list[int], total: int, answer: Any) -> dict[str, int]:
    """Damage divided among targets: a whole number for each, at least 1, adding up to the total (601.2d).
    The answer lists the amounts in the order of the targets; the normal form (also accepted, as an action
    that was completed step by step carries it) maps each target, as text, to its amount."""
    if isinstance(answer, dict) and set(answer) == {str(t) for t in targets}:
        answer = [answer[str(t)] for t in targets]
    if not isinstance(answer, list) or len(answer) != len(targets) or not all(is_number(a) for a in answer):
        raise IllegalAnswer(f"divide the {total} damage as a list of {len(targets)} amounts, one per target")
    if any(a < 1 for a in answer):
        raise IllegalAnswer("each target must be dealt at least 1 damage (601.2d)")
    if sum(answer) != total:
        raise IllegalAnswer(f"the amounts must add up to {total} (they add up to {sum(answer)})")
    return {str(t): a for t, a in zip(targets, answer)}


# ---------------------------------------------------------------------------
# Cards: discarding, mulligans (701.8, 103.4)


@decision_type
class Discard(Pick):
    """Choose the cards to discard (701.8, 514.1)."""

    kind = "discard"


@decision_type
class Mulligan(Decision):
    """Keep this opening hand or take a mulligan (103.4); ``mulligans`` taken so far."""

    kind = "mulligan"
    min = 1
    max = 1

    options: list[Option]
    mulligans: int

    def normal(self, answer: Any) -> str:
        v = single(answer)
        if v not in ("keep", "mulligan"):
            raise IllegalAnswer('answer "keep" or "mulligan"')
        return v


@decision_type
class Bottom(Pick):
    """After a mulligan, the cards to put on the bottom of your library (103.4), the first listed first."""

    kind = "bottom"


# ---------------------------------------------------------------------------
# Paying (601.2g-h)


@decision_type
class Pay(AnyOfThem, Decision):
    """Pay ``cost``: "auto", or a list of the mana sources to tap (options). ``auto`` lists the sources
    the automatic payment would tap; ``possible`` says whether the cost can be paid at all."""

    kind = "pay"
    min = 1

    options: list[Option]
    cost: str
    auto: list[int]
    possible: bool
    legal: Check

    def normal(self, answer: Any) -> Any:
        pay = "auto" if answer in ("auto", ["auto"]) else id_list(answer, 'a payment ("auto" or a list of mana '
                                                                         'sources)')
        return self.legal(pay)


def decision_types() -> list[type[Decision]]:
    """Every kind of decision the engine asks: the types of this module that have a kind (and, for
    ``choose``, a subkind)."""
    out: list[type[Decision]] = []
    todo = list(Decision.__subclasses__())
    while todo:
        t = todo.pop(0)
        todo.extend(t.__subclasses__())
        if t.__module__ == __name__ and t.kind and (t.kind != "choose" or t.subkind):
            out.append(t)
    return out


# ---------------------------------------------------------------------------
# Answer builders for priority actions (plain dicts, as stored in the record).


def pass_priority() -> dict[str, Any]:
    return {"action": "pass"}


def play_land(card: int) -> dict[str, Any]:
    return {"action": "play", "card": card}


def cast(card: int, *, targets: list[list[int]] | None = None, mode: list[int] | None = None,
         x: int | None = None, pay: Any = "auto", costs: list[str] | None = None) -> dict[str, Any]:
    """A cast action; ``costs`` are the optional costs paid, by keyword (["kicker"]; None: asked if it has any)."""
    return {"action": "cast", "card": card, "targets": targets, "mode": mode, "x": x, "pay": pay, "costs": costs}


def activate(source: int, ability: int = 0, *, targets: list[list[int]] | None = None,
             mode: list[int] | None = None, x: int | None = None, pay: Any = "auto",
             color: str | None = None) -> dict[str, Any]:
    return {"action": "activate", "source": source, "ability": ability, "targets": targets,
            "mode": mode, "x": x, "pay": pay, "color": color}
