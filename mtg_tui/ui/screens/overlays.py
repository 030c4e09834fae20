"""Screens over the board: inspect a card, the rules a log entry cites, a zone or the whole log,
help, confirmations and the end of the game."""

from __future__ import annotations

from typing import Any, Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.log import LogEntry
from ...engine.view import Inspection, ObjectView
from .. import text as tx
from ..widgets.board import card_lines

LABELS = "abcdefghjklmnopqrstuvwxyz"


def body_width() -> int:
    """The width of a box's text in this terminal (overlays.tcss: 90% wide, at most 110, with a border,
    padding and a scroll bar)."""
    from textual._context import active_app
    try:
        width = active_app.get().size.width
    except LookupError:
        width = 80
    return max(20, min(110, int(width * 0.9)) - 6)


class Overlay(ModalScreen[Any]):
    """A box in the middle of the screen; Esc (or q) closes it."""

    CSS_PATH = "overlays.tcss"
    close_keys = ("escape", "q", "enter", "space")

    def __init__(self, title: str, body: Text | None = None, keys: str = "Esc: close") -> None:
        super().__init__()
        self.title_text = title
        self.body = body or Text("")
        self.keys_text = keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="overlay-box"):
            yield Static(Text(self.title_text, style="bold"), classes="overlay-title")
            with VerticalScroll(classes="overlay-scroll"):
                yield Static(self.body, classes="overlay-body")
            yield Static(Text(self.keys_text, style="bold reverse"), classes="overlay-keys")

    def set_body(self, body: Text) -> None:
        self.body = body
        if self.is_mounted:
            self.query_one(".overlay-body", Static).update(body)

    def dismiss(self, result: Any = None) -> Any:
        """Close once: keys queued before the box closed (or after something above it was closed for it)
        must not close whatever is under it."""
        if self.app.screen is not self:
            return None
        return super().dismiss(result)

    def on_key(self, event: events.Key) -> None:
        if event.key in ("ctrl+q", "ctrl+p", "ctrl+c"):
            return
        if self.app.screen is not self:
            event.stop()
            return
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            scroll = self.query_one(".overlay-scroll", VerticalScroll)
            {"up": scroll.scroll_up, "down": scroll.scroll_down, "pageup": scroll.scroll_page_up,
             "pagedown": scroll.scroll_page_down, "home": scroll.scroll_home,
             "end": scroll.scroll_end}[event.key](animate=False)
            event.stop()
            return
        event.stop()
        self.key(event.key, event.character)

    def key(self, key: str, char: str | None) -> None:
        if key in self.close_keys or char == "?":
            self.dismiss(None)


def inspection_text(ins: Inspection | None, obj: ObjectView | None, snap: Any) -> Text:
    o = ins.object if ins is not None else obj
    if o is None:
        return Text("Nothing to show: it is no longer there, or hidden from you.")
    lines = card_lines(o, snap)
    if o.reminders:
        from ..explain import keyword_lines
        lines.append(Text(""))
        lines.append(Text("Keywords:", style="bold"))
        lines += keyword_lines(o.reminders)
    if ins is not None:
        lines.append(Text(""))
        if ins.modifiers:
            lines.append(Text("What is changing it now:", style="bold"))
            for m in ins.modifiers:
                lines.append(Text(f"- {m.source}: {m.text} ({m.kind})"))
        else:
            lines.append(Text("Nothing is changing it now: it is as printed.", style="dim"))
    else:
        lines.append(Text("(What changes it shows once the computer has acted.)", style="dim"))
    return Text("\n").join(lines)


class InspectScreen(Overlay):
    def __init__(self, ins: Inspection | None, obj: ObjectView | None, snap: Any) -> None:
        o = ins.object if ins is not None else obj
        super().__init__(f"Inspect: {o.name}" if o else "Inspect", inspection_text(ins, obj, snap))


LINK_LABELS = "abcdefghjklmnoprstuvwxyz"   # no i, no q (q closes)
MAX_LINKS = len(LINK_LABELS)


def rules_text(entry: LogEntry) -> tuple[Text, list[str]]:
    """A log entry and the rules it cites, each with a letter that opens the full reference."""
    from ..explain import rule_line
    t = tx.log_entry(entry)
    t.append("\n\n")
    if not entry.cites:
        t.append("This entry cites no rule.", style="dim")
        return t, []
    t.append("The rules it cites (a letter opens the full reference, with the rules around it):", style="dim")
    links = list(entry.cites)[:MAX_LINKS]
    for label, c in zip(LINK_LABELS, links):
        t.append("\n")
        t.append(f"{label}) ", style="bold")
        t.append_text(rule_line(c))
    return t, links


class RulesScreen(Overlay):
    """What a log entry cites; a letter opens that rule's full reference."""

    def __init__(self, entry: LogEntry) -> None:
        body, self.links = rules_text(entry)
        self.entry = entry
        super().__init__("The rules this cites", body, "letter: the full reference   Esc: close")

    def key(self, key: str, char: str | None) -> None:
        if char and char in LINK_LABELS[: len(self.links)]:
            self.app.push_screen(RuleReferenceScreen(self.links[LINK_LABELS.index(char)],
                                                     context=tx.log_entry(self.entry)))
            return
        super().key(key, char)


def open_rules(app: Any, entry: LogEntry) -> None:
    """Inspecting a log entry: the full reference of the rule it cites (a list first if it cites several)."""
    if len(entry.cites) == 1:
        app.push_screen(RuleReferenceScreen(entry.cites[0], context=tx.log_entry(entry)))
    else:
        app.push_screen(RulesScreen(entry))


def _label(index: Any, number: str) -> str:
    try:
        title = index.title_of(number)
    except Exception:
        title = None
    return f"{number} {title}" if title else number


def reference_text(number: str, context: Text | None = None) -> tuple[str, Text, list[str]]:
    """One rule in full: title, our summary, the official text if the user imported it, and its neighbours.

    Returns the heading, the body and the rule numbers the body's letters lead to.
    """
    from ..explain import index as rules_index
    from ..explain import rule_parts
    ix = rules_index()
    body = Text()
    if context is not None:
        body.append("From the log: ", style="dim")
        body.append_text(context)
        body.append("\n\n")
    if ix is None:
        body.append("The rules reference can't be read.", style="dim")
        return f"Rule {number}", body, []
    try:
        entry = ix.lookup(number)
    except Exception as e:
        body.append(str(e), style="dim")
        return f"Rule {number}", body, []
    heading = f"Rule {entry.number}" + (f"  {entry.title}" if entry.title else "")
    if entry.title_from and entry.title_from != entry.number:
        heading += f"  (in {entry.title_from})"
    body.append("In plain words: ", style="bold")
    if entry.summary:
        body.append(entry.summary)
    else:
        body.append("no summary for this rule yet.", style="dim")
    if entry.official_text and entry.official_text != entry.title:
        body.append("\n\nOfficial text (imported): ", style="bold")
        body.append(entry.official_text)
    links: list[str] = []

    def link(kind: str, n: str | None) -> None:
        if n is None or len(links) >= MAX_LINKS:
            return
        label = LINK_LABELS[len(links)]
        links.append(n)
        body.append("\n")
        body.append(f"{label}) ", style="bold")
        body.append(f"{kind}: ", style="dim")
        _, title, summary = rule_parts(n)
        body.append(_label(ix, n), style="bold")
        if summary:
            short = summary if len(summary) <= 70 else summary[:69].rstrip() + "…"
            body.append(f"  {short}", style="dim")

    near = ix.neighbours(entry.number)
    body.append("\n\nAround it:", style="bold")
    link("parent", near.parent)
    link("previous", near.previous)
    link("next", near.next)
    for child in near.children:
        link("part", child)
    if len(near.children) + 3 > MAX_LINKS:
        body.append("\n(more parts: mtg-tui rules " + entry.number + ")", style="dim")
    return heading, body, links


class RuleReferenceScreen(Overlay):
    """The full reference of one rule, as ``mtg-tui rules NUMBER`` shows it; letters move to the rules
    around it, Backspace goes back."""

    def __init__(self, number: str, context: Text | None = None) -> None:
        self.number = number
        self.context = context
        self.history: list[str] = []
        heading, body, self.links = reference_text(number, context)
        super().__init__(heading, body, "letter: go there   Backspace: back   Up/Down: scroll   Esc: close")

    def show(self, number: str) -> None:
        self.number = number
        heading, body, self.links = reference_text(number, self.context if not self.history else None)
        self.title_text = heading
        if self.is_mounted:
            self.query_one(".overlay-title", Static).update(Text(heading, style="bold"))
            self.query_one(".overlay-scroll", VerticalScroll).scroll_home(animate=False)
        self.set_body(body)

    def key(self, key: str, char: str | None) -> None:
        if char and char in LINK_LABELS[: len(self.links)]:
            self.history.append(self.number)
            self.show(self.links[LINK_LABELS.index(char)])
            return
        if key == "backspace":
            if self.history:
                self.show(self.history.pop())
            return
        super().key(key, char)


class TextScreen(Overlay):
    """Any text in a box (the walkthroughs' help)."""


class ListScreen(Overlay):
    """A list (a graveyard, an exile zone); a letter inspects an item."""

    def __init__(self, title: str, items: list[tuple[Text, int | None]], on_inspect: Callable[[int], None]) -> None:
        self.items = items
        self.on_inspect = on_inspect
        body = Text()
        for i, (t, oid) in enumerate(items):
            if i:
                body.append("\n")
            label = LABELS[i] if i < len(LABELS) and oid is not None else " "
            body.append(f"{label}) " if label.strip() else "   ", style="bold")
            body.append_text(t)
        if not items:
            body = Text("(empty)", style="dim")
        super().__init__(title, body, "letter: inspect   Esc: close")

    def key(self, key: str, char: str | None) -> None:
        if char and char in LABELS:
            i = LABELS.index(char)
            if i < len(self.items) and self.items[i][1] is not None:
                self.on_inspect(self.items[i][1])  # type: ignore[arg-type]
                return
        super().key(key, char)


class LogScreen(Overlay):
    """The whole log, with every step, scrolled to the end."""

    def __init__(self, entries: list[LogEntry]) -> None:
        body = Text("\n").join(tx.log_entry(e) for e in entries) if entries else Text("(empty)")
        super().__init__(f"Game log ({len(entries)} entries; rule numbers in brackets)", body,
                         "Up/Down/PgUp/PgDn: scroll   Esc: close")

    def on_mount(self) -> None:
        # Anchored: it stays on the newest entry through the first layouts (a title that wraps at a
        # narrow width shortens the scroll area after mounting), until the player scrolls.
        self.query_one(".overlay-scroll", VerticalScroll).anchor()


class ConfirmScreen(Overlay):
    """A yes/no question: y or Enter is yes; n or Esc is no."""

    close_keys = ()

    def __init__(self, title: str, text: str) -> None:
        super().__init__(title, Text(text), "y: yes   n/Esc: no")

    def key(self, key: str, char: str | None) -> None:
        if char in ("y", "Y") or key == "enter":
            self.dismiss(True)
        elif char in ("n", "N") or key == "escape":
            self.dismiss(False)


class GameOverScreen(Overlay):
    """The result, and what next: new game, rematch, quit, or look at the board."""

    close_keys = ("escape",)

    def __init__(self, result: str, detail: str) -> None:
        super().__init__("Game over", Text(result + "\n\n" + detail),
                         "N: new game   R: rematch   Q: quit   Esc: look at the board")

    def key(self, key: str, char: str | None) -> None:
        if char in ("n", "N"):
            self.dismiss("new")
        elif char in ("r", "R"):
            self.dismiss("rematch")
        elif char in ("q", "Q"):
            self.dismiss("quit")
        elif key in ("escape", "enter", "space"):
            self.dismiss(None)


# Paragraphs without line breaks of their own: the box wraps them to its width.
MARKERS = (
    "Markers: (T) tapped, (sick) summoning sick, dmg N damage, [+1/+1 x2] counters, ATK->Bob attacking, "
    "BLK->X blocking, +Rancor attached, 3/3* changed power/toughness, + in your hand: you can play it now. "
    "Mana always shows its letters: {2}{W}{U}.\n\n"
    "The game passes for you when you have nothing to do but pass (mana abilities aside), and where no stop "
    "applies. It always asks you to declare attackers and blockers."
)


def phase_legend() -> str:
    """What the step bar at the top says."""
    from ..stops import STOP_STEPS
    names = {"upkeep": "upkeep", "draw": "draw", "main1": "main 1", "beginning_of_combat": "beginning of combat",
             "declare_attackers": "declare attackers", "declare_blockers": "declare blockers",
             "combat_damage": "combat damage", "end_of_combat": "end of combat", "main2": "main 2",
             "end": "end step"}
    steps = ", ".join(f"{short} {names.get(step, step)}" for step, short in STOP_STEPS)
    return (f"The step bar: {steps}. [M1] is the step now; * marks a step where you stop "
            "(keys 1-0 set them, separately for your turns and the opponent's).")


class HelpScreen(Overlay):
    """Help: what is asked now and the keys that apply, then the step bar and every key of the game.

    Installed once and reused: opening it again changes only the few lines about now."""

    def __init__(self, context: str = "", now: list[tuple[str, str]] | None = None) -> None:
        self.width = body_width()
        super().__init__("Help", self.now_text(context, now or []), "Esc: close   Up/Down/PgUp/PgDn: scroll")

    def compose(self) -> ComposeResult:
        with Vertical(classes="overlay-box"):
            yield Static(Text(self.title_text, style="bold"), classes="overlay-title")
            with VerticalScroll(classes="overlay-scroll"):
                yield Static(self.body, classes="overlay-body")
                yield Static(self.keys_text_for(self.width), classes="help-keys")
            yield Static(Text(self.keys_text, style="bold reverse"), classes="overlay-keys")

    def set_context(self, context: str, now: list[tuple[str, str]]) -> None:
        self.set_body(self.now_text(context, now))
        if self.is_mounted:
            self.query_one(".overlay-scroll", VerticalScroll).scroll_home(animate=False)
            if body_width() != self.width:
                self.width = body_width()
                self.query_one(".help-keys", Static).update(self.keys_text_for(self.width))

    @staticmethod
    def now_text(context: str, now: list[tuple[str, str]]) -> Text:
        body = Text()
        if context:
            body.append(context + "\n", style="bold")
        now = [(k, w) for k, w in now if k != "?"]
        if now:
            body.append("Keys now: ", style="bold")
            for i, (k, what) in enumerate(now):
                if i:
                    body.append("   ")
                body.append(k, style="bold reverse")
                body.append(f" {what}")
            body.append("\n")
        return body

    @staticmethod
    def keys_text_for(width: int) -> Text:
        from ..keys import help_lines
        return Text("\n" + phase_legend() + "\n\n" + "\n".join(help_lines(width)) + "\n\n" + MARKERS)

    @property
    def text(self) -> str:
        """Everything the help says (for tests)."""
        return self.body.plain + self.keys_text_for(self.width).plain


class MenuScreen(Overlay):
    """The game's menu (Ctrl+P): a letter, or the arrows and Enter, picks an item; Esc closes."""

    close_keys = ("escape", "q")

    def __init__(self, items: list[tuple[str, str, str]]) -> None:
        self.items = items                # (key, name, what it does)
        self.cursor = 0
        super().__init__("Menu", self._body(), "letter or Enter: choose   Esc: close")

    def _body(self) -> Text:
        body = Text()
        for i, (key, name, what) in enumerate(self.items):
            if i:
                body.append("\n")
            line = Text()
            line.append(f"{key}) ", style="bold")
            line.append(name, style="bold")
            line.append(f"  {what}", style="dim")
            if i == self.cursor:
                line.stylize("reverse")
            body.append_text(line)
        return body

    def on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down") and self.app.screen is self and self.items:
            self.cursor = (self.cursor + (1 if event.key == "down" else -1)) % len(self.items)
            self.set_body(self._body())
            event.stop()
            return
        super().on_key(event)

    def key(self, key: str, char: str | None) -> None:
        if key == "enter" and self.items:
            self.dismiss(self.items[self.cursor][0])
            return
        for k, _, _ in self.items:
            if char == k or key == k:
                self.dismiss(k)
                return
        if key in self.close_keys:
            self.dismiss(None)
