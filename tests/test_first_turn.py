"""103.7a and 500.10: the starting player skips the whole draw step of the first turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_tui.engine.setup import SetupError, new_game
from mtg_tui.scenario.runner import run_file


def test_nobody_gets_priority_in_the_first_turns_draw_step(db: Any) -> None:
    setup = {"kind": "state", "players": ["A", "B"], "active": 0, "turn": 1, "step": "upkeep",
             "tables": [{"library": [{"name": "Plains"}] * 3}, {"library": [{"name": "Island"}] * 3}]}
    game = new_game(setup, 1, db)
    steps: list[tuple[int, str]] = []
    while game.turn < 3:
        d = game.pending
        steps.append((game.turn, game.step))
        game.answer(d.player, {"action": "pass"} if d.kind == "priority" else [])
    assert (1, "upkeep") in steps and (1, "main1") in steps
    assert (1, "draw") not in steps
    assert (2, "draw") in steps            # the other player's first turn has its draw step
    skipped = [e for e in game.log.entries if "103.7a" in e.cites]
    assert len(skipped) == 1 and "500.10" in skipped[0].cites and skipped[0].turn == 1


def test_a_set_up_in_the_first_turns_draw_step_is_refused(tmp_path: Path, db: Any) -> None:
    setup = {"kind": "state", "players": ["A", "B"], "active": 0, "turn": 1, "step": "draw", "tables": [{}, {}]}
    with pytest.raises(SetupError, match="103.7a"):
        new_game(setup, 1, db)
    path = tmp_path / "draw.toml"
    path.write_text('title = "t"\n[game]\nplayers = ["Alice", "Bob"]\nactive = "Alice"\nturn = 1\n'
                    'step = "draw"\n', encoding="utf-8")
    result = run_file(path, db)
    assert not result.passed and "scenario error" in result.error and "103.7a" in result.error
    # Turn 2 (the other player's first turn) has its draw step.
    path.write_text(path.read_text(encoding="utf-8").replace("turn = 1", "turn = 2"), encoding="utf-8")
    assert run_file(path, db).passed
