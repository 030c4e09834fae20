"""A game's record: seed + setup + answers reproduce the game exactly.

Save files, undo, replays and bug reports all rest on this. Answers are
plain data, so a record is JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .decisions import IllegalAnswer
from .game import Game
from .setup import new_game

FORMAT = 1


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
        return {"format": FORMAT, "seed": self.seed, "setup": self.setup, "answers": self.answers,
                "meta": self.meta}

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a game record of this version")
        try:
            return cls(int(data["seed"]), dict(data["setup"]), list(data["answers"]), dict(data.get("meta", {})))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"the record is damaged ({e})") from None

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json()), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> "Record":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"can't read {path}: {e}") from None
        except json.JSONDecodeError as e:
            raise RecordError(f"{path} is damaged: {e}") from None
        return cls.from_json(data)


def replay(record: Record, cards: Any, upto: int | None = None) -> Game:
    """Build the game again from its record (optionally only the first ``upto`` answers)."""
    game = new_game(record.setup, record.seed, cards)
    answers = record.answers if upto is None else record.answers[:upto]
    for i, entry in enumerate(answers):
        try:
            if isinstance(entry, list) and len(entry) == 2 and entry[0] == "concede":
                game.concede(int(entry[1]))
            elif entry == ["draw"]:
                game.agree_draw()
            else:
                player, answer = entry
                game.answer(int(player), answer)
        except IllegalAnswer as e:
            raise RecordError(f"answer {i + 1} doesn't replay: {e.reason}") from None
        except (TypeError, ValueError) as e:
            raise RecordError(f"answer {i + 1} is damaged: {e}") from None
    return game


def fork(game: Game) -> Game:
    """An independent copy of a game in its current state (by replaying its record).

    Determinism makes this exact: computer players can try lines of play on
    a copy without touching the real game.
    """
    return replay(Record.of(game), game.cards)
