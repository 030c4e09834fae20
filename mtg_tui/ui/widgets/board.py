"""The board's widgets: status bar, player lines, zones (battlefield, hand, stack), log, prompt, key bar.

They draw from a ``Snapshot`` handed to them by the game screen; none of
them reads the live game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.text import Text
from textual.widget import Widget

from ...engine.log import flag_words
from ...engine.view import ObjectView
from ..prompts import Prompt
from ..snapshot import Snapshot
from ..stops import STOP_STEPS, SKIPS, Stops, stop_step
from .. import text as tx

BREAK = None
_REPAINTED = object()     # the signature of a panel repainted without one
_CONSOLE = Console(width=400, color_system=None, legacy_windows=False)


def flow(chunks: list[Text | None], width: int, sep: str = "  ") -> tuple[list[Text], list[int]]:
    """Lay chunks out left to right, wrapping at ``width``; None forces a new line.

    Returns the lines and, for each chunk, the line it starts on.
    """
    width = max(10, width)
    lines: list[Text] = []
    where: list[int] = []
    cur = Text()
    for c in chunks:
        if c is None:
            if cur.cell_len:
                lines.append(cur)
            cur = Text()
            where.append(len(lines))
            continue
        need = c.cell_len + (len(sep) if cur.cell_len else 0)
        if cur.cell_len and cur.cell_len + need > width:
            lines.append(cur)
            cur = Text()
        if cur.cell_len:
            cur.append(sep)
        where.append(len(lines))
        if c.cell_len > width:
            # A long chunk wraps on its own lines, at word boundaries.
            if cur.cell_len:
                lines.append(cur)
                cur = Text()
            pieces = list(c.wrap(_CONSOLE, width))
            for k, piece in enumerate(pieces):
                if k:
                    lines.append(cur)
                    cur = Text()
                piece.rstrip()
                cur.append_text(piece)
        else:
            cur.append_text(c)
    if cur.cell_len:
        lines.append(cur)
    return lines, where


def window(lines: list[Text], height: int, focus_line: int | None) -> list[Text]:
    """At most ``height`` lines, keeping ``focus_line`` visible; says how many are hidden."""
    if len(lines) <= height or height <= 0:
        return lines
    top = 0
    if focus_line is not None and focus_line >= height - 1:
        top = min(focus_line - (height - 2), len(lines) - height + 1)
    shown = lines[top: top + height - 1]
    hidden_above, hidden_below = top, len(lines) - top - len(shown)
    more = Text(f"... {hidden_below} more line{'s' if hidden_below != 1 else ''} below" if hidden_below
                else f"... {hidden_above} line{'s' if hidden_above != 1 else ''} above", style="dim")
    if hidden_below and top:
        more = Text(f"... {hidden_above} above, {hidden_below} below", style="dim")
    return shown + [more]


@dataclass
class Item:
    """Something on the board a person can focus and inspect."""

    oid: int | None
    text: Text
    ids: tuple[int, ...] = ()


class Panel(Widget):
    """A widget that draws Text lines it computes from the snapshot."""

    DEFAULT_CSS = """
    Panel { height: auto; }
    """

    snap: Snapshot | None = None
    auto_height = False
    _height_seen = -1

    _signature: object = None

    def set_snapshot(self, snap: Snapshot) -> None:
        if snap is not self.snap:
            self.snap = snap
            self.refresh()

    def changed(self, signature: object) -> None:
        """Repaint only when what the panel shows has changed (keeps key presses cheap)."""
        if signature != self._signature:
            self._signature = signature
            self.refresh()

    def repaint(self) -> None:
        """Repaint now and forget the signature: what is drawn next is compared against nothing."""
        self._signature = _REPAINTED
        self.refresh()

    def _seen(self, lines: int) -> None:
        """An auto-height panel asks for a new layout only when its number of lines changed."""
        if self.auto_height and lines != self._height_seen:
            self._height_seen = lines
            self.refresh(layout=True)


class StatusBar(Panel):
    """Turn, step bar with the viewer's stops, who has priority, skips and full control."""

    stops: Stops | None = None
    thinking: str = ""
    note: str = ""

    def render(self) -> Text:
        s = self.snap
        if s is None:
            return Text("mtg-tui")
        t = Text()
        if s.turn == 0:
            t.append("Before the game: opening hands and mulligans (103.4)", style="bold")
            if s.deciding is not None:
                t.append(f" | {s.players[s.deciding].name} decides")
            return t
        active = s.players[s.active].name
        t.append(f"T{s.turn} {active}", style="bold")
        cur = stop_step(s.step)
        my_turn = s.active == s.viewer
        stops = self.stops.stop_set(my_turn) if self.stops else set()
        t.append(" |")
        for step, short in STOP_STEPS:
            mark = "*" if step in stops else ""
            if step == cur:
                t.append(" ")
                t.append(f"[{short}{mark}]", style="bold reverse")
            else:
                t.append(f" {short}{mark}", style="" if mark else "dim")
        t.append(" |")
        if s.priority is not None:
            t.append(f" prio:{s.players[s.priority].name}")
        elif s.deciding is not None and not s.over:
            t.append(f" {s.players[s.deciding].name} decides")
        if self.stops is not None:
            if self.stops.full_locked:
                t.append(" FULL", style="bold reverse")
            elif self.stops.full_step == (s.turn, s.step):
                t.append(" full", style="bold reverse")
            if self.stops.skip is not None:
                t.append(f" skip:{self.stops.skip.kind}", style="bold")
        if self.thinking:
            t.append(" (thinking)", style="bold italic")
        return t


class PlayerLine(Panel):
    player: int = 0

    def render(self) -> Text:
        s = self.snap
        if s is None:
            return Text()
        return tx.player_line(s.players[self.player], s, self.player == s.viewer)


class Zone(Panel):
    """A zone of focusable items, laid out in lines; the focused item is marked with > and reverse video."""

    DEFAULT_CSS = """
    Zone { height: auto; }
    """

    zone_title: str = ""
    focused: bool = False
    cursor: int = 0
    highlight: set[int] = set()

    def items(self) -> list[Item | None]:
        return []

    def focusable(self) -> list[Item]:
        return [i for i in self.items() if i is not None and (i.oid is not None)]

    def current(self) -> Item | None:
        items = self.focusable()
        if not items:
            return None
        return items[max(0, min(self.cursor, len(items) - 1))]

    def empty_text(self) -> str:
        return "(none)"

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self._lines(width)[0]))

    def render(self) -> Text:
        if self.snap is None:
            return Text()
        width = self.size.width or 80
        lines, focus_line = self._lines(width)
        self._seen(len(lines))
        height = self.size.height if self.size.height else len(lines)
        return Text("\n").join(window(lines, max(1, height), focus_line))

    def _lines(self, width: int) -> tuple[list[Text], int | None]:
        if self.snap is None:
            return [], None
        items = self.items()
        chunks: list[Text | None] = []
        title = Text(self.zone_title, style="bold underline" if self.focused else "bold")
        chunks.append(title)
        k = -1
        focus_index = None
        focusables = [i for i in items if i is not None and i.oid is not None]
        cur = max(0, min(self.cursor, len(focusables) - 1)) if focusables else -1
        if not focusables and not [i for i in items if i is not None]:
            chunks.append(Text(self.empty_text(), style="dim"))
        for it in items:
            if it is None:
                chunks.append(None)
                continue
            t = it.text.copy()
            if it.oid is not None:
                k += 1
                marked = it.oid in self.highlight or any(x in self.highlight for x in it.ids)
                if self.focused and k == cur:
                    t = Text(">", style="bold") + t
                    t.stylize("reverse")
                    focus_index = len(chunks)
                elif marked:
                    t = Text("~", style="bold") + t
                    t.stylize("underline")
            chunks.append(t)
        lines, where = flow(chunks, width)
        focus_line = where[focus_index] if focus_index is not None and focus_index < len(where) else None
        return lines, focus_line


class BattlefieldZone(Zone):
    """One player's permanents: lands summarised, creatures, other permanents."""

    player: int = 0

    def items(self) -> list[Item | None]:
        s = self.snap
        if s is None:
            return []
        objs = s.battlefield.get(self.player, [])
        lands = [o for o in objs if o.is_land and not o.is_creature]
        creatures = [o for o in objs if o.is_creature]
        other = [o for o in objs if o not in lands and o not in creatures]
        out: list[Item | None] = []
        if lands:
            untapped = sum(1 for o in lands if not o.tapped)
            out.append(Item(None, Text(f"Lands {len(lands)} ({untapped} untapped):", style="dim")))
            groups: dict[Any, list[ObjectView]] = {}
            for o in lands:
                plain = not o.counters and not o.attachments and not o.damage and o.attacking is None
                key = (o.name, o.tapped) if plain else ("#", o.id)
                groups.setdefault(key, []).append(o)
            for g in groups.values():
                text = tx.land_group(g) if len(g) > 1 or not (g[0].counters or g[0].attachments) \
                    else tx.permanent(g[0], s)
                out.append(Item(g[0].id, text, tuple(o.id for o in g)))
        if creatures:
            out.append(None)
            out.append(Item(None, Text("Creatures:", style="dim")))
            for o in creatures:
                out.append(Item(o.id, tx.permanent(o, s)))
        if other:
            out.append(None)
            out.append(Item(None, Text("Other:", style="dim")))
            for o in other:
                out.append(Item(o.id, tx.permanent(o, s)))
        emblems = s.players[self.player].emblems
        if emblems:
            out.append(None)
            for o in emblems:
                out.append(Item(o.id, tx.emblem(o)))
        return out

    def empty_text(self) -> str:
        return "(no permanents)"


class HandZone(Zone):
    auto_height = True
    def items(self) -> list[Item | None]:
        s = self.snap
        if s is None:
            return []
        if s.hand is None:
            return [Item(None, Text("(hidden)", style="dim"))]
        playable = s.playable
        groups: list[list[ObjectView]] = []
        for o in tx.hand_order(s.hand):
            g = groups[-1] if groups else None
            if g and tx.alike(g[0], o) and (g[0].id in playable) == (o.id in playable):
                g.append(o)
            else:
                groups.append([o])
        items: list[Item | None] = [Item(g[0].id, tx.hand_card(g[0], g[0].id in playable, len(g)),
                                         tuple(o.id for o in g)) for g in groups]
        # What may be cast, played or activated from elsewhere (flashback, jump-start, an emblem's or a
        # permanent's permission) sits beside the hand, so it isn't found only in the full actions list.
        for oid, o, label in s.playable_elsewhere():
            items.append(Item(oid, tx.elsewhere_card(o, label, o.zone if o is not None else "library")))
        return items

    def empty_text(self) -> str:
        return "(empty)"


class StackZone(Zone):
    auto_height = True
    def items(self) -> list[Item | None]:
        s = self.snap
        if s is None:
            return []
        out: list[Item | None] = []
        for i, it in enumerate(s.stack):
            t = Text(f"{i + 1}. " + ("top: " if i == 0 else ""))
            t.append_text(tx.stack_item(it, s))
            out.append(Item(it.id, t))
            out.append(None)
        return out

    def empty_text(self) -> str:
        return "(empty)"


class LogPanel(Zone):
    """The game log, newest last; with focus, a cursor scrolls it.

    With ``explain`` on, each entry is followed by the summaries of the rules it cites (our own words, from
    mtg_tui.rules): in full for the newest entry shown (or the one under the cursor) and wherever the panel
    is tall; one line each for the others in the small log of narrow screens.
    """

    quiet_steps: bool = True
    explain: bool = False
    since: int | None = None       # the log index of the viewer's last decision: what follows is new to them

    def entries(self) -> list[Any]:
        s = self.snap
        if s is None:
            return []
        if self.quiet_steps:
            return [e for e in s.log if shown_in_log(e)]
        return list(s.log)

    def new_count(self) -> int:
        """How many of the entries shown came after the viewer's last decision."""
        s = self.snap
        if s is None or self.since is None:
            return 0
        return sum(1 for e in s.log[self.since:] if not self.quiet_steps or shown_in_log(e))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return 2

    def render(self) -> Text:
        entries = self.entries()
        width = self.size.width or 80
        height = self.size.height or 3
        if not entries:
            return Text("(the log is empty)", style="dim")
        end = len(entries)
        if self.focused:
            self.cursor = max(0, min(self.cursor, len(entries) - 1))
            end = self.cursor + 1
        if self.explain:
            return self._render_explained(entries, end, width, height)
        new = self.new_count()
        if new and not self.focused:
            return self._render_digest(entries, new, width, height)
        lines: list[Text] = []
        i = end - 1
        while i >= 0 and len(lines) < height:
            t = tx.log_entry(entries[i])
            if self.focused and i == self.cursor:
                t = Text(">", style="bold") + t
                t.stylize("reverse")
            wrapped, _ = flow([t], width)
            lines = wrapped + lines
            i -= 1
        return Text("\n").join(lines[-height:])

    def _render_digest(self, entries: list[Any], new: int, width: int, height: int) -> Text:
        """What happened since the viewer's last decision, newest last, the opponent's actions in bold; the
        older log above it, dim, where there is room. When it doesn't all fit, the routine entries
        (draws, "resolves", turn headers) go first, then the oldest; a line says how many are left out."""
        viewer = self.snap.viewer if self.snap is not None else None
        fresh = entries[len(entries) - new:]

        def block(e: Any) -> list[Text]:
            t = tx.log_entry(e)
            if e.player is not None and e.player != viewer and e.kind in ("cast", "activate", "trigger", "combat"):
                t.stylize("bold")
            return flow([t], width)[0]

        blocks = [block(e) for e in fresh]
        keep = list(range(len(fresh)))
        routine = [i for i, e in enumerate(fresh) if is_routine(e)]
        while sum(len(blocks[i]) for i in keep) > height - (1 if len(keep) < len(fresh) else 0) and keep:
            drop = next((i for i in routine if i in keep), keep[0])
            keep.remove(drop)
        left_out = len(fresh) - len(keep)
        lines: list[Text] = []
        if left_out:
            lines.append(Text(f"... {left_out} more since your last decision (L: the whole log)", style="dim"))
        for i in keep:
            lines += blocks[i]
        lines = lines[-height:]
        room = height - len(lines)
        if not left_out and room >= 2 and len(entries) > new:
            older: list[Text] = []
            for e in reversed(entries[: len(entries) - new]):
                wrapped = flow([tx.log_entry(e)], width)[0]
                if len(older) + len(wrapped) > room - 1:
                    break
                older = wrapped + older
            for t in older:
                t.stylize("dim")
            lines = older + [Text("since your last decision:", style="bold underline")] + lines
        return Text("\n").join(lines)

    def _render_explained(self, entries: list[Any], end: int, width: int, height: int) -> Text:
        from ..explain import explanation_lines
        lines: list[Text] = []
        i = end - 1
        while i >= 0 and len(lines) < height:
            e = entries[i]
            t = tx.log_entry(e)
            if self.focused and i == self.cursor:
                t = Text(">", style="bold") + t
                t.stylize("reverse")
            head, _ = flow([t], width)
            room = height - len(lines)
            # The newest entry in full; the others too where the panel is tall (the wide sidebar).
            why: list[Text] = []
            if getattr(e, "why", "") and (i == end - 1 or height >= 12):
                why, _ = flow([Text("  " + e.why, style="italic")], width)
            block = head + why + explanation_lines(e.cites, width, full=i == end - 1 or height >= 12)
            if len(block) > room:
                # The newest entry's rules in full don't fit: one line each, then cut.
                block = head + explanation_lines(e.cites, width, full=False)
            if len(block) > room:
                if lines:
                    break          # an older entry that doesn't fit whole is left out
                block = block[:room]
                last = block[-1]
                if last.cell_len >= width:
                    last.truncate(max(1, width - 1))
                last.append("…", style="dim")
            lines = block + lines
            i -= 1
        return Text("\n").join(lines)

    def current_entry(self) -> Any:
        entries = self.entries()
        if not entries:
            return None
        return entries[max(0, min(self.cursor, len(entries) - 1))]


def shown_in_log(e: Any) -> bool:
    """The board's log leaves out step headers and mana (the whole log, L, has them)."""
    return e.kind not in ("step", "mana") and e.cites not in (("106.3",), ("500.4",))


def is_routine(e: Any) -> bool:
    """Entries a digest can do without when it is short of room: draws, turn headers, a spell resolving or
    a permanent entering (what it did is in the entries after), combat damage being dealt (the damage
    follows)."""
    return e.kind in ("draw", "turn") or e.cites in (("608.2",), ("608.2", "608.3"), ("608.3",), ("510.2",))


class PromptPanel(Panel):
    """Who must act and why, with the legal choices."""

    auto_height = True

    prompt: Prompt | None = None
    headline: Text | None = None
    body: list[Text] = []

    def render(self) -> Text:
        width = self.size.width or 80
        lines: list[Text] = []
        if self.headline is not None:
            lines.append(self.headline)
        if self.prompt is not None:
            if self.prompt.title:
                lines.append(Text("> " + self.prompt.title, style="bold"))
            lines += self.prompt.lines()
            chunks = self.prompt.chunks()
            if chunks:
                many = len(chunks) > 6 or sum(c.cell_len for c in chunks) > width * 2
                flowed, _ = flow(list(chunks), width, sep="  ") if many else \
                    flow([x for c in chunks for x in (c, None)], width)
                lines += flowed
        lines += self.body
        out: list[Text] = []
        for line in lines:
            out += flow([line], width)[0] or [Text("")]
        self._seen(len(out))
        return Text("\n").join(out)


class KeyBar(Panel):
    """The keys that apply now, most important first: those that fit, whole, and always the key that
    shows every other one ("?"), last."""

    hints: list[tuple[str, str]] = []
    more_key = "?"

    @staticmethod
    def _hint(key: str, what: str) -> Text:
        t = Text()
        t.append(f" {key} ", style="bold reverse")
        t.append(f" {what}")
        return t

    def render(self) -> Text:
        width = self.size.width or 80
        tail = [self._hint(k, w) for k, w in self.hints if k == self.more_key][:1]
        room = width - sum(h.cell_len + 2 for h in tail)
        t = Text()
        for k, what in self.hints:
            if k == self.more_key:
                continue
            h = self._hint(k, what)
            if t.cell_len + (2 if t.cell_len else 0) + h.cell_len > room:
                break
            if t.cell_len:
                t.append("  ")
            t.append_text(h)
        for h in tail:
            if t.cell_len:
                t.append("  ")
            t.append_text(h)
        return t


class CardPanel(Panel):
    """The focused card in full (wide screens)."""

    auto_height = True

    obj: ObjectView | None = None
    extra: list[Text] = []

    def render(self) -> Text:
        o = self.obj
        if o is None:
            self._seen(2)
            return Text("Focus a card (arrows, Tab, h/b/B/s) to see it here; i inspects.", style="dim")
        lines = card_lines(o, self.snap) + self.extra
        width = self.size.width or 40
        self._seen(sum(len(flow([x], width)[0]) or 1 for x in lines))
        return Text("\n").join(lines)


def card_lines(o: ObjectView, snap: Snapshot | None) -> list[Text]:
    head = Text(o.name, style=f"bold {tx.color_style(o.colors)}")
    if o.mana_cost:
        head.append("  ")
        head.append_text(tx.mana_text(o.mana_cost))
    lines = [head, Text(o.type_line, style="italic")]
    if o.text:
        lines.append(Text(o.text))
    extra_abilities = [a for a in o.abilities if a and a not in (o.text or "")]
    for a in extra_abilities:
        lines.append(Text("+ " + a))
    if o.power is not None:
        line = Text(f"Power/toughness {o.power}/{o.toughness}")
        if o.pt_changed:
            line.append(f" (printed {o.printed_power}/{o.printed_toughness})", style="bold")
        lines.append(line)
    if o.loyalty is not None and "Planeswalker" in o.types:
        lines.append(Text(f"Loyalty {o.counters.get('loyalty', o.loyalty)}"))
    state = []
    if o.zone == "battlefield":
        if o.tapped:
            state.append("tapped (T)")
        if o.sick and o.is_creature:
            state.append("summoning sick" + (" (has haste)" if o.has_haste else ""))
        if o.damage:
            state.append(f"dmg {o.damage}")
        for k, n in o.counters.items():
            state.append(f"{n} {k} counter{'s' if n != 1 else ''}")
        if snap is not None:
            if o.attacking is not None:
                state.append(f"ATK->{snap.name(o.attacking)}" + (" (blocked)" if o.blocked else ""))
            for a in o.blocking:
                state.append(f"BLK->{snap.name(a)}")
            if o.attached_to is not None:
                state.append(f"attached to {snap.name(o.attached_to)}")
            for a in o.attachments:
                state.append(f"+{snap.name(a)}")
    if o.keywords:
        state.append("keywords: " + tx.keywords(o))
    if o.flags:
        state.append(", ".join(flag_words(f) for f in o.flags))
    if state:
        lines.append(Text("; ".join(state)))
    if snap is not None:
        owner = snap.players[o.owner].name
        ctl = snap.players[o.controller].name
        lines.append(Text(f"Owner {owner}" + (f", controller {ctl}" if ctl != owner else "") + f"; {tx.place(o.zone)}",
                          style="dim"))
    return lines


SKIP_TEXT = SKIPS
