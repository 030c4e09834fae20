"""docs/decisions.md describes every kind of decision the engine asks, and only those."""

from __future__ import annotations

import re
from pathlib import Path

import mtg_tui.engine as engine
from mtg_tui.engine.decisions import decision_types

DOC = Path(__file__).resolve().parent.parent / "docs" / "decisions.md"


def documented() -> dict[str, tuple[str, str]]:
    """Type name -> (kind, subkind), from the rows of the doc's table."""
    out: dict[str, tuple[str, str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2:
            continue
        words = re.findall(r"`([^`]+)`", cells[0])
        name = re.fullmatch(r"`(\w+)`", cells[1])
        if not words or name is None:
            continue
        out[name.group(1)] = (words[0], words[1] if len(words) > 1 else "")
    return out


def test_every_decision_type_is_in_the_doc_with_its_kind_and_subkind() -> None:
    doc = documented()
    for t in decision_types():
        assert t.__name__ in doc, f"docs/decisions.md doesn't describe {t.__name__}"
        assert doc[t.__name__] == (t.kind, t.subkind), f"docs/decisions.md names {t.__name__} wrongly"


def test_the_doc_describes_no_type_that_does_not_exist() -> None:
    names = {t.__name__ for t in decision_types()}
    assert set(documented()) - names == set()


def test_kind_and_subkind_name_one_type_each() -> None:
    pairs = [(t.kind, t.subkind) for t in decision_types()]
    assert len(pairs) == len(set(pairs))


def test_the_engine_exports_every_decision_type() -> None:
    for t in decision_types():
        assert getattr(engine, t.__name__) is t and t.__name__ in engine.__all__
