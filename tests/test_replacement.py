"""The replacement pipeline (614-616) on its own: the order effects apply in, who chooses, and when.

Effects here are small ones made for the test (they change a life gain), so
each rule of 616.1 can be seen by itself. What real card text does through
the pipeline is in the scenarios under tests/scenarios/replacement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generator

import pytest

from mtg_tui.engine import actions
from mtg_tui.engine.decisions import ChooseReplacement, Decision
from mtg_tui.engine.game import Game
from mtg_tui.engine.replacement import (LifeGain, ReplacementEffect, add_effect, at_once, end_of_turn, plain_form,
                                        replace)
from mtg_tui.engine.setup import new_game


@dataclass(eq=False)
class Times(ReplacementEffect):
    """"If you would gain life, gain N times that much instead" (a test effect)."""

    watches: ClassVar[str] = "life_gain"
    factor: int = 2

    def applies(self, game: Any, event: LifeGain) -> bool:
        return event.player == self.controller

    def apply(self, game: Any, event: LifeGain) -> Generator[Decision, Any, Any]:
        event.amount *= self.factor
        return event
        yield  # pragma: no cover

    def alike_key(self) -> Any:
        return ("times", self.factor)


@dataclass(eq=False)
class Plus(Times):
    """"... that much plus N instead"."""

    def apply(self, game: Any, event: LifeGain) -> Generator[Decision, Any, Any]:
        event.amount += self.factor
        return event
        yield  # pragma: no cover

    def alike_key(self) -> Any:
        return ("plus", self.factor)


@dataclass(eq=False)
class SelfPlus(Plus):
    self_replacement: ClassVar[bool] = True


@dataclass(eq=False)
class FreePlus(Plus):
    order_free: ClassVar[bool] = True


@dataclass(eq=False)
class Nothing(Times):
    """"If you would gain life, you gain no life instead" (replaced by nothing)."""

    def apply(self, game: Any, event: LifeGain) -> Generator[Decision, Any, Any]:
        return None
        yield  # pragma: no cover

    def alike_key(self) -> Any:
        return ("nothing",)


def game_of(db: Any) -> Game:
    return new_game({"kind": "state", "players": ["Alice", "Bob"], "active": 0, "turn": 3, "step": "main1",
                     "tables": [{"battlefield": [{"name": "Plains"}]}, {"battlefield": [{"name": "Forest"}]}]},
                    1, db)


def effects(game: Game, *made: ReplacementEffect) -> None:
    for e in made:
        add_effect(game, e)


def run(gen: Generator[Decision, Any, Any], answers: list[Any] = ()) -> tuple[Any, list[Decision]]:
    """Drive a generator, answering the decisions it yields in turn; returns its result and the decisions."""
    asked: list[Decision] = []
    value: Any = None
    pending = list(answers)
    try:
        d = next(gen)
        while True:
            asked.append(d)
            value = d.validate(pending.pop(0))
            d = gen.send(value)
    except StopIteration as done:
        return done.value, asked


def test_each_effect_applies_once(db: Any) -> None:
    """614.5: doubling once, not again and again."""
    g = game_of(db)
    effects(g, Times(controller=0, source_name="Doubler"))
    event, asked = run(replace(g, LifeGain(0, 3)))
    assert event.amount == 6 and asked == []


def test_alike_effects_are_applied_without_asking(db: Any) -> None:
    """Two doublings give the same result in either order: nothing to choose, and each applies once."""
    g = game_of(db)
    effects(g, Times(controller=0, source_name="A"), Times(controller=0, source_name="B"))
    event, asked = run(replace(g, LifeGain(0, 3)))
    assert event.amount == 12 and asked == []


def test_the_affected_player_chooses_the_order(db: Any) -> None:
    """616.1: two effects whose order matters; the player gaining the life chooses which applies first."""
    g = game_of(db)
    double = Times(controller=1, source_name="Doubler")
    plus = Plus(controller=1, source_name="Adder")
    effects(g, double, plus)
    event, asked = run(replace(g, LifeGain(1, 3)), [[plus.id]])
    assert event.amount == 10                   # (3 + 2) * 2
    assert len(asked) == 1 and isinstance(asked[0], ChooseReplacement) and asked[0].player == 1
    assert sorted(o.label for o in asked[0].options) == ["Adder", "Doubler"]
    event, _ = run(replace(g, LifeGain(1, 3)), [[double.id]])
    assert event.amount == 8                    # 3 * 2 + 2
    assert any("616.1" in e.cites for e in g.log.entries)


def test_self_replacement_effects_come_first(db: Any) -> None:
    """616.1a: a self-replacement effect is applied before the others, without a choice."""
    g = game_of(db)
    effects(g, Times(controller=0, source_name="Doubler"), SelfPlus(controller=0, source_name="Own text", factor=1))
    event, asked = run(replace(g, LifeGain(0, 3)))
    assert event.amount == 8 and asked == []    # (3 + 1) * 2


def test_effects_whose_order_cant_matter_are_not_asked(db: Any) -> None:
    """An effect that only adds to the event applies first; the choice is left to those whose order matters."""
    g = game_of(db)
    effects(g, Times(controller=0, source_name="Doubler"), FreePlus(controller=0, source_name="Free", factor=1))
    event, asked = run(replace(g, LifeGain(0, 3)))
    assert event.amount == 8 and asked == []


def test_an_event_replaced_by_nothing_meets_no_more_effects(db: Any) -> None:
    """616.1e: after one effect applies, only effects that still apply are offered; none to a gone event."""
    g = game_of(db)
    nothing = Nothing(controller=0, source_name="Void")
    effects(g, nothing, Times(controller=0, source_name="Doubler"))
    event, asked = run(replace(g, LifeGain(0, 3)), [[nothing.id]])
    assert event is None and len(asked) == 1
    life = g.players[0].life
    assert run(actions.gain_life_asking(g, g.players[0], 3), [[nothing.id]])[0] == 0
    assert g.players[0].life == life


def test_the_plain_form_of_an_action_refuses_a_choice(db: Any) -> None:
    """Where the game can't stop to ask, a choice among effects is an engine fault, said loudly."""
    g = game_of(db)
    effects(g, Times(controller=0, source_name="Doubler"), Plus(controller=0, source_name="Adder"))
    with pytest.raises(RuntimeError, match="can't ask"):
        actions.gain_life(g, g.players[0], 3)
    gain = plain_form(actions.gain_life_asking)
    with pytest.raises(RuntimeError):
        gain(g, g.players[0], 3)
    assert at_once(actions.gain_life_asking(g, g.players[1], 3)) == 3   # no effect applies to Bob's


def test_effects_of_the_turn_end_in_cleanup_and_effect_numbers_leave_object_numbers_alone(db: Any) -> None:
    g = game_of(db)
    before = g._next_id
    lasting = Times(controller=0, source_name="Static")
    add_effect(g, lasting, duration="static")
    add_effect(g, Times(controller=0, source_name="Turn"))
    assert g._next_id == before and lasting.id < -1
    end_of_turn(g)
    assert g.replacements == [lasting]


def test_simultaneous_choices_are_in_apnap_order(db: Any) -> None:
    """616.1: players choosing at the same time choose in APNAP order."""
    g = game_of(db)
    g.active = 1
    events = [LifeGain(0, 1), LifeGain(1, 1), LifeGain(0, 2)]
    assert [e.player for e in actions.apnap_order(g, events)] == [1, 0, 0]
