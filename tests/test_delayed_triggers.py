"""Delayed triggered abilities (603.7): "... at the beginning of the next end step"."""

from __future__ import annotations

import shutil
from pathlib import Path

from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.paths import cards_dir
from mtg_tui.scenario.runner import run_file

FLICKER = '''name = "Test Flicker"
cost = "{W}"
type = "Instant"
text = """
Exile target creature you control, then return that card to the battlefield under its owner's control at the beginning of the next end step."""
'''

SCENARIO = '''title = "A creature exiled until the next end step comes back then, as a new object"
rules = ["603.7", "400.7"]
seed = 1
[game]
players = ["Alice", "Bob"]
active = "Alice"
step = "main1"
[Alice]
hand = ["Test Flicker"]
battlefield = ["Plains", "Grizzly Bears {+1/+1:2}", "Soul Warden"]
[Bob]
battlefield = ["Forest"]

[[step]]
player = "Alice"
cast = "Test Flicker"
targets = ["Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Alice.exile" = ["Grizzly Bears"] }
expect.life = { Alice = 20 }
[[step]]
advance = "end"
[[step]]
expect.stack = ["Test Flicker"]
[[step]]
pass = "resolve"
[[step]]
expect.card."Grizzly Bears" = { zone = "battlefield", counters = {}, power = 2 }
expect.stack = ["Soul Warden"]
[[step]]
pass = "resolve"
[[step]]
expect.life = { Alice = 21 }
'''


def test_delayed_return_at_the_next_end_step(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    for name in ("plains", "forest", "grizzly-bears", "soul-warden"):
        shutil.copy(cards_dir() / f"{name}.toml", folder)
    (folder / "test-flicker.toml").write_text(FLICKER, encoding="utf-8")
    db = CardDatabase(folder)
    assert db.check() == []
    scenario = tmp_path / "flicker.toml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    result = run_file(scenario, db)
    assert result.passed, result.error
