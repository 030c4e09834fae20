"""Shared fixtures: the card database is compiled once per test process."""

from __future__ import annotations

import shutil
from typing import Callable

import pytest

from mtg_tui.cardtext.loader import CardDatabase, default_db
from mtg_tui.paths import cards_dir


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    return default_db()


@pytest.fixture(scope="session")
def card_db_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[list[str], dict[str, tuple[str, str]]], CardDatabase]:
    """Makes a card database in a new folder: some shipped card files (by file name) and cards written
    by a test (``custom`` maps a name to the card file's other fields and its rules text)."""
    def make(pool: list[str], custom: dict[str, tuple[str, str]]) -> CardDatabase:
        folder = tmp_path_factory.mktemp("cards")
        for name in pool:
            shutil.copy(cards_dir() / f"{name}.toml", folder)
        for name, (fields, text) in custom.items():
            slug = name.lower().replace(" ", "-").replace("'", "")
            (folder / f"{slug}.toml").write_text(f'name = "{name}"\n{fields}\ntext = """\n{text}"""\n',
                                                 encoding="utf-8")
        db = CardDatabase(folder)
        assert db.check() == []
        return db
    return make
