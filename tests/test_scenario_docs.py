"""docs/scenarios.md stays true: its example passes, and every key the scenario reader accepts is described."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtg_tui.scenario import expectations, loader
from mtg_tui.scenario.runner import run_file

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "scenarios.md"


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_the_example_in_the_docs_passes(tmp_path: Path, db) -> None:
    example = re.findall(r"```toml\n(.*?)```", doc_text(), re.S)[-1]
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    result = run_file(path, db)
    assert result.passed, result.error


KEYS = sorted(loader.HEADER_KEYS | loader.GAME_KEYS | loader.TABLE_KEYS | loader.STEP_KEYS | loader.EXPECT_KEYS
              | expectations.CARD_KEYS)


@pytest.mark.parametrize("key", KEYS)
def test_every_key_the_reader_accepts_is_in_the_docs(key: str) -> None:
    found = re.search(r"(?:^|[`.{ ])" + re.escape(key) + r"\b", doc_text(), re.M)
    assert found, f"docs/scenarios.md doesn't describe {key!r}"


def test_the_readme_links_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/scenarios.md)" in readme
    assert "SCENARIOS.md" not in readme   # a file the project doesn't have
