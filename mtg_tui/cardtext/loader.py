"""Card files: reading them, checking them, and compiling their rules text.

A card file is TOML with the card's printed characteristics and its rules
text (see docs/cards.md). ``CardDatabase`` reads every file of a folder,
and compiles a card the first time it is needed. A file that can't be read,
or rules text that doesn't compile, is a ``CardError`` naming the file, the
card and the phrase.
"""

from __future__ import annotations

import atexit
import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from ..engine.abilities import Effect
from ..engine.layouts import playable
from ..engine.mana import COLOR_BY_NAME, ManaCost, ManaError
from ..engine.objects import CARD_TYPES, SUPERTYPES, CardDef
from ..paths import cards_dir, user_cards_dir
from ..textfile import TextFileError, read_toml
from .errors import CardError
from .faces import layout_of, read_layout
from .pool import CardPool, card_name, name_key, summary_fields
from .printings import Printing, read_printings
from .subtypes import RENAMED_SUBTYPES, subtypes

# Limits of a card file: printed numbers (power, toughness, loyalty, generic mana) and rules text.
MAX_NUMBER = 1_000_000
MAX_TEXT = 5_000

ALLOWED_KEYS = {"name", "cost", "type", "power", "toughness", "loyalty", "text", "color_indicator", "printings",
                "layout"}


def compile_text(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """The compiler's ``compile_text``, imported on first use: a game whose cards are all in the compiled
    cache never loads the grammar, which keeps the game's start fast."""
    from .compiler import compile_text as compile_now
    return compile_now(*args, **kwargs)


def _all_subtypes() -> dict[str, str]:
    out = {}
    for kind, words in subtypes().items():
        for w in words:
            out[w.lower()] = w
    return out


def parse_type_line(line: str, file: str = "", card: str = "") -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """"Legendary Creature — Dog" -> (supertypes, types, subtypes)."""
    for dash in ("—", "–", " - ", "--"):
        if dash in line:
            left, right = line.split(dash, 1)
            break
    else:
        left, right = line, ""
    supers: list[str] = []
    types: list[str] = []
    known_types = {t.lower(): t for t in CARD_TYPES}
    known_supers = {t.lower(): t for t in SUPERTYPES}
    for word in left.split():
        w = word.strip().lower()
        if w in known_supers:
            supers.append(known_supers[w])
        elif w in known_types:
            types.append(known_types[w])
        elif w == "tribal":
            types.append("Kindred")
        else:
            guess = difflib.get_close_matches(w, list(known_types) + list(known_supers), 1)
            hint = f" (did you mean {guess[0].capitalize()}?)" if guess else ""
            raise CardError(file, card, f"unknown type {word!r} in the type line {line!r}{hint}", word)
    if not types:
        raise CardError(file, card, f"the type line {line!r} has no card type", line)
    subs: list[str] = []
    table = _all_subtypes()
    for word in right.split():
        w = word.strip()
        now = RENAMED_SUBTYPES.get(w.lower(), w).lower()
        if now in table:
            if table[now] not in subs:
                subs.append(table[now])
        else:
            guess = difflib.get_close_matches(w.lower(), list(table), 1)
            hint = f" (did you mean {table[guess[0]]}?)" if guess else ""
            raise CardError(file, card, f"unknown subtype {w!r} in the type line {line!r}{hint}", w)
    return tuple(supers), tuple(types), tuple(subs)


def _stat(v: Any, key: str, file: str, card: str) -> int | str | None:
    if v is None:
        return None
    if isinstance(v, bool):
        raise CardError(file, card, f"{key} must be a number or \"*\"")
    if isinstance(v, str) and v.strip().lstrip("+-").isdigit() and len(v.strip()) <= 8:
        v = int(v)
    if isinstance(v, int):
        if not 0 <= v <= MAX_NUMBER:
            raise CardError(file, card, f"{key} must be between 0 and {MAX_NUMBER:,}, not {v:,}")
        return v
    if isinstance(v, str) and v.strip() == "*":
        return v.strip()
    shown = repr(v) if len(repr(v)) <= 40 else repr(v)[:37] + "..."
    raise CardError(file, card, f"{key} must be a number or \"*\", not {shown}")


def card_from_data(data: dict[str, Any], file: str = "", playable_only: bool = True) -> CardDef:
    """Build a CardDef from the fields of a card file, compiling its text (and its faces' or chapters').

    ``playable_only``: a layout the engine doesn't play yet (engine/layouts.py) is a CardError.
    """
    if layout_of(data) != "normal":
        return read_layout(data, file, face_from_data, compile_text, playable_only)
    return face_from_data(data, file)


def face_from_data(data: dict[str, Any], file: str = "") -> CardDef:
    """Build the CardDef of one face (a card with one face, or one face of a card) from its fields."""
    name = card_name(data, file)
    unknown = sorted(set(data) - ALLOWED_KEYS)
    if unknown:
        guess = difflib.get_close_matches(unknown[0], sorted(ALLOWED_KEYS), 1)
        hint = f" (did you mean {guess[0]!r}?)" if guess else ""
        raise CardError(file, name, f"unknown field {unknown[0]!r}{hint}; fields are "
                        + ", ".join(sorted(ALLOWED_KEYS)), unknown[0])
    type_line = data.get("type")
    if not isinstance(type_line, str):
        raise CardError(file, name, "the card has no type line (a `type = \"...\"` line)")
    supers, types, subs = parse_type_line(type_line, file, name)
    read_printings(data.get("printings"), file, name)   # not characteristics, but a mistake is still reported
    if not isinstance(data.get("cost", ""), str):
        raise CardError(file, name, f"cost must be text such as \"{{2}}{{R}}\", not {data.get('cost')!r}")
    try:
        cost = ManaCost.parse(data.get("cost", ""))
    except ManaError as e:
        raise CardError(file, name, f"bad mana cost: {e}", str(data.get("cost"))) from None
    power = _stat(data.get("power"), "power", file, name)
    toughness = _stat(data.get("toughness"), "toughness", file, name)
    if "Creature" in types and (power is None or toughness is None):
        raise CardError(file, name, "a creature needs power and toughness")
    if "Creature" not in types and "Vehicle" not in subs and (power is not None or toughness is not None):
        raise CardError(file, name, "only creatures and Vehicles have power and toughness (302.4, 301.7a)")
    if "Vehicle" in subs and "Creature" not in types and (power is None or toughness is None):
        raise CardError(file, name, "a Vehicle needs its printed power and toughness (301.7a)")
    loyalty = data.get("loyalty")
    if "Planeswalker" in types and (not isinstance(loyalty, int) or isinstance(loyalty, bool)):
        raise CardError(file, name, "a planeswalker needs a starting loyalty (`loyalty = N`)")
    if loyalty is not None:
        loyalty = _stat(loyalty, "loyalty", file, name)
        if not isinstance(loyalty, int):
            raise CardError(file, name, "loyalty must be a number")
    indicator = data.get("color_indicator")
    colors = None
    if indicator is not None:
        if not isinstance(indicator, list) or any(str(c).lower() not in COLOR_BY_NAME for c in indicator):
            raise CardError(file, name, "color_indicator must be a list of color names")
        colors = tuple(c for c in "WUBRG" if c in {COLOR_BY_NAME[str(x).lower()] for x in indicator})
    text = data.get("text", "") or ""
    if not isinstance(text, str):
        raise CardError(file, name, "text must be a string")
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise CardError(file, name, f"the rules text is {len(text):,} characters long; a card's text is at most "
                        f"{MAX_TEXT:,}")
    abilities = compile_text(name, text, supers, types, subs, file)
    return CardDef(name=name, mana_cost=cost, supertypes=supers, types=types, subtypes=subs, text=text,
                   power=power, toughness=toughness, loyalty=loyalty, color_indicator=colors,
                   abilities=abilities, source_file=file)


def _compile_into_cache(folders: list[Path], names: list[str]) -> dict[str, tuple[str, str, str, str]]:
    """In a worker process: compile ``names`` into the cache; the errors as plain fields (they cross processes)."""
    db = CardDatabase(folders, cache=True)
    out = {}
    for name in names:
        try:
            db.get(name)
        except CardError as e:
            out[name] = (e.file, e.card, e.message, e.phrase)
    return out


def read_card_file(path: Path) -> dict[str, Any]:
    """A card file's fields (UTF-8 TOML, a byte-order mark allowed); CardError naming the file if unreadable."""
    try:
        return read_toml(path)
    except TextFileError as e:
        raise CardError(str(path), "", str(e).removeprefix(f"{path}: ")) from None


class CardDatabase:
    """Every card of some folders, by name; compiled on first use (and cached on disk when ``cache`` is on).

    ``folders`` is one folder or several; by default the shipped cards and the user's card folder
    (``default_folders``). ``strict``: two different cards with one name are an error at once
    (``CardError`` naming both files) instead of a problem that ``check`` reports.
    """

    def __init__(self, folder: Path | Sequence[Path] | None = None, cache: bool = False,
                 strict: bool = False) -> None:
        if folder is None:
            folders = default_folders()
        elif isinstance(folder, (str, Path)):
            folders = [Path(folder)]
        else:
            folders = [Path(f) for f in folder]
        self.folders = folders
        self.folder = folders[0]
        self._compiled: dict[str, CardDef] = {}
        self._tokens: dict[str, CardDef] | None = None
        self._left_out: dict[str, Any] | None = None
        self._cache = None
        if cache:
            from .cache import CompiledCache
            self._cache = CompiledCache()
            atexit.register(self._cache.save)
        self.pool = CardPool(folders, read_card_file)
        self.read_errors: list[CardError] = self.pool.read_errors
        if strict and self.pool.conflicts:
            raise self.conflict_error()

    def left_out(self, name: str) -> Any:
        """A real card an import into these folders left out (a ``LeftOut`` saying why), or None."""
        if self._left_out is None:
            from .left_out import read_left_out
            self._left_out = read_left_out(self.folders)
        return self._left_out.get(name_key(name))

    def with_folders(self, extra: Sequence[Path], strict: bool = True) -> "CardDatabase":
        """This pool and the cards of more folders; cards compiled already are shared (they don't change)."""
        more = [Path(f) for f in extra if Path(f) not in self.folders]
        if not more:
            return self
        db = CardDatabase(self.folders + more, strict=strict)
        db._compiled = self._compiled   # the folders before ``more`` define the same cards as here
        db._cache = self._cache
        return db

    def conflict_error(self) -> CardError:
        """One error listing every pair of different cards that share a name (each names both files)."""
        return CardError("", "", "two different cards share a name:\n  "
                         + "\n  ".join(str(e) for e in self.pool.conflicts))

    @property
    def extra_folders(self) -> list[Path]:
        """The folders beyond the shipped cards and the user's card folder (what a saved game records)."""
        base = set(default_folders())
        return [f for f in self.folders if f not in base]

    def names(self) -> list[str]:
        return self.pool.names()

    def fields(self, name: str) -> dict[str, Any]:
        """A card's file fields as written (without compiling its text)."""
        real = self.canonical(name)
        if real is None:
            raise KeyError(f"unknown card {name!r}")
        return dict(self.pool.cards[real].data)

    def summary(self, name: str) -> dict[str, str]:
        """A card's cost, type line and text as a whole, without compiling it (see pool.summary_fields)."""
        return summary_fields(self.fields(name))

    def printings(self, name: str) -> tuple[Printing, ...]:
        """Every printing of a card (set, number, rarity), from all the files that define it."""
        real = self.canonical(name)
        return self.pool.cards[real].printings if real is not None else ()

    def file_of(self, name: str) -> str:
        """The card file a card's fields come from."""
        real = self.canonical(name)
        return self.pool.cards[real].file if real is not None else ""

    def canonical(self, name: str) -> str | None:
        return self.pool.canonical(name)

    def __contains__(self, name: str) -> bool:
        return self.canonical(name) is not None

    def get(self, name: str) -> CardDef:
        real = self.canonical(name)
        if real is None:
            guess = difflib.get_close_matches(name, self.names(), 1)
            hint = f" (did you mean {guess[0]!r}?)" if guess else ""
            raise KeyError(f"unknown card {name!r}{hint}")
        card = self._compiled.get(real)
        if card is None:
            entry = self.pool.cards[real]
            data, file = entry.data, entry.file
            conflict = next((e for e in self.pool.conflicts if e.card == real), None)
            if conflict is not None:
                raise conflict
            if self._cache is not None:
                from .cache import key_of
                key = key_of(data)
                card = self._cache.get(real, key)
                if card is not None and not playable(card.layout):
                    card = None   # compiled while its layout was played: its error comes from compiling
                if card is None:
                    card = card_from_data(data, file)
                    self._cache.put(real, key, card)
            else:
                card = card_from_data(data, file)
            self._compiled[real] = card
        return card

    def save_cache(self) -> None:
        if self._cache is not None:
            self._cache.save()

    def check(self, workers: int = 1) -> list[CardError]:
        """Compile every card; the errors found.

        With a cache and ``workers`` > 1, the cards not in the cache yet are compiled by that many processes
        first (compiling is CPU-bound and each card on its own), then read back from the cache here.
        """
        errors = list(self.read_errors) + list(self.pool.conflicts)
        clashing = {e.card for e in self.pool.conflicts}
        names = [name for name in self.names() if name not in clashing]
        failed: dict[str, CardError] = {}
        if workers > 1 and self._cache is not None:
            failed = self._compile_in_processes(names, workers)
        for name in names:
            if name in failed:
                errors.append(failed[name])
                continue
            try:
                self.get(name)
            except CardError as e:
                errors.append(e)
        return errors

    def _compile_in_processes(self, names: list[str], workers: int) -> dict[str, CardError]:
        """Compile the uncached cards among ``names`` in ``workers`` processes, into the cache; their errors."""
        from concurrent.futures import ProcessPoolExecutor

        from .cache import key_of
        assert self._cache is not None
        todo = [n for n in names if n not in self._compiled
                and self._cache.get(n, key_of(self.pool.cards[n].data)) is None]
        if len(todo) < 2 * workers:
            return {}
        slices = [todo[i::workers] for i in range(workers)]
        failed: dict[str, CardError] = {}
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(_compile_into_cache, [self.folders] * workers, slices):
                for name, (file, card, message, phrase) in found.items():
                    failed[name] = CardError(file, card, message, phrase)
        return failed

    def suggest(self, name: str) -> str | None:
        guess = difflib.get_close_matches(name, self.names(), 1)
        return guess[0] if guess else None

    def tokens(self) -> dict[str, CardDef]:
        """The tokens that this pool's cards create, by name (for set-ups: "Spirit {token}")."""
        if self._tokens is None:
            from ..engine.instructions import CreateToken
            found: dict[str, CardDef] = {}

            def visit(effect: Effect) -> None:
                for ins in effect.instructions:
                    if isinstance(ins, CreateToken):
                        found.setdefault(ins.token.name, ins.token)
                for m in effect.modes:
                    visit(m)
            # In the order the files are read: the shipped core cards' tokens come first (the names set-ups use).
            for name in self.pool.cards:
                data = self.pool.cards[name].data
                if "token" not in str(data.get("text", "")).lower():
                    continue
                try:
                    card = self.get(name)
                except CardError:
                    continue
                for ab in card.abilities:
                    eff = getattr(ab, "effect", None)
                    if isinstance(eff, Effect):
                        visit(eff)
            self._tokens = found
        return self._tokens

    def token(self, name: str) -> CardDef | None:
        for n, card in self.tokens().items():
            if n.lower() == name.strip().lower():
                return card
        return None

    @lru_cache(maxsize=None)
    def is_creature_type(self, subtype: str) -> bool:
        return subtype in subtypes().get("creature", [])


def default_folders() -> list[Path]:
    """The shipped cards, then the user's own card folder when there is one."""
    folders = [cards_dir()]
    user = user_cards_dir()
    if user.is_dir():
        folders.append(user)
    return folders


_default: CardDatabase | None = None
_extra: tuple[Path, ...] = ()


def use_extra_folders(folders: Sequence[Path]) -> None:
    """Add folders of card files to this process's cards (``--cards DIR``); ``default_db`` includes them."""
    global _extra, _default
    wanted = tuple(Path(f) for f in folders)
    if wanted != _extra:
        _extra = wanted
        _default = None


def default_db() -> CardDatabase:
    """The cards of this process (shipped, the user's, ``use_extra_folders``), compiled once and cached on disk.

    Raises CardError when two different cards share a name, or an extra folder doesn't exist.
    """
    global _default
    folders = default_folders() + list(_extra)
    if _default is None or _default.folders != folders:   # e.g. the user's card folder was just made
        _default = CardDatabase(folders, cache=True, strict=True)
    return _default
