"""Every scenario under tests/scenarios passes (the rules test harness)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_tui.scenario.runner import run_file

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.rglob("*.toml"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 120


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(HERE)))
def test_scenario(path: Path, db) -> None:
    result = run_file(path, db)
    assert result.passed, result.error
