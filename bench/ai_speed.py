"""How long the computer takes per decision: median, 95th and 99th percentile, worst; early and late turns.

Run: python bench/ai_speed.py LEVEL [games=20] [first seed=1] [opponent=normal] [workers=2]
(LEVEL: easy, normal, hard). Times are per decide() call of the measured player
(player 1), wall-clock and CPU; the look-ahead's budget itself is a count, so the
moves don't depend on these times. The percentiles are printed again for the
decisions of turns 1-10, 11-20 and after 20, to show whether a long game makes
the computer slower. Prints the figures; it is not a test.
"""

from __future__ import annotations

import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ai_common import percentile, run

PERIODS = (("turns 1-10", 1, 10), ("turns 11-20", 11, 20), ("turns 21+", 21, 10**6))


def line(ms: list[float]) -> str:
    if not ms:
        return "no decisions"
    return (f"median {percentile(ms, 0.5):.2f} ms   p95 {percentile(ms, 0.95):.2f} ms   "
            f"p99 {percentile(ms, 0.99):.2f} ms   worst {max(ms):.1f} ms   ({len(ms)})")


def main() -> None:
    level = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    opponent = sys.argv[4] if len(sys.argv) > 4 else "normal"
    workers = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    start = time.perf_counter()
    wall: list[float] = []
    cpu: list[float] = []
    turns: list[int] = []
    for r in run(level, opponent, games, first, workers, timed=True):
        wall.extend(t * 1000 for t in r.times[0])
        cpu.extend(t * 1000 for t in r.cpu[0])
        turns.extend(r.turn_of[0])
    print(f"{level} vs {opponent}: {games} games, {len(wall)} decisions by {level}")
    print(f"  wall: {line(wall)}")
    print(f"  CPU:  {line(cpu)}")
    for label, lo, hi in PERIODS:
        print(f"  CPU, {label}: {line([c for c, t in zip(cpu, turns) if lo <= t <= hi])}")
    slow = [m for m in wall if m > 1000]
    print(f"  decisions over 1 s: {len(slow)}   ({time.perf_counter() - start:.0f} s)")
    print("  (run with workers=1 for times free of the other process's load)")


if __name__ == "__main__":
    main()
