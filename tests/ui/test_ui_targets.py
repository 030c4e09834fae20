"""Targets in the order a player expects, by the same judgement of harm and help as the computer's:
harm lists the opponent and their things first and never highlights you or yours by default; help lists
your own first."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, screen_text, settle, state_app


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


async def open_targets(pilot, app, label: str):
    await settle(pilot, app)
    labels = [o.label for o in app.game_screen.snap.actions]
    await press(pilot, app, "a", "abcdefghjklmnopqrstuvwxyz"[labels.index(label)])
    await settle(pilot, app)
    prompt = app.game_screen.state.prompt
    assert prompt.kind == "targets"
    return prompt.current


def labels_in_order(pick) -> list[str]:
    return [pick.choices[pick.keys[k]].label.plain for k in sorted(pick.keys, key=lambda k: pick.keys[k])]


def highlighted(pick) -> str | None:
    return pick.choices[pick.cursor].label.plain if pick.cursor >= 0 else None


@pytest.mark.asyncio
async def test_lava_axe_opens_on_the_opponent(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards(*["Mountain"] * 5), "hand": cards("Lava Axe")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        pick = await open_targets(pilot, app, "Cast Lava Axe")
        order = labels_in_order(pick)
        assert order[0].startswith("Bob") and order[-1].startswith("Alice (you)")
        assert highlighted(pick).startswith("Bob")
        assert ">a) Bob" in screen_text(app)


@pytest.mark.asyncio
async def test_shock_lists_the_opponents_side_first(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Mountain", "Raging Goblin"), "hand": cards("Shock")},
                               {"battlefield": cards("Grizzly Bears", "Llanowar Elves")}])
    async with app.run_test(size=(80, 24)) as pilot:
        pick = await open_targets(pilot, app, "Cast Shock")
        order = labels_in_order(pick)
        theirs = [i for i, t in enumerate(order) if t.startswith("Bob") or "[Bob]" in t]
        mine = [i for i, t in enumerate(order) if t.startswith("Alice") or "[Alice]" in t]
        assert len(theirs) == 3 and len(mine) == 2 and max(theirs) < min(mine)
        assert not (highlighted(pick).startswith("Alice") or "[Alice]" in highlighted(pick))


@pytest.mark.asyncio
async def test_giant_growth_lists_your_own_creatures_first(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Forest", "Grizzly Bears"), "hand": cards("Giant Growth")},
                               {"battlefield": cards("Llanowar Elves")}])
    async with app.run_test(size=(80, 24)) as pilot:
        pick = await open_targets(pilot, app, "Cast Giant Growth")
        order = labels_in_order(pick)
        assert "[Alice]" in order[0] and "[Bob]" in order[-1]
        assert "Grizzly Bears" in highlighted(pick)


@pytest.mark.asyncio
async def test_harm_with_only_your_own_targets_highlights_nothing(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Swamp", "Swamp", "Mountain", "Grizzly Bears"),
                                "hand": cards("Murder")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        pick = await open_targets(pilot, app, "Cast Murder")
        assert labels_in_order(pick)[0].startswith("Grizzly Bears") and highlighted(pick) is None
        await press(pilot, app, "enter")        # Enter picks nothing, and says why
        assert app.game_screen.state.prompt.kind == "targets" and "Nothing is highlighted" in screen_text(app)
        await press(pilot, app, "a")            # a letter still chooses it
        await settle(pilot, app)
        assert app.game_screen.state.prompt.kind == "pay"
