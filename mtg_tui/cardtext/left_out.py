"""The cards an import left out, so that a player who names one hears why it isn't there.

``mtg-tui cards import`` writes only the cards the engine plays by their
text; beside them it keeps ``left-out.json``: each card it left out, the sets
it is in and the reason (the phrase the grammar doesn't read yet, or the
layout the engine doesn't play yet). A decklist or ``cards show`` naming such
a card then says it is a real card that isn't playable yet, rather than an
unknown name. Importing again updates the index: a card written now leaves it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from .pool import name_key

LEFT_OUT = "left-out.json"


@dataclass(frozen=True)
class LeftOut:
    name: str
    sets: tuple[str, ...]
    why: str

    def message(self) -> str:
        return f"{self.name!r} ({', '.join(self.sets)}) isn't playable yet: {self.why}"


def update_left_out(folder: Path, left: Iterable[LeftOut], written: Iterable[str]) -> None:
    """Record the cards an import into ``folder`` left out, and forget those it wrote."""
    path = folder / LEFT_OUT
    entries = {name_key(e.name): e for e in _read(path)}
    for name in written:
        entries.pop(name_key(name), None)
    for e in left:
        entries[name_key(e.name)] = e
    if not entries:
        if path.exists():
            path.unlink()
        return
    data = {e.name: {"sets": list(e.sets), "why": e.why} for _, e in sorted(entries.items())}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n", encoding="utf-8")


def read_left_out(folders: Sequence[Path]) -> dict[str, LeftOut]:
    """Every left-out card recorded in these folders or below them, by name key."""
    found: dict[str, LeftOut] = {}
    for folder in folders:
        for here, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            if LEFT_OUT in files:
                for e in _read(Path(here) / LEFT_OUT):
                    found.setdefault(name_key(e.name), e)
    return found


def _read(path: Path) -> list[LeftOut]:
    """An index's entries; a missing or damaged index is an empty one (it is only ever advice)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    out = []
    for name, e in data.items():
        if isinstance(e, dict) and isinstance(e.get("why"), str) and isinstance(e.get("sets"), list):
            out.append(LeftOut(str(name), tuple(str(s) for s in e["sets"]), e["why"]))
    return out
