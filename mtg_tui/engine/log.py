"""The game log: what happened, in plain words, with the rules that govern it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class LogEntry:
    """One event. ``cites`` are rule numbers (e.g. "704.5g"); ``objects`` the ids involved."""

    text: str
    cites: tuple[str, ...] = ()
    turn: int = 0
    step: str = ""
    objects: tuple[int, ...] = ()
    player: int | None = None
    kind: str = "event"
    why: str = ""          # a short reason, for explanations ("Grizzly Bears entered the battlefield")

    def __str__(self) -> str:
        if not self.cites:
            return self.text
        return f"{self.text} ({', '.join(self.cites)})"


@dataclass
class GameLog:
    entries: list[LogEntry] = field(default_factory=list)
    cited: set[str] = field(default_factory=set)

    def add(self, entry: LogEntry) -> None:
        self.entries.append(entry)
        self.cited.update(entry.cites)

    def __len__(self) -> int:
        return len(self.entries)

    def since(self, index: int) -> list[LogEntry]:
        return self.entries[index:]

    def has_cited(self, rule: str) -> bool:
        """True if this rule, or a subrule of it, was cited ("704.5" matches "704.5g")."""
        if rule in self.cited:
            return True
        return any(c.startswith(rule) and (len(c) == len(rule) or not c[len(rule)].isdigit())
                   for c in self.cited)
