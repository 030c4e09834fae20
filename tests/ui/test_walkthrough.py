"""Walkthroughs in the UI: pages, next / back / restart, the reader's decisions (the script's and others),
the rules reference from a page or a log entry, explain mode, and the ``walkthrough`` command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_tui.cardtext.loader import default_db
from mtg_tui.engine.view import GameView
from mtg_tui.scenario.loader import load
from mtg_tui.scenario.model import ScenarioError
from mtg_tui.ui.screens.overlays import RuleReferenceScreen, RulesScreen
from mtg_tui.ui.walkthrough_app import WalkthroughApp
from mtg_tui.walkthroughs.driver import UnknownWalkthrough, Walkthrough, catalogue, find

from .helpers import drive, handled, make_app, press, screen_text, text_after, wait_for

MINI = ("burn-mini", "stompy-mini")
FILES = catalogue()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def state_of(w: Walkthrough) -> tuple:
    g = w.game
    v = GameView(g)
    return (w.page.number, w.page.kind, g.turn, g.step, len(g.record), len(g.log.entries),
            tuple(p.life for p in v.players),
            tuple((o.name, o.tapped, o.damage) for o in v.battlefield()),
            tuple(s.name for s in v.stack()))


# ---------------------------------------------------------------------------
# The driver, without a screen


@pytest.mark.parametrize("info", FILES, ids=lambda w: w.stem)
def test_every_walkthrough_reads_to_the_end_and_back(info: Any, db: Any) -> None:
    w = Walkthrough(info.path, db)
    seen = []
    while not w.page.final:
        seen.append(state_of(w))
        if w.page.kind == "decision":
            assert w.page.scripted_text
            assert w.answer_as_script()
            assert w.page.note is not None and w.page.note.same
        else:
            assert w.next()
    assert w.page.kind == "end", w.page.problem
    assert not w.page.diverged
    assert w.page.number + 1 == w.total
    # Back, page by page, to the start: each page is exactly as it was the first time.
    while w.back():
        assert state_of(w) == seen[w.page.number]
    assert w.page.number == 0


def test_back_keeps_earlier_answers_and_forgets_later_ones(db: Any) -> None:
    w = Walkthrough(find("8").path, db)           # two decisions: the damage order, then the damage
    while w.page.kind != "decision":
        w.next()
    first = w.page.index
    w.answer_as_script()
    while w.page.kind != "decision":
        w.next()
    at_second = state_of(w)
    w.answer_as_script()
    w.back()                                     # back to the second decision, undecided again
    assert w.page.kind == "decision" and state_of(w) == at_second
    assert first in w.answers and w.page.index not in w.answers
    w.restart()
    assert w.page.number == 0 and not w.answers


def test_a_different_choice_is_followed_and_explained(db: Any) -> None:
    w = Walkthrough(find("combat basics").path, db)
    while w.page.kind != "decision":
        w.next()
    assert w.page.decision.kind == "declare_blockers"
    w.answer([])                                  # no blocks: the script blocks both attackers
    page = w.page
    assert page.diverged and page.note is not None and not page.note.same
    assert page.note.mine == "no blockers" and "Centaur Courser blocks Hill Giant" in page.note.script
    while not w.page.final:
        w.next()
    assert w.page.kind == "end" and w.page.diverged
    assert w.game.players[1].life == 15           # both attackers got through
    w2 = Walkthrough(find("5").path, db)
    while w2.page.kind != "decision":
        w2.next()
    w2.answer([])
    found = []
    while not w2.page.final:
        found += w2.page.differences
        w2.next()
    found += w2.page.differences
    assert "Bob's life: 20 in the walkthrough; 15 in your game" in found


def test_where_the_script_no_longer_fits_the_walkthrough_says_so(db: Any) -> None:
    w = Walkthrough(find("mulligans").path, db)
    while w.page.kind != "decision":
        w.next()
    w.answer("keep")                              # the script goes on with a mulligan's cards to the bottom
    while not w.page.final:
        w.next()
    assert w.page.kind == "stuck" and w.page.problem
    # The game is left where the script stopped fitting, not passed on into later steps.
    assert w.game.turn == 1 and w.game.step == "upkeep"
    w.back()
    assert not w.page.final


def test_the_reader_key_is_checked_and_the_runner_ignores_it(tmp_path: Path, db: Any) -> None:
    base = '''title = "t"
[game]
players = ["Alice", "Bob"]
active = "Alice"
step = "main1"
[Alice]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Bob"]
'''
    bad = tmp_path / "bad.toml"
    bad.write_text(base + "reader = true\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="reader goes with a decision input"):
        load(bad, db)
    bad.write_text(base.replace('cast = "Lightning Bolt"\ntargets = ["Bob"]\n', 'advance = "end"\n')
                   + 'reader = "yes"\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="reader is true or false"):
        load(bad, db)
    for info in FILES:                            # marked files still run headless as scenarios
        sc = load(info.path, db)
        assert sc.steps


# ---------------------------------------------------------------------------
# On screen


async def _settle(pilot: Any) -> None:
    """Wait until the app has handled everything queued (a busy machine only makes this take longer)."""
    await handled(pilot, pilot.app)
    await pilot.pause()


@pytest.mark.asyncio
async def test_a_walkthrough_to_the_end_with_keys() -> None:
    info = find("5")
    app = WalkthroughApp(info, default_db())
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.wt_screen
        walk = app.walk
        await text_after(pilot, app, "Walkthrough 5: Combat basics")
        assert "page 1/" in screen_text(app)
        assert "506.1 Combat Phase" in screen_text(app)        # a cited rule, with our summary
        # Next, back, restart.
        await press(pilot, app, "space", "space")
        assert walk.page.number == 2
        await press(pilot, app, "escape")
        assert walk.page.number == 1
        await press(pilot, app, "R")
        assert walk.page.number == 0
        # To the decision; block as the script does, with the blockers prompt.
        while walk.page.kind != "decision":
            await press(pilot, app, "space")
        await text_after(pilot, app, "Your decision, as Bob")
        prompt = screen.state.prompt
        g = walk.game
        names = {o.name: o.id for o in GameView(g).battlefield()}
        want = {names["Centaur Courser"]: names["Hill Giant"], names["Wall of Wood"]: names["Grizzly Bears"]}
        for blocker, attacker in want.items():
            letter = next(k for k, b in prompt.keys.items() if b == blocker)
            for _ in range(4):
                if prompt.assign[blocker] == (attacker,):
                    break
                await press(pilot, app, letter)
        await press(pilot, app, "space")
        assert walk.page.note is not None and walk.page.note.same
        await text_after(pilot, app, "The walkthrough chose the same")
        while not walk.page.final:
            await press(pilot, app, "space")
        assert walk.page.kind == "end"
        text = await text_after(pilot, app, "The end of this walkthrough")
        assert "N: the next walkthrough" in text
        # N opens the next walkthrough.
        await press(pilot, app, "N")
        await _settle(pilot)
        assert app.walk.title.startswith("First strike")
        await text_after(pilot, app, "Walkthrough 6")


@pytest.mark.asyncio
async def test_a_reader_decision_made_differently() -> None:
    app = WalkthroughApp(find("5"), default_db())
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        walk = app.walk
        while walk.page.kind != "decision":
            await press(pilot, app, "space")
        await press(pilot, app, "space")              # confirm no blocks
        assert walk.page.diverged
        text = await text_after(pilot, app, "yours: no blockers")
        assert "The walkthrough chose" in text
        assert "your own line" in text
        await press(pilot, app, "space")               # combat damage: what the choice led to
        text = await text_after(pilot, app, "Grizzly Bears deals 2 combat damage to Bob")
        assert "Now: Alice 20 life, Bob 15 life." in text or "Bob 15 life" in text
        while not walk.page.final:
            await press(pilot, app, "space")
        assert walk.page.kind == "end"
        # Back to the decision and take the walkthrough's choice with S.
        while walk.page.kind != "decision":
            await press(pilot, app, "escape")
        await press(pilot, app, "S")
        assert not walk.page.diverged and walk.page.note.same


@pytest.mark.asyncio
async def test_a_cited_rule_opens_the_full_reference() -> None:
    app = WalkthroughApp(find("5"), default_db())
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        await press(pilot, app, "1")
        await _settle(pilot)
        assert isinstance(app.screen, RuleReferenceScreen)
        text = await text_after(pilot, app, "Rule 506.1")
        assert "In plain words" in text and "parent: 506" in text
        await press(pilot, app, "a")                  # to the parent
        await _settle(pilot)
        assert app.screen.number == "506"
        await press(pilot, app, "backspace")
        assert app.screen.number == "506.1"
        await press(pilot, app, "escape")
        await _settle(pilot)
        assert type(app.screen).__name__ == "WalkthroughScreen"


@pytest.mark.asyncio
async def test_inspecting_a_log_entry_in_a_game_opens_the_reference(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, until=lambda a: a.game_screen.mode == "board")
        await press(pilot, app, "l", "i")
        await _settle(pilot)
        assert isinstance(app.screen, (RuleReferenceScreen, RulesScreen))
        if isinstance(app.screen, RulesScreen):
            await press(pilot, app, "a")
            await _settle(pilot)
        assert isinstance(app.screen, RuleReferenceScreen)
        text = await text_after(pilot, app, "In plain words")
        assert "From the log" in text and "Around it" in text


@pytest.mark.asyncio
async def test_explain_toggles_in_a_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, until=lambda a: a.game_screen.mode == "board")
        gs = app.game_screen
        assert not gs.explain
        await press(pilot, app, "v")
        await wait_for(pilot, lambda: gs.explain and ("500.1" in screen_text(app) or "103.7a" in screen_text(app)))
        await press(pilot, app, "v")
        assert not gs.explain


def test_explain_mode_at_80x24(snap_compare: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=1, decks=MINI)
    app.explain = True

    async def run_before(pilot: Any) -> None:
        await drive(pilot, app, until=lambda a: a.game_screen.mode == "board" and a.session.game.turn >= 2)
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_a_walkthrough_decision_at_80x24(snap_compare: Any) -> None:
    app = WalkthroughApp(find("5"), default_db())

    async def run_before(pilot: Any) -> None:
        await _settle(pilot)
        while app.walk.page.kind != "decision":
            await press(pilot, app, "space")
        await _settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_a_walkthrough_page_at_120x40(snap_compare: Any) -> None:
    app = WalkthroughApp(find("7"), default_db())

    async def run_before(pilot: Any) -> None:
        await _settle(pilot)
        while not app.walk.page.final:
            if app.walk.page.kind == "decision":
                await press(pilot, app, "S")
            else:
                await press(pilot, app, "space")
        await press(pilot, app, "escape")
        await _settle(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


# ---------------------------------------------------------------------------
# The command


def test_the_command_lists_the_walkthroughs() -> None:
    from mtg_tui.cli import main
    result = CliRunner().invoke(main, ["walkthrough"])
    assert result.exit_code == 0, result.output
    for info in FILES:
        assert f"{info.number:>3}. {info.title}" in result.output
    assert "Follow Alice through one whole turn" in result.output


def test_names_and_unknown_names() -> None:
    from mtg_tui.cli import main
    assert find("5").stem == "05-combat-basics"
    assert find("05-combat-basics").number == 5
    assert find("combat-basics").number == 5
    assert find("DEATHTOUCH").number == 7
    with pytest.raises(UnknownWalkthrough, match="several"):
        find("layers")
    result = CliRunner().invoke(main, ["walkthrough", "no such thing"])
    assert result.exit_code == 1
    assert "no walkthrough is called 'no such thing'" in result.output
    assert "Combat basics" in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(main, ["walkthrough", "99"])
    assert result.exit_code == 1 and "numbered 1 to" in result.output


def test_play_has_an_explain_option() -> None:
    from mtg_tui.cli import main
    result = CliRunner().invoke(main, ["play", "--help"])
    assert result.exit_code == 0 and "--explain" in result.output


def test_a_walkthrough_in_a_real_terminal(tmp_path: Path) -> None:
    from .test_ui_terminal import TMUX, terminal
    if TMUX is None:
        pytest.skip("tmux is not installed")
    term = terminal(tmp_path, "walkthrough combat")
    try:
        term.wait_for("Walkthrough 5: Combat basics", 60)
        term.wait_for("page 1/")
        term.keys("Space")
        term.wait_for("page 2/")
        term.keys("Escape")
        term.wait_for("page 1/")
        for n in (2, 3, 4):
            term.keys("Space")
            term.wait_for(f"page {n}/")
        screen = term.wait_for("Your decision, as Bob")
        assert "declare blockers" in screen
        term.keys("S")
        term.wait_for("The walkthrough chose the same")
        term.keys("q")
        assert term.gone_within(30), "the walkthrough didn't end after q"
    finally:
        term.close()
