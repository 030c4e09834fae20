"""End to end: ``mtg-tui play`` in a real terminal (tmux), played with keys, read from the screen.

Robust on a busy machine: each key waits for the screen it answers and then for the screen to change,
with deadlines instead of fixed pauses or counted rounds, and every test ends with no process left.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from mtg_tui.paths import user_cache_dir

from .test_ui_exits import TMUX, Game

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
DECKS = Path(__file__).parent / "decks"


def terminal(tmp: Path, args: str, **options: str) -> Game:
    """The game in an 80x24 terminal, with this machine's compiled cards (a warm cache)."""
    return Game(tmp, args, cache=user_cache_dir(), **options)


def changed(game: Game, before: str, timeout: float = 10.0) -> str:
    """The screen once it differs from ``before`` (a key was answered) and has stopped changing (a frame
    can be caught half drawn), or as it is after ``timeout``."""
    end = time.monotonic() + timeout
    screen = game.screen()
    while time.monotonic() < end:
        time.sleep(0.1)
        now = game.screen()
        if now == screen and now != before:
            return now
        screen = now
    return screen


def prompt_line(screen: str) -> str:
    return next((line for line in screen.splitlines() if line.startswith("> ")), "")


def test_play_a_few_turns_in_a_real_terminal(tmp_path: Path) -> None:
    game = terminal(tmp_path, f"play --seed 1 --pace 0 --name Ann --deck {DECKS / 'burn-mini.txt'} "
                              f"--opponent-deck {DECKS / 'stompy-mini.txt'}")
    try:
        game.wait_for("keep this hand", 60)
        game.keys("k")
        screen = game.wait_for("Ann", 60)
        # Pass priority with Space until the third turn, answering what comes up with keys.
        deadline = time.monotonic() + 180
        while not ("T3 " in screen.splitlines()[0] or "Game over" in screen):
            assert time.monotonic() < deadline, screen
            asked = prompt_line(screen)
            if "declare attackers" in asked:
                game.keys("A", "Space")
            elif "declare blockers" in asked or "Ann: priority" in asked:
                game.keys("Space")
            else:                                  # the computer is playing
                time.sleep(0.1)
                screen = game.screen()
                continue
            screen = changed(game, screen)
        assert "HAND" in screen and "life" in screen
        # Quit with Ctrl+Q (it asks), then resume where it stopped.
        game.keys("C-q")
        game.wait_for("Quit?", 30)
        game.keys("y")
        assert game.gone_within(30), "the game didn't end after quitting"
        assert len(game.saves()) == 1
    finally:
        game.close()
    game = terminal(tmp_path, "play --resume --pace 0")
    try:
        screen = game.wait_for("HAND", 60)
        assert "T3 " in screen or "T4 " in screen
    finally:
        game.close()


def test_the_computers_targeted_spell_is_on_screen_at_your_next_decision(tmp_path: Path) -> None:
    """Against the computer at 80x24: it casts a targeted spell in its first turns (this seed and these decks
    make it Shock a creature), and at the player's next decision its name and target are on screen, with no
    key pressed to see them."""
    game = terminal(tmp_path, f"play --seed 1 --pace 0 --deck {DECKS / 'burn-mini.txt'} "
                              f"--opponent-deck {DECKS / 'shock-mini.txt'}")
    seen = re.compile(r"Computer casts Shock targeting ([A-Z][a-z]+(?: [A-Z][a-z]+)*)\.|"
                      r"Computer's Shock targets (?:your )?([A-Z][a-z]+(?: [A-Z][a-z]+)*)")
    try:
        game.wait_for("keep this hand", 60)
        game.keys("k")
        screen = game.screen()
        deadline = time.monotonic() + 180
        while True:
            assert time.monotonic() < deadline, f"the computer's Shock never showed at a decision:\n{screen}"
            assert "Game over" not in screen, screen
            asked = prompt_line(screen)
            found = seen.search(" ".join(screen.split()))
            if found and asked:
                break
            # The player plays a land and casts Raging Goblins; otherwise passes and attacks with all.
            if "declare attackers" in screen:
                game.keys("A", "Space")
            elif "declare blockers" in screen or "> Player: pay" in screen:
                game.keys("Space")
            elif "choose targets" in asked or "Discard" in screen:
                game.keys("a")
            elif "> Actions" in screen:
                choice = re.search(r"([a-z])\) Play Mountain", screen) or \
                    re.search(r"([a-z])\) Cast Raging Goblin", screen)
                game.keys(*([choice.group(1)] if choice else ["Escape", "Space"]))
            elif "> Player: priority" in screen or "respond, or Space" in screen:
                game.keys("a" if "+Mountain" in screen or "+Raging Goblin" in screen else "Space")
            else:                                  # the computer is playing
                time.sleep(0.1)
                screen = game.screen()
                continue
            screen = changed(game, screen)
        # The spell and its target, at the player's decision, at 80x24.
        target = found.group(1) or found.group(2)
        assert target in ("Raging Goblin", "Goblin Piker", "Player"), screen
        assert all(len(line) <= 80 for line in screen.splitlines())
    finally:
        game.close()


def test_stale_exported_lines_and_columns_do_not_size_the_board(tmp_path: Path) -> None:
    # LINES and COLUMNS exported for a bigger window than the 80x24 terminal the game runs in: the
    # board must be drawn for the terminal, with the key bar on its last line.
    game = terminal(tmp_path, f"play --seed 1 --pace 0 --name Ann --deck {DECKS / 'burn-mini.txt'} "
                              f"--opponent-deck {DECKS / 'stompy-mini.txt'}",
                    size_env="LINES=50 COLUMNS=200")
    try:
        screen = game.wait_for("keep this hand", 60)
        shown = [line for line in screen.splitlines() if line.strip()]
        assert "all keys" in shown[-1], screen
        assert "Ann (you)" in screen and "keep this hand" in screen
    finally:
        game.close()
