"""Mana production (106): what "Add ..." adds."""

from __future__ import annotations

from lark import Token

from ...engine import instructions as I
from ...engine.refs import Amount, ObjectFilter
from ..errors import TextError
from .base import Templates, const, mana


class ManaProduction(Templates):
    def mp_symbols(self, *toks: Token) -> I.AddMana:
        """"Add {G}{G}" (all of it), or "Add {R} or {G}" (one of them)."""
        options = [mana(t) for t in toks]
        if len(options) == 1:
            units = []
            for s in options[0].symbols:
                if s.kind == "generic":
                    raise TextError("can't add generic mana", s.text)
                units.append((s.value,))
            return I.AddMana(tuple(units))
        if all(len(o.symbols) == 1 for o in options):
            return I.AddMana((tuple(o.symbols[0].value for o in options),))
        raise TextError("a choice between groups of mana isn't supported yet", "add")

    def mp_any_color(self) -> I.AddMana:
        return I.AddMana((I.ANY_COLOR,))

    def mp_any_one_color(self, n: Token) -> I.AddMana:
        return I.AddMana((I.ANY_COLOR,) * const(n), one_color=True)

    def mp_chosen_color(self) -> I.AddMana:
        return I.AddMana((("chosen",),))

    def mp_for_each(self, tok: Token, each: ObjectFilter) -> I.AddMana:
        cost = mana(tok)
        units = tuple((s.value,) for s in cost.symbols if s.kind in ("color", "C"))
        if len(units) != len(cost.symbols):
            raise TextError("can't add generic mana", cost.text)
        return I.AddMana(units, per=each)

    def mp_amount_equal(self, tok: Token, times: Amount) -> I.AddMana:
        """"Add an amount of {G} equal to ~'s power": that one symbol, as many times as the amount is as the
        ability resolves (106.3)."""
        cost = mana(tok)
        units = tuple((s.value,) for s in cost.symbols if s.kind in ("color", "C"))
        if len(units) != 1 or len(cost.symbols) != 1:
            raise TextError("\"an amount of\" needs one mana symbol of a type", cost.text)
        return I.AddMana(units, times=times)

    def mp_any_combination(self, _amount: object) -> I.AddMana:
        raise TextError("this kind of mana ability isn't supported yet", "add")
