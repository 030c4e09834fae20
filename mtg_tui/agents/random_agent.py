"""An agent that picks uniformly among the legal answers (for testing and measurement)."""

from __future__ import annotations

import random
from typing import Any

from ..engine.casting import legal_actions
from ..engine.decisions import Decision, IllegalAnswer
from ..engine.game import Game


class RandomAgent:
    """Uniform choices, from its own seeded generator (so games stay reproducible)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def decide(self, game: Game, d: Decision) -> Any:
        kind = d.kind
        rng = self.rng
        if kind == "priority":
            options = legal_actions(game, d.player)
            return dict(rng.choice(options).value)
        if kind == "mulligan":
            return rng.choice(["keep", "mulligan"])
        if kind == "declare_attackers":
            cands = d.data["candidates"]
            defenders = d.data["defenders"]
            for _ in range(20):
                pick = [[c, rng.choice(defenders)] for c in cands if rng.random() < 0.5]
                try:
                    d.validate(pick)
                    return pick
                except IllegalAnswer:
                    continue
            return [[c, defenders[0]] for c in d.data["must_attack"]]
        if kind == "declare_blockers":
            opts: dict[int, list[int]] = d.data["options"]
            for _ in range(20):
                pick = []
                for b, atts in opts.items():
                    choice = rng.choice([None] + list(atts))
                    if choice is not None:
                        pick.append([b, choice])
                try:
                    d.validate(pick)
                    return pick
                except IllegalAnswer:
                    continue
            return []
        if kind in ("damage_order", "order_triggers"):
            vals = d.option_values()
            rng.shuffle(vals)
            return vals
        if kind == "assign_damage":
            return [list(x) for x in d.data["auto"]]
        if kind == "targets":
            return self._targets(d)
        if kind == "pay":
            return "auto"
        if kind == "choose" and d.subkind == "x":
            return rng.randint(d.data.get("min", 0), d.data.get("max", 0))
        vals = d.option_values()
        if not vals:
            return []
        n = rng.randint(d.min, max(d.min, min(d.max, len(vals))))
        return rng.sample(vals, n)

    def _targets(self, d: Decision) -> Any:
        rows = d.data["specs"]
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
