"""The scenario format as data (see docs/scenarios.md and SCENARIOS.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class ScenarioError(Exception):
    """A mistake in the scenario file itself (not a refusal by the rules)."""

    def __init__(self, message: str, entry: int | None = None) -> None:
        self.entry = entry
        super().__init__(message)


class ScenarioFailure(Exception):
    """An expectation that doesn't hold, or an input refused without ``expect.error`` after it."""

    def __init__(self, message: str, entry: int | None = None) -> None:
        self.entry = entry
        super().__init__(message)


@dataclass
class Scenario:
    path: Path
    title: str
    rules: list[str]
    seed: int
    description: str
    players: list[str]
    setup: dict[str, Any]
    steps: list[dict[str, Any]]
    new_game: bool
    attachments: list[tuple[int, str, int]] = field(default_factory=list)   # (obj index, ref, table index)
    tokens_by_index: dict[int, bool] = field(default_factory=dict)
    computer: str | None = None        # the player the computer plays (a project extension)
    difficulty: str = "normal"
    cards: Any = None                  # the card database with the `cards` header's folders (else the runner's)


@dataclass
class Result:
    file: str
    title: str
    passed: bool
    error: str = ""
    steps_run: int = 0

    def line(self) -> str:
        return f"PASS {self.title}" if self.passed else f"FAIL {self.title}: {self.error}"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "title": self.title, "passed": self.passed, "error": self.error or None}
