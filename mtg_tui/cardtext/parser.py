"""Reading rules text: paragraphs, reminder text, self-references, then the grammar.

``split_abilities`` turns a card's rules text into ability paragraphs (a
modal spell's bullets stay with their "Choose one —"). ``normalise`` makes
one paragraph ready for the grammar: reminder text removed, the card's name
and "this creature"-style references replaced by "~", lower case.
``parse`` returns the Lark tree, or raises ``TextError`` naming the phrase
that could not be read.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedInput

from ..engine.keywords import Param, words_of
from .errors import TextError
from .paragraphs import split_abilities, strip_reminder
from .subtypes import subtypes

HERE = Path(__file__).resolve().parent


_IRREGULAR = {
    "elf": "elves", "dwarf": "dwarves", "wolf": "wolves", "werewolf": "werewolves", "mouse": "mice",
    "ox": "oxen", "fish": "fish", "sheep": "sheep", "djinn": "djinn", "merfolk": "merfolk",
    "kithkin": "kithkin", "moonfolk": "moonfolk", "treefolk": "treefolk", "kor": "kor",
    "cyclops": "cyclopes", "octopus": "octopuses", "homunculus": "homunculi", "sphinx": "sphinxes",
    "fox": "foxes", "lynx": "lynxes", "walrus": "walruses", "plains": "plains", "aurochs": "aurochs",
    "efreet": "efreet", "thopter": "thopters", "samurai": "samurai", "ninja": "ninjas",
}


def plural(word: str) -> str:
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith(("s", "x", "ch", "sh", "z")):
        return w + "es"
    if w.endswith("y") and len(w) > 1 and w[-2] not in "aeiou":
        return w[:-1] + "ies"
    return w + "s"


@lru_cache(maxsize=1)
def singular_of() -> dict[str, str]:
    """Lower-case subtype word (singular or plural) -> its proper spelling."""
    out: dict[str, str] = {}
    for kind, words in subtypes().items():
        for w in words:
            out[w.lower()] = w
            out[plural(w)] = w
    return out


def _alternation(words: list[str]) -> str:
    words = sorted(set(words), key=lambda s: (-len(s), s))
    return "|".join(re.escape(w) for w in words)


@lru_cache(maxsize=1)
def grammar_text() -> str:
    text = (HERE / "grammar.lark").read_text(encoding="utf-8")
    singles: list[str] = []
    plurals: list[str] = []
    for kind, words in subtypes().items():
        for w in words:
            singles.append(w.lower())
            plurals.append(plural(w))
    extra = (
        f"\nSUBTYPE.1: /(?:{_alternation(singles)})(?![a-z'-])/\n"
        f"SUBTYPES.1: /(?:{_alternation(plurals)})(?![a-z'-])/\n"
    )
    return text + extra + keyword_terminals()


KEYWORD_TERMINALS = {Param.NONE: "KEYWORD", Param.COST: "KEYWORD_COST", Param.QUALITY: "KEYWORD_QUALITY",
                     Param.OBJECT: "KEYWORD_OBJECT", Param.NUMBER: "KEYWORD_NUMBER"}


def keyword_terminals() -> str:
    """The registry's keyword words, one terminal per kind of parameter after them.

    A kind no keyword has yet gets a word in capitals, which the lower-cased
    text never contains: the grammar's rule for it stays, matching nothing.
    """
    out = []
    for param, name in KEYWORD_TERMINALS.items():
        words = words_of(param) or [f"NO {name}"]
        alternatives = " | ".join(f'"{w}"' for w in sorted(words, key=lambda w: (-len(w), w)))
        out.append(f"{name}.2: {alternatives}\n")
    return "".join(out)


@lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(grammar_text(), start="start", parser="earley", lexer="dynamic", ambiguity="resolve",
                propagate_positions=False, maybe_placeholders=False)


# ---------------------------------------------------------------------------
# Preparing text


_SELF_WORDS = re.compile(
    r"\bthis (creature|spell|land|artifact|enchantment|permanent|card|planeswalker|aura|equipment|token|"
    r"vehicle|battle)\b", re.IGNORECASE)


def short_name(name: str) -> str:
    """A legendary card may call itself by the part of its name before the comma (201.5)."""
    return name.split(",")[0].strip() if "," in name else name


# Ability words (207.2c) label abilities in italics and have no rules meaning of their own.
ABILITY_WORDS = (
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "corrupted", "council's dilemma", "coven", "delirium", "descend 4", "descend 8",
    "domain", "eerie", "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry",
    "formidable", "grandeur", "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall",
    "lieutenant", "magecraft", "metalcraft", "morbid", "pack tactics", "parley", "radiance", "raid", "rally",
    "revolt", "spell mastery", "strive", "survival", "sweep", "tempting offer", "threshold", "undergrowth",
    "valiant", "will of the council",
)
_ABILITY_WORD = re.compile(r"^(" + "|".join(re.escape(w) for w in ABILITY_WORDS) + r")\s*[—-]\s*", re.IGNORECASE)


_CONVERTED = re.compile(r"\bconverted mana cost(s)?\b")


def normalise(paragraph: str, name: str) -> str:
    s = strip_reminder(paragraph)
    s = _ABILITY_WORD.sub("", s)
    s = s.replace("\u2019", "'").replace("\u2212", "-").replace("\u2013", "-")
    s = s.replace("—", " — ").replace("•", " • ")
    if name:
        s = re.sub(re.escape(name) + r"(?![a-zA-Z])", "~", s)
        short = short_name(name)
        if short != name:
            s = re.sub(r"\b" + re.escape(short) + r"\b", "~", s)
    s = _SELF_WORDS.sub("~", s)
    s = s.lower()
    # Older printings name mana value (202.3) "converted mana cost": one number, read one way.
    s = _CONVERTED.sub(lambda m: "mana values" if m.group(1) else "mana value", s)
    s = re.sub(r"~'s\b", "~'s", s)
    s = re.sub(r"\s+", " ", s).strip()
    return s


@lru_cache(maxsize=8192)
def parse(paragraph: str) -> Tree:
    """The parse tree of a normalised paragraph. Trees are shared between the cards that use the same
    words ("flying", a keyword's meaning, a predefined token's ability): read them, never change them."""
    try:
        return parser().parse(paragraph)
    except UnexpectedInput as e:
        pos = getattr(e, "pos_in_stream", None) or getattr(e, "column", 1) - 1
        pos = max(0, min(len(paragraph), pos if isinstance(pos, int) else 0))
        start = paragraph.rfind(" ", 0, max(0, pos - 1))
        phrase = paragraph[start + 1: start + 1 + 40].strip() if start >= -1 else paragraph
        raise TextError(f"can't read {phrase!r} in {paragraph!r}", phrase) from None
