"""The hot-seat hand-off: hides everything private until the next player is at the keyboard."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...engine.log import LogEntry
from .. import text as tx


class HandoffScreen(Screen[None]):
    """Two stages: "Pass to Bob, press Enter", then what happened since Bob last looked."""

    CSS_PATH = "handoff.tcss"

    def __init__(self, name: str, why: str, summary_of: object) -> None:
        super().__init__()
        self.player_name = name
        self.why = why
        self.summary_of = summary_of      # called when the player is there: returns the log entries
        self.entries: list[LogEntry] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static(id="handoff-title")
            yield Static(id="handoff-why")
            with VerticalScroll(id="handoff-log"):
                yield Static(id="handoff-summary")
            yield Static(id="handoff-keys")

    def on_mount(self) -> None:
        self.show_stage()

    def show_stage(self) -> None:
        title = self.query_one("#handoff-title", Static)
        why = self.query_one("#handoff-why", Static)
        summary = self.query_one("#handoff-summary", Static)
        keys = self.query_one("#handoff-keys", Static)
        if self.entries is None:
            title.update(Text(f"Pass to {self.player_name}", style="bold"))
            why.update(Text(f"{self.why}\nEverything private is hidden until {self.player_name} is at the keyboard."))
            summary.update(Text(""))
            self.query_one("#handoff-log").display = False
            keys.update(Text(f"{self.player_name}: press Enter", style="bold reverse"))
        else:
            title.update(Text(f"{self.player_name}, since you last looked:", style="bold"))
            why.update(Text(self.why))
            self.query_one("#handoff-log").display = True
            if self.entries:
                summary.update(Text("\n").join(tx.log_entry(e) for e in self.entries[-200:]))
            else:
                summary.update(Text("Nothing new.", style="dim"))
            keys.update(Text("Enter: to the board   Up/Down: scroll", style="bold reverse"))

    def on_key(self, event: events.Key) -> None:
        if event.key in ("ctrl+q", "ctrl+p", "ctrl+c"):
            return
        if self.app.screen is not self:
            event.stop()      # queued before this screen closed: it must not close what is under it
            return
        if event.key in ("up", "down", "pageup", "pagedown"):
            return
        event.stop()
        if event.key not in ("enter", "space"):
            return
        if self.entries is None:
            self.entries = list(self.summary_of())  # type: ignore[operator]
            if not self.entries:
                self.dismiss(None)
                return
            self.show_stage()
            return
        self.dismiss(None)
