"""End to end: a deck of one of the shipped sets played against the computer in a real terminal (tmux, 80x24),
with keys, for a few turns; the board shows the set's cards."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from mtg_tui.decks import names
from mtg_tui.decks.library import deck_sets, load_deck

from .test_ui_exits import TMUX
from .test_ui_terminal import changed, prompt_line, terminal

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

MINE, THEIRS = "Ixalan Dinosaurs", "Legion of Dusk"


def set_cards(deck: str) -> set[str]:
    """The names of a shipped deck's cards other than basic lands."""
    return {name for _, name in load_deck(deck).main if not names.is_basic_land(name)}


def board(screen: str) -> str:
    """The battlefield part of the screen: the lines above the hand."""
    lines = screen.splitlines()
    end = next((i for i, line in enumerate(lines) if line.startswith("HAND")), len(lines))
    return "\n".join(lines[1:end])


def turn(screen: str) -> int:
    """The turn number on the status line (0 before the first turn)."""
    found = re.match(r"T(\d+) ", screen)
    return int(found.group(1)) if found else 0


def test_a_set_deck_plays_a_few_turns_against_the_computer(tmp_path: Path) -> None:
    assert deck_sets(load_deck(MINE)) == "XLN" and deck_sets(load_deck(THEIRS)) == "XLN"
    ours, theirs = set_cards(MINE), set_cards(THEIRS)
    game = terminal(tmp_path, f"play --seed 6 --pace 0 --name Ann --deck '{MINE}' --opponent-deck '{THEIRS}'")
    seen: set[str] = set()
    cast = re.compile(r"([a-z])\) (?:Play |Cast (?:" + "|".join(re.escape(n) for n in sorted(ours)) + r") )")
    try:
        screen = game.wait_for("keep this hand", 60)
        game.keys("k")
        screen = changed(game, screen)
        deadline = time.monotonic() + 180
        done = ""        # the status line of the main phase where Ann had nothing more to play
        # Ann plays a land and casts creatures while the action list offers them, attacks with everything and
        # passes otherwise, until the sixth turn.
        while not (turn(screen) >= 6 or "Game over" in screen):
            assert time.monotonic() < deadline, screen
            seen |= {n for n in ours | theirs if n in board(screen)}
            asked = prompt_line(screen)
            status = screen.splitlines()[0]
            if "declare attackers" in asked:
                game.keys("A", "Space")
            elif "declare blockers" in asked or "> Ann: pay" in screen:
                game.keys("Space")
            elif "> Actions" in screen:
                choice = cast.search(screen)
                if not choice:
                    done = status
                game.keys(choice.group(1) if choice else "Escape")
            elif "Ann: priority in your precombat main phase" in asked and status != done:
                game.keys("a")
            elif "> Ann: priority" in asked or "respond, or Space" in screen:
                game.keys("Space")
            elif "Space  done" in screen:                # pick some: the first, then done
                game.keys("Space" if "[x]" in screen or "[1]" in screen else "a")
            elif asked.startswith("> "):                 # any other question of Ann's: the highlighted answer
                game.keys("Enter")
            else:                                        # the computer is playing
                time.sleep(0.1)
                screen = game.screen()
                continue
            screen = changed(game, screen)
        seen |= {n for n in ours | theirs if n in board(screen)}
        assert seen & ours - {"Rootbound Crag"}, f"none of {MINE}'s spells reached the battlefield:\n{screen}"
        assert seen & theirs, f"none of {THEIRS}'s cards reached the battlefield:\n{screen}"
        assert all(len(line) <= 80 for line in screen.splitlines())
    finally:
        game.close()
