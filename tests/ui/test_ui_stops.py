"""Auto-pass that doesn't rob you (against the computer) and hot-seat hand-offs only where a player stops,
the same whatever they hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, screen_text, settle, state_app, text_after


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def prey_upon(alice_hand: list[str]) -> list[dict]:
    """Bob (the computer) has Prey Upon for his Hill Giant against Alice's Elves, in his main phase."""
    return [{"battlefield": cards("Forest", "Llanowar Elves", "Grizzly Bears"), "hand": cards(*alice_hand)},
            {"battlefield": cards("Forest", "Hill Giant"), "hand": cards("Prey Upon")}]


@pytest.mark.asyncio
async def test_priority_again_after_an_opposing_spell_resolves(tmp_path: Path) -> None:
    app = state_app(tmp_path, prey_upon(["Giant Growth"]), active=1, turn=4, step="main1")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = app.session.game
        assert [s.name for s in app.game_screen.snap.stack] == ["Prey Upon"]
        await press(pilot, app, "space")          # let it resolve
        await settle(pilot, app)
        # Bob's main phase goes on, and Alice, who could still pump a creature, has priority in it again.
        assert (game.turn, game.step, game.pending.kind, game.pending.player) == (4, "main1", "priority", 0)
        assert not app.game_screen.snap.stack
        await text_after(pilot, app, "Grizzly Bears has lethal damage")


@pytest.mark.asyncio
async def test_no_priority_again_when_you_asked_to_skip(tmp_path: Path) -> None:
    app = state_app(tmp_path, prey_upon(["Giant Growth"]), active=1, turn=4, step="main1")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "e")              # pass until end of turn
        await settle(pilot, app)
        game = app.session.game
        assert (game.turn, game.step) != (4, "main1")


@pytest.mark.asyncio
async def test_priority_again_only_once_and_only_with_a_response(tmp_path: Path) -> None:
    # No stops at all: only "you could respond" gives Alice priority. She holds Shock and passes on Prey Upon.
    app = state_app(tmp_path, [{"battlefield": cards("Mountain", "Llanowar Elves"), "hand": cards("Shock")},
                               {"battlefield": cards("Forest", "Hill Giant"), "hand": cards("Prey Upon")}],
                    active=1, turn=4, step="main1")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert [s.name for s in app.game_screen.snap.stack] == ["Prey Upon"]
        app.session.stops[0].mine.clear()
        app.session.stops[0].theirs.clear()
        await press(pilot, app, "space")
        await settle(pilot, app)
        game = app.session.game
        # She could still Shock something, so she has priority once more after it resolved ...
        assert (game.turn, game.step, game.pending.player) == (4, "main1", 0)
        await press(pilot, app, "space")
        await settle(pilot, app)
        # ... and not again in that step.
        assert (game.turn, game.step) != (4, "main1")


@pytest.mark.asyncio
async def test_no_priority_again_with_nothing_to_respond_with(tmp_path: Path) -> None:
    app = state_app(tmp_path, prey_upon(["Forest"]), active=1, turn=4, step="main1")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = app.session.game
        assert (game.turn, game.step) != (4, "main1")
        assert any(e.text.startswith("Prey Upon resolves") for e in game.log.entries)


# -- hot-seat ---------------------------------------------------------------------------------------


async def handoffs_over_a_turn(tmp_path: Path, bob_hand: list[str]) -> tuple[list[tuple], str]:
    """Alice casts Lava Axe at Bob, then both only pass until Alice's next turn: the hand-offs on the way."""
    app = state_app(tmp_path, [{"battlefield": cards(*["Mountain"] * 5), "hand": cards("Lava Axe")},
                               {"battlefield": cards("Forest", "Grizzly Bears"), "hand": cards(*bob_hand)}],
                    hotseat=True, active=0, turn=3, step="main1")
    seen: list[tuple] = []
    digest = ""
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = app.session.game
        for _ in range(200):
            name = type(app.screen).__name__
            if name == "HandoffScreen":
                d = game.pending
                seen.append((game.turn, game.step, d.kind, d.player, tuple(s.name for s in app.session.view(None)
                                                                          .stack())))
                await press(pilot, app, "enter")
                await settle(pilot, app)
                # One screen for one hand-off: the board is next.
                assert type(app.screen).__name__ == "GameScreen"
                if d.player == 1 and not digest:
                    digest = " ".join(screen_text(app).split())
                continue
            if game.turn == 5:
                break
            gs = app.game_screen
            if gs.mode == "board" and game.turn == 3 and game.active == 0 and not game.stack \
                    and any(o.label == "Cast Lava Axe" for o in gs.snap.actions):
                await press(pilot, app, "a", "a", "a", "space")     # Lava Axe, at Bob, auto-pay
            elif gs.mode == "prompt" and gs.state.prompt.kind == "block":
                await press(pilot, app, "space")
            elif gs.mode == "prompt" and gs.state.prompt.kind == "attack":
                await press(pilot, app, "space")                   # no attack
            else:
                await press(pilot, app, "space")
            await settle(pilot, app)
    return seen, digest


@pytest.mark.asyncio
async def test_hand_offs_are_the_same_whatever_a_player_holds(tmp_path: Path) -> None:
    with_answer, digest = await handoffs_over_a_turn(tmp_path / "a", ["Giant Growth"])
    without, _ = await handoffs_over_a_turn(tmp_path / "b", ["Forest"])
    assert with_answer == without
    # Bob is handed the terminal while Lava Axe is on the stack, holding an answer or not.
    assert (3, "main1", "priority", 1, ("Lava Axe",)) in without
    # And what happened since his last look is on the board, without another key.
    assert "Alice casts Lava Axe targeting Bob" in digest


@pytest.mark.asyncio
async def test_no_hand_off_where_nobody_stops(tmp_path: Path) -> None:
    seen, _ = await handoffs_over_a_turn(tmp_path, ["Forest"])
    # Alice's turn: Bob for her spell, then back; his turn: upkeep and draw pass by for both.
    steps = [(t, step) for t, step, *_ in seen]
    assert (4, "upkeep") not in steps and (4, "draw") not in steps and (3, "beginning_of_combat") not in steps
