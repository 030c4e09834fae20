"""Game events: what triggered abilities look for (603.2)."""

from __future__ import annotations

from typing import Any


class Event:
    """Something that happened. ``kind`` names it; other fields depend on the kind.

    Kinds: "zone" (an object moved: from_zone, to_zone, old_id, new_id,
    card_uid, lki), "damage" (source_uid, source_lki, recipient, to_player,
    amount, combat), "life_gain" / "life_loss" (player, amount; a loss also ``paid``: life paid, 119.4), "cast"
    (spell_id, player), "step" (step, active), "attacks" (attacker, defender),
    "blocks" (blocker, attacker), "draw" (player, card), "counters" (obj,
    counter, amount, before: how many there were), "tapped" / "untapped" (obj), "explores" (obj,
    player: its controller, lki), "attack_with" (attackers: all those declared, player).
    """

    def __init__(self, kind: str, **fields: Any) -> None:
        self.kind = kind
        self.__dict__.update(fields)

    def get(self, name: str, default: Any = None) -> Any:
        return self.__dict__.get(name, default)

    def __repr__(self) -> str:
        items = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items() if k not in ("kind", "lki"))
        return f"Event({self.kind}: {items})"
