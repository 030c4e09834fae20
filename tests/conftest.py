"""Shared fixtures: the card database is compiled once per test process."""

from __future__ import annotations

import pytest

from mtg_tui.cardtext.loader import CardDatabase, default_db


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    return default_db()
