"""Reading MTGJSON set files into card-file fields.

MTGJSON (mtgjson.com) publishes every Magic set as JSON. Both its version 4
set files (the set object at the top) and version 5 (the same object under
``"data"``) are read. The fields used are MTGJSON's own: ``name``,
``faceName`` (v5), ``names`` and ``side`` (v4), ``layout``, ``manaCost``,
``colors``, ``type``, ``text``, ``power``, ``toughness``, ``loyalty``,
``rarity`` and ``number``.

A card with several faces has one entry per face: v4 lists the faces'
names in ``names``, v5 names each entry "A // B" with its own ``faceName``.
Faces become one card with ``layout`` and ``faces`` (docs/cards.md). The
text is MTGJSON's, but for the way it writes a loyalty cost: ``[+1]:``
becomes ``+1:`` as printed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..textfile import TextFileError, read_text
from .printings import RARITIES

# A set file with every language's text is some tens of megabytes; a file without end stops here.
MAX_SET_BYTES = 256 * 1024 * 1024

# MTGJSON layouts a card file describes; any other (flip, meld, adventure, modal double-faced...) is left
# out as a layout the card files can't hold yet.
CARD_FILE_LAYOUTS = ("normal", "split", "transform", "saga")
MULTI_FACE = ("split", "transform", "flip", "meld", "aftermath", "adventure", "modal_dfc", "double_faced_token",
              "reversible_card")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

_LOYALTY = re.compile(r"^\[([+\u2212\-]?(?:\d+|X))\]:", re.M)


class MtgjsonError(ValueError):
    """A file that isn't an MTGJSON set file, or a card in it that can't be read; the message says which."""


@dataclass
class SetCard:
    """One card of a set: its card-file fields (``printings`` holds this set's printing)."""

    name: str
    data: dict[str, Any]
    layout: str                 # MTGJSON's layout ("normal", "split", "transform", "saga", "flip"...)

    @property
    def basic(self) -> bool:
        return "Basic" in str(self.data.get("type", "")).split("—")[0].split()


@dataclass
class SetFile:
    code: str
    name: str
    release: str                # the release date, YYYY-MM-DD (orders printings of one card: newest text wins)
    cards: list[SetCard] = field(default_factory=list)
    entries: int = 0            # MTGJSON entries (one a face)


def read_set(path: Path) -> SetFile:
    """An MTGJSON v4 or v5 set file; MtgjsonError names the file and what is wrong."""
    try:
        raw = json.loads(read_text(path, limit=MAX_SET_BYTES))
    except TextFileError as e:
        raise MtgjsonError(str(e)) from None
    except json.JSONDecodeError as e:
        raise MtgjsonError(f"{path}: not a JSON file: {e}") from None
    except RecursionError:
        raise MtgjsonError(f"{path}: not an MTGJSON set file: its lists or tables are nested too deeply") from None
    if isinstance(raw, dict) and isinstance(raw.get("data"), dict):
        raw = raw["data"]   # version 5
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list) or not isinstance(raw.get("code"), str):
        raise MtgjsonError(f"{path}: not an MTGJSON set file (a set has a \"code\" and a list of \"cards\")")
    code = raw["code"].strip().upper()
    out = SetFile(code, str(raw.get("name", code)), str(raw.get("releaseDate", "")), entries=len(raw["cards"]))
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for i, entry in enumerate(raw["cards"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise MtgjsonError(f"{path}: card {i + 1} has no name")
        groups.setdefault(_group_key(entry, i), []).append(entry)
    for entries in groups.values():
        try:
            out.cards.append(_card(entries, code))
        except (KeyError, TypeError, ValueError) as e:
            raise MtgjsonError(f"{path}: {entries[0].get('name')}: can't read the card ({e})") from None
    return out


def _group_key(entry: dict[str, Any], index: int) -> tuple[Any, ...]:
    """Entries that are faces of one card share a key; any other entry has its own."""
    layout = str(entry.get("layout", "normal"))
    number = re.sub(r"[a-z]$", "", str(entry.get("number", "")))
    if layout in MULTI_FACE:
        if "faceName" in entry or " // " in entry["name"]:
            return ("v5", entry["name"], number)
        names = entry.get("names")
        if isinstance(names, list) and len(names) > 1:
            return ("v4", tuple(names), number)
    return ("one", index)


def _card(entries: list[dict[str, Any]], code: str) -> SetCard:
    first = entries[0]
    layout = str(first.get("layout", "normal"))
    printing = {"set": code, "rarity": _rarity(first.get("rarity")), "number": str(first.get("number", ""))}
    if layout not in MULTI_FACE or len(entries) == 1 and layout not in ("split", "transform"):
        data = _face(first)
        data["printings"] = [printing]
        return SetCard(data["name"], data, layout)
    faces = sorted(entries, key=lambda e: (str(e.get("side", "")), _face_name(e)))
    printing["number"] = re.sub(r"[a-z]$", "", printing["number"])
    # A split card's entries give the whole card's colors; each half's come from its own cost.
    face_data = [_face(e, indicator=layout not in ("split", "aftermath")) for e in faces]
    names = [f["name"] for f in face_data]
    name = " // ".join(names) if layout in ("split", "aftermath") else names[0]
    data = {"name": name, "layout": layout, "printings": [printing], "faces": face_data}
    return SetCard(name, data, layout)


def _face_name(entry: dict[str, Any]) -> str:
    return str(entry.get("faceName") or entry["name"])


def _face(entry: dict[str, Any], indicator: bool = True) -> dict[str, Any]:
    """The card-file fields of one face (or of a card with one face)."""
    data: dict[str, Any] = {"name": _face_name(entry)}
    cost = entry.get("manaCost")
    if cost:
        data["cost"] = str(cost)
    data["type"] = str(entry["type"])
    for key in ("power", "toughness"):
        if entry.get(key) is not None:
            data[key] = _number(entry[key])
    if entry.get("loyalty") is not None:
        data["loyalty"] = _number(entry["loyalty"])
    colors = [c for c in "WUBRG" if c in (entry.get("colors") or [])]
    cost_colors = [c for c in "WUBRG" if c in re.sub(r"[^A-Z/]", "", str(cost or ""))]
    if indicator and colors and colors != cost_colors:
        data["color_indicator"] = [COLOR_NAMES[c] for c in colors]   # colors not from a mana cost (204)
    text = str(entry.get("text") or "").strip()
    if text:
        data["text"] = _LOYALTY.sub(r"\1:", text)
    return data


def _number(value: Any) -> int | str:
    s = str(value).strip()
    return int(s) if s.lstrip("-").isdigit() else s


def _rarity(value: Any) -> str:
    r = str(value or "").strip().lower()
    return r if r in RARITIES else "special"
