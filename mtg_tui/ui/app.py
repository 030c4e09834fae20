"""The Textual application: one game screen, the screens over it, saving and quitting."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from rich.text import Text
from textual.app import App

from . import keys
from .hangup import StopOnSignal
from .opponents import make_opponent
from .saves import KEEP, new_save_path, prune, saves_dir
from .session import Session
from .screens.game import GameScreen
from .screens.handoff import HandoffScreen
from .screens.overlays import (ConfirmScreen, GameOverScreen, HelpScreen, InspectScreen, ListScreen, LogScreen,
                               MenuScreen, open_rules)
from .snapshot import Snapshot


@dataclass
class GameOptions:
    """What a new game is made of (kept for rematches)."""

    decks: list[list[str]]
    deck_names: list[str]
    names: list[str]
    seed: int
    hotseat: bool = False
    difficulty: str = "normal"
    saves: Path | None = field(default_factory=saves_dir)   # the saves folder; None: not saved
    starting: int | None = None


def build_session(opts: GameOptions, cards: Any) -> tuple[Session, list[str]]:
    notes: list[str] = []
    agents: list[Any] = [None, None]
    if not opts.hotseat:
        agent, note = make_opponent(opts.difficulty, f"{opts.seed}/1")
        agents[1] = agent
        if note:
            notes.append(note)
    meta = {"mode": "hotseat" if opts.hotseat else "computer", "difficulty": opts.difficulty,
            "decks": opts.deck_names}
    path = new_save_path(opts.seed, opts.saves) if opts.saves is not None else None
    s = Session.start(opts.decks, opts.names, opts.seed, cards, agents, path, meta, opts.starting)
    if opts.saves is not None and s.file is not None:
        removed = prune(opts.saves)
        if removed:
            notes.append(f"Removed {len(removed)} older unfinished game{'s' if len(removed) != 1 else ''} "
                         f"(the newest {KEEP} are kept): {', '.join(g.path.name for g in removed)}.")
    return s, notes


class MtgApp(App[None]):
    """mtg-tui: a game of Magic against the computer or hot-seat."""

    TITLE = "mtg-tui"
    ENABLE_COMMAND_PALETTE = False       # Ctrl+P is the game's own menu
    BINDINGS = keys.app_bindings()

    def __init__(self, session: Session | None = None, *, options: GameOptions | None = None,
                 cards: Any = None, pace: float = 0.7, notes: list[str] | None = None,
                 make_session: Callable[[GameOptions], tuple[Session, list[str]]] | None = None,
                 explain: bool = False) -> None:
        super().__init__()
        self.explain = explain
        self.session = session
        self.options = options
        self.cards = cards
        self.pace = pace
        self.notes = list(notes or [])
        self.make_session = make_session or (lambda o: build_session(o, self.cards))
        self.game_screen: GameScreen | None = None
        self.signals = StopOnSignal(self.save_and_close, self.hang_up)

    # -- start and stop -------------------------------------------------------------------

    def on_mount(self) -> None:
        self.signals.install()
        if self.session is None:
            assert self.options is not None
            self.session, more = self.make_session(self.options)
            self.notes += more
        self.start_screen()
        self.watch_saving()

    def on_unmount(self) -> None:
        self.signals.restore()

    def start_screen(self) -> None:
        assert self.session is not None
        old_explain = self.game_screen.explain if self.game_screen is not None else self.explain
        screen = GameScreen(self.session, self.pace, self.notes, explain=old_explain)
        old = self.game_screen
        self.game_screen = screen
        if old is None or old not in self.screen_stack:
            self.push_screen(screen)
            return
        old.stop_agent()
        # Close what is over the old board (boxes, a hand-off), then put the new board in its place. The
        # old board and its boxes ignore whatever keys, timers and workers of theirs are still queued.
        while self.screen is not old and len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(screen)

    def watch_saving(self) -> None:
        """Ask the player what to do whenever the game can't be saved (now or later)."""
        assert self.session is not None
        self.session.on_save_error = self.saving_failed
        if self.session.save_problem and self.session.save_path is not None:
            self.call_later(self.saving_failed, self.session.save_problem)

    def saving_failed(self, problem: str) -> None:
        """The game can't be saved: play on unsaved only if the player agrees, else quit with an error."""
        def done(yes: bool | None) -> None:
            if yes:
                if self.session is not None:
                    self.session.play_unsaved()
                self.notify("The game goes on unsaved.", timeout=4)
            else:
                self.exit(return_code=1, message=problem)

        self.push_screen(ConfirmScreen("Saving failed",
                                       f"{problem}\nKeep playing without saving? (n quits)"), done)

    def save_and_close(self) -> None:
        """Write what the save lacks and let go of it (the terminal closed, or the process must stop)."""
        if self.session is not None:
            self.session.close()

    def hang_up(self, code: int) -> None:
        """Leave after a signal (the game is saved already): status 128 + the signal's number."""
        if self.game_screen is not None:
            self.game_screen.stop_agent()
        self.exit(return_code=code)

    def action_quit(self) -> None:  # Ctrl+Q
        if self.session is None or self.session.game.over:
            self.exit()
            return
        if isinstance(self.screen, ConfirmScreen):
            return

        def done(yes: bool | None) -> None:
            if yes:
                if self.session is not None:
                    self.session.save()
                if self.game_screen is not None:
                    self.game_screen.stop_agent()
                self.exit()

        where = self.session.save_path
        self.push_screen(ConfirmScreen("Quit?", "The game is saved: 'mtg-tui play --resume' continues it."
                                       + (f"\n({where})" if where else "")), done)

    # -- screens over the board -------------------------------------------------------------

    def show_help(self, screen: GameScreen) -> None:
        ctx = ""
        if screen.state is not None:
            ctx = f"Now: {screen.state.prompt.title}"
        elif screen.mode == "board":
            ctx = "Now: you have priority. Space passes; Enter or a acts."
        elif screen.mode == "wait":
            ctx = "Now: the computer is playing. You can look around and inspect cards."
        elif screen.mode == "over":
            ctx = "Now: the game is over."
        if "help" not in self._installed_screens:
            self.install_screen(HelpScreen(), "help")
        help_screen = self.get_screen("help")
        assert isinstance(help_screen, HelpScreen)
        if help_screen in self.screen_stack:
            return            # already open (perhaps under the menu)
        help_screen.set_context(ctx, screen.key_hints())
        self.push_screen("help")

    def show_inspect(self, screen: GameScreen, oid: int) -> None:
        snap = screen.snap
        ins = None
        obj = snap.objects.get(oid) if snap else None
        if screen.worker is None and self.session is not None:
            ins = self.session.view(screen.viewer).inspect(oid)
        self.push_screen(InspectScreen(ins, obj, snap))

    def show_rules(self, screen: GameScreen, entry: Any) -> None:
        open_rules(self, entry)

    def show_zone(self, screen: GameScreen, player: int, zone: str) -> None:
        snap = screen.snap
        if snap is None:
            return
        p = snap.players[player]
        objs = p.graveyard if zone == "graveyard" else p.exile
        items = [(Text(o.name, style="bold") + Text(f"  {o.type_line}", style="dim"), o.id) for o in objs]
        self.push_screen(ListScreen(f"{p.name}'s {zone} ({len(objs)})", items,
                                    lambda oid: self.push_screen(InspectScreen(None if screen.worker else
                                                                               self.session.view(screen.viewer)
                                                                               .inspect(oid),
                                                                               snap.objects.get(oid), snap))))

    def show_log(self, screen: GameScreen) -> None:
        snap = screen.snap
        self.push_screen(LogScreen(list(snap.log) if snap else []))

    def show_handoff(self, screen: GameScreen, player: int) -> None:
        assert self.session is not None
        s = self.session
        g = s.game
        d = g.pending
        what = {"priority": "has priority", "declare_attackers": "declares attackers",
                "declare_blockers": "declares blockers", "mulligan": "decides on a mulligan"}.get(
            d.kind if d else "", "has a decision to make")
        why = (f"Turn {g.turn}: " if g.turn else "Before the game: ") + f"{s.name(player)} {what}"
        stack = s.view(None).stack()      # public: what is on the stack, never what a player holds
        if stack:
            why += f", with {s.name(stack[0].controller)}'s {stack[0].name} on the stack"
        self.push_screen(HandoffScreen(s.name(player), why + "."), lambda _: screen.after_handoff(player))

    def show_game_over(self, screen: GameScreen) -> None:
        snap = screen.snap
        assert snap is not None and self.session is not None
        result = screen._result_text(snap)
        lines = []
        for p in snap.players:
            lines.append(f"{p.name}: {p.life} life" + (f", {p.poison} poison" if p.poison else "")
                         + f", {p.library_count} cards in library")
        lines.append(f"Seed {snap.seed}: 'mtg-tui play --seed {snap.seed}' plays the same shuffle again.")

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.exit()
            elif choice in ("new", "rematch"):
                self.new_game(rematch=choice == "rematch")

        self.push_screen(GameOverScreen(result, "\n".join(lines)), done)

    # -- new games, concession ---------------------------------------------------------------

    def new_game(self, rematch: bool) -> None:
        if self.options is None:
            self.notify("Start a new game with 'mtg-tui play'.", timeout=3)
            return
        if not rematch:
            self.options.seed += 1
        if self.session is not None:
            self.session.close()
        self.session, self.notes = self.make_session(self.options)
        self.start_screen()
        self.watch_saving()

    def concede(self) -> None:
        s = self.session
        if s is None or s.game.over:
            return
        who = self.game_screen.viewer if self.game_screen else 0

        def done(yes: bool | None) -> None:
            if yes and self.session is not None and not self.session.game.over:
                gs = self.game_screen
                if gs is not None:
                    gs.stop_agent()
                    gs.worker = None
                self.session.concede(who)
                if gs is not None:
                    gs.advance()

        self.push_screen(ConfirmScreen("Concede?", f"{s.name(who)} concedes the game (104.3a)."), done)

    def offer_draw(self) -> None:
        """Offer the opponent a draw (104.4i): the computer accepts only a game going nowhere."""
        s = self.session
        if s is None or s.game.over:
            return
        who = self.game_screen.viewer if self.game_screen else 0
        gs = self.game_screen

        def finish() -> None:
            if gs is not None:
                gs.stop_agent()
                gs.worker = None
                gs.advance()

        if not s.seats[1 - who].human:
            if gs is not None and gs.worker is not None:
                # Its answer is being worked out on the game as it stands: ask when it's done.
                self.notify(f"{s.name(1 - who)} is thinking; offer the draw when it's your decision.", timeout=4)
                return
            if s.offer_draw(who):
                finish()
            else:
                self.notify(f"{s.name(1 - who)} declines the draw: the game can still be won.", timeout=4)
            return

        def done(yes: bool | None) -> None:
            if yes and self.session is not None and not self.session.game.over:
                self.session.agree_draw()
                finish()

        self.push_screen(ConfirmScreen("Agree to a draw?",
                                       f"{s.name(who)} offers a draw. {s.name(1 - who)}, do you accept? (104.4i)"),
                         done)

    def action_menu(self) -> None:
        """Ctrl+P: the game's menu, over the board (again: closes it)."""
        if isinstance(self.screen, MenuScreen):
            self.screen.dismiss(None)
            return
        s = self.session
        gs = self.game_screen
        on_handoff = isinstance(self.screen, HandoffScreen)
        playing = s is not None and not s.game.over and not on_handoff
        vs_computer = s is not None and any(not seat.human for seat in s.seats)
        items: list[tuple[str, str, str]] = []
        if playing:
            items.append(("c", "Concede", "concede this game (asks first)"))
            items.append(("d", "Offer a draw", "the game ends in a draw if the opponent agrees"))
        if self.options is not None:
            items.append(("n", "New game", "the same decks, the next seed"))
            items.append(("r", "Rematch", "the same decks and seed: the same shuffles"))
        if vs_computer and gs is not None:
            items.append(("+", "Computer faster", f"less time between its actions (now {gs.pace:.1f} s)"))
            items.append(("-", "Computer slower", "more time between its actions"))
        if gs is not None and not on_handoff:
            items.append(("k", "Keys and help", "every key, and what the step bar says"))
        items.append(("q", "Quit", "the game is saved: 'mtg-tui play --resume' continues it"))

        def chosen(key: str | None) -> None:
            if key == "c":
                self.concede()
            elif key == "d":
                self.offer_draw()
            elif key in ("n", "r"):
                self.ask_new_game(rematch=key == "r")
            elif key in ("+", "-") and self.game_screen is not None:
                self.game_screen.action_speed("faster" if key == "+" else "slower")
            elif key == "k" and self.game_screen is not None:
                self.show_help(self.game_screen)
            elif key == "q":
                self.action_quit()

        self.push_screen(MenuScreen(items), chosen)

    def ask_new_game(self, rematch: bool) -> None:
        """A new game from the menu: asks first while this one is still being played."""
        s = self.session
        if s is None or s.game.over:
            self.new_game(rematch)
            return
        what = "the same game again (same seed)" if rematch else "a new game (next seed)"

        def done(yes: bool | None) -> None:
            if yes:
                self.new_game(rematch)

        self.push_screen(ConfirmScreen("Leave this game?", f"Start {what}? The game in progress ends here and isn't kept."),
                         done)


def snapshot_of(app: MtgApp) -> Snapshot | None:
    return app.game_screen.snap if app.game_screen else None
