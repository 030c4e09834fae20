"""Mana production (106): what "Add ..." adds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Tree

from ...engine import instructions as I
from ...engine.abilities import Effect, Trigger
from ...engine.entering import EntersWithCounters
from ...engine.mana_ability import KEPT_THIS_TURN, KeptMana, ManaRider, SpendOnly
from ...engine.refs import Amount, CountOf, EventAmount, ObjectFilter
from ...engine.triggers import MANA_SPENT
from ..errors import TextError
from .base import Amend, Templates, const, find, mana, top_down


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

    def mp_could_produce(self, _article: Token, flt: ObjectFilter) -> I.AddMana:
        """"Add one mana of any type that a Gate you control could produce" (106.7): the types their mana
        abilities could make as this one resolves; none if there are none."""
        return I.AddMana((("could",),), could=flt)

    def mp_color_among(self, flt: ObjectFilter) -> I.AddMana:
        """"Add one mana of any color among legendary creatures and planeswalkers you control" (105.2): a color
        some permanent that fits has as the ability resolves; none if they are all colorless."""
        return I.AddMana((("among",),), could=flt)

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

    def mp_combination_of(self, amount: Amount, *toks: Token) -> I.AddMana:
        """"Add that much mana in any combination of {R} and/or {G}": that many units, each of either type
        (106.1b). "That much" after "whenever one or more creatures you control attack" is how many of them
        are attacking (603.2c: one event for them all)."""
        kinds = []
        for tok in toks:
            cost = mana(tok)
            if len(cost.symbols) != 1 or cost.symbols[0].kind not in ("color", "C"):
                raise TextError("\"any combination of\" needs single mana symbols of a type", cost.text)
            kinds.append(cost.symbols[0].value)
        trig = self.scope.trigger
        if isinstance(amount, EventAmount) and trig is not None and trig.event == "attacks" and trig.batch \
                and trig.subject is not None:
            amount = CountOf(replace(trig.subject, attacking=True))
        elif isinstance(amount, EventAmount):
            raise TextError("\"that much\" mana needs an amount said before it", "that much")
        return I.AddMana((tuple(kinds),), times=amount)

    def mp_any_combination(self, _amount: object) -> I.AddMana:
        raise TextError("this kind of mana ability isn't supported yet", "add")

    # -- what the mana may be spent on (106.6) ------------------------------------------------

    def spend_only_spell(self, *parts: Any) -> list[Any]:
        """"Spend this mana only to cast an instant or sorcery spell", "... a creature spell of the chosen
        type": the mana the ability adds may pay only for casting such spells."""
        flt: ObjectFilter = parts[-1]
        spells = replace(flt, zone="any", chosen_type=False)   # matched against the card as it is cast
        text = f"only to cast {flt.describe()} spells" + (" of the chosen type" if flt.chosen_type else "")
        return [Amend(_spend_only(SpendOnly(spells, chosen_type=flt.chosen_type, text=text)))]

    def mana_kept_this_turn(self) -> list[Any]:
        """"Until end of turn, you don't lose this mana as steps and phases end" (500.4): the mana stays in the
        pool until the turn ends."""
        return [Amend(_spend_only(KEPT_THIS_TURN))]

    def spend_only_kicked(self) -> list[Any]:
        """"Spend this mana only to cast kicked spells" (702.32b)."""
        return [Amend(_spend_only(SpendOnly(kicked=True, text="only to cast kicked spells")))]

    @top_down
    def mana_spent_sentence(self, tree: Tree) -> list[Any]:
        """"When that mana is spent to cast [a kind of] spell, [effect]": the mana made by the ability before it
        sets up a delayed triggered ability that triggers as it is spent on such a spell (106.6, 603.7a);
        "that spell" is that spell."""
        flt = self.transform(tree.children[1])
        scope = self.scope
        outer, last = scope.trigger, scope.last_obj
        scope.trigger, scope.last_obj = Trigger(MANA_SPENT), None
        try:
            said = self.transform(find(tree, "clauses"))
        finally:
            scope.trigger, scope.last_obj = outer, last
        body: list[Any] = []
        for made in said:
            if isinstance(made, Amend):
                made.change(body)
            else:
                body.append(made)
        text = f"when that mana is spent to cast {flt.describe()} spells"
        rider = ManaRider(replace(flt, zone="any"), (), text, effect=Effect(instructions=tuple(body)))
        return [Amend(_spend_only(rider))]

    def spent_on_enters_with(self, _article: Token, flt: ObjectFilter, kind: Token) -> list[Any]:
        """"If that mana is spent on a multicolored creature spell, that creature enters with an additional +1/+1
        counter on it" (106.6): the spell's permanent enters with it (614.1c)."""
        text = f"if spent on a {flt.describe()} spell, it enters with an additional {kind} counter"
        rider = ManaRider(replace(flt, zone="any"), (EntersWithCounters(kind=str(kind), amount=1),), text)
        return [Amend(_spend_only(rider))]


def _spend_only(only: SpendOnly | ManaRider | KeptMana) -> Any:
    def change(said: list[Any]) -> None:
        for j in range(len(said) - 1, -1, -1):
            if isinstance(said[j], I.AddMana):
                said[j] = replace(said[j], only=only)
                return
        raise TextError("\"spend this mana only\" needs mana added before it", "spend this mana only")
    return change
