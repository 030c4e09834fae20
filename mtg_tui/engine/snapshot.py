"""Copies of a game without replaying it: its state copied, its flow restarted from the copy.

The flow of a game is a stack of generators, which can't be copied. But at
the decisions a look-ahead tries lines from (a player with priority, the
declaration of attackers or blockers) the rest of the step can restart from
the state alone (``turn.resume_point``), as a scenario's set-up starts in
the middle of a step. A snapshot is then an exact copy: the same answers
lead it and the game it was taken from (or a replay of that game's record)
to the same states. Elsewhere, ``copy_game`` replays the record
(``record.fork``).

The copy shares what never changes (the card database, compiled card text:
immutable.py), the entries of the log and the record so far and the last
known information of objects that left their zones (none of them is changed
once written); everything else is copied.
"""

from __future__ import annotations

import copy
from typing import Any

from .game import Game
from .log import GameLog
from .record import fork
from .turn import resume_point, run_turns

# Kept apart from the copied state: the flow (restarted instead), what the game reports to (the copy
# reports nowhere), and what is shared or copied shallowly.
_NOT_COPIED = ("_driver", "on_log", "cards", "log", "record", "pending")


def snapshot(game: Game) -> Game | None:
    """An exact, independent copy of the game, or None where its flow can't restart from the state."""
    point = resume_point(game)
    if point is None:
        return None
    state = game.__dict__
    memo: dict[int, Any] = {}
    # Last known information is written once, as an object leaves its zone, and never changed after
    # (608.2h): the copy shares it, as it shares the log. Where each object went is a table of numbers.
    # Both grow over a game; copying them whole made late snapshots slow.
    for lk in game.lki.values():
        memo[id(lk)] = lk
    memo[id(game.lki)] = dict(game.lki)
    memo[id(game.moves)] = dict(game.moves)
    skip = set(_NOT_COPIED) | set(Game.DERIVED)
    copied = copy.deepcopy({k: v for k, v in state.items() if k not in skip}, memo)
    new = Game.__new__(Game)
    new.__dict__.update(copied)
    new.cards = game.cards
    new.log = GameLog(entries=list(game.log.entries), cited=set(game.log.cited))
    new.record = list(game.record)
    new.on_log = None
    new.pending = None
    new._driver = None
    new.forget_derived()
    new.start(run_turns(new, game.step, point))
    return new


def can_snapshot(game: Game) -> bool:
    """Can the game be copied without replaying it now?"""
    return resume_point(game) is not None


def copy_game(game: Game) -> Game:
    """An independent copy of the game: a snapshot where possible, else a replay of its record."""
    return snapshot(game) or fork(game)
