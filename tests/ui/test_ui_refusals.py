"""A card that can't be used says why: the mana it costs and the mana you have, the targets it lacks, or
the timing."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, settle, state_app, text_after


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


async def enter_on(pilot, app, name: str, expect: str) -> str:
    """Highlight ``name`` in the hand and press Enter; the screen's text once ``expect`` shows."""
    await settle(pilot, app)
    gs = app.game_screen
    gs.cursors["hand"] = next(i for i, item in enumerate(gs.query_one("#hand").focusable())
                              if gs.snap.objects[item.oid].name == name)
    gs.redraw()
    await press(pilot, app, "enter")
    await settle(pilot, app)
    return await text_after(pilot, app, expect)


@pytest.mark.asyncio
async def test_not_enough_mana_says_the_cost_and_the_mana(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Mountain", "Forest"), "hand": cards("Lava Axe")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_on(pilot, app, "Lava Axe", "Lava Axe: it costs {4}{R} and you have 2 mana available")
        assert app.game_screen.mode == "board"


@pytest.mark.asyncio
async def test_the_wrong_colors_are_named(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Mountain", "Forest", "Forest"),
                                "hand": cards("Ball Lightning")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_on(pilot, app, "Ball Lightning",
                       "it costs {R}{R}{R}: of the 3 mana you can make, 1 can be red and it needs 3")


@pytest.mark.asyncio
async def test_no_creature_to_target(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Forest"), "hand": cards("Giant Growth")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_on(pilot, app, "Giant Growth", "Giant Growth has no legal target: no creature can be targeted")


@pytest.mark.asyncio
async def test_a_sorcery_on_the_opponents_turn(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards(*["Mountain"] * 5), "hand": cards("Lava Axe", "Shock")}, {}],
                    active=1, turn=4, step="end")
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_on(pilot, app, "Lava Axe", "Lava Axe is a sorcery: it can be cast only in your main phase with "
                       "the stack empty, and it isn't your turn")
