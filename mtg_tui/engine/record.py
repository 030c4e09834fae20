"""A game's record: seed + setup + answers reproduce the game exactly.

Save files, undo, replays and bug reports all rest on this. Answers are
plain data, so a record is JSON. Two file forms are read:

- format 2, JSON lines: a header line ``{"format": 2, "seed", "setup",
  "meta"}``, then one line per answer (a list, as in ``Game.record``) or a
  new ``{"meta": ...}``. A game in progress appends a line per answer, so
  saving costs the same at the end of a long game as at the start, and a
  line cut short by a crash loses only that answer.
- format 1, one JSON document ``{"format": 1, "seed", "setup", "answers",
  "meta"}`` (saves written before format 2).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..textfile import TextFileError, read_text
from .decisions import IllegalAnswer
from .game import Game
from .setup import new_game

FORMAT = 1            # one JSON document
LINES_FORMAT = 2      # JSON lines, appended as the game goes
# The version of the turn sequence a record's answers were given to. A record of an earlier version keeps
# that sequence when it replays (``older_rules``): before version 2, the starting player's first draw step
# took place (without the draw) instead of being skipped whole.
RULES = 2
# A save holds a line per answer: even a very long game is a small part of this.
MAX_SAVE_BYTES = 256 * 1024 * 1024


class RecordError(ValueError):
    """A record that can't be read or doesn't replay."""


@dataclass
class Record:
    seed: int
    setup: dict[str, Any]
    answers: list[Any] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, meta: dict[str, Any] | None = None) -> "Record":
        return cls(game.seed, game.setup_info, list(game.record), dict(meta or {}))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "rules": RULES, "seed": self.seed, "setup": self.setup, "answers": self.answers,
                "meta": self.meta}

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a game record of this version")
        try:
            return cls(int(data["seed"]), older_rules(dict(data["setup"]), data.get("rules")), list(data["answers"]),
                       dict(data.get("meta", {})))
        except (KeyError, TypeError, ValueError, OverflowError) as e:
            raise RecordError(f"the record is damaged ({e})") from None

    def header_line(self) -> str:
        return json.dumps({"format": LINES_FORMAT, "rules": RULES, "seed": self.seed, "setup": self.setup,
                           "meta": self.meta})

    def to_lines(self) -> str:
        """The record as a format-2 file: the header, then one line per answer."""
        return "".join(line + "\n" for line in [self.header_line()] + [json.dumps(a) for a in self.answers])

    def save(self, path: Path) -> None:
        """Write the whole record (format 2), atomically."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.to_lines(), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> "Record":
        """Read a record file of either format; any damage is a RecordError."""
        record, damage = cls.read(path)
        if damage:
            raise RecordError(f"{path} is damaged: {damage}")
        return record

    @classmethod
    def read(cls, path: Path) -> tuple["Record", str]:
        """Read a record file, keeping every answer before any damage: (record, what was wrong or "").

        Only a file whose start can't be read at all is a RecordError.
        """
        try:
            text = read_text(path, limit=MAX_SAVE_BYTES)
        except TextFileError as e:
            raise RecordError(str(e)) from None
        return cls.parse(text, str(path))

    @classmethod
    def parse(cls, text: str, name: str = "the record") -> tuple["Record", str]:
        text = text.removeprefix("\ufeff")
        if not text.strip():
            raise RecordError(f"{name} is empty")
        first, _, rest = text.partition("\n")
        try:
            head = json.loads(first)
        except (json.JSONDecodeError, RecursionError):   # RecursionError: nested too deeply
            head = None
        if not (isinstance(head, dict) and head.get("format") == LINES_FORMAT):
            try:
                data = json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                data = None
            if not (isinstance(data, dict) and "format" in data):
                raise RecordError(f"{name} is not a saved game (its first line is no game's header)")
            try:
                return cls.from_json(data), ""
            except RecordError as e:
                raise RecordError(f"{name}: {e}") from None
        try:
            record = cls(int(head["seed"]), older_rules(dict(head["setup"]), head.get("rules")), [],
                         dict(head.get("meta") or {}))
        except (KeyError, TypeError, ValueError, OverflowError) as e:
            raise RecordError(f"{name} is damaged: its first line has no usable {e}" if isinstance(e, KeyError)
                              else f"{name} is damaged: its first line is wrong ({e})") from None
        lines = rest.split("\n")
        for n, line in enumerate(lines, start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                entry = None
            if isinstance(entry, dict) and isinstance(entry.get("meta"), dict):
                record.meta = dict(entry["meta"])
            elif isinstance(entry, list):
                record.answers.append(entry)
            else:
                after = sum(1 for x in lines[n - 1:] if x.strip())
                if after == 0:
                    return record, f"line {n} was cut short"
                return record, (f"line {n} can't be read; the {after} line{'s' if after != 1 else ''} "
                                "after it are left out too")
        return record, ""


def older_rules(setup: dict[str, Any], rules: Any) -> dict[str, Any]:
    """The set-up of a record made under an earlier turn sequence, marked so that it replays the same way."""
    version = rules if isinstance(rules, int) and not isinstance(rules, bool) else 1
    if version < 2:
        setup.setdefault("turn1_draw_step", True)
    return setup


def apply_entry(game: Game, entry: Any) -> None:
    """Apply one entry of a record: an answer ``[player, answer]``, a concession or an agreed draw."""
    if isinstance(entry, list) and len(entry) == 2 and entry[0] == "concede":
        game.concede(int(entry[1]))
    elif entry == ["draw"]:
        game.agree_draw()
    else:
        player, answer = entry
        game.answer(int(player), answer)


def replay(record: Record, cards: Any, upto: int | None = None) -> Game:
    """Build the game again from its record (optionally only the first ``upto`` answers)."""
    game = new_game(record.setup, record.seed, cards)
    answers = record.answers if upto is None else record.answers[:upto]
    for i, entry in enumerate(answers):
        try:
            apply_entry(game, entry)
        except IllegalAnswer as e:
            raise RecordError(f"answer {i + 1} doesn't replay: {e.reason}") from None
        except (TypeError, ValueError) as e:
            raise RecordError(f"answer {i + 1} is damaged: {e}") from None
    return game


def replay_longest(record: Record, cards: Any) -> tuple[Game, int, str]:
    """Replay as much of the record as replays: (the game, how many answers were kept, why the next didn't).

    The reason is "" when every answer replayed. The setup itself must build (else SetupError and the like).
    """
    game = new_game(record.setup, record.seed, cards)
    for i, entry in enumerate(record.answers):
        before = len(game.record)
        try:
            apply_entry(game, entry)
        except IllegalAnswer as e:
            return game, i, f"answer {i + 1} doesn't replay: {e.reason}"
        except Exception as e:  # a damaged entry: whatever it did, rebuild the game without it
            if len(game.record) != before:
                game = replay(record, cards, upto=i)
            return game, i, f"answer {i + 1} is damaged ({type(e).__name__}: {e})"
    return game, len(record.answers), ""


def fork(game: Game) -> Game:
    """An independent copy of a game in its current state (by replaying its record).

    Determinism makes this exact: computer players can try lines of play on
    a copy without touching the real game.
    """
    return replay(Record.of(game), game.cards)
