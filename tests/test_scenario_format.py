"""Mistakes in scenario files give clear errors; the runner's command line prints the contract's format."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mtg_tui.cli import main
from mtg_tui.scenario.runner import run_file

HEAD = '''title = "t"
seed = 1
[game]
players = ["Alice", "Bob"]
active = "Alice"
step = "main1"
[Alice]
hand = ["Lightning Bolt"]
battlefield = ["Mountain"]
[Bob]
battlefield = ["Grizzly Bears"]
'''


def run(tmp_path: Path, text: str, name: str = "s.toml"):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    from mtg_tui.cardtext.loader import default_db
    return run_file(f, default_db())


def test_a_passing_scenario(tmp_path: Path) -> None:
    r = run(tmp_path, HEAD + '''
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Grizzly Bears"]
[[step]]
pass = "resolve"
[[step]]
expect.zones = { "Bob.graveyard" = ["Grizzly Bears"] }
expect.cited = ["704.5g", "601.2"]
''')
    assert r.passed, r.error


def test_unknown_key_names_file_and_step(tmp_path: Path) -> None:
    r = run(tmp_path, HEAD + '[[step]]\nplayer = "Alice"\ncats = "Lightning Bolt"\n', "typo.toml")
    assert not r.passed
    assert "typo.toml" in r.error and "step 1" in r.error and "'cats'" in r.error


def test_unknown_card_suggests_a_name(tmp_path: Path) -> None:
    r = run(tmp_path, HEAD.replace('"Grizzly Bears"', '"Grizly Bears"'))
    assert not r.passed
    assert "Grizly Bears" in r.error and "Grizzly Bears" in r.error


def test_an_input_of_the_wrong_kind_is_a_clear_error(tmp_path: Path) -> None:
    text = HEAD + '''
[[step]]
player = "Alice"
cast = "Lightning Bolt"
[[step]]
player = "Alice"
attack = ["Mountain"]
'''
    r = run(tmp_path, text)
    assert not r.passed
    assert "step 2" in r.error and "targets" in r.error and "attack" in r.error


def test_a_refused_input_without_expect_error_fails_with_the_reason(tmp_path: Path) -> None:
    text = HEAD + '''
[[step]]
player = "Alice"
cast = "Lightning Bolt"
targets = ["Grizzly Bears"]
pay = ["Grizzly Bears"]
'''
    r = run(tmp_path, text)
    assert not r.passed and "refused" in r.error and "step 1" in r.error


def test_expect_error_matches_a_refusal_and_nothing_changes(tmp_path: Path) -> None:
    text = HEAD.replace('step = "main1"', 'step = "main1"\nturn = 2').replace('active = "Alice"', 'active = "Bob"') + '''
[[step]]
player = "Bob"
play = "Grizzly Bears"
[[step]]
expect.error = "hand"
expect.zones = { "Bob.battlefield" = ["Grizzly Bears"] }
'''
    r = run(tmp_path, text)
    assert r.passed, r.error


def test_a_reference_that_fits_nothing_is_a_scenario_error(tmp_path: Path) -> None:
    r = run(tmp_path, HEAD + '[[step]]\nplayer = "Alice"\ncast = "Lightning Bolt"\ntargets = ["Bob:Giant"]\n')
    assert not r.passed and "scenario error" in r.error and "Giant" in r.error


def test_implicit_passing_never_crosses_into_a_new_turn(tmp_path: Path) -> None:
    r = run(tmp_path, HEAD + '[[step]]\nplayer = "Bob"\nchoose = "yes"\n')
    assert not r.passed and "turn 2" in r.error


def test_say_must_cite_known_rules(tmp_path: Path) -> None:
    r = run(tmp_path, HEAD + '[[step]]\nsay = "hello"\ncite = ["999.9z"]\n')
    assert not r.passed and "999.9z" in r.error
    ok = run(tmp_path, HEAD + '[[step]]\nsay = "hello"\ncite = ["601.2", "117.3c"]\n', "ok.toml")
    assert ok.passed, ok.error


def test_bad_toml_is_reported_not_raised(tmp_path: Path) -> None:
    r = run(tmp_path, "title = \n")
    assert not r.passed and "TOML" in r.error


def test_cli_output_and_json(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text(HEAD + '[[step]]\nexpect.life = { Alice = 20 }\n', encoding="utf-8")
    (tmp_path / "bad.toml").write_text(HEAD + '[[step]]\nexpect.life = { Alice = 3 }\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["scenario", "run", str(tmp_path)])
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert any(l.startswith("FAIL t: ") for l in lines) and "PASS t" in lines
    res = CliRunner().invoke(main, ["scenario", "run", "--json", str(tmp_path / "good.toml")])
    assert res.exit_code == 0
    obj = json.loads(res.output.strip().splitlines()[0])
    assert set(obj) == {"file", "title", "passed", "error"} and obj["passed"] is True


def test_a_back_face_names_a_transformed_permanent_and_only_on_the_battlefield(tmp_path: Path) -> None:
    # A double-faced card is named by the face that is up (711.4): on the battlefield its back face's name
    # sets it up transformed; in a hand it has only its front face (711.4a), so the back face's name is refused.
    on_board = HEAD.replace('battlefield = ["Mountain"]', 'battlefield = ["Mountain", "Spires of Orazca"]') + '''
[[step]]
expect.card."Spires of Orazca" = { tapped = false }
'''
    r = run(tmp_path, on_board)
    assert r.passed, r.error
    r = run(tmp_path, HEAD.replace('hand = ["Lightning Bolt"]', 'hand = ["Spires of Orazca"]'), "hand.toml")
    assert not r.passed
    assert "back face of 'Thaumatic Compass'" in r.error and "711.4a" in r.error
