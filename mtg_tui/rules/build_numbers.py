"""Regenerate the shipped rule-number data from an official rules text file.

Usage: ``python -m mtg_tui.rules.build_numbers PATH [OUTPUT_DIR]``

Only rule numbers, the short titles of headings (``509. Declare Blockers
Step``, ``702.19. Trample``) and glossary terms with the rule numbers they
point to are written. No sentence of the rules text is ever stored.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .numbering import ancestors, sort_key
from .parser import (
    ParsedRules,
    decode,
    glossary_references,
    glossary_see_also,
    is_title,
    parse_text,
)

DATA_DIR = Path(__file__).resolve().parent / "data"
NUMBERS_FILE = "numbers.txt"
GLOSSARY_FILE = "glossary.txt"

SECTION_TITLES = {
    "1": "Game Concepts",
    "2": "Parts of a Card",
    "3": "Card Types",
    "4": "Zones",
    "5": "Turn Structure",
    "6": "Spells, Abilities, and Effects",
    "7": "Additional Rules",
    "8": "Multiplayer Rules",
    "9": "Casual Variants",
}
"""Section headings, used only when a file leaves a heading out."""

NUMBERS_HEADER = """\
# Rule numbers of the Magic: The Gathering Comprehensive Rules.
# One number a line; headings (sections, rules like 702.19) add a tab and their short title.
# Regenerate with: python -m mtg_tui.rules.build_numbers PATH-TO-RULES.txt
"""

GLOSSARY_HEADER = """\
# Glossary terms of the Comprehensive Rules and the rule numbers each one points to.
# One term a line: the term, a tab, comma-separated rule numbers.
# Regenerate with: python -m mtg_tui.rules.build_numbers PATH-TO-RULES.txt
"""


def number_titles(parsed: ParsedRules) -> dict[str, str | None]:
    """Every rule number (implied parents included) mapped to its title or None."""
    titles: dict[str, str | None] = {}
    for number, text in parsed.rules.items():
        first_line = text.split("\n", 1)[0]
        titles[number] = first_line.strip() if is_title(first_line) else None
    for number in list(titles):
        for above in ancestors(number):
            titles.setdefault(above, None)
    for number, title in titles.items():
        if title is None and number in SECTION_TITLES:
            titles[number] = SECTION_TITLES[number]
        elif title is None and len(number) == 3 and number.endswith("00"):
            titles[number] = "General"
    return dict(sorted(titles.items(), key=lambda item: sort_key(item[0])))


def glossary_numbers(parsed: ParsedRules, known: set[str]) -> dict[str, list[str]]:
    """Each glossary term mapped to the rule numbers its entry points to."""
    direct = {
        term: glossary_references(text, known) for term, text in parsed.glossary.items()
    }
    lowered = {term.lower(): term for term in direct}
    resolved: dict[str, list[str]] = {}
    for term, text in parsed.glossary.items():
        numbers = direct[term]
        target = glossary_see_also(text)
        if not numbers and target is not None:
            numbers = direct.get(lowered.get(target.lower(), ""), [])
        if numbers:
            resolved[term] = numbers
    return resolved


def write_data(parsed: ParsedRules, output_dir: Path) -> tuple[Path, Path]:
    """Write ``numbers.txt`` and ``glossary.txt`` into ``output_dir``."""
    output_dir.mkdir(parents=True, exist_ok=True)
    titles = number_titles(parsed)
    lines = [
        number if title is None else f"{number}\t{title}"
        for number, title in titles.items()
    ]
    numbers_path = output_dir / NUMBERS_FILE
    numbers_path.write_text(NUMBERS_HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    glossary = glossary_numbers(parsed, set(titles))
    glossary_lines = [
        f"{term}\t{','.join(numbers)}"
        for term, numbers in sorted(glossary.items(), key=lambda i: i[0].lower())
    ]
    glossary_path = output_dir / GLOSSARY_FILE
    glossary_path.write_text(
        GLOSSARY_HEADER + "\n".join(glossary_lines) + "\n", encoding="utf-8"
    )
    return numbers_path, glossary_path


def main(path: str | Path, output_dir: str | Path | None = None) -> tuple[Path, Path]:
    """Read the rules file at ``path`` and rewrite the shipped number data."""
    parsed = parse_text(decode(Path(path).read_bytes()))
    if len(parsed.rules) < 100:
        raise SystemExit(
            f"{path}: found only {len(parsed.rules)} numbered rules; is this the rules text file?"
        )
    written = write_data(parsed, Path(output_dir) if output_dir else DATA_DIR)
    for file in written:
        print(f"wrote {file}")
    return written


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) not in (2, 3):
        raise SystemExit(
            "usage: python -m mtg_tui.rules.build_numbers PATH [OUTPUT_DIR]"
        )
    main(*sys.argv[1:])
