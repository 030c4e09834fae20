"""Every walkthrough passes as a scenario, and narrates enough of it with rule citations."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mtg_tui.rules.index import default_index
from mtg_tui.scenario.runner import run_file
from mtg_tui.walkthroughs import walkthrough_files

FILES = walkthrough_files()
MIN_SAYS = 5


def _data(path: Path) -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)


def _says(data: dict) -> list[dict]:
    return [s for s in data.get("step", []) if "say" in s]


def test_there_are_walkthroughs() -> None:
    assert len(FILES) >= 15
    assert FILES == sorted(FILES)
    assert all(p.suffix == ".toml" for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_walkthrough_passes(path: Path, db) -> None:
    result = run_file(path, db)
    assert result.passed, result.error


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_walkthrough_is_narrated(path: Path) -> None:
    data = _data(path)
    assert isinstance(data.get("title"), str) and data["title"].strip()
    assert isinstance(data.get("description"), str) and data["description"].strip()
    assert data.get("rules"), "a walkthrough lists the rules it teaches"
    says = _says(data)
    assert len(says) >= MIN_SAYS, f"only {len(says)} say steps"
    for n, step in enumerate(says, 1):
        assert isinstance(step["say"], str) and step["say"].strip(), f"say #{n} is empty"
        cites = step.get("cite")
        assert isinstance(cites, list) and cites, f"say #{n} cites no rule"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_walkthrough_cites_rules_that_exist_and_have_summaries(path: Path) -> None:
    index = default_index()
    data = _data(path)
    cited = list(data.get("rules", []))
    for step in _says(data):
        cited += step.get("cite", [])
    unknown = sorted({c for c in cited if not index.exists(c)})
    assert unknown == [], f"not rule numbers: {unknown}"
    unexplained = sorted({c for c in cited if not index.lookup(c).summary})
    assert unexplained == [], f"cited rules without a summary: {unexplained}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_walkthrough_checks_outcomes(path: Path) -> None:
    """A walkthrough is also a test: it states what must hold."""
    data = _data(path)
    expects = [s for s in data.get("step", []) if "expect" in s]
    assert len(expects) >= 3
