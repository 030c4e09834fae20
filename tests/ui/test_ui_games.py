"""Whole games through the UI with the keyboard only, saving and resuming, backing out of a cast,
and thousands of random keys."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_tui.cardtext.loader import default_db
from mtg_tui.engine.record import Record, replay
from mtg_tui.engine.view import GameView
from mtg_tui.ui.app import MtgApp
from mtg_tui.ui.opponents import make_opponent
from mtg_tui.ui.session import Session

from .helpers import drive, make_app, press, screen_text, settle, text_after

MINI = ("burn-mini", "stompy-mini")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def state_of(game) -> tuple:
    """Everything a person can see of a game, for comparing two games."""
    v = GameView(game)
    return (game.turn, game.step, tuple((p.life, p.poison, p.library_count, p.hand_count, len(p.graveyard),
                                         len(p.exile), p.mana_pool) for p in v.players),
            tuple((o.name, o.controller, o.tapped, o.damage, tuple(sorted(o.counters.items())))
                  for o in v.battlefield()),
            tuple((s.name, s.controller) for s in v.stack()), len(game.log.entries),
            tuple(tuple(o.name for o in v.hand(i)) for i in range(2)))


def check_valid(game, deck_sizes: tuple[int, int]) -> None:
    """Every card is somewhere, exactly once; life and counts are sane; the record replays to the same state."""
    v = GameView(game)
    for i, p in enumerate(v.players):
        on_bf = [o for o in v.battlefield() if o.owner == i and not o.is_token]
        on_stack = [s for s in v.stack() if s.kind == "spell" and s.controller == i]
        total = p.library_count + p.hand_count + len(p.graveyard) + len(p.exile) + len(on_bf) + len(on_stack)
        assert total == deck_sizes[i], (i, total)
        assert isinstance(p.life, int)
    again = replay(Record.of(game), game.cards)
    assert state_of(again) == state_of(game)


@pytest.mark.asyncio
async def test_hotseat_game_to_a_result(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, hotseat=True, decks=MINI)
    handoffs = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(1500):
            if type(app.screen).__name__ == "GameOverScreen":
                break
            gs = app.game_screen
            name = type(app.screen).__name__
            if name == "HandoffScreen":
                handoffs += 1
                # Nothing private on the hand-off screen: no hand is drawn.
                assert "HAND" not in screen_text(app)
            elif name == "GameScreen" and gs.mode in ("board", "prompt"):
                # Only the hand of the player whose decision it is is shown.
                pending = app.session.game.pending
                assert pending is not None and gs.snap.viewer == pending.player
                other = 1 - pending.player
                assert f"{app.session.name(other)} (you)" not in screen_text(app)
            from .policy import next_keys
            await press(pilot, app, *next_keys(app))
            await settle(pilot, app)
        game = app.session.game
        assert game.over and (game.winner is not None or game.is_draw)
        assert "Game over" in screen_text(app)
        assert handoffs >= 4
        check_valid(game, (17, 17))
    # A finished game is moved aside: --resume is for games in progress.
    assert app.session.save_path.parent == tmp_path / "finished"
    assert not list(tmp_path.glob("*.jsonl"))


@pytest.mark.asyncio
async def test_game_against_the_computer_to_a_result(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI, pace=0.01)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app)
        game = app.session.game
        assert game.over
        assert "Game over" in screen_text(app)
        # The computer's actions are in the log, each with its rules.
        computer = [e for e in game.log.entries if e.player == 1 and e.kind == "cast"]
        assert computer and all(e.cites for e in computer)
        check_valid(game, (17, 17))
        # A new game from the game-over screen, with the keyboard.
        await press(pilot, app, "N")
        await settle(pilot, app)
        assert not app.session.game.over and app.session.game.seed == 2


@pytest.mark.asyncio
async def test_quit_and_resume_where_it_stopped(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, until=lambda a: a.session.game.turn >= 4)
        before = state_of(app.session.game)
        pending = app.session.game.pending
        await press(pilot, app, "ctrl+q")
        assert "Quit?" in screen_text(app)
        await press(pilot, app, "y")
    app.session.close()
    resumed = Session.resume(app.session.save_path, default_db(), make_opponent)
    assert state_of(resumed.game) == before
    assert (resumed.game.pending.kind, resumed.game.pending.player) == (pending.kind, pending.player)
    app2 = MtgApp(resumed, cards=default_db(), pace=0)
    async with app2.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app2)
        assert app2.game_screen.mode in ("board", "prompt")
        assert f"T{before[0]}" in screen_text(app2)


@pytest.mark.asyncio
async def test_backing_out_of_a_cast_changes_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        def can_shock(a: MtgApp) -> bool:
            gs = a.game_screen
            return gs.mode == "board" and any(o.label == "Cast Shock" for o in gs.snap.actions)
        await drive(pilot, app, until=can_shock)
        game = app.session.game
        before = state_of(game)
        gs = app.game_screen
        menu_key = "abcdefghjklmnopqrstuvwxyz"[[o.label for o in gs.snap.actions].index("Cast Shock")]
        # Back out at the targets...
        await press(pilot, app, "a", menu_key)
        await settle(pilot, app)
        assert gs.state.prompt.kind == "targets"
        await press(pilot, app, "escape")
        await settle(pilot, app)
        assert gs.mode == "board" and state_of(game) == before
        # ...and at the payment, after choosing a target.
        await press(pilot, app, "a", menu_key, "a")
        await settle(pilot, app)
        assert gs.state.prompt.kind == "pay"
        await text_after(pilot, app, "Auto-pay taps")
        await press(pilot, app, "escape")
        await settle(pilot, app)
        assert gs.mode == "board" and state_of(game) == before
        # Cast it for real: one key confirms the proposed payment.
        await press(pilot, app, "f", "a", menu_key, "a", "space")
        await settle(pilot, app)
        assert [s.name for s in GameView(game).stack()] == ["Shock"]
        assert "Shock" in await text_after(pilot, app, "STACK")


@pytest.mark.asyncio
async def test_thousands_of_random_keys(tmp_path: Path) -> None:
    rng = random.Random(1234)
    pool = (list("abcdefghijklmnoprstuvwxyzABEFGLNRXY0123456789?+-")
            + ["space", "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "backspace",
               "pageup", "pagedown", "f1", "f2", "f3", "f4", "f6", "f7", "f9", "f10", "home", "end"])
    app = make_app(tmp_path, seed=5, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(120):
            await press(pilot, app, *[rng.choice(pool) for _ in range(25)])
        await settle(pilot, app, timeout=20)
        game = app.session.game
        assert game.turn >= 2 or game.over   # the keys did play the game
        check_valid(game, (17, 17))
        saved = Record.load(app.session.save_path) if not game.over else None
        if saved is not None:
            assert saved.answers == json.loads(json.dumps(game.record))
        assert app.return_code is None


def test_resume_with_a_damaged_save_says_so(tmp_path: Path) -> None:
    from mtg_tui.cli import main
    save = tmp_path / "broken.json"
    save.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--resume", str(save)])
    assert result.exit_code == 1
    assert "damaged" in result.output and "Traceback" not in result.output
    save.write_text(json.dumps({"format": 1, "seed": 1, "setup": {"kind": "new", "players": ["A", "B"],
                                                                  "decks": [["Nope"], ["Nope"]]},
                                "answers": []}), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "--resume", str(save)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    result = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "missing.json")])
    assert result.exit_code == 1 and "no saved game" in result.output


def test_unknown_deck_is_a_clear_error() -> None:
    from mtg_tui.cli import main
    result = CliRunner().invoke(main, ["play", "--deck", "No Such Deck"])
    assert result.exit_code == 1 and "shipped decks" in result.output


def test_difficulty_falls_back_to_the_random_agent_with_a_note() -> None:
    agent, note = make_opponent("hard", "1/1")
    assert callable(getattr(agent, "decide", None))
    assert isinstance(note, str)


@pytest.mark.asyncio
async def test_offering_a_draw(tmp_path: Path) -> None:
    # Against the computer in a live game: it declines, and the game goes on.
    app = make_app(tmp_path, seed=1, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.offer_draw()
        await settle(pilot, app)
        await pilot.pause()
        assert not app.session.game.over
        assert any("declines the draw" in n.message for n in app._notifications)
    # Hot-seat: the other player is asked; yes ends the game as a draw (104.4i).
    app = make_app(tmp_path, seed=1, hotseat=True, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.offer_draw()
        await pilot.pause()
        assert "Agree to a draw?" in screen_text(app)
        await press(pilot, app, "y")
        await settle(pilot, app)
        game = app.session.game
        assert game.over and game.is_draw and game.log.entries[-1].cites == ("104.4i",)
        assert "Game over" in screen_text(app)
