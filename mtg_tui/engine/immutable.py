"""Values that never change once built, shared by every copy of a game.

Compiled card text (definitions, abilities, instructions, filters, references,
amounts) is built once and only read afterwards; a copy of a game
(snapshot.py) keeps pointing at the same values instead of copying them, which
keeps copies cheap and keeps abilities the same objects they were (the rules
tell an ability apart from another by identity).
"""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass, replace
from typing import Any, Callable


class Immutable:
    """Copying one gives the same value back."""

    __slots__ = ()

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


_ATOMS = frozenset({int, str, bool, float, type(None)})
_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    found = _SLOTS.get(cls)
    if found is None:
        names: list[str] = []
        for c in cls.__mro__:
            slots = c.__dict__.get("__slots__", ())
            names += [n for n in ((slots,) if isinstance(slots, str) else slots) if n not in ("__dict__", "__weakref__")]
        found = _SLOTS[cls] = tuple(names)
    return found


class CopiedByField:
    """Deep copies made field by field: plain values as they are, the rest deep-copied.

    The same result as the generic deep copy, several times faster for the game's many small objects
    whose fields are mostly numbers and text.
    """

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        cls = type(self)
        new = object.__new__(cls)
        memo[id(self)] = new
        fields = getattr(self, "__dict__", None)
        if fields is not None:
            out = new.__dict__
            for k, v in fields.items():
                out[k] = v if type(v) in _ATOMS or isinstance(v, Immutable) else copy.deepcopy(v, memo)
        for k in _slots(cls):
            if hasattr(self, k):
                v = getattr(self, k)
                setattr(new, k, v if type(v) in _ATOMS or isinstance(v, Immutable) else copy.deepcopy(v, memo))
        return new


def rewritten(thing: Any, change: Callable[[Any], Any], stop: tuple[type, ...] = ()) -> Any:
    """``thing`` (compiled instructions and what they hold) with each part that ``change`` maps to
    something other than None replaced by that, walking through tuples and dataclasses but not into
    ``stop``'s types; unchanged parts are the same values as before."""
    new = change(thing)
    if new is not None:
        return new
    if isinstance(thing, tuple):
        return tuple(rewritten(t, change, stop) for t in thing)
    if is_dataclass(thing) and not isinstance(thing, type) and not isinstance(thing, stop):
        try:
            return replace(thing, **{f.name: rewritten(getattr(thing, f.name), change, stop) for f in fields(thing)})
        except TypeError:   # a field that isn't set at construction
            return thing
    return thing
