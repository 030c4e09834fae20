"""How much of a corpus of real cards the computer understands once the cards compile.

Run: python bench/ai_knowledge.py [--corpus FILE] [--list]

Compiles each card of the corpus (bench/corpus/real_cards.toml, as
grammar_coverage.py does) and reads its compiled abilities the way the
computer does (mtg_tui/ai/knowledge.py). Prints how many compiled cards are
read with nothing unknown, the compiled pieces the computer's table has no
entry for (most common first), and how the target words divide into
harmful, helpful and neutral. ``--list`` adds every target word with its
judgement. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from grammar_coverage import DEFAULT_CORPUS, card_file_text, load_corpus  # noqa: E402

from mtg_tui.ai.judgement import effect_polarity  # noqa: E402
from mtg_tui.ai.knowledge import read_card  # noqa: E402
from mtg_tui.cardtext.loader import CardError, card_from_data, read_card_file  # noqa: E402
from mtg_tui.engine.abilities import Effect  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--list", action="store_true", help="every target word and its judgement")
    args = ap.parse_args()
    cards = load_corpus(args.corpus)
    compiled = understood = 0
    unknown: Counter[str] = Counter()
    polarities: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i, card in enumerate(cards):
            path = Path(tmp) / f"{i:04d}.toml"
            path.write_text(card_file_text(card), encoding="utf-8")
            try:
                cd = card_from_data(read_card_file(path), path.name)
            except CardError:
                continue
            compiled += 1
            missing = read_card(cd.abilities).unknown
            understood += not missing
            unknown.update(missing)
            words = [(getattr(a, "effect", None), k) for a in cd.abilities
                     for k in range(len(getattr(getattr(a, "effect", None), "targets", ())))]
            if "Aura" in cd.subtypes:
                words.append((Effect(), 0))
            for effect, k in words:
                pol = effect_polarity(effect, k, cd.abilities)
                polarities[pol] += 1
                if args.list:
                    print(f"  {pol:8s} {cd.name}, target word {k + 1}")
    print(f"{len(cards)} cards, {compiled} compile, {understood} read with nothing unknown "
          f"({100 * understood / max(1, compiled):.1f}%)")
    for piece, n in unknown.most_common():
        print(f"  no entry: {piece} ({n} cards)")
    print("target words: " + ", ".join(f"{polarities[p]} {p}" for p in ("harmful", "helpful", "neutral")))


if __name__ == "__main__":
    main()
