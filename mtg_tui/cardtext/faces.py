"""Cards with more than one face or with chapters: split cards, transforming double-faced cards, Sagas.

A card file gives a split card (708) or a double-faced card (711) as
``layout`` and a list of ``faces``, each with the fields of a one-face card;
a Saga (714) is a one-face card whose text has chapter lines ("I — ...",
"II, III — ..."). See docs/cards.md. The reader of one face is passed in
(``read_face``), so this module doesn't depend on the loader.

The ``CardDef`` made:

- split: the card's characteristics are both halves' combined (708.4): both
  names, the two mana costs together (its colors and mana value come from
  them, 708.4b), every card type and ability of either half (708.4c); its
  ``faces`` are the halves, each with its own characteristics, which are
  what a half cast as a spell has (708.3b).
- transform: the card's characteristics are its front face's (711.4a); its
  ``faces`` are the front face and the back face (711.4).
- Saga: its ``chapters`` are its chapter abilities, one a chapter number
  (714.2c), each with the effect that resolves.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import replace
from typing import Any, Callable

from ..engine.abilities import SpellAbility
from ..engine.layouts import RULES, playable
from ..engine.mana import ManaCost
from ..engine.objects import CardDef, Chapter
from ..engine.sagas import saga_abilities
from .errors import CardError

LAYOUTS = ("normal", "split", "transform")
CARD_KEYS = {"name", "layout", "faces", "printings"}
FACE_KEYS = {"name", "cost", "type", "power", "toughness", "loyalty", "text", "color_indicator"}

ReadFace = Callable[[dict[str, Any], str], CardDef]
CompileText = Callable[..., tuple[Any, ...]]

_CHAPTER = re.compile(r"^\s*((?:[IVX]+)(?:\s*,\s*[IVX]+)*)\s*[—–-]\s*(.+)$")
_ROMAN = {"I": 1, "V": 5, "X": 10}


def roman(numeral: str) -> int:
    """I, II, III, IV ... as a number (714.2a)."""
    total = 0
    values = [_ROMAN[c] for c in numeral]
    for i, v in enumerate(values):
        total += -v if i + 1 < len(values) and values[i + 1] > v else v
    return total


def split_chapters(text: str) -> tuple[str, list[tuple[tuple[int, ...], str, str]]]:
    """A Saga's text as (the other paragraphs, [(chapter numbers, effect, line)])."""
    rest: list[str] = []
    chapters: list[tuple[tuple[int, ...], str, str]] = []
    for line in text.split("\n"):
        m = _CHAPTER.match(line)
        if m:
            numbers = tuple(roman(n.strip()) for n in m.group(1).split(","))
            chapters.append((numbers, m.group(2).strip(), line.strip()))
        else:
            rest.append(line)
    return "\n".join(rest).strip(), chapters


def is_saga(data: dict[str, Any]) -> bool:
    return "saga" in str(data.get("type", "")).replace("—", " ").lower().split()


def layout_of(data: dict[str, Any]) -> str:
    """The layout a card file describes: its ``layout`` field, else "saga" for a Saga, else "normal"."""
    layout = data.get("layout")
    if isinstance(layout, str) and layout.strip():
        return layout.strip().lower()
    return "saga" if is_saga(data) else "normal"


def read_layout(data: dict[str, Any], file: str, read_face: ReadFace, compile_text: CompileText,
                playable_only: bool = True) -> CardDef:
    """The CardDef of a card file whose layout isn't "normal" (see the module docstring).

    With ``playable_only``, a layout the engine doesn't play yet is a CardError saying so.
    """
    name = str(data.get("name", "")).strip()
    layout = layout_of(data)
    if layout == "saga":
        card = _saga(data, file, read_face, compile_text)
    elif layout in ("split", "transform"):
        card = _faced(data, file, layout, read_face)
    else:
        raise CardError(file, name, f"unknown layout {layout!r} (layouts: {', '.join(LAYOUTS)}; "
                        "a Saga needs none)", layout)
    if playable_only and not playable(card.layout):
        raise CardError(file, card.name, f"{_layout_words(card.layout)} (rule {RULES[card.layout]}) can't be "
                        "played yet: the engine doesn't support this layout", card.layout)
    return card


def _layout_words(layout: str) -> str:
    return {"split": "a split card", "transform": "a double-faced card", "saga": "a Saga"}[layout]


def _faced(data: dict[str, Any], file: str, layout: str, read_face: ReadFace) -> CardDef:
    name = str(data.get("name", "")).strip()
    if not name:
        raise CardError(file, "", "the card has no name (a `name = \"...\"` line)")
    unknown = sorted(set(data) - CARD_KEYS)
    if unknown:
        where = "in [[faces]]" if unknown[0] in FACE_KEYS else "here"
        raise CardError(file, name, f"field {unknown[0]!r} doesn't belong at the top of a card with faces "
                        f"(it goes {where}; the top has {', '.join(sorted(CARD_KEYS))})", unknown[0])
    raw = data.get("faces")
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(f, dict) for f in raw):
        raise CardError(file, name, f"a card with layout {layout!r} needs two [[faces]] tables")
    faces = []
    for i, face in enumerate(raw, 1):
        wrong = sorted(set(face) - FACE_KEYS)
        if wrong:
            guess = difflib.get_close_matches(wrong[0], sorted(FACE_KEYS), 1)
            hint = f" (did you mean {guess[0]!r}?)" if guess else ""
            raise CardError(file, name, f"face {i}: unknown field {wrong[0]!r}{hint}", wrong[0])
        faces.append(read_face(face, file))
    first, second = faces
    if layout == "split":
        expected = f"{first.name} // {second.name}"
        if name != expected:
            raise CardError(file, name, f"a split card is named by both halves: name = {expected!r}")
        return _combined(expected, first, second, file)
    if name != first.name:
        raise CardError(file, name, f"a double-faced card is named by its front face: name = {first.name!r}")
    if second.mana_cost.symbols:
        raise CardError(file, name, "the back face of a transforming double-faced card has no mana cost "
                        "(its colors come from a color_indicator, 711.4c)")
    return replace(first, layout="transform", faces=(first, second), source_file=file)


def _combined(name: str, a: CardDef, b: CardDef, file: str) -> CardDef:
    """A split card's characteristics outside the stack: both halves' together (708.4)."""
    def union(x: tuple[str, ...], y: tuple[str, ...]) -> tuple[str, ...]:
        return x + tuple(v for v in y if v not in x)
    return CardDef(name=name, mana_cost=ManaCost(a.mana_cost.symbols + b.mana_cost.symbols),
                   supertypes=union(a.supertypes, b.supertypes), types=union(a.types, b.types),
                   subtypes=union(a.subtypes, b.subtypes), text=f"{a.text}\n//\n{b.text}",
                   abilities=a.abilities + b.abilities, source_file=file, layout="split", faces=(a, b))


def _saga(data: dict[str, Any], file: str, read_face: ReadFace, compile_text: CompileText) -> CardDef:
    name = str(data.get("name", "")).strip()
    text = str(data.get("text", "") or "").strip()
    rest, lines = split_chapters(text)
    if not lines:
        raise CardError(file, name, "a Saga needs chapter abilities (lines such as \"I — ...\", 714.2)")
    card = read_face({**data, "text": rest}, file)
    chapters: list[Chapter] = []
    for numbers, effect_text, line in lines:
        # A chapter's text is the effect of a triggered ability (714.2b): read like a spell's effect.
        made = compile_text(card.name, effect_text, card.supertypes, ("Sorcery",), (), file)
        if len(made) != 1 or not isinstance(made[0], SpellAbility):
            raise CardError(file, card.name, f"chapter {line!r}: a chapter's text must be an effect that "
                            "happens (714.2b)", effect_text)
        chapters.extend(Chapter(n, made[0].effect, line) for n in numbers)
    chapters.sort(key=lambda c: c.number)
    return replace(card, text=text, layout="saga", chapters=tuple(chapters),
                   abilities=card.abilities + saga_abilities(chapters))
