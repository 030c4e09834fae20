"""Keywords that keep spells, abilities, damage and attachments away (115.4, 702.11, 702.16, 702.18), and
indestructible (702.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Hook, Keyword, Param, Trait, Worth, register

if TYPE_CHECKING:
    from ..objects import GameObject
    from ..state import GameState


def has_quality(game: "GameState", obj: Any, quality: Any) -> bool:
    """Does an object have the quality named by protection/hexproof from (702.16a)?"""
    c = game.chars(obj)
    if quality.kind == "everything":
        return True
    if quality.kind == "color":
        return quality.value in c.colors
    if quality.kind == "multicolored":
        return len(c.colors) > 1
    if quality.kind == "monocolored":
        return len(c.colors) == 1
    if quality.kind == "type":
        return quality.value in c.types
    if quality.kind == "subtype":
        return quality.value in c.subtypes
    return False


def _not_from(game: "GameState", obj: "GameObject", other: Any, quality: Any) -> bool:
    return other is None or not has_quality(game, other, quality)


def _blocker_not_from(game: "GameState", attacker: "GameObject", blocker: "GameObject", quality: Any) -> bool:
    return not has_quality(game, blocker, quality)


def _target_not_from(game: "GameState", obj: "GameObject", source: Any, controller: int, quality: Any) -> bool:
    return _not_from(game, obj, source, quality)


def _hexproof_from(game: "GameState", obj: "GameObject", source: Any, controller: int, quality: Any) -> bool:
    return game.chars(obj).controller == controller or _not_from(game, obj, source, quality)


def _hexproof(game: "GameState", obj: "GameObject", source: Any, controller: int, _: Any) -> bool:
    return game.chars(obj).controller == controller


def _shroud(game: "GameState", obj: "GameObject", source: Any, controller: int, _: Any) -> bool:
    return False


register(
    Keyword("protection", "702.16", "Can't be blocked, targeted, dealt damage, enchanted or equipped by {what}.",
            param=Param.QUALITY, words={"protection from": None}, evasion=Hook(_blocker_not_from, "702.16f"),
            targeting=Hook(_target_not_from, "702.16b"), attaching=Hook(_not_from, "702.16c"),
            damage=Hook(_not_from, "702.16e"),
            worth=Worth(flat=0.6)),
    Keyword("hexproof", "702.11", "Can't be the target of spells or abilities your opponents control.",
            cite="702.11b", targeting=Hook(_hexproof, "702.11b"), worth=Worth(flat=0.8)),
    Keyword("hexproof_from", "702.11",
            "Can't be the target of spells or abilities from {what} that your opponents control.", cite="702.11d",
            param=Param.QUALITY, words={"hexproof from": None}, targeting=Hook(_hexproof_from, "702.11d"),
            worth=Worth(flat=0.4)),
    Keyword("shroud", "702.18", "Can't be the target of spells or abilities.", cite="702.18a",
            targeting=Hook(_shroud, "702.18a"), worth=Worth(flat=0.6)),
    Keyword("indestructible", "702.12", "Damage and effects that say \"destroy\" don't destroy it.", cite="702.12b",
            traits=frozenset({Trait.INDESTRUCTIBLE}), worth=Worth(flat=2.0, per_toughness=0.3)),
)
