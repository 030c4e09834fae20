"""Headless play between agents: ``mtg-tui simulate``.

Game k of a run uses seed ``seed + k`` and depends on nothing else (the
agents seed themselves from the game's seed and their seat), so running the
games in several processes (``workers``) gives exactly the results of one
process.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents.base import play_out
from .cardtext.loader import default_db, use_extra_folders
from .decks.decklist import DecklistError, card_list, unplayable
from .decks.library import UnknownDeckError, load_deck
from .engine.setup import new_game

AGENTS = ("random", "easy", "normal", "hard")


@dataclass(frozen=True)
class GameResult:
    seed: int
    winner: int | None
    draw: bool
    turns: int
    decisions: int
    finished: bool
    fallbacks: int = 0


@dataclass
class SimResult:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    unfinished: int = 0
    fallbacks: int = 0
    results: list[GameResult] = field(default_factory=list)

    def add(self, r: GameResult) -> None:
        self.results.append(r)
        self.games += 1
        self.turns += r.turns
        self.decisions += r.decisions
        self.fallbacks += r.fallbacks
        if not r.finished:
            self.unfinished += 1
        elif r.draw:
            self.draws += 1
        elif r.winner is not None:
            self.wins[r.winner] += 1

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """Player's share of the games won, with a 95% Wilson confidence interval."""
        return wilson(self.wins[player], self.games)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float, float]:
    """Proportion k/n and its 95% Wilson score interval."""
    if n <= 0:
        return 0.0, 0.0, 0.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, max(0.0, centre - half), min(1.0, centre + half)


def make_agent(kind: str, seed: int, player: int) -> Any:
    """The agent for one seat of one game: random agents seed themselves from the game's seed and seat."""
    if kind == "random":
        from .agents import RandomAgent
        return RandomAgent(f"{seed}/{player + 1}")
    if kind in AGENTS:
        from .ai import ComputerPlayer
        return ComputerPlayer(kind)
    raise ValueError(f"unknown agent {kind!r} (choose from {', '.join(AGENTS)})")


def play_one(job: tuple[int, list[str], list[str], str, str]) -> GameResult:
    """One game (a top-level function, so worker processes can run it)."""
    seed, deck1, deck2, p1, p2 = job
    g = new_game({"kind": "new", "players": ["Player 1", "Player 2"], "decks": [deck1, deck2],
                  "starting": None}, seed, default_db())
    agents = {0: make_agent(p1, seed, 0), 1: make_agent(p2, seed, 1)}
    n = play_out(g, agents)
    fallbacks = sum(len(getattr(a, "fallbacks", ())) for a in agents.values())
    return GameResult(seed, g.winner, g.is_draw, g.turn, n, g.over, fallbacks)


def iter_games(games: int, seed: int, deck1: list[str], deck2: list[str], p1: str = "random",
               p2: str = "random", workers: int = 1, card_folders: Sequence[Path] = ()) -> Iterator[GameResult]:
    """The results of games ``seed .. seed+games-1``, in seed order (``card_folders``: the extra folders of
    card files that this process uses, for the worker processes)."""
    for kind in (p1, p2):
        if kind not in AGENTS:
            raise ValueError(f"unknown agent {kind!r} (choose from {', '.join(AGENTS)})")
    jobs = [(seed + k, deck1, deck2, p1, p2) for k in range(games)]
    if workers <= 1 or games <= 1:
        for job in jobs:
            yield play_one(job)
        return
    with ProcessPoolExecutor(max_workers=workers, initializer=use_extra_folders,
                             initargs=(tuple(card_folders),)) as pool:
        yield from pool.map(play_one, jobs, chunksize=1)


def play_games(games: int, seed: int, deck1: list[str], deck2: list[str], p1: str = "random",
               p2: str = "random", workers: int = 1,
               on_game: Callable[[GameResult], None] | None = None, card_folders: Sequence[Path] = ()) -> SimResult:
    res = SimResult()
    start = time.perf_counter()
    for r in iter_games(games, seed, deck1, deck2, p1, p2, workers, card_folders):
        res.add(r)
        if on_game is not None:
            on_game(r)
    res.seconds = time.perf_counter() - start
    return res


def load_cards(name: str) -> tuple[str, list[str]]:
    try:
        deck = load_deck(name)
    except (UnknownDeckError, DecklistError, OSError) as e:
        raise ValueError(str(e)) from None
    problems = unplayable(deck)
    if problems:
        raise ValueError("\n".join(problems))
    return deck.name or name, card_list(deck)


def run_simulation(games: int, seed: int, deck1: str, deck2: str, p1: str = "random", p2: str = "random",
                   workers: int = 1, progress: bool = True, card_folders: Sequence[Path] = ()) -> SimResult:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    name1, cards1 = load_cards(deck1)
    name2, cards2 = load_cards(deck2)
    console = Console()
    if progress:
        with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task("Playing", total=games)
            res = play_games(games, seed, cards1, cards2, p1, p2, workers,
                             on_game=lambda _r: bar.advance(task), card_folders=card_folders)
    else:
        res = play_games(games, seed, cards1, cards2, p1, p2, workers, card_folders=card_folders)
    table = Table(title=f"{games} games, seeds {seed}-{seed + games - 1}: {p1} vs {p2}")
    table.add_column("")
    table.add_column("agent")
    table.add_column("deck")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    table.add_column("95% CI", justify="right")
    for i, (name, kind) in enumerate(((name1, p1), (name2, p2))):
        p, lo, hi = res.win_rate(i)
        table.add_row(f"Player {i + 1}", kind, name, str(res.wins[i]), f"{100 * p:.1f}",
                      f"{100 * lo:.1f}-{100 * hi:.1f}")
    console.print(table)
    console.print(f"draws: {res.draws}   unfinished: {res.unfinished}   average turns: "
                  f"{res.turns / max(1, res.games):.1f}   games/second: {res.games / max(res.seconds, 1e-9):.1f}   "
                  f"decisions/second: {res.decisions / max(res.seconds, 1e-9):.0f}")
    if res.fallbacks:
        console.print(f"[yellow]computer fallbacks (a policy's answer refused, a plain one given): "
                      f"{res.fallbacks}[/yellow]")
    return res
