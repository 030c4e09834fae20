"""A card's rules text as ability paragraphs, and reminder text set aside (113.2c, 207.2a).

Kept apart from the grammar: telling whether two card files are the same card reads paragraphs too, and
that must not load the parser.
"""

from __future__ import annotations

import re

_REMINDER = re.compile(r"\s*\([^()]*\)")


def split_abilities(text: str) -> list[str]:
    """One entry per ability paragraph; bullets of a modal ability join their "Choose ..." line."""
    lines = [ln.strip() for ln in text.replace("\r\n", "\n").split("\n")]
    out: list[str] = []
    for ln in lines:
        if not ln:
            continue
        if ln.startswith("•") and out:
            out[-1] = out[-1] + " " + ln
        else:
            out.append(ln)
    return out


def strip_reminder(paragraph: str) -> str:
    prev = None
    s = paragraph
    while prev != s:
        prev = s
        s = _REMINDER.sub("", s)
    return s.strip()
