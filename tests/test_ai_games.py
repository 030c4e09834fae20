"""Whole games with the computer opponent: always legal, never stalled, the same for the same seed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_tui.agents import RandomAgent
from mtg_tui.ai import ComputerPlayer
from mtg_tui.ai.levels import HARD, NORMAL
from mtg_tui.cli import main
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import list_decks, load_deck
from mtg_tui.engine.game import Game
from mtg_tui.engine.setup import new_game
from mtg_tui.sim import play_games

DECKS = [d.name for d in list_decks()]


def game_for(db: Any, seed: int) -> Game:
    deck = card_list(load_deck(DECKS[seed % len(DECKS)]))
    other = card_list(load_deck(DECKS[(seed * 7 + 3) % len(DECKS)]))
    return new_game({"kind": "new", "players": ["A", "B"], "decks": [deck, other], "starting": None}, seed, db)


def play(game: Game, agents: dict[int, Any], limit: int = 20000) -> int:
    """Answer every decision; an illegal answer raises (the strict agents also raise on a refused policy answer)."""
    n = 0
    while not game.over and game.pending is not None and n < limit:
        d = game.pending
        game.answer(d.player, agents[d.player].decide(game, d))
        n += 1
    return n


@pytest.mark.parametrize("chunk", range(4))
def test_normal_never_gives_an_illegal_answer_and_games_finish(db: Any, chunk: int) -> None:
    for seed in range(100 + chunk * 9, 100 + chunk * 9 + 9):
        g = game_for(db, seed)
        agents = {0: ComputerPlayer("normal", strict=True), 1: ComputerPlayer("normal", strict=True)}
        play(g, agents)
        assert g.over, f"seed {seed}: the game didn't finish"
        assert not agents[0].fallbacks and not agents[1].fallbacks


def test_easy_and_normal_against_random_agents_stay_legal(db: Any) -> None:
    for seed in range(300, 306):
        g = game_for(db, seed)
        agents = {0: ComputerPlayer("easy", strict=True), 1: RandomAgent(f"{seed}/2")}
        if seed % 2:
            agents = {0: RandomAgent(f"{seed}/1"), 1: ComputerPlayer("normal", strict=True)}
        play(g, agents)
        assert g.over


def test_the_same_seed_gives_the_same_game(db: Any) -> None:
    records = []
    for _ in range(2):
        g = game_for(db, 17)
        play(g, {0: ComputerPlayer("normal"), 1: ComputerPlayer("easy")})
        records.append(list(g.record))
    assert records[0] == records[1]


def test_hard_is_deterministic_too(db: Any) -> None:
    records = []
    for _ in range(2):
        g = game_for(db, 23)
        hard = ComputerPlayer("hard", strict=True)
        play(g, {0: hard, 1: ComputerPlayer("normal")}, limit=320)
        records.append(list(g.record))
        assert hard._lookahead is not None and hard._lookahead.decisions >= 3
    assert records[0] == records[1]


def test_a_hard_level_weighing_no_kind_of_decision_plays_like_normal(db: Any) -> None:
    records = []
    for level in (HARD, replace(HARD, look_at=()), NORMAL):
        g = game_for(db, 4)
        play(g, {0: ComputerPlayer(level), 1: ComputerPlayer("normal")}, limit=120)
        records.append(list(g.record))
    assert records[0] != records[2]      # the look-ahead overrules normal somewhere in this game
    assert records[1] == records[2]


def test_normal_beats_random(db: Any) -> None:
    deck = card_list(load_deck("Gruul Beatdown"))
    res = play_games(6, 500, deck, deck, "normal", "random")
    assert res.wins[0] == 6


def test_parallel_simulation_gives_the_same_results(db: Any) -> None:
    deck1, deck2 = card_list(load_deck("Red Burn")), card_list(load_deck("Green Stompy"))
    one = play_games(4, 40, deck1, deck2, "normal", "easy", workers=1)
    two = play_games(4, 40, deck1, deck2, "normal", "easy", workers=2)
    assert one.results == two.results


def test_simulate_command_takes_agents_and_prints_confidence_intervals() -> None:
    out = CliRunner().invoke(main, ["simulate", "-n", "2", "--p1", "normal", "--p2", "easy", "--seed", "3"])
    assert out.exit_code == 0, out.output
    assert "95% CI" in out.output and "normal" in out.output and "easy" in out.output
    bad = CliRunner().invoke(main, ["simulate", "-n", "1", "--p1", "genius"])
    assert bad.exit_code != 0
