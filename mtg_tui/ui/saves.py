"""Saved games on disk: one file per game, written answer by answer, locked while it is played.

Every game has its own file in the saves folder, named by the date it began
and its seed (``2026-03-01-2014-seed-9.jsonl``); a new game never touches
another game's file. The file is the game's record in JSON lines
(``engine/record.py``): written whole when the game begins, then one line
appended per answer. A finished game moves to ``finished/``. Of the
unfinished games the newest ``KEEP`` are kept; older ones are removed, and
the player is told which.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from ..engine.record import Record
from ..paths import user_data_dir
from .filelock import FileLock, LockBusy

KEEP = 20
SUFFIX = ".jsonl"
LEGACY = ("current.json", "previous-unfinished.json")   # names used before one file per game


class SaveInUse(Exception):
    """The game is open in another mtg-tui (its file is locked)."""


def saves_dir() -> Path:
    """Where games are saved: ``saves/`` in the user's data folder (``$MTG_TUI_DATA`` ...)."""
    return user_data_dir() / "saves"


def finished_dir(saves: Path | None = None) -> Path:
    return (saves or saves_dir()) / "finished"


def new_save_path(seed: int, saves: Path | None = None, when: _dt.datetime | None = None,
                  note: str = "") -> Path:
    """A file name no game uses yet: the date and time, the seed (and ``note``, e.g. "copy")."""
    folder = saves or saves_dir()
    stamp = (when or _dt.datetime.now()).strftime("%Y-%m-%d-%H%M")
    base = f"{stamp}-seed-{seed}" + (f"-{note}" if note else "")
    path = folder / (base + SUFFIX)
    n = 2
    while path.exists() or lock_path(path).exists():
        path = folder / f"{base}-{n}{SUFFIX}"
        n += 1
    return path


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@dataclass
class SavedGame:
    """What the list of unfinished games shows of one file (read from its first line and its length)."""

    path: Path
    modified: float
    seed: int | None
    players: list[str]
    decks: list[str]
    answers: int

    def describe(self) -> str:
        when = _dt.datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")
        who = " vs ".join(self.decks) if len(self.decks) == 2 else " vs ".join(self.players)
        return f"{when}  seed {self.seed}  {who}  ({self.answers} answers)  {self.path.name}"


def unfinished_games(saves: Path | None = None) -> list[SavedGame]:
    """The unfinished games in the saves folder, the most recently played first."""
    folder = saves or saves_dir()
    try:
        files = [p for p in folder.iterdir() if p.is_file() and
                 (p.suffix == SUFFIX or p.name in LEGACY)]
    except OSError:
        return []
    out = [_summary(p) for p in files]
    return sorted((g for g in out if g is not None), key=lambda g: (-g.modified, g.path.name))


def _summary(path: Path) -> SavedGame | None:
    try:
        modified = path.stat().st_mtime
        with path.open("r", encoding="utf-8-sig", errors="replace") as f:
            first = f.readline()
            lines = sum(1 for line in f if line.strip())
    except OSError:
        return None
    seed, players, decks, answers = None, [], [], lines
    try:
        head = json.loads(first)
        if isinstance(head, dict) and head.get("format") == 1:   # one JSON document: read it whole
            head = json.loads(path.read_text(encoding="utf-8-sig"))
            answers = len(head.get("answers") or [])
        if isinstance(head, dict):
            seed = head.get("seed") if isinstance(head.get("seed"), int) else None
            setup = head.get("setup") if isinstance(head.get("setup"), dict) else {}
            meta = head.get("meta") if isinstance(head.get("meta"), dict) else {}
            players = [str(p) for p in setup.get("players") or []][:2]
            decks = [str(d) for d in meta.get("decks") or []][:2]
    except (json.JSONDecodeError, OSError, AttributeError, TypeError):
        pass
    return SavedGame(path, modified, seed, players, decks, answers)


def prune(saves: Path | None = None, keep: int = KEEP) -> list[SavedGame]:
    """Remove all but the newest ``keep`` unfinished games (never one that is open); returns those removed."""
    removed = []
    for game in unfinished_games(saves)[keep:]:
        lock = FileLock(lock_path(game.path))
        try:
            lock.acquire()
        except (LockBusy, OSError):
            continue
        try:
            game.path.unlink()
            removed.append(game)
        except OSError:
            pass
        finally:
            lock.release()
    return removed


class SaveFile:
    """One game's file, open and locked: each answer is appended as a line."""

    def __init__(self, path: Path, lock: FileLock) -> None:
        self.path = path
        self.lock = lock
        self._out: IO[str] | None = None
        self.written = 0          # answers in the file
        self._meta = ""           # the game information last written, as JSON

    @classmethod
    def locked(cls, path: Path) -> "SaveFile":
        """Lock the game's file (SaveInUse if another mtg-tui has it)."""
        lock = FileLock(lock_path(path))
        try:
            lock.acquire()
        except LockBusy:
            raise SaveInUse(str(path)) from None
        return cls(path, lock)

    def write_whole(self, record: Record) -> None:
        """Write the file afresh (atomically) from ``record``; answers are appended from then on."""
        self._close_out()
        record.save(self.path)
        self.written = len(record.answers)
        self._meta = json.dumps(record.meta, sort_keys=True)

    def append(self, answers: list[Any], meta: dict[str, Any]) -> None:
        """Append the answers not yet in the file, and the game information if it changed."""
        lines = [json.dumps(a) for a in answers[self.written:]]
        meta_json = json.dumps(meta, sort_keys=True)
        if meta_json != self._meta:
            lines.append(json.dumps({"meta": meta}))
        if not lines:
            return
        if self._out is None:
            self._out = self.path.open("a", encoding="utf-8")
        self._out.write("".join(line + "\n" for line in lines))
        self._out.flush()
        self.written = len(answers)
        self._meta = meta_json

    def move_to(self, folder: Path) -> Path:
        """Move the file into ``folder`` (a finished game); the lock is let go."""
        self._close_out()
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / self.path.name
        os.replace(self.path, target)
        self.close()
        return target

    def close(self) -> None:
        self._close_out()
        self.lock.release()

    def _close_out(self) -> None:
        out, self._out = self._out, None
        if out is not None:
            try:
                out.close()
            except OSError:
                pass


def set_aside(path: Path) -> Path:
    """Keep a damaged save under another name (``NAME.damaged-1``, not listed as a game) and return it."""
    n = 1
    while True:
        target = path.with_name(f"{path.name}.damaged-{n}")
        if not target.exists():
            break
        n += 1
    os.replace(path, target)
    return target
