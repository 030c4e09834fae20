"""``mtg-tui cards import``: MTGJSON set files in, one card file per card out.

A card is written only if the engine plays it by its text: its layout is
one the engine supports (engine/layouts.py) and its text compiles. Nothing
is written that would do less than its text says; what is left out is
reported, with the phrase that didn't compile.

A card printed in several of the sets (or already in the output folder) is
one card file listing all its printings, when it is the same card
(sameness.py); its fields come from its newest printing. The output of a
set of files into an empty folder depends on nothing but those files and
the code, so the project's shipped set cards are exactly what this makes of
its copy of the MTGJSON files. The cards left out are recorded beside them
(left_out.py), so that naming one says why it isn't there.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..engine.layouts import playable
from .cache import CompiledCache, key_of
from .cardwriter import card_file_text
from .errors import CardError
from .faces import layout_of
from .left_out import LeftOut, update_left_out
from .loader import card_from_data, read_card_file
from .mtgjson import CARD_FILE_LAYOUTS, SetCard, SetFile, read_set
from .pool import CardPool, name_key
from .printings import merge, read_printings
from .sameness import card_key

WRITTEN, NOT_COMPILED, LAYOUT, CLASH = "written", "not compiled", "layout not supported", "name taken"


@dataclass
class Outcome:
    """What became of one card of a set."""

    name: str
    status: str            # WRITTEN, NOT_COMPILED, LAYOUT or CLASH
    message: str = ""      # why it wasn't written (the compiler's or loader's words)
    phrase: str = ""       # the phrase that didn't compile
    layout: str = "normal"
    basic: bool = False
    file: str = ""         # the card file written
    compiles: bool = False  # its text compiles (whether or not it was written)
    compile_error: str = ""  # for a layout not supported: why its text doesn't compile either


@dataclass
class SetReport:
    code: str
    name: str
    entries: int
    outcomes: list[Outcome] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def compiled(self) -> int:
        return sum(1 for o in self.outcomes if o.compiles)


@dataclass
class _Card:
    """One card of the import: its fields (newest printing's), every printing, the sets it is in."""

    data: dict[str, Any]
    release: str
    layout: str
    basic: bool
    sets: list[str]
    file: Path | None = None          # an existing card file of the output folder it goes into


def slug(name: str) -> str:
    """A card's file name stem: ``Assure // Assemble`` -> ``assure-assemble``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-") or "card"


class Compiler:
    """Compiles card-file fields, remembering outcomes between runs (keyed like the compiled-card cache)."""

    def __init__(self) -> None:
        self.ok = CompiledCache()
        self.failed = CompiledCache(suffix="failed")

    def problem(self, data: dict[str, Any]) -> tuple[str, str] | None:
        """None if the card compiles (for its layout, playable or not), else (message, phrase)."""
        name, key = str(data.get("name", "")), key_of(data)
        if self.ok.get(name, key) is not None:
            return None
        hit = self.failed.get(name, key)
        if hit is not None:
            return hit
        try:
            card = card_from_data(data, "", playable_only=False)
        except CardError as e:
            found = (e.message, e.phrase)
            self.failed.put(name, key, found)
            return found
        if playable(card.layout):
            self.ok.put(name, key, card)   # the same entry a card database makes of this card's file
        return None



def import_sets(paths: Sequence[Path], out: Path, progress: Callable[[int, int], None] | None = None,
                compiler: Compiler | None = None) -> list[SetReport]:
    """Import MTGJSON set files into the folder ``out``; a report per set (in the order given).

    Raises MtgjsonError for a file that can't be read (before anything is written).
    """
    sets = [read_set(Path(p)) for p in paths]
    cards, clashes = _merge(sets)
    existing = _existing(out, cards, clashes)
    compiler = compiler or Compiler()
    outcomes: dict[str, Outcome] = {}
    for i, (key, card) in enumerate(sorted(cards.items())):
        if progress is not None:
            progress(i, len(cards))
        outcomes[key] = _judge(card, compiler)
    out.mkdir(parents=True, exist_ok=True)
    used = {p.name for p in out.glob("*.toml")}
    for key, card in sorted(cards.items()):
        outcome = outcomes[key]
        if outcome.status != WRITTEN:
            continue
        path = card.file or _free_path(out, slug(card.data["name"]), used)
        used.add(path.name)
        text = card_file_text(card.data)
        if tomllib.loads(text) != card.data:   # the writer must give back exactly these fields
            raise AssertionError(f"{card.data['name']}: the card file doesn't read back as written")
        path.write_text(text, encoding="utf-8")
        outcome.file = str(path)
    update_left_out(out, [LeftOut(card.data["name"], tuple(card.sets), _why(outcomes[key]))
                          for key, card in sorted(cards.items())
                          if outcomes[key].status in (NOT_COMPILED, LAYOUT) and not card.basic],
                    [card.data["name"] for key, card in cards.items() if outcomes[key].status == WRITTEN])
    if progress is not None:
        progress(len(cards), len(cards))
    reports = []
    for s in sets:
        report = SetReport(s.code, s.name, s.entries)
        seen = set()
        for c in s.cards:
            key = name_key(c.name)
            if key in seen:
                continue
            seen.add(key)
            clash = clashes.get((s.code, key))
            report.outcomes.append(clash if clash is not None else existing.get(key) or outcomes[key])
        reports.append(report)
    return reports


def _merge(sets: list[SetFile]) -> tuple[dict[str, _Card], dict[tuple[str, str], Outcome]]:
    """The cards of all the sets by name: a reprint is one card with every printing; its fields are
    those of its newest printing. A different card with a name already taken is a clash."""
    cards: dict[str, _Card] = {}
    clashes: dict[tuple[str, str], Outcome] = {}
    ordered = sorted(range(len(sets)), key=lambda i: (sets[i].release, sets[i].code))
    for i in ordered:
        s = sets[i]
        for c in s.cards:
            key = name_key(c.name)
            known = cards.get(key)
            if known is None:
                cards[key] = _Card(dict(c.data), s.release, c.layout, c.basic, [s.code])
                continue
            if card_key(known.data) != card_key(c.data):
                clashes[(s.code, key)] = Outcome(c.name, CLASH, f"a different card with this name is in "
                                                 f"{', '.join(known.sets)}", layout=c.layout, basic=c.basic)
                continue
            printings = merge(_printings(known.data), _printings(c.data))
            data = dict(c.data) if s.release >= known.release else known.data
            data["printings"] = [p.to_data() for p in printings]
            cards[key] = _Card(data, max(s.release, known.release), c.layout, c.basic, known.sets + [s.code])
    return cards, clashes


def _printings(data: dict[str, Any]) -> tuple[Any, ...]:
    try:
        return read_printings(data.get("printings"))
    except CardError:
        return ()


def _existing(out: Path, cards: dict[str, _Card], clashes: dict[tuple[str, str], Outcome]) -> dict[str, Outcome]:
    """Cards of the output folder that the import meets again: the same card takes the folder's
    printings too and keeps its file; a different card keeps its file and the imported one isn't written."""
    taken: dict[str, Outcome] = {}
    if not out.is_dir():
        return taken
    pool = CardPool([out], read_card_file)
    for key, card in list(cards.items()):
        name = pool.canonical(card.data["name"])
        if name is None:
            continue
        there = pool.cards[name]
        if card_key(there.data) == card_key(card.data):
            card.data["printings"] = [p.to_data() for p in merge(there.printings, _printings(card.data))]
            card.file = Path(there.file)
        else:
            taken[key] = Outcome(card.data["name"], CLASH, f"a different card with this name is in {there.file}",
                                 layout=card.layout, basic=card.basic)
            del cards[key]
    return taken


def _judge(card: _Card, compiler: Compiler) -> Outcome:
    name = card.data["name"]
    layout = layout_of(card.data) if card.layout in CARD_FILE_LAYOUTS else card.layout
    if layout not in CARD_FILE_LAYOUTS:
        return Outcome(name, LAYOUT, f"card files don't describe the {layout!r} layout yet", layout=layout,
                       basic=card.basic)
    problem = compiler.problem(card.data)
    if not playable(layout):
        message, phrase = problem or ("", "")
        return Outcome(name, LAYOUT, f"the engine doesn't play the {layout!r} layout yet"
                       + ("; its text doesn't compile either" if message else ""),
                       phrase, layout=layout, basic=card.basic, compiles=problem is None, compile_error=message)
    if problem is not None:
        return Outcome(name, NOT_COMPILED, problem[0], problem[1], layout=layout, basic=card.basic)
    return Outcome(name, WRITTEN, layout=layout, basic=card.basic, compiles=True)


def _why(outcome: Outcome) -> str:
    """Why a card was left out, for a player: the paragraph the grammar doesn't read yet and the words it
    stopped at, or the layout the engine doesn't play."""
    said = re.match(r"""can't compile (['"])(.*?)\1: """, outcome.message, re.S)
    if outcome.status == NOT_COMPILED and said:
        return f"the engine doesn't read \"{said.group(2)}\" yet" + (
            f" (from \"{outcome.phrase}\")" if outcome.phrase and len(outcome.phrase) > 2 else "")
    return outcome.message


def _free_path(out: Path, stem: str, used: set[str]) -> Path:
    name, n = f"{stem}.toml", 2
    while name in used:
        name, n = f"{stem}-{n}.toml", n + 1
    return out / name
