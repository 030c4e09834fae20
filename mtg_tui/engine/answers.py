"""Answers as data: the refusal (``IllegalAnswer``) and the type and range checks made before the rules look.

Answers are plain data (they are stored in the game's record as JSON). A
decision's rules checks assume an answer of the right shape (ids are whole
numbers, lists are lists); these helpers refuse anything else with
``IllegalAnswer`` and a reason, so a malformed answer never reaches the rules
and never changes the game. Every decision first checks that its answer is
plain, bounded data at all (``check_plain``).
"""

from __future__ import annotations

from typing import Any

# Bounds on plain data: far above anything a real answer needs, low enough that
# no answer can make the engine allocate or loop without end.
MAX_NUMBER = 2**31 - 1
MAX_TEXT = 200
MAX_ITEMS = 1000
MAX_DEPTH = 8


class IllegalAnswer(Exception):
    """An answer the rules don't allow. ``reason`` says why, in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_plain(answer: Any) -> None:
    """Refuse anything that isn't plain, bounded data: null, true/false, whole numbers, text, lists, tables."""
    if _flat_table(answer):
        return
    budget = [MAX_ITEMS * 4]

    def walk(v: Any, depth: int) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise IllegalAnswer("the answer is too large")
        if depth > MAX_DEPTH:
            raise IllegalAnswer("the answer is nested too deeply")
        if v is None or isinstance(v, bool):
            return
        if isinstance(v, int):
            if not -MAX_NUMBER <= v <= MAX_NUMBER:
                raise IllegalAnswer(f"a number in the answer is out of range (at most {MAX_NUMBER:,} either way)")
            return
        if isinstance(v, str):
            if len(v) > MAX_TEXT:
                raise IllegalAnswer("a text in the answer is too long")
            return
        if isinstance(v, (list, tuple)):
            if len(v) > MAX_ITEMS:
                raise IllegalAnswer("a list in the answer is too long")
            for x in v:
                walk(x, depth + 1)
            return
        if isinstance(v, dict):
            if len(v) > MAX_ITEMS:
                raise IllegalAnswer("a table in the answer is too large")
            for k, x in v.items():
                if not isinstance(k, str) and not is_number(k):
                    raise IllegalAnswer("the keys of a table in an answer are text or whole numbers")
                walk(x, depth + 1)
            return
        raise IllegalAnswer(f"a {type(v).__name__} is not an answer (answers are whole numbers, text, lists and "
                            "tables)")

    walk(answer, 0)


def _flat_table(answer: Any) -> bool:
    """A small table of text, whole numbers and nulls, within bounds (most answers: "pass", a land, a spell
    to cast): plain, without the general walk."""
    if type(answer) is not dict or len(answer) > 16:
        return False
    for k, v in answer.items():
        if type(k) is not str:
            return False
        t = type(v)
        if not (v is None or (t is str and len(v) <= MAX_TEXT) or (t is int and -MAX_NUMBER <= v <= MAX_NUMBER)):
            return False
    return True


def is_number(v: Any) -> bool:
    """A whole number (true/false don't count as numbers)."""
    return isinstance(v, int) and not isinstance(v, bool)


def id_list(v: Any, what: str) -> list[int]:
    """``v`` as a list of ids (whole numbers), or IllegalAnswer."""
    if not isinstance(v, (list, tuple)) or not all(is_number(x) for x in v):
        raise IllegalAnswer(f"{what} must be a list of ids")
    return list(v)


def single(answer: Any) -> Any:
    """An answer that names one thing may be given alone or as a list of one: 2 and [2] mean the same."""
    return answer[0] if isinstance(answer, list) and len(answer) == 1 and not isinstance(answer[0], list) \
        else answer
