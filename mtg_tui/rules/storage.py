"""Where an imported copy of the official rules is kept in the user's data folder."""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from pathlib import Path

from ..paths import DATA_ENV, user_data_dir  # noqa: F401  (re-exported)

STORE_NAME = "rules.json"
STORE_FORMAT = "mtg-tui-rules/1"


@dataclass(frozen=True)
class ImportedRules:
    """The official rules text a user imported."""

    rules: dict[str, str]
    glossary: dict[str, str]
    source: str
    imported_at: str


def store_path() -> Path:
    """The file an import writes and lookups read."""
    return user_data_dir() / STORE_NAME


def save(imported: ImportedRules, path: Path | None = None) -> Path:
    """Write ``imported`` as JSON (atomically) and return the file's path."""
    target = path or store_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "format": STORE_FORMAT,
        "source": imported.source,
        "imported_at": imported.imported_at,
        "rules": imported.rules,
        "glossary": imported.glossary,
    }
    partial = target.with_name(target.name + ".tmp")
    partial.write_text(
        json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    partial.replace(target)
    return target


def load(path: Path | None = None) -> ImportedRules | None:
    """Read the imported rules, or ``None`` if nothing (usable) was imported."""
    source = path or store_path()
    if not source.is_file():
        return None
    try:
        payload = json.loads(source.read_text(encoding="utf-8"))
        if payload.get("format") != STORE_FORMAT:
            raise ValueError("unknown format")
        return ImportedRules(
            rules={str(k): str(v) for k, v in payload["rules"].items()},
            glossary={str(k): str(v) for k, v in payload.get("glossary", {}).items()},
            source=str(payload.get("source", "")),
            imported_at=str(payload.get("imported_at", "")),
        )
    except (OSError, ValueError, KeyError, AttributeError, TypeError) as error:
        warnings.warn(
            f"ignoring unreadable imported rules at {source}: {error}; run 'mtg-tui rules import PATH' again"
        )
        return None
