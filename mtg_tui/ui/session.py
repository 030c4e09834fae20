"""A game being played through the UI: its seats, its save file, stops and hand-offs.

No terminal code here: the Textual app drives a ``Session``, and tests can
drive one directly. The session answers decisions only through
``Game.answer``/``Game.concede`` and reads the game through ``GameView``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.decisions import Decision, IllegalAnswer
from ..engine.game import Game
from ..engine.log import LogEntry
from ..engine.record import Record, RecordError, replay
from ..engine.setup import new_game
from ..engine.view import GameView
from .stops import Stops, should_stop

SAVE_FORMAT = 1
# Log entries a person doesn't need in a "since you last looked" summary.
QUIET_KINDS = ("step", "mana")


def saves_dir() -> Path:
    """Where games are saved: ``saves/`` in the user's data folder (``$MTG_TUI_DATA`` ...)."""
    try:
        from ..paths import user_data_dir
    except ImportError:  # pragma: no cover - older layout
        from ..rules.storage import user_data_dir
    return user_data_dir() / "saves"


def current_save_path() -> Path:
    return saves_dir() / "current.json"


def finished_save_path() -> Path:
    return saves_dir() / "last-finished.json"


class SaveError(Exception):
    """A save file that can't be used; the message says why in plain words."""


def saved_card_folders(path: Path) -> list[Path]:
    """The folders of card files (``--cards``) a saved game was started with; SaveError if one is gone."""
    try:
        record = Record.load(path)
    except RecordError:
        return []   # resuming says what is wrong with the file
    folders = record.meta.get("cards", [])
    if not isinstance(folders, list):
        return []
    out = [Path(str(f)) for f in folders]
    for folder in out:
        if not folder.is_dir():
            raise SaveError(f"the saved game uses the cards in {folder}, and that folder is gone; "
                            "put it back to resume the game")
    return out


@dataclass
class Seat:
    name: str
    agent: Any = None          # None: a person at the keyboard
    note: str = ""             # e.g. why the computer plays at random

    @property
    def human(self) -> bool:
        return self.agent is None


@dataclass
class Step:
    """What the UI must do next."""

    kind: str                  # "over" | "agent" | "handoff" | "human"
    decision: Decision | None = None


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    save_path: Path | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    stops: dict[int, Stops] = field(default_factory=dict)
    viewer: int | None = None
    last_seen: dict[int, int] = field(default_factory=dict)
    autopassed: int = 0

    def __post_init__(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.human and i not in self.stops:
                self.stops[i] = Stops()
        if self.viewer is None and not self.hotseat:
            self.viewer = self.humans[0] if self.humans else 0

    # -- making a session ----------------------------------------------------------

    @classmethod
    def start(cls, decks: list[list[str]], names: list[str], seed: int, cards: Any, agents: list[Any],
              save_path: Path | None = None, meta: dict[str, Any] | None = None,
              starting: int | None = None) -> "Session":
        setup = {"kind": "new", "players": list(names), "decks": decks, "starting": starting}
        game = new_game(setup, seed, cards)
        seats = [Seat(n, a) for n, a in zip(names, agents)]
        s = cls(game, seats, save_path, dict(meta or {}))
        s.meta.setdefault("format", SAVE_FORMAT)
        folders = getattr(cards, "extra_folders", [])
        if folders:   # --resume needs them again
            s.meta["cards"] = [str(f) for f in folders]
        s.meta["humans"] = s.humans
        s.save()
        return s

    @classmethod
    def resume(cls, path: Path, cards: Any, make_agent: Any) -> "Session":
        """A saved game, replayed to where it stopped. Raises SaveError with a clear message."""
        if not path.exists():
            raise SaveError(f"there is no saved game to resume ({path} doesn't exist); "
                            "start one with 'mtg-tui play'")
        try:
            record = Record.load(path)
        except RecordError as e:
            raise SaveError(f"the saved game can't be read: {e}") from None
        try:
            game = replay(record, cards)
        except RecordError as e:
            raise SaveError(f"the saved game is damaged: {e}") from None
        except Exception as e:  # a setup that no longer builds (unknown card...)
            raise SaveError(f"the saved game can't be replayed: {type(e).__name__}: {e}") from None
        meta = dict(record.meta)
        humans = meta.get("humans")
        if not isinstance(humans, list) or not all(h in (0, 1) for h in humans):
            humans = [0]
        seats = []
        for i, p in enumerate(game.players):
            if i in humans:
                seats.append(Seat(p.name))
            else:
                agent, note = make_agent(str(meta.get("difficulty", "normal")), f"{record.seed}/{i}")
                seats.append(Seat(p.name, agent, note))
        stops_data = meta.get("stops") if isinstance(meta.get("stops"), dict) else {}
        stops = {i: Stops.from_json(stops_data.get(str(i))) for i in humans}
        s = cls(game, seats, path, meta, stops)
        if s.hotseat:
            s.viewer = None
        return s

    # -- facts -------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) == 2

    def view(self, viewer: int | None = -1) -> GameView:
        return GameView(self.game, self.viewer if viewer == -1 else viewer)

    def name(self, player: int) -> str:
        return self.game.players[player].name

    # -- saving --------------------------------------------------------------------------

    def save(self) -> None:
        """Write the record (atomically). Finished games move aside: --resume is for games in progress."""
        if self.save_path is None:
            return
        self.meta["stops"] = {str(i): s.to_json() for i, s in self.stops.items()}
        Record.of(self.game, self.meta).save(self.save_path)
        if self.game.over and self.save_path.name == current_save_path().name:
            try:
                os.replace(self.save_path, self.save_path.with_name(finished_save_path().name))
            except OSError:
                pass

    # -- answering -------------------------------------------------------------------

    def answer(self, player: int, answer: Any, auto: bool = False) -> None:
        """Answer the pending decision (raises IllegalAnswer, changing nothing) and save."""
        self.game.answer(player, answer)
        if not auto and self.seats[player].human:
            self.last_seen[player] = len(self.game.log.entries)
        self.save()

    def concede(self, player: int) -> None:
        self.game.concede(player)
        self.save()

    def offer_draw(self, player: int) -> bool | None:
        """``player`` offers a draw (104.4i). True: the computer opponent accepts and the game is a draw;
        False: it declines; None: the other seat is a person, who must be asked."""
        other = self.seats[1 - player]
        if other.human:
            return None
        agrees = getattr(other.agent, "agrees_to_draw", None)
        if agrees is None or not agrees(self.game):
            return False
        self.agree_draw()
        return True

    def agree_draw(self) -> None:
        self.game.agree_draw()
        self.save()

    def next(self, limit: int = 20000) -> Step:
        """Pass priority for people where no stop applies; say what must happen next."""
        game = self.game
        n = 0
        while True:
            if game.over or game.pending is None:
                if n:
                    self.save()
                return Step("over")
            d = game.pending
            seat = self.seats[d.player]
            if not seat.human:
                return Step("agent", d)
            if d.kind == "priority" and n < limit and not self.wants_priority(d.player):
                game.answer(d.player, {"action": "pass"})
                self.autopassed += 1
                n += 1
                if n % 50 == 0:
                    self.save()
                continue
            if n:
                self.save()
            if self.hotseat and self.viewer != d.player:
                return Step("handoff", d)
            return Step("human", d)

    def wants_priority(self, player: int) -> bool:
        view = GameView(self.game, player)
        actions = view.legal_actions(player)
        return should_stop(self.stops[player], view, player, actions, view.is_mana_ability)

    # -- hand-offs ---------------------------------------------------------------------

    def take_seat(self, player: int) -> list[LogEntry]:
        """``player`` now sits at the keyboard; returns what happened since they last looked."""
        since = self.last_seen.get(player, 0)
        self.viewer = player
        entries = [e for e in self.game.log.entries[since:] if e.kind not in QUIET_KINDS]
        self.last_seen[player] = len(self.game.log.entries)
        return entries

    # -- the computer --------------------------------------------------------------------

    def apply_agent(self, decision: Decision, answer: Any) -> bool:
        """Apply a computer player's answer to ``decision`` if it is still the pending one."""
        if self.game.pending is not decision:
            return False
        try:
            self.game.answer(decision.player, answer)
        except IllegalAnswer:
            # A computer player's mistake must not stop the game: fall back to a legal answer.
            from ..agents import RandomAgent
            self.game.answer(decision.player, RandomAgent(len(self.game.record)).decide(self.game, decision))
        self.save()
        return True
