"""Small display faults: a keyword twice, alike cards offered twice, summoning sickness where it can't
matter, the count when paying by hand, the hand's order, keywords explained on inspection."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, screen_text, settle, state_app, text_after


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


@pytest.mark.asyncio
async def test_two_rancors_give_trample_once(tmp_path: Path) -> None:
    # Setup indices: Alice's library card is 0, the Bears 1; both Rancors are attached to the Bears.
    app = state_app(tmp_path, [{"library": cards("Mountain"),
                                "battlefield": cards("Grizzly Bears") + [{"name": "Rancor", "attached": 1}] * 2},
                               {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "Grizzly Bears 6/2* +Rancor +Rancor (trample)" in text
        assert "trample, trample" not in text


@pytest.mark.asyncio
async def test_alike_cards_are_offered_once_and_grouped_in_the_hand(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Mountain"),
                                "hand": cards("Lava Axe", "Shock", "Mountain", "Raging Goblin", "Mountain")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        # Lands first, then by mana value: Mountain x2, Raging Goblin and Shock (1), Lava Axe (5).
        hand = next(line for line in text.splitlines() if line.startswith("HAND"))
        assert hand.index("Mountain x2") < hand.index("Raging Goblin") < hand.index("Shock") \
            < hand.index("Lava Axe")
        await press(pilot, app, "a")
        text = await text_after(pilot, app, "Cast Shock")     # the list may take a frame or two to fill
        assert text.count("Play Mountain") == 1


@pytest.mark.asyncio
async def test_summoning_sickness_only_where_it_matters(tmp_path: Path) -> None:
    # Bob's turn: Alice's new Bears can block all the same; her new Elves can't tap for mana (302.6).
    app = state_app(tmp_path, [{"battlefield": [{"name": "Grizzly Bears", "sick": True},
                                                {"name": "Llanowar Elves", "sick": True}]},
                               {"battlefield": cards("Hill Giant")}], active=1, turn=4, step="beginning_of_combat")
    async with app.run_test(size=(80, 24)) as pilot:
        # The computer attacks with its Hill Giant; Alice is asked to block.
        await settle(pilot, app)
        assert app.session.game.pending.kind == "declare_blockers"
        text = screen_text(app)
        board, prompt = text.split("declare blockers")
        assert "Grizzly Bears 2/2 (sick)" not in board and "Llanowar Elves 1/1 (sick)" in board
        assert "Grizzly Bears 2/2 (not blocking)" in prompt and "(sick)" not in prompt


@pytest.mark.asyncio
async def test_paying_by_hand_names_the_sources_chosen(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Mountain", "Mountain", "Forest"),
                                "hand": cards("Grizzly Bears")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "a", "a")          # Cast Grizzly Bears {1}{G}
        await settle(pilot, app)
        assert app.game_screen.state.prompt.kind == "pay"
        await press(pilot, app, "m", "a", "b")
        text = screen_text(app)
        assert "To tap: Mountain, Mountain" in text and "Chosen" not in text


@pytest.mark.asyncio
async def test_inspect_explains_every_keyword(tmp_path: Path) -> None:
    app = state_app(tmp_path, [{"battlefield": cards("Boggart Brute", "Air Elemental"), "hand": cards("Mountain")},
                               {}])
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "b")
        for name, explained in (("Boggart Brute", "Menace: Can't be blocked except by two or more creatures. "
                                                  "(702.110)"),
                                ("Air Elemental", "Flying: Can be blocked only by creatures with flying or "
                                                  "reach. (702.9)")):
            gs = app.game_screen
            gs.cursors["my-bf"] = [i.text.plain.lstrip(">~").split(" ")[0] for i in
                                   gs.query_one("#my-bf").focusable()].index(name.split()[0])
            gs.redraw()
            await press(pilot, app, "i")
            assert type(app.screen).__name__ == "InspectScreen"
            assert explained in " ".join(app.screen.body.plain.split()), app.screen.body.plain
            await press(pilot, app, "escape")
