"""What the screen shows, read from a GameView at one moment.

The screen draws from a snapshot, never from the live game, so that drawing
never races a computer player thinking in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.decisions import Decision, Option, Targets
from ..engine.log import LogEntry
from ..engine.view import GameView, ObjectView, PlayerView, StackItemView


@dataclass(frozen=True)
class TargetRow:
    polarity: str                 # "harmful" | "helpful" | "neutral"
    order: tuple[int, ...]
    mine: frozenset[int]


@dataclass
class Snapshot:
    turn: int
    step: str
    step_name: str
    active: int
    viewer: int
    pending: Decision | None
    deciding: int | None
    priority: int | None
    players: list[PlayerView]
    battlefield: dict[int, list[ObjectView]]
    hand: list[ObjectView] | None
    stack: list[StackItemView]
    combat: dict[str, Any] | None
    log: list[LogEntry]
    actions: list[Option] = field(default_factory=list)     # the viewer's priority actions
    mana_actions: list[Option] = field(default_factory=list)
    objects: dict[int, ObjectView] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    over: bool = False
    winner: int | None = None
    is_draw: bool = False
    seed: int = 0
    # For a targets decision of the viewer: per target word, whether it harms or helps what it names,
    # its choices in the order a player expects, and those on the viewer's side.
    target_rows: list[TargetRow] = field(default_factory=list)
    # The mana cost of each half of a split card the viewer may cast now, by (card, half) (708.3).
    half_costs: dict[tuple[int, int], str] = field(default_factory=dict)

    def name(self, oid: int | None) -> str:
        if oid is None:
            return "?"
        if oid in self.names:
            return self.names[oid]
        for p in self.players:
            if p.id == oid:
                return p.name
        o = self.objects.get(oid)
        return o.name if o else f"#{oid}"

    def opponent(self, player: int) -> int:
        return 1 - player

    def actions_for(self, oid: int) -> list[Option]:
        """The viewer's priority actions that use this card or permanent (mana abilities last)."""
        out = [o for o in self.actions if o.value.get("card") == oid or o.value.get("source") == oid]
        out += [o for o in self.mana_actions if o.value.get("source") == oid]
        return out

    def playable_elsewhere(self) -> list[tuple[int, ObjectView | None, str]]:
        """The cards and objects the viewer may use now from a zone other than the hand and the battlefield
        (a graveyard, exile, the top of a library): each with its view when the viewer may see it, and the
        first action's label."""
        hand = {o.id for o in self.hand or ()}
        seen: dict[int, tuple[int, ObjectView | None, str]] = {}
        for opt in self.actions:
            v = opt.value
            oid = v.get("card") if v.get("action") in ("play", "cast") else \
                v.get("source") if v.get("action") == "activate" else None
            if oid is None or oid in hand or oid in seen:
                continue
            o = self.objects.get(oid)
            if o is not None and o.zone == "battlefield":
                continue
            seen[oid] = (oid, o, opt.label)
        return list(seen.values())

    @property
    def playable(self) -> set[int]:
        ids = set()
        for o in self.actions:
            v = o.value
            if v.get("action") in ("play", "cast"):
                ids.add(v["card"])
            elif v.get("action") == "activate":
                ids.add(v["source"])
        return ids


def take(view: GameView, viewer: int) -> Snapshot:
    """Read everything the screen shows for ``viewer`` (who sits at the keyboard)."""
    g = view
    pending = g.pending
    players = g.players
    bf: dict[int, list[ObjectView]] = {0: [], 1: []}
    objects: dict[int, ObjectView] = {}
    for o in g.battlefield():
        bf.setdefault(o.controller, []).append(o)
        objects[o.id] = o
    hand = g.hand(viewer)
    for o in hand or []:
        objects[o.id] = o
    for p in players:
        for o in p.graveyard + p.exile + p.emblems:
            objects[o.id] = o
    stack = g.stack()
    names: dict[int, str] = {}
    for s in stack:
        for t, name in s.targets:
            names[t] = name
    combat = g.combat()
    if combat:
        for a, d in combat["attackers"].items():
            names.setdefault(d, g.describe(d))
            names.setdefault(a, g.describe(a))
        for b, atts in combat["blockers"].items():
            for a in atts:
                names.setdefault(a, g.describe(a))
    for o in list(objects.values()):
        if o.attached_to is not None:
            names.setdefault(o.attached_to, g.describe(o.attached_to))
        for a in o.attachments:
            names.setdefault(a, g.describe(a))
    actions: list[Option] = []
    mana: list[Option] = []
    if pending is not None and pending.kind == "priority" and pending.player == viewer:
        for o in g.legal_actions(viewer):
            if o.value.get("action") == "pass":
                continue
            (mana if view.is_mana_ability(o) else actions).append(o)
    half_costs = {}
    for o in actions:
        if o.value.get("half") is not None:
            half = view.cast_view(o)
            if half is not None:
                half_costs[(o.value["card"], o.value["half"])] = half.mana_cost
    if pending is not None:
        for opt in pending.options:
            if isinstance(opt.value, int) and opt.value not in names:
                names[opt.value] = g.describe(opt.value)
        for spec in pending.specs if isinstance(pending, Targets) else []:
            for i in spec.get("options", []):
                names.setdefault(i, g.describe(i))
    return Snapshot(
        target_rows=target_rows(view, pending, viewer) if isinstance(pending, Targets)
        and pending.player == viewer else [],
        turn=g.turn, step=g.step, step_name=g.step_name, active=g.active, viewer=viewer,
        pending=pending, deciding=pending.player if pending is not None else None,
        priority=g.priority_player, players=players, battlefield=bf, hand=hand, stack=stack,
        combat=combat, log=list(g.log()), actions=actions, mana_actions=mana, objects=objects, names=names,
        over=g.over, winner=g.winner, is_draw=g.is_draw, seed=g.seed, half_costs=half_costs)


def target_rows(view: GameView, d: Targets, viewer: int) -> list[TargetRow]:
    """Each target word's choices ordered by the computer's own judgement of harm and help (from the
    compiled abilities): harm lists the opponent's side first, help the viewer's."""
    from ..ai.judgement import ordered_targets, side_of, target_polarity
    rows = []
    for i, spec in enumerate(d.specs):
        order = tuple(ordered_targets(view, d, i))
        mine = frozenset(o for o in order if isinstance(o, int) and side_of(view, o) == viewer)
        rows.append(TargetRow(target_polarity(view, d, i), order, mine))
    return rows
