"""Comprehensive Rules reference: rule numbers, titles, plain-words summaries and search.

The package ships rule numbers, headings and our own summaries; the official
wording is shown only after the user imports a rules text file they have.
"""

from .importer import RulesImportError, import_official
from .index import Neighbours, RuleEntry, RulesIndex, UnknownRuleError, default_index

__all__ = [
    "Neighbours",
    "RuleEntry",
    "RulesImportError",
    "RulesIndex",
    "UnknownRuleError",
    "default_index",
    "import_official",
]
