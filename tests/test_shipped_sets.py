"""The five sets the game ships: the project's copy of their MTGJSON files, and cards/sets made from it."""

from __future__ import annotations

from pathlib import Path

from mtg_tui.cardtext.importer import import_sets
from mtg_tui.cardtext.left_out import LEFT_OUT
from mtg_tui.cardtext.loader import CardDatabase
from mtg_tui.cardtext.mtgjson import read_set
from mtg_tui.cardtext.pool import card_files
from mtg_tui.paths import cards_dir

ROOT = Path(__file__).resolve().parent.parent
MTGJSON = ROOT / "mtgjson"
SETS = cards_dir() / "sets"
REGENERATE = "mtg-tui cards import mtgjson/*.json --out cards/sets --fresh"


def test_the_shipped_set_cards_are_what_the_importer_makes_of_the_sets(tmp_path: Path) -> None:
    import_sets(sorted(MTGJSON.glob("*.json")), tmp_path)
    made = {p.relative_to(tmp_path).as_posix(): p.read_text(encoding="utf-8") for p in card_files(tmp_path)}
    shipped = {p.relative_to(SETS).as_posix(): p.read_text(encoding="utf-8") for p in card_files(SETS)}
    missing, extra = sorted(set(made) - set(shipped)), sorted(set(shipped) - set(made))
    changed = sorted(n for n in set(made) & set(shipped) if made[n] != shipped[n])
    assert not (missing or extra or changed), (
        f"cards/sets is not what the importer makes of mtgjson/ (regenerate it: {REGENERATE}); "
        f"new: {missing[:5]}, gone: {extra[:5]}, changed: {changed[:5]}")
    # and the record of the cards it left out, which decklists and `cards show` read
    assert (tmp_path / LEFT_OUT).read_text(encoding="utf-8") == (SETS / LEFT_OUT).read_text(encoding="utf-8"), \
        f"cards/sets/{LEFT_OUT} is not what the importer makes of mtgjson/ (regenerate it: {REGENERATE})"


def test_the_sets_are_read_as_their_publisher_counts_them() -> None:
    # Distinct cards other than basic lands, a card with several faces once, and the other layouts: as the
    # data's own description gives them.
    expected = {"DOM": (260, 14), "GRN": (263, 10), "RNA": (263, 10), "XLN": (269, 10), "RIX": (200, 7)}
    found = {}
    for code in expected:
        s = read_set(MTGJSON / f"{code}.json")
        found[code] = (len({c.name for c in s.cards if not c.basic}), sum(c.layout != "normal" for c in s.cards))
    assert found == expected


def test_a_core_card_printed_in_the_sets_is_one_card_with_its_printings(db: CardDatabase) -> None:
    assert db.names().count("Opt") == 1
    assert [(p.set, p.number) for p in db.printings("Opt")] == [("DOM", "60"), ("XLN", "65")]
    assert db.file_of("Opt") == str(cards_dir() / "opt.toml")   # the hand-written card is the card
    assert db.fields("Opt")["text"] == "Scry 1.\nDraw a card."
    assert {p.set for p in db.printings("Colossal Dreadmaw")} == {"XLN", "RIX"}
    assert {p.set for p in db.printings("Forest")} == {"DOM", "GRN", "RNA", "XLN", "RIX"}


def test_the_readme_gives_the_shipped_share_of_each_set(db: CardDatabase) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for code in ("DOM", "GRN", "RNA", "XLN", "RIX"):
        s = read_set(MTGJSON / f"{code}.json")
        total = len({c.name for c in s.cards if not c.basic})
        shipped = sum(1 for name in db.names()
                      if any(p.set == code for p in db.printings(name)) and "Basic" not in db.summary(name)["type"])
        figure = f"{code} {shipped}/{total} = {100 * shipped / total:.1f}%"
        assert figure in readme, f"the README should say {figure!r} (python bench/set_coverage.py)"
