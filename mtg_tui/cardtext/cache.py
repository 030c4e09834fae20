"""A disk cache of compiled cards, so that starting a game doesn't re-parse card text.

The cache is keyed by the card file's content and by the grammar and compiler
sources: change any of them and the card is compiled again. A cache that
can't be read is ignored (and rewritten); it never stops the game.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..paths import user_cache_dir

HERE = Path(__file__).resolve().parent
FILE = "compiled-cards.pickle"


@lru_cache(maxsize=1)
def code_version() -> str:
    """A hash of everything that decides what a text compiles to."""
    h = hashlib.sha256()
    engine = HERE.parent / "engine"
    for path in sorted([HERE / "grammar.lark", HERE / "compiler.py", HERE / "parser.py", HERE / "loader.py",
                        HERE / "data" / "types.toml"] + sorted(engine.glob("*.py"))):
        try:
            h.update(path.read_bytes())
        except OSError:
            pass
    return h.hexdigest()[:16]


def key_of(data: dict[str, Any]) -> str:
    h = hashlib.sha256(repr(sorted((k, repr(v)) for k, v in data.items())).encode("utf-8"))
    return h.hexdigest()[:24]


class CompiledCache:
    """name -> (key, CardDef), loaded once and saved when something new was compiled."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (user_cache_dir() / FILE)
        self.entries: dict[str, tuple[str, Any]] = {}
        self.dirty = False
        self._load()

    def _load(self) -> None:
        try:
            with open(self.path, "rb") as f:
                version, entries = pickle.load(f)
        except Exception:  # missing, damaged or from another version: start afresh
            return
        if version == code_version() and isinstance(entries, dict):
            self.entries = entries

    def get(self, name: str, key: str) -> Any:
        hit = self.entries.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        return None

    def put(self, name: str, key: str, card: Any) -> None:
        self.entries[name] = (key, card)
        self.dirty = True

    def save(self) -> None:
        if not self.dirty:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".tmp")
            with open(tmp, "wb") as f:
                pickle.dump((code_version(), self.entries), f, protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(self.path)
            self.dirty = False
        except Exception:  # a read-only home or a full disk only costs speed
            pass
