"""A fingerprint of everything a game's rules track, for tests that check "nothing changed"."""

from __future__ import annotations

import json
from typing import Any

from mtg_tui.engine.game import Game


def _obj(o: Any) -> Any:
    return (o.id, o.name, getattr(o, "controller", None), getattr(o, "tapped", None),
            getattr(o, "damage", None), tuple(sorted(getattr(o, "counters", {}).items())),
            getattr(o, "attached_to", None), getattr(o, "sick", None),
            json.dumps(getattr(o, "targets", None), default=str), json.dumps(getattr(o, "chosen", {}), default=str))


def fingerprint(game: Game) -> Any:
    """Players, every zone, the stack, combat, the record, the log and the pending decision."""
    players = tuple((p.life, p.poison, tuple(p.pool.units()), p.lands_played,
                     tuple(map(_obj, p.library)), tuple(map(_obj, p.hand)), tuple(map(_obj, p.graveyard)))
                    for p in game.players)
    c = game.combat
    combat = None if c is None else repr(c)
    return (game.turn, game.step, game.active, game.priority_player, game.over, game.winner, players,
            tuple(map(_obj, game.battlefield)), tuple(map(_obj, game.stack)), tuple(map(_obj, game.exile)),
            combat, json.dumps(game.record), len(game.log.entries), game.version, game.decisions_made,
            repr(game.pending), len(game.objects))
