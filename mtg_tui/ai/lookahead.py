"""Hard level: try the candidate lines on copies of the game and keep the one that ends best.

At a main-phase play, a declaration of attackers or of blockers, the normal
policy proposes its answer and a few alternatives (other plays, passing;
attacking with one creature more or less, all or none; blocking one pair
less or one chump more). Each candidate is answered on a fork of the game
(``engine.record.fork``: the game replayed from its record, exact because
the engine is deterministic) and the game is played on by normal-level
policies until our next turn begins, then the position is scored
(``evaluate.position``). The best score wins; ties go to the normal answer.

No peeking: on the copies, the opponent plays nothing from its hand (its
hand is hidden from us) and we play only the cards that were in our hand
when the line started (our library's order is hidden too). Both still
attack, block and use their permanents' abilities.

The budget is a count, not a clock: at most ``level.lines`` candidates,
each played for at most ``level.line_decisions`` decisions, and at most
``level.work`` units in all (answers replayed to make the copies plus
decisions simulated). So a given position always gets the same answer.
"""

from __future__ import annotations

from typing import Any

from ..engine.decisions import Decision, IllegalAnswer
from ..engine.game import Game
from ..engine.record import fork
from ..engine.view import GameView
from .attack import plan_attack
from .block import plan_blocks
from .board import Board
from .evaluate import position
from .levels import NORMAL, Level
from .main_phase import MIN_SCORE, main_action
from .plays import candidate_plays


class LookAhead:
    def __init__(self, level: Level) -> None:
        self.level = level
        self.work_used = 0          # last decision's work (for measurement)
        self.lines_tried = 0

    # -- candidates ----------------------------------------------------------------

    def main(self, agent: Any, game: Game, board: Board, d: Decision, options: list[Any]) -> Any:
        base = main_action(board, options, NORMAL)
        if any(o.value.get("action") == "play" for o in options):
            return base   # the land for the turn: no need to look
        cands: list[Any] = [base if base is not None else {"action": "pass"}]
        plays = candidate_plays(board, options, for_main=True)
        plays = [p for p in plays if p.timing == "main" and p.score >= MIN_SCORE.get(p.kind, 0.5)]
        plays.sort(key=lambda p: (-p.score, p.name))
        for p in plays:
            if p.action not in cands:
                cands.append(p.action)
        if {"action": "pass"} not in cands:
            cands.append({"action": "pass"})
        cands = cands[: self.level.lines]
        if len(cands) <= 1:
            return base
        best = self._best(game, d, cands)
        if best == {"action": "pass"} and base is None:
            return None          # let the instant-speed policy have its say
        return best

    def attack(self, agent: Any, game: Game, board: Board, d: Decision) -> Any:
        plan = plan_attack(board, d.data)
        player_id = board.opp + 1
        cands: list[Any] = [plan]
        chosen = [a for a, _ in plan]
        must = set(d.data.get("must_attack", []))
        if plan and not must:
            cands.append([])
        everyone = [[c, player_id] for c in d.data["candidates"]
                    if c in board.creatures and board.creatures[c].combat_damage > 0]
        cands.append(everyone)
        for a in chosen:
            if a not in must:
                cands.append([p for p in plan if p[0] != a])
        for c in d.data["candidates"]:
            if c not in chosen and c in board.creatures and board.creatures[c].combat_damage > 0:
                cands.append(plan + [[c, player_id]])
        cands = _legal_unique(d, cands)[: self.level.lines]
        if len(cands) <= 1:
            return plan
        return self._best(game, d, cands)

    def block(self, agent: Any, game: Game, board: Board, d: Decision) -> Any:
        view = board.view
        plan = plan_blocks(board, d.data, view.combat())
        cands: list[Any] = [plan, []]
        for pair in plan:
            cands.append([p for p in plan if p != pair])
        used = {b for b, _ in plan}
        blocked = {a for _, a in plan}
        options: dict[int, list[int]] = {int(k): list(v) for k, v in d.data["options"].items()}
        extra = []
        for b, atts in sorted(options.items()):
            if b in used:
                continue
            for a in atts:
                if a not in blocked:
                    extra.append(plan + [[b, a]])
        cands += extra
        cands = _legal_unique(d, cands)[: self.level.lines]
        if len(cands) <= 1:
            return plan
        return self._best(game, d, cands)

    # -- playing lines -------------------------------------------------------------

    def _best(self, game: Game, d: Decision, cands: list[Any]) -> Any:
        me = d.player
        budget = self.level.work
        per_line = self.level.line_decisions
        replay_cost = len(game.record)
        hand_ids = frozenset(o.id for o in (GameView(game, viewer=me).hand(me) or []))
        best: tuple[float, int] | None = None
        self.work_used = 0
        self.lines_tried = 0
        for i, cand in enumerate(cands):
            if self.work_used + replay_cost + per_line > budget and i > 0:
                break
            score, used = self._line(game, me, cand, hand_ids, per_line)
            self.work_used += replay_cost + used
            self.lines_tried += 1
            if best is None or score > best[0] + 1e-9:
                best = (score, i)
        return cands[best[1]] if best is not None else cands[0]

    def _line(self, game: Game, me: int, answer: Any, hand_ids: frozenset[int], limit: int) -> tuple[float, int]:
        from .agent import ComputerPlayer
        g = fork(game)
        try:
            g.answer(me, answer)
        except IllegalAnswer:
            return -1e9, 0
        stop_turn = game.turn + self.level.horizon
        mine = ComputerPlayer(NORMAL, hand_filter=_only(hand_ids))
        theirs = ComputerPlayer(NORMAL, hand_filter=_no_hand)
        agents = {me: mine, 1 - me: theirs}
        n = 0
        while not g.over and g.pending is not None and n < limit:
            if g.turn > stop_turn:
                break
            dd = g.pending
            g.answer(dd.player, agents[dd.player].decide(g, dd))
            n += 1
        return position(GameView(g, viewer=me), me), n


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


def _only(hand_ids: frozenset[int]) -> Any:
    def allowed(board: Board, action: dict[str, Any]) -> bool:
        if action.get("action") in ("cast", "play"):
            return action.get("card") in hand_ids
        return True
    return allowed


def _no_hand(board: Board, action: dict[str, Any]) -> bool:
    return action.get("action") not in ("cast", "play")
