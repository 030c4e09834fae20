"""How much of each shipped set the engine plays: compile figures per set, and the cards left out.

Run: python bench/set_coverage.py [--set CODE] [--words N] [--top N] [--examples N] [--readme]

Imports the project's copy of the MTGJSON files (mtgjson/*.json) into a
temporary folder, as ``mtg-tui cards import`` does, and counts per set the
distinct cards other than basic lands (a split or double-faced card counts
once): how many the engine plays (written), how many don't compile, and how
many have a layout the engine doesn't play yet. Then the cards left out
because their text doesn't compile, grouped by the phrase that fails (its
first N words; or the compiler's message), most common first, with every
card of each group: the list to extend the grammar from. Last, the cards of
layouts not supported yet, and whether their text compiles. Prints figures;
it is not a test. With --readme it also writes the figures into the README's
table row for them (after regenerating cards/sets, so the two agree).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import textwrap
from collections import defaultdict
from pathlib import Path

from grammar_coverage import group_key, pct

from mtg_tui.cardtext.importer import LAYOUT, NOT_COMPILED, WRITTEN, Outcome, import_sets

ROOT = Path(__file__).resolve().parent.parent
MTGJSON = ROOT / "mtgjson"
README = ROOT / "README.md"
README_ORDER = ("DOM", "GRN", "RNA", "XLN", "RIX")     # the order the README has always given them in
README_ROW = re.compile(r"^(\| cards of the five shipped sets the engine plays[^|]*\| )(.*?)( \|)$", re.MULTILINE)


def readme_figures(rows: list[tuple[str, int, int]], failed: int, layout: int) -> str:
    """The README's wording of the figures: per set, then all sets, from (code, cards, played) rows."""
    def share(played: int, cards: int) -> str:
        return f"{played:,}/{cards:,} = {100 * played / cards:.1f}%"
    order = {code: i for i, code in enumerate(README_ORDER)}
    rows = sorted(rows, key=lambda r: (order.get(r[0], len(order)), r[0]))
    per_set = ", ".join(f"{code} {share(played, cards)}" for code, cards, played in rows)
    total, played = sum(r[1] for r in rows), sum(r[2] for r in rows)
    layouts = ("every layout of the five sets is played" if not layout
               else f"{layout} have a layout not played yet")
    return f"{per_set}; all {share(played, total)} ({failed} don't compile; {layouts})"


def write_readme(figures: str) -> None:
    text = README.read_text(encoding="utf-8")
    if not README_ROW.search(text):
        sys.exit("the README has no row for the set figures ('| cards of the five shipped sets ...')")
    README.write_text(README_ROW.sub(lambda m: m[1] + figures + m[3], text, count=1), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description="Compile figures of the shipped sets and the cards left out.")
    ap.add_argument("--set", dest="sets", action="append", default=[], help="only this set (repeatable)")
    ap.add_argument("--words", type=int, default=3, help="group unreadable phrases by their first N words")
    ap.add_argument("--top", type=int, default=0, help="show only the N largest groups of cards left out")
    ap.add_argument("--examples", type=int, default=0, help="name at most N cards a group (default: all)")
    ap.add_argument("--readme", action="store_true", help="write the figures into the README (all sets only)")
    args = ap.parse_args()
    if args.readme and args.sets:
        sys.exit("--readme writes the figures of all five sets: leave out --set")

    files = sorted(MTGJSON.glob("*.json"))
    if args.sets:
        wanted = {s.upper() for s in args.sets}
        files = [f for f in files if f.stem.upper() in wanted]
        if not files:
            sys.exit(f"no set file for {', '.join(sorted(wanted))} in mtgjson/")
    with tempfile.TemporaryDirectory(prefix="set-coverage-") as tmp:
        reports = import_sets(files, Path(tmp))

    print("Cards the engine plays, per set (distinct cards other than basic lands; several faces count once)")
    print()
    print(f"{'set':<5}{'name':<22}{'cards':>7}{'played':>8}{'%':>8}{'not compiled':>14}{'layout':>8}")
    total = played = failed = layout = 0
    rows: list[tuple[str, int, int]] = []
    left_out: list[tuple[str, Outcome]] = []
    for r in reports:
        cards = [o for o in r.outcomes if not o.basic]
        n_played = sum(o.status == WRITTEN for o in cards)
        n_failed = sum(o.status == NOT_COMPILED for o in cards)
        n_layout = sum(o.status == LAYOUT for o in cards)
        print(f"{r.code:<5}{r.name[:21]:<22}{len(cards):>7}{n_played:>8}{pct(n_played, len(cards)):>8}"
              f"{n_failed:>14}{n_layout:>8}")
        total, played, failed, layout = total + len(cards), played + n_played, failed + n_failed, layout + n_layout
        rows.append((r.code, len(cards), n_played))
        left_out.extend((r.code, o) for o in cards if o.status != WRITTEN)
    print(f"{'all':<27}{total:>7}{played:>8}{pct(played, total):>8}{failed:>14}{layout:>8}")
    if args.readme:
        write_readme(readme_figures(rows, failed, layout))
        print(f"(figures written into {README.name})")

    groups: dict[str, list[str]] = defaultdict(list)
    for code, o in left_out:
        if o.status == NOT_COMPILED:
            groups[group_key(o.phrase, o.message, args.words)].append(f"{o.name} ({code})")
    ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    if args.top:
        ranked = ranked[:args.top]
    print()
    print(f"Cards whose text doesn't compile, by the phrase that fails ({len(groups)} groups, most common first):")
    for i, (key, names) in enumerate(ranked, 1):
        shown = names[:args.examples] if args.examples else names
        more = f", and {len(names) - len(shown)} more" if len(shown) < len(names) else ""
        print(f"{i:>4}. {len(names):>3}  {key}")
        print(textwrap.fill(", ".join(shown) + more, width=110, initial_indent=" " * 11, subsequent_indent=" " * 11))

    by_layout: dict[str, list[tuple[str, Outcome]]] = defaultdict(list)
    for code, o in left_out:
        if o.status == LAYOUT:
            by_layout[o.layout].append((code, o))
    if by_layout:
        print()
        print("Cards of layouts the engine doesn't play yet (engine/layouts.py); a phrase where the text doesn't "
              "compile either:")
        for name, cards in sorted(by_layout.items()):
            compiles = sum(1 for _, o in cards if o.compiles)
            print(f"  {name}: {len(cards)} cards, {compiles} of them with text that compiles")
            for code, o in cards:
                note = "" if o.compiles else f": {o.phrase or o.compile_error or o.message}"
                print(f"      {o.name} ({code}){note}")


if __name__ == "__main__":
    main()
