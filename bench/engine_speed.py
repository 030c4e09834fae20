"""Random-vs-random games per second and decisions per second with the default decks.

Run: python bench/engine_speed.py [games] [first seed]
Prints figures; it is not a test. Cards are compiled before the clock starts.
"""

from __future__ import annotations

import sys
import time

from mtg_tui.agents import RandomAgent
from mtg_tui.agents.base import play_out
from mtg_tui.cardtext.loader import default_db
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import load_deck
from mtg_tui.engine.setup import new_game


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    db = default_db()
    d1 = card_list(load_deck("Red Burn"))
    d2 = card_list(load_deck("Green Stompy"))
    for name in set(d1 + d2):
        db.get(name)
    decisions = turns = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for s in range(seed, seed + games):
        g = new_game({"kind": "new", "players": ["A", "B"], "decks": [d1, d2], "starting": None}, s, db)
        decisions += play_out(g, {0: RandomAgent(f"{s}/1"), 1: RandomAgent(f"{s}/2")})
        turns += g.turn
    secs = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(f"games: {games}  seconds: {secs:.2f}  CPU seconds: {cpu:.2f}")
    print(f"games per second: {games / secs:.1f}  (per CPU second: {games / cpu:.1f})")
    print(f"decisions per second: {decisions / secs:.0f}")
    print(f"average decisions per game: {decisions / games:.0f}   average turns: {turns / games:.1f}")


if __name__ == "__main__":
    main()
