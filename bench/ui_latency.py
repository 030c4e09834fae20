"""How fast the game screen answers: key press to repainted screen, and time to the first frame.

    python bench/ui_latency.py [--keys N] [--size 80x24]
    python bench/ui_latency.py --starts 10 [--cold]

Starts ``mtg-tui play`` (default decks, fixed seed, the computer at full
speed) in a pseudo-terminal, the way a terminal would, and types keys into
it. The program is timed from the inside: the moment Textual receives a key
to the moment the next frame has been written to the terminal, and from the
process start to the first frame of the board. Prints figures; asserts
nothing. Targets: key to screen under 30 ms at the 95th percentile, first
frame under 0.5 s.

``--starts N`` only starts the game N times and prints the median time to
the first frame, wall clock and the process's own CPU time (the CPU figure
holds on a busy machine, the wall one doesn't). Warm means the compiled-card
cache is filled by an unmeasured start first; ``--cold`` gives every start
an empty cache. Either way Python's bytecode is allowed to be written and
is warmed first, as an installed game has it.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

KEY_BYTES = {"right": b"\x1b[C", "left": b"\x1b[D", "tab": b"\t", "?": b"?", "escape": b"\x1b", "a": b"a",
             "space": b" ", "k": b"k", "ctrl+q": b"\x11", "y": b"y", "h": b"h", "b": b"b", "q": b"q"}


def child(out: str, started: float, quit_on_board: bool = False) -> None:
    """Run the game, timing frames; write the figures to ``out`` at exit."""
    from textual import events

    from mtg_tui.cardtext.loader import default_db
    from mtg_tui.decks.decklist import card_list
    from mtg_tui.decks.library import load_deck
    from mtg_tui.ui.app import GameOptions, MtgApp
    from mtg_tui.ui.screens.game import GameScreen

    imported = time.time() - started
    record: dict = {"imported": imported, "first_frame": None, "first_board": None, "latency": [],
                    "no_repaint": 0}

    class Timed(MtgApp):
        pending: tuple[str, float] | None = None

        async def on_event(self, event: events.Event) -> None:
            if isinstance(event, events.Key):
                if self.pending is not None:
                    record["no_repaint"] += 1     # the previous key changed nothing on screen
                self.pending = (event.key, time.perf_counter())
            await super().on_event(event)

        def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
            super()._display(screen, renderable)
            if renderable is None:
                return
            now = time.perf_counter()
            if record["first_frame"] is None:
                record["first_frame"] = time.time() - started
            if record["first_board"] is None and isinstance(screen, GameScreen) and screen.snap is not None:
                record["first_board"] = time.time() - started
                record["first_board_cpu"] = time.process_time()
                if quit_on_board:
                    self.exit()
            if self.pending is not None:
                key, t0 = self.pending
                record["latency"].append([key, now - t0])
                self.pending = None

    decks = [card_list(load_deck("Red Burn")), card_list(load_deck("Green Stompy"))]
    opts = GameOptions(decks, ["Red Burn", "Green Stompy"], ["You", "Computer"], 11,
                       saves=Path(os.environ["MTG_TUI_DATA"]))
    app = Timed(options=opts, cards=default_db(), pace=0.0)
    try:
        app.run()
    finally:
        Path(out).write_text(json.dumps(record))


def child_env(data: str, cache: str | None = None) -> dict[str, str]:
    """The game's environment: its own data folder, bytecode written as an installed game has it."""
    env = dict(os.environ, MTG_TUI_DATA=data, TERM="xterm-256color", TEXTUAL_ANIMATIONS="none")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if cache is not None:
        env["MTG_TUI_CACHE"] = cache
    return env


def start(out: str, env: dict[str, str], cols: int, rows: int, *extra: str) -> tuple[int, int]:
    """Fork the game into a pseudo-terminal of ``cols`` x ``rows``; return its pid and terminal."""
    started = time.time()
    pid, fd = pty.fork()
    if pid == 0:  # the child, in the pseudo-terminal
        os.execve(sys.executable, [sys.executable, __file__, "--child", out, "--started", str(started), *extra], env)
    import fcntl
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def one_start(env: dict[str, str], cols: int, rows: int) -> dict:
    """Start the game, let it quit at its first board frame, and return its figures."""
    tmp = tempfile.mkdtemp(prefix="mtg-bench-")
    out = os.path.join(tmp, "figures.json")
    pid, fd = start(out, env, cols, rows, "--quit-on-board")
    drain(fd, 30.0)                 # returns when the game closes its terminal
    os.waitpid(pid, 0)
    os.close(fd)
    return json.loads(Path(out).read_text())


def time_starts(n: int, cold: bool, cols: int, rows: int) -> None:
    """Print the median wall and CPU time to the first board frame over ``n`` starts."""
    data = tempfile.mkdtemp(prefix="mtg-bench-")
    cache = None if cold else tempfile.mkdtemp(prefix="mtg-bench-cache-")
    one_start(child_env(data, cache or tempfile.mkdtemp(prefix="mtg-bench-cache-")), cols, rows)  # warm-up
    walls, cpus = [], []
    for _ in range(n):
        env = child_env(data, cache or tempfile.mkdtemp(prefix="mtg-bench-cache-"))
        fig = one_start(env, cols, rows)
        walls.append(fig["first_board"])
        cpus.append(fig["first_board_cpu"])
    kind = "cold (empty compiled-card cache)" if cold else "warm"
    print(f"{n} starts, {kind}, terminal {cols}x{rows}")
    print(f"first board frame: median {statistics.median(walls) * 1000:5.0f} ms wall, "
          f"{statistics.median(cpus) * 1000:5.0f} ms CPU  (target 500 ms; wall "
          f"{min(walls) * 1000:.0f}-{max(walls) * 1000:.0f} ms)")


def drain(fd: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        r, _, _ = select.select([fd], [], [], min(left, 0.01))
        if r:
            try:
                if not os.read(fd, 65536):
                    return
            except OSError:
                return


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, int(round(q * (len(values) - 1)))))
    return values[k]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keys", type=int, default=200, help="navigation keys to time (default 200)")
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--starts", type=int, default=0, help="only time N starts to the first frame")
    ap.add_argument("--cold", action="store_true", help="with --starts: an empty compiled-card cache each start")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--started", type=float, help=argparse.SUPPRESS)
    ap.add_argument("--quit-on-board", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.started, args.quit_on_board)
        return
    cols, rows = (int(x) for x in args.size.split("x"))
    if args.starts:
        time_starts(args.starts, args.cold, cols, rows)
        return
    tmp = tempfile.mkdtemp(prefix="mtg-bench-")
    out = os.path.join(tmp, "figures.json")
    pid, fd = start(out, child_env(tmp), cols, rows)

    def press(key: str, wait: float = 0.06) -> None:
        os.write(fd, KEY_BYTES[key])
        drain(fd, wait)

    drain(fd, 4.0)                  # start, first frame, the computer's mulligan
    press("k", 1.5)                 # keep; the game runs to the first decision
    keys = ["right", "left"] * (args.keys // 2)
    for k in keys:
        press(k)
    for _ in range(10):
        press("?", 0.1)
        press("q", 0.1)
    for _ in range(10):
        press("tab", 0.08)
    for _ in range(10):
        press("space", 0.4)         # pass priority: the engine and the computer act
    press("ctrl+q", 0.3)
    press("y", 0.5)
    drain(fd, 2.0)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    data = json.loads(Path(out).read_text())
    lat = data["latency"]
    print(f"terminal {cols}x{rows}, {len(lat)} timed keys ({data['no_repaint']} keys changed nothing on screen)")
    print(f"imports done after      {data['imported'] * 1000:7.0f} ms")
    if data["first_frame"] is not None:
        print(f"first frame after       {data['first_frame'] * 1000:7.0f} ms  (target 500 ms)")
    if data["first_board"] is not None:
        print(f"first board frame after {data['first_board'] * 1000:7.0f} ms")
    groups = {"navigation (arrows, Tab)": ("right", "left", "tab"), "help open/close": ("question_mark", "q"),
              "pass priority (engine + auto-pass)": ("space",), "all keys": None}
    for name, names in groups.items():
        vals = [t * 1000 for k, t in lat if names is None or k in names]
        if not vals:
            continue
        print(f"{name:36s} n={len(vals):4d}  p50 {statistics.median(vals):6.1f} ms  "
              f"p95 {percentile(vals, 0.95):6.1f} ms  max {max(vals):6.1f} ms")


if __name__ == "__main__":
    main()
