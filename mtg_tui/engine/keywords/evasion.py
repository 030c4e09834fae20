"""Evasion (509.1b): keywords that limit which creatures can block, and how many must."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..objects import BASIC_LAND_TYPES
from .base import Hook, Keyword, Trait, Worth, has_trait, keywords_in, register

if TYPE_CHECKING:
    from ..objects import GameObject
    from ..state import GameState


def _flyer_blocker(game: "GameState", attacker: "GameObject", blocker: "GameObject", _: Any) -> bool:
    return has_trait(game, blocker, Trait.CAN_BLOCK_FLYING)


def _fear_blocker(game: "GameState", attacker: "GameObject", blocker: "GameObject", _: Any) -> bool:
    c = game.chars(blocker)
    return "Artifact" in c.types or "B" in c.colors


def _intimidate_blocker(game: "GameState", attacker: "GameObject", blocker: "GameObject", _: Any) -> bool:
    c = game.chars(blocker)
    return "Artifact" in c.types or bool(set(c.colors) & set(game.chars(attacker).colors))


def _shadow_blocker(game: "GameState", attacker: "GameObject", blocker: "GameObject", _: Any) -> bool:
    return _has(game, blocker, "shadow")


def _shadow_attacker(game: "GameState", attacker: "GameObject", blocker: "GameObject", _: Any) -> bool:
    return _has(game, attacker, "shadow")


def _horse_blocker(game: "GameState", attacker: "GameObject", blocker: "GameObject", _: Any) -> bool:
    return _has(game, blocker, "horsemanship")


def _no_such_land(game: "GameState", attacker: "GameObject", blocker: "GameObject", land: Any) -> bool:
    defender = game.chars(blocker).controller
    return not any(land in c.subtypes and "Land" in c.types
                   for c in (game.chars(o) for o in game.battlefield) if c.controller == defender)


def _has(game: "GameState", obj: Any, name: str) -> bool:
    """Shadow and horsemanship look for themselves on the other creature (702.27b, 702.30b)."""
    return any(kw.name == name for kw, _ in keywords_in(game.chars(obj).abilities))


register(
    Keyword("flying", "702.9", "Can be blocked only by creatures with flying or reach.", cite="702.9b",
            traits=frozenset({Trait.CAN_BLOCK_FLYING}), evasion=Hook(_flyer_blocker, "702.9b"),
            worth=Worth(flat=0.3, per_power=0.6, evasive=True)),
    Keyword("reach", "702.17", "Can block creatures with flying.", cite="702.17b",
            traits=frozenset({Trait.CAN_BLOCK_FLYING}), worth=Worth(flat=0.3)),
    Keyword("menace", "702.110", "Can't be blocked except by two or more creatures.", cite="702.110b",
            min_blockers=2, worth=Worth(per_power=0.3)),
    Keyword("fear", "702.35", "Can be blocked only by artifact creatures and black creatures.", cite="702.35b",
            evasion=Hook(_fear_blocker, "702.35b"), worth=Worth(per_power=0.4, evasive=True)),
    Keyword("intimidate", "702.13",
            "Can be blocked only by artifact creatures and creatures that share a color with it.", cite="702.13b",
            evasion=Hook(_intimidate_blocker, "702.13b"), worth=Worth(per_power=0.4, evasive=True)),
    Keyword("shadow", "702.27", "Can block or be blocked by only creatures with shadow.", cite="702.27b",
            evasion=Hook(_shadow_blocker, "702.27b"), blocks_only=Hook(_shadow_attacker, "702.27b"),
            worth=Worth(per_power=0.5, evasive=True)),
    Keyword("horsemanship", "702.30", "Can be blocked only by creatures with horsemanship.", cite="702.30b",
            evasion=Hook(_horse_blocker, "702.30b"), worth=Worth(per_power=0.5, evasive=True)),
    Keyword("landwalk", "702.14", "Can't be blocked while the defending player controls a {fixed}.", cite="702.14c",
            words={f"{land.lower()}walk": land for land in BASIC_LAND_TYPES},
            evasion=Hook(_no_such_land, "702.14c"), worth=Worth(per_power=0.2)),
)
