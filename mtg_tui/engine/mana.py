"""Mana: symbols, costs, the mana pool and payment (106, 107.4, 118, 202).

A cost is a tuple of symbols. Payment is a matching problem: each unit of
mana pays one symbol, coloured symbols need their colour, generic accepts
anything. The automatic payment searches the player's available mana for a
matching and prefers the sources whose loss hurts least.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = ("W", "U", "B", "R", "G", "C")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_BY_NAME = {v: k for k, v in COLOR_NAMES.items()}
TYPE_NAMES = {**COLOR_NAMES, "C": "colorless"}

MAX_GENERIC = 1_000_000     # the largest generic mana symbol a card may print

_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaError(ValueError):
    """A mana cost or symbol that cannot be read."""


@dataclass(frozen=True, slots=True)
class Symbol:
    """One mana symbol of a cost (107.4).

    kind: "generic" (amount N), "X", "color" (one of WUBRG), "C" (colorless
    mana specifically), "hybrid" (options: two colours, or a number and a
    colour), "phyrexian" (a colour or 2 life).
    """

    kind: str
    value: str = ""
    amount: int = 0
    options: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        if self.kind == "generic":
            return "{%d}" % self.amount
        if self.kind == "X":
            return "{X}"
        if self.kind in ("color", "C"):
            return "{%s}" % self.value
        if self.kind == "hybrid":
            return "{%s}" % "/".join(self.options)
        if self.kind == "phyrexian":
            return "{%s/P}" % self.value
        return "{?}"

    @property
    def mana_value(self) -> int:
        """Its part of the mana value (202.3): X counts 0, hybrid the larger."""
        if self.kind == "generic":
            return self.amount
        if self.kind == "X":
            return 0
        if self.kind == "hybrid":
            return max(int(o) if o.isdigit() else 1 for o in self.options)
        return 1


def parse_symbol(body: str) -> Symbol:
    body = body.strip().upper()
    if body.isdigit():
        if len(body) > 7 or int(body) > MAX_GENERIC:
            raise ManaError(f"{{{body[:12]}{'...' if len(body) > 12 else ''}}} is more generic mana than "
                            f"{MAX_GENERIC:,}")
        return Symbol("generic", amount=int(body))
    if body == "X":
        return Symbol("X")
    if body in COLORS:
        return Symbol("color", value=body)
    if body == "C":
        return Symbol("C", value="C")
    parts = body.split("/")
    if len(parts) == 2 and parts[1] == "P" and parts[0] in COLORS:
        return Symbol("phyrexian", value=parts[0])
    if len(parts) == 2 and all(p in COLORS or p.isdigit() for p in parts):
        return Symbol("hybrid", options=tuple(parts))
    raise ManaError(f"unknown mana symbol {{{body}}}")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost as printed (202.1), e.g. ``{X}{R}`` or ``{2}{G}{G}``."""

    symbols: tuple[Symbol, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> "ManaCost":
        if not text:
            return cls(())
        rest = _SYMBOL.sub("", text).strip()
        if rest:
            raise ManaError(f"mana cost {text!r} has text outside braces: {rest!r}")
        syms = [parse_symbol(m) for m in _SYMBOL.findall(text)]
        generic = sum(s.amount for s in syms if s.kind == "generic")
        others = [s for s in syms if s.kind != "generic"]
        xs = [s for s in others if s.kind == "X"]
        rest_syms = [s for s in others if s.kind != "X"]
        has_generic = any(s.kind == "generic" for s in syms)
        keep_generic = generic > 0 or (has_generic and not others)  # {0} stays {0}
        ordered = xs + ([Symbol("generic", amount=generic)] if keep_generic else []) + rest_syms
        return cls(tuple(ordered))

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.symbols)

    def __str__(self) -> str:
        return self.text

    @property
    def mana_value(self) -> int:
        return sum(s.mana_value for s in self.symbols)

    @property
    def has_x(self) -> bool:
        return any(s.kind == "X" for s in self.symbols)

    @property
    def x_count(self) -> int:
        return sum(1 for s in self.symbols if s.kind == "X")

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of the symbols, in WUBRG order (202.2)."""
        found: set[str] = set()
        for s in self.symbols:
            if s.kind in ("color", "phyrexian"):
                found.add(s.value)
            elif s.kind == "hybrid":
                found.update(o for o in s.options if o in COLORS)
        return tuple(c for c in COLORS if c in found)

    def with_x(self, x: int) -> "ManaCost":
        """The cost with each {X} replaced by x (107.3)."""
        for s in self.symbols:
            if s.kind == "X":
                break
        else:
            return self
        generic = sum(s.amount for s in self.symbols if s.kind == "generic") + x * self.x_count
        rest = [s for s in self.symbols if s.kind not in ("X", "generic")]
        syms = ([Symbol("generic", amount=generic)] if generic else []) + rest
        return ManaCost(tuple(syms))

    def plus(self, other: "ManaCost") -> "ManaCost":
        generic = sum(s.amount for s in self.symbols + other.symbols if s.kind == "generic")
        rest = [s for s in self.symbols + other.symbols if s.kind != "generic"]
        syms = ([Symbol("generic", amount=generic)] if generic else []) + rest
        return ManaCost(tuple(syms))

    @property
    def is_free(self) -> bool:
        return all(s.kind == "generic" and s.amount == 0 for s in self.symbols)


def mana_text(mana: Iterable[str]) -> str:
    """``["R", "R", "C"]`` -> ``{R}{R}{C}``."""
    return "".join("{%s}" % m for m in mana)


class ManaPool:
    """A player's mana pool (106.4): units of mana by type, emptied between steps. Mana that may be spent only
    on some things (106.6) is kept apart, each unit with what it may be spent on (``restricted``); ``units``
    are the others."""

    __slots__ = ("amounts", "restricted")

    def __init__(self) -> None:
        self.amounts: dict[str, int] = {t: 0 for t in MANA_TYPES}
        self.restricted: list[tuple[str, Any]] = []

    def add(self, mana_type: str, n: int = 1, only: Any = None) -> None:
        if only is None:
            self.amounts[mana_type] += n
        else:
            self.restricted.extend([(mana_type, only)] * n)

    def total(self) -> int:
        return sum(self.amounts.values()) + len(self.restricted)

    def units(self) -> list[str]:
        out: list[str] = []
        amounts = self.amounts
        for t in MANA_TYPES:
            n = amounts[t]
            if n:
                out.extend([t] * n)
        return out

    def empty(self, keep: bool = False) -> list[str]:
        """Empty the pool (500.4); ``keep``: not the mana an effect says isn't lost as steps end (its ``only``
        is kept)."""
        stays = [u for u in self.restricted if keep and getattr(u[1], "kept", False)]
        lost = self.units() + [t for t, only in self.restricted if not (keep and getattr(only, "kept", False))]
        if lost:
            for t in MANA_TYPES:
                self.amounts[t] = 0
            self.restricted = stays
        return lost

    def remove_restricted(self, indexes: Sequence[int]) -> None:
        """Spend these units of the mana kept apart (by their place in ``restricted``)."""
        gone = set(indexes)
        self.restricted = [u for i, u in enumerate(self.restricted) if i not in gone]

    def remove_units(self, units: Sequence[str]) -> None:
        for u in units:
            if self.amounts[u] <= 0:
                raise ManaError(f"no {u} mana in the pool")
            self.amounts[u] -= 1

    def text(self) -> str:
        return mana_text(self.units() + [t for t, _ in self.restricted])

    def copy_from(self, other: "ManaPool") -> None:
        self.amounts = dict(other.amounts)
        self.restricted = list(other.restricted)


# ---------------------------------------------------------------------------
# Matching mana to a cost


@dataclass(frozen=True, slots=True)
class ManaUnit:
    """A unit of mana that could be spent: already in the pool, or from a source.

    ``options`` are the types it can be (a source of "{W} or {B}" has two);
    ``source`` is the object id of the permanent whose mana ability makes it
    (None for mana in the pool); ``ability`` the index of that ability.
    """

    options: tuple[str, ...]
    source: int | None = None
    ability: int = 0
    cost_rank: int = 0  # how much we'd rather not use it (higher = keep)
    kept: int = -1      # pool mana that may be spent only on some things (106.6): its place in ``restricted``


def _symbol_accepts(sym: Symbol, mana_type: str) -> bool:
    if sym.kind == "generic":
        return True
    if sym.kind == "color":
        return mana_type == sym.value
    if sym.kind == "C":
        return mana_type == "C"
    if sym.kind == "phyrexian":
        return mana_type == sym.value
    if sym.kind == "hybrid":
        return mana_type in sym.options
    return False


def _expand(cost: ManaCost) -> list[Symbol]:
    """One entry per unit of mana needed; generic {3} becomes three {1}s."""
    units: list[Symbol] = []
    for s in cost.symbols:
        if s.kind == "generic":
            units.extend([Symbol("generic", amount=1)] * s.amount)
        elif s.kind == "X":
            raise ManaError("X must be chosen before paying")
        else:
            units.append(s)
    # Most demanding symbols first: single colours, then C, hybrid, generic.
    order = {"color": 0, "phyrexian": 0, "C": 1, "hybrid": 2, "generic": 3}
    units.sort(key=lambda s: order[s.kind])
    return units


def _too_few(cost: ManaCost, units: int) -> bool:
    """Does the cost need more units of mana than there are (a cost with {X} unchosen: left to _expand)?"""
    n = 0
    for s in cost.symbols:
        kind = s.kind
        if kind == "generic":
            n += s.amount
        elif kind == "X":
            return False
        else:
            n += 1
    return n > units


def match_payment(cost: ManaCost, units: Sequence[ManaUnit]) -> list[tuple[int, str]] | None:
    """Find which units pay the cost and as which type.

    Returns a list of (index into units, mana type) for the units spent, or
    None when the cost can't be paid with them. Units are tried in the order
    given, so callers sort them by preference (pool first, then the sources
    they would rather tap). Every needed symbol is matched; unused units stay.
    """
    if _too_few(cost, len(units)):
        return None
    needs = _expand(cost)
    if not needs:
        return []
    if len(needs) > len(units):
        return None
    used = [False] * len(units)
    chosen: list[tuple[int, str]] = []

    def place(i: int) -> bool:
        if i == len(needs):
            return True
        sym = needs[i]
        if sym.kind == "hybrid" and place_generic_half(i, sym):
            return True
        tried: set[tuple[tuple[str, ...], int]] = set()
        for j, unit in enumerate(units):
            if used[j]:
                continue
            # Identical units (same options, same rank) are interchangeable: try one.
            key = (unit.options, unit.cost_rank if unit.source is not None else -1)
            if key in tried:
                continue
            tried.add(key)
            for t in unit.options:
                if _symbol_accepts(sym, t):
                    used[j] = True
                    chosen.append((j, t))
                    if place(i + 1):
                        return True
                    chosen.pop()
                    used[j] = False
                    break
        return False

    def place_generic_half(i: int, sym: Symbol) -> bool:
        """{2/W} may be paid with two mana of any type instead (107.4e)."""
        digits = [int(o) for o in sym.options if o.isdigit()]
        if not digits:
            return False
        picked = [j for j, u in enumerate(units) if not used[j]][: digits[0]]
        if len(picked) < digits[0]:
            return False
        for j in picked:
            used[j] = True
            chosen.append((j, units[j].options[0]))
        if place(i + 1):
            return True
        for j in picked:
            used[j] = False
            chosen.pop()
        return False

    return chosen if place(0) else None


def can_pay(cost: ManaCost, units: Sequence[ManaUnit]) -> bool:
    return match_payment(cost, units) is not None
