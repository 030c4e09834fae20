"""When two card files (or two printings) are the same card.

A reprint often differs from another printing only in what has no rules
meaning: reminder text in parentheses, keywords on one line ("Flying,
vigilance") or one per line, curly or straight apostrophes, spacing. Two
card files are the same card when their characteristics are the same once
those are set aside; the same name with anything else different is another
card.
"""

from __future__ import annotations

from typing import Any

from .paragraphs import split_abilities, strip_reminder

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u2212": "-", "\u2013": "-"})


def _is_keyword_line(paragraph: str) -> bool:
    """A paragraph of keywords: no sentence (no final period) and no activated-ability colon."""
    return bool(paragraph) and not paragraph.endswith(".") and ":" not in paragraph and "•" not in paragraph


def rules_text_key(text: str) -> tuple[str, ...]:
    """The rules text as a tuple of abilities, with what has no rules meaning set aside."""
    out: list[str] = []
    for para in split_abilities(text or ""):
        para = " ".join(strip_reminder(para).translate(_QUOTES).split())
        if not para:
            continue   # reminder text only (a basic land's mana ability, 305.6)
        if _is_keyword_line(para):
            out.extend(item.strip().casefold() for item in para.replace(";", ",").split(",") if item.strip())
        else:
            out.append(para.casefold())
    return tuple(out)


def _plain(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.translate(_QUOTES).split())
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


# The fields of a card file that are not characteristics (where it was printed).
NOT_CHARACTERISTICS = frozenset({"printings"})


def card_key(data: dict[str, Any]) -> tuple[Any, ...]:
    """What makes a card file's card this card: every characteristic, the rules text as ``rules_text_key``."""
    items: list[tuple[str, Any]] = []
    for key in sorted(data):
        if key in NOT_CHARACTERISTICS:
            continue
        value = data[key]
        if value in ("", None, []):
            continue   # an empty field is the same as none
        if key == "text":
            items.append((key, rules_text_key(str(value or ""))))
        elif key == "faces" and isinstance(value, list):
            items.append((key, tuple(card_key(f) if isinstance(f, dict) else _plain(f) for f in value)))
        elif key in ("power", "toughness", "loyalty"):
            items.append((key, str(value).strip()))
        else:
            items.append((key, _plain(value)))
    return tuple(items)


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The fields in which two card files' cards differ (for a message naming them)."""
    ka, kb = dict(card_key(a)), dict(card_key(b))
    return sorted(k for k in set(ka) | set(kb) if ka.get(k) != kb.get(k))
