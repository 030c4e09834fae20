"""The game screen: the board, the prompt, and the loop that drives the game.

The game waits on one decision at a time. For a person the screen shows a
prompt (or, for priority, the board with its actions); the computer decides
in a worker thread while the screen shows what it can. Stops and auto-pass
are applied by the session.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import NoBinding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from ...engine.decisions import Decision, IllegalAnswer
from ..prompts import Answer, Cancel, Inspect, PromptState, Redraw, actions_menu, distinct_actions, prompt_for
from ..session import Session
from ..snapshot import Snapshot, take
from .. import keys, refusals
from .. import text as tx
from ..stops import STOP_STEPS, SKIPS, Skip, Stops, yield_key
from ..widgets.board import (BattlefieldZone, CardPanel, HandZone, KeyBar, LogPanel, PlayerLine, PromptPanel,
                             StackZone, StatusBar, Zone)

ZONES = ("hand", "my-bf", "opp-bf", "stack", "log")
PACES = (0.0, 0.2, 0.4, 0.7, 1.0, 1.5, 2.5)
WIDE = 110          # from this width a sidebar holds the focused card and the log (game.tcss)
# Log entries by the computer worth pausing on.
VISIBLE_KINDS = ("cast", "activate", "combat", "trigger", "event", "draw")
DOING = {"priority": "thinking", "mulligan": "deciding on a mulligan", "bottom": "choosing cards for the bottom",
         "declare_attackers": "declaring attackers", "declare_blockers": "declaring blockers",
         "targets": "choosing targets", "discard": "discarding", "pay": "paying",
         "assign_damage": "assigning damage", "damage_order": "ordering blockers",
         "order_triggers": "ordering triggers", "choose": "choosing"}


class BoardColumn(Vertical):
    """The board's column: when its size changes, the rows are shared out again."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.fit_rows()


class GameScreen(Screen):
    CSS_PATH = "game.tcss"
    BINDINGS = keys.bindings()
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]

    def __init__(self, session: Session, pace: float = 0.7, notes: list[str] | None = None,
                 explain: bool = False) -> None:
        super().__init__()
        self.session = session
        self.explain = explain          # explain mode: log entries show the rules they cite, in plain words
        self.pace = pace
        self.notes = list(notes or [])
        self.snap: Snapshot | None = None
        self.state: PromptState | None = None
        self.decision: Decision | None = None
        self.mode = "start"            # start | board | prompt | wait | handoff | over
        self.focus_zone = "hand"
        self.cursors: dict[str, int] = {z: 0 for z in ZONES}
        self.worker: Worker | None = None
        self.agent_decision: Decision | None = None
        self.thinking_since = 0.0
        self.last_agent_text = ""
        self.game_over_shown = False
        self.error_text = ""
        self.pending_timer = False
        self.bf_heights: tuple[int | str, int | str] = ("1fr", "1fr")

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with BoardColumn(id="board"):
                yield PlayerLine(id="opp-info")
                yield BattlefieldZone(id="opp-bf")
                yield StackZone(id="stack")
                yield BattlefieldZone(id="my-bf")
                yield PlayerLine(id="my-info")
                yield HandZone(id="hand")
                yield LogPanel(id="log-narrow")
            with Vertical(id="side"):
                yield CardPanel(id="detail")
                yield LogPanel(id="log-wide")
        yield PromptPanel(id="prompt")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#opp-bf", Zone).zone_title = "Opponent:"
        self.query_one("#my-bf", Zone).zone_title = "You:"
        self.query_one("#stack", Zone).zone_title = "STACK (top first):"
        self.query_one("#hand", Zone).zone_title = "HAND:"
        self.query_one("#log-narrow", Zone).zone_title = "LOG"
        self.query_one("#log-wide", Zone).zone_title = "LOG"
        self.set_class(self.explain, "-explain")
        self.call_after_refresh(self.advance)

    # -- reading the game ----------------------------------------------------------------

    @property
    def viewer(self) -> int:
        v = self.session.viewer
        return v if v is not None else 0

    def take_snapshot(self) -> None:
        if self.worker is not None:
            return   # the computer is thinking: keep drawing what we have
        self.snap = take(self.session.view(), self.viewer)

    def redraw(self) -> None:
        snap = self.snap
        if snap is None or not self.is_mounted:
            return
        me = self.viewer
        opp = 1 - me
        status = self.query_one(StatusBar)
        status.stops = self.session.stops.get(me)
        status.thinking = self._thinking_text()
        st = status.stops
        status.changed((id(snap), status.thinking, st.to_json() if st else None,
                        (st.skip, st.full_step) if st else None))
        opp_info = self.query_one("#opp-info", PlayerLine)
        opp_info.player = opp
        my_info = self.query_one("#my-info", PlayerLine)
        my_info.player = me
        opp_bf = self.query_one("#opp-bf", BattlefieldZone)
        opp_bf.player = opp
        opp_bf.zone_title = f"{snap.players[opp].name}:"
        my_bf = self.query_one("#my-bf", BattlefieldZone)
        my_bf.player = me
        my_bf.zone_title = f"{snap.players[me].name}:"
        hand = self.query_one("#hand", HandZone)
        hand.zone_title = f"HAND ({len(snap.hand or [])}):"
        highlight = set()
        if self.state is not None:
            oid = self.state.prompt.highlighted_oid()
            if oid is not None:
                highlight.add(oid)
        for zid in ZONES:
            for z in self._zone_widgets(zid):
                z.focused = zid == self.focus_zone and self.mode in ("board", "wait", "over")
                z.cursor = self.cursors[zid]
                z.highlight = highlight
                z.changed((id(snap), z.focused, z.cursor, tuple(highlight), z.zone_title))
        stack = self.query_one("#stack", StackZone)
        stack.display = bool(snap.stack)
        since = self.session.last_seen.get(me)
        for log in (self.query_one("#log-narrow", LogPanel), self.query_one("#log-wide", LogPanel)):
            if log.explain != self.explain or log.since != since:
                log.explain = self.explain
                log.since = since
                log.refresh()
        for w in (status, opp_info, my_info, opp_bf, my_bf, hand, stack,
                  self.query_one("#log-narrow", LogPanel), self.query_one("#log-wide", LogPanel)):
            w.set_snapshot(snap)
        self._redraw_detail()
        self._redraw_prompt()
        self.fit_rows()

    def fit_rows(self) -> None:
        """In one column (narrow terminals) each battlefield takes the rows its permanents need, and the log
        the rest: what happened is worth more than empty rows. Short of room, the log keeps a few rows
        and the battlefields share the others (each says how many of its lines it can't show)."""
        if self.snap is None or not self.is_mounted:
            return
        board = self.query_one("#board")
        opp_bf = self.query_one("#opp-bf", BattlefieldZone)
        my_bf = self.query_one("#my-bf", BattlefieldZone)
        if self.size.width >= WIDE:
            heights = ("1fr", "1fr")
        else:
            total, width = board.size.height, board.size.width
            if total <= 0 or width <= 0:
                return
            hand = self.query_one("#hand", HandZone)
            stack = self.query_one("#stack", StackZone)
            fixed = 2 + min(3, max(1, len(hand._lines(width)[0])))
            if self.snap.stack:
                fixed += min(5, len(stack._lines(width)[0]))
            need = [max(1, len(opp_bf._lines(width)[0])), max(1, len(my_bf._lines(width)[0]))]
            log_min = 5 if self.explain else 3
            free = max(2, total - fixed - log_min)
            if sum(need) > free:
                half = free // 2
                first = min(need[0], max(half, free - need[1]))
                need = [max(1, first), max(1, free - first)]
            heights = (need[0], need[1])
        if heights != self.bf_heights:
            self.bf_heights = heights
            opp_bf.styles.height, my_bf.styles.height = heights

    def _zone_widgets(self, zid: str) -> list[Zone]:
        if zid == "log":
            return [self.query_one("#log-narrow", Zone), self.query_one("#log-wide", Zone)]
        return [self.query_one(f"#{zid}", Zone)]

    def _thinking_text(self) -> str:
        if self.worker is not None and self.agent_decision is not None and self.snap is not None:
            d = self.agent_decision
            return f"{self.snap.players[d.player].name} is {DOING.get(d.kind, 'thinking')}..."
        return ""

    def focused_item(self) -> Any:
        zs = self._zone_widgets(self.focus_zone)
        if self.focus_zone == "log":
            return None
        return zs[0].current()

    def _redraw_detail(self) -> None:
        panel = self.query_one(CardPanel)
        panel.snap = self.snap
        oid = None
        if self.state is not None:
            oid = self.state.prompt.highlighted_oid()
        if oid is None:
            item = self.focused_item()
            oid = item.oid if item is not None else None
        panel.obj = self.snap.objects.get(oid) if (self.snap and oid is not None) else None
        panel.extra = []
        if panel.obj is None and self.focus_zone == "log":
            entry = self.query_one("#log-wide", LogPanel).current_entry()
            if entry is not None and entry.cites:
                panel.extra = [Text("Cites " + ", ".join(entry.cites) + ": i shows the rules.", style="dim")]
        if self.size.width >= 110:
            panel.changed((id(self.snap), panel.obj, tuple(t.plain for t in panel.extra)))

    def _redraw_prompt(self) -> None:
        panel = self.query_one(PromptPanel)
        keys = self.query_one(KeyBar)
        snap = self.snap
        panel.prompt = None
        panel.headline = None
        panel.body = []
        if self.mode == "prompt" and self.state is not None:
            panel.prompt = self.state.prompt
        elif self.mode == "board" and snap is not None:
            panel.headline, panel.body = self._board_prompt(snap)
        elif self.mode == "wait" and snap is not None:
            who = self._thinking_text() or "The computer is playing (+/- changes its speed)."
            panel.headline = Text(who, style="bold")
            if self.last_agent_text:
                panel.body = [Text(self.last_agent_text)]
        elif self.mode == "over" and snap is not None:
            panel.headline = Text(self._result_text(snap), style="bold reverse")
        if self.error_text:
            panel.body = [Text(self.error_text, style="bold reverse")] + panel.body
        if self.notes and self.mode in ("board", "prompt", "wait") and not self.session.last_seen:
            panel.body = panel.body + [Text(n, style="italic") for n in self.notes]
        keys.hints = self.key_hints()
        keys.changed(tuple(keys.hints))
        if panel.prompt is not None:
            # A prompt changes in place (picks, cursor): always repaint, and make sure the board's text is
            # repainted after it, even when that text is the same as before the prompt opened.
            panel.repaint()
        else:
            panel.changed((panel.headline.plain if panel.headline else None, tuple(t.plain for t in panel.body)))

    def key_hints(self) -> list[tuple[str, str]]:
        """The keys that do something now, most important first: the prompt's, then the board's."""
        out: list[tuple[str, str]] = []
        if self.mode == "prompt" and self.state is not None:
            out += self.state.prompt.hints()
        for spec in keys.bar_keys(self.mode):
            if self.applies(spec):
                out.append((spec.bar_key, spec.label))
        return out

    def _board_prompt(self, snap: Snapshot) -> tuple[Text, list[Text]]:
        """Who has priority where; an opponent's spell or ability on the stack in full (its card, its
        targets, its text) until you act on it."""
        me = self.viewer
        top = snap.stack[0] if snap.stack else None
        if top is not None and top.controller != me:
            head = Text("> ", style="bold")
            head.append_text(tx.stack_headline(top, snap, me))
            head.append(": respond, or Space to let it resolve?", style="bold")
            body = [Text(line, style="italic") for line in top.text.splitlines() if line.strip()][:3]
            return head, body
        step = snap.step_name
        whose = "your" if snap.active == me else f"{snap.players[snap.active].name}'s"
        head = Text(f"> {snap.players[me].name}: priority in {whose} {step}", style="bold")
        body = [] if snap.actions else [Text("Nothing to do but pass (Space)."
                                             + (" m taps for mana." if snap.mana_actions else ""), style="dim")]
        return head, body

    def _result_text(self, snap: Snapshot) -> str:
        if snap.is_draw:
            return "Game over: a draw."
        if snap.winner is not None:
            return f"Game over: {snap.players[snap.winner].name} wins after {snap.turn} turns."
        return "Game over."

    # -- driving the game ----------------------------------------------------------------

    @property
    def current(self) -> bool:
        """False once a new game has replaced this one: its timers and workers then change nothing."""
        return getattr(self.app, "game_screen", self) is self

    def advance(self) -> None:
        """Run the game until a person or the computer must decide, and show that."""
        if self.worker is not None or not self.current:
            return
        try:
            step = self.session.next()
        except Exception as e:  # an engine failure must not lose the game: it is saved already
            self.error_text = f"The rules engine failed: {type(e).__name__}: {e}. The game is saved."
            self.mode = "over"
            self.take_snapshot()
            self.redraw()
            return
        if step.kind == "over":
            self.mode = "over"
            self.state = None
            self.take_snapshot()
            self.redraw()
            if not self.game_over_shown:
                self.game_over_shown = True
                self.app.show_game_over(self)
            return
        d = step.decision
        assert d is not None
        if step.kind == "agent":
            self.start_agent(d)
            return
        if step.kind == "handoff":
            self.mode = "handoff"
            self.app.show_handoff(self, d.player)
            return
        self.present(d)

    def after_handoff(self, player: int) -> None:
        if self.session.viewer != player:
            self.session.take_seat(player)
        self.focus_zone = "hand"
        self.cursors = {z: 0 for z in ZONES}
        self.advance()

    def present(self, d: Decision) -> None:
        self.decision = d
        self.take_snapshot()
        snap = self.snap
        assert snap is not None
        if d.kind == "priority":
            self.mode = "board"
            self.state = None
            if self.focus_zone == "hand" and snap.hand:
                # On the first card that can be played (as the hand zone groups and orders them).
                hand = self.query_one("#hand", HandZone)
                hand.snap = snap
                playable = snap.playable
                for i, item in enumerate(hand.focusable()):
                    if item.oid in playable:
                        self.cursors["hand"] = i
                        break
        else:
            self.mode = "prompt"
            self.state = PromptState(prompt_for(d, snap), d)
        self.redraw()

    def submit(self, answer: Any) -> None:
        d = self.decision
        if d is None or self.session.game.pending is not d:
            return
        try:
            self.session.answer(d.player, answer)
        except IllegalAnswer as e:
            if self.state is not None:
                self.state.prompt.error = e.reason
            else:
                self.error_text = e.reason
            self.redraw()
            return
        self.state = None
        self.error_text = ""
        self.advance()

    # -- the computer ------------------------------------------------------------------

    def start_agent(self, d: Decision) -> None:
        self.mode = "wait"
        self.state = None
        self.take_snapshot()
        self.agent_decision = d
        self.thinking_since = time.monotonic()
        agent = self.session.seats[d.player].agent
        game = self.session.game
        self.worker = self.run_worker(lambda: agent.decide(game, d), thread=True, group="agent",
                                      exit_on_error=False, name="computer")
        self.redraw()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        w = event.worker
        if not self.current:
            return
        if w is not self.worker or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                        WorkerState.CANCELLED):
            return
        self.worker = None
        d = self.agent_decision
        self.agent_decision = None
        if event.state == WorkerState.CANCELLED or d is None:
            return
        before = len(self.session.game.log.entries)
        if event.state == WorkerState.SUCCESS:
            answer = w.result
        else:
            from ...agents import RandomAgent
            answer = RandomAgent(len(self.session.game.record)).decide(self.session.game, d)
        self.session.apply_agent(d, answer)
        new = [e for e in self.session.game.log.entries[before:] if e.kind in VISIBLE_KINDS]
        if new:
            self.last_agent_text = str(new[-1])
        passing = d.kind == "priority" and isinstance(answer, dict) and answer.get("action") == "pass"
        self.take_snapshot()
        self.redraw()
        if new and not passing and self.pace > 0:
            self.pending_timer = True
            self.set_timer(self.pace, self._after_pause)
        else:
            self.advance()

    def _after_pause(self) -> None:
        self.pending_timer = False
        self.advance()

    def stop_agent(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    # -- keys ---------------------------------------------------------------------------
    # Board keys are Textual bindings made from ui/keys.py; check_action() enables each in the modes the
    # declaration names. A prompt sees every key first and keeps the ones it uses. The screen runs its
    # bindings itself, as each key arrives: left to bubble up to the app, a key would act after the keys
    # typed behind it had already been read against the old state ("a" then a menu letter).

    def on_key(self, event: events.Key) -> None:
        if event.key in ("ctrl+q", "ctrl+p", "ctrl+c"):
            return
        event.stop()
        event.prevent_default()
        if self.app.screen is not self:
            return        # a key queued before a box opened over the board (or after this game was replaced)
        if self.mode == "prompt" and self.state is not None and self.prompt_key(event.key, event.character):
            return
        self.run_binding(event.key)

    def run_binding(self, key: str) -> bool:
        try:
            found = self._bindings.get_bindings_for_key(key)
        except NoBinding:
            return False
        for binding in found:
            _, name, params = parse_action(binding.action)
            if self.check_action(name, params):
                getattr(self, f"action_{name}")(*params)
                return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        spec = keys.spec_of(action)
        if spec is None:
            return False          # Textual's own screen keys (Tab moving focus) mean nothing here
        return self.applies(spec, parameters)

    def applies(self, spec: keys.GameKey, parameters: tuple[object, ...] = ()) -> bool:
        """Does this key do something now?"""
        if self.snap is None or self.app.screen is not self or self.mode not in spec.modes:
            return False
        action = spec.action.split("(")[0]
        param = parameters[0] if parameters else spec.action.partition("'")[2].rstrip("')") or None
        if action in ("yield_always", "yield_turn") or (action == "skip" and param == "stack"):
            if not self.snap.stack:
                return False
        if action in ("skip", "full_step", "full_locked", "cancel_skips", "toggle_stop", "yield_always",
                      "yield_turn"):
            return self.session.stops.get(self.viewer) is not None
        if action == "speed":
            return any(not s.human for s in self.session.seats)
        return True

    def prompt_key(self, key: str, char: str | None) -> bool:
        """Give a key to the prompt on screen; True if the prompt used it."""
        st = self.state
        assert st is not None
        out = st.prompt.handle(key, char)
        if isinstance(out, Answer):
            if st.menu:
                self.state = None
                self.mode = "board"
            self.submit(out.value)
        elif isinstance(out, Cancel):
            if st.menu:
                self.state = None
                self.mode = "board"
                self.redraw()
            elif st.decision is not None and st.decision.cancellable:
                self.submit("cancel")
        elif isinstance(out, Inspect):
            self.app.show_inspect(self, out.oid)
        elif isinstance(out, Redraw):
            self.redraw()
        else:
            return False
        return True

    # Looking around (every mode but prompts, where the prompt has the keys).

    def action_focus(self, zone: str) -> None:
        self.set_focus_zone(zone)

    def action_next_zone(self) -> None:
        self.set_focus_zone(ZONES[(ZONES.index(self.focus_zone) + 1) % len(ZONES)])

    def action_previous_zone(self) -> None:
        self.set_focus_zone(ZONES[(ZONES.index(self.focus_zone) - 1) % len(ZONES)])

    def action_move(self, delta: str) -> None:
        self.move_cursor(int(delta))

    def action_zone(self, which: str) -> None:
        whose, zone = which.split()
        me = self.viewer
        self.app.show_zone(self, me if whose == "mine" else 1 - me, zone)

    def action_log(self) -> None:
        self.app.show_log(self)

    def action_explain(self) -> None:
        self.toggle_explain()

    def action_inspect(self) -> None:
        self.inspect_focused()

    def action_help(self) -> None:
        self.app.show_help(self)

    def action_speed(self, which: str) -> None:
        i = min(range(len(PACES)), key=lambda j: abs(PACES[j] - self.pace))
        i = max(0, i - 1) if which == "faster" else min(len(PACES) - 1, i + 1)
        self.pace = PACES[i]
        self.app.notify(f"The computer's actions: {self.pace:.1f} s each", timeout=2)
        self.redraw()

    def action_new_game(self) -> None:
        self.app.new_game(rematch=False)

    def action_rematch(self) -> None:
        self.app.new_game(rematch=True)

    # Stops and skips.

    @property
    def stops(self) -> Stops:
        return self.session.stops[self.viewer]

    def action_toggle_stop(self, step: str) -> None:
        snap = self.snap
        assert snap is not None
        my_turn = snap.active == self.viewer
        on = self.stops.toggle(step, my_turn)
        whose = "your" if my_turn else "the opponent's"
        self.app.notify(f"Stop {'set' if on else 'removed'}: {dict(STOP_STEPS)[step]} in {whose} turns", timeout=2)
        self.session.save()
        self.redraw()

    def action_cancel_skips(self) -> None:
        self.stops.clear()
        self.app.notify("Skips and yields cancelled", timeout=2)
        self.redraw()

    def action_full_locked(self) -> None:
        stops = self.stops
        stops.full_locked = not stops.full_locked
        self.app.notify("Full control " + ("on: you get every priority" if stops.full_locked else "off"), timeout=2)
        self.redraw()

    def action_full_step(self) -> None:
        snap = self.snap
        assert snap is not None
        self.stops.full_step = (snap.turn, snap.step)
        self.app.notify("Full control for this step", timeout=2)
        self.redraw()

    def action_skip(self, kind: str) -> None:
        snap = self.snap
        assert snap is not None
        self.stops.skip = Skip(kind, snap.turn, snap.step, len(snap.stack))
        self.app.notify(f"Passing {SKIPS[kind]}", timeout=2)
        self.submit({"action": "pass"})

    def _yield(self, always: bool) -> None:
        snap = self.snap
        assert snap is not None and snap.stack
        top = snap.stack[0]
        if always:
            self.stops.yields.add(yield_key(top))
        else:
            self.stops.yields_turn[yield_key(top)] = snap.turn
        self.app.notify(f"Yielding to {top.name} " + ("always" if always else "this turn"), timeout=2)
        self.submit({"action": "pass"})

    def action_yield_always(self) -> None:
        self._yield(True)

    def action_yield_turn(self) -> None:
        self._yield(False)

    # Acting with priority.

    def action_pass_priority(self) -> None:
        self.submit({"action": "pass"})

    def action_actions(self) -> None:
        self.open_menu(None)

    def action_mana(self) -> None:
        self.open_menu(None, mana=True)

    def action_use(self) -> None:
        item = self.focused_item()
        if item is None:
            self.open_menu(None)
            return
        self.open_menu(item.oid, ids=item.ids)

    def toggle_explain(self) -> None:
        self.explain = not self.explain
        self.set_class(self.explain, "-explain")
        self.app.notify("Explanations on: each log entry shows the rules it cites, in plain words (v: off)"
                        if self.explain else "Explanations off (v: on)", timeout=3)
        self.redraw()

    def open_menu(self, oid: int | None, ids: tuple[int, ...] = (), mana: bool = False) -> None:
        snap = self.snap
        if snap is None:
            return
        if mana:
            from ..prompts import PickPrompt, Choice
            from rich.text import Text as T
            opts = snap.mana_actions
            if not opts:
                self.error_text = "You have nothing to tap for mana now."
                self.redraw()
                self.error_text = ""
                return
            menu = PickPrompt("Tap for mana", [Choice(dict(o.value), T(o.label), o.value.get("source"))
                                               for o in distinct_actions(snap, opts)], 1, 1, done=lambda v: v[0],
                              cancellable=True, kind="actions")
        else:
            menu = None
            for cand in ((oid,) + tuple(i for i in ids if i != oid)) if oid is not None else (None,):
                menu = actions_menu(snap, cand)
                if menu is not None:
                    break
        if menu is None:
            self.error_text = self._why_not(oid) if oid is not None else "You have nothing to do but pass."
            self.redraw()
            self.error_text = ""
            return
        if len(menu.choices) == 1 and oid is not None:
            self.submit(menu.choices[0].value)
            return
        self.state = PromptState(menu, self.decision, menu=True)
        self.mode = "prompt"
        self.redraw()

    def _why_not(self, oid: int) -> str:
        """Why the focused card can't be used now: the engine's refusal for a land, else the timing, the
        mana or the targets that are missing (nothing here changes the game)."""
        snap = self.snap
        d = self.decision
        if snap is None or d is None:
            return ""
        o = snap.objects.get(oid)
        if o is None:
            return "That can't be used now."
        if o.zone == "hand" and not o.is_land:
            return refusals.why_not_cast(self.session.view(), self.viewer, o)
        trial = {"action": "play", "card": oid} if o.zone == "hand" else {"action": "activate", "source": oid,
                                                                          "ability": 0}
        try:
            d.validate(trial)
        except IllegalAnswer as e:
            return f"{o.name}: {e.reason}"
        except Exception:
            pass
        return refusals.why_not_activate(o) if o.zone == "battlefield" else f"{o.name} can't be played now."

    def set_focus_zone(self, zone: str) -> None:
        self.focus_zone = zone
        if zone == "log" and self.snap is not None:
            self.cursors["log"] = len(self.query_one("#log-wide", LogPanel).entries()) - 1
        self.redraw()

    def move_cursor(self, delta: int) -> None:
        zid = self.focus_zone
        if zid == "log":
            n = len(self.query_one("#log-wide", LogPanel).entries())
        else:
            n = len(self._zone_widgets(zid)[0].focusable())
        if n == 0:
            return
        self.cursors[zid] = max(0, min(n - 1, self.cursors[zid] + delta))
        self.redraw()

    def inspect_focused(self) -> None:
        if self.focus_zone == "log":
            entry = self.query_one("#log-wide", LogPanel).current_entry()
            if entry is not None:
                self.app.show_rules(self, entry)
            return
        item = self.focused_item()
        if item is not None and item.oid is not None:
            self.app.show_inspect(self, item.oid)
