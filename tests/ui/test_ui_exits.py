"""How the game ends when it isn't quit: a closed terminal, SIGTERM, a crash. In a real terminal (tmux).

A closed terminal or SIGTERM ends the process within a few seconds at any moment, start-up included,
with the game saved once there is one; a crash in the UI exits non-zero and says where the game is saved.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from mtg_tui.cardtext.loader import default_db
from mtg_tui.engine.record import Record
from mtg_tui.ui.opponents import make_opponent
from mtg_tui.ui.session import Session

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
DECKS = Path(__file__).parent / "decks"
GAME = f"play --seed 4 --pace 0 --deck {DECKS / 'burn-mini.txt'} --opponent-deck {DECKS / 'stompy-mini.txt'}"

CRASHING = """
import sys
import mtg_tui.ui.screens.game as screen
real = screen.GameScreen.submit
def submit(self, answer):
    real(self, answer)
    raise RuntimeError("a bug in the UI")
screen.GameScreen.submit = submit
from mtg_tui.cli import main
sys.argv = ["mtg-tui"] + sys.argv[1:]
main()
"""


class Game:
    """``mtg-tui`` (or a Python program) in a tmux session of its own; its process id is known."""

    def __init__(self, tmp: Path, args: str, program: str | None = None, cache: Path | None = None,
                 size_env: str = "-u LINES -u COLUMNS") -> None:
        self.name = f"mtg-exit-{uuid.uuid4().hex[:8]}"
        self.data = tmp / "data"
        self.pidfile = tmp / f"{self.name}.pid"
        env = {"MTG_TUI_DATA": str(self.data), "MTG_TUI_CACHE": str(cache or tmp / "cache"),
               "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}
        exe = f"{shlex.quote(sys.executable)} -c {shlex.quote(program)}" if program else \
            f"{shlex.quote(sys.executable)} -m mtg_tui"
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        # Without LINES and COLUMNS unless a test asks for them: the size is the terminal's.
        inner = f"echo $$ > {shlex.quote(str(self.pidfile))}; exec env {size_env} {exports} {exe} {args}"
        command = [TMUX, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
                   f"sh -c {shlex.quote(inner)}; echo EXIT=$?; sleep 30"]
        # When the last session has just been killed, the tmux server may still be exiting and refuse
        # the new one ("server exited unexpectedly"): try again once it has gone.
        for attempt in range(5):
            if subprocess.run(command, capture_output=True).returncode == 0:
                break
            assert attempt < 4, "tmux would not start a session"
            time.sleep(0.2)
        end = time.monotonic() + 10
        while not self.pidfile.exists() or not self.pidfile.read_text().strip():
            assert time.monotonic() < end, "the program never started"
            time.sleep(0.02)
        self.pid = int(self.pidfile.read_text())

    def screen(self) -> str:
        return subprocess.run([TMUX, "capture-pane", "-p", "-t", self.name], capture_output=True,
                              text=True).stdout

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")

    def keys(self, *keys: str) -> None:
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

    def alive(self) -> bool:
        try:
            with open(f"/proc/{self.pid}/stat", encoding="utf-8") as f:
                return f.read().split(")")[-1].split()[0] != "Z"
        except OSError:
            return False

    def gone_within(self, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.alive():
                return True
            time.sleep(0.05)
        return not self.alive()

    def close(self) -> None:
        subprocess.run([TMUX, "kill-session", "-t", self.name], capture_output=True)
        if not self.gone_within(5):
            os.kill(self.pid, signal.SIGKILL)     # never leave it behind, even when the test fails

    def saves(self) -> list[Path]:
        return sorted((self.data / "saves").glob("*.jsonl"))


@pytest.mark.parametrize("delay", [0.2, 1.0, 2.5], ids=["at once", "while loading", "while starting"])
def test_a_terminal_closed_during_start_up_ends_the_process(tmp_path: Path, delay: float) -> None:
    game = Game(tmp_path, GAME)          # an empty card cache: the cards are compiled as it starts
    try:
        time.sleep(delay)
        subprocess.run([TMUX, "kill-session", "-t", game.name], capture_output=True)
        assert game.gone_within(5), "the process outlived its terminal"
    finally:
        game.close()


def test_a_terminal_closed_during_a_game_saves_it_and_ends_the_process(tmp_path: Path) -> None:
    game = Game(tmp_path, GAME)
    try:
        game.wait_for("keep this hand")
        game.keys("k")
        game.wait_for("priority")
        subprocess.run([TMUX, "kill-session", "-t", game.name], capture_output=True)
        assert game.gone_within(5), "the process outlived its terminal"
    finally:
        game.close()
    [save] = game.saves()
    resumed = Session.resume(save, default_db(), make_opponent)    # saved, and no longer locked
    assert resumed.game.record[0] == [0, "keep"]
    resumed.close()


def test_a_terminal_closed_while_the_game_quits_ends_the_process(tmp_path: Path) -> None:
    game = Game(tmp_path, GAME)
    try:
        game.wait_for("keep this hand")
        game.keys("k")
        game.wait_for("priority")
        game.keys("C-q")
        game.wait_for("Quit?")
        game.keys("y")
        subprocess.run([TMUX, "kill-session", "-t", game.name], capture_output=True)
        assert game.gone_within(5), "the process outlived its terminal"
    finally:
        game.close()


def test_sigterm_saves_the_game_restores_the_terminal_and_says_where(tmp_path: Path) -> None:
    game = Game(tmp_path, GAME)
    try:
        game.wait_for("keep this hand")
        game.keys("k")
        game.wait_for("priority")
        os.kill(game.pid, signal.SIGTERM)
        assert game.gone_within(5)
        screen = game.wait_for("EXIT=", 5)
        assert "EXIT=143" in screen and "The game is saved" in screen and "--resume" in screen
    finally:
        game.close()
    [save] = game.saves()
    assert Record.load(save).answers[0] == [0, "keep"]


def test_a_crash_in_the_ui_exits_non_zero_and_says_where_the_game_is_saved(tmp_path: Path) -> None:
    game = Game(tmp_path, GAME, program=CRASHING)
    try:
        game.wait_for("keep this hand")
        game.keys("k")
        screen = game.wait_for("EXIT=", 20)
        assert "EXIT=1" in screen and "stopped on an error" in screen and "--resume" in screen
        assert game.gone_within(5)
    finally:
        game.close()
    [save] = game.saves()
    assert Record.load(save).answers == [[0, "keep"]]
