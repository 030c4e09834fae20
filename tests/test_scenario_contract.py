"""Corners of the scenario contract: advance, pass = "resolve", concede, references, refusals."""

from __future__ import annotations

from pathlib import Path

from mtg_tui.cardtext.loader import default_db
from mtg_tui.scenario.runner import run_file

GAME = '''title = "t"
seed = 1
[game]
players = ["Alice", "Bob"]
active = "Alice"
turn = 3
step = "main1"
'''


def run(tmp_path: Path, text: str):
    f = tmp_path / "s.toml"
    f.write_text(GAME + text, encoding="utf-8")
    return run_file(f, default_db())


def ok(tmp_path: Path, text: str) -> None:
    r = run(tmp_path, text)
    assert r.passed, r.error


def test_advance_to_declare_attackers_with_no_possible_attacker_stops_at_priority(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
battlefield = ["Grizzly Bears {sick}"]
[Bob]
life = 20
[[step]]
advance = "declare_attackers"
[[step]]
expect.step = "declare_attackers"
expect.waiting = { player = "Alice", decision = "priority" }
''')


def test_advance_to_the_current_step_does_nothing_and_past_steps_need_a_turn(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
battlefield = ["Grizzly Bears"]
[Bob]
life = 20
[[step]]
advance = "main1"
[[step]]
expect.step = "main1"
[[step]]
advance = { turn = 4, step = "upkeep" }
[[step]]
expect.turn = 4
expect.active = "Bob"
expect.step = "upkeep"
''')
    r = run(tmp_path, '''[Alice]
battlefield = ["Grizzly Bears"]
[Bob]
life = 20
[[step]]
advance = "upkeep"
''')
    assert not r.passed and "already passed" in r.error


def test_untap_and_quiet_cleanup_are_no_advance_targets(tmp_path: Path) -> None:
    r = run(tmp_path, '[Alice]\nlife = 20\n[Bob]\nlife = 20\n[[step]]\nadvance = "untap"\n')
    assert not r.passed and "untap" in r.error and "scenario error" in r.error
    r = run(tmp_path, '[Alice]\nlife = 20\n[Bob]\nlife = 20\n[[step]]\nadvance = "cleanup"\n')
    assert not r.passed and "cleanup" in r.error


def test_advance_to_combat_damage_deals_it(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
battlefield = ["Grizzly Bears"]
[Bob]
life = 20
[[step]]
advance = "declare_attackers"
[[step]]
player = "Alice"
attack = ["Grizzly Bears"]
[[step]]
advance = "combat_damage"
[[step]]
expect.life = { Bob = 18 }
expect.step = "combat_damage"
''')


def test_advance_without_a_turn_fails_when_the_step_never_comes(tmp_path: Path) -> None:
    r = run(tmp_path, '''[Alice]
battlefield = ["Grizzly Bears"]
[Bob]
life = 20
[[step]]
advance = "combat_damage"
''')
    assert not r.passed and "combat_damage" in r.error


def test_pass_resolve_stops_at_another_decision_and_needs_a_stack(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
hand = ["Man-o'-War"]
battlefield = ["Island", "Island", "Island"]
[Bob]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Man-o'-War"
[[step]]
pass = "resolve"
[[step]]
expect.waiting = { player = "Alice", decision = "targets" }
[[step]]
player = "Alice"
targets = ["Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.hand" = ["Grizzly Bears"] }
''')
    r = run(tmp_path, '[Alice]\nlife = 20\n[Bob]\nlife = 20\n[[step]]\npass = "resolve"\n')
    assert not r.passed and "empty stack" in r.error


def test_concede_takes_effect_at_once_without_priority(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[Bob]
life = 20
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Bob"]
[[step]]
player = "Bob"
concede = true
[[step]]
expect.result = { winner = "Alice" }
expect.cited = ["104.3a"]
''')


def test_a_reference_to_several_unlike_objects_is_a_scenario_error(tmp_path: Path) -> None:
    r = run(tmp_path, '''[Alice]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[Bob]
battlefield = ["Grizzly Bears", "Grizzly Bears {damage:1}"]
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Grizzly Bears"]
''')
    assert not r.passed and "several" in r.error and "Grizzly Bears#" in r.error
    ok(tmp_path, '''[Alice]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[Bob]
battlefield = ["Grizzly Bears", "Grizzly Bears {damage:1}"]
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Grizzly Bears#2"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.graveyard" = ["Grizzly Bears"] }
expect.card."Grizzly Bears#1" = { zone = "battlefield", damage = 0 }
''')


def test_alike_objects_are_interchangeable_and_lists_take_fresh_ones(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
hand = ["Murder"]
battlefield = ["Swamp", "Swamp", "Swamp", "Swamp"]
[Bob]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Murder"
targets = ["Grizzly Bears"]
pay = ["Swamp", "Swamp", "Swamp"]
[[step]]
expect.card."Swamp#1" = { tapped = true }
expect.card."Swamp#2" = { tapped = true }
expect.card."Swamp#3" = { tapped = true }
expect.card."Swamp#4" = { tapped = false }
''')


def test_the_same_object_twice_for_one_target_word_is_refused(tmp_path: Path) -> None:
    ok(tmp_path, '''[Alice]
hand = ["Frost Breath"]
battlefield = ["Island", "Island", "Island"]
[Bob]
battlefield = ["Grizzly Bears"]
[[step]]
player = "Alice"
cast = "Frost Breath"
targets = ["Grizzly Bears#1", "Grizzly Bears#1"]
[[step]]
expect.error = ""
expect.zones = { "Alice.hand" = ["Frost Breath"] }
''')
