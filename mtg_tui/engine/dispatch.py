"""One dispatch on the decision type, shared by everyone who answers, shows or describes decisions.

The UI's prompts, the computer, the random player, the scenario runner and
walkthroughs each subclass ``DecisionHandler`` with one method per decision
type, and call ``dispatch(decision, handler)``. A handler missing a method
can't be made at all (the methods are abstract), and a decision of a type
the handler has no method for is an error at once: a new kind of decision
can't quietly fall through to some default. A handler that treats several
types alike says so by naming one method under several names.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from .decisions import (AssignDamage, Bottom, ChooseCards, ChooseColor, ChooseCosts, ChooseCreatureType, ChooseLegend,
                        ChooseMode, ChooseReplacement, ConvokeCost,
                        ChooseSacrifice, ChooseX, DamageOrder, Decision, DeclareAttackers, DeclareBlockers, Discard,
                        DiscardCost, Divide, Mulligan, OrderCards, OrderTriggers, Pay, PreventionOrder, Priority,
                        RevealCost, SacrificeCost, Scry, Search, Surveil, TapCost, Targets, YesNo, CounterCost,
                        MoveCost)

T = TypeVar("T")


class DecisionHandler(ABC, Generic[T]):
    """Something done with a decision, one method per decision type (named after it: ``ChooseX`` ->
    ``choose_x``)."""

    @abstractmethod
    def priority(self, d: Priority) -> T: ...

    @abstractmethod
    def declare_attackers(self, d: DeclareAttackers) -> T: ...

    @abstractmethod
    def declare_blockers(self, d: DeclareBlockers) -> T: ...

    @abstractmethod
    def damage_order(self, d: DamageOrder) -> T: ...

    @abstractmethod
    def assign_damage(self, d: AssignDamage) -> T: ...

    @abstractmethod
    def order_triggers(self, d: OrderTriggers) -> T: ...

    @abstractmethod
    def targets(self, d: Targets) -> T: ...

    @abstractmethod
    def choose_mode(self, d: ChooseMode) -> T: ...

    @abstractmethod
    def choose_x(self, d: ChooseX) -> T: ...

    @abstractmethod
    def choose_color(self, d: ChooseColor) -> T: ...

    @abstractmethod
    def choose_creature_type(self, d: ChooseCreatureType) -> T: ...

    @abstractmethod
    def yes_no(self, d: YesNo) -> T: ...

    @abstractmethod
    def choose_cards(self, d: ChooseCards) -> T: ...

    @abstractmethod
    def choose_sacrifice(self, d: ChooseSacrifice) -> T: ...

    @abstractmethod
    def choose_legend(self, d: ChooseLegend) -> T: ...

    @abstractmethod
    def scry(self, d: Scry) -> T: ...

    @abstractmethod
    def surveil(self, d: Surveil) -> T: ...

    @abstractmethod
    def search(self, d: Search) -> T: ...

    @abstractmethod
    def order_cards(self, d: OrderCards) -> T: ...

    @abstractmethod
    def choose_replacement(self, d: ChooseReplacement) -> T: ...

    @abstractmethod
    def prevention_order(self, d: PreventionOrder) -> T: ...

    @abstractmethod
    def choose_costs(self, d: ChooseCosts) -> T: ...

    @abstractmethod
    def sacrifice_cost(self, d: SacrificeCost) -> T: ...

    @abstractmethod
    def discard_cost(self, d: DiscardCost) -> T: ...

    @abstractmethod
    def reveal_cost(self, d: RevealCost) -> T: ...

    @abstractmethod
    def tap_cost(self, d: TapCost) -> T: ...

    @abstractmethod
    def counter_cost(self, d: CounterCost) -> T: ...

    @abstractmethod
    def convoke_cost(self, d: ConvokeCost) -> T: ...

    @abstractmethod
    def divide(self, d: Divide) -> T: ...

    @abstractmethod
    def discard(self, d: Discard) -> T: ...

    @abstractmethod
    def mulligan(self, d: Mulligan) -> T: ...

    @abstractmethod
    def bottom(self, d: Bottom) -> T: ...

    @abstractmethod
    def pay(self, d: Pay) -> T: ...

    @abstractmethod
    def move_cost(self, d: MoveCost) -> T: ...


_METHODS: dict[type, str] = {}


def method_name(kind: type[Decision]) -> str:
    """The handler method for a decision type: its name in snake case."""
    name = _METHODS.get(kind)
    if name is None:
        name = _METHODS[kind] = re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()
    return name


def dispatch(decision: Decision, handler: DecisionHandler[T]) -> T:
    """Call the handler's method for this decision's type."""
    name = method_name(type(decision))
    method = getattr(handler, name, None)
    if method is None:
        raise TypeError(f"{type(handler).__name__} has no method {name} for {type(decision).__name__} decisions")
    return method(decision)
