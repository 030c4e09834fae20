"""Import an official Comprehensive Rules text file into the user's data folder."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from . import storage
from .numbering import NUMBER_RE
from .parser import ParsedRules, RulesParseError, decode, parse_text

MIN_RULES = 3
"""Fewest numbered subrules (like ``100.1``) a file needs to count as a rules file."""


class RulesImportError(ValueError):
    """The file could not be imported; the message says why."""


def read_rules_file(path: Path) -> ParsedRules:
    """Read and parse ``path``, raising :class:`RulesImportError` on bad input."""
    if not path.exists():
        raise RulesImportError(f"{path}: no such file")
    if path.is_dir():
        raise RulesImportError(f"{path}: is a folder, not a rules text file")
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise RulesImportError(
            f"{path}: cannot read the file ({error.strerror or error})"
        ) from error
    if not raw.strip():
        raise RulesImportError(f"{path}: the file is empty")
    try:
        parsed = parse_text(decode(raw))
    except RulesParseError as error:
        raise RulesImportError(f"{path}: {error}") from error
    subrules = [n for n in parsed.rules if "." in n and NUMBER_RE.match(n)]
    if len(subrules) < MIN_RULES:
        raise RulesImportError(
            f"{path}: this doesn't look like the Comprehensive Rules "
            f"(expected numbered lines such as '100.1. ...', found {len(subrules)})"
        )
    return parsed


def import_official(path: str | Path, destination: Path | None = None) -> Path:
    """Parse an official rules text file and store it for lookups; return where it went.

    The copy goes to ``$MTG_TUI_DATA`` (or ``$XDG_DATA_HOME/mtg-tui``, or
    ``~/.local/share/mtg-tui``) as ``rules.json``. After importing,
    :meth:`RulesIndex.lookup` also returns the official wording.
    """
    source = Path(path).expanduser()
    parsed = read_rules_file(source)
    imported = storage.ImportedRules(
        rules={number: parsed.rules[number] for number in parsed.numbers()},
        glossary=parsed.glossary,
        source=source.name,
        imported_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    try:
        written = storage.save(imported, destination)
    except OSError as error:
        raise RulesImportError(f"cannot write the imported rules: {error}") from error
    from .index import default_index

    default_index.cache_clear()
    return written
