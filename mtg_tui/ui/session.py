"""A game being played through the UI: its seats, its save file, stops and hand-offs.

No terminal code here: the Textual app drives a ``Session``, and tests can
drive one directly. The session answers decisions only through
``Game.answer``/``Game.concede`` and reads the game through ``GameView``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..engine.decisions import Decision, IllegalAnswer
from ..engine.game import Game
from ..engine.record import Record, RecordError, replay_longest
from ..engine.setup import new_game
from ..engine.view import GameView
from .saves import SaveFile, SaveInUse, finished_dir, prune, set_aside
from .stops import HOTSEAT_THEIRS, Stops, should_stop

SAVE_FORMAT = 1


class SaveError(Exception):
    """A save file that can't be used; the message says why in plain words."""


def saved_card_folders(path: Path) -> list[Path]:
    """The folders of card files (``--cards``) a saved game was started with; SaveError if one is gone."""
    try:
        record, _ = Record.read(path)
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


def _seats_of_people(data: Any) -> list[int]:
    """The seats people play in a saved game (its ``humans``): 0, 1 or both; the first seat if unreadable."""
    if isinstance(data, list) and data and all(type(h) is int and h in (0, 1) for h in data):
        return sorted(set(data))
    return [0]


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
    file: SaveFile | None = None
    # Called (instead of raising SaveError) when saving fails, with the reason in one line.
    on_save_error: Callable[[str], None] | None = None
    save_problem: str = ""     # why the game isn't being saved, if it isn't
    notice: str = ""           # what resuming had to repair

    def __post_init__(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.human and i not in self.stops:
                self.stops[i] = Stops(theirs=set(HOTSEAT_THEIRS)) if self.hotseat else Stops()
        if self.viewer is None and not self.hotseat:
            self.viewer = self.humans[0] if self.humans else 0

    # -- making a session ----------------------------------------------------------

    @classmethod
    def start(cls, decks: list[list[str]], names: list[str], seed: int, cards: Any, agents: list[Any],
              save_path: Path | None = None, meta: dict[str, Any] | None = None,
              starting: int | None = None) -> "Session":
        """A new game, saved in its own file at ``save_path`` (None: not saved).

        If the file can't be written the game still starts, unsaved, and ``save_problem`` says why.
        """
        setup = {"kind": "new", "players": list(names), "decks": decks, "starting": starting}
        game = new_game(setup, seed, cards)
        seats = [Seat(n, a) for n, a in zip(names, agents)]
        s = cls(game, seats, save_path, dict(meta or {}))
        s.meta.setdefault("format", SAVE_FORMAT)
        folders = getattr(cards, "extra_folders", [])
        if folders:   # --resume needs them again
            s.meta["cards"] = [str(f) for f in folders]
        s.meta["humans"] = s.humans
        if save_path is not None:
            try:
                s.file = SaveFile.locked(save_path)
                s.file.write_whole(s._record())
            except (OSError, SaveInUse) as e:
                s._not_saving(e)
        return s

    @classmethod
    def resume(cls, path: Path, cards: Any, make_agent: Any) -> "Session":
        """A saved game, replayed to where it stopped. Raises SaveError with a clear message,
        SaveInUse if another mtg-tui has it open.

        A damaged save resumes after its last answer that replays; the damaged file is kept
        aside and ``notice`` says what was dropped.
        """
        if not path.exists():
            raise SaveError(f"there is no saved game to resume ({path} doesn't exist); "
                            "start one with 'mtg-tui play'")
        file: SaveFile | None = None
        problem: OSError | None = None
        try:
            file = SaveFile.locked(path)
        except OSError as e:     # a folder we can't write to: the game can be played, not saved
            problem = e
        try:
            return cls._resume(path, file, problem, cards, make_agent)
        except BaseException:
            if file is not None:
                file.close()
            raise

    @classmethod
    def _resume(cls, path: Path, file: SaveFile | None, problem: OSError | None, cards: Any,
                make_agent: Any) -> "Session":
        try:
            record, damage = Record.read(path)
        except RecordError as e:
            raise SaveError(f"the saved game can't be read: {e}") from None
        try:
            game, kept, why = replay_longest(record, cards)
        except Exception as e:  # a setup that no longer builds (unknown card...)
            raise SaveError(f"the saved game can't be replayed: {type(e).__name__}: {e}") from None
        notice = ""
        if damage or why:
            dropped = len(record.answers) - kept
            notice = (f"The saved game was damaged ({'; '.join(x for x in (damage, why) if x)}). "
                      f"It resumes after answer {kept}"
                      + (f"; {dropped} later answer{'s' if dropped != 1 else ''} could not be used" if dropped
                         else "") + ".")
            record.answers = record.answers[:kept]
        meta = dict(record.meta)
        humans = _seats_of_people(meta.get("humans"))
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
        s.notice = notice
        if s.hotseat:
            s.viewer = None
        if problem is not None:
            s._not_saving(problem)
            return s
        s.file = file
        try:
            if notice:
                aside = set_aside(path)
                s.notice += f" The damaged file is kept as {aside}."
            # Written afresh: an older format becomes the current one, and appending starts clean.
            assert s.file is not None
            s.file.write_whole(s._record())
        except OSError as e:
            s._not_saving(e)
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

    def _record(self) -> Record:
        self.meta["stops"] = {str(i): s.to_json() for i, s in self.stops.items()}
        return Record.of(self.game, self.meta)

    def save(self) -> None:
        """Append what the file lacks. A finished game moves to ``finished/``: --resume is for games
        in progress."""
        if self.file is None:
            return
        self.meta["stops"] = {str(i): s.to_json() for i, s in self.stops.items()}
        try:
            self.file.append(self.game.record, self.meta)
            if self.game.over:
                folder = finished_dir(self.file.path.parent)
                self.save_path = self.file.move_to(folder)
                self.file = None
                prune(folder)
        except OSError as e:
            self._not_saving(e)
            if self.on_save_error is None:
                raise SaveError(self.save_problem) from None
            self.on_save_error(self.save_problem)

    def _not_saving(self, e: Exception) -> None:
        """Stop saving, and say why in one line."""
        if isinstance(e, SaveInUse):
            why = "another mtg-tui has that file open"
        else:
            why = getattr(e, "strerror", None) or str(e)
        where = getattr(e, "filename", None) or self.save_path
        self.save_problem = f"The game can't be saved ({where}: {why})."
        if self.file is not None:
            self.file.close()
            self.file = None

    def play_unsaved(self) -> None:
        """Go on without saving (the player agreed)."""
        self.close()
        self.save_path = None

    def close(self) -> None:
        """Write what is left and let go of the save file."""
        if self.file is not None:
            try:
                self.file.append(self.game.record, self.meta)
            except OSError:
                pass
            self.file.close()
            self.file = None

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
        return should_stop(self.stops[player], view, player, actions, view.is_mana_ability,
                           hidden_hands=self.hotseat)

    # -- hand-offs ---------------------------------------------------------------------

    def take_seat(self, player: int) -> None:
        """``player`` now sits at the keyboard. What happened since their last decision shows in the log
        (``last_seen``), on the board itself."""
        self.viewer = player

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
