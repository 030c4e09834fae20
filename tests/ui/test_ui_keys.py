"""Keys are declared once (mtg_tui/ui/keys.py): the game screen's bindings, the key bar, the help screen and
the README's table come from that declaration. Ctrl+P is the game's own menu."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mtg_tui.ui import keys
from mtg_tui.ui.app import MtgApp
from mtg_tui.ui.screens.game import GameScreen

from .helpers import cards, make_app, press, screen_text, settle, state_app

ROOT = Path(__file__).resolve().parents[2]
MINI = ("burn-mini", "stompy-mini")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def test_the_readme_key_table_is_the_declaration() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert keys.markdown_table() in readme, "regenerate the README's key table: python -m mtg_tui.ui.keys"


def test_every_declared_key_has_its_action_and_binding() -> None:
    bound = {b.key: b.action for b in GameScreen.BINDINGS} | {b.key: b.action for b in MtgApp.BINDINGS}
    for k in keys.GAME_KEYS:
        owner = MtgApp if k.action.startswith("app.") else GameScreen
        name = k.action.removeprefix("app.").split("(")[0]
        assert callable(getattr(owner, f"action_{name}", None)), k.action
        for key in k.keys:
            assert any(key in b.split(",") for b in bound), key
    # No key is declared twice for the board.
    seen: list[str] = [key for k in keys.GAME_KEYS if not k.action.startswith("app.") for key in k.keys]
    assert len(seen) == len(set(seen))


def tables() -> list[dict]:
    return [{"battlefield": cards("Mountain", "Mountain", "Raging Goblin"), "hand": cards("Shock")},
            {"battlefield": cards("Grizzly Bears"), "hand": cards("Giant Growth")}]


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_key_bar_shows_whole_keys_and_the_key_to_the_rest(tmp_path: Path, size: tuple[int, int]) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        for then in ([], ["a"], ["escape", "a", "a"]):     # the board, the actions list, a target prompt
            await press(pilot, app, *then)
            await settle(pilot, app)
            bar = screen_text(app).splitlines()[-1]
            assert "…" not in bar and bar.rstrip().endswith("?  all keys"), bar
            assert len(bar) <= size[0]
        assert app.game_screen.state.prompt.kind == "targets"


@pytest.mark.asyncio
async def test_help_lists_every_key_and_the_step_bar(tmp_path: Path) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "f1")
        body = app.screen.text
        for k in keys.GAME_KEYS:
            assert k.display in body and k.help.split()[0] in body, k.display
        for key, _ in keys.PROMPT_KEYS:
            assert key in body
        assert "UP upkeep" in body and "ET end step" in body and "* marks a step where you stop" in body
        # What applies now comes first.
        assert body.index("Keys now:") < body.index("Playing:")


@pytest.mark.asyncio
async def test_ctrl_p_is_the_game_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "ctrl+p")
        assert type(app.screen).__name__ == "MenuScreen"
        text = screen_text(app)
        for item in ("Concede", "Offer a draw", "New game", "Rematch", "Computer faster", "Quit"):
            assert item in text
        assert "Search" not in text and "Show help for the focused widget" not in text
        await press(pilot, app, "ctrl+p")              # again: closes it
        assert type(app.screen).__name__ == "GameScreen"
        # A new game from the menu, asked first since this one is being played.
        await press(pilot, app, "ctrl+p", "n")
        assert "Leave this game?" in screen_text(app)
        await press(pilot, app, "y")
        await settle(pilot, app)
        assert type(app.screen).__name__ == "GameScreen" and app.session.game.seed == 4


@pytest.mark.asyncio
async def test_new_game_from_the_menu_in_hotseat_over_a_hand_off(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=50002, hotseat=True, decks=MINI)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert type(app.screen).__name__ == "HandoffScreen"
        for _ in range(3):
            # Over the hand-off, over the help, and again at once: each time one board, no crash.
            await press(pilot, app, "ctrl+p", "n", "y")
            await settle(pilot, app)
            await press(pilot, app, "enter", "f1", "ctrl+p", "r", "y", "escape", "q", "enter")
            await settle(pilot, app)
        assert app.return_code is None and app.is_running
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
        assert app.game_screen in app.screen_stack


@pytest.mark.asyncio
async def test_help_closed_twice_at_once_closes_only_the_help(tmp_path: Path) -> None:
    app = state_app(tmp_path, tables())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        # Keys that all reach the help before it has closed: one closes it, the rest act on the board.
        await press(pilot, app, "question_mark", "escape", "q", "escape", "question_mark", "question_mark")
        await settle(pilot, app)
        assert app.is_running and app.game_screen in app.screen_stack
        assert type(app.screen).__name__ in ("GameScreen", "HelpScreen")


POOL = (list("abcdefghijklmnoprstuvwxyzABEFGLNRXY0123456789?+-")
        + ["space", "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "backspace", "pageup",
           "pagedown", "f1", "f2", "f3", "f4", "f6", "f7", "f9", "f10", "home", "end", "ctrl+p"])


@pytest.mark.asyncio
async def test_random_keys_in_hotseat(tmp_path: Path) -> None:
    """Hot-seat under random keys, the menu included: no crash, one board, a game that replays."""
    from .test_ui_games import check_valid
    rng = random.Random(50002)
    app = make_app(tmp_path, seed=50002, hotseat=True, decks=MINI)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        for _ in range(60):
            await press(pilot, app, *[rng.choice(POOL) for _ in range(10)])
            assert app.is_running and app.return_code is None
        await settle(pilot, app, timeout=20)
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
        check_valid(app.session.game, (17, 17))
