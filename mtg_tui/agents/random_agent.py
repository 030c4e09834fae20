"""An agent that picks uniformly among the legal answers (for testing and measurement)."""

from __future__ import annotations

import random
from typing import Any

from ..engine.decisions import (AssignDamage, ChooseX, ConvokeCost, Decision, DeclareAttackers, DeclareBlockers, Divide,
                                IllegalAnswer,
                                Mulligan, Pay, Priority, TapCost, Targets)
from ..engine.dispatch import DecisionHandler, dispatch
from ..engine.game import Game


class RandomAgent(DecisionHandler[Any]):
    """Uniform choices, from its own seeded generator (so games stay reproducible)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def decide(self, game: Game, d: Decision) -> Any:
        return dispatch(d, self)

    def priority(self, d: Priority) -> Any:
        return dict(self.rng.choice(d.options).value)

    def mulligan(self, d: Mulligan) -> Any:
        return self.rng.choice(["keep", "mulligan"])

    def declare_attackers(self, d: DeclareAttackers) -> Any:
        rng = self.rng
        for _ in range(20):
            pick = [[c, rng.choice(d.defenders)] for c in d.candidates if rng.random() < 0.5]
            try:
                d.validate(pick)
                return pick
            except IllegalAnswer:
                continue
        return [[c, d.defenders[0]] for c in d.must_attack]

    def declare_blockers(self, d: DeclareBlockers) -> Any:
        rng = self.rng
        for _ in range(20):
            pick = []
            for b, atts in d.can_block.items():
                choice = rng.choice([None] + list(atts))
                if choice is not None:
                    pick.append([b, choice])
            pick = d.obeying(pick)
            try:
                d.validate(pick)
                return pick
            except IllegalAnswer:
                continue
        return d.obeying([])

    def _shuffled(self, d: Decision) -> Any:
        vals = d.option_values()
        self.rng.shuffle(vals)
        return vals

    damage_order = order_triggers = _shuffled

    def assign_damage(self, d: AssignDamage) -> Any:
        return [list(x) for x in d.auto]

    def targets(self, d: Targets) -> Any:
        rows = d.specs
        for _ in range(30):
            out = []
            for row in rows:
                opts = list(row["options"])
                lo, hi = row["min"], min(row["max"], len(opts))
                k = self.rng.randint(lo, max(lo, hi)) if hi >= lo else lo
                out.append(self.rng.sample(opts, min(k, len(opts))))
            try:
                d.validate(out)
                return out
            except IllegalAnswer:
                continue
        return [list(row["options"][: row["min"]]) for row in rows]

    def pay(self, d: Pay) -> Any:
        return "auto"

    def convoke_cost(self, d: ConvokeCost) -> Any:
        """Some of the creatures, as long as the rest of the cost can then be paid; else the fewest."""
        vals = d.option_values()
        for _ in range(10):
            picks = self.rng.sample(vals, self.rng.randint(0, len(vals)))
            try:
                d.validate(picks)
                return picks
            except IllegalAnswer:
                continue
        if d.fewest is None:
            return "cancel" if d.cancellable else []
        return list(d.fewest)

    def choose_x(self, d: ChooseX) -> Any:
        return self.rng.randint(d.min, d.max)

    def divide(self, d: Divide) -> Any:
        """At least 1 to each target, the rest to targets at random."""
        amounts = [1] * len(d.targets)
        for _ in range(d.total - len(amounts)):
            amounts[self.rng.randrange(len(amounts))] += 1
        return amounts

    def _some(self, d: Decision) -> Any:
        """Between min and max of the options."""
        vals = d.option_values()
        if not vals:
            return []
        n = self.rng.randint(d.min, max(d.min, min(d.max, len(vals))))
        return self.rng.sample(vals, n)

    def choose_creature_type(self, d: Decision) -> Any:
        return self.rng.choice(d.option_values())

    choose_mode = choose_color = yes_no = choose_cards = choose_sacrifice = choose_legend = _some
    scry = surveil = search = order_cards = choose_replacement = prevention_order = _some
    sacrifice_cost = discard_cost = counter_cost = discard = bottom = choose_costs = _some
    reveal_cost = _some
    move_cost = _some

    def tap_cost(self, d: TapCost) -> Any:
        order = d.option_values()
        self.rng.shuffle(order)
        return d.fewest(order)
