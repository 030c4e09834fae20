"""The rules behind an event, in the project's own plain words (mtg_tui.rules summaries).

Used by explain mode (each log entry with the summaries of the rules it
cites), by walkthroughs (the rules a page cites) and by the rules reference
screen. Only our summaries are shown inline; the official wording appears
only in the full reference, and only if the user imported it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.text import Text


@lru_cache(maxsize=1)
def _index() -> Any:
    try:
        from ..rules import default_index
        return default_index()
    except Exception:  # the rules index is a help, never a reason to fail
        return None


def index() -> Any:
    return _index()


@lru_cache(maxsize=2048)
def rule_parts(number: str) -> tuple[str, str, str]:
    """(number, title, summary) of a rule; empty strings where unknown."""
    ix = _index()
    if ix is None:
        return number, "", ""
    try:
        e = ix.lookup(number)
    except Exception:
        return number, "", ""
    title = e.title or ""
    if title == "General" and e.title_from:
        # "500.1 General" says little: name the section instead ("Turn Structure").
        try:
            from ..rules.numbering import parent
            above = parent(e.title_from)
            section = ix.title_of(above) if above else None
        except Exception:
            section = None
        if section:
            title = f"{section} (general)"
    return e.number, title, e.summary or ""


def rule_line(number: str, *, dim: bool = False, indent: str = "") -> Text:
    """ "704.5g State-Based Actions: a creature with lethal damage is destroyed ..." """
    num, title, summary = rule_parts(number)
    if title and summary.lower().startswith(title.lower() + ":"):
        summary = summary[len(title) + 1:].strip()
    t = Text(indent)
    t.append(num, style="bold" if not dim else "dim bold")
    if title:
        t.append(f" {title}", style="italic" if not dim else "dim italic")
    if summary:
        t.append(": " if title else " ")
        t.append(summary, style="dim" if dim else "")
    elif not title:
        t.append(" (no summary yet)", style="dim")
    return t


def explanation_lines(cites: tuple[str, ...] | list[str], width: int, *, full: bool, indent: str = "  ") -> list[Text]:
    """The summaries of the rules an entry cites: wrapped in full, or one line each (cut with an ellipsis)."""
    from .widgets.board import flow
    out: list[Text] = []
    for c in cites:
        if full:
            wrapped, _ = flow([rule_line(c, dim=True)], max(10, width - len(indent)))
            out += [Text(indent) + w for w in wrapped]
        else:
            line = rule_line(c, dim=True, indent=indent)
            if line.cell_len > width:
                line.truncate(max(1, width), overflow="ellipsis")
            out.append(line)
    return out


def keyword_lines(reminders: list[tuple[str, str, str]]) -> list[Text]:
    """Each keyword as written, with its reminder text and its rule, from the keyword registry
    ("Menace: Can't be blocked except by two or more creatures. (702.110)")."""
    out = []
    for written, reminder, rule in reminders:
        t = Text(written, style="bold")
        t.append(f": {reminder}")
        if rule:
            t.append(f" ({rule})", style="dim")
        out.append(t)
    return out
