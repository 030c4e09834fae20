"""Starting a game: a new game from decks (103), or a position set up in the middle of a turn.

A setup is plain data, so that a game's record (setup + seed + answers) can
be saved and replayed:

- ``{"kind": "new", "players": [...], "decks": [[card names], ...], "starting": 0 | None}``;
  ``starting`` None means the seed's coin flip decides (103.1).
- ``{"kind": "state", "players": [...], "active": 0, "turn": 3, "step": "main1",
  "tables": [{"life": 20, "poison": 0, "lands_played": 0, "library": [...], "hand": [...],
  "battlefield": [...], "graveyard": [...], "exile": [...]}, ...]}`` where each card is
  ``{"name": ..., "tapped": bool, "sick": bool, "damage": n, "counters": {...},
  "attached": index, "token": bool, "owner": player index, "transformed": bool}``; ``transformed``
  puts a transforming double-faced permanent on the battlefield back face up (711.4c). ``attached`` is the
  index of another card in the order the setup lists them (tables in order;
  library, hand, battlefield, graveyard, exile).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .game import Game
from .state import STEP_NAMES, STEPS
from .turn import run_game, run_turns, skips_first_draw_step

ZONE_ORDER = ("library", "hand", "battlefield", "graveyard", "exile")


class SetupError(ValueError):
    """A setup that can't make a game."""


def new_game(setup: dict[str, Any], seed: int, cards: Any) -> Game:
    kind = setup.get("kind")
    players = list(setup.get("players") or [])
    if len(players) != 2:
        raise SetupError("a game needs exactly two players")
    game = Game(players, seed, cards)
    game.setup_info = setup
    if kind == "new":
        _deal_decks(game, setup)
        starting = setup.get("starting")
        if starting is not None:
            game.starting_player = int(starting)
        game.start(run_game(game, coin_flip=starting is None))
    elif kind == "state":
        _build_state(game, setup)
        game.start(run_turns(game, setup["step"]))
    else:
        raise SetupError(f"unknown setup kind {kind!r}")
    return game


def _card(game: Game, name: str, token: bool = False) -> Any:
    cards = game.cards
    if token:
        tok = cards.token(name)
        if tok is not None:
            return tok
    try:
        card = cards.get(name)
    except KeyError as e:
        if not token:
            tok = cards.token(name)
            if tok is not None:
                return tok
        raise SetupError(str(e).strip('"')) from None
    if token:
        return replace(card, is_token=True)
    return card


def _deal_decks(game: Game, setup: dict[str, Any]) -> None:
    decks = setup.get("decks") or []
    if len(decks) != len(game.players):
        raise SetupError("each player needs a deck")
    for p, deck in zip(game.players, decks):
        for name in deck:
            obj = game.make_object(_card(game, name), p.index, "library")
            p.library.append(obj)


def _control_from_attachments(game: Game) -> None:
    """A permanent on another player's side than its owner's, with something attached to it whose effect
    gives that player control (Control Magic): it entered under its owner's control (110.2) and the
    attached object's effect gives the control (613.1b), which ends with that effect, as if the Aura had
    been cast. Without such an effect it stays as if it had entered under the side's player's control."""
    carried = {o.attached_to for o in game.battlefield if o.attached_to is not None}
    for obj in game.battlefield:
        side = obj.controller
        if obj.id not in carried or obj.owner == side:
            continue
        obj.controller = obj.owner
        game.touch()
        if game.chars(obj).controller != side:
            obj.controller = side      # nothing attached gives that control: it entered on this side
            game.touch()


def _build_state(game: Game, setup: dict[str, Any]) -> None:
    step = setup.get("step")
    if step not in STEPS:
        raise SetupError(f"unknown step {step!r}; steps are {', '.join(STEPS)}")
    if step in ("untap",):
        raise SetupError("a game can't be set up in the untap step: nobody receives priority there")
    game.active = int(setup.get("active", 0))
    game.turn = int(setup.get("turn", 1))
    game.step = step
    game.starting_player = game.active if game.turn % 2 == 1 else game.opponent(game.active)
    if step == "draw" and skips_first_draw_step(game):
        raise SetupError("a game can't be set up in the draw step of turn 1: the player who plays first "
                         "skips that step (103.7a, 500.10)")
    made: list[Any] = []
    attach: list[tuple[Any, int]] = []
    tables = setup.get("tables") or []
    for pi, table in enumerate(tables):
        p = game.players[pi]
        p.life = int(table.get("life", 20))
        p.poison = int(table.get("poison", 0))
        p.lands_played = int(table.get("lands_played", 0))
        for zone in ZONE_ORDER:
            for spec in table.get(zone, []):
                owner = int(spec.get("owner", pi))
                obj = game.make_object(_card(game, spec["name"], bool(spec.get("token"))), owner, zone,
                                       is_token=bool(spec.get("token")))
                if zone == "battlefield":
                    obj.controller = pi
                    obj.ctl_mark = pi
                    obj.tapped = bool(spec.get("tapped"))
                    obj.transformed = bool(spec.get("transformed")) and len(obj.card.faces) == 2
                    obj.sick = bool(spec.get("sick"))
                    obj.damage = int(spec.get("damage", 0))
                    obj.counters = {k: int(v) for k, v in (spec.get("counters") or {}).items() if int(v)}
                    if "Planeswalker" in obj.card.types and "loyalty" not in obj.counters \
                            and obj.card.loyalty is not None:
                        obj.counters["loyalty"] = obj.card.loyalty
                    game.battlefield.append(obj)
                    if spec.get("attached") is not None:
                        attach.append((obj, int(spec["attached"])))
                elif zone == "exile":
                    game.exile.append(obj)
                else:
                    game.zone_list(zone, owner).append(obj)
                made.append(obj)
    for obj, index in attach:
        if not 0 <= index < len(made):
            raise SetupError(f"{obj.name} is attached to something that isn't in the setup")
        obj.attached_to = made[index].id
    game.touch()
    _control_from_attachments(game)
    game.log_event(f"The game is set up: turn {game.turn}, {game.players[game.active].name}'s "
                   f"{STEP_NAMES[step]}.", ())
