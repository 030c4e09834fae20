"""The difficulty levels: what each one does differently.

- easy: plays a land and then the most expensive spell it can each time
  (on curve), pumps at once, burns the face unless it kills a real threat,
  attacks only with what no blocker could kill (or with everything when
  that is lethal), blocks only to kill an attacker safely or to stay alive;
  no combat tricks, no held mana.
- normal: everything the opponent knows: judged spells, held mana for
  instants, counterspells for what matters, combat math and race logic,
  combat tricks, end-of-turn plays.
- hard: normal, plus a look-ahead at its main-phase plays, attacks and
  blocks: each candidate is played out on copies of the game for a fixed
  number of simulated decisions (a count, not a clock, so that games stay
  deterministic) and the line that ends in the best position is taken.
"""

from __future__ import annotations

from dataclasses import dataclass


# The kinds of decision the look-ahead weighs: a play in our main phase, an instant at a moment that
# matters, a declaration of attackers, of blockers (a level may weigh fewer, to measure what each gives).
LOOKED_AT = ("main", "instant", "attack", "block")


@dataclass(frozen=True)
class Level:
    name: str
    naive_combat: bool = False
    holds_mana: bool = True
    uses_tricks: bool = True
    counters_all: bool = False
    lookahead: bool = False
    lines: int = 0                 # candidate lines per look-ahead decision
    line_decisions: int = 0        # simulated decisions per line
    work: int = 0                  # total budget: replayed answers + simulated decisions per look-ahead
    horizon: int = 1               # look-ahead lines stop when this many more turns have begun
    look_at: tuple[str, ...] = LOOKED_AT   # the kinds of decision the look-ahead weighs


EASY = Level("easy", naive_combat=True, holds_mana=False, uses_tricks=False, counters_all=True)
NORMAL = Level("normal")
HARD = Level("hard", lookahead=True, lines=16, line_decisions=200, work=24000)

LEVELS = {"easy": EASY, "normal": NORMAL, "hard": HARD}


def level(name: str) -> Level:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown difficulty {name!r} (easy, normal, hard)") from None
