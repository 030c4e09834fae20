"""Decklists: the plain-text format, the deck-construction rules, and the shipped decks."""

from mtg_tui.decks.decklist import (
    Decklist,
    DecklistError,
    DecklistProblem,
    card_list,
    check_deck,
    format_decklist,
    parse_decklist,
)
from mtg_tui.decks.library import UnknownDeckError, deck_colors, list_decks, load_deck

__all__ = [
    "Decklist",
    "DecklistError",
    "DecklistProblem",
    "UnknownDeckError",
    "card_list",
    "check_deck",
    "deck_colors",
    "format_decklist",
    "list_decks",
    "load_deck",
    "parse_decklist",
]
