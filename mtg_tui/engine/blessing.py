"""Ascend and the city's blessing (702.130).

The city's blessing is a player designation (702.130c) that, once gained,
lasts for the rest of the game. A permanent with ascend gives it to its
controller whenever they control ten or more permanents (702.130b); an
instant or sorcery with ascend gives it as it resolves, if its controller
controls ten or more permanents then (702.130a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .keywords.base import Trait, has_trait

if TYPE_CHECKING:
    from .state import GameState

ASCEND_AT = 10   # permanents a player must control (702.130a-b)


def _permanents(game: "GameState", player: int) -> int:
    return game.kept("permanents by controller", _count_by_controller).get(player, 0)


def _count_by_controller(game: "GameState") -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in game.battlefield_chars().values():
        counts[c.controller] = counts.get(c.controller, 0) + 1
    return counts


def _with_ascend(game: "GameState") -> list[Any]:
    """The permanents with ascend, in battlefield order."""
    return [o for o in game.battlefield if has_trait(game, o, Trait.ASCEND)]


def _bless(game: "GameState", player: int, source: Any, rule: str) -> None:
    p = game.players[player]
    p.citys_blessing = True
    game.touch()   # continuous effects that read the blessing apply again (702.130d)
    game.log_event(f"{p.name} controls {ASCEND_AT} or more permanents and gets the city's blessing for the "
                   f"rest of the game ({source.name} has ascend).", ("702.130", rule, "702.130c"), (source.id,),
                   player=player)


def check_permanents(game: "GameState") -> None:
    """Give the city's blessing to each player who controls ten or more permanents, one of them with ascend
    (702.130b). Checked whenever the game checks state-based actions and as conditions read it."""
    ascending = game.kept("ascend", _with_ascend)
    if not ascending:
        return
    for p in game.players:
        if p.citys_blessing:
            continue
        with_ascend = [o for o in ascending if game.chars(o).controller == p.index]
        if with_ascend and _permanents(game, p.index) >= ASCEND_AT:
            _bless(game, p.index, with_ascend[0], "702.130b")


def check_spell(game: "GameState", spell: Any) -> None:
    """An instant or sorcery with ascend gives its controller the city's blessing as it resolves, before its
    other instructions, if they control ten or more permanents (702.130a)."""
    p = game.players[spell.controller]
    if not p.citys_blessing and has_trait(game, spell, Trait.ASCEND) and \
            _permanents(game, spell.controller) >= ASCEND_AT:
        _bless(game, spell.controller, spell, "702.130a")
