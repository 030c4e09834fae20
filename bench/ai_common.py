"""Shared by the bench/ai_*.py scripts: one game between two agents, with the same deck on both sides.

Game k of a run uses seed ``first + k`` and the deck number ``(first + k) % n``
of the n decks played (every shipped deck in name order, or those of the sets
named with ``--set CODE``) for both players, so a run covers every deck.
Prints figures; none of this is a test.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace

from mtg_tui.agents.base import all_agree_to_draw
from mtg_tui.ai import ComputerPlayer
from mtg_tui.ai.levels import LOOKED_AT, level
from mtg_tui.cardtext.loader import default_db
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import deck_sets, list_decks, load_deck
from mtg_tui.engine.decisions import IllegalAnswer
from mtg_tui.engine.setup import new_game
from mtg_tui.sim import make_agent, wilson

MAX_DECISIONS = 20000
_DB = None


def db():
    global _DB
    if _DB is None:
        _DB = default_db()
    return _DB


def deck_names(sets: list[str] | None = None) -> list[str]:
    """The shipped decks in name order; only those drawn from one of ``sets`` when given."""
    return [d.name for d in list_decks() if not sets or set(deck_sets(d).split()) & set(sets)]


def take_sets(argv: list[str]) -> list[str]:
    """Removes every ``--set CODE`` pair from ``argv`` and returns the codes (upper case)."""
    codes = []
    while "--set" in argv:
        i = argv.index("--set")
        if i + 1 >= len(argv):
            raise SystemExit("--set needs a set code, e.g. --set DOM")
        codes.append(argv[i + 1].upper())
        del argv[i:i + 2]
    return codes


@dataclass
class Played:
    seed: int
    deck: str
    winner: int | None
    draw: bool
    finished: bool
    turns: int
    decisions: int
    illegal: int = 0
    fallbacks: int = 0
    errors: list[str] = field(default_factory=list)
    times: dict[int, list[float]] = field(default_factory=dict)   # player -> seconds per decision
    cpu: dict[int, list[float]] = field(default_factory=dict)     # player -> CPU seconds per decision
    turn_of: dict[int, list[int]] = field(default_factory=dict)   # player -> the turn of each decision
    looked: dict[int, list] = field(default_factory=dict)  # player -> the decisions its look-ahead weighed


def agent(kind: str, seed: int, player: int):
    """An agent by name; ``hard/main+attack`` is the hard level weighing only those kinds of decision
    (``levels.LOOKED_AT``), to measure what each part of its look-ahead gives."""
    if "/" not in kind:
        return make_agent(kind, seed, player)
    name, kinds = kind.split("/", 1)
    looked = tuple(k for k in kinds.split("+") if k)
    unknown = [k for k in looked if k not in LOOKED_AT]
    if unknown:
        raise SystemExit(f"unknown kind of decision {unknown[0]!r} (choose from {', '.join(LOOKED_AT)})")
    return ComputerPlayer(replace(level(name), look_at=looked))


def play(job: tuple[int, str, str, bool, int, str]) -> Played:
    seed, p1, p2, timed, limit, deck = job
    cards = card_list(load_deck(deck))
    g = new_game({"kind": "new", "players": ["P1", "P2"], "decks": [cards, cards], "starting": None}, seed, db())
    agents = {0: agent(p1, seed, 0), 1: agent(p2, seed, 1)}
    out = Played(seed, deck, None, False, False, 0, 0, times={0: [], 1: []}, cpu={0: [], 1: []},
                 turn_of={0: [], 1: []}, looked={0: [], 1: []})
    n = 0
    turn = g.turn
    while not g.over and g.pending is not None and n < limit:
        d = g.pending
        look = getattr(agents[d.player], "_lookahead", None)
        weighed = look.decisions if look is not None else 0
        t, c = time.perf_counter(), time.process_time()
        ans = agents[d.player].decide(g, d)
        look = getattr(agents[d.player], "_lookahead", None)
        if look is not None and look.decisions != weighed and look.last is not None:
            out.looked[d.player].append(look.last)
        if timed:
            out.times[d.player].append(time.perf_counter() - t)
            out.cpu[d.player].append(time.process_time() - c)
            out.turn_of[d.player].append(g.turn)
        try:
            g.answer(d.player, ans)
        except IllegalAnswer as e:
            out.illegal += 1
            out.errors.append(f"seed {seed} ({deck}): illegal {d.kind}: {e.reason}")
            break
        n += 1
        if g.turn != turn and not g.over:
            turn = g.turn
            if all_agree_to_draw(g, agents):
                g.agree_draw()
    out.winner, out.draw, out.finished = g.winner, g.is_draw, g.over
    out.turns, out.decisions = g.turn, n
    for a in agents.values():
        if isinstance(a, ComputerPlayer):
            out.fallbacks += len(a.fallbacks)
            out.errors.extend(f"seed {seed} ({deck}): fallback {f}" for f in a.fallbacks)
    if not timed:
        out.times, out.cpu, out.turn_of = {}, {}, {}
    return out


def run(p1: str, p2: str, games: int, first: int, workers: int, timed: bool = False,
        limit: int = MAX_DECISIONS, sets: list[str] | None = None) -> Iterator[Played]:
    """The games' results as they finish (in any order; each game depends only on its seed).

    A game still going after ``limit`` decisions counts as unfinished. ``sets``: play only the decks of these
    sets.
    """
    decks = deck_names(sets)
    if not decks:
        raise SystemExit(f"no shipped deck is drawn from {', '.join(sets or [])}")
    jobs = [(first + k, p1, p2, timed, limit, decks[(first + k) % len(decks)]) for k in range(games)]
    if workers <= 1:
        for j in jobs:
            yield play(j)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play, j) for j in jobs]
        for f in as_completed(futures):
            yield f.result()


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def rate_line(label: str, k: int, n: int) -> str:
    p, lo, hi = wilson(k, n)
    return f"{label}: {k}/{n} = {100 * p:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
