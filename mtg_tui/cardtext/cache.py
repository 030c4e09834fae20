"""A disk cache of compiled cards, so that starting a game doesn't re-parse card text.

The cache is keyed by the card file's content and by every source file that
compiling can run (the card-text package and what it imports, found by
reading their imports): change any of them and the card is compiled again. A cache that
can't be read is ignored (and rewritten); it never stops the game.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import shutil
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..paths import user_cache_dir

HERE = Path(__file__).resolve().parent
FILE = "compiled-cards.pickle"


SOURCE_SUFFIXES = (".py", ".lark", ".toml")
# "from ..engine.refs import X", "from . import parser", "import mtg_tui.engine": what a module may run.
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.+)([\w.]*)[ \t]+import[ \t]+\(?([\w, \t]+)"
                     r"|(?:from|import)[ \t]+mtg_tui\.(\w+))", re.M)


@lru_cache(maxsize=1)
def code_version() -> str:
    """A hash of everything that decides what a text compiles to."""
    return version_of(HERE.parent)


def version_of(package: Path) -> str:
    """A hash of the sources that compiling card text can run, in the package at ``package``."""
    h = hashlib.sha256()
    for path in compile_sources(package):
        h.update(str(path.relative_to(package)).encode("utf-8"))
        try:
            h.update(path.read_bytes())
        except OSError:
            pass
    return h.hexdigest()[:16]


def compile_sources(package: Path, start: str = "cardtext") -> list[Path]:
    """The card-text package's files, and those of every part of the package it imports, transitively.

    A part is a subpackage (all its .py, .lark and .toml files) or a module;
    imports inside functions count too. However the compiler is split, a
    change to any file it can run makes a new version.
    """
    parts: set[str] = set()
    todo = [start]
    files: list[Path] = []
    while todo:
        part = todo.pop()
        if part in parts:
            continue
        parts.add(part)
        for path in _files_of(package, part):
            files.append(path)
            if path.suffix == ".py":
                todo.extend(_imported_parts(package, path))
    return sorted(files)


def _files_of(package: Path, part: str) -> list[Path]:
    folder = package / part
    if folder.is_dir():
        return sorted(p for p in folder.rglob("*") if p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts)
    module = package / f"{part}.py"
    return [module] if module.is_file() else []


def _imported_parts(package: Path, path: Path) -> set[str]:
    """The parts of the package (top-level subpackages or modules) that a module imports."""
    here = path.relative_to(package).parts[:-1]
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    out = set()
    for dots, module, names, absolute in _IMPORT.findall(text):
        if absolute:
            out.add(absolute)
            continue
        base = here[:len(here) - (len(dots) - 1)] if len(dots) > 1 else here
        dotted = list(base) + [m for m in module.split(".") if m]
        if dotted:
            out.add(dotted[0])
        else:
            out.update(n.strip() for n in names.split(",") if n.strip())
    return out


def key_of(data: dict[str, Any]) -> str:
    h = hashlib.sha256(repr(sorted((k, repr(v)) for k, v in data.items())).encode("utf-8"))
    return h.hexdigest()[:24]


def _remove(folders: list[Path]) -> None:
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


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
        self.pruning: threading.Thread | None = None   # removing other code versions' entries

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
        """Remove what other code versions compiled (and the single-file cache of earlier versions).

        In a background thread: after an upgrade the old folder holds a file for every card ever
        compiled, and a game's first card must not wait for their removal. What a process ending early
        leaves behind is removed by the next one."""
        if self._pruned:
            return
        self._pruned = True
        stale = [old for old in self.root.parent.iterdir() if old.is_dir() and old.name != self.root.name]
        (self.root.parent.parent / FILE).unlink(missing_ok=True)
        if stale:
            self.pruning = threading.Thread(target=_remove, args=(stale,), name="cache-prune", daemon=True)
            self.pruning.start()

    def save(self) -> None:
        """Nothing to do: every entry is written when it is made (kept for callers)."""
