"""mtg-tui: Magic: The Gathering in the terminal, with a rules engine that follows the Comprehensive Rules."""

__version__ = "0.1.0"
