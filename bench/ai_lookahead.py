"""What hard's look-ahead changes: how often it overrules normal's answer, at which kinds of decision, and
whether the games where it did were won.

Run: python bench/ai_lookahead.py [games=100] [first seed=1] [workers=1] [--as hard/main+attack] [--set CODE ...]
Plays hard (player 1; ``--as`` a hard level weighing only some kinds of decision, see ai_common.agent)
against normal, the same deck on both sides, and prints for each kind of decision (main-phase plays,
instants, attacks, blocks) how many were weighed, how many overruled normal's answer and by how much the
taken line's score beat normal's line, then the games won with and without an overrule of that kind.
Prints figures; it is not a test.
"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ai_common import percentile, rate_line, run, take_sets

from mtg_tui.ai.evaluate import WIN
from mtg_tui.ai.levels import LOOKED_AT


def main() -> None:
    sets = take_sets(sys.argv)
    me = "hard"
    if "--as" in sys.argv:
        i = sys.argv.index("--as")
        me = sys.argv[i + 1]
        del sys.argv[i:i + 2]
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    start = time.perf_counter()
    won = 0
    weighed = {k: 0 for k in LOOKED_AT}
    gains: dict[str, list[float]] = {k: [] for k in LOOKED_AT}
    games_with: dict[str, list[int]] = {k: [0, 0] for k in LOOKED_AT}      # [games, won] with an overrule
    for r in run(me, "normal", games, first, workers, limit=6000, sets=sets):
        win = r.finished and not r.draw and r.winner == 0
        won += win
        overruled = set()
        for lk in r.looked[0]:
            weighed[lk.kind] += 1
            if lk.chosen:
                overruled.add(lk.kind)
                gains[lk.kind].append(lk.scores[lk.chosen] - lk.scores[0])
        for k in overruled:
            games_with[k][0] += 1
            games_with[k][1] += win
    print(f"{me} (player 1) vs normal, {games} games, seeds {first}-{first + games - 1}, same deck both sides")
    print(rate_line(f"{me} wins", won, games))
    print(f"{'kind':8s} {'weighed':>8s} {'overruled':>10s}   gain: median  p90   lines found winning  "
          f"games with one: won")
    for k in LOOKED_AT:
        g = gains[k]
        finite = [x for x in g if x < WIN / 2]
        wins_found = len(g) - len(finite)
        n, w = games_with[k]
        share = 100 * len(g) / max(1, weighed[k])
        print(f"{k:8s} {weighed[k]:8d} {len(g):6d} {share:3.0f}%   {percentile(finite, 0.5):12.1f} "
              f"{percentile(finite, 0.9):4.1f}   {wins_found:19d}  {w:4d}/{n}")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
