"""Snapshots of the main states at 80x24 and 120x40 (fixed seeds, no clock in the rendering).

Update them after a deliberate change with ``pytest tests/ui --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from mtg_tui.ui.app import MtgApp

from .helpers import drive, make_app, press, settle

MINI = ("burn-mini", "stompy-mini")
SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def until_prompt(kind: str) -> Callable[[MtgApp], bool]:
    def cond(app: MtgApp) -> bool:
        gs = app.game_screen
        return type(app.screen).__name__ == "GameScreen" and gs.mode == "prompt" and gs.state is not None \
            and gs.state.prompt.kind == kind
    return cond


def run_to(cond: Callable[[MtgApp], bool] | None, then: tuple[str, ...] = ()) -> Any:
    async def run_before(pilot: Any) -> None:
        app = pilot.app
        await drive(pilot, app, until=cond)
        if then:
            await press(pilot, app, *then)
            await settle(pilot, app)
        app.clear_notifications()
        await pilot.pause()
    return run_before


def can_cast_shock(app: MtgApp) -> bool:
    gs = app.game_screen
    return gs.mode == "board" and any(o.label == "Cast Shock" for o in gs.snap.actions)


def spell_on_stack(app: MtgApp) -> bool:
    gs = app.game_screen
    return gs.mode == "board" and bool(gs.snap.stack)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_of_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    assert snap_compare(app, terminal_size=size, run_before=run_to(lambda a: True))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_spell_on_the_stack(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)

    async def run_before(pilot: Any) -> None:
        await drive(pilot, app, until=can_cast_shock)
        key = "abcdefghjklmnopqrstuvwxyz"[[o.label for o in app.game_screen.snap.actions].index("Cast Shock")]
        # Full control for this step keeps priority after casting, so the spell is seen on the stack.
        await press(pilot, app, "f", "a", key)
        await settle(pilot, app)
        prompt = app.game_screen.state.prompt.current
        await press(pilot, app, min(prompt.keys, key=lambda k: prompt.keys[k]), "space")   # the opponent, auto-pay
        await settle(pilot, app)
        assert spell_on_stack(app)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_declaring_attackers(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    assert snap_compare(app, terminal_size=size, run_before=run_to(until_prompt("attack"), ("a",)))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_declaring_blockers(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, seed=1, hotseat=True, decks=MINI)
    assert snap_compare(app, terminal_size=size, run_before=run_to(until_prompt("block"), ("a",)))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hand_off_screen(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, seed=1, hotseat=True, decks=MINI)
    seen = {"n": 0}

    def third_handoff(a: MtgApp) -> bool:
        if type(a.screen).__name__ == "HandoffScreen":
            seen["n"] += 1
            return seen["n"] >= 3
        return False

    # The third hand-off: one screen, hiding everything private.
    assert snap_compare(app, terminal_size=size, run_before=run_to(third_handoff))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    assert snap_compare(app, terminal_size=size, run_before=run_to(None))
