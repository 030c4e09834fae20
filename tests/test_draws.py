"""Agreeing to a draw (104.4i): recorded like a concession, and offered by the computer only when the game is going nowhere."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_tui.agents import RandomAgent
from mtg_tui.agents.base import play_out
from mtg_tui.ai import ComputerPlayer
from mtg_tui.ai.stalemate import STALL_TURNS
from mtg_tui.engine.decisions import IllegalAnswer
from mtg_tui.engine.game import Game
from mtg_tui.engine.record import Record, replay
from mtg_tui.engine.setup import new_game


def locked(db: Any, library: int = 0) -> Game:
    """Each player has a Platinum Angel under Pacifism and `library` cards left: nothing can ever happen."""
    tables = []
    for first in (0, library + 2):       # setup indices run through the tables: library, then battlefield
        angel = first + library
        tables.append({"library": [{"name": "Plains"}] * library,
                       "battlefield": [{"name": "Platinum Angel"}, {"name": "Pacifism", "attached": angel}]})
    return new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
                     "tables": tables}, 1, db)


def test_an_agreed_draw_ends_the_game_and_replays(db: Any) -> None:
    g = locked(db, library=5)
    g.agree_draw()
    assert g.over and g.is_draw and g.winner is None and g.pending is None
    assert g.log.entries[-1].cites == ("104.4i",)
    again = replay(Record.of(g), db)
    assert again.over and again.is_draw
    with pytest.raises(IllegalAnswer):
        g.agree_draw()


def test_two_computers_agree_to_a_draw_when_nobody_can_lose(db: Any) -> None:
    g = locked(db)
    angels = {o.id for o in g.battlefield if o.name == "Platinum Angel"}
    assert {o.attached_to for o in g.battlefield if o.name == "Pacifism"} == angels
    play_out(g, {0: ComputerPlayer("normal"), 1: ComputerPlayer("normal")}, max_decisions=2000)
    # Nobody can lose (Platinum Angel stops the empty-library draws), nobody can attack: after
    # STALL_TURNS turns with the same battlefield they agree to a draw.
    assert g.over and g.is_draw
    assert g.log.entries[-1].cites == ("104.4i",)
    assert g.turn == 3 + STALL_TURNS


def test_no_draw_while_cards_remain_to_be_drawn(db: Any) -> None:
    g = locked(db, library=30)
    ais = {0: ComputerPlayer("normal"), 1: ComputerPlayer("normal")}
    play_out(g, ais, max_decisions=600)
    assert not g.over
    assert not any(a.agrees_to_draw(g) for a in ais.values())


def test_an_agent_without_an_opinion_never_agrees(db: Any) -> None:
    g = locked(db)
    play_out(g, {0: ComputerPlayer("normal"), 1: RandomAgent("1/2")}, max_decisions=1500)
    assert not g.over
