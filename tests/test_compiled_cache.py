"""The compiled-card cache is invalidated by a change to any source that compiling can run."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import mtg_tui
from mtg_tui.cardtext.cache import CompiledCache, compile_sources, version_of

PACKAGE = Path(mtg_tui.__file__).resolve().parent


def copy_of_package(tmp_path: Path) -> Path:
    """The parts of the package that card text compiles with, copied, plus a part it doesn't use."""
    pkg = tmp_path / "mtg_tui"
    for part in ("cardtext", "engine"):
        shutil.copytree(PACKAGE / part, pkg / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(PACKAGE / "paths.py", pkg / "paths.py")
    (pkg / "ui").mkdir()
    (pkg / "ui" / "app.py").write_text("from ..cardtext import loader\n")
    return pkg


def test_the_sources_are_the_card_text_package_and_what_it_imports() -> None:
    sources = {str(p.relative_to(PACKAGE)) for p in compile_sources(PACKAGE)}
    assert {"cardtext/grammar.lark", "cardtext/data/types.toml", "cardtext/compiler.py", "cardtext/loader.py",
            "cardtext/templates/verbs.py", "cardtext/templates/base.py", "engine/refs.py"} <= sources
    assert {str(p.relative_to(PACKAGE)) for p in (PACKAGE / "engine").glob("*.py")} <= sources
    assert not any(s.startswith(("ui/", "ai/", "cli")) for s in sources)


def test_a_new_compiler_module_changes_the_version(tmp_path: Path) -> None:
    pkg = copy_of_package(tmp_path)
    before = version_of(pkg)
    assert version_of(pkg) == before
    (pkg / "cardtext" / "templates" / "sagas.py").write_text("class Sagas:\n    pass\n")
    after = version_of(pkg)
    assert after != before
    (pkg / "cardtext" / "templates" / "sagas.py").write_text("class Sagas:\n    chapters = 3\n")
    assert version_of(pkg) != after


def test_a_change_in_the_engine_or_the_grammar_changes_the_version(tmp_path: Path) -> None:
    pkg = copy_of_package(tmp_path)
    before = version_of(pkg)
    refs = pkg / "engine" / "refs.py"
    refs.write_text(refs.read_text() + "\n# changed\n")
    after = version_of(pkg)
    assert after != before
    grammar = pkg / "cardtext" / "grammar.lark"
    grammar.write_text(grammar.read_text() + "\n// changed\n")
    assert version_of(pkg) != after


def test_a_package_the_compiler_comes_to_import_counts_and_others_do_not(tmp_path: Path) -> None:
    pkg = copy_of_package(tmp_path)
    (pkg / "keywords").mkdir()
    (pkg / "keywords" / "registry.py").write_text("FEAR = 'fear'\n")
    before = version_of(pkg)
    (pkg / "ui" / "app.py").write_text("# the UI changed\n")
    assert version_of(pkg) == before, "a module compiling doesn't use changed the version"
    (pkg / "keywords" / "registry.py").write_text("FEAR = 'fear'\nINTIMIDATE = 'intimidate'\n")
    assert version_of(pkg) == before, "not imported yet"
    keywords = pkg / "cardtext" / "templates" / "keywords.py"
    keywords.write_text(keywords.read_text().replace(
        "from ..errors import TextError\n", "from ..errors import TextError\n\n\ndef registry():\n"
        "    from ...keywords import registry\n    return registry\n", 1))
    imported = version_of(pkg)
    assert imported != before
    (pkg / "keywords" / "registry.py").write_text("FEAR = 'fear'\n")
    assert version_of(pkg) != imported


def test_a_cache_written_by_other_code_is_not_read(tmp_path: Path) -> None:
    cache = CompiledCache(tmp_path)
    cache.put("Grizzly Bears", "key", "a card")
    assert CompiledCache(tmp_path).get("Grizzly Bears", "key") == "a card"
    other = tmp_path / "0123456789abcdef"
    other.mkdir()
    with open(other / "key2.card", "wb") as f:
        pickle.dump(("Llanowar Elves", "a card from other code"), f)
    assert CompiledCache(tmp_path).get("Llanowar Elves", "key2") is None



def test_the_first_entry_of_a_new_code_version_removes_the_old_entries_in_the_background(tmp_path: Path) -> None:
    old = tmp_path / "0123456789abcdef"
    old.mkdir()
    for i in range(50):
        (old / f"k{i}.card").write_bytes(b"old")
    cache = CompiledCache(tmp_path)
    assert cache.get("Grizzly Bears", "key") is None and old.is_dir()   # reading removes nothing
    cache.put("Grizzly Bears", "key", "a card")
    assert cache.pruning is not None
    cache.pruning.join(timeout=60)
    assert not old.exists() and cache.get("Grizzly Bears", "key") == "a card"


GAME_START = """
import sys
from mtg_tui.cardtext.loader import default_db
from mtg_tui.decks.decklist import card_list
from mtg_tui.decks.library import load_deck
import mtg_tui.ui.app
db = default_db()
for deck in ("Red Burn", "Green Stompy"):
    for name in card_list(load_deck(deck)):
        db.get(name)
print(" ".join(m for m in ("lark", "mtg_tui.cardtext.compiler", "mtg_tui.cardtext.parser") if m in sys.modules))
"""


def test_a_game_whose_cards_are_cached_does_not_load_the_grammar(tmp_path: Path) -> None:
    """The grammar and the compiler are loaded only to compile: with every card of a game in the cache,
    starting it reads none of them (part of what keeps the first frame fast)."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, MTG_TUI_CACHE=str(tmp_path / "cache"), MTG_TUI_DATA=str(tmp_path / "data"))

    def start() -> str:
        done = subprocess.run([sys.executable, "-c", GAME_START], env=env, capture_output=True, text=True,
                              timeout=120, check=True)
        return done.stdout.strip()

    assert start() == "lark mtg_tui.cardtext.compiler mtg_tui.cardtext.parser"   # cold: everything compiled
    assert start() == ""                                                          # warm: read from the cache


def test_checking_in_several_processes_finds_what_one_process_finds(tmp_path: Path, monkeypatch) -> None:
    """`cards check` compiles uncached cards in worker processes: same errors, and the cards land in the cache."""
    from mtg_tui.cardtext.loader import CardDatabase
    folder = tmp_path / "cards"
    folder.mkdir()
    for i in range(6):
        (folder / f"bear{i}.toml").write_text(
            f'name = "Test Bear {i}"\ncost = "{{1}}{{G}}"\ntype = "Creature — Bear"\npower = 2\ntoughness = 2\n'
            f'text = "Trample"\n', encoding="utf-8")
    (folder / "bad.toml").write_text('name = "Test Nonsense"\ncost = "{R}"\ntype = "Instant"\n'
                                     'text = "Frobnicate target creature."\n', encoding="utf-8")
    monkeypatch.setenv("MTG_TUI_CACHE", str(tmp_path / "one"))
    one = CardDatabase(folder, cache=True).check(workers=1)
    monkeypatch.setenv("MTG_TUI_CACHE", str(tmp_path / "two"))
    two = CardDatabase(folder, cache=True).check(workers=2)
    assert [str(e) for e in two] == [str(e) for e in one]
    assert [e.card for e in two] == ["Test Nonsense"] and two[0].phrase
    cached = list((tmp_path / "two" / "compiled").glob("*/*.card"))
    assert len(cached) == 6                      # every card that compiled, written by the workers
