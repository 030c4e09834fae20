"""Win rate of one agent against another, same deck on both sides, over every shipped deck.

Run: python bench/ai_strength.py P1 P2 [games=200] [first seed=1] [workers=2] [--set CODE ...]
(P1, P2: random, easy, normal, hard). A game still going after 6000 decisions (two
Platinum Angels: nobody can lose) counts as unfinished, won by neither. Prints the
figures; it is not a test.
"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ai_common import rate_line, run, take_sets


def main() -> None:
    sets = take_sets(sys.argv)
    p1, p2 = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    workers = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    start = time.perf_counter()
    wins = [0, 0]
    draws = unfinished = illegal = fallbacks = turns = 0
    by_deck: dict[str, list[int]] = {}
    for r in run(p1, p2, games, first, workers, limit=6000, sets=sets):
        turns += r.turns
        illegal += r.illegal
        fallbacks += r.fallbacks
        row = by_deck.setdefault(r.deck, [0, 0])
        row[1] += 1
        if not r.finished:
            unfinished += 1
        elif r.draw:
            draws += 1
        elif r.winner is not None:
            wins[r.winner] += 1
            if r.winner == 0:
                row[0] += 1
        for e in r.errors[:3]:
            print("  ", e)
    n = games
    print(f"{p1} (player 1) vs {p2} (player 2), {n} games, seeds {first}-{first + n - 1}, same deck both sides")
    print(rate_line(f"{p1} wins", wins[0], n))
    print(rate_line(f"{p2} wins", wins[1], n))
    print(f"draws {draws}, unfinished {unfinished}, illegal answers {illegal}, fallbacks {fallbacks}, "
          f"average turns {turns / max(1, n):.1f}, {time.perf_counter() - start:.0f} s")
    for deck in sorted(by_deck):
        w, k = by_deck[deck]
        print(f"  {deck:22s} {p1} won {w}/{k}")


if __name__ == "__main__":
    main()
