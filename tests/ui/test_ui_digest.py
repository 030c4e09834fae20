"""Seeing what the opponent did: an opposing spell on the stack is shown in full until you act on it; before
each of your decisions the log shows what happened since your last one; the log has the rows the
battlefields don't need."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, settle, state_app, text_after


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_an_opposing_spell_is_shown_until_you_act_on_it(tmp_path: Path, size: tuple[int, int]) -> None:
    # Bob (the computer) casts Prey Upon in his main phase; Alice can answer with Giant Growth.
    app = state_app(tmp_path, [{"battlefield": cards("Forest", "Llanowar Elves"), "hand": cards("Giant Growth")},
                               {"battlefield": cards("Forest", "Hill Giant"), "hand": cards("Prey Upon")}],
                    active=1, turn=4, step="main1")
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert app.game_screen.mode == "board" and app.game_screen.snap.stack
        text = await text_after(pilot, app, "Bob's Prey Upon targets Hill Giant and your Llanowar Elves")
        assert "Target creature you control fights target creature you don't control." in text
        # Looking around doesn't take it away.
        await press(pilot, app, "b", "right", "h")
        await text_after(pilot, app, "Bob's Prey Upon targets")


@pytest.mark.asyncio
async def test_what_happened_since_your_last_decision(tmp_path: Path) -> None:
    # Alice passes her turn; in his, Bob's Prey Upon has his Hill Giant fight her Elves (she can't answer).
    app = state_app(tmp_path, [{"battlefield": cards("Llanowar Elves"), "hand": cards("Mountain")},
                               {"battlefield": cards("Forest", "Hill Giant"), "hand": cards("Prey Upon"),
                                "library": cards("Forest", "Forest")}],
                    active=0, turn=3, step="main2")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.game_screen.mode == "board"
        await press(pilot, app, "space")
        await settle(pilot, app)
        game = app.session.game
        assert game.turn == 5 and game.active == 0 and app.game_screen.mode == "board"
        # At her next decision, without a key press: his spell with its targets, and what it did.
        text = await text_after(pilot, app, "Bob casts Prey Upon targeting Hill Giant, Llanowar Elves.")
        assert "Hill Giant fights Llanowar Elves" in text
        assert "Llanowar Elves has lethal damage" in text and "destroyed" in text
        assert text.index("Bob casts Prey Upon") < text.index("Llanowar Elves has lethal damage")


@pytest.mark.asyncio
async def test_the_log_has_the_rows_the_battlefields_dont_need(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Mountain", "Raging Goblin"), "hand": cards("Shock")},
                               {"battlefield": cards("Grizzly Bears")}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        gs = app.game_screen
        assert gs.query_one("#opp-bf").size.height == 2 and gs.query_one("#my-bf").size.height == 2
        assert gs.query_one("#log-narrow").size.height >= 9
