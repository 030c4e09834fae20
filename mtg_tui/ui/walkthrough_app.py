"""``mtg-tui walkthrough NAME``: a rules walkthrough, page by page, in the terminal."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App

from ..engine.view import GameView
from ..walkthroughs.driver import Walkthrough, WalkthroughInfo, catalogue
from .hangup import StopOnSignal
from .screens.overlays import HelpScreen, InspectScreen, LogScreen, RuleReferenceScreen, TextScreen
from .screens.walkthrough import WalkthroughScreen

HELP = """\
A walkthrough is a game set up to show some rules at work,
explained page by page. Each page shows the explanation, what
happened since the page before, and the rules it cites in plain
words. The cards a page is about are marked ~ on the board.

On a page:
  Space, Enter, Right, n   next page
  Esc, Backspace, Left, p  back a page (the game is replayed to it)
  R, r, F5                 restart from the first page
  1-9                      a rule listed on the page, in full, with
                           the rules around it (letters go to them)
  Up/Down, PgUp/PgDn       scroll the page
  Tab, Shift+Tab, then i   pick a card on the board and inspect it
  L                        the whole game log
  N                        on the last page: the next walkthrough
  q, Ctrl+Q                quit

Your decisions: where a page says "Your decision", the game's own
prompt appears at the bottom, with the keys of a game (letters
choose, Space confirms). S makes the walkthrough's choice; Esc
goes back a page. If you choose differently, the game follows your
choice: the next pages show what it led to (the log, life totals,
what differs from the walkthrough), for as long as the rest of the
walkthrough's script still fits your game.

Markers: (T) tapped, (sick) summoning sick, dmg N damage,
  [+1/+1 x2] counters, ATK->Bob attacking, BLK->X blocking,
  3/3* changed power/toughness.
"""


class WalkthroughApp(App[None]):
    """One walkthrough at a time; N on the last page opens the next one."""

    TITLE = "mtg-tui walkthrough"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, info: WalkthroughInfo | None, cards: Any, walk: Walkthrough | None = None,
                 items: list[WalkthroughInfo] | None = None) -> None:
        super().__init__()
        self.cards = cards
        self.items = items if items is not None else catalogue()
        self.info = info
        self.walk = walk if walk is not None else Walkthrough(info.path, cards) if info is not None else None
        self.wt_screen: WalkthroughScreen | None = None
        # A closed terminal ends the walkthrough at once (nothing to save).
        self.signals = StopOnSignal(lambda: None, lambda code: self.exit(return_code=code))

    def on_mount(self) -> None:
        self.signals.install()
        self._show()

    def on_unmount(self) -> None:
        self.signals.restore()

    def _show(self) -> None:
        assert self.walk is not None
        number = self.info.number if self.info is not None else None
        screen = WalkthroughScreen(self.walk, number)
        old = self.wt_screen
        self.wt_screen = screen
        if old is None:
            self.push_screen(screen)
        else:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.switch_screen(screen)

    # -- the screen's requests ---------------------------------------------------------------

    def next_walkthrough(self) -> WalkthroughInfo | None:
        if self.info is None:
            return None
        later = [w for w in self.items if w.number == self.info.number + 1]
        return later[0] if later else None

    def open_next_walkthrough(self) -> None:
        nxt = self.next_walkthrough()
        if nxt is None:
            return
        self.info = nxt
        self.walk = Walkthrough(nxt.path, self.cards)
        self._show()

    def show_walkthrough_help(self, screen: Any) -> None:
        self.push_screen(TextScreen("Help: walkthroughs", Text(HELP), "Esc: close   Up/Down: scroll"))

    def show_reference(self, number: str) -> None:
        self.push_screen(RuleReferenceScreen(number))

    def show_log(self, screen: Any) -> None:
        game = self.walk.game if self.walk is not None else None
        self.push_screen(LogScreen(list(game.log.entries) if game is not None else []))

    def show_inspect_object(self, screen: Any, oid: int) -> None:
        game = self.walk.game if self.walk is not None else None
        if game is None:
            return
        view = GameView(game, None)
        snap = screen.snaps[0] if getattr(screen, "snaps", None) else None
        self.push_screen(InspectScreen(view.inspect(oid), view.find(oid), snap))

    def show_help(self, screen: Any) -> None:  # the game screen's name for it
        self.push_screen(HelpScreen())


__all__ = ["WalkthroughApp"]
