"""Time per decision as the battlefield grows: µs per decision at about 5, 50 and 100 permanents.

Run: python bench/board_scaling.py [games=6] [first seed=1]
Prints figures; it is not a test.

Both decks stall: lands, walls with defender and a few creatures nobody
attacks with, so nothing leaves the battlefield and it fills up to over a
hundred permanents before the libraries run out. Each player plays a land
and casts whatever it can, never attacks and never blocks. A decision's time
is the engine's work from the answer before it to this decision plus the
player's work to answer it (listing its legal actions), in CPU time,
grouped by the number of permanents on the battlefield when it was asked.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from mtg_tui.agents import RandomAgent
from mtg_tui.cardtext.loader import default_db
from mtg_tui.engine.decisions import Decision, DeclareAttackers, DeclareBlockers, Priority
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from mtg_tui.engine.view import GameView

GREEN = ["Forest"] * 24 + ["Wall of Wood"] * 28 + ["Llanowar Elves"] * 4 + ["Glorious Anthem"] * 4
WHITE = ["Plains"] * 24 + ["Angelic Wall"] * 28 + ["Ajani's Pridemate"] * 4 + ["Glorious Anthem"] * 4
SIZES = (5, 50, 100)
WINDOW = 5            # a size counts the decisions asked with size-5 .. size+5 permanents


class Builder(RandomAgent):
    """Plays a land, then casts the first spell it can; passes otherwise; never attacks nor blocks.

    It pays automatically, so it asks only for the actions that aren't mana abilities (code from before
    the engine could list those alone gets the whole list, filtered here).
    """

    def decide(self, game: Game, d: Decision) -> Any:
        if not isinstance(d, Priority):
            return super().decide(game, d)
        view = GameView(game)
        if hasattr(d, "can_act"):
            options = view.legal_actions(d.player, mana=False) if d.can_act(mana=False) else []
        else:
            options = [o for o in d.options if not view.is_mana_ability(o.value)]
        for o in options:
            if o.value["action"] in ("play", "cast"):
                return dict(o.value)
        return {"action": "pass"}

    def declare_attackers(self, d: DeclareAttackers) -> Any:
        return []

    def declare_blockers(self, d: DeclareBlockers) -> Any:
        return []


def play(game: Game, agents: dict[int, Builder], times: dict[int, list[float]]) -> None:
    clock = time.process_time
    start = clock()
    while not game.over and game.pending is not None:
        d: Decision = game.pending
        ans = agents[d.player].decide(game, d)
        size = len(game.battlefield)
        game.answer(d.player, ans)
        now = clock()
        for target in SIZES:
            if abs(size - target) <= WINDOW:
                times[target].append(now - start)
        start = now


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    db = default_db()
    for name in set(GREEN + WHITE):
        db.get(name)
    times: dict[int, list[float]] = {n: [] for n in SIZES}
    for seed in range(first, first + games):
        game = new_game({"kind": "new", "players": ["A", "B"], "decks": [GREEN, WHITE], "starting": None},
                        seed, db)
        agents = {0: Builder(f"{seed}/1"), 1: Builder(f"{seed}/2")}
        play(game, agents, times)
    print(f"{games} games, lands and walls on both sides (CPU time per decision, answer included)")
    for n in SIZES:
        t = times[n]
        if not t:
            print(f"  {n:3d} permanents: no decisions")
            continue
        us = [x * 1e6 for x in t]
        print(f"  {n:3d} permanents: median {statistics.median(us):6.1f} µs   mean {statistics.fmean(us):6.1f} µs"
              f"   ({len(us)} decisions)")
    lo = statistics.fmean(times[SIZES[0]]) if times[SIZES[0]] else 0
    hi = statistics.fmean(times[SIZES[-1]]) if times[SIZES[-1]] else 0
    if lo and hi:
        print(f"  mean at {SIZES[-1]} / mean at {SIZES[0]}: {hi / lo:.2f}x")


if __name__ == "__main__":
    main()
