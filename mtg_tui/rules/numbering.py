"""Rule numbers: parsing, normalising, ordering and parent lookup.

A rule number is a section (``"5"``), a rule (``"509"``), a subrule
(``"509.1"``) or a lettered subrule (``"509.1a"``).
"""

from __future__ import annotations

import re

NUMBER_RE = re.compile(r"^(?:(\d)|(\d{3})(?:\.(\d+)([a-z])?)?)$")
"""A normalised rule number: ``5``, ``509``, ``509.1`` or ``509.1a``."""

LOOSE_NUMBER_RE = re.compile(
    r"^\s*(?:rule\s+|section\s+)?(\d{1,3}(?:\.\d+[a-z]?)?)\.?\s*$", re.IGNORECASE
)
"""What a person might type: ``704.5G.``, ``rule 509``, `` 117.3c ``."""


def normalise(number: str) -> str | None:
    """Return the canonical form of ``number`` or ``None`` if it isn't one.

    Trailing dots and surrounding spaces are dropped and letters lowered.
    """
    match = LOOSE_NUMBER_RE.match(number)
    if not match:
        return None
    candidate = match.group(1).lower()
    return candidate if NUMBER_RE.match(candidate) else None


def looks_like_number(text: str) -> bool:
    """True if ``text`` is written like a rule number (known or not)."""
    return normalise(text) is not None


def sort_key(number: str) -> tuple[int, int, int, str]:
    """A key that orders numbers the way the rules document does.

    Sections (1-9) sort just before their first rule (100-999).
    """
    match = NUMBER_RE.match(number)
    if not match:
        raise ValueError(f"not a rule number: {number!r}")
    section, head, sub, letter = match.groups()
    if section is not None:
        return (int(section) * 100, -2, -1, "")
    return (
        int(head),
        -1 if sub is None else int(sub),
        -1 if letter is None else 0,
        letter or "",
    )


def parent(number: str) -> str | None:
    """The number one level up: ``509.1a`` -> ``509.1`` -> ``509`` -> ``5``."""
    match = NUMBER_RE.match(number)
    if not match:
        raise ValueError(f"not a rule number: {number!r}")
    section, head, sub, letter = match.groups()
    if section is not None:
        return None
    if letter:
        return f"{head}.{sub}"
    if sub is not None:
        return head
    return head[0]


def ancestors(number: str) -> list[str]:
    """All numbers above ``number``, nearest first."""
    found: list[str] = []
    current = parent(number)
    while current is not None:
        found.append(current)
        current = parent(current)
    return found
