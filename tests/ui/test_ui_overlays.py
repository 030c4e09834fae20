"""Every line of the boxes over the board can be reached at 80x24 (the size everything must fit) and at
60x20 (still usable): help, the full log, the end of the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll

from mtg_tui.engine.log import LogEntry
from mtg_tui.ui.screens.overlays import LogScreen

from .helpers import cards, press, screen_text, settle, state_app, text_after

SIZES = [(80, 24), (60, 20)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def tables() -> list[dict]:
    return [{"battlefield": cards("Mountain", "Mountain", "Raging Goblin"), "hand": cards("Shock")},
            {"battlefield": cards("Grizzly Bears")}]


def box_lines(text: str) -> list[str]:
    """The text inside the box on screen, line by line (without the border and the scroll bar)."""
    out = []
    for line in text.splitlines():
        if "│" in line:
            inner = line[line.index("│") + 1: line.rindex("│")]
            out.append(inner.replace("▇", " ").replace("▃", " ").replace("▂", " ").replace("▅", " ").strip())
    return out


def scrolled_to_the_end(app) -> bool:
    scroll = app.screen.query_one(".overlay-scroll", VerticalScroll)
    return scroll.scroll_y >= scroll.max_scroll_y and scroll.region.height > 0


def box_fits(app) -> bool:
    """The box and its key line are inside the terminal."""
    box = app.screen.query_one(".overlay-box")
    keys = app.screen.query_one(".overlay-keys")
    h = app.size.height
    return box.region.y >= 0 and box.region.bottom <= h and keys.region.height >= 1 \
        and keys.region.bottom <= box.region.bottom


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_help_scrolls_to_its_last_line(tmp_path: Path, size: tuple[int, int]) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await press(pilot, app, "end")
        await pilot.pause()
        text = screen_text(app)
        assert scrolled_to_the_end(app) and box_fits(app)
        assert "Esc: close" in text
        inside = box_lines(text)
        keys_at = next(i for i, line in enumerate(inside) if line.startswith("Esc: close"))
        shown = [line for line in inside[:keys_at] if line]
        assert shown[-1].endswith(app.screen.text.split()[-1])
        # The last paragraph is wrapped to the box: every line but its last uses most of the width (no line
        # breaks made for a wider screen, which leave a long line and then a stub).
        start = next(i for i, line in enumerate(shown) if line.startswith("The game passes"))
        width = max(len(line) for line in shown)
        assert all(len(line) > width - 15 for line in shown[start:-1]), shown[start:]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_full_log_opens_on_its_newest_entry(tmp_path: Path, size: tuple[int, int]) -> None:
    app = state_app(tmp_path, tables())
    entries = [LogEntry(f"Entry number {i} of the long log.", ("500.1",)) for i in range(120)]
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        app.push_screen(LogScreen(entries))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Entry number 119 of" in text and "Entry number 0 of" not in text
        assert scrolled_to_the_end(app) and box_fits(app)
        await press(pilot, app, "home")
        await pilot.pause()
        assert "Entry number 0 of" in screen_text(app)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_game_over_box_shows_every_line(tmp_path: Path, size: tuple[int, int]) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        app.concede()
        await pilot.pause()
        await press(pilot, app, "y")
        await settle(pilot, app)
        assert type(app.screen).__name__ == "GameOverScreen"
        assert "Bob wins" in screen_text(app)
        await press(pilot, app, "end")
        await pilot.pause()
        text = screen_text(app)
        assert scrolled_to_the_end(app) and box_fits(app)
        assert "shuffle again." in text and "Esc: look at" in text


@pytest.mark.asyncio
async def test_the_full_log_opens_during_a_prompt(tmp_path: Path) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "a", "a")          # Cast Shock: the target prompt
        await settle(pilot, app)
        assert app.game_screen.mode == "prompt"
        await press(pilot, app, "L")
        assert type(app.screen).__name__ == "LogScreen"
        assert "The game is set up" in screen_text(app)
        await press(pilot, app, "escape")
        # Back to the same prompt, nothing changed.
        assert type(app.screen).__name__ == "GameScreen" and app.game_screen.state.prompt.kind == "targets"


@pytest.mark.asyncio
async def test_help_opened_again_says_what_is_asked_then_and_opens_at_its_top(tmp_path: Path) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "question_mark")
        await text_after(pilot, app, "Now: you have priority")
        await press(pilot, app, "end", "escape")                # scrolled down, closed
        await press(pilot, app, "a")                            # the actions list
        assert app.game_screen.mode == "prompt" and type(app.screen).__name__ == "GameScreen"
        await press(pilot, app, "question_mark")
        text = await text_after(pilot, app, f"Now: {app.game_screen.state.prompt.title}")
        assert "you have priority" not in text
        assert app.screen.query_one(".overlay-scroll", VerticalScroll).scroll_y == 0
