"""What a player may use outside the hand and the battlefield is on the board: an emblem in the command
zone (114) under its owner's permanents, and a card castable from the graveyard beside the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, screen_text, settle, state_app, text_after


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


@pytest.mark.asyncio
async def test_an_emblem_shows_under_its_owner_after_the_ultimate(tmp_path: Path) -> None:
    # Vraska's -9 with exactly 9 loyalty: she goes to the graveyard (704.5i), the emblem stays (114.2).
    app = state_app(tmp_path, [{"battlefield": [{"name": "Vraska, Golgari Queen", "counters": {"loyalty": 9}}]},
                               {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        gs = app.game_screen
        assert not [o for o in gs.snap.players[0].emblems]
        ultimate = next(o for o in gs.snap.actions if "−9" in o.label)
        gs.submit(dict(ultimate.value))
        await settle(pilot, app)
        await press(pilot, app, "space")        # pass priority; the computer passes and the ability resolves
        await text_after(pilot, app, "Emblem: Whenever a creature you control deals combat damage")
        mine = " ".join(line.plain for line in app.game_screen.query_one("#my-bf")._lines(80)[0])
        assert "Emblem: Whenever a creature you control deals combat damage to a player" in " ".join(mine.split())
        assert [e.name for e in app.game_screen.snap.players[0].emblems] == ["Vraska, Golgari Queen's emblem"]
        # Its ability reads as its text does (not as a second, gained ability), and it is in the command zone.
        emblem = app.game_screen.snap.players[0].emblems[0]
        assert emblem.abilities == (emblem.text,) and emblem.zone == "command"


@pytest.mark.asyncio
async def test_a_jump_start_card_in_the_graveyard_sits_beside_the_hand_and_casts_from_there(
        tmp_path: Path) -> None:
    # Radical Idea ({1}{U}, jump-start, 702.132) in Alice's graveyard, two Islands and a card to discard.
    app = state_app(tmp_path, [{"battlefield": cards("Island", "Island"), "hand": cards("Mountain"),
                                "graveyard": cards("Radical Idea")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = await text_after(pilot, app, "+Radical Idea {1}{U} from graveyard")
        assert "Mountain" in text.split("HAND")[1]
        gs = app.game_screen
        gs.focus_zone = "hand"
        gs.cursors["hand"] = [i.text.plain.lstrip(">~+").split(" ")[0] for i in
                              gs.query_one("#hand").focusable()].index("Radical")
        gs.redraw()
        await press(pilot, app, "enter")         # its only action: cast it with jump-start, and pay {1}{U}
        await text_after(pilot, app, "pay {1}{U}")
        await press(pilot, app, "space")
        await settle(pilot, app)
        if app.game_screen.state is not None and app.game_screen.state.prompt.kind != "actions":
            await press(pilot, app, "a", "enter")  # the discard for jump-start: the Mountain
        await press(pilot, app, "space")         # Alice passes; Bob passes; it resolves and is exiled (702.132a)
        await text_after(pilot, app, "exile 1 <turn")
        assert "from graveyard" not in screen_text(app)
