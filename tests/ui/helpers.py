"""Helpers for the UI tests: screen text, waiting for the game, small decks."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable

from mtg_tui.cardtext.loader import default_db
from mtg_tui.decks.decklist import card_list, parse_decklist
from mtg_tui.decks.library import load_deck
from mtg_tui.ui.app import GameOptions, MtgApp

DECKS = Path(__file__).parent / "decks"


def screen_text(app: MtgApp) -> str:
    """What the terminal shows now, as plain text (the top screen, modal or not)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.text.rstrip() for s in strips)


def deck(name: str) -> list[str]:
    path = DECKS / f"{name}.txt"
    if path.exists():
        return card_list(parse_decklist(path.read_text(encoding="utf-8"), source=str(path)))
    return card_list(load_deck(name))


def make_app(tmp: Path, *, seed: int = 7, hotseat: bool = False, decks: tuple[str, str] = ("Red Burn", "Green Stompy"),
             names: tuple[str, str] = ("Alice", "Bob"), pace: float = 0.0, starting: int | None = None) -> MtgApp:
    opts = GameOptions([deck(decks[0]), deck(decks[1])], list(decks), list(names), seed, hotseat=hotseat,
                       saves=tmp, starting=starting)
    return MtgApp(options=opts, cards=default_db(), pace=pace)


async def settle(pilot: Any, app: MtgApp, timeout: float = 10.0) -> None:
    """Wait until the game waits on a person (or is over): no computer thinking, no timer pending."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        gs = app.game_screen
        if gs is not None and gs.worker is None and gs.mode in ("board", "prompt", "handoff", "over") \
                and not gs.pending_timer:
            return
        if loop.time() > end:
            raise AssertionError(f"the game didn't settle (mode {gs.mode if gs else None})")
        await pilot.pause()
        await asyncio.sleep(0.002)


async def wait_for(pilot: Any, cond: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError("timed out")
        await pilot.pause()
        await asyncio.sleep(0.005)


async def press(pilot: Any, app: Any, *keys: str) -> None:
    """Press keys the way a terminal sends them, and return once the app has handled them: every message
    they led to has been processed (however long a busy machine takes), not after a fixed pause."""
    import unicodedata

    from textual import events
    from textual.keys import _character_to_key, _get_unicode_name_from_key

    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        try:
            char = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)       # queued in order, as the driver would (without a thread hop)
    await handled(pilot, app)
    await pilot.pause()


async def handled(pilot: Any, app: Any, rounds: int = 20) -> None:
    """Wait until the app and the screen on top have processed their queues, including what processing
    them queued (a key forwarded to a widget, a screen pushed and mounted)."""
    for _ in range(rounds):
        await pilot._wait_for_screen()
        pumps = [app, *app.screen.walk_children(with_self=True)]
        if all(p._message_queue.empty() for p in pumps):
            return


async def drive(pilot: Any, app: MtgApp, until: Callable[[MtgApp], bool] | None = None, limit: int = 1500) -> int:
    """Play with the keyboard-only policy until ``until(app)`` holds or the game is over. Returns key batches."""
    from .policy import next_keys
    n = 0
    await settle(pilot, app)
    while n < limit:
        if until is not None and until(app):
            return n
        if type(app.screen).__name__ == "GameOverScreen" or app.session.game.over:
            if until is None:
                return n
            raise AssertionError("the game ended first")
        await press(pilot, app, *next_keys(app))
        await settle(pilot, app)
        n += 1
    raise AssertionError(f"no result after {limit} moves")


def cards(*names: str, **flags: Any) -> list[dict[str, Any]]:
    return [{"name": n, **flags} for n in names]


def state_app(tmp: Path, tables: list[dict[str, Any]], *, step: str = "main1", active: int = 0, turn: int = 3,
              computer: bool = True, hotseat: bool = False, pace: float = 0.0, seed: int = 1,
              names: tuple[str, str] = ("Alice", "Bob")) -> MtgApp:
    """An app on a game set up mid-turn (engine "state" setup); Bob is the computer unless ``hotseat``."""
    from mtg_tui.engine.setup import new_game
    from mtg_tui.ui.opponents import make_opponent
    from mtg_tui.ui.session import Seat, Session

    full = []
    for t in tables:
        t = dict(t)
        t.setdefault("library", cards(*(["Mountain"] * 10)))
        full.append(t)
    game = new_game({"kind": "state", "players": list(names), "active": active, "turn": turn, "step": step,
                     "tables": full}, seed, default_db())
    agents: list[Any] = [None, None]
    if not hotseat and computer:
        agents[1] = make_opponent("normal", f"{seed}/1")[0]
    seats = [Seat(n, a) for n, a in zip(names, agents)]
    session = Session(game, seats, tmp / "current.json", {"mode": "hotseat" if hotseat else "computer"})
    return MtgApp(session, cards=default_db(), pace=pace)


async def text_after(pilot: Any, app: MtgApp, fragment: str, timeout: float = 5.0) -> str:
    """The screen's text once ``fragment`` shows (words rejoined across line ends), or an AssertionError
    with what the screen showed. A change on screen may take a few frames (a panel that grows moves others)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        text = " ".join(screen_text(app).split())
        if fragment in text:
            return text
        if loop.time() > end:
            raise AssertionError(f"{fragment!r} never showed; the screen:\n{screen_text(app)}")
        await pilot.pause()
        await asyncio.sleep(0.005)
