"""Hard level: try candidate lines on copies of the game and keep the one that ends best.

Where the normal policy has a real choice — a main-phase play, an instant
at a moment that matters (a spell of the opponent's on the stack, their
attack, blocks, their end step), a declaration of attackers or of blockers
— it proposes its answer and the look-ahead adds alternatives: the other
plays and passing; for attacks every subset of up to five attackers (or,
with more, one more or one fewer than the normal plan, all and none); for
blocks the plan with one pair less, one more, or none. Each candidate is
answered on a copy of the game (``engine.snapshot.copy_game``: its state
copied and its flow restarted from the copy, or where that can't be done
the game replayed from its record, exact because the engine is
deterministic), the game is
played on by normal-level policies until a turn boundary (the start of our
next turn from our own turn, the start of the opponent's next turn from
theirs), and the position there is scored (``evaluate.position``). The best
score wins; ties go to the normal answer.

No peeking: on the copies, the opponent plays nothing from its hand and its
policy doesn't even look at it (its hand is hidden from us); we play, and
look at, only the cards that were in our hand or in a public zone when the
line started (a Rancor that returns to hand may be cast again; what we
would draw stays unknown, our library's order being hidden too). Both still attack, block and use their
permanents' abilities.

The budget is a count, not a clock: at most ``level.lines`` candidates per
decision, each played for at most ``level.line_decisions`` decisions, and
at most ``level.work`` work units in all, where a copy costs 1 unit per
``SNAPSHOT_OBJECTS`` objects in the game (1 unit per answer replayed, where
the game must be replayed) and simulating one decision costs
``DECISION_COST`` units, scaled by the size of the battlefield (a crowded
board makes every step slower). A given position therefore always gets the same answer,
whatever the machine; the units are calibrated so that a decision stays
under a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..engine.decisions import Decision, DeclareAttackers, DeclareBlockers, IllegalAnswer
from ..engine.game import Game
from ..engine.snapshot import can_snapshot, copy_game
from ..engine.view import GameView
from .attack import plan_attack
from .block import plan_blocks
from .board import Board
from .evaluate import position
from .levels import NORMAL, Level
from .main_phase import MIN_SCORE
from .plays import candidate_plays
from .targeting import aimed_first

DECISION_COST = 6        # a simulated decision costs about six replayed answers
SNAPSHOT_OBJECTS = 4     # copying the state costs about one replayed answer per four objects
REACTIVE = ("counter", "removal", "burn", "trick", "pump", "fog", "regen", "sac_ping", "bounce", "tap", "creature",
            "tokens", "ping", "draw")


@dataclass(frozen=True)
class Looked:
    """One decision the look-ahead weighed, for measurement: its kind (``LOOKED_AT``), the turn, each
    candidate's score (normal's answer first) and the candidate taken (0: normal's answer)."""
    kind: str
    turn: int
    scores: tuple[float, ...]
    chosen: int


class LookAhead:
    def __init__(self, level: Level) -> None:
        self.level = level
        self.work_used = 0          # the last decision's work (for measurement)
        self.lines_tried = 0
        self.decisions = 0          # decisions that were looked ahead at
        self.last: Looked | None = None   # the last of them

    # -- candidates ----------------------------------------------------------------

    def priority(self, game: Game, board: Board, d: Decision, options: list[Any], normal: Any,
                 main: bool) -> Any:
        kind = "main" if main else "instant"
        if kind not in self.level.look_at or any(o.value.get("action") == "play" for o in options):
            return normal        # not weighed at this level, or the land for the turn: no need to look
        cands: list[Any] = [normal if normal is not None else {"action": "pass"}]
        plays = candidate_plays(board, options)
        if main:
            plays = [p for p in plays if (p.timing == "main" or p.kind in ("removal", "burn", "loyalty"))
                     and p.score >= MIN_SCORE.get(p.kind, 0.5)]
        else:
            if not self._moment_matters(board):
                return normal
            plays = [p for p in plays if p.kind in REACTIVE and p.action.get("action") in ("cast", "activate")]
            plays = [p for p in plays if _has_targets_or_none(board, p)]
        plays.sort(key=lambda p: (-p.score, p.name))
        for p in plays:
            a = _complete(board, p)
            if a is not None and a not in cands:
                cands.append(a)
        if {"action": "pass"} not in cands:
            cands.append({"action": "pass"})
        cands = _legal_unique_actions(d, cands)[: self.level.lines]
        if len(cands) <= 1:
            return normal
        return self._best(game, d, cands, len(board.permanents), kind)

    def _moment_matters(self, board: Board) -> bool:
        if board.stack:
            return board.stack[0].controller != board.me
        if board.my_turn:
            return board.step == "declare_blockers"
        return board.step in ("declare_attackers", "declare_blockers", "end", "beginning_of_combat")

    def attack(self, game: Game, board: Board, d: DeclareAttackers) -> Any:
        plan = plan_attack(board, d)
        player_id = board.opp + 1
        if player_id not in d.defenders or "attack" not in self.level.look_at:
            return plan
        able = [c for c in d.candidates if c in board.creatures and board.creatures[c].combat_damage > 0]
        must = list(d.must_attack)
        chosen = [a for a, _ in plan]
        cands: list[Any] = [plan]
        free = [c for c in able if c not in must]
        if len(free) <= 5:
            subsets = [list(s) for k in range(len(free) + 1) for s in combinations(free, k)]
            # the biggest changes from the plan last
            subsets.sort(key=lambda s: (len(set(s) ^ set(chosen)), len(s)))
            for s in subsets:
                cands.append([[c, _target_of(plan, c, player_id)] for c in list(must) + s])
        else:
            cands.append([[c, player_id] for c in must])
            cands.append([[c, player_id] for c in list(must) + free])
            for a in chosen:
                if a not in must:
                    cands.append([p for p in plan if p[0] != a])
            for c in free:
                if c not in chosen:
                    cands.append(plan + [[c, player_id]])
        cands = _legal_unique(d, cands)[: self.level.lines]
        if len(cands) <= 1:
            return plan
        return self._best(game, d, cands, len(board.permanents), "attack")

    def block(self, game: Game, board: Board, d: DeclareBlockers) -> Any:
        plan = plan_blocks(board, d, board.view.combat())
        if "block" not in self.level.look_at:
            return plan
        cands: list[Any] = [plan, []]
        for pair in plan:
            cands.append([p for p in plan if p != pair])
        used = {b for b, _ in plan}
        blocked = {a for _, a in plan}
        options: dict[int, list[int]] = {int(k): list(v) for k, v in d.can_block.items()}
        for b, atts in sorted(options.items()):
            if b in used:
                continue
            for a in atts:
                if a not in blocked:
                    cands.append(plan + [[b, a]])
        for b, a in plan:
            for other in options.get(b, []):
                if other != a:
                    cands.append([p for p in plan if p[0] != b] + [[b, other]])
        cands = _legal_unique(d, cands)[: self.level.lines]
        if len(cands) <= 1:
            return plan
        return self._best(game, d, cands, len(board.permanents), "block")

    # -- playing lines -------------------------------------------------------------

    def _best(self, game: Game, d: Decision, cands: list[Any], permanents: int, kind: str) -> Any:
        me = d.player
        budget = self.level.work
        per_line = self.level.line_decisions
        # Simulating costs more on a crowded battlefield: scale the units by its size. A copy costs by
        # the number of objects it copies, or (where the game can't be copied) by the answers replayed.
        scale = (13 + permanents) / 26
        if can_snapshot(game):
            copy_cost = (len(game.objects) + SNAPSHOT_OBJECTS - 1) // SNAPSHOT_OBJECTS
        else:
            copy_cost = int((len(game.record) + 1) * scale)
        known = known_cards(GameView(game, viewer=me), me)
        best: tuple[float, int] | None = None
        scores: list[float] = []
        self.work_used = 0
        self.lines_tried = 0
        self.decisions += 1
        for i, cand in enumerate(cands):
            if i > 0 and self.work_used + copy_cost + int(DECISION_COST * per_line * scale) > budget:
                break
            score, used = self._line(game, me, cand, known, per_line)
            self.work_used += copy_cost + int(DECISION_COST * used * scale)
            self.lines_tried += 1
            scores.append(score)
            if best is None or score > best[0] + 1e-6:
                best = (score, i)
        chosen = best[1] if best is not None else 0
        self.last = Looked(kind, game.turn, tuple(scores), chosen)
        return cands[chosen]

    def _line(self, game: Game, me: int, answer: Any, known: frozenset[int], limit: int) -> tuple[float, int]:
        from .agent import ComputerPlayer
        g = copy_game(game)
        try:
            g.answer(me, answer)
        except IllegalAnswer:
            return -1e9, 0
        root_turn = GameView(game).turn
        stop_turn = root_turn + self.level.horizon
        mine = ComputerPlayer(NORMAL, hand_filter=_only(known), known_hand=_known(known))
        theirs = ComputerPlayer(NORMAL, hand_filter=_no_hand, known_hand=_blind)
        agents = {me: mine, 1 - me: theirs}
        n = 0
        while not g.over and g.pending is not None and n < limit:
            if g.turn > stop_turn:
                break
            dd = g.pending
            g.answer(dd.player, agents[dd.player].decide(g, dd))
            n += 1
        return position(GameView(g, viewer=me), me), n


def _target_of(plan: list[list[int]], c: int, default: int) -> int:
    for a, t in plan:
        if a == c:
            return t
    return default


def _has_targets_or_none(board: Board, p: Any) -> bool:
    t = p.action.get("targets")
    return t is not None or p.kind in ("counter",)


def _complete(board: Board, p: Any) -> dict[str, Any] | None:
    """A play's action with its targets filled in (a counterspell aims at the top of the stack)."""
    a = dict(p.action)
    if p.kind == "counter":
        if not board.stack:
            return None
        top = board.stack[0]
        if top.controller == board.me:
            return None
        rows = board.view.action_targets(board.me, a)
        if not rows or top.id not in rows[0]["options"]:
            return None
        a["targets"] = aimed_first([top.id], rows)
        if a["targets"] is None:
            return None
    if p.kind == "trick" and a.get("targets") is None:
        rows = board.view.action_targets(board.me, a)
        mine = [o for o in (rows[0]["options"] if rows else []) if o in board.creatures
                and board.creatures[o].controller == board.me
                and (board.creatures[o].view.attacking is not None or board.creatures[o].view.blocking)]
        if not mine:
            return None
        a["targets"] = aimed_first([mine[0]], rows)
        if a["targets"] is None:
            return None
    return a


def _legal_unique(d: Decision, cands: list[Any]) -> list[Any]:
    out: list[Any] = []
    seen: set[Any] = set()
    for c in cands:
        key = tuple(sorted(tuple(x) for x in c))
        if key in seen:
            continue
        try:
            d.validate(c)
        except IllegalAnswer:
            continue
        seen.add(key)
        out.append(c)
    return out


def _legal_unique_actions(d: Decision, cands: list[Any]) -> list[Any]:
    out: list[Any] = []
    for c in cands:
        if c in out:
            continue
        try:
            d.validate(c)
        except IllegalAnswer:
            continue
        out.append(c)
    return out


def known_cards(view: GameView, me: int) -> frozenset[int]:
    """The physical cards (uids) of ours we may know about on a copy: those in our hand and those of ours
    in public zones now (a Rancor that returns to hand on a line may be cast again), never a card still
    in our library (what we'd draw)."""
    mine = list(view.hand(me) or []) + [o for o in view.battlefield() if o.owner == me]
    p = view.player(me)
    mine += list(p.graveyard) + list(p.exile)
    return frozenset(o.uid for o in mine)


def _only(known: frozenset[int]) -> Any:
    def allowed(board: Board, action: dict[str, Any]) -> bool:
        if action.get("action") in ("cast", "play"):
            card = board.view.find(action.get("card"))
            return card is not None and card.uid in known
        return True
    return allowed


def _known(known: frozenset[int]) -> Any:
    def cards_known(cards: list[Any]) -> list[Any]:
        return [c for c in cards if c.uid in known]
    return cards_known


def _blind(cards: list[Any]) -> list[Any]:
    return []


def _no_hand(board: Board, action: dict[str, Any]) -> bool:
    return action.get("action") not in ("cast", "play")
