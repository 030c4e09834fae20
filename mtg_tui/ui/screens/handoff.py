"""The hot-seat hand-off: hides everything private until the next player is at the keyboard.

One screen, one key: "Pass to Bob, press Enter", then the board, where the log shows what happened since
Bob's last decision. It says only what the table can see (whose decision, what is on the stack), never
whether the player could respond.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    CSS_PATH = "handoff.tcss"

    def __init__(self, name: str, why: str) -> None:
        super().__init__()
        self.player_name = name
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static(Text(f"Pass to {self.player_name}", style="bold"), id="handoff-title")
            yield Static(Text(f"{self.why}\nEverything private is hidden until {self.player_name} is at the "
                              "keyboard."), id="handoff-why")
            yield Static(Text(f"{self.player_name}: press Enter", style="bold reverse"), id="handoff-keys")

    def on_key(self, event: events.Key) -> None:
        if event.key in ("ctrl+q", "ctrl+p", "ctrl+c"):
            return
        event.stop()
        if self.app.screen is not self:
            return      # queued before this screen closed: it must not close what is under it
        if event.key in ("enter", "space"):
            self.dismiss(None)
