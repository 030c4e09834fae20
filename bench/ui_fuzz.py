"""Random keys into a real ``mtg-tui play`` in a pseudo-terminal; does it survive?

    python bench/ui_fuzz.py [--keys 2000] [--gap 0.03] [--size 100x32] [--seed 50002] [--hotseat] [--runs 1]

Starts the installed game (``python -m mtg_tui play --pace 0``) with its own
data folder, types random keys (letters, digits, arrows, F-keys, Esc,
Enter, Ctrl+P; never q, Q or Ctrl+Q) with a gap between them, then quits
with Ctrl+Q and y. When the keys themselves quit (the menu's Quit, then
y), the game is resumed and the keys go on. Prints, for each run, the keys
typed, the quits, the last exit status and any traceback. A run passes
when every exit had status 0 and no traceback. The short version of this is a test (tests/ui/test_ui_keys.py).
"""

from __future__ import annotations

import argparse
import os
import pty
import random
import select
import shutil
import struct
import sys
import tempfile
import time

KEYS: dict[str, bytes] = {**{c: c.encode() for c in "abcdefghijklmnoprstuvwxyzABEFGLNRXY0123456789?+-"},
                          "space": b" ", "enter": b"\r", "escape": b"\x1b", "tab": b"\t", "shift+tab": b"\x1b[Z",
                          "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D",
                          "backspace": b"\x7f", "pageup": b"\x1b[5~", "pagedown": b"\x1b[6~", "home": b"\x1b[H",
                          "end": b"\x1b[F", "f1": b"\x1bOP", "f2": b"\x1bOQ", "f3": b"\x1bOR", "f4": b"\x1bOS",
                          "f6": b"\x1b[17~", "f7": b"\x1b[18~", "f9": b"\x1b[20~", "f10": b"\x1b[21~",
                          "ctrl+p": b"\x10"}


def read_all(fd: int, seconds: float, out: bytearray) -> bool:
    """Read what the program writes for ``seconds``; False once it has closed the terminal."""
    end = time.monotonic() + seconds
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return True
        r, _, _ = select.select([fd], [], [], min(left, 0.01))
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            out += chunk
            del out[:-200_000]


def start(args: argparse.Namespace, env: dict[str, str], resume: bool) -> tuple[int, int]:
    cols, rows = (int(x) for x in args.size.split("x"))
    argv = [sys.executable, "-m", "mtg_tui", "play", "--pace", "0"]
    argv += ["--resume"] if resume else ["--seed", str(args.seed)] + (["--hotseat"] if args.hotseat else [])
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(sys.executable, argv, env)
    import fcntl
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def wait_exit(pid: int) -> int | None:
    for _ in range(50):
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(code)
        time.sleep(0.1)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return None


def run(args: argparse.Namespace, seed: int) -> bool:
    """One run: random keys until ``args.keys`` are typed. When the keys quit the game (the menu's Quit,
    then y), it is resumed and the keys go on."""
    data = tempfile.mkdtemp(prefix="mtg-fuzz-")
    env = dict(os.environ, MTG_TUI_DATA=data, TERM="xterm-256color", TEXTUAL_ANIMATIONS="none")
    rng = random.Random(seed)
    names = list(KEYS)
    sent = quits = 0
    resume = False
    while True:
        pid, fd = start(args, env, resume)
        out = bytearray()
        alive = read_all(fd, 4.0, out)
        while alive and sent < args.keys:
            try:
                os.write(fd, KEYS[rng.choice(names)])
            except OSError:
                alive = False
                break
            sent += 1
            alive = read_all(fd, args.gap, out)
        if alive:
            for key in (b"\x1b", b"\x1b", b"\x11"):
                os.write(fd, key)
                read_all(fd, 0.3, out)
            os.write(fd, b"y")
            read_all(fd, 3.0, out)
        status = wait_exit(pid)
        os.close(fd)
        text = out.decode("utf-8", "replace")
        trace = text[text.rfind("Traceback"):][:1500] if "Traceback" in text else ""
        if trace or status != 0 or alive or sent >= args.keys:
            break
        quits += 1           # the keys quit through the menu: carry on with the saved game
        resume = os.path.exists(os.path.join(data, "saves", "current.json"))
    ok = status == 0 and not trace
    print(f"run seed {seed}: {sent} keys, {quits} quits by the keys (resumed), last exit status {status}"
          + (", traceback:" if trace else ""))
    if trace:
        print(trace)
    shutil.rmtree(data, ignore_errors=True)
    return ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keys", type=int, default=2000)
    ap.add_argument("--gap", type=float, default=0.03, help="seconds between keys")
    ap.add_argument("--size", default="100x32")
    ap.add_argument("--seed", type=int, default=50002, help="the game's seed")
    ap.add_argument("--hotseat", action="store_true")
    ap.add_argument("--runs", type=int, default=1, help="runs, each with other random keys")
    args = ap.parse_args()
    passed = sum(run(args, key_seed) for key_seed in range(1, args.runs + 1))
    print(f"{passed} of {args.runs} runs passed")


if __name__ == "__main__":
    main()
