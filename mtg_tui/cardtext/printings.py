"""Where a card was printed: set, collector number and rarity, as a card file lists them.

Printings are not characteristics (a reprint is the same card, see
sameness.py); they say which sets a card is in, for ``cards list --set``
and ``cards show``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import CardError

RARITIES = ("common", "uncommon", "rare", "mythic", "special", "bonus")
KEYS = ("set", "number", "rarity")


@dataclass(frozen=True)
class Printing:
    set: str        # the set's code, e.g. "DOM"
    number: str     # the collector number within the set, e.g. "60" or "221"
    rarity: str     # one of RARITIES

    def to_data(self) -> dict[str, str]:
        return {"set": self.set, "rarity": self.rarity, "number": self.number}

    def sort_key(self) -> tuple[str, int, str]:
        digits = "".join(c for c in self.number if c.isdigit())
        return (self.set, int(digits) if digits else 0, self.number)


def read_printings(value: Any, file: str = "", card: str = "") -> tuple[Printing, ...]:
    """The ``printings`` field of a card file: a list of ``{ set = "DOM", rarity = "common", number = "60" }``."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise CardError(file, card, "printings must be a list of { set = ..., rarity = ..., number = ... }")
    out: list[Printing] = []
    for i, entry in enumerate(value, 1):
        if not isinstance(entry, dict):
            raise CardError(file, card, f"printing {i} must be a table {{ set = ..., rarity = ..., number = ... }}")
        unknown = sorted(set(entry) - set(KEYS))
        if unknown:
            raise CardError(file, card, f"printing {i}: unknown field {unknown[0]!r} (fields: set, rarity, number)")
        fields = {}
        for key in KEYS:
            v = entry.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and key == "number":
                v = str(v)
            if not isinstance(v, str) or not v.strip():
                raise CardError(file, card, f"printing {i} needs {key} = \"...\"")
            fields[key] = v.strip()
        if fields["rarity"].lower() not in RARITIES:
            raise CardError(file, card, f"printing {i}: unknown rarity {fields['rarity']!r} "
                            f"(rarities: {', '.join(RARITIES)})")
        out.append(Printing(fields["set"].upper(), fields["number"], fields["rarity"].lower()))
    return tuple(out)


def merge(*groups: tuple[Printing, ...]) -> tuple[Printing, ...]:
    """Every printing of several lists once (a set and number names one printing), in set and number order."""
    seen: dict[tuple[str, str], Printing] = {}
    for group in groups:
        for p in group:
            seen.setdefault((p.set, p.number), p)
    return tuple(sorted(seen.values(), key=Printing.sort_key))
