"""How much of each shipped set the engine plays: compile figures per set, and the cards left out.

Run: python bench/set_coverage.py [--set CODE] [--words N] [--top N] [--examples N]

Imports the project's copy of the MTGJSON files (mtgjson/*.json) into a
temporary folder, as ``mtg-tui cards import`` does, and counts per set the
distinct cards other than basic lands (a split or double-faced card counts
once): how many the engine plays (written), how many don't compile, and how
many have a layout the engine doesn't play yet. Then the cards left out
because their text doesn't compile, grouped by the phrase that fails (its
first N words; or the compiler's message), most common first, with every
card of each group: the list to extend the grammar from. Last, the cards of
layouts not supported yet, and whether their text compiles. Prints figures;
it is not a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import textwrap
from collections import defaultdict
from pathlib import Path

from grammar_coverage import group_key, pct

from mtg_tui.cardtext.importer import LAYOUT, NOT_COMPILED, WRITTEN, Outcome, import_sets

ROOT = Path(__file__).resolve().parent.parent
MTGJSON = ROOT / "mtgjson"


def main() -> None:
    ap = argparse.ArgumentParser(description="Compile figures of the shipped sets and the cards left out.")
    ap.add_argument("--set", dest="sets", action="append", default=[], help="only this set (repeatable)")
    ap.add_argument("--words", type=int, default=3, help="group unreadable phrases by their first N words")
    ap.add_argument("--top", type=int, default=0, help="show only the N largest groups of cards left out")
    ap.add_argument("--examples", type=int, default=0, help="name at most N cards a group (default: all)")
    args = ap.parse_args()

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
    left_out: list[tuple[str, Outcome]] = []
    for r in reports:
        cards = [o for o in r.outcomes if not o.basic]
        n_played = sum(o.status == WRITTEN for o in cards)
        n_failed = sum(o.status == NOT_COMPILED for o in cards)
        n_layout = sum(o.status == LAYOUT for o in cards)
        print(f"{r.code:<5}{r.name[:21]:<22}{len(cards):>7}{n_played:>8}{pct(n_played, len(cards)):>8}"
              f"{n_failed:>14}{n_layout:>8}")
        total, played, failed, layout = total + len(cards), played + n_played, failed + n_failed, layout + n_layout
        left_out.extend((r.code, o) for o in cards if o.status != WRITTEN)
    print(f"{'all':<27}{total:>7}{played:>8}{pct(played, total):>8}{failed:>14}{layout:>8}")

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
