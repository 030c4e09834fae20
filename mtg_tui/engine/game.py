"""The game: its state joined to the rules, the one decision it waits on, and its record.

A ``Game`` is a ``GameState`` (state.py) whose characteristics come from
the layer system (layers.py) and whose events go to the trigger check
(triggers.py). It runs its turns as a generator (``turn.run_game``) that
yields a ``Decision`` whenever a player must choose and receives the
answer. Callers only ever read the state and call ``answer()`` (or
``concede()``). Every accepted answer is appended to the record, so seed +
setup + answers replay the same game (see ``record.py``).
"""

from __future__ import annotations

from collections import Counter

from typing import Any, Generator

from .decisions import Decision, IllegalAnswer
from .events import Event
from .layers import Layered, compute_battlefield, player_flags
from .objects import LKI, Characteristics
from .state import GameState
from .triggers import check_events

Driver = Generator[Decision, Any, None]


class Game(GameState):
    """One two-player game of Magic."""

    def __init__(self, names: list[str], seed: int, cards: Any) -> None:
        super().__init__(names, seed, cards)
        self._driver: Driver | None = None

    # ------------------------------------------------------------------
    # The rules the state relies on

    def _apply_layers(self, before: Layered | None, changed: set[int] | None) -> Layered:
        return compute_battlefield(self, before, changed)

    def _rule_effects_on_players(self, chars: dict[int, Characteristics]) -> dict[int, Counter[str]]:
        return player_flags(self, chars)

    def _notice(self, events: list[Event], lookback: dict[int, LKI] | None) -> None:
        check_events(self, events, lookback)

    # ------------------------------------------------------------------
    # Running

    def start(self, driver: Driver) -> None:
        self._driver = driver
        self._advance(None, first=True)

    def _advance(self, value: Any, first: bool = False) -> None:
        assert self._driver is not None
        try:
            decision = next(self._driver) if first else self._driver.send(value)
        except StopIteration:
            self.pending = None
            return
        if self.over:
            self.pending = None
            return
        self.pending = decision

    def answer(self, player: int, answer: Any) -> None:
        """Answer the pending decision as ``player``. Raises IllegalAnswer and changes nothing if not legal."""
        d = self.pending
        if self.over or d is None:
            raise IllegalAnswer("the game is over")
        if player != d.player:
            raise IllegalAnswer(f"{self.players[player].name} is not the one deciding: "
                                f"the game waits on {self.players[d.player].name} ({d.kind})")
        value = d.validate(answer)
        self.record.append([player, answer])
        self.decisions_made += 1
        self._advance(value)

    def concede(self, player: int) -> None:
        """A player concedes at any time (104.3a)."""
        if self.over:
            raise IllegalAnswer("the game is over")
        self.record.append(["concede", player])
        p = self.players[player]
        p.conceded = True
        self.log_event(f"{p.name} concedes.", ("104.3a",), player=player)
        self.lose([p], reason="conceded")
        self._stop_if_over()

    def agree_draw(self) -> None:
        """All players agree to end the game as a draw (104.4i); like conceding, not a decision."""
        if self.over:
            raise IllegalAnswer("the game is over")
        self.record.append(["draw"])
        self.is_draw = True
        self.over = True
        self.log_event("The players agree to a draw.", ("104.4i",))
        self._stop_if_over()

    def _stop_if_over(self) -> None:
        """A game ended outside any decision: nothing is pending and the turn sequence stops."""
        if self.over:
            self.pending = None
            if self._driver is not None:
                self._driver.close()
