"""Find rule numbers for a keyword, glossary term or phrase."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .numbering import sort_key

_PUNCTUATION_RE = re.compile(r"[^a-z0-9/+ ]+")


def normalise_term(text: str) -> str:
    """Lower-case, hyphens and punctuation to spaces, single spaces."""
    text = text.lower().replace("\u2019", "'").replace("'s ", " ").replace("-", " ")
    text = _PUNCTUATION_RE.sub(" ", text)
    return " ".join(text.split())


def term_variants(term: str) -> list[str]:
    """The normalised forms a term may be looked up by (singular/plural, comma parts)."""
    base = re.sub(r"\([^)]*\)", "", term)
    forms = [normalise_term(base)]
    if "," in base:
        forms.extend(normalise_term(part) for part in base.split(","))
    found: list[str] = []
    for form in forms:
        if form and form not in found:
            found.append(form)
    return found


def _singular(word: str) -> str:
    for ending, replacement in (("ies", "y"), ("sses", "ss"), ("es", "e"), ("s", "")):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            return word[: -len(ending)] + replacement
    return word


def query_forms(query: str) -> list[str]:
    """The normalised query and its singular form."""
    normal = normalise_term(query)
    singular = " ".join(_singular(word) for word in normal.split())
    return [normal] if singular == normal else [normal, singular]


class TermSearch:
    """Ranks rule numbers for a query.

    Tiers, best first: exact title, exact glossary term or alias, title
    containing the query, glossary term containing it, then summaries (and
    imported official text) mentioning every word of it.
    """

    def __init__(
        self,
        titles: Mapping[str, str | None],
        glossary: Mapping[str, list[str]],
        aliases: Mapping[str, list[str]],
        texts: Mapping[str, str],
    ) -> None:
        self._titles: dict[str, list[str]] = {}
        for number, title in titles.items():
            if title:
                self._titles.setdefault(normalise_term(title), []).append(number)
        self._terms: dict[str, list[str]] = {}
        for source in (aliases, glossary):
            for term, numbers in source.items():
                for form in term_variants(term):
                    bucket = self._terms.setdefault(form, [])
                    bucket.extend(n for n in numbers if n not in bucket)
        self._texts = {number: normalise_term(text) for number, text in texts.items()}

    def terms(self) -> list[str]:
        """Every searchable title, glossary term and alias (normalised)."""
        return sorted(set(self._titles) | set(self._terms))

    def search(self, query: str) -> list[str]:
        """Rule numbers matching ``query``, most relevant first."""
        ranked: list[str] = []
        per_form = [list(self._tiers(form)) for form in query_forms(query) if form]
        for tiers in zip(*per_form):
            for tier in tiers:
                ranked.extend(n for n in tier if n not in ranked)
        return ranked

    def _tiers(self, form: str) -> Iterable[list[str]]:
        pattern = re.compile(rf"(?:^| ){re.escape(form)}(?: |$)")
        words = form.split()
        yield sorted(self._titles.get(form, []), key=sort_key)
        yield list(self._terms.get(form, []))
        yield self._containing(self._titles, pattern)
        yield self._containing(self._terms, pattern, keep_order=True)
        yield sorted(
            (n for n, text in self._texts.items() if pattern.search(text)), key=sort_key
        )
        yield sorted(
            (
                n
                for n, text in self._texts.items()
                if all(re.search(rf"\b{re.escape(w)}", text) for w in words)
            ),
            key=sort_key,
        )

    @staticmethod
    def _containing(
        source: Mapping[str, list[str]],
        pattern: re.Pattern[str],
        keep_order: bool = False,
    ) -> list[str]:
        found: list[str] = []
        for key in sorted(source, key=len):
            if pattern.search(key):
                numbers = (
                    source[key] if keep_order else sorted(source[key], key=sort_key)
                )
                found.extend(n for n in numbers if n not in found)
        return found
