"""What every family of templates stands on: the Transformer, the scope of one ability, small helpers.

How a parse tree becomes abilities
----------------------------------
Each grammar rule (or alias, the name after ``->``) is one method of
``CardCompiler`` (cardtext/compiler.py), which puts together the families of
templates in this package. Most rules are read bottom-up, the way a lark
Transformer reads a tree: the method gets its children already read, as
positional arguments (a description as an ``ObjectFilter``, an amount as an
``Amount``, a reference as a ``Ref``, tokens such as ``MANA`` as they are),
and returns what its own phrase means. Words that only pick the rule are
terminals named with a leading underscore, which lark leaves out of the tree.

A few rules decide the context that their parts are read in, and are read
top-down: the ability forms (which scope the text is read in), sentences and
clauses (the subject and the duration a verb phrase applies to) and target
phrases (which need the words of their description for the target's label).
Their methods are marked ``@top_down``: they get the untouched subtree and
read its parts themselves with ``self.transform``.

Children are read left to right and a method runs after its children, so the
scope's bookkeeping (the target numbers, the last object named for "it")
happens in the order of the text.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, NamedTuple

from lark import Token, Transformer, Tree

from ...engine.abilities import Effect, LayerOp
from ...engine.instructions import Instruction
from ...engine.mana import ManaCost, ManaError
from ...engine.objects import CardDef
from ...engine.refs import Amount, Const, NegX, Ref, ShareOfTheirs, TargetRef, TargetSpec, XAmount
from ...engine.abilities import Trigger
from ..errors import TextError

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
           "fifteen": 15, "twenty": 20}
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
              "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle"}
CARD_TYPES_PL = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
                 "lands": "Land", "planeswalkers": "Planeswalker", "instants": "Instant", "sorceries": "Sorcery",
                 "battles": "Battle"}
SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow", "world": "World"}


@dataclass
class Scope:
    """What the text of one ability has named so far."""

    card_name: str
    kind: str                       # "spell" | "activated" | "triggered" | "static"
    targets: list[TargetSpec] = field(default_factory=list)
    last_obj: Ref | None = None
    last_other: Ref | None = None   # the last object named other than this one ("~ deals 6 damage to that creature")
    last_player: Ref | None = None
    trigger: Trigger | None = None
    remember_n: int = 0
    looked: str | None = None       # the cards a "look at the top" named, for "them"
    searched: str | None = None     # the last "search your library and/or graveyard", for "if you search ... this way"
    duration: str | None = None     # the sentence's leading "Until end of turn, ..."
    said: list[Any] = field(default_factory=list)   # the instructions of the body being read, so far
    it_means_self: bool = False     # "If this spell was kicked, it ...": "it" is the object itself
    # A spell's paragraphs: the last sentence read (its instructions, its first and end target numbers),
    # which an "instead" opening the next paragraph takes the place of, and how many instructions it took.
    last_sentence: tuple[tuple[Any, ...], int, int] | None = None
    counters_named: tuple[Ref, str] | None = None   # the counters a condition counted, for "those counters"
    replaced: int = 0
    last_token: Any = None          # the token definition the text last created, for "N of those tokens"
    before_created: Ref | None = None   # what was named before a "create", for a "where X is" counting tokens
    self_from: str = ""             # the zone "~ from your graveyard" moves the object out of (113.6k)
    tapped_key: str | None = None   # what "tap any number of ..." noted, for "... tapped this way"
    created: Ref | None = None      # the tokens a "create" made, for "that token" / "those tokens"
    last_other: Ref | None = None   # the last object named other than this one ("~"), for "that creature"
    where_x: Any = None             # the amount a "where X is" named, for an X in the sentences after it
    token_x: bool = False           # the token just read is X/X ("create an X/X black Horror creature token")
    that_many: Amount | None = None  # the number the words so far counted ("discard ..."), for "that many"
    last_amount: Any = None         # the last amount worked out on resolution the text named, for "that much"

    def add_target(self, spec: TargetSpec) -> TargetRef:
        self.targets.append(spec)
        return TargetRef(len(self.targets) - 1, plural=spec.max_count > 1)

    def new_key(self, base: str) -> str:
        self.remember_n += 1
        return f"{base}{self.remember_n}"


@dataclass(frozen=True)
class Verb:
    """What a verb phrase means, waiting for its subject.

    A verb phrase ("gets +1/+1", "deals 3 damage to any target") is read before
    its clause puts a subject to it, so its method returns the readings the
    phrase has: ``act(subject, duration)`` gives the instructions of a one-shot
    effect; ``ops()`` gives the layer operations it applies to the objects a
    static ability affects. A reading left as None means the phrase can't be
    used that way, and the clause says so, naming the phrase. ``rule`` (the
    grammar rule) is filled in by the transformer.
    """

    act: Callable[[Ref, str | None], list[Instruction]] | None = None
    ops: Callable[[], list[LayerOp]] | None = None
    rule: str = ""

    @property
    def words(self) -> str:
        return self.rule.removeprefix("vp_").replace("_", " ")


class Word(NamedTuple):
    """A type, subtype or colour word: its kind ("type", "subtype", "color") and its proper value."""

    kind: str
    value: str


class TypeWords(NamedTuple):
    """A list of type words; ``all`` when each must apply ("artifact creature"), else any of them."""

    words: tuple[Word, ...]
    all: bool = False


@dataclass(frozen=True)
class SpellPart:
    """One paragraph of an instant or sorcery: a part of the spell's one effect. ``replaces``: how many
    instructions of the paragraphs before it this one takes the place of (an "instead" that opens it)."""

    effect: Effect
    replaces: int = 0


@dataclass(frozen=True)
class Amend:
    """A clause that changes an instruction said before it ("It can't be regenerated.")."""

    change: Callable[[list[Instruction]], None]


def top_down(method: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a rule's method as reading its own subtree (it gets the Tree, not its children's meanings)."""
    method.top_down = True  # type: ignore[attr-defined]
    return method


class Templates(Transformer):
    """The base of every family of templates: a lark Transformer reading one card's text.

    Two changes to lark's Transformer: methods get their children as
    positional arguments, and ``@top_down`` methods get their subtree unread.
    A rule with no method is an error (cardtext/compiler.py checks the whole
    grammar when it first compiles), never a silent copy of the tree.
    """

    def __init__(self, card_name: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> None:
        super().__init__(visit_tokens=False)
        self.card_name = card_name
        self.types = types
        self.subtypes = subtypes
        self.is_spell = "Instant" in types or "Sorcery" in types
        self.spell_scope = Scope(card_name, "spell")   # shared by the paragraphs of an instant or sorcery
        self.scope = Scope(card_name, "static")

    def _transform_tree(self, tree: Tree) -> Any:
        method = getattr(self, tree.data, None)
        if method is None:
            raise TextError(f"internal: the grammar rule {tree.data!r} has no method", str(tree.data))
        if getattr(method, "top_down", False):
            result = method(tree)
        else:
            result = method(*self._transform_children(tree.children))
        if isinstance(result, Verb) and not result.rule:
            result = replace(result, rule=str(tree.data))
        if str(tree.data).startswith("ae_"):
            self.scope.last_amount = result   # "... damage equal to [amount] and you gain that much life"
        return result

    @contextmanager
    def reading(self, scope: Scope) -> Iterator[Scope]:
        """Read a part of the text in ``scope`` (one ability's)."""
        outer = self.scope
        self.scope = scope
        try:
            yield scope
        finally:
            self.scope = outer

    def act_of(self, verb: Verb, subject: Ref, duration: str | None) -> list[Instruction]:
        """The instructions of a verb phrase put to its subject, in a one-shot effect."""
        if verb.act is None:
            raise TextError(f"this kind of effect isn't supported yet: {verb.words}", verb.rule)
        return verb.act(subject, duration)

    # Readings one family asks of another (each is defined once, in the family named).

    def compile_nested(self, name: str, text: str, types: tuple[str, ...],
                       subtypes: tuple[str, ...]) -> tuple[Any, ...]:
        """Compile another text (a quoted ability, a predefined token's): cardtext/compiler.py."""
        raise NotImplementedError

    def effect_of(self, body: Tree, collect_targets: bool = True) -> Effect:
        """A body read as a one-shot effect: effects.py."""
        raise NotImplementedError

    def static_ability(self, body: Tree) -> list[Any]:
        """A body read as a static ability: statics.py."""
        raise NotImplementedError

    def static_replacement(self, sentence: Tree) -> Any:
        """A replacement sentence read as a permanent's static ability: replacements.py."""
        raise NotImplementedError

    def predefined_token(self, kind: str) -> CardDef:
        """A predefined token (111.10): tokens.py."""
        raise NotImplementedError


# ---------------------------------------------------------------------------
# Helpers


def find(tree: Tree, name: str) -> Tree | None:
    """The first child subtree of ``tree`` made by the rule ``name``."""
    for c in tree.children:
        if isinstance(c, Tree) and c.data == name:
            return c
    return None


def words_of(t: Any) -> str:
    """The words a subtree kept (its named tokens), for messages and labels."""
    if isinstance(t, Token):
        return str(t)
    if isinstance(t, Tree):
        parts = [words_of(c) for c in t.children]
        return " ".join(p for p in parts if p)
    return ""


def number(tok: Any) -> Amount:
    s = str(tok).strip()
    if s == "x":
        return XAmount()
    if s.isdigit():
        return Const(int(s))
    if s in NUMBERS:
        return Const(NUMBERS[s])
    raise TextError(f"can't read the number {s!r}", s)


def const(tok: Any) -> int:
    """A number token that must be a number, not X."""
    a = number(tok)
    if not isinstance(a, Const):
        raise TextError("X isn't allowed here", str(tok))
    return a.n


def const_amount(amount: Amount) -> int:
    """An amount that must be a fixed number."""
    if not isinstance(amount, Const):
        raise TextError("X isn't supported here", "x")
    return amount.n


def signed_pt(tok: Any) -> tuple[Any, Any]:
    """"+2/-1", "+X/+0", "-X/-X": each an int, or an Amount for X."""
    p, t = str(tok).split("/")

    def one(v: str) -> Any:
        sign = -1 if v.startswith("-") else 1
        v = v.lstrip("+-")
        if v == "x":
            return NegX() if sign < 0 else XAmount()
        return sign * int(v)
    return one(p), one(t)


def mana(tok: Any) -> ManaCost:
    try:
        return ManaCost.parse(str(tok))
    except ManaError as e:
        raise TextError(str(e), str(tok)) from None


def life_share(what: str, share: Token, rounded: Token) -> ShareOfTheirs:
    """"half" / "a third of" a player's own life or library, rounded up or down (107.1a)."""
    den = 2 if str(share).startswith("half") else 3
    return ShareOfTheirs(what, 1, den, up=str(rounded).endswith("up"))
