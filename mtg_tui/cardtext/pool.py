"""The card pool: the card files of several folders, indexed by name, without compiling anything.

A game's cards come from the folder that ships with the game, the user's own
card folder and any extra folders (``--cards DIR``, a scenario's ``cards``
key), read in that order; a folder's files are read recursively. The same
card in several files (a reprint, see sameness.py) is one card that has
every file's printings; two different cards with one name are a conflict
that names both files.

Reading is cheap: a file's fields are kept in an index in the user's cache
folder, keyed by the file's path, size and modification time, so a pool of
a thousand cards costs a thousand ``stat`` calls and one small unpickling.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..paths import user_cache_dir
from .errors import CardError
from .printings import Printing, merge, read_printings
from .sameness import card_key, differences

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})


def name_key(name: str) -> str:
    """A lookup key for a card name: case-folded, straight apostrophes, spaces collapsed, "A//B" as "A // B"."""
    name = name.translate(_APOSTROPHES).replace("//", " // ")
    return " ".join(name.split()).casefold()


def summary_fields(data: dict[str, Any]) -> dict[str, str]:
    """A card's cost, type line and text as a whole, for lists and filters, without compiling it:
    a split card's halves together (708.4), a double-faced card's front face (711.4a)."""
    faces = data.get("faces")
    if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
        return {k: str(data.get(k, "") or "") for k in ("cost", "type", "text")}
    if str(data.get("layout", "")).lower() == "split":
        return {"cost": "".join(str(f.get("cost", "") or "") for f in faces),
                "type": " // ".join(str(f.get("type", "")) for f in faces),
                "text": "\n//\n".join(str(f.get("text", "") or "") for f in faces)}
    return {k: str(faces[0].get(k, "") or "") for k in ("cost", "type", "text")}


def face_names(data: dict[str, Any]) -> list[str]:
    """The names of a card's faces other than the card's own name (split halves, a back face)."""
    faces = data.get("faces")
    if not isinstance(faces, list):
        return []
    names = [str(f.get("name", "")).strip() for f in faces if isinstance(f, dict)]
    return [n for n in names if n and n != str(data.get("name", "")).strip()]


def card_name(data: dict[str, Any], file: str = "") -> str:
    """The card's name from its fields, or a CardError saying what is wrong with it."""
    name = data.get("name")
    if name is None:
        raise CardError(file, "", "the card has no name (a `name = \"...\"` line)")
    if not isinstance(name, str):
        raise CardError(file, "", f"the name must be text (`name = \"...\"`), not {name!r}")
    if not name.strip():
        raise CardError(file, "", "the card's name is empty")
    return name.strip()


@dataclass
class PoolCard:
    """One card of the pool: the fields of the first file that defines it, and where else it is printed."""

    name: str
    data: dict[str, Any]
    file: str                                     # the file its fields come from (as shown in messages)
    files: list[str] = field(default_factory=list)  # every file that defines it
    printings: tuple[Printing, ...] = ()


class FileIndex:
    """path -> (size, modification time, fields): card files already read, kept between runs."""

    VERSION = 1
    NAME = "card-index.pickle"

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or (user_cache_dir() / self.NAME)
        self.entries: dict[str, tuple[int, int, dict[str, Any]]] = {}
        self.dirty = False
        try:
            with open(self.path, "rb") as f:
                version, entries = pickle.load(f)
            if version == self.VERSION and isinstance(entries, dict):
                self.entries = entries
        except Exception:  # missing, damaged or of another version: read the files again
            pass

    def read(self, path: str, read: Callable[[Path], dict[str, Any]]) -> dict[str, Any]:
        """The fields of one card file, from the index when the file hasn't changed (raises CardError)."""
        key = os.path.abspath(path)
        try:
            st = os.stat(path)
        except OSError as e:
            raise CardError(path, "", f"can't read the file: {e}") from None
        hit = self.entries.get(key)
        if hit is not None and hit[0] == st.st_size and hit[1] == st.st_mtime_ns:
            return hit[2]
        data = read(Path(path))
        self.entries[key] = (st.st_size, st.st_mtime_ns, data)
        self.dirty = True
        return data

    def save(self) -> None:
        if not self.dirty:
            return
        # Forget files that are gone (folders of other runs), so the index stays the size of what exists.
        self.entries = {p: e for p, e in self.entries.items() if os.path.exists(p)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                pickle.dump((self.VERSION, self.entries), f, protocol=pickle.HIGHEST_PROTOCOL)
            tmp.replace(self.path)
            self.dirty = False
        except OSError:  # a read-only home or a full disk only costs speed
            pass


_index: FileIndex | None = None


def file_index() -> FileIndex:
    """The index of this process (read once from the cache folder)."""
    global _index
    if _index is None:
        _index = FileIndex()
    return _index


def card_paths(folder: Path) -> list[str]:
    """Every ``*.toml`` below a folder, in a fixed order: a folder's own files before those of its
    subfolders (the shipped core cards before cards/sets/), each by name."""
    found: list[tuple[int, tuple[str, ...], str]] = []
    root = str(folder)
    for here, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        rel = os.path.relpath(here, root)
        parts = () if rel == "." else tuple(rel.split(os.sep))
        found.extend((len(parts), parts + (f,), os.path.join(here, f))
                     for f in files if f.endswith(".toml") and not f.startswith("."))
    return [path for _, _, path in sorted(found)]


def card_files(folder: Path) -> list[Path]:
    """``card_paths`` as paths."""
    return [Path(p) for p in card_paths(folder)]


class CardPool:
    """The cards of several folders by name (see the module's docstring)."""

    def __init__(self, folders: Sequence[Path], read: Callable[[Path], dict[str, Any]],
                 index: FileIndex | None = None) -> None:
        self.folders = [Path(f) for f in folders]
        self.cards: dict[str, PoolCard] = {}
        self.read_errors: list[CardError] = []
        self.conflicts: list[CardError] = []
        self._by_key: dict[str, str] = {}
        self._faces: dict[str, str] = {}
        self._keys: dict[str, tuple[Any, ...]] = {}
        index = index if index is not None else file_index()
        for folder in self.folders:
            if not folder.is_dir():
                raise CardError(str(folder), "", "no such folder of cards")
            for path in card_paths(folder):
                try:
                    data = index.read(path, read)
                except CardError as e:
                    self.read_errors.append(e)
                    continue
                self._add(data, path)
        index.save()

    def _add(self, data: dict[str, Any], file: str) -> None:
        try:
            name = card_name(data, file)
        except CardError as e:
            self.read_errors.append(e)
            return
        try:
            printings = read_printings(data.get("printings"), file, name)
        except CardError:
            printings = ()   # compiling the card reports it (``cards check``)
        key = name_key(name)
        known = self._by_key.get(key)
        if known is None:
            self._by_key[key] = name
            self.cards[name] = PoolCard(name, data, file, [file], printings)
            for face in face_names(data):
                self._faces.setdefault(name_key(face), name)
            return
        first = self.cards[known]
        if self._key(first) == card_key(data):
            first.files.append(file)
            first.printings = merge(first.printings, printings)
            return
        fields = ", ".join(differences(first.data, data))
        self.conflicts.append(CardError(
            file, name, f"another card with this name, different in {fields}, is in {first.file}; "
            "two different cards can't share a name (a reprint must have the same characteristics)"))

    def _key(self, card: PoolCard) -> tuple[Any, ...]:
        key = self._keys.get(card.name)
        if key is None:
            key = self._keys[card.name] = card_key(card.data)
        return key

    # -- looking cards up ----------------------------------------------------------------

    def canonical(self, name: str) -> str | None:
        """The exact name of the card ``name`` names (any case, curly or straight apostrophes), or None."""
        return self._by_key.get(name_key(name))

    def card_with_face(self, name: str) -> str | None:
        """The card one of whose faces is named ``name`` (a split card's half, a double-faced card's back)."""
        return self._faces.get(name_key(name))

    def names(self) -> list[str]:
        return sorted(self.cards)

    def __contains__(self, name: str) -> bool:
        return self.canonical(name) is not None

    def __iter__(self) -> Iterable[PoolCard]:
        return iter(self.cards.values())
