"""Costs (118) of activated abilities and additional costs, and the notes that limit activation (602.5)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ...engine.abilities import Cost
from ...engine.conditions import Condition
from ...engine.mana import ManaCost
from ...engine.refs import Amount, Const, ObjectFilter
from ..errors import TextError
from .base import Templates, const, const_amount, mana

# The parts of a Cost that a list of cost items adds up, and how each starts.
_EMPTY: dict[str, Any] = {"tap": False, "untap": False, "sacrifice_self": False, "exile_self": False,
                          "bottom_self": False, "sacrifice": (), "discard": (), "pay_life": 0, "remove_counters": (), "discard_self": False, "tap_others": (),
                          "tap_power": None, "counter_from": (), "reveal_self": False,
                          "exile_cards": (), "return_own": ()}


def spell_cost(cost: Cost) -> Cost:
    """A cost paid as a spell is cast (601.2f-h): the parts casting doesn't ask for yet are an error."""
    if cost.exile_cards or cost.return_own:
        raise TextError("exiling cards or returning permanents as a spell's cost isn't supported yet",
                        "exile" if cost.exile_cards else "return")
    return cost


class Costs(Templates):
    def cost_list(self, *items: dict[str, Any]) -> Cost:
        """Each cost item gives the Cost fields it sets; tuples add up, mana adds up."""
        total = ManaCost(())
        parts = dict(_EMPTY)
        for item in items:
            for key, value in item.items():
                if key == "mana":
                    total = total.plus(value)
                elif isinstance(value, tuple):
                    parts[key] = parts[key] + value
                else:
                    parts[key] = value
        return Cost(mana=total, text="", **parts)

    def cost_mana(self, tok: Token) -> dict[str, Any]:
        return {"mana": mana(tok)}

    def cost_tap(self) -> dict[str, Any]:
        return {"tap": True}

    def cost_untap(self) -> dict[str, Any]:
        return {"untap": True}

    def cost_sac_self(self) -> dict[str, Any]:
        return {"sacrifice_self": True}

    def cost_sacrifice(self, counted: tuple[int, ObjectFilter]) -> dict[str, Any]:
        return {"sacrifice": (counted,)}

    def cost_life(self, amount: Amount) -> dict[str, Any]:
        if not isinstance(amount, Const):
            raise TextError("X isn't allowed here", "x")
        return {"pay_life": amount.n}

    def cost_discard(self, amount: Amount) -> dict[str, Any]:
        return {"discard": ((const_amount(amount), ObjectFilter(zone="hand")),)}

    def cost_discard_desc(self, counted: tuple[int, ObjectFilter]) -> dict[str, Any]:
        n, flt = counted
        return {"discard": ((n, replace(flt, zone="hand")),)}

    def cost_discard_self(self) -> dict[str, Any]:
        """"Discard this card": the ability works from its owner's hand (113.6k)."""
        return {"discard_self": True}

    def cost_reveal_self(self) -> dict[str, Any]:
        """"Reveal this card from your hand": the ability works from its owner's hand (113.6k, 701.16a)."""
        return {"reveal_self": True}

    def cost_remove_counters(self, counters: tuple[int, str]) -> dict[str, Any]:
        return {"remove_counters": (counters,)}

    def cost_remove_counter_from(self, counters: tuple[int, str], counted: tuple[int, ObjectFilter]) -> dict[str, Any]:
        """"Remove a +1/+1 counter from a creature you control" (118, 602.2b): the player chooses a permanent
        of theirs with such a counter as they pay."""
        (each, kind), (n, flt) = counters, counted
        if each != 1 or n != 1 or flt.controller != "you":
            raise TextError("only \"remove a counter from a ... you control\" is supported as a cost", "remove")
        return {"counter_from": ((1, replace(flt, with_counter=kind)),)}

    def cost_exile_self(self) -> dict[str, Any]:
        """"Exile this artifact" as a cost (118.1, 406.2): paid by moving the permanent itself to exile."""
        return {"exile_self": True}

    def cost_bottom_self(self) -> dict[str, Any]:
        """"Put this creature on the bottom of its owner's library" as a cost (118.1, 602.2b): paid by moving
        the permanent itself there."""
        return {"bottom_self": True}

    def cost_exile_self_graveyard(self) -> dict[str, Any]:
        """"Exile ~ from your graveyard" as a cost: the ability works only while the card is there (113.6k)."""
        self.scope.self_from = "graveyard"
        return {"exile_self": True, "exile_from": "graveyard"}

    def cost_tap_other(self, counted: tuple[int, ObjectFilter]) -> dict[str, Any]:
        """"Tap an untapped creature you control", "tap three untapped Merfolk you control" (118, 602.2b):
        permanents the player taps as they pay, summoning sick or not (302.6 limits only {T})."""
        n, flt = counted
        if flt.tapped is not False or flt.controller != "you":
            raise TextError("only \"tap N untapped ... you control\" is supported as a cost", "tap")
        return {"tap_others": ((n, flt),)}

    def cost_tap_total_power(self, n: Token) -> dict[str, Any]:
        """"Tap any number of untapped creatures you control with total power N or more" (crew, 702.121a):
        the creatures are chosen as the cost is paid; summoning sickness doesn't stop them (302.6 is about
        a creature's own {T} abilities)."""
        return {"tap_power": const(n)}

    def cost_exile_cards(self, counted: tuple[int, ObjectFilter]) -> dict[str, Any]:
        """"Exile a creature card from your graveyard" (118, 602.2b): cards of the player's own graveyard, chosen
        as the cost is paid."""
        n, flt = counted
        if flt.zone != "graveyard" or flt.owner not in ("you", None):
            raise TextError("only \"exile ... from your graveyard\" is supported as a cost", "exile")
        return {"exile_cards": ((n, replace(flt, owner="you")),)}

    def cost_return_own(self, counted: tuple[int, ObjectFilter]) -> dict[str, Any]:
        """"Return two lands you control to their owner's hand" (118, 602.2b): permanents the player chooses
        as the cost is paid."""
        n, flt = counted
        if flt.controller != "you" or flt.zone != "battlefield":
            raise TextError("only \"return ... you control to their owner's hand\" is supported as a cost", "return")
        return {"return_own": ((n, flt),)}

    # Activation notes (602.5b): read by the activated ability's form.

    def note_cost_less_each(self, tok: Token, flt: ObjectFilter) -> tuple[int, ObjectFilter]:
        """"This ability costs {1} less to activate for each instant and sorcery card in your graveyard"
        (601.2f, 602.2b): generic mana only."""
        amount = mana(tok)
        if any(s.kind != "generic" for s in amount.symbols):
            raise TextError("only generic cost reductions are supported", amount.text)
        return amount.mana_value, flt

    def note_sorcery(self) -> str:
        return "sorcery"

    def note_once(self) -> str:
        return "once"

    def note_only_if(self, condition: Condition) -> Condition:
        """"Activate only if [condition]": a restriction on activating the ability (602.5b), checked as it
        is activated (602.2)."""
        return condition

    def note_your_turn_and_if(self, condition: Condition) -> Condition:
        """"Activate only during your turn and only if [condition]": both restrictions (602.5b)."""
        return Condition("all", ref=(Condition("your_turn"), condition))

    def note_your_turn(self) -> Condition:
        """"Activate only during your turn": a restriction on activating it (602.5b), a condition like any
        "activate only if"."""
        return Condition("your_turn")
