"""Every rule number the project cites exists in the rules index.

Checked: the numbers the engine's game log cites and the numbers its
refusal messages quote (string literals under mtg_tui/), the `rules`,
`cite` and `expect.cited` lists of every scenario and walkthrough file,
and docs/log-citations.md.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from mtg_tui.rules.index import default_index

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mtg_tui"

DOTTED = re.compile(r"^\d{3}\.\d+[a-z]?$")             # "704.5g", "601.2"
BARE = re.compile(r"^\d{3}$")                          # "704", only where it sits among cites
QUOTED = re.compile(r"\(([^()]*)\)")                   # "... (305.1)", "(307.1, 117.1a)"
NUMBER = re.compile(r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.add(id(body[0].value))
    return out


def source_citations(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Rule numbers in string literals of the package: number -> where.

    Taken: a string that is a dotted rule number ("704.5g"); a bare section
    number ("704") only inside a tuple or list of rule numbers; and numbers
    a message quotes in parentheses ("(305.1)", "(307.1, 117.1a)").
    Docstrings and comments are prose, not citations, and are left out.
    """
    found: dict[str, set[str]] = {}

    def add(number: str, path: Path, line: int) -> None:
        found.setdefault(number, set()).add(f"{path.relative_to(package.parent)}:{line}")

    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        docs = _docstrings(tree)
        in_sequence: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                consts = [e for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if consts and all(DOTTED.match(e.value) or BARE.match(e.value) for e in consts):
                    in_sequence.update(id(e) for e in consts)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docs:
                continue
            text = node.value
            if DOTTED.match(text) or (BARE.match(text) and id(node) in in_sequence):
                add(text, path, node.lineno)
                continue
            for group in QUOTED.findall(text):
                parts = [p.strip() for p in group.split(",")]
                if parts and all(DOTTED.match(p) or BARE.match(p) for p in parts):
                    for p in parts:
                        add(p, path, node.lineno)
    return found


def scenario_files() -> list[Path]:
    folders = [ROOT / "tests" / "scenarios", ROOT / "tests" / "walkthroughs_pending", PACKAGE / "walkthroughs"]
    return sorted(p for folder in folders if folder.is_dir() for p in folder.rglob("*.toml"))


def scenario_citations() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in scenario_files():
        with open(path, "rb") as f:
            data = tomllib.load(f)
        where = str(path.relative_to(ROOT))
        numbers = list(data.get("rules", []))
        for step in data.get("step", []):
            cite = step.get("cite", [])
            numbers += [cite] if isinstance(cite, str) else list(cite)
            cited = step.get("expect", {}).get("cited", [])
            numbers += [cited] if isinstance(cited, str) else list(cited)
        for n in numbers:
            found.setdefault(str(n), set()).add(where)
    return found


def doc_citations() -> dict[str, set[str]]:
    path = ROOT / "docs" / "log-citations.md"
    found: dict[str, set[str]] = {}
    for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for n in NUMBER.findall(line):
            found.setdefault(n, set()).add(f"docs/log-citations.md:{line_no}")
    return found


def _unknown(found: dict[str, set[str]]) -> dict[str, list[str]]:
    index = default_index()
    return {n: sorted(w) for n, w in sorted(found.items()) if not index.exists(n)}


def test_the_sources_cite_rules() -> None:
    found = source_citations()
    # The log cites rules for every kind of event; a sample that must be found.
    assert {"601.2", "704.5g", "510.2", "103.4", "615.1"} <= set(found)
    assert len(found) >= 60


def test_engine_citations_exist() -> None:
    assert _unknown(source_citations()) == {}


def test_scenario_and_walkthrough_citations_exist() -> None:
    found = scenario_citations()
    assert len(found) >= 50
    assert _unknown(found) == {}


def test_log_citations_doc_numbers_exist() -> None:
    found = doc_citations()
    assert {"103.1", "704.5g", "615.1"} <= set(found)
    assert _unknown(found) == {}


@pytest.mark.parametrize("text, numbers", [
    ('("704.5g", "701.7")', {"704.5g", "701.7"}),
    ('"you can play a land only during your own turn (305.3)"', {"305.3"}),
    ('"main phase only (307.1, 117.1a)"', {"307.1", "117.1a"}),
    ('"costs 100 mana (or 3 life)"', set()),
    ('"100"', set()),
    ('("704", "704.5")', {"704", "704.5"}),
])
def test_citation_extraction(text: str, numbers: set[str], tmp_path: Path) -> None:
    """The extraction takes citation-like strings only."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "m.py").write_text(f'"""Docstring citing 999.9."""\nX = {text}  # comment 999.8\n', encoding="utf-8")
    assert set(source_citations(pkg)) == numbers
