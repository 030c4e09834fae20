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

from typing import Any, Callable

from ..engine.decisions import (AssignDamage, ChooseColor, ChooseCreatureType, ChooseMode, ChooseX, ConvokeCost, Decision, DeclareAttackers,
                                DeclareBlockers, Divide, IllegalAnswer, Mulligan, Pay, Priority, TapCost, Targets,
                                YesNo)
from ..engine.dispatch import DecisionHandler, dispatch
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
        if isinstance(d, Priority) and not d.can_act(mana=False):
            return {"action": "pass"}     # nothing to do but pass (mana alone does nothing)
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
        board = Board(GameView(game, viewer=d.player, still=True), d.player, self.known_hand)
        return dispatch(d, Policy(self, game, board))

    def priority(self, game: Game, board: Board, d: Decision) -> Any:
        memo = self.memo
        memo.note_step(board.view.turn, board.step)
        if memo.actions_this_step >= MAX_ACTIONS_PER_STEP:
            return {"action": "pass"}
        view = board.view
        options = view.legal_actions(board.me, mana=False)
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


def _by(policy: Callable[[Board, Any], Any]) -> Callable[[Any, Any], Any]:
    """A Policy method that answers with one of the choices module's policies."""
    return lambda self, d: policy(self.board, d)


class Policy(DecisionHandler[Any]):
    """How the computer answers each kind of decision, at its level."""

    def __init__(self, player: ComputerPlayer, game: Game, board: Board) -> None:
        self.player = player
        self.game = game
        self.board = board

    def priority(self, d: Priority) -> Any:
        return self.player.priority(self.game, self.board, d)

    def _looked_ahead(self, plan: str, d: Decision) -> Any:
        """The look-ahead's answer (its ``attack`` or ``block``), at levels that look ahead; else None."""
        if not self.player.level.lookahead:
            return None
        return getattr(self.player._look(), plan)(self.game, self.board, d)

    def declare_attackers(self, d: DeclareAttackers) -> Any:
        ans = self._looked_ahead("attack", d)
        return ans if ans is not None else plan_attack(self.board, d, naive=self.player.level.naive_combat)

    def declare_blockers(self, d: DeclareBlockers) -> Any:
        ans = self._looked_ahead("block", d)
        if ans is None:
            ans = plan_blocks(self.board, d, self.board.view.combat(), naive=self.player.level.naive_combat)
        return d.obeying(ans)     # blocks that "must block" or "must be blocked" call for (509.1c)

    def mulligan(self, d: Mulligan) -> Any:
        return "keep" if keep(self.board.hand, d.mulligans) else "mulligan"

    def pay(self, d: Pay) -> Any:
        if d.possible:
            return "auto"
        return "cancel" if d.cancellable else "auto"

    def choose_x(self, d: ChooseX) -> Any:
        return d.max

    bottom = _by(choices.bottom)
    targets = _by(choices.targets)
    discard = discard_cost = _by(choices.discard)
    order_triggers = _by(choices.order_triggers)
    damage_order = _by(choices.damage_order)
    assign_damage = _by(choices.assign_damage)
    choose_color = _by(choices.color)
    choose_creature_type = _by(choices.creature_type)
    yes_no = _by(choices.may)
    scry = _by(choices.scry)
    search = _by(choices.search)
    choose_sacrifice = sacrifice_cost = counter_cost = _by(choices.least_valuable)
    move_cost = _by(choices.least_valuable)
    tap_cost = _by(choices.tap_for_cost)
    reveal_cost = _by(choices.pick_cards)
    choose_legend = _by(choices.legend)
    choose_cards = _by(choices.pick_cards)
    choose_costs = _by(choices.optional_costs)

    def convoke_cost(self, d: ConvokeCost) -> Any:
        """The fewest creatures that leave a cost its mana pays (none when mana alone pays it)."""
        if d.fewest is None:
            return "cancel" if d.cancellable else []
        return list(d.fewest)
    divide = _by(choices.divide)

    def _first_ones(self, d: Decision) -> Any:
        """The first of the choices, as many as asked (modes, cards kept on top in their order, the first
        effect to apply)."""
        return d.option_values()[: d.min]

    surveil = order_cards = choose_replacement = prevention_order = _first_ones
    choose_mode = _by(choices.modes)


def safe_answer(d: Decision) -> Any:
    """A legal answer that needs no judgement."""
    return dispatch(d, SafeAnswer())


class SafeAnswer(DecisionHandler[Any]):
    """A legal answer to each kind of decision that needs no judgement."""

    def priority(self, d: Priority) -> Any:
        return {"action": "pass"}

    def declare_attackers(self, d: DeclareAttackers) -> Any:
        return [[c, d.defenders[0]] for c in d.must_attack] if d.defenders else []

    def declare_blockers(self, d: DeclareBlockers) -> Any:
        return d.obeying([])

    def _as_listed(self, d: Decision) -> Any:
        return d.option_values()

    damage_order = order_triggers = order_cards = _as_listed

    def assign_damage(self, d: AssignDamage) -> Any:
        return [list(x) for x in d.auto]

    def mulligan(self, d: Mulligan) -> Any:
        return "keep"

    def pay(self, d: Pay) -> Any:
        return "auto" if d.possible or not d.cancellable else "cancel"

    def targets(self, d: Targets) -> Any:
        if d.cancellable:
            return "cancel"
        return [list(row["options"][: row["min"]]) for row in d.specs]

    def choose_x(self, d: ChooseX) -> Any:
        return d.min

    def yes_no(self, d: YesNo) -> Any:
        return "no"

    def choose_mode(self, d: ChooseMode) -> Any:
        return d.option_values()[: d.min] if d.options else "cancel"

    def choose_color(self, d: ChooseColor) -> Any:
        return d.options[0].value if d.options else "white"

    def choose_creature_type(self, d: ChooseCreatureType) -> Any:
        return d.options[0].value

    def divide(self, d: Divide) -> Any:
        return choices.divide(None, d)

    def _fewest(self, d: Decision) -> Any:
        return d.option_values()[: d.min]

    choose_cards = choose_sacrifice = choose_legend = scry = surveil = search = choose_replacement = _fewest
    prevention_order = sacrifice_cost = discard_cost = counter_cost = discard = bottom = choose_costs = \
        _fewest
    reveal_cost = _fewest
    move_cost = _fewest

    def tap_cost(self, d: TapCost) -> Any:
        return d.fewest(d.option_values())

    def convoke_cost(self, d: ConvokeCost) -> Any:
        if d.fewest is None:
            return "cancel" if d.cancellable else []
        return list(d.fewest)
