"""Scenarios where the script plays one side and the computer the other (``[game] computer = "Bob"``, docs/ai.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mtg_tui.scenario.runner import run_file

BLOCKS = """
title = "The computer blocks to kill an attacker safely"
seed = 1

[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "beginning_of_combat"
computer = "Bob"

[Alice]
battlefield = ["Grizzly Bears"]

[Bob]
battlefield = ["Giant Spider"]

[[step]]
advance = "declare_attackers"

[[step]]
player = "Alice"
attack = ["Grizzly Bears"]

[[step]]
advance = "end_of_combat"

[[step]]
expect.zones = { "Alice.graveyard" = ["Grizzly Bears"] }
expect.life = { Bob = 20 }
"""

BURNS_OUT = """
title = "The computer plays its own turn and burns the opponent out"
seed = 2

[game]
players = ["Alice", "Bob"]
active = "Bob"
turn = 4
step = "main1"
computer = "Bob"
difficulty = "easy"

[Alice]
life = 3
battlefield = ["Serra Angel"]

[Bob]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]

[[step]]
advance = "end"

[[step]]
expect.result = { winner = "Bob" }
"""

SCRIPT_OVERRIDES = """
title = "An input by the computer's player is the script's, the rest is the computer's"
seed = 3

[game]
players = ["Alice", "Bob"]
active = "Bob"
turn = 4
step = "main1"
computer = "Bob"

[Alice]
battlefield = ["Grizzly Bears"]

[Bob]
hand = ["Shock", "Forest"]
battlefield = ["Mountain"]
lands_played = 1

[[step]]
player = "Bob"
cast = "Shock"
targets = "Alice"

[[step]]
pass = "resolve"

[[step]]
expect.life = { Alice = 18 }
"""


@pytest.mark.parametrize("text", [BLOCKS, BURNS_OUT, SCRIPT_OVERRIDES], ids=["blocks", "burns-out", "overrides"])
def test_a_scenario_can_have_the_computer_play_one_side(tmp_path: Path, db: Any, text: str) -> None:
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    result = run_file(path, db)
    assert result.passed, result.error


@pytest.mark.parametrize("line, message", [
    ('computer = "Carol"', "is not one of the players"),
    ('computer = "Bob"\ndifficulty = "expert"', "difficulty 'expert'"),
    ('difficulty = "hard"', "no computer player"),
])
def test_a_bad_computer_setting_is_a_scenario_error(tmp_path: Path, db: Any, line: str, message: str) -> None:
    path = tmp_path / "scenario.toml"
    path.write_text(BLOCKS.replace('computer = "Bob"', line), encoding="utf-8")
    result = run_file(path, db)
    assert not result.passed and "scenario error" in result.error and message in result.error, result.error


def test_without_the_computer_nobody_blocks(tmp_path: Path, db: Any) -> None:
    """The control for "blocks": the runner alone declares no blockers, so the expectation fails."""
    path = tmp_path / "scenario.toml"
    path.write_text(BLOCKS.replace('computer = "Bob"\n', ""), encoding="utf-8")
    result = run_file(path, db)
    assert not result.passed and "graveyard" in result.error, result.error
