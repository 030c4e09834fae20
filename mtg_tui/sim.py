"""Headless play between agents: ``mtg-tui simulate``."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from .agents import RandomAgent
from .agents.base import play_out
from .cardtext.loader import default_db
from .decks.decklist import DecklistError, card_list
from .decks.library import UnknownDeckError, load_deck
from .engine.setup import new_game


@dataclass
class SimResult:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    unfinished: int = 0


def load_cards(name: str) -> tuple[str, list[str]]:
    try:
        deck = load_deck(name)
    except (UnknownDeckError, DecklistError, OSError) as e:
        raise ValueError(str(e)) from None
    return deck.name or name, card_list(deck)


def play_games(games: int, seed: int, deck1: list[str], deck2: list[str]) -> SimResult:
    db = default_db()
    res = SimResult()
    start = time.perf_counter()
    for k in range(games):
        s = seed + k
        g = new_game({"kind": "new", "players": ["Player 1", "Player 2"], "decks": [deck1, deck2],
                      "starting": None}, s, db)
        res.decisions += play_out(g, {0: RandomAgent(f"{s}/1"), 1: RandomAgent(f"{s}/2")})
        res.games += 1
        res.turns += g.turn
        if g.is_draw:
            res.draws += 1
        elif g.winner is not None:
            res.wins[g.winner] += 1
        else:
            res.unfinished += 1
    res.seconds = time.perf_counter() - start
    return res


def run_simulation(games: int, seed: int, deck1: str, deck2: str) -> SimResult:
    name1, cards1 = load_cards(deck1)
    name2, cards2 = load_cards(deck2)
    res = play_games(games, seed, cards1, cards2)
    table = Table(title=f"{games} games, seeds {seed}-{seed + games - 1}, random agents")
    table.add_column("")
    table.add_column("deck")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    for i, name in enumerate((name1, name2)):
        table.add_row(f"Player {i + 1}", name, str(res.wins[i]), f"{100 * res.wins[i] / max(1, res.games):.1f}")
    console = Console()
    console.print(table)
    console.print(f"draws: {res.draws}   unfinished: {res.unfinished}   average turns: "
                  f"{res.turns / max(1, res.games):.1f}   games/second: {res.games / max(res.seconds, 1e-9):.1f}   "
                  f"decisions/second: {res.decisions / max(res.seconds, 1e-9):.0f}")
    return res
