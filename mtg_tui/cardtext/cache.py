"""A disk cache of compiled cards, so that starting a game doesn't re-parse card text.

The cache is keyed by the card file's content and by the grammar and compiler
sources: change any of them and the card is compiled again. A cache that
can't be read is ignored (and rewritten); it never stops the game.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
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
    """Compiled cards (or anything compiling made), one small file a card: ``compiled/<code version>/<key>``.

    A game reads only the cards it uses; processes that compile at the same time (a game, an import)
    never overwrite each other's work; a new code version starts an empty folder and removes the old.
    ``suffix`` keeps another kind of entry beside the cards (the importer's "doesn't compile" notes).
    """

    def __init__(self, path: Path | None = None, suffix: str = "card") -> None:
        self.root = (path or (user_cache_dir() / "compiled")) / code_version()
        self.suffix = suffix
        self._pruned = False

    def _file(self, key: str) -> Path:
        return self.root / f"{key}.{self.suffix}"

    def get(self, name: str, key: str) -> Any:
        try:
            with open(self._file(key), "rb") as f:
                stored_name, value = pickle.load(f)
        except Exception:  # missing, damaged or unreadable: compile again
            return None
        return value if stored_name == name else None

    def put(self, name: str, key: str, value: Any) -> None:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            self._prune()
            path = self._file(key)
            tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                pickle.dump((name, value), f, protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(path)
        except Exception:  # a read-only home or a full disk only costs speed
            pass

    def _prune(self) -> None:
        """Remove what other code versions compiled (and the single-file cache of earlier versions)."""
        if self._pruned:
            return
        self._pruned = True
        for old in self.root.parent.iterdir():
            if old.is_dir() and old.name != self.root.name:
                shutil.rmtree(old, ignore_errors=True)
        (self.root.parent.parent / FILE).unlink(missing_ok=True)

    def save(self) -> None:
        """Nothing to do: every entry is written when it is made (kept for callers)."""
