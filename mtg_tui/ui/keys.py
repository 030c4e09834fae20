"""Every key of a game, declared once.

The game screen's Textual ``BINDINGS`` are made from ``GAME_KEYS``; the key
bar, the help screen and the README's key table are made from the same
declaration (a test checks the README against it). Keys that only mean
something inside a prompt (letters, Space to confirm, Esc) are handled by
the prompts themselves; ``PROMPT_KEYS`` describes them for the help screen
and the README.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding

from .stops import STOP_STEPS

# When a key applies: the game screen's modes (see GameScreen.mode).
BOARD = "board"        # you have priority
PROMPT = "prompt"      # a prompt asks you something
WAIT = "wait"          # the computer is playing
OVER = "over"          # the game is over
EVERY = (BOARD, PROMPT, WAIT, OVER)
LOOKING = (BOARD, WAIT, OVER)


@dataclass(frozen=True)
class GameKey:
    """One key (or a family of keys: 1-0, h b B s l) and what it does.

    ``keys`` are Textual key names; with ``params`` each key runs ``action`` with its own parameter.
    ``bar`` orders the key bar: lower comes first, 0 never shows there (help and README still list it).
    """

    keys: tuple[str, ...]
    action: str
    label: str                    # in the key bar
    help: str                     # in the help screen and the README
    group: str
    modes: tuple[str, ...] = (BOARD,)
    params: tuple[str, ...] = ()
    bar: int = 0
    shown: str = ""               # how the key is written for people, when the default reads badly

    @property
    def bar_key(self) -> str:
        """The key as the key bar shows it: short."""
        return self.shown if self.params and self.shown else key_name(self.keys[0])

    @property
    def display(self) -> str:
        if self.shown:
            return self.shown
        sep = " " if self.params else " / "
        return sep.join(key_name(k) for k in self.keys)


NAMES = {"space": "Space", "enter": "Enter", "escape": "Esc", "tab": "Tab", "shift+tab": "Shift+Tab",
         "question_mark": "?", "plus": "+", "minus": "-", "backspace": "Backspace", "home": "Home",
         "end": "End", "pageup": "PgUp", "pagedown": "PgDn", "up": "Up", "down": "Down", "left": "Left",
         "right": "Right"}


def key_name(key: str) -> str:
    """A Textual key name as people write it: "space" -> "Space", "f2" -> "F2", "ctrl+p" -> "Ctrl+P"."""
    if key in NAMES:
        return NAMES[key]
    if key.startswith("ctrl+"):
        return "Ctrl+" + key[5:].upper()
    if len(key) > 1 and key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return key


STOP_PARAMS = tuple(step for step, _ in STOP_STEPS)

GAME_KEYS: tuple[GameKey, ...] = (
    # -- playing ---------------------------------------------------------------------------------------
    GameKey(("space", "f2"), "pass_priority", "pass", "pass priority once", "Playing", bar=1),
    GameKey(("enter",), "use", "play/use",
            "play, cast or activate the highlighted card (a menu if it has several actions)", "Playing",
            bar=2),
    GameKey(("a",), "actions", "actions", "every action you can take now, by letter", "Playing", bar=3),
    GameKey(("m",), "mana", "mana", "tap a permanent for mana", "Playing", bar=14),
    GameKey(("y",), "yield_always", "always yield", "always yield to the ability on top of the stack",
            "Playing", bar=6),
    GameKey(("Y",), "yield_turn", "yield this turn", "yield to the ability on top of the stack until end of turn",
            "Playing"),
    # -- passing and stops -------------------------------------------------------------------------------
    GameKey(("e", "f4"), "skip('eot')", "to end of turn",
            "pass until end of turn (stops if the opponent puts something on the stack)", "Passing and stops",
            bar=7),
    GameKey(("E", "f6"), "skip('turn')", "whole turn",
            "pass the whole turn (decisions you must make are still asked)", "Passing and stops"),
    GameKey(("n", "f7"), "skip('main')", "next main", "pass to the next main phase", "Passing and stops", bar=8),
    GameKey(("r", "f10"), "skip('stack')", "until resolved", "pass until the stack resolves", "Passing and stops",
            bar=5),
    GameKey(("w", "f9"), "skip('my_turn')", "my turn", "pass until your next turn", "Passing and stops", bar=9),
    GameKey(("c", "f3"), "cancel_skips", "cancel skips", "cancel skips and yields", "Passing and stops",
            modes=(BOARD, WAIT)),
    GameKey(("f",), "full_step", "full control", "full control for this step: you get every priority",
            "Passing and stops", bar=12),
    GameKey(("F",), "full_locked", "full control on/off", "full control always (on/off)", "Passing and stops",
            modes=(BOARD, WAIT)),
    GameKey(("1", "2", "3", "4", "5", "6", "7", "8", "9", "0"), "toggle_stop", "stops",
            f"toggle your stop at {' '.join(short for _, short in STOP_STEPS)}, for the turn shown (your turns and the "
            "opponent's have separate stops)", "Passing and stops", modes=(BOARD, WAIT), params=STOP_PARAMS,
            bar=13, shown="1-0"),
    # -- looking around ----------------------------------------------------------------------------------
    GameKey(("tab",), "next_zone", "next zone", "the next zone (hand, battlefields, stack, log)",
            "Looking around", modes=LOOKING),
    GameKey(("shift+tab",), "previous_zone", "previous zone", "the previous zone", "Looking around",
            modes=LOOKING),
    GameKey(("left", "up", "right", "down", "home", "end"), "move", "move", "move within a zone",
            "Looking around", modes=LOOKING, params=("-1", "-1", "1", "1", "-10000", "10000"),
            shown="arrows, Home, End"),
    GameKey(("h", "b", "B", "s", "l"), "focus", "look",
            "focus: hand / your battlefield / opponent's battlefield / stack / log", "Looking around",
            modes=LOOKING, params=("hand", "my-bf", "opp-bf", "stack", "log"), bar=11, shown="h b B s l"),
    GameKey(("i",), "inspect", "inspect",
            "inspect the highlighted card (on a log entry: the rules it cites, in full)", "Looking around",
            modes=LOOKING, bar=10),
    GameKey(("g", "x"), "zone", "my graveyard/exile", "your graveyard / your exile", "Looking around",
            modes=LOOKING, params=("mine graveyard", "mine exile")),
    GameKey(("G", "X"), "zone", "opponent's graveyard/exile", "the opponent's graveyard / exile",
            "Looking around", modes=EVERY, params=("theirs graveyard", "theirs exile")),
    GameKey(("L",), "log", "log", "the whole log, every step, with rule numbers", "Looking around", modes=EVERY,
            bar=15),
    GameKey(("v",), "explain", "explain", "explanations on/off: each log entry with the rules it cites, in plain "
            "words", "Looking around", modes=LOOKING),
    # -- the end of a game -------------------------------------------------------------------------------
    GameKey(("N",), "new_game", "new game", "when the game is over: a new game (same decks, next seed)", "When the game is over",
            modes=(OVER,), bar=1),
    GameKey(("R",), "rematch", "rematch", "when the game is over: the same game again (same seed)", "When the game is over",
            modes=(OVER,), bar=2),
    # -- anywhere ----------------------------------------------------------------------------------------
    GameKey(("question_mark", "f1"), "help", "all keys", "help: the keys that apply now, then every key",
            "Anywhere", modes=EVERY, bar=90, shown="? / F1"),
    GameKey(("plus", "minus"), "speed", "speed", "the computer's actions faster / slower", "Anywhere",
            modes=EVERY, params=("faster", "slower"), shown="+ -"),
    GameKey(("ctrl+p",), "app.menu", "menu", "the game menu: concede, offer a draw, new game, rematch, speed, quit",
            "Anywhere", modes=EVERY, bar=91),
    GameKey(("ctrl+q",), "app.quit", "quit", "quit (asks; the game is saved after every move: "
            "mtg-tui play --resume continues it)", "Anywhere", modes=EVERY, bar=92),
)

# The keys of prompts (handled by each prompt; described here for help and the README).
PROMPT_KEYS: tuple[tuple[str, str], ...] = (
    ("a-z (not i)", "choose; where you choose several, a letter picks or unpicks"),
    ("Enter", "choose the highlighted choice; arrows move the highlight"),
    ("Space / F2", "done / confirm / the proposed answer (auto-pay, attack, automatic damage, auto-order)"),
    ("Esc", "back out of a spell or ability you are casting: nothing has changed yet"),
    ("i", "inspect the highlighted choice"),
    ("A", "attack with all (or none) when declaring attackers"),
    ("m", "pay mana by choosing the sources (when paying); assign damage by hand"),
)


def bindings() -> list[Binding]:
    """The game screen's Textual bindings, from the declaration (app-level keys are the app's)."""
    out: list[Binding] = []
    for k in GAME_KEYS:
        if k.action.startswith("app."):
            continue
        if k.params:
            for key, param in zip(k.keys, k.params):
                out.append(Binding(key, f"{k.action}({param!r})", k.label, show=False))
        else:
            out.append(Binding(",".join(k.keys), k.action, k.label, show=False))
    return out


def app_bindings() -> list[Binding]:
    """The keys that work over every screen of a game (the menu, quit)."""
    return [Binding(",".join(k.keys), k.action[4:], k.label, show=False, priority=True)
            for k in GAME_KEYS if k.action.startswith("app.")]


def spec_of(action: str) -> GameKey | None:
    for k in GAME_KEYS:
        if k.action == action or k.action.split("(")[0] == action or k.action == f"app.{action}":
            return k
    return None


def bar_keys(mode: str) -> list[GameKey]:
    """The keys for the key bar in this mode, most important first."""
    return sorted((k for k in GAME_KEYS if k.bar and mode in k.modes), key=lambda k: k.bar)


def groups() -> list[tuple[str, list[GameKey]]]:
    out: dict[str, list[GameKey]] = {}
    for k in GAME_KEYS:
        out.setdefault(k.group, []).append(k)
    return list(out.items())


def help_lines(width: int = 78) -> list[str]:
    """Every key, grouped, for the help screen (prompt keys included)."""
    import textwrap
    col = 18
    lines: list[str] = []

    def row(keys: str, what: str) -> None:
        wrapped = textwrap.wrap(what, max(20, width - col - 2)) or [""]
        lines.append(f"  {keys:<{col - 2}}" + (" " if len(keys) >= col - 2 else "") + wrapped[0])
        lines.extend(" " * col + w for w in wrapped[1:])

    for name, keys in groups():
        lines.append(f"{name}:")
        for k in keys:
            row(k.display, k.help)
        lines.append("")
    lines.append("In a prompt:")
    for keys, what in PROMPT_KEYS:
        row(keys, what)
    return lines


def markdown_table() -> str:
    """The README's key table."""
    rows = ["| key | what it does |", "| --- | --- |"]
    for _, keys in groups():
        for k in keys:
            rows.append(f"| {k.display.replace('|', '/')} | {k.help} |")
    for keys, what in PROMPT_KEYS:
        rows.append(f"| {keys} | in a prompt: {what} |")
    return "\n".join(rows)


if __name__ == "__main__":     # python -m mtg_tui.ui.keys: print the README's table
    print(markdown_table())
