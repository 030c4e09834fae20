"""The shape of an answer: type and range checks made before the rules look at it.

A decision's rules checks assume an answer of the right shape (ids are whole
numbers, lists are lists); these helpers refuse anything else with
``IllegalAnswer`` and a reason, so a malformed answer never reaches the rules
and never changes the game. (That an answer is plain, bounded data at all is
checked by every decision first: ``decisions.check_plain``.)
"""

from __future__ import annotations

from typing import Any

from .decisions import IllegalAnswer


def is_number(v: Any) -> bool:
    """A whole number (true/false don't count as numbers)."""
    return isinstance(v, int) and not isinstance(v, bool)


def id_list(v: Any, what: str) -> list[int]:
    """``v`` as a list of ids (whole numbers), or IllegalAnswer."""
    if not isinstance(v, (list, tuple)) or not all(is_number(x) for x in v):
        raise IllegalAnswer(f"{what} must be a list of ids")
    return list(v)
