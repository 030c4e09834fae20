"""From rules text to abilities: the meaning of a card's text.

``CardCompiler`` is every family of templates (cardtext/templates/) put
together: one method per grammar rule, each in the family it belongs to.
``compile_text`` reads a card's paragraphs with it. A phrase the engine
can't carry out raises ``TextError`` naming it, and the card's compile fails
with a ``CardError`` naming the card, the paragraph and the phrase: a card
never silently does less than it says.

When it first compiles, the compiler checks that every rule of the grammar
has exactly one method: a rule added to the grammar without one is an error
at once, never a part of a card's text that does nothing.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from typing import Any, Iterator

from lark import Lark

from ..engine.abilities import Effect, SpellAbility
from .errors import CardError, TextError
from .parser import normalise, parse, parser, split_abilities
from .templates.abilities import AbilityForms
from .templates.amounts import Amounts
from .templates.base import SpellPart, Templates
from .templates.costs import Costs
from .templates.descriptions import Descriptions
from .templates.effects import Effects
from .templates.keywords import Keywords
from .templates.mana import ManaProduction
from .templates.refs import Refs
from .templates.replacements import Replacements
from .templates.statics import Statics
from .templates.tokens import Tokens
from .templates.triggers import Triggers
from .templates.verbs import Verbs


class CardCompiler(AbilityForms, Costs, Effects, Statics, Replacements, Verbs, Refs, Descriptions, Amounts, Triggers,
                   Keywords, Tokens, ManaProduction):
    """Compiles the paragraphs of one card."""

    def __init__(self, card_name: str, types: tuple[str, ...], subtypes: tuple[str, ...]) -> None:
        check_grammar()
        super().__init__(card_name, types, subtypes)

    def compile_nested(self, name: str, text: str, types: tuple[str, ...],
                       subtypes: tuple[str, ...]) -> tuple[Any, ...]:
        try:
            return compile_text(name, text, (), types, subtypes)
        except CardError as e:   # reported as a phrase of the card being compiled, which the message names
            raise TextError(str(e), e.phrase) from None


FAMILIES: tuple[type[Templates], ...] = CardCompiler.__bases__


def rule_names(grammar: Lark) -> set[str]:
    """The names the grammar's parse trees can have: its rules and aliases."""
    names = set()
    for rule in grammar.rules:
        name = str(rule.alias or rule.origin.name)
        if name.startswith("_"):
            continue        # inlined into its parent (lark leaves it out of the tree)
        if rule.options.expand1 and not rule.alias and len(rule.expansion) == 1:
            continue        # "?rule" with one child: the child takes its place
        names.add(name)
    return names


def unhandled_rules(grammar: Lark, families: tuple[type, ...] = FAMILIES) -> list[str]:
    """Grammar rules that no family has a method for, or that two families both define."""
    bad = []
    for name in sorted(rule_names(grammar)):
        owners = [f.__name__ for f in families if name in f.__dict__]
        if len(owners) != 1:
            bad.append(name if not owners else f"{name} (in {', '.join(owners)})")
    return bad


def check(grammar: Lark) -> None:
    """Refuse a grammar whose rules don't each have exactly one method."""
    bad = unhandled_rules(grammar)
    if bad:
        raise RuntimeError("the card grammar has rules without exactly one compiler method: " + ", ".join(bad))


@lru_cache(maxsize=1)
def check_grammar() -> None:
    check(parser())


_tracers: list[set[str]] = []


@contextmanager
def traced_rules() -> Iterator[set[str]]:
    """Collects the names of the grammar rules that the paragraphs compiled inside the block use
    (nested ones too: a keyword's meaning, a token's abilities). Tests use it to find rules no card reads."""
    used: set[str] = set()
    _tracers.append(used)
    try:
        yield used
    finally:
        _tracers.remove(used)


def compile_text(name: str, text: str, supertypes: tuple[str, ...], types: tuple[str, ...],
                 subtypes_: tuple[str, ...], file: str = "") -> tuple[Any, ...]:
    """Compile a card's rules text into its abilities."""
    comp = CardCompiler(name, types, subtypes_)
    abilities: list[Any] = []
    spell_parts: list[Effect] = []
    spell_ins: list[Any] = []       # the spell's instructions so far, paragraph after paragraph
    for para in split_abilities(text):
        norm = normalise(para, name)
        if not norm:
            continue   # reminder text only (e.g. a basic land's mana ability, 305.6)
        try:
            tree = parse(norm)
            for used in _tracers:
                used.update(str(t.data) for t in tree.iter_subtrees())
            made = comp.transform(tree)
        except TextError as e:
            raise CardError(file, name, f"can't compile {para!r}: {e}", e.phrase or para) from None
        for ab in made:
            if isinstance(ab, SpellPart):
                spell_parts.append(ab.effect)
                del spell_ins[len(spell_ins) - ab.replaces:]
                spell_ins.extend(ab.effect.instructions)
                continue
            if not getattr(ab, "text", ""):
                ab = replace(ab, text=para)
            effect_of = getattr(ab, "effect", None)
            if isinstance(effect_of, Effect) and effect_of.modes and not effect_of.mode_texts:
                ab = replace(ab, effect=replace(effect_of, mode_texts=tuple(_mode_texts(para))))
            abilities.append(ab)
    if spell_parts:
        if len(spell_parts) == 1:
            effect = spell_parts[0]
        else:
            if any(p.modes for p in spell_parts):
                raise CardError(file, name, "a modal spell with other paragraphs isn't supported yet", text)
            effect = Effect(instructions=tuple(spell_ins), targets=tuple(comp.spell_scope.targets))
        if effect.modes:
            effect = replace(effect, mode_texts=tuple(_mode_texts(text)))
        abilities.insert(0, SpellAbility(effect=effect, text=text))
    elif ("Instant" in types or "Sorcery" in types) and not abilities:
        raise CardError(file, name, "an instant or sorcery needs rules text that does something", text)
    return tuple(abilities)


def _mode_texts(text: str) -> list[str]:
    return [ln.strip().lstrip("•").strip() for ln in text.replace(" • ", "\n• ").split("\n")
            if ln.strip().startswith("•")]
