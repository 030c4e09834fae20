"""End to end: the installed ``mtg-tui play`` in a real terminal (tmux), played with keys, read from the screen."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from mtg_tui.ui.filelock import FileLock, LockBusy
from mtg_tui.ui.saves import lock_path

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


def mtg_tui_command() -> str:
    exe = shutil.which("mtg-tui")
    if exe:
        return exe
    return f"{sys.executable} -m mtg_tui"


class Terminal:
    def __init__(self, command: str, env: dict[str, str], width: int = 80, height: int = 24) -> None:
        self.name = f"mtg-{uuid.uuid4().hex[:8]}"
        exports = " ".join(f"{k}={v}" for k, v in env.items())
        # Keep the pane open after the program ends, so its last screen can be read.
        subprocess.run([TMUX, "new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height),
                        f"env {exports} {command}; sleep 5"], check=True)

    def screen(self) -> str:
        out = subprocess.run([TMUX, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True)
        return out.stdout

    def keys(self, *keys: str) -> None:
        subprocess.run([TMUX, "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([TMUX, "kill-session", "-t", self.name], capture_output=True)


def test_play_a_few_turns_in_a_real_terminal(tmp_path: Path) -> None:
    decks = Path(__file__).parent / "decks"
    env = {"MTG_TUI_DATA": str(tmp_path), "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}
    cmd = (f"{mtg_tui_command()} play --seed 1 --pace 0 --name Ann --deck {decks / 'burn-mini.txt'} "
           f"--opponent-deck {decks / 'stompy-mini.txt'}")
    term = Terminal(cmd, env)
    try:
        term.wait_for("keep this hand")
        term.keys("k")
        # Pass priority with Space until the third turn, answering what comes up with keys.
        for _ in range(60):
            screen = term.wait_for("Ann", 10)
            if "T3 " in screen.splitlines()[0] or "Game over" in screen:
                break
            if "declare attackers" in screen:
                term.keys("A", "Space")
            elif "declare blockers" in screen:
                term.keys("Space")
            elif "> Ann: priority" in screen:
                term.keys("Space")
            else:
                time.sleep(0.1)
                continue
            time.sleep(0.15)
        screen = term.screen()
        assert "T3 " in screen.splitlines()[0] or "Game over" in screen, screen
        assert "HAND" in screen and "life" in screen
        # Quit with Ctrl+Q (it asks), then resume where it stopped.
        term.keys("C-q")
        term.wait_for("Quit?")
        term.keys("y")
        deadline = time.monotonic() + 10
        while not list((tmp_path / "saves").glob("*.jsonl")) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(list((tmp_path / "saves").glob("*.jsonl"))) == 1
        # The game lets go of its save when it has quit: resuming before that would find it open.
        save = next((tmp_path / "saves").glob("*.jsonl"))
        lock = FileLock(lock_path(save))
        while time.monotonic() < deadline + 10:
            try:
                lock.acquire()
                break
            except LockBusy:
                time.sleep(0.05)
        assert lock.held
        lock.release()
    finally:
        term.close()
    term = Terminal(f"{mtg_tui_command()} play --resume --pace 0", env)
    try:
        screen = term.wait_for("HAND")
        assert "T3 " in screen or "T4 " in screen
    finally:
        term.close()


def test_the_computers_targeted_spell_is_on_screen_at_your_next_decision(tmp_path: Path) -> None:
    """Against the computer at 80x24: it casts a targeted spell in its first turns (this seed and these decks
    make it Shock a creature), and at the player's next decision its name and target are on screen, with no
    key pressed to see them."""
    import re
    decks = Path(__file__).parent / "decks"
    env = {"MTG_TUI_DATA": str(tmp_path), "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}
    cmd = (f"{mtg_tui_command()} play --seed 1 --pace 0 --deck {decks / 'burn-mini.txt'} "
           f"--opponent-deck {decks / 'shock-mini.txt'}")
    seen = re.compile(r"Computer casts Shock targeting ([A-Z][a-z]+(?: [A-Z][a-z]+)*)\.|"
                      r"Computer's Shock targets (?:your )?([A-Z][a-z]+(?: [A-Z][a-z]+)*)")
    term = Terminal(cmd, env)
    try:
        term.wait_for("keep this hand")
        term.keys("k")
        screen = ""
        for _ in range(80):
            time.sleep(0.3)
            screen = term.screen()
            lines = screen.splitlines()
            deciding = any(line.startswith("> ") for line in lines)
            found = seen.search(" ".join(screen.split()))
            if found and deciding:
                break
            assert "Game over" not in screen, screen
            # The player plays a land and casts Raging Goblins; otherwise passes and attacks with all.
            if "declare attackers" in screen:
                term.keys("A", "Space")
            elif "declare blockers" in screen or "> Player: pay" in screen:
                term.keys("Space")
            elif "Choose target" in screen or "Discard" in screen:
                term.keys("a")
            elif "> Actions" in screen:
                choice = re.search(r"([a-z])\) Play Mountain", screen) or \
                    re.search(r"([a-z])\) Cast Raging Goblin", screen)
                term.keys(choice.group(1) if choice else "Escape")
                if not choice:
                    term.keys("Space")
            elif "> Player: priority" in screen or "respond, or Space" in screen:
                term.keys("a" if "+Mountain" in screen or "+Raging Goblin" in screen else "Space")
        else:
            raise AssertionError(f"the computer's Shock never showed at a decision; the screen:\n{screen}")
        # The spell and its target, at the player's decision, at 80x24.
        target = found.group(1) or found.group(2)
        assert target in ("Raging Goblin", "Goblin Piker", "Player"), screen
        assert all(len(line) <= 80 for line in screen.splitlines())
    finally:
        term.close()
