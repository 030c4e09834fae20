"""The rules engine: a game of Magic as state, rules, a turn sequence and one decision at a time.

The engine is built in floors. A module imports only from its own floor or
below, and no imports go round in a circle (tests/test_engine_floors.py
checks both, imports inside functions included), so each file can be read
and tested with only what is under it:

- state: what a game is. Cards, objects and players (objects.py), mana
  (mana.py), abilities and references as compiled from card text
  (abilities.py, refs.py), events, the log, the decision types
  (decisions.py), which card layouts are played (layouts.py), and
  ``GameState`` (state.py), the data the rules read and change.
- rules: what the Comprehensive Rules do to that state, one part each:
  characteristics and layers (layers.py, 613), the keyword registry
  (keywords/, 702: how each keyword is read and the rules it takes part
  in), targets (115), casting and
  activating (casting.py, costs.py, 601-602), resolving (resolution.py,
  608), combat (506-511), damage (120), replacement and prevention effects
  (replacement.py, the one place events meet them, 614-616; the effects in
  prevention.py 615, regeneration.py 701.15, entering.py 614.12,
  rerouting.py and instead.py 614.1a), state-based actions (sba.py, 704), triggered abilities (triggers.py, 603)
  and the instructions of card text (instructions.py). They may build
  decisions.
- flow: the turn sequence and priority (turn.py, 500-514, 117), generators
  that yield each decision and take its answer.
- protocol: the ``Game`` (the state joined to the rules, with ``answer()``),
  the read-only ``GameView``, setting a game up, the record, and the one
  dispatch on the decision type that everyone who answers shares
  (dispatch.py).

What a user of the engine needs is exported here: ``new_game``, ``Game``,
``GameView``, ``IllegalAnswer``, the decision types, the answer builders,
``DecisionHandler`` and ``dispatch``, the record, and copies of a game (docs/decisions.md).
"""

from .decisions import (CANCEL, AssignDamage, Bottom, ChooseCards, ChooseColor, ChooseCosts, ChooseCreatureType, ChooseLegend,
                        ChooseMode,
                        ChooseReplacement, ChooseSacrifice, ChooseX, ConvokeCost, DamageOrder, Decision, DeclareAttackers,
                        DeclareBlockers, Discard, DiscardCost, Divide, IllegalAnswer, Mulligan, Option, OrderCards,
                        OrderTriggers, Pay, PreventionOrder, Priority, RevealCost, SacrificeCost, Scry, Search, Surveil, TapCost,
                        Targets, YesNo, CounterCost, MoveCost, activate, cast, decision_types, pass_priority,
                        play_land)
from .dispatch import DecisionHandler, dispatch
from .game import Game
from .record import Record, RecordError, fork, replay
from .setup import SetupError, new_game
from .snapshot import copy_game, snapshot
from .view import GameView

__all__ = [
    "new_game", "Game", "GameView", "IllegalAnswer", "SetupError", "Record", "RecordError", "replay", "fork",
    "copy_game", "snapshot",
    "Decision", "Option", "CANCEL", "decision_types", "DecisionHandler", "dispatch",
    "Priority", "DeclareAttackers", "DeclareBlockers", "DamageOrder", "AssignDamage", "OrderTriggers", "Targets",
    "ChooseMode", "ChooseX", "ChooseColor", "ChooseCreatureType", "YesNo", "ChooseCards", "ChooseSacrifice", "ChooseLegend", "Scry",
    "Surveil", "Search", "OrderCards", "ChooseReplacement", "PreventionOrder", "SacrificeCost", "DiscardCost",
    "TapCost", "CounterCost", "RevealCost", "Divide", "Discard", "Mulligan", "Bottom", "Pay", "ChooseCosts", "ConvokeCost",
    "pass_priority", "play_land", "cast", "activate",
    "MoveCost",
]

FLOORS: dict[str, tuple[str, ...]] = {
    "state": ("abilities", "answers", "decisions", "events", "immutable", "layouts", "log", "mana", "objects", "refs",
              "state"),
    "rules": ("actions", "alike", "blessing", "casting", "combat", "conditions", "context", "convoke", "costs", "damage",
              "entering", "explore",
              "instead", "instructions", "land_plays", "keywords", "layers", "mana_ability", "matching", "prevention",
              "regeneration", "replacement", "rerouting", "resolution", "sagas", "sba", "targets", "transform",
              "triggers", "cast_restrictions",
              "copies",
              "extra_turns",
              "cast_permissions",
              "emblems",
              "cast_now",
              "control_duration"),
    "flow": ("turn",),
    "protocol": ("__init__", "dispatch", "game", "record", "setup", "snapshot", "view"),
}
