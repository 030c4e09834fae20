"""The card layouts the engine plays: one switch per layout.

A card file can describe a split card (708), a transforming double-faced
card (711) or a Saga (714), and the loader reads each into a ``CardDef``
with its faces or chapters. Playing one needs rules of its own (casting a
half, transforming, lore counters); until those are built, a layout's
switch is off, its cards don't load for play (``cards check`` says why) and
``cards import`` leaves them out as "layout not supported". Whoever builds
a layout's rules turns its switch on here, and nowhere else.
"""

from __future__ import annotations

PLAYABLE: dict[str, bool] = {
    "normal": True,
    "split": True,        # 708: choose a half to cast (708.3), combined characteristics elsewhere (708.4)
    "transform": True,    # 711, 701.28: transform, each face's characteristics (711.4)
    "saga": True,         # 714: lore counters (714.3), chapter abilities (714.2), sacrifice (714.4)
}

RULES = {"split": "708", "transform": "711", "saga": "714"}


def playable(layout: str) -> bool:
    """True when the engine plays cards of this layout by the rules."""
    return PLAYABLE.get(layout, False)
