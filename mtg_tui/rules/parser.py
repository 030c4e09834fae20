"""Parse a plain-text Comprehensive Rules file into rules and glossary entries.

Copes with the layouts the official text file has used over the years:
a table of contents that repeats the headers, subrule letters with or
without a trailing dot (``100.1a.`` / ``100.1a``), ``Example:`` lines of
their own, Windows line endings, a byte-order mark, and a glossary written
either as ``Term`` / definition paragraphs or as ``Term: definition`` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .numbering import NUMBER_RE, sort_key

RULE_LINE_RE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?|\d)\.?\s+(\S.*)$")
INLINE_TERM_RE = re.compile(r"^([^:\s][^:]{0,79}):\s+(\S.*)$")
REFERENCE_RE = re.compile(r"\b(\d{3}(?:\.\d+[a-z]?)?)\b")
SECTION_REFERENCE_RE = re.compile(r"\bsection (\d)\b")
TITLE_MAX_LENGTH = 60


class RulesParseError(ValueError):
    """The text is not a Comprehensive Rules document we can read."""


@dataclass
class ParsedRules:
    """The numbered rules (in document order) and the glossary of a CR text."""

    rules: dict[str, str] = field(default_factory=dict)
    glossary: dict[str, str] = field(default_factory=dict)

    def numbers(self) -> list[str]:
        """Every rule number, parents included, in document order."""
        return sorted(self.rules, key=sort_key)


def decode(raw: bytes) -> str:
    """Decode file bytes, dropping a BOM; fall back to cp1252 for old files."""
    if b"\x00" in raw:
        raise RulesParseError("this is a binary file, not a plain-text rules file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def is_title(text: str) -> bool:
    """True if the text after a rule number is a short heading, not a sentence."""
    text = text.strip()
    return (
        0 < len(text) <= TITLE_MAX_LENGTH
        and text[0].isupper()
        and not text.endswith((".", ":", ";", "?", "!", '"', "\u201d", ")"))
        and ". " not in text
    )


def _clean(line: str) -> str:
    return line.replace("\ufeff", "").replace("\u00a0", " ").strip()


def _split_glossary_start(lines: list[str]) -> int | None:
    """Index of the line that opens the glossary body, if there is one."""
    for index in range(len(lines) - 1, -1, -1):
        if lines[index] == "Glossary":
            return index
    return None


def _parse_rule_lines(lines: list[str], result: ParsedRules) -> None:
    current: str | None = None
    for line in lines:
        if not line:
            continue
        match = RULE_LINE_RE.match(line)
        if match and NUMBER_RE.match(match.group(1)):
            current = match.group(1)
            # A later occurrence (the body after the table of contents) wins.
            result.rules[current] = match.group(2).strip()
        elif current is not None:
            result.rules[current] = f"{result.rules[current]}\n{line}"


def _glossary_paragraphs(lines: list[str]) -> list[list[str]]:
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line == "Credits":
            break
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return [paragraph for paragraph in paragraphs if paragraph]


def _parse_glossary(lines: list[str], result: ParsedRules) -> None:
    for paragraph in _glossary_paragraphs(lines):
        if INLINE_TERM_RE.match(paragraph[0]):
            last: str | None = None
            for line in paragraph:
                match = INLINE_TERM_RE.match(line)
                if match:
                    last = match.group(1).strip()
                    result.glossary[last] = match.group(2).strip()
                elif last is not None:
                    result.glossary[last] += "\n" + line
        elif len(paragraph) > 1:
            result.glossary[paragraph[0]] = "\n".join(paragraph[1:])


def parse_text(text: str) -> ParsedRules:
    """Parse the full text of a rules file."""
    lines = [_clean(line) for line in text.splitlines()]
    result = ParsedRules()
    glossary_at = _split_glossary_start(lines)
    body = lines if glossary_at is None else lines[:glossary_at]
    _parse_rule_lines(body, result)
    if glossary_at is not None:
        _parse_glossary(lines[glossary_at + 1 :], result)
    return result


def glossary_references(definition: str, known: set[str] | None = None) -> list[str]:
    """Rule numbers a glossary definition points to (``See rule 702.19``)."""
    found: list[str] = []
    for match in SECTION_REFERENCE_RE.finditer(definition):
        found.append(match.group(1))
    for match in REFERENCE_RE.finditer(definition):
        found.append(match.group(1))
    ordered: list[str] = []
    for number in found:
        if number not in ordered and (known is None or number in known):
            ordered.append(number)
    return ordered


def glossary_see_also(definition: str) -> str | None:
    """For a pure cross-reference (``See Active Player.``) the term it names."""
    match = re.fullmatch(r"See ([^.]+?)\.?", definition.strip())
    if match and not re.search(r"\d", match.group(1)):
        return match.group(1).strip()
    return None
