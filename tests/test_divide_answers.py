"""Dividing damage (601.2d) is answered by every answerer: the UI's prompt, the computer, the random player.

Test Arc deals 3 damage divided as you choose among one or two targets; cast at Grizzly Bears and Bob
without a division, the game asks for one: two whole numbers, each at least 1, adding up to 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.agents import RandomAgent
from mtg_tui.ai.agent import ComputerPlayer, safe_answer
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.engine import Divide, Game, GameView, new_game
from mtg_tui.ui.prompts import Answer, DividePrompt, prompt_for
from mtg_tui.ui.snapshot import take
from mtg_tui.walkthroughs.driver import describe_answer

ARC = ('cost = "{R}"\ntype = "Instant"', "Test Arc deals 3 damage divided as you choose among one or two targets.")


@pytest.fixture(scope="module")
def arc_db(card_db_of: Any) -> CardDatabase:
    return card_db_of(["mountain", "grizzly-bears"], {"Test Arc": ARC})


def dividing(db: CardDatabase) -> tuple[Game, Divide, int]:
    setup = {"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
             "tables": [{"hand": [{"name": "Test Arc"}], "battlefield": [{"name": "Mountain"}]},
                        {"battlefield": [{"name": "Grizzly Bears"}]}]}
    g = new_game(setup, 1, db)
    arc = next(o.id for o in g.players[0].hand)
    bears = g.battlefield[-1].id
    g.answer(0, {"action": "cast", "card": arc, "targets": [[bears, 2]]})
    d = g.pending
    assert isinstance(d, Divide) and d.total == 3 and d.targets == [bears, 2]
    return g, d, bears


def resolves_to(g: Game, answer: Any) -> tuple[int, int]:
    """Answer the division, pay, let the spell resolve: Bob's life and the damage on the Bears."""
    g.answer(0, answer)
    if g.pending.kind == "pay":
        g.answer(0, "auto")
    while g.stack:
        g.answer(g.pending.player, {"action": "pass"})
    bears = [o for o in g.battlefield if o.name == "Grizzly Bears"]
    return g.players[1].life, (bears[0].damage if bears else 2)


def test_the_ui_asks_an_amount_for_each_target_but_the_last(arc_db: CardDatabase) -> None:
    g, d, bears = dividing(arc_db)
    prompt = prompt_for(d, take(GameView(g, 0), 0))
    assert isinstance(prompt, DividePrompt)
    assert prompt.current.lo == 1 and prompt.current.hi == 2   # the Bears get 1 or 2; Bob at least 1
    prompt.handle("1", "1")
    out = prompt.handle("enter", None)
    assert out == Answer([1, 2])
    assert describe_answer(g, d, d.validate(out.value)) == "1 to Grizzly Bears and 2 to Bob"
    assert resolves_to(g, out.value) == (18, 1)


@pytest.mark.parametrize("answerer", ["computer", "random", "safe"])
def test_the_computer_and_the_random_player_divide_legally(arc_db: CardDatabase, answerer: str) -> None:
    g, d, bears = dividing(arc_db)
    if answerer == "computer":
        answer = ComputerPlayer("normal", strict=True).decide(g, d)
    elif answerer == "random":
        answer = RandomAgent(3).decide(g, d)
    else:
        answer = safe_answer(d)
    amounts = d.validate(answer)
    assert set(amounts) == {str(bears), "2"} and sum(amounts.values()) == 3
    life, damage = resolves_to(g, answer)
    assert (20 - life, damage) == (amounts["2"], amounts[str(bears)])
