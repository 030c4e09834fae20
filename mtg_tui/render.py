"""Rich renderings of mana and cards for the terminal (colour never carries meaning alone)."""

from __future__ import annotations

import re

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from .cardtext.printings import Printing
from .engine.objects import CardDef

MANA_STYLES = {"W": "#F5F0D0", "U": "#4AA8FF", "B": "#B98BE0", "R": "#FF6B5E", "G": "#3DC46B", "C": "#B8B8B8"}
GOLD = "#E8B84A"
_SYMBOL = re.compile(r"\{([^}]+)\}")


def mana_text(text: str) -> Text:
    """``{2}{G}{G}`` with each symbol in its colour; the letters stay, so colour is never alone."""
    out = Text()
    pos = 0
    for m in _SYMBOL.finditer(text):
        out.append(text[pos:m.start()])
        body = m.group(1).upper()
        colors = [c for c in body.split("/") if c in MANA_STYLES]
        style = MANA_STYLES[colors[0]] if len(colors) == 1 else (GOLD if colors else MANA_STYLES["C"])
        out.append("{" + m.group(1) + "}", style=f"bold {style}")
        pos = m.end()
    out.append(text[pos:])
    return out


def card_colors_style(card: CardDef) -> str:
    cols = card.colors
    if not cols:
        return MANA_STYLES["C"]
    if len(cols) > 1:
        return GOLD
    return MANA_STYLES[cols[0]]


def printings_text(printings: tuple[Printing, ...]) -> Text:
    """Where a card was printed, a line a set: ``DOM 60 common``, ``XLN 260, 261 common``."""
    by_set: dict[str, list[Printing]] = {}
    for p in printings:
        by_set.setdefault(p.set, []).append(p)
    lines = [f"{code} {', '.join(p.number for p in ps)} {'/'.join(dict.fromkeys(p.rarity for p in ps))}"
             for code, ps in by_set.items()]
    return Text("\n".join(lines), style="dim")


def card_panel(card: CardDef, printings: tuple[Printing, ...] = ()) -> Panel:
    """A card in a box: name and cost, type line, rules text, then power/toughness or loyalty, then the
    printings (set, collector number, rarity) when given."""
    title = Text(card.name, style="bold")
    if card.mana_cost.symbols:
        title.append("  ")
        title.append_text(mana_text(card.mana_cost.text))
    body = [Text(card.type_line, style="italic")]
    if card.text:
        body.append(Text(""))
        for para in card.text.split("\n"):
            body.append(mana_text(para))
    footer = ""
    if card.power is not None:
        footer = f"{card.power}/{card.toughness}"
    elif card.loyalty is not None:
        footer = f"Loyalty {card.loyalty}"
    if footer:
        body.append(Text(""))
        body.append(Text(footer, style="bold", justify="right"))
    if printings:
        body.append(Text(""))
        body.append(printings_text(printings))
    return Panel(Group(*body), title=title, title_align="left", border_style=card_colors_style(card),
                 width=48)
