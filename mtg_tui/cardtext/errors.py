"""The errors of card text: a phrase the compiler can't read, and a card file that can't be used."""

from __future__ import annotations


class TextError(ValueError):
    """Rules text that doesn't compile. ``phrase`` is the part that couldn't be read."""

    def __init__(self, message: str, phrase: str = "") -> None:
        super().__init__(message)
        self.phrase = phrase


class CardError(ValueError):
    """A card file that can't be used. The message names the file, the card and the problem."""

    def __init__(self, file: str, card: str, message: str, phrase: str = "") -> None:
        self.file = file
        self.card = card
        self.phrase = phrase
        self.message = message     # without the file and card it names
        where = f"{file}: " if file else ""
        who = f"{card}: " if card else ""
        super().__init__(f"{where}{who}{message}")
