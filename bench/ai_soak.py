"""Normal against normal over many seeds: every answer legal, no policy fallback, every game finished.

Run: python bench/ai_soak.py [games=500] [first seed=1] [workers=2] [level=normal] [--set CODE ...]
(--set: only the shipped decks drawn from that set; repeat for several)
Prints the figures; it is not a test.
"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ai_common import MAX_DECISIONS, run, take_sets


def main() -> None:
    sets = take_sets(sys.argv)
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    level = sys.argv[4] if len(sys.argv) > 4 else "normal"
    start = time.perf_counter()
    illegal = fallbacks = unfinished = draws = 0
    turns: list[int] = []
    decisions: list[int] = []
    for r in run(level, level, games, first, workers, sets=sets):
        illegal += r.illegal
        fallbacks += r.fallbacks
        unfinished += 0 if r.finished else 1
        draws += 1 if r.draw else 0
        turns.append(r.turns)
        decisions.append(r.decisions)
        for e in r.errors[:5]:
            print("  ", e)
        if not r.finished:
            print(f"   seed {r.seed} ({r.deck}): not finished after {r.decisions} decisions (turn {r.turns})")
    print(f"{level} vs {level}: {games} games, seeds {first}-{first + games - 1}, same deck both sides")
    print(f"  illegal answers: {illegal}   policy fallbacks: {fallbacks}   unfinished (stalled) games: {unfinished} "
          f"(limit {MAX_DECISIONS} decisions)   draws: {draws}")
    print(f"  turns: average {sum(turns) / len(turns):.1f}, longest {max(turns)}   decisions: longest game "
          f"{max(decisions)}   ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
