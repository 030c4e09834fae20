"""Amounts ("three", "X", "that much", "the number of ..."), counters, and conditions ("if you control ...")."""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ...engine.refs import (Amount, Compare, Const, CountersOn, CountOf, DestroyedCount, EventAmount, EventRef,
                            MaxStat, ObjectFilter, PlayerCount, Ref, RememberedAmount, SacrificedStat, SelfRef, StatOf,
                            Sum, SumStat, XAmount, YouRef)
from ...engine.conditions import Condition
from ..errors import TextError
from .base import Templates, Word, const, const_amount, life_share, number


class Amounts(Templates):
    def amount(self, tok: Token) -> Amount:
        return number(tok)

    def amount_one(self, _article: Token) -> Amount:
        return Const(1)

    def amount_that_much(self) -> Amount:
        """"That much": the amount the text named before ("deals damage to target player equal to the number
        of ... and you gain that much life"), else the amount of the event that triggered the ability."""
        if self.scope.last_amount is not None:
            return self.scope.last_amount
        return EventAmount("amount")

    def counters(self, amount: Amount, kind: Token) -> tuple[int, str]:
        """"two +1/+1 counters" (122): how many, of what kind."""
        return const_amount(amount), str(kind)

    # -- amounts worked out when the effect happens ------------------------------

    def ae_its_power(self, *noun: Token) -> Amount:
        return StatOf(self._possessor(noun), "power")

    def ae_its_toughness(self, *noun: Token) -> Amount:
        return StatOf(self._possessor(noun), "toughness")

    def ae_its_mv(self, *noun: Token) -> Amount:
        return StatOf(self._possessor(noun), "mana value")

    def ae_power_of(self, ref: Ref) -> Amount:
        """"The power of the exiled card": of the object named, as it is now or as it last existed (608.2h)."""
        return StatOf(ref, "power")

    def ae_self_power(self) -> Amount:
        return StatOf(SelfRef(), "power")

    def ae_count(self, flt: ObjectFilter) -> Amount:
        return CountOf(flt)

    def ae_counters_on(self, kind: Token, ref: Ref) -> Amount:
        """"The number of +1/+1 counters on it": counted on the object named as the amount is used (122.1)."""
        return CountersOn(ref, str(kind))

    def ae_count_names(self, flt: ObjectFilter) -> Amount:
        """"The number of differently named lands you control": objects with the same name count once (201.2)."""
        return CountOf(flt, distinct_names=True)

    def ae_plus(self, n: Token, rest: Amount) -> Amount:
        """"two plus the number of ...": a number added to an amount worked out on resolution."""
        return Sum(number(n), rest)

    def ae_destroyed_this_way(self, flt: ObjectFilter) -> Amount:
        """"the number of creatures you controlled that were destroyed this way": counted among the permanents
        the effect destroyed, as they last existed on the battlefield (608.2h)."""
        return DestroyedCount(flt)

    def ae_count_exile_and_graveyard(self, flt: ObjectFilter) -> Amount:
        """"The total number of instant and sorcery cards you own in exile and in your graveyard": the cards
        of both zones (400.1) counted together."""
        zones = tuple(replace(flt, zone=z, owner="you") for z in ("exile", "graveyard"))
        return CountOf(ObjectFilter(zone="any", any_of=zones))

    def ae_x(self) -> Amount:
        return XAmount()

    def ae_dealt_this_way(self) -> Amount:
        return RememberedAmount("damage")

    def ae_greatest_power(self, flt: ObjectFilter) -> Amount:
        return MaxStat(flt, "power")

    def ae_total_power(self, flt: ObjectFilter) -> Amount:
        return SumStat(flt, "power")

    def ae_life_total(self) -> Amount:
        return PlayerCount(YouRef(), "life")

    def ae_share_life(self, share: Token, rounded: Token) -> Amount:
        """"Half your life total, rounded up": worked out as it is used (107.1a)."""
        return life_share("life", share, rounded)

    def ae_sacrificed_stat(self, _noun: Token, stat: Token) -> Amount:
        """"The sacrificed creature's toughness": the permanent sacrificed to pay the cost, as it last existed
        on the battlefield (608.2h)."""
        return SacrificedStat(str(stat))

    def ae_sacrificed_mv(self, _noun: Token) -> Amount:
        """"The sacrificed creature's mana value" (202.3), as it last existed on the battlefield (608.2h)."""
        return SacrificedStat("mana value")

    def ae_that_number(self) -> Amount:
        """"That number": the number the text counted before ("count the number of ...")."""
        if self.scope.last_amount is None:
            raise TextError("\"that number\" needs a number counted before it", "that number")
        return self.scope.last_amount

    def ae_owned_in_exile(self, who: Ref) -> Amount:
        """"The number of cards that player owns in exile": exile is one zone (400.1); the cards there that
        player owns."""
        return PlayerCount(who, "exile")

    def ae_hand_size(self, _cards: Token, _poss: Token) -> Amount:
        return PlayerCount(YouRef(), "hand")

    def ae_graveyard_size(self, _cards: Token, _poss: Token) -> Amount:
        return PlayerCount(YouRef(), "graveyard")

    def ae_that_much(self) -> Amount:
        return EventAmount("amount")

    # -- conditions (intervening "if" clauses, 603.4; "enters tapped unless", 614.1d) ----

    def intervening(self, condition: Condition) -> Condition:
        return condition

    def cond_untapped(self) -> Condition:
        return Condition("self_untapped")

    def cond_tapped(self) -> Condition:
        return Condition("self_tapped")

    def cond_you_control(self, counted: tuple[int, ObjectFilter]) -> Condition:
        n, flt = counted
        return Condition("you_control", flt, n)

    def cond_opp_controls(self, counted: tuple[int, ObjectFilter]) -> Condition:
        n, flt = counted
        return Condition("opponent_controls", flt, n)

    def cond_you_control_either(self, *parts: Token | Word) -> Condition:
        words = [w for w in parts if isinstance(w, Word)]
        flt = ObjectFilter(types=tuple(w.value for w in words if w.kind == "type"),
                           subtypes=tuple(w.value for w in words if w.kind == "subtype"))
        return Condition("you_control", flt, 1)

    def cond_two_other_lands(self) -> Condition:
        return Condition("you_control", ObjectFilter(types=("Land",), another=True), 2)

    def cond_two_or_fewer_other_lands(self) -> Condition:
        return Condition("you_control_at_most", ObjectFilter(types=("Land",), another=True), 2)

    def cond_life_at_most(self, amount: Amount) -> Condition:
        return Condition("life_at_most", count=const_amount(amount))

    def cond_life_at_least(self, amount: Amount) -> Condition:
        return Condition("life_at_least", count=const_amount(amount))

    def cond_graveyard_at_least(self, n: Token) -> Condition:
        """"If you have seven or more cards in your graveyard"."""
        return Condition("graveyard_at_least", count=const(n))

    def cond_you_control_or_more(self, n: Token, flt: ObjectFilter) -> Condition:
        """"you control two or more Gates"."""
        return Condition("you_control", flt, const_amount(number(n)))

    def cond_cards_at_least(self, n: Token, flt: ObjectFilter) -> Condition:
        """"there are two or more instant and/or sorcery cards in your graveyard": cards in a zone other
        than the battlefield, counted."""
        if flt.zone in ("battlefield", "", "any", "stack"):
            raise TextError("\"there are N or more\" needs the zone its cards are in", "there are")
        return Condition("cards_at_least", flt, const_amount(number(n)))

    def cond_blocked_by_at_least(self, n: Token) -> Condition:
        """"as long as two or more creatures are blocking it": this attacking creature, blocked by that
        many (509.1)."""
        return Condition("self_blocked_by_at_least", count=const_amount(number(n)))

    def cond_any_player_controls(self, counted: tuple[int, ObjectFilter]) -> Condition:
        n, flt = counted
        return Condition("any_player_controls", flt, n)

    def cond_cast_this_turn(self, flt: ObjectFilter) -> Condition:
        """"If you've cast an instant or sorcery spell this turn": a spell of that kind became cast (601.2i),
        as it was on the stack then."""
        flt = replace(flt, zone="any", types=tuple(t for t in flt.types if t != "Spell"))
        return Condition("cast_this_turn", flt)

    def cond_cast_n_this_turn(self, n: Token, flt: ObjectFilter) -> Condition:
        """"If you've cast three or more instant and sorcery spells this turn": at least that many became cast."""
        return replace(self.cond_cast_this_turn(flt), count=const_amount(number(n)))

    def cond_self_in_graveyard(self) -> Condition:
        """"If ~ is in your graveyard": the trigger condition says where the ability works from (113.6b), and
        the card must still be there as the ability resolves (603.4)."""
        if self.scope.kind != "triggered":
            raise TextError("\"if ~ is in your graveyard\" is supported only for a triggered ability", "is in your graveyard")
        self.scope.self_from = "graveyard"
        return Condition("is", ObjectFilter(zone="graveyard", owner="you"), ref=SelfRef())

    def cond_surveilled(self) -> Condition:
        """"As long as you've surveilled this turn" (701.42a)."""
        return Condition("surveilled_this_turn")

    def cond_self_counters_fewer(self, n: Token, kind: Token) -> Condition:
        """"~ has fewer than three +1/+1 counters on it" (122.1): the negation of having that many or more."""
        return Condition("counters_at_least", count=const_amount(number(n)), what=str(kind), negated=True)

    def cond_gained_life(self) -> Condition:
        """"If you gained life this turn" (119.3)."""
        return Condition("gained_life_this_turn")

    def cond_attacked(self) -> Condition:
        """"If you attacked with a creature this turn" (raid's condition; 508.1: attackers are declared)."""
        return Condition("attacked_this_turn")

    def cond_not_attacked(self) -> Condition:
        """"If you didn't attack with a creature this turn": raid's condition turned round (508.1)."""
        return Condition("attacked_this_turn", negated=True)

    def cond_you_control_other_or(self, first: Word, _article: Token, second: Word) -> Condition:
        """"You control another Merfolk or an Island": "another" belongs to the first description only."""
        def one(w: Word, another: bool) -> ObjectFilter:
            return ObjectFilter(types=(w.value,) if w.kind == "type" else (),
                                subtypes=(w.value,) if w.kind == "subtype" else (), another=another)
        return Condition("you_control", ObjectFilter(any_of=(one(first, True), one(second, False))), 1)

    def cond_counters_at_least(self, n: Token, kind: Token, ref: Ref) -> Condition:
        """"There are four or more charge counters on it" (122.1): checked as the effect gets there; "those
        counters" after it are the ones counted."""
        self.scope.counters_named = (ref, str(kind))
        return Condition("counters_at_least", count=const_amount(number(n)), what=str(kind), ref=ref)

    def cond_targets(self, _article: Token, flt: ObjectFilter) -> Condition:
        """"This spell costs {2} less to cast if it targets a legendary creature": one of its chosen targets
        fits (601.2f: the total cost is worked out once the targets are chosen)."""
        return Condition("targets", flt)

    def cond_has_counters(self, ref: Ref, n: Token, kind: Token) -> Condition:
        """"~ has twenty or more growth counters on it", "that creature has three or more +1/+1 counters on it"."""
        return self.cond_counters_at_least(n, kind, ref)

    def cond_has_counter(self, ref: Ref, _article: Token, kind: Token) -> Condition:
        """"~ has a +1/+1 counter on it": one or more."""
        return self.cond_counters_at_least(Token("NUMBER", "1"), kind, ref)

    def cond_power_greater_than_self(self, noun: Token) -> Condition:
        """"If that creature's power is greater than ~'s": the object the text names (the triggering event's,
        603.4), as it is or as it last existed, against this object's power (608.2h)."""
        flt = ObjectFilter(zone="any", compares=(Compare("power", ">", 0, than_source=True),))
        return Condition("was", flt, ref=self._possessor((noun,)))

    def cond_citys_blessing(self) -> Condition:
        return Condition("citys_blessing")

    def cond_your_turn(self) -> Condition:
        return Condition("your_turn")

    def cond_it_legendary(self) -> Condition:
        """"If it's legendary": the object the text last named ("it"), or this one, as it is now."""
        return Condition("is", ObjectFilter(supertypes=("Legendary",), zone="any"), ref=self.scope.last_obj or SelfRef())

    def cond_not_declared_attacker(self) -> Condition:
        """"If it isn't being declared as an attacker": after "becomes tapped", a tap other than attacking's
        (508.1f)."""
        if self.scope.trigger is None or self.scope.trigger.event != "becomes_tapped":
            raise TextError("\"being declared as an attacker\" needs a \"becomes tapped\" trigger", "declared")
        return Condition("tapped_attacking", negated=True)

    def cond_name_unlike(self, *parts: Any) -> Condition:
        """"If it doesn't have the same name as another creature you control or a creature card in your
        graveyard" (201.2): no other object that fits has the name of the object named ("it": the triggering
        event's)."""
        flts = tuple(p for p in parts if isinstance(p, ObjectFilter))
        trigger = self.scope.trigger is not None
        ref = self.scope.last_obj or ((self._event_object() or EventRef("obj")) if trigger else SelfRef())
        return Condition("name_unlike", ObjectFilter(zone="any", any_of=flts), ref=ref)

    def cond_it_was(self, _article: Token, flt: ObjectFilter) -> Condition:
        """"If it was a creature card": the object the text last named, as it last existed (608.2h)."""
        return Condition("was", replace(flt, zone="any"), ref=self.scope.last_obj or SelfRef())

    def cond_it_was_historic(self) -> Condition:
        """"If it was historic" (700.6): the object the text last named, else the object of the triggering zone
        change ("when enchanted permanent leaves the battlefield"), as it last existed (608.2h)."""
        trigger = self.scope.trigger
        event_obj = (EventRef("obj") if trigger is not None and trigger.event in ("dies", "leaves", "to_graveyard")
                     and (trigger.attached or trigger.subject is not None) else None)
        return Condition("was", ObjectFilter(historic=True, zone="any"),
                         ref=self.scope.last_obj or event_obj or SelfRef())

    def cond_self_type(self, _article: Token, word: Word) -> Condition:
        """"If ~ is a Wizard": this object is of that type, as it is now or as it last existed (608.2h)."""
        return replace(self.cond_it_type(_article, word), ref=SelfRef())

    def cond_sacrificed_this_way(self, _article: Token, flt: ObjectFilter) -> Condition:
        """"If a Saproling was sacrificed this way": one of the permanents sacrificed to pay the cost fits, as
        it last existed on the battlefield (608.2h)."""
        return Condition("sacrificed", replace(flt, zone="any"))

    def cond_it_type(self, _article: Token, word: Word) -> Condition:
        """"If it's a Vampire": the object the text last named ("it"), or this one, is of that type as it is now,
        or as it last existed if it has left its zone (608.2h)."""
        flt = ObjectFilter(types=(word.value,) if word.kind == "type" else (),
                           subtypes=(word.value,) if word.kind == "subtype" else (), zone="any")
        return Condition("is", flt, ref=self.scope.last_obj or SelfRef())

    def cond_it_color(self, color: Word) -> Condition:
        """"If it's red": the object the text last named ("it"), or this one, is that color as it is now, or as
        it last existed if it has left its zone (105.2, 608.2h)."""
        return Condition("is", ObjectFilter(colors=(color.value,), zone="any"), ref=self.scope.last_obj or SelfRef())

    def cond_exiled_this_way(self, _article: Token, flt: ObjectFilter) -> Condition:
        """"If a Pirate was exiled this way": one of the cards the effect exiled fits, as it was in exile."""
        return Condition("exiled_this_way", replace(flt, zone="any"))

    def cond_one_exiled_this_way(self, flt: ObjectFilter) -> Condition:
        """"If at least one creature card was exiled this way": the same as "if a creature card was"."""
        return Condition("exiled_this_way", replace(flt, zone="any"))

    def cond_discarded_share_type(self) -> Condition:
        """"If two cards that share a card type are discarded this way": two of the cards the effect discarded
        have a card type in common (205.2a)."""
        return Condition("discarded_share_type")

    def cond_cast_from_hand(self) -> Condition:
        """"If you cast it from your hand": the spell this permanent was was cast from its owner's hand (601.2a,
        400.7c)."""
        return Condition("cast_from", what="hand")

    def cond_its_mv_le(self, n: Token) -> Condition:
        """"If its mana value was 2 or less" (202.3): the object the text last named, wherever it is now."""
        flt = ObjectFilter(compares=(Compare("mana value", "<=", const(n)),), zone="any")
        return Condition("is", flt, ref=self.scope.last_obj or SelfRef())

    def cond_self_attacking(self) -> Condition:
        return Condition("self_attacking")
    def cond_kicked(self) -> Condition:
        """"If this spell was kicked" / "if it was kicked" (702.32d, 400.7c)."""
        return Condition("cost_paid", what="kicker")

    def cond_spectacle_paid(self) -> Condition:
        """"If its spectacle cost was paid" (702.136a): it was cast for its spectacle cost."""
        return Condition("cost_paid", what="spectacle")

    def cond_cast_in_main(self) -> Condition:
        """"If you cast this spell during your main phase" (addendum, an ability word: 207.2c), also said of the
        spell a permanent was ("if you cast it during your main phase")."""
        return Condition("cast_in_main")

    def cond_you_cast_it(self) -> Condition:
        """"If you cast it": this permanent was a spell its controller cast (601.2), not put onto the
        battlefield some other way."""
        return Condition("was_cast")

    def cond_lost_life_last_turn(self) -> Condition:
        """"If you lost life last turn": the turn before this one (119.3)."""
        return Condition("lost_life_last_turn")

    def cond_opponent_lost_life(self) -> Condition:
        """"If an opponent lost life this turn" (119.3): any opponent of the player it is asked for."""
        return Condition("opponent_lost_life")

    def cond_not_kicked(self) -> Condition:
        return Condition("cost_paid", what="kicker", negated=True)

    def cond_event_kicked(self) -> Condition:
        """"Whenever you cast a spell, if that spell was kicked": the spell that triggered the ability."""
        return Condition("event_cost_paid", what="kicker")
