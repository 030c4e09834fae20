"""How much of a corpus of real card texts the card-text grammar compiles.

Run: python bench/grammar_coverage.py [--corpus FILE] [--tag TAG] [--words N] [--top N] [--by-tag] [--list]

Each card of the corpus (bench/corpus/real_cards.toml, an array of ``[[card]]``
tables with the fields of a card file plus ``tags``) is written into a
temporary folder as a card file, read back and compiled. Prints the number of
cards, how many compiled and the percentage; the same for ability paragraphs
taken one at a time; then the failures grouped by the first phrase that
failed, most common first, with counts and two example cards each.

``--tag TAG`` keeps only the cards with that tag; ``--words N`` groups
unreadable phrases by their first N words (default 3); ``--top N`` shows only
the N largest groups; ``--by-tag`` adds coverage per tag; ``--list`` adds
every failing card with its error. Prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtg_tui.cardtext.cardwriter import card_file_text as write_card_file
from mtg_tui.cardtext.loader import ALLOWED_KEYS, CardError, card_from_data, compile_text, parse_type_line, read_card_file
from mtg_tui.cardtext.parser import split_abilities

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE / "corpus" / "real_cards.toml"


@dataclass
class Failure:
    card: str
    key: str          # what the failures are grouped by
    message: str      # the error without the file and card prefix
    paragraph: str    # the ability paragraph that failed, when known


def load_corpus(path: Path) -> list[dict[str, Any]]:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    cards = data.get("card", [])
    if not isinstance(cards, list) or not cards:
        sys.exit(f"no [[card]] tables in {path}")
    return cards


def card_file_text(card: dict[str, Any]) -> str:
    """The card as a card file: its card-file fields only (``tags`` is the corpus's own)."""
    return write_card_file({k: v for k, v in card.items() if k != "tags"})


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card"


def bare_message(err: CardError) -> str:
    return err.message


def _norm_words(phrase: str, words: int) -> str:
    s = phrase.strip().lower()
    s = re.sub(r"\{[^}]*\}", "{M}", s)                 # mana and tap symbols
    s = re.sub(r"[+-]?\d+/[+-]?\d+", "N/N", s)          # power/toughness
    s = re.sub(r"\b\d+\b", "N", s)
    s = s.rstrip(".,;:")
    return " ".join(s.split()[:words])


def failing_paragraph(text: str, message: str) -> str:
    for para in split_abilities(text):
        if repr(para) in message:
            return para
    return ""


def group_key(phrase: str, message: str, words: int) -> str:
    """What failures are grouped by: the first words of an unreadable phrase, or the compiler's message."""
    inner = message
    m = re.match(r"can't compile (?:'.*?'|\".*?\"): (.*)$", message, re.S)
    if m:
        inner = m.group(1)
    if inner.startswith("can't read "):
        return f"can't read: {_norm_words(phrase or inner, words)}"
    # a compiler or loader message: it names what isn't supported
    inner = re.sub(r"\s+", " ", inner).strip()
    return inner if len(inner) <= 110 else inner[:107] + "..."


def compile_card(card: dict[str, Any], folder: Path, words: int, index: int) -> Failure | None:
    name = str(card.get("name", f"card {index}"))
    path = folder / f"{index:04d}-{slug(name)}.toml"
    path.write_text(card_file_text(card), encoding="utf-8")
    text = str(card.get("text", "") or "")
    try:
        card_from_data(read_card_file(path), path.name)
    except CardError as e:
        msg = bare_message(e)
        return Failure(name, group_key(e.phrase, msg, words), msg, failing_paragraph(text, msg))
    except Exception as e:   # a crash in the compiler is a failure to report, not the end of the run
        msg = f"internal error: {type(e).__name__}: {e}"
        return Failure(name, f"internal error: {type(e).__name__}", msg, "")
    return None


def paragraph_counts(card: dict[str, Any]) -> tuple[int, int]:
    """(paragraphs, paragraphs that compile on their own) for one card."""
    name = str(card.get("name", ""))
    text = str(card.get("text", "") or "").strip()
    paras = split_abilities(text)
    if not paras:
        return 0, 0
    try:
        supers, types, subs = parse_type_line(str(card.get("type", "")), "", name)
    except CardError:
        return len(paras), 0
    ok = 0
    for para in paras:
        try:
            compile_text(name, para, supers, types, subs)
            ok += 1
        except CardError:
            pass
        except Exception:
            pass
    return len(paras), ok


def pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:.1f}%" if b else "n/a"


def main() -> None:
    ap = argparse.ArgumentParser(description="Coverage of the card-text grammar on a corpus of real cards.")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus file (default: %(default)s)")
    ap.add_argument("--tag", action="append", default=[], help="only cards with this tag (repeatable: all must match)")
    ap.add_argument("--words", type=int, default=3, help="group unreadable phrases by their first N words")
    ap.add_argument("--top", type=int, default=0, help="show only the N largest failure groups")
    ap.add_argument("--by-tag", action="store_true", help="coverage per tag")
    ap.add_argument("--list", action="store_true", help="every failing card with its error")
    args = ap.parse_args()

    cards = load_corpus(args.corpus)
    for t in args.tag:
        cards = [c for c in cards if t in c.get("tags", [])]
    if not cards:
        sys.exit("no cards with tag " + ", ".join(repr(t) for t in args.tag))
    unknown = {k for c in cards for k in c} - ALLOWED_KEYS - {"tags"}
    if unknown:
        print("note: fields not in card files, passed on as they are: " + ", ".join(sorted(unknown)))

    failures: list[Failure] = []
    failed_names: set[str] = set()
    paras = paras_ok = 0
    with tempfile.TemporaryDirectory(prefix="grammar-coverage-") as tmp:
        folder = Path(tmp)
        for i, card in enumerate(cards):
            f = compile_card(card, folder, args.words, i)
            if f is not None:
                failures.append(f)
                failed_names.add(f.card)
            n, ok = paragraph_counts(card)
            paras += n
            paras_ok += ok

    total = len(cards)
    compiled = total - len(failures)
    scope = f" (tag: {', '.join(args.tag)})" if args.tag else ""
    print(f"corpus: {args.corpus.name}{scope}")
    print(f"cards: {total}  compiled: {compiled}  failed: {len(failures)}  coverage: {pct(compiled, total)}")
    print(f"ability paragraphs: {paras}  compiled on their own: {paras_ok}  coverage: {pct(paras_ok, paras)}")

    if args.by_tag:
        per_tag: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for c in cards:
            for t in c.get("tags", []):
                per_tag[t][0] += 1
                if str(c.get("name")) not in failed_names:
                    per_tag[t][1] += 1
        print()
        print(f"{'tag':<24}{'cards':>7}{'compiled':>10}{'coverage':>10}")
        for t, (n, ok) in sorted(per_tag.items(), key=lambda kv: (kv[1][1] / kv[1][0], -kv[1][0], kv[0])):
            print(f"{t:<24}{n:>7}{ok:>10}{pct(ok, n):>10}")

    if failures:
        groups: dict[str, list[Failure]] = defaultdict(list)
        for f in failures:
            groups[f.key].append(f)
        counts = Counter({k: len(v) for k, v in groups.items()})
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        if args.top:
            ranked = ranked[:args.top]
        print()
        print(f"failure groups: {len(groups)} (first failing phrase of each card, most common first)")
        for rank, (key, n) in enumerate(ranked, 1):
            print(f"{rank:>3}. {n:>3}  {key}")
            for f in groups[key][:2]:
                where = f" | {f.paragraph}" if f.paragraph else ""
                print(f"            {f.card}{where}")

    if args.list and failures:
        print()
        print("failing cards:")
        for f in sorted(failures, key=lambda f: f.card):
            print(f"  {f.card}: {f.message}")


if __name__ == "__main__":
    main()
