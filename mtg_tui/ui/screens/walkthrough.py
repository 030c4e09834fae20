"""A walkthrough on screen: the board, the narration with the rules it cites, and the reader's decisions.

Each page of the walkthrough (``mtg_tui.walkthroughs.driver``) shows what
happened since the page before (the game log, refused attempts), the
narration, and the rules it cites with our plain-words summaries. The cards
a page is about are marked on the board (~). Where the walkthrough hands a
decision to the reader, the game's own prompt for that decision appears at
the bottom; the pages after it explain what the choice actually did.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...engine.decisions import IllegalAnswer
from ...engine.log import LogEntry
from ...engine.view import GameView
from ...walkthroughs.driver import Page, Walkthrough
from .. import text as tx
from ..explain import rule_line
from ..prompts import Answer, Cancel, Inspect, NumberPrompt, PromptState, Redraw, prompt_for
from ..snapshot import Snapshot, take
from ..widgets.board import (
    BattlefieldZone,
    HandZone,
    Item,
    KeyBar,
    PlayerLine,
    PromptPanel,
    StackZone,
    StatusBar,
    Zone,
    flow,
)

BOARD_ZONES = ("p1-hand", "p1-bf", "stack", "p0-bf", "p0-hand")
NEXT_KEYS = ("space", "enter", "right", "n", "f2")
BACK_KEYS = ("left", "backspace", "escape", "p", "b")
SCROLL_KEYS = ("up", "down", "pageup", "pagedown", "home", "end")
MAX_RULES = 9


class SeatLine(PlayerLine):
    """A player's line, without "(you)": the reader watches both seats."""

    def render(self) -> Text:
        s = self.snap
        if s is None:
            return Text()
        return tx.player_line(s.players[self.player], s, False)


class SeatHand(HandZone):
    """A player's hand, open (a walkthrough hides nothing), without the "playable" marks of a game."""

    def items(self) -> list[Item | None]:
        s = self.snap
        if s is None or s.hand is None:
            return []
        return [Item(o.id, tx.hand_card(o, False)) for o in s.hand]


def named_objects(text: str, objects: list[tuple[int, str]]) -> set[int]:
    """The objects a narration names: by full name, else by a distinctive word of the name ("the Bears")."""
    found: set[int] = set()
    rest = text
    names = sorted({n for _, n in objects}, key=len, reverse=True)
    for name in names:
        pattern = re.compile(r"\b" + re.escape(name) + r"(?:'s|s)?\b")
        if pattern.search(rest):
            found.update(i for i, n in objects if n == name)
            rest = pattern.sub(" ", rest)
    for name in names:
        if any(i in found for i, n in objects if n == name):
            continue
        words = [w for w in re.findall(r"[A-Z][a-z]{3,}", name)]
        for w in words:
            if re.search(r"\b" + re.escape(w) + r"(?:'s|s|es)?\b", rest):
                found.update(i for i, n in objects if n == name)
                break
    return found


def hanging(first: str, text: Text, width: int, indent: int | None = None) -> list[Text]:
    """``text`` wrapped to ``width`` after the prefix ``first``, its later lines indented under the text."""
    pad = len(first) if indent is None else indent
    lines, _ = flow([text], max(10, width - pad))
    return [Text(first if k == 0 else " " * pad) + line for k, line in enumerate(lines)] or [Text(first)]


class WalkthroughScreen(Screen):
    CSS_PATH = "walkthrough.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    def __init__(self, walk: Walkthrough, number: int | None = None) -> None:
        super().__init__()
        self.walk = walk
        self.number = number           # the walkthrough's number in the list, if known
        self.snaps: list[Snapshot] = []
        self.state: PromptState | None = None
        self.rules: list[str] = []     # the rules listed on the page, for 1-9
        self.highlight: set[int] = set()
        self.focus_index: int | None = None   # Tab: a card on the board, for i
        self.shown_page: Page | None = None

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="wt-title")
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield SeatLine(id="p1-info")
                yield SeatHand(id="p1-hand")
                yield BattlefieldZone(id="p1-bf")
                yield StackZone(id="stack")
                yield BattlefieldZone(id="p0-bf")
                yield SeatLine(id="p0-info")
                yield SeatHand(id="p0-hand")
            with VerticalScroll(id="story"):
                yield Static(id="story-text")
        yield PromptPanel(id="prompt")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#stack", Zone).zone_title = "STACK (top first):"
        self.refresh_page()
        self.call_after_refresh(self.redraw)     # the page's text is wrapped to the width laid out

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.redraw)

    # -- drawing -----------------------------------------------------------------------------

    @property
    def page(self) -> Page:
        return self.walk.page

    def refresh_page(self) -> None:
        """Draw the current page (after next, back, restart or an answer)."""
        page = self.page
        game = self.walk.game
        self.snaps = [take(GameView(game, i), i) for i in range(2)] if game is not None else []
        self.state = None
        if page.kind == "decision" and page.decision is not None and self.snaps and page.player is not None:
            self.state = PromptState(prompt_for(page.decision, self.snaps[page.player]), page.decision)
        if page is not self.shown_page:
            self.shown_page = page
            self.focus_index = None
            self.query_one("#story", VerticalScroll).scroll_home(animate=False)
        self.redraw()

    def redraw(self) -> None:
        page = self.page
        self._draw_title(page)
        if self.snaps:
            self._draw_board(page)
        else:
            for zid in ("p1-info", "p1-hand", "p1-bf", "stack", "p0-bf", "p0-info", "p0-hand"):
                self.query_one(f"#{zid}").display = False
        story, self.rules = self.story(page)
        self.query_one("#story-text", Static).update(story)
        self._draw_prompt(page)

    def _draw_title(self, page: Page) -> None:
        width = self.size.width or 80
        total = max(self.walk.total, page.number + 1)
        right = Text(f"  page {page.number + 1}/{total}")
        if page.diverged:
            right.append(" ")
            right.append(" your own line ", style="bold reverse")
        where = f"Walkthrough {self.number}: " if self.number else "Walkthrough: "
        left = Text(where, style="bold") + Text(self.walk.title, style="bold")
        room = width - right.cell_len
        if left.cell_len > room:
            left.truncate(max(1, room), overflow="ellipsis")
        left.pad_right(max(0, room - left.cell_len))
        self.query_one("#wt-title", Static).update(left + right)

    def _board_objects(self) -> list[tuple[int, str]]:
        objs: dict[int, str] = {}
        for snap in self.snaps:
            for oid, o in snap.objects.items():
                if o.zone in ("battlefield", "hand"):
                    objs[oid] = o.name
            for s in snap.stack:
                objs[s.id] = s.name
        return list(objs.items())

    def _draw_board(self, page: Page) -> None:
        s0, s1 = self.snaps
        status = self.query_one(StatusBar)
        status.changed((id(s0),))
        status.set_snapshot(s0)
        for pi, snap in ((0, s0), (1, s1)):
            info = self.query_one(f"#p{pi}-info", SeatLine)
            info.player = pi
            info.set_snapshot(s0)
            info.refresh()
            hand = self.query_one(f"#p{pi}-hand", SeatHand)
            hand.zone_title = f"{snap.players[pi].name}'s hand:"
            hand.display = bool(snap.hand)
            hand.set_snapshot(snap)
            bf = self.query_one(f"#p{pi}-bf", BattlefieldZone)
            bf.player = pi
            bf.zone_title = f"{snap.players[pi].name}:"
            bf.set_snapshot(s0)
        stack = self.query_one("#stack", StackZone)
        stack.display = bool(s0.stack)
        stack.set_snapshot(s0)
        # What this page is about: the objects of its log entries and those its narration names.
        ids: set[int] = set()
        for e in self.walk.log(page):
            if len(e.objects) <= 3:     # "draws 7 cards" would mark a whole hand
                ids.update(e.objects)
        if page.text and not (page.diverged and page.kind != "decision"):
            # (After the reader's own choice, the script's text may name what isn't so in this game.)
            ids |= named_objects(page.text, self._board_objects())
        if self.state is not None:
            oid = self.state.prompt.highlighted_oid()
            if oid is not None:
                ids.add(oid)
        self.highlight = ids
        focus = self._focus_target()
        for zid in BOARD_ZONES:
            z = self.query_one(f"#{zid}", Zone)
            z.highlight = ids
            z.focused = focus is not None and focus[0] == zid
            z.cursor = focus[1] if focus is not None and focus[0] == zid else 0
            z.refresh(layout=True)

    # -- the story: what happened, the narration, the rules ---------------------------------

    def story(self, page: Page) -> tuple[Text, list[str]]:
        story = self.query_one("#story")
        width = max(30, (story.size.width or 80) - 4)
        wide = self.size.width >= 110
        game = self.walk.game
        t = Text()
        rules: list[str] = []

        def para(text: Text) -> None:
            if t.cell_len:
                t.append("\n\n")
            t.append_text(text)

        note = page.note
        if note is not None:
            if note.same:
                para(Text(f"{note.who}'s decision, yours: {note.mine}. The walkthrough chose the same.",
                          style="bold"))
            else:
                line = Text(f"{note.who}'s decision, yours: {note.mine}.", style="bold")
                if note.script:
                    line.append(f" The walkthrough chose: {note.script}.")
                line.append(" The game now follows your choice; the pages show what it led to.", style="italic")
                para(line)

        own = not page.diverged and page.kind in ("say", "decision")
        if own and page.text:
            para(Text(page.text))
            rules = list(page.cites)
        if page.kind == "decision" and page.scripted is None:
            para(Text("Decide with the prompt below: the walkthrough's own choice doesn't fit your game any "
                      "more.", style="bold"))

        entries = self.walk.log(page)
        if entries or page.refusals:
            block = Text("What happened:", style="bold dim")
            limit = 12 if wide else 6
            if len(entries) > limit:
                block.append(f"\n  ... {len(entries) - limit} earlier (L: the whole log)", style="dim")
            for e in entries[-limit:]:
                for line in hanging("  ", tx.log_entry(e), width):
                    block.append("\n")
                    block.append_text(line)
            for r in page.refusals:
                refused = Text("Refused:", style="bold reverse")
                refused.append(f" {r}")
                for line in hanging("  ", refused, width):
                    block.append("\n")
                    block.append_text(line)
            para(block)

        if page.diverged and page.kind != "decision":
            cited = self._cited(entries)
            rules = cited + [c for c in page.cites if c not in cited]
            if game is not None:
                lives = ", ".join(f"{p.name} {p.life} life" for p in game.players)
                para(Text(f"Now: {lives}.", style="bold"))
        if page.differences:
            block = Text("Where your game differs from the walkthrough's:", style="bold")
            for d in page.differences:
                for line in hanging("  - ", Text(d), width):
                    block.append("\n")
                    block.append_text(line)
            para(block)
        if page.diverged and page.kind == "say" and page.text:
            para(Text("The walkthrough's text here, written for its own line of play:", style="dim italic")
                 + Text("\n") + Text(page.text, style="dim"))
        if page.kind == "end":
            para(self._end_text(page))
        elif page.kind == "stuck":
            block = Text("The walkthrough can't go on from here: its script was written for its own choice, "
                         "and its next step doesn't fit your game.", style="bold")
            block.append("\nEsc goes back to decide again; R restarts.")
            detail = page.problem.split("; use `")[0]
            block.append(f"\n(details: {detail})", style="dim")
            para(block)
        elif page.kind == "broken":
            para(Text(f"This walkthrough has a problem: {page.problem}", style="bold reverse"))

        rules = list(dict.fromkeys(rules))[:MAX_RULES]
        logged = [c for c in self._cited(entries) if c not in rules][: MAX_RULES - len(rules)]
        if rules or logged:
            block = Text("Rules", style="bold")
            n = len(rules) + len(logged)
            block.append(f" ({f'1-{n}' if n > 1 else '1'} opens one in full)", style="dim")
            block.append(":", style="bold")
            for k, c in enumerate(rules + logged, 1):
                if k == len(rules) + 1:
                    block.append("\n")
                    block.append("Also cited in the log:" if rules else "Cited in the log:", style="dim")
                for line in hanging(f"{k}) ", rule_line(c), width):
                    block.append("\n")
                    block.append_text(line)
            para(block)
            rules = rules + logged
        return t, rules

    @staticmethod
    def _cited(entries: list[LogEntry]) -> list[str]:
        out: list[str] = []
        for e in entries:
            for c in e.cites:
                if c not in out:
                    out.append(c)
        return out

    def _end_text(self, page: Page) -> Text:
        t = Text("The end of this walkthrough.", style="bold")
        if page.diverged:
            t.append(" Your choices took the game its own way; R replays the walkthrough from the start, "
                     "Esc goes back a page.")
        else:
            t.append(" R replays it; Esc goes back a page.")
        nxt = self.app.next_walkthrough() if hasattr(self.app, "next_walkthrough") else None
        if nxt is not None:
            t.append(f"\nN: the next walkthrough, {nxt.number}. {nxt.title}.")
        t.append("\nq: quit.")
        return t

    # -- the prompt and the keys ------------------------------------------------------------

    def _draw_prompt(self, page: Page) -> None:
        panel = self.query_one(PromptPanel)
        keys = self.query_one(KeyBar)
        panel.prompt = None
        panel.headline = None
        panel.body = []
        if self.state is not None:
            panel.prompt = self.state.prompt
            who = self.walk.players[page.player] if page.player is not None else ""
            head = Text(f" Your decision, as {who} ", style="bold reverse")
            head.append("  S: the walkthrough's choice" if page.scripted is not None else "  (yours alone)")
            head.append("   Esc: back   R: restart", style="dim")
            panel.headline = head
            hints = list(self.state.prompt.hints()) + [("?", "help")]
            panel.display = True
        else:
            panel.display = False
            hints = []
            if not page.final:
                hints.append(("Space", "next"))
            if page.number:
                hints.append(("Esc", "back"))
            hints.append(("R", "restart"))
            if page.kind == "end" and hasattr(self.app, "next_walkthrough") and self.app.next_walkthrough():
                hints.append(("N", "next walkthrough"))
            if self.rules:
                hints.append((f"1-{len(self.rules)}" if len(self.rules) > 1 else "1", "rule"))
            hints += [("?", "help"), ("q", "quit"), ("Up/Down", "scroll"), ("Tab", "cards"), ("i", "inspect"),
                      ("L", "log")]
        keys.hints = hints
        keys.refresh()
        panel.refresh(layout=True)

    def on_key(self, event: events.Key) -> None:
        key, char = event.key, event.character
        if key in ("ctrl+q", "ctrl+p", "ctrl+c"):
            return
        event.stop()
        event.prevent_default()
        if key in ("question_mark", "f1") or char == "?":
            self.app.show_walkthrough_help(self)
            return
        if char == "R" or key == "f5":
            self.restart()
            return
        if char == "L":
            self.app.show_log(self)
            return
        if key in ("pageup", "pagedown") or (self.state is None and key in SCROLL_KEYS):
            self.scroll_story(key)
            return
        if char and char.isdigit() and char != "0" and not isinstance(
                self.state.prompt if self.state else None, NumberPrompt):
            k = int(char)
            if k <= len(self.rules):
                self.app.show_reference(self.rules[k - 1])
            return
        if self.state is not None:
            self.decision_key(key, char)
            return
        self.page_key(key, char)

    def scroll_story(self, key: str) -> None:
        scroll = self.query_one("#story", VerticalScroll)
        {"up": scroll.scroll_up, "down": scroll.scroll_down, "pageup": scroll.scroll_page_up,
         "pagedown": scroll.scroll_page_down, "home": scroll.scroll_home,
         "end": scroll.scroll_end}[key](animate=False)

    def page_key(self, key: str, char: str | None) -> None:
        k = char if char and len(char) == 1 and char.isalnum() else key
        if key in NEXT_KEYS or k == "n":
            self.go_next()
        elif key in BACK_KEYS or k in ("p", "b"):
            self.go_back()
        elif k == "r":
            self.restart()
        elif k == "N" and self.page.kind == "end":
            self.app.open_next_walkthrough()
        elif key == "tab":
            self.move_focus(1)
        elif key == "shift+tab":
            self.move_focus(-1)
        elif k == "i":
            self.inspect()
        elif k == "q":
            self.app.exit()

    def decision_key(self, key: str, char: str | None) -> None:
        st = self.state
        assert st is not None
        if char == "S":
            if self.walk.page.scripted is not None:
                self.submit(self.walk.page.scripted)
            return
        out = st.prompt.handle(key, char)
        if isinstance(out, Answer):
            self.submit(out.value)
        elif isinstance(out, Cancel) or (out is None and key == "escape"):
            self.go_back()
        elif isinstance(out, Inspect):
            self.app.show_inspect_object(self, out.oid)
        elif isinstance(out, Redraw):
            self.redraw()

    def submit(self, value: Any) -> None:
        try:
            self.walk.answer(value)
        except IllegalAnswer as e:
            if self.state is not None:
                self.state.prompt.error = e.reason
            self.redraw()
            return
        self.refresh_page()

    def go_next(self) -> None:
        if self.walk.next():
            self.refresh_page()

    def go_back(self) -> None:
        if self.walk.back():
            self.refresh_page()

    def restart(self) -> None:
        self.walk.restart()
        self.shown_page = None
        self.refresh_page()

    # -- looking at cards ---------------------------------------------------------------------

    def _focusables(self) -> list[tuple[str, int, int]]:
        out = []
        for zid in BOARD_ZONES:
            z = self.query_one(f"#{zid}", Zone)
            if not z.display:
                continue
            for k, item in enumerate(z.focusable()):
                out.append((zid, k, item.oid))
        return out

    def _focus_target(self) -> tuple[str, int] | None:
        if self.focus_index is None:
            return None
        items = self._focusables()
        if not items:
            return None
        zid, k, _ = items[self.focus_index % len(items)]
        return zid, k

    def move_focus(self, delta: int) -> None:
        items = self._focusables()
        if not items:
            return
        if self.focus_index is None:
            self.focus_index = 0 if delta > 0 else len(items) - 1
        else:
            self.focus_index = (self.focus_index + delta) % len(items)
        self.redraw()

    def inspect(self) -> None:
        items = self._focusables()
        oid = None
        if self.focus_index is not None and items:
            oid = items[self.focus_index % len(items)][2]
        else:
            marked = [o for _, _, o in items if o in self.highlight]
            oid = marked[0] if marked else None
        if oid is not None:
            self.app.show_inspect_object(self, oid)
