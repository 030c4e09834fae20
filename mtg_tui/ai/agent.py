"""The computer opponent: one object that answers every decision for one player.

``ComputerPlayer(level).decide(game, decision)`` reads the game through a
``GameView`` with itself as the viewer (so it sees only what that player
may see), picks an answer with the policies of this package, checks it
against the decision (the same check ``game.answer`` makes) and, should a
policy ever produce something the rules refuse, falls back to a plain
legal answer (passing, no attackers, the automatic payment...). Fallbacks
are counted in ``fallbacks``; tests keep that at zero.
"""

from __future__ import annotations

from typing import Any

from ..engine.decisions import Decision, IllegalAnswer
from ..engine.game import Game
from ..engine.view import GameView
from . import choices
from .attack import plan_attack
from .block import plan_blocks
from .board import Board, Memo
from .instant import instant_action
from .levels import Level
from .levels import level as level_named
from .main_phase import main_action
from .mulligan import keep
from .stalemate import StallWatch

MAX_ACTIONS_PER_STEP = 40


class ComputerPlayer:
    """A scripted opponent. ``level``: "easy", "normal" or "hard" (or a ``Level``)."""

    def __init__(self, level: str | Level = "normal", *, strict: bool = False,
                 hand_filter: Any = None, known_hand: Any = None) -> None:
        self.level = level_named(level) if isinstance(level, str) else level
        self.strict = strict            # re-raise a policy's errors instead of falling back (tests)
        self.fallbacks: list[str] = []
        self.memo = Memo()
        self.hand_filter = hand_filter  # look-ahead: which actions may use the hand (None: all)
        self.known_hand = known_hand    # look-ahead: which hand cards it may even know about (None: all)
        self._lookahead: Any = None
        self.decision_count = 0
        self.stall = StallWatch()

    # ------------------------------------------------------------------

    def agrees_to_draw(self, game: Game) -> bool:
        """Would this player agree to end the game as a draw (104.4i)? Only when it is going nowhere."""
        return self.stall.stalled(game)

    def decide(self, game: Game, d: Decision) -> Any:
        self.decision_count += 1
        self.stall.see(game)
        try:
            answer = self._decide(game, d)
            d.validate(answer)
            return answer
        except IllegalAnswer as e:
            if self.strict:
                raise AssertionError(f"the computer gave an illegal answer to {d!r}: {e.reason}") from None
            self.fallbacks.append(f"{d.kind}: {e.reason}")
        except Exception as e:  # a policy's bug must never stall a game
            if self.strict:
                raise
            self.fallbacks.append(f"{d.kind}: {type(e).__name__}: {e}")
        return safe_answer(d)

    def _decide(self, game: Game, d: Decision) -> Any:
        me = d.player
        view = GameView(game, viewer=me)
        board = Board(view, me, self.known_hand)
        kind = d.kind
        if kind == "priority":
            return self.priority(game, board, d)
        if kind == "declare_attackers":
            if self.level.lookahead:
                ans = self._look().attack(game, board, d)
                if ans is not None:
                    return ans
            return plan_attack(board, d.data, naive=self.level.naive_combat)
        if kind == "declare_blockers":
            if self.level.lookahead:
                ans = self._look().block(game, board, d)
                if ans is not None:
                    return ans
            return plan_blocks(board, d.data, view.combat(), naive=self.level.naive_combat)
        if kind == "mulligan":
            hand = board.hand
            return "keep" if keep(hand, d.data.get("mulligans", 0)) else "mulligan"
        if kind == "bottom":
            return choices.bottom(board, d)
        if kind == "targets":
            return choices.targets(board, d)
        if kind == "choose":
            return choices.choose_decision(board, d)
        if kind == "discard":
            return choices.discard(board, d)
        if kind == "order_triggers":
            return choices.order_triggers(board, d)
        if kind == "damage_order":
            return choices.damage_order(board, d)
        if kind == "assign_damage":
            return choices.assign_damage(board, d)
        if kind == "pay":
            if d.data.get("possible", True):
                return "auto"
            return "cancel" if d.cancellable else "auto"
        return safe_answer(d)

    def priority(self, game: Game, board: Board, d: Decision) -> Any:
        memo = self.memo
        memo.note_step(board.view.turn, board.step)
        if memo.actions_this_step >= MAX_ACTIONS_PER_STEP:
            return {"action": "pass"}
        view = board.view
        options = [o for o in view.legal_actions(board.me)
                   if o.value.get("action") == "pass" or not view.is_mana_ability(o.value)]
        if self.hand_filter is not None:
            options = [o for o in options if self.hand_filter(board, o.value)]
        if len(options) <= 1:
            return {"action": "pass"}
        action = None
        main = board.my_turn and board.step in ("main1", "main2") and not board.stack
        if main:
            action = main_action(board, options, self.level)
        if action is None:
            action = instant_action(board, options, self.level, memo)
        if self.level.lookahead:
            action = self._look().priority(game, board, d, options, action, main)
        if action is None or action.get("action") == "pass":
            return {"action": "pass"}
        memo.actions_this_step += 1
        return action

    def main_policy(self, board: Board, options: list[Any]) -> dict[str, Any] | None:
        return main_action(board, options, self.level)

    def _look(self) -> Any:
        if self._lookahead is None:
            from .lookahead import LookAhead
            self._lookahead = LookAhead(self.level)
        return self._lookahead


def safe_answer(d: Decision) -> Any:
    """A legal answer that needs no judgement."""
    kind = d.kind
    if kind == "priority":
        return {"action": "pass"}
    if kind == "declare_attackers":
        defenders = d.data.get("defenders") or []
        return [[c, defenders[0]] for c in d.data.get("must_attack", [])] if defenders else []
    if kind == "declare_blockers":
        return []
    if kind in ("damage_order", "order_triggers"):
        return d.option_values()
    if kind == "assign_damage":
        return [list(x) for x in d.data.get("auto", [])]
    if kind == "mulligan":
        return "keep"
    if kind == "pay":
        return "auto" if d.data.get("possible", True) or not d.cancellable else "cancel"
    if kind == "targets":
        if d.cancellable:
            return "cancel"
        return [list(row["options"][: row["min"]]) for row in d.data["specs"]]
    if kind == "choose":
        if d.subkind == "x":
            return d.data.get("min", 0)
        if d.subkind == "yes_no":
            return "no"
        if d.subkind == "mode":
            return [d.options[0].value] if d.options else "cancel"
        if d.subkind == "color":
            return d.options[0].value if d.options else "white"
    return d.option_values()[: d.min]
