"""Look up Comprehensive Rules numbers: titles, plain-words summaries, neighbours, search."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from . import storage
from .numbering import ancestors, normalise, parent, sort_key
from .parser import glossary_references, is_title
from .search import TermSearch

DATA_DIR = Path(__file__).resolve().parent / "data"


class UnknownRuleError(KeyError):
    """Raised for a rule number that isn't in the Comprehensive Rules."""

    def __init__(self, number: str, message: str | None = None) -> None:
        self.number = number
        self.message = (
            message or f"{number!r} is not a rule number in the Comprehensive Rules"
        )
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class RuleEntry:
    """What we know about one rule number."""

    number: str
    title: str | None
    """The rule's own title, else the title of its nearest titled parent."""
    summary: str | None
    """Our own plain-words explanation, if written."""
    official_text: str | None
    """The official wording, only once the user imported the rules file."""
    title_from: str | None = None
    """The number the title belongs to (``number`` itself for headings)."""

    @property
    def official(self) -> str | None:
        """Alias of :attr:`official_text`."""
        return self.official_text


@dataclass(frozen=True)
class Neighbours:
    """The rules around a rule: its parent, previous and next sibling, children."""

    parent: str | None
    previous: str | None
    next: str | None
    children: list[str] = field(default_factory=list)


def read_numbers(path: Path) -> dict[str, str | None]:
    """Parse ``numbers.txt``: a number a line, optionally a tab and a title."""
    numbers: dict[str, str | None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, _, title = line.partition("\t")
        numbers[number.strip()] = title.strip() or None
    return numbers


def read_glossary(path: Path) -> dict[str, list[str]]:
    """Parse ``glossary.txt``: a term, a tab, comma-separated rule numbers."""
    glossary: dict[str, list[str]] = {}
    if not path.is_file():
        return glossary
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        term, _, numbers = line.partition("\t")
        glossary[term.strip()] = [n.strip() for n in numbers.split(",") if n.strip()]
    return glossary


def read_summaries(path: Path) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Parse ``summaries.toml``: ``[summaries]`` number = text, ``[aliases]`` term = numbers."""
    if not path.is_file():
        return {}, {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    summaries = {
        str(k): " ".join(str(v).split()) for k, v in data.get("summaries", {}).items()
    }
    aliases = {str(k): [str(n) for n in v] for k, v in data.get("aliases", {}).items()}
    return summaries, aliases


class RulesIndex:
    """All rule numbers with titles, our summaries and (if imported) the official text."""

    def __init__(
        self,
        numbers: dict[str, str | None],
        summaries: dict[str, str] | None = None,
        glossary: dict[str, list[str]] | None = None,
        aliases: dict[str, list[str]] | None = None,
        official: storage.ImportedRules | None = None,
    ) -> None:
        self._titles = dict(numbers)
        self._summaries = dict(summaries or {})
        self._official: dict[str, str] = {}
        glossary = dict(glossary or {})
        if official is not None:
            self._merge_official(official, glossary)
        self._order = sorted(self._titles, key=sort_key)
        self._position = {number: i for i, number in enumerate(self._order)}
        self._children: dict[str | None, list[str]] = {}
        for number in self._order:
            self._children.setdefault(parent(number), []).append(number)
        texts = {**self._official, **self._summaries}
        self._search = TermSearch(self._titles, glossary, aliases or {}, texts)

    def _merge_official(
        self, official: storage.ImportedRules, glossary: dict[str, list[str]]
    ) -> None:
        for number, text in official.rules.items():
            key = normalise(number)
            if key is None:
                continue
            self._official[key] = text
            if key not in self._titles:
                first_line = text.split("\n", 1)[0]
                self._titles[key] = first_line if is_title(first_line) else None
            for above in ancestors(key):
                self._titles.setdefault(above, None)
        for term, definition in official.glossary.items():
            numbers = glossary_references(definition, set(self._titles))
            if numbers and term not in glossary:
                glossary[term] = numbers

    @classmethod
    def load(
        cls, data_dir: Path | None = None, include_imported: bool = True
    ) -> RulesIndex:
        """Build the index from the shipped data (and the user's import, if any)."""
        folder = data_dir or DATA_DIR
        summaries, aliases = read_summaries(folder / "summaries.toml")
        return cls(
            numbers=read_numbers(folder / "numbers.txt"),
            summaries=summaries,
            glossary=read_glossary(folder / "glossary.txt"),
            aliases=aliases,
            official=storage.load() if include_imported else None,
        )

    def __len__(self) -> int:
        return len(self._order)

    def numbers(self) -> list[str]:
        """Every known rule number in document order."""
        return list(self._order)

    def summaries(self) -> dict[str, str]:
        """Our summaries, by rule number."""
        return dict(self._summaries)

    @property
    def has_official_text(self) -> bool:
        """True once the official rules have been imported."""
        return bool(self._official)

    def _key(self, number: str) -> str:
        key = normalise(number)
        if key is None:
            raise UnknownRuleError(
                number,
                f"{number!r} is not written like a rule number (try e.g. 704.5g or 509)",
            )
        if key not in self._position:
            raise UnknownRuleError(
                key, f"rule {key} does not exist in the Comprehensive Rules"
            )
        return key

    def exists(self, number: str) -> bool:
        """True if ``number`` (e.g. ``704.5g``, ``509.``) is a rule number."""
        key = normalise(number)
        return key is not None and key in self._position

    def title_of(self, number: str) -> str | None:
        """The rule's own title only (None for ordinary rules)."""
        return self._titles.get(self._key(number))

    def lookup(self, number: str) -> RuleEntry:
        """Everything about one rule; raises :class:`UnknownRuleError` if unknown."""
        key = self._key(number)
        title, title_from = None, None
        for candidate in [key, *ancestors(key)]:
            if self._titles.get(candidate):
                title, title_from = self._titles[candidate], candidate
                break
        return RuleEntry(
            number=key,
            title=title,
            summary=self._summaries.get(key),
            official_text=self._official.get(key),
            title_from=title_from,
        )

    def neighbours(self, number: str) -> Neighbours:
        """The parent, the previous and next sibling, and the children of a rule."""
        key = self._key(number)
        up = parent(key)
        siblings = self._children.get(up, [])
        at = siblings.index(key)
        return Neighbours(
            parent=up,
            previous=siblings[at - 1] if at > 0 else None,
            next=siblings[at + 1] if at + 1 < len(siblings) else None,
            children=list(self._children.get(key, [])),
        )

    def search(self, term: str) -> list[str]:
        """Rule numbers for a keyword, glossary term or phrase, best first."""
        key = normalise(term)
        if key is not None:
            return [key] if key in self._position else []
        return self._search.search(term)

    def terms(self) -> list[str]:
        """Every searchable title, glossary term and alias (normalised)."""
        return self._search.terms()


@lru_cache(maxsize=1)
def default_index() -> RulesIndex:
    """The shared index of the shipped data plus the user's imported rules."""
    return RulesIndex.load()
