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


# A rules flag's words, for the log and for people (flags are kept by name: "cant_block").
FLAG_WORDS = {
    "cant_attack": "can't attack", "cant_block": "can't block", "cant_attack_alone": "can't attack alone",
    "cant_block_alone": "can't block alone", "cant_be_blocked": "can't be blocked",
    "must_attack": "attacks each combat if able", "must_block": "blocks each combat if able",
    "must_be_blocked": "must be blocked if able", "max_one_blocker": "can't be blocked by more than one creature",
    "extra_block": "can block an additional creature",
    "doesnt_untap": "doesn't untap during its controller's untap step",
    "damage_by_toughness": "deals combat damage equal to its toughness",
    "attacks_despite_defender": "can attack as though it didn't have defender",
    "assign_as_unblocked": "may deal its combat damage as though it weren't blocked",
    "cant_activate": "its activated abilities can't be activated", "cant_be_countered": "can't be countered",
}


def flag_words(name: str) -> str:
    """A flag's words ("cant_block" or "cant block": "can't block"); a flag without words reads as its name."""
    key = name.replace(" ", "_")
    return FLAG_WORDS.get(key, key.replace("_", " "))

