"""The prompt panel tells the truth: after a prompt is answered or backed out of, the board's own prompt
is drawn again, even when its text is what it was before."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import cards, press, screen_text, settle, state_app, text_after


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTG_TUI_DATA", str(tmp_path / "data"))
    return tmp_path


def equip_table() -> list[dict]:
    return [{"battlefield": cards("Mountain", "Mountain", "Mountain", "Bonesplitter", "Raging Goblin"),
             "hand": cards("Shock")},
            {"battlefield": cards("Grizzly Bears")}]


BOARD_PROMPT = "> Alice: priority in your precombat main phase"


def menu_key(app, label: str) -> str:
    labels = [o.label for o in app.game_screen.snap.actions]
    return "abcdefghjklmnopqrstuvwxyz"[labels.index(label)]


@pytest.mark.asyncio
async def test_escape_from_the_actions_list_shows_the_board_prompt_again(tmp_path: Path) -> None:
    app = state_app(tmp_path, equip_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "a")
        assert "> Actions" in screen_text(app)
        await press(pilot, app, "escape")
        text = await text_after(pilot, app, BOARD_PROMPT)
        assert "> Actions" not in text and "Cast Shock" not in text
        assert BOARD_PROMPT in text


@pytest.mark.asyncio
async def test_escape_while_choosing_an_equip_target(tmp_path: Path) -> None:
    app = state_app(tmp_path, equip_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "a", menu_key(app, "Bonesplitter: Equip {1}"))
        await settle(pilot, app)
        assert app.game_screen.state.prompt.kind == "targets"
        assert "Choose" in screen_text(app)
        await press(pilot, app, "escape")
        await settle(pilot, app)
        text = await text_after(pilot, app, BOARD_PROMPT)
        assert "Choose" not in text and "Raging Goblin 1/1 (haste) [Alice]" not in text
        assert BOARD_PROMPT in text


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_after_paying_the_pay_prompt_is_gone(tmp_path: Path, size: tuple[int, int]) -> None:
    app = state_app(tmp_path, equip_table())
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        # Equip the Goblin: target, then the payment prompt, confirmed with Space.
        await press(pilot, app, "a", menu_key(app, "Bonesplitter: Equip {1}"))
        await settle(pilot, app)
        goblin = next(k for k, i in app.game_screen.state.prompt.current.keys.items()
                      if "Raging Goblin" in app.game_screen.state.prompt.current.choices[i].label.plain)
        await press(pilot, app, goblin)
        await settle(pilot, app)
        assert "Auto-pay taps" in screen_text(app)
        await press(pilot, app, "space")
        await settle(pilot, app)
        # The ability resolves (Bob passes) and Alice has priority in the same step again.
        text = await text_after(pilot, app, BOARD_PROMPT)
        assert "Auto-pay taps" not in text and "pay {1}" not in text
        assert BOARD_PROMPT in text


@pytest.mark.asyncio
async def test_after_tapping_for_mana_the_mana_menu_is_gone(tmp_path: Path) -> None:
    app = state_app(tmp_path, equip_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "m")
        assert "> Tap for mana" in screen_text(app)
        await press(pilot, app, "a")
        await settle(pilot, app)
        text = await text_after(pilot, app, BOARD_PROMPT)
        assert "> Tap for mana" not in text
        assert "pool {R}" in text


@pytest.mark.asyncio
async def test_a_creature_that_can_block_two_attackers_is_offered_both(tmp_path: Path) -> None:
    # Bob's two Relentless Raptors attack each combat if able; Alice's Knight of Sorrows can block an additional
    # creature, so its letter cycles: the first Raptor, the second, both, none (509.1a as the card changes it).
    app = state_app(tmp_path, [{"battlefield": cards("Knight of Sorrows")},
                               {"battlefield": cards("Relentless Raptor", "Relentless Raptor")}],
                    active=1, turn=4, step="beginning_of_combat")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = app.session.game
        assert game.pending.kind == "declare_blockers"
        prompt = app.game_screen.state.prompt
        knight = next(iter(prompt.assign))
        raptors = list(game.combat.attackers)
        seen = []
        for _ in range(4):
            await press(pilot, app, "a")
            seen.append(prompt.assign[knight])
        assert seen == [(raptors[0],), (raptors[1],), (raptors[0], raptors[1]), ()]
        await press(pilot, app, "a", "a", "a")
        assert "BLK->Relentless Raptor, Relentless Raptor" in screen_text(app)
        await press(pilot, app, "space")
        await settle(pilot, app)
        assert sorted(game.combat.blockers[knight]) == sorted(raptors)


@pytest.mark.asyncio
async def test_a_you_may_question_says_what_yes_does(tmp_path: Path) -> None:
    # Gravedigger: "When Gravedigger enters the battlefield, you may return target creature card from your
    # graveyard to your hand." As its ability resolves Alice is asked (608.2d), in the card's own words.
    app = state_app(tmp_path, [{"battlefield": cards("Swamp", "Swamp", "Swamp", "Swamp"),
                                "hand": cards("Gravedigger"), "graveyard": cards("Grizzly Bears")}, {}])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        gs = app.game_screen
        gs.submit({"action": "cast", "card": gs.snap.hand[0].id, "pay": "auto"})
        await settle(pilot, app)
        await press(pilot, app, "space")          # Gravedigger resolves; its trigger targets the Bears
        await settle(pilot, app)
        if app.game_screen.state is not None and app.game_screen.state.prompt.kind == "targets":
            await press(pilot, app, "a")
        await press(pilot, app, "space")          # the trigger resolves
        text = await text_after(pilot, app, "Gravedigger: When Gravedigger enters the battlefield, you may "
                                            "return target creature card from your graveyard to your hand. Do you?")
        assert "optional effect" not in text
