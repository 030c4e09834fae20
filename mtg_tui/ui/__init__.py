"""The terminal user interface: ``mtg-tui play``.

The UI answers the same decisions as the computer players and scripts, through
``Game.answer``, and reads the game only through ``GameView``. ``session``
holds a game being played (seats, saving, stops and auto-pass) without any
terminal code; ``app`` is the Textual application on top of it.
"""
