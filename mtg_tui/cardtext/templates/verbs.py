"""Verb phrases: what a clause does to its subject, as a one-shot effect or a static ability's ops.

Each ``vp_*`` rule returns a ``Verb`` (base.py) with the readings it has. What
a phrase names for later phrases (the cards looked at, the card searched for,
a target) goes into the scope when the phrase is read, in the order of the
text; what depends on the subject happens when the clause puts it to the verb.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from lark import Token

from ...engine import instructions as I
from ...engine.abilities import LayerOp, TriggeredAbility
from ...engine.copies import BecomeCopy, CopyChanges, CopySpell, CreateTokenCopy, SpellsCastBefore
from ...engine.cast_now import CastNow
from ...engine.cast_permissions import MAY_CAST, WHILE_EXILED, CastPermission
from ...engine.cast_restrictions import CANT_CAST, THEIR_NEXT_TURN, as_cast_filter
from ...engine.refs import (AllRef, Amount, AttachedRef, Const, ControllerOfRef, CountersOn, CountOf, DiscardedBy,
                            HalfX, DefendingPlayerRef, EachPlayerRef, EventAmount, ObjectFilter, OwnerOfRef,
                            PlayerFilter, Product, Ref, RememberedAmount, RememberedRef, SelfRef, ShareOfTheirs,
                            StatOf, TargetRef, TargetSpec, XAmount, YouRef)
from ..errors import TextError
from .base import Amend, Templates, TypeWords, Verb, Word, const, life_share, mana, signed_pt
from .tokens import THAT_MANY, TokenSpec

PROMPT = "Use this optional effect?"


def _sentence_case(text: str) -> str:
    """Capitals back at the start of each sentence of a text the grammar read lower-cased."""
    return re.sub(r"(^|[.!?] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


@dataclass(frozen=True)
class CopyException:
    """An exception written into a copy effect (706.9)."""

    not_legendary: bool = False
    only_if: Ref | None = None     # "if [the original] is legendary"


def player_of(ref: Ref) -> Ref:
    """The player who does what a verb says: an object's controller when the subject is an object."""
    if isinstance(ref, (SelfRef, AttachedRef, AllRef, RememberedRef)):
        return ControllerOfRef(ref)
    return ref


def card_name_of(words: str) -> str:
    """A card name as the text gave it, lower case, written as names are printed ("Ral, Caller of Storms")."""
    small = {"of", "the", "a", "an", "and", "in", "to", "from"}
    parts = words.split(" ")
    return " ".join(p if i and p in small else "-".join(w[:1].upper() + w[1:] for w in p.split("-"))
                    for i, p in enumerate(parts))


def objects_of(ref: Ref) -> Ref:
    """The objects a verb changes: a player can't get +1/+1."""
    if isinstance(ref, YouRef):
        raise TextError("a player can't be changed like a creature", "you")
    return ref


def continuous(*ops: LayerOp) -> Verb:
    """A phrase that changes its subject: for a duration in an effect (611.2), or while a static applies."""
    return Verb(act=lambda subject, duration: [I.ApplyEffect(objects_of(subject), ops, duration or "permanent")],
                ops=lambda: list(ops))


def flag(name: str, param: Any = None) -> LayerOp:
    """A rules flag on the affected objects (a restriction or requirement, 508.1c-d, 509.1b-c)."""
    return LayerOp("rules", "flag", (name, param))


def no_reading() -> Verb:
    """A phrase the grammar reads but the engine can't carry out yet: using it is an error naming it."""
    return Verb()


class Verbs(Templates):
    def _source(self, subject: Ref) -> Ref:
        """The subject of "deals damage" must be an object (120.1)."""
        ok = not isinstance(subject, (YouRef, EachPlayerRef, ControllerOfRef, OwnerOfRef, DefendingPlayerRef))
        if isinstance(subject, TargetRef):
            ok = self.scope.targets[subject.index].objects is not None
        if not ok:
            raise TextError("damage needs a source object (\"[this] deals N damage\")", "deal")
        return subject

    # -- damage (120) ----------------------------------------------------------

    def vp_damage(self, amount: Amount, recipients: list[Ref]) -> Verb:
        return Verb(act=lambda s, d: [I.DealDamage(self._source(s), amount, tuple(recipients))])

    def vp_damage_two(self, a1: Amount, r1: list[Ref], a2: Amount, r2: list[Ref]) -> Verb:
        return Verb(act=lambda s, d: [I.DealDamage(s, a1, tuple(r1), tuple((a2, r) for r in r2))])

    def vp_damage_equal(self, amount: Amount, recipients: list[Ref]) -> Verb:
        return Verb(act=lambda s, d: [I.DealDamage(self._source(s), amount, tuple(recipients))])

    def vp_damage_equal_late(self, recipients: list[Ref], amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.DealDamage(s, amount, tuple(recipients))])

    def vp_damage_each(self, per: Amount, recipients: list[Ref], each: ObjectFilter) -> Verb:
        return Verb(act=lambda s, d: [I.DealDamage(s, Product(per, CountOf(each)), tuple(recipients))])

    def vp_damage_divided(self, amount: Amount, among_tok: Token) -> Verb:
        """Damage divided among targets as its controller chooses (601.2d): announced as a spell is cast or an
        ability activated (602.2b); a triggered ability's division as it is put on the stack isn't asked."""
        if self.scope.kind == "triggered":
            raise TextError("dividing damage in a triggered ability isn't supported yet", "divided")
        among = str(among_tok)
        hi = {"one or two": 2, "one, two, or three": 3}.get(among.split(" target")[0].replace(" targets", ""), 0)
        if hi == 0:
            if not isinstance(amount, Const):
                raise TextError("dividing X damage among any number of targets isn't supported yet", among)
            hi = amount.n
        if "creature" in among:
            types = ("Creature", "Planeswalker") if "planeswalker" in among else ("Creature",)
            spec = TargetSpec(objects=ObjectFilter(types=types), min_count=1, max_count=hi,
                              label=f"{among} (damage divided)", divide=True)
        else:
            spec = TargetSpec(objects=ObjectFilter(types=("Creature", "Planeswalker", "Battle")),
                              players=PlayerFilter("any"), min_count=1, max_count=hi,
                              label=f"{among} (damage divided)", divide=True)
        ref = self.scope.add_target(spec)
        return Verb(act=lambda s, d: [I.DealDamage(s, amount, (ref,), divided=True)])

    def vp_combat_damage_player(self) -> Verb:
        return no_reading()

    # -- life (119) --------------------------------------------------------------

    def vp_gain_life(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.GainLife(player_of(s), amount)])

    def vp_gain_life_each(self, per: Amount, each: ObjectFilter) -> Verb:
        return Verb(act=lambda s, d: [I.GainLife(player_of(s), Product(per, CountOf(each)))])

    def vp_gain_life_equal(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.GainLife(player_of(s), amount)])

    def vp_lose_life(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.LoseLife(player_of(s), amount)])

    def vp_lose_life_each(self, per: Amount, each: ObjectFilter) -> Verb:
        return Verb(act=lambda s, d: [I.LoseLife(player_of(s), Product(per, CountOf(each)))])

    def vp_lose_life_equal(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.LoseLife(player_of(s), amount)])

    def vp_lose_life_share(self, share: Token, rounded: Token) -> Verb:
        """"Each player loses a third of their life, rounded up": each player's own share (107.1a)."""
        return Verb(act=lambda s, d: [I.LoseLife(player_of(s), life_share("life", share, rounded))])

    def vp_gain_life_twice(self, amount: Amount) -> Verb:
        """"You gain twice X life"."""
        return Verb(act=lambda s, d: [I.GainLife(player_of(s), Product(Const(2), amount))])

    # -- cards: draw (121), discard (701.8), mill (701.13) ----------------------------

    def vp_draw(self, amount: Amount = Const(1)) -> Verb:
        return Verb(act=lambda s, d: [I.Draw(player_of(s), amount)])

    def vp_draw_each(self, _article: Token, each: ObjectFilter) -> Verb:
        return Verb(act=lambda s, d: [I.Draw(player_of(s), CountOf(each))])

    def vp_draw_equal(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.Draw(player_of(s), amount)])

    def vp_draw_that_many(self) -> Verb:
        """"Draw that many cards": as many as you discarded just before ("discard your hand, then draw that
        many cards"), else the amount of the event that triggered the ability ("whenever you gain life")."""
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if self.scope.that_many is not None:
                if not isinstance(player_of(s), YouRef):
                    raise TextError("\"that many\" is read only for the player who discarded", "that many")
                return [I.Draw(YouRef(), self.scope.that_many)]
            if self.scope.trigger is None:
                raise TextError("\"that many\" needs a number said before it", "that many")
            return [I.Draw(player_of(s), EventAmount("amount"))]
        return Verb(act=act)

    def _discarding(self, make: Callable[[Ref], I.Instruction]) -> Verb:
        """A discard (701.8); when you discard, "that many" after it counts the cards you discarded."""
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            who = player_of(s)
            # "each player discards their hand, then creates that many ...": each player's own count
            self.scope.that_many = RememberedAmount("discarded") if isinstance(who, YouRef) else \
                DiscardedBy() if isinstance(who, EachPlayerRef) else None
            return [make(who)]
        return Verb(act=act)

    def vp_discard(self, amount: Amount) -> Verb:
        return self._discarding(lambda who: I.Discard(who, amount))

    def vp_discard_unless_exile(self, amount: Amount, counted: tuple[int, ObjectFilter]) -> Verb:
        """"Discard a card unless you exile a historic card from your graveyard": the player may exile such a
        card instead (701.8)."""
        n, flt = counted
        if n != 1 or flt.zone != "graveyard":
            raise TextError("only \"unless you exile a ... card from your graveyard\" is supported", "unless you exile")

        def make(who: Ref) -> I.Instruction:
            if not isinstance(who, YouRef):
                raise TextError("only \"discard ... unless you exile\" said of you is supported", "unless you exile")
            return I.DiscardUnlessExile(who, amount, replace(flt, owner="you"))
        return self._discarding(make)

    def vp_discard_random(self, amount: Amount) -> Verb:
        return self._discarding(lambda who: I.Discard(who, amount, random=True))

    def vp_discard_hand(self, _poss: Token) -> Verb:
        """"Discard your hand" / "discard all the cards in your hand" (701.8)."""
        return self._discarding(lambda who: I.Discard(who, whole_hand=True))

    def vp_discard_desc(self, _article: Token, flt: ObjectFilter) -> Verb:
        """"Discard a nonland card" (701.8): the player chooses one that fits from their hand."""
        if flt.zone not in ("", "hand"):
            raise TextError("a discarded card is described as a card", "discard")
        flt = replace(flt, zone="hand")
        return self._discarding(lambda who: I.Discard(who, filter=flt))

    def vp_discard_ref(self, what: Ref) -> Verb:
        return self._discarding(lambda who: I.Discard(who, specific=what))

    def vp_mill(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.Mill(player_of(s), amount)])

    def vp_mill_top(self, amount: Amount, _poss: Token, _poss2: Token) -> Verb:
        """The older wording of mill, "puts the top N cards of their library into their graveyard" (701.13a)."""
        return self.vp_mill(amount)

    def vp_mill_top_one(self, _poss: Token, _poss2: Token) -> Verb:
        return self.vp_mill(Const(1))

    def vp_mill_share(self, share: Token, rounded: Token) -> Verb:
        """"Puts the top half of their library, rounded up, into their graveyard" (701.13a, 107.1a)."""
        return self.vp_mill(life_share("library", share, rounded))

    # -- the library: look, dig, search, shuffle, scry, surveil ---------------------

    def vp_look_top(self, amount: Amount) -> Verb:
        return self._look(amount)

    def vp_look_top_one(self) -> Verb:
        return self._look(Const(1))

    def _look(self, n: Amount) -> Verb:
        key = self.scope.new_key("looked")
        self.scope.last_obj = RememberedRef(key, plural=True)
        self.scope.looked = key
        return Verb(act=lambda s, d: [I.LookTop(player_of(s), n, key)])

    def _looked(self) -> str:
        if self.scope.looked is None:
            raise TextError("\"them\" needs a \"look at the top\" before it", "them")
        return self.scope.looked

    def vp_put_back(self) -> Verb:
        key = self._looked()
        return Verb(act=lambda s, d: [I.PutBack(key)])

    def vp_dig_bottom(self, amount: Amount) -> Verb:
        key = self._looked()
        return Verb(act=lambda s, d: [I.DigToHand(amount, "bottom", key)])

    def vp_dig_bottom_random(self, amount: Amount) -> Verb:
        """"... and the rest on the bottom of your library in a random order": shuffled first (401.4)."""
        key = self._looked()
        return Verb(act=lambda s, d: [I.DigToHand(amount, "bottom_random", key)])

    def vp_dig_graveyard(self, amount: Amount) -> Verb:
        key = self._looked()
        return Verb(act=lambda s, d: [I.DigToHand(amount, "graveyard", key)])

    def vp_search(self, _poss: Token, counted: tuple[int, ObjectFilter]) -> Verb:
        """Search a library (701.19); what is found is "it"/"them" afterwards, and the cards a following "put
        one into your hand and the other into your graveyard" chooses among while they are still in the library."""
        n, flt = counted
        key = self.scope.new_key("found")
        self.scope.last_obj = RememberedRef(key, plural=n > 1)
        self.scope.looked = key
        return Verb(act=lambda s, d: [I.Search(player_of(s), replace(flt, zone="library"), Const(n), key)])

    def vp_search_mv_le(self, _poss: Token, _article: Token, flt: ObjectFilter, most: Amount) -> Verb:
        """"Search your library for a black card with mana value less than or equal to the number of ...": the
        bound is counted as the search happens (608.2h, 701.19)."""
        key = self.scope.new_key("found")
        self.scope.last_obj = RememberedRef(key)
        self.scope.looked = key
        return Verb(act=lambda s, d: [I.Search(player_of(s), replace(flt, zone="library"), Const(1), key,
                                               mv_at_most=most)])

    def vp_search_any(self, _poss: Token, flt: ObjectFilter) -> Verb:
        """Search a library for any number of cards that fit (701.19): as many as the player likes, none too."""
        key = self.scope.new_key("found")
        self.scope.last_obj = RememberedRef(key, plural=True)
        return Verb(act=lambda s, d: [I.Search(player_of(s), replace(flt, zone="library"), None, key)])

    def vp_search_named(self, _poss: Token, name: Token) -> Verb:
        """Search your library and/or graveyard for a card named X, reveal it and put it into your hand (701.19,
        701.16); "if you search your library this way" asks who searched a library."""
        key = self.scope.new_key("found")
        self.scope.last_obj = RememberedRef(key)
        self.scope.searched = key
        flt = ObjectFilter(zone="", name=card_name_of(str(name)))
        return Verb(act=lambda s, d: [I.SearchLibraryAndGraveyard(player_of(s), flt, key)])

    def vp_reveal_among_hand(self, counted: tuple[int, ObjectFilter]) -> Verb:
        return self._reveal_among(counted, "hand")

    def vp_reveal_among_top(self, counted: tuple[int, ObjectFilter]) -> Verb:
        return self._reveal_among(counted, "top")

    def _reveal_among(self, counted: tuple[int, ObjectFilter], to: str) -> Verb:
        """"reveal a creature card from among them and put it into your hand": of the cards looked at (701.16)."""
        n, flt = counted
        key = self._looked()
        return Verb(act=lambda s, d: [I.RevealFromLooked(flt, Const(n), to, key)])

    def vp_rest_bottom_random(self, _poss: Token) -> Verb:
        key = self._looked()
        return Verb(act=lambda s, d: [I.PutRestOnBottom(key, random=True)])

    def vp_rest_bottom_any(self, _poss: Token) -> Verb:
        key = self._looked()
        return Verb(act=lambda s, d: [I.PutRestOnBottom(key, random=False)])

    def vp_shuffle(self, *_poss: Token) -> Verb:
        return Verb(act=lambda s, d: [I.Shuffle(player_of(s))])

    def vp_shuffle_graveyard_in(self, *_poss: Token) -> Verb:
        """"Shuffle your graveyard into your library": every card of it goes to the library, then the library
        is shuffled (701.20a)."""
        return Verb(act=lambda s, d: [I.ShuffleIntoLibrary(who=player_of(s))])

    def vp_shuffle_hand_graveyard_in(self, *_poss: Token) -> Verb:
        """"Each player shuffles their hand and graveyard into their library" (701.20a): both zones' cards."""
        return Verb(act=lambda s, d: [I.ShuffleIntoLibrary(who=player_of(s), hand=True)])

    def vp_shuffle_into(self, what: Ref, _poss: Token) -> Verb:
        """"Shuffle up to five target cards from your graveyard into your library" (701.20a)."""
        return Verb(act=lambda s, d: [I.ShuffleIntoLibrary(what=what)])

    def vp_double_pt(self) -> Verb:
        """"Double its power and toughness" (701.9b): it gets +X/+Y, X and Y its power and toughness as the
        effect begins; a negative value gets lower still (701.9c)."""
        what = self.or_it()
        pt = (StatOf(what, "power"), StatOf(what, "toughness"))
        return Verb(act=lambda s, d: [I.ApplyEffect(what, (LayerOp("7c", "add_pt", pt),), d or "permanent")])

    def vp_scry(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.Scry(player_of(s), amount)])

    def vp_surveil(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.Surveil(player_of(s), amount)])

    def vp_adapt(self, amount: Amount) -> Verb:
        """Adapt N (701.43a): the permanent adapts, whoever the text says does it."""
        return Verb(act=lambda s, d: [I.Adapt(SelfRef(), amount)])

    def vp_hand_to_top(self, amount: Amount) -> Verb:
        return Verb(act=lambda s, d: [I.HandToTop(amount)])

    # -- moving objects between zones --------------------------------------------------

    def vp_destroy(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.Destroy(what)])

    def vp_exile(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.Exile(what)])

    def vp_exile_chosen(self, counted: tuple[int, ObjectFilter]) -> Verb:
        """"Exile a creature card from your graveyard": you choose which as the effect happens, not a target
        (701.11, 608.2c); a following "if you do" asks whether one was exiled."""
        n, flt = counted
        key = self.scope.new_key("chosen")
        self.scope.last_obj = RememberedRef(key)

        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if not isinstance(s, YouRef):
                raise TextError("only \"you\" can exile a card of their choice here", "exile")
            return [I.ChoosePermanents(flt, Const(n), key), I.Exile(RememberedRef(key))]
        return Verb(act=act)

    def vp_exile_until(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.ExileUntil(what)])

    def vp_sacrifice(self, counted: tuple[int, ObjectFilter]) -> Verb:
        """"Target player sacrifices a creature ... its power": what was sacrificed is named for "it"."""
        n, flt = counted
        key = self.scope.new_key("sacrificed")
        self.scope.last_obj = RememberedRef(key)
        return Verb(act=lambda s, d: [I.Sacrifice(player_of(s), flt, Const(n), key=key)])

    def vp_sacrifice_half(self, flt: ObjectFilter) -> Verb:
        """"Sacrifices half the creatures they control, rounded up" (701.17): half of each player's own."""
        return Verb(act=lambda s, d: [I.Sacrifice(player_of(s), flt, half=True)])

    def vp_keep_total_power(self, keep: ObjectFilter, n: Token, rest: ObjectFilter) -> Verb:
        """"Chooses any number of creatures they control with total power 4 or less, then sacrifices all other
        creatures they control" (701.17): each player keeps a group within the total."""
        if keep != rest:
            raise TextError("\"all other\" must name what was chosen from", "all other")
        return Verb(act=lambda s, d: [I.SacrificeAllBut(player_of(s), keep, int(str(n)))])

    def vp_sacrifice_ref(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.SacrificeIt(what)])

    def vp_sacrifice_unless(self, what: Ref, cost_tok: Token) -> Verb:
        cost = mana(cost_tok)
        return Verb(act=lambda s, d: [I.SacrificeUnless(what, cost)])

    def vp_return_hand(self, what: Ref, _poss: Token) -> Verb:
        return Verb(act=lambda s, d: [I.ReturnToHand(what)])

    def vp_return_to_hand_first(self, poss: Token, what: Ref) -> Verb:
        """"Return to your hand all creature cards ...": the same as "return [them] to your hand"."""
        return self.vp_return_hand(what, poss)

    def vp_return_hand_except(self, what: Ref, poss: Token, *words: Word) -> Verb:
        """"Return all creatures to their owners' hands except for Merfolk, Krakens, ...": those of the named
        types stay."""
        if not isinstance(what, AllRef):
            raise TextError("\"except for\" needs \"all ...\" before it", "except for")
        flt = what.filter
        types = tuple(w.value for w in words if w.kind == "type")
        subtypes = tuple(w.value for w in words if w.kind == "subtype")
        kept = replace(flt, not_types=flt.not_types + types, not_subtypes=flt.not_subtypes + subtypes)
        return self.vp_return_hand(replace(what, filter=kept), poss)

    def vp_return_choice(self, counted: tuple[int, ObjectFilter], _poss: Token) -> Verb:
        n, flt = counted
        key = self.scope.new_key("chosen")
        self.scope.last_obj = RememberedRef(key)
        return Verb(act=lambda s, d: [I.ChoosePermanents(flt, Const(n), key), I.ReturnToHand(RememberedRef(key))])

    def vp_put_battlefield(self, what: Ref, *mods: str) -> Verb:
        """"Return ~ from your graveyard to the battlefield tapped and attacking": ``attacking`` puts a creature
        into combat as it enters (508.4)."""
        attacking = "attacking" in mods
        return Verb(act=lambda s, d: [I.PutOntoBattlefield(what, "tapped" in mods or attacking,
                                                           under_you="under" in mods, attacking=attacking)])

    def vp_put_chosen_top(self, counted: tuple[int, ObjectFilter], _poss: Token) -> Verb:
        """"Put a land card from your graveyard on top of your library": chosen as the effect gets there (not a
        target), from the player's own graveyard or hand."""
        return self._chosen_card_to(counted, "on top of your library", lambda ref: I.PutIntoLibrary(ref, "top"))

    def vp_put_chosen_battlefield(self, counted: tuple[int, ObjectFilter], *mods: str) -> Verb:
        """"Put a land card from your hand onto the battlefield": the player chooses the card as the effect
        gets there (not a target), and it is put onto the battlefield under their control; a land put there
        this way isn't played (305.4)."""
        if "attacking" in mods:
            raise TextError("putting chosen cards onto the battlefield attacking isn't supported yet", "attacking")
        return self._chosen_card_to(counted, "onto the battlefield",
                                    lambda ref: I.PutOntoBattlefield(ref, "tapped" in mods))

    def vp_put_their_chosen_battlefield(self, counted: tuple[int, ObjectFilter], *mods: str) -> Verb:
        """"Each player returns two land cards from their graveyard to the battlefield": each player chooses
        among the cards of their own graveyard."""
        n, flt = counted
        return self.vp_put_chosen_battlefield((n, replace(flt, zone="graveyard", owner="you")), *mods)

    def _chosen_card_to(self, counted: tuple[int, ObjectFilter], where: str,
                        move: Callable[[Ref], I.Instruction]) -> Verb:
        """A card of the player's own hand or graveyard, chosen as the effect gets there, then moved."""
        n, flt = counted
        if flt.zone not in ("hand", "graveyard") or flt.owner != "you":
            raise TextError(f"only cards from your hand or graveyard can be put {where} this way", where)
        key = self.scope.new_key("chosen")
        self.scope.last_obj = RememberedRef(key)
        return Verb(act=lambda s, d: [I.ChooseCard(player_of(s), player_of(s), flt.zone, flt, Const(n), key),
                                      move(RememberedRef(key))])

    def tapped_mod(self) -> str:
        return "tapped"

    def tapped_attacking_mod(self) -> str:
        return "attacking"

    def under_control(self, _poss: Token) -> str:
        return "under"

    def vp_put_graveyard(self, what: Ref, _poss: Token) -> Verb:
        """"You may put it into your graveyard": into its owner's graveyard, whoever's the text says (400.3)."""
        return Verb(act=lambda s, d: [I.PutIntoGraveyard(what)])

    def vp_put_top(self, what: Ref, _poss: Token | None = None) -> Verb:
        """On top of its owner's library (400.3); "on top of it" follows "shuffle your library"."""
        return Verb(act=lambda s, d: [I.PutIntoLibrary(what, "top")])

    def vp_put_bottom(self, what: Ref, _poss: Token) -> Verb:
        return Verb(act=lambda s, d: [I.PutIntoLibrary(what, "bottom")])

    def vp_put_nth(self, what: Ref, _poss: Token, nth: Token) -> Verb:
        """"Into its owner's library third from the top" (401.7)."""
        n = {v: k for k, v in I.ORDINALS.items()}[str(nth).lower()]
        return Verb(act=lambda s, d: [I.PutNthFromTop(what, n)])

    def vp_reveal_ref(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.RevealObjects(what)])

    def vp_reveal_hand(self, _poss: Token) -> Verb:
        """Reveal (701.16) or look at a hand; that player is "that player" afterwards."""
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            who = player_of(s)
            self.scope.last_player = who
            return [I.RevealHand(who)]
        return Verb(act=act)

    def vp_reveal_from_hand(self, counted: tuple[int, ObjectFilter]) -> Verb:
        """"You may reveal a Dinosaur card from your hand. If you do, ..." (701.16a): the player picks cards of
        that kind from their hand and shows them; "if you do" holds only if they could."""
        n, flt = counted
        if flt.zone != "hand":
            raise TextError("only revealing cards from your hand is supported here", "reveal")
        return Verb(act=lambda s, d: [I.RevealFromHand(player_of(s), flt, Const(n))])

    def vp_choose_card(self, counted: tuple[int, ObjectFilter], *_where: Token) -> Verb:
        """"Choose a card from it": from the hand revealed before; the card is "that card" afterwards."""
        n, flt = counted
        owner = self.scope.last_player or YouRef()
        key = self.scope.new_key("chosen")
        self.scope.last_obj = RememberedRef(key)
        return Verb(act=lambda s, d: [I.ChooseCard(player_of(s), owner, "hand", replace(flt, zone="hand"),
                                                   Const(n), key)])

    # -- the stack --------------------------------------------------------------------

    def vp_counter(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.CounterIt(what)])

    def vp_counter_unless(self, what: Ref, cost_tok: Token) -> Verb:
        cost = mana(cost_tok)
        return Verb(act=lambda s, d: [I.CounterUnless(what, cost)])

    # -- permanents: tap, counters, fight, regenerate ------------------------------------

    def vp_tap(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.Tap(what)])

    def vp_choose_target(self, target: Ref) -> Verb:
        """"Choose up to one target creature ...": the target is chosen as the ability is put on the stack
        (603.3d, 601.2c), like any other; the sentences after it name it ("that creature")."""
        self._named(target)
        return Verb(act=lambda s, d: [])

    def vp_tap_any_number(self, flt: ObjectFilter) -> Verb:
        """"Tap any number of untapped creatures you control": the player chooses them as the effect gets
        there (none is a choice too) and taps them (701.21a); they are the ones "tapped this way"."""
        key = self.scope.new_key("tapped")
        self.scope.tapped_key = key
        return Verb(act=lambda s, d: [I.TapAnyNumber(player_of(s), flt, key)])

    def vp_attach(self, what: Ref, to: Ref) -> Verb:
        """Attach an Aura or Equipment to an object (701.3)."""
        return Verb(act=lambda s, d: [I.Attach(what, to)])

    def vp_untap(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.Untap(what)])

    def vp_put_counters_choice(self, counters: tuple[int, str], _article: Token, flt: ObjectFilter) -> Verb:
        """"Put two loyalty counters on a planeswalker you control": the controller chooses one as the effect
        happens (not a target, 115.1); with none, nothing happens."""
        n, kind = counters
        key = self.scope.new_key("chosen")
        self.scope.last_obj = RememberedRef(key)
        return Verb(act=lambda s, d: [I.ChoosePermanents(flt, Const(1), key),
                                      I.PutCounters(RememberedRef(key), kind, Const(n))])

    def vp_untap_up_to(self, count: Amount, flt: ObjectFilter) -> Verb:
        """"Untap up to three lands": the controller chooses which, none to N (not targeted, 115.1)."""
        key = self.scope.new_key("chosen")
        return Verb(act=lambda s, d: [I.ChoosePermanents(flt, count, key, up_to=True),
                                      I.Untap(RememberedRef(key))])

    def vp_put_counters(self, counters: tuple[int, str], what: Ref) -> Verb:
        n, kind = counters
        return Verb(act=lambda s, d: [I.PutCounters(what, kind, Const(n))])

    def vp_put_counters_each(self, counters: tuple[int, str], what: Ref, each: ObjectFilter) -> Verb:
        """"Put a loyalty counter on ~ for each creature you control": counted as the effect happens (608.2h)."""
        n, kind = counters
        return Verb(act=lambda s, d: [I.PutCounters(what, kind, Product(Const(n), CountOf(each)))])

    def vp_get_emblem(self, quoted: Token) -> Verb:
        """"You get an emblem with "..."" (114.2): the quoted abilities, compiled as the emblem's own. The
        engine's emblems carry triggered abilities (114.4)."""
        inner = str(quoted).strip().strip('"')
        abilities = tuple(self.compile_nested("", inner, (), ()))
        if not abilities or not all(isinstance(a, TriggeredAbility) for a in abilities):
            raise TextError("only emblems with triggered abilities are supported yet", "an emblem with")
        shown = _sentence_case(inner)   # the text was read lower-cased
        abilities = tuple(replace(a, text=_sentence_case(a.text)) for a in abilities)
        return Verb(act=lambda s, d: [I.GetEmblem(player_of(s), abilities, shown)])

    def vp_put_counters_two(self, first: tuple[int, str], a: Ref, second: tuple[int, str], b: Ref) -> Verb:
        """"Put a +1/+1 counter on target creature and a +1/+1 counter on up to one target Merfolk"."""
        return Verb(act=lambda s, d: [I.PutCounters(a, first[1], Const(first[0])),
                                      I.PutCounters(b, second[1], Const(second[0]))])

    def vp_put_that_many_counters(self, kind: Token, what: Ref) -> Verb:
        """"Whenever one or more +1/+1 counters are put on a creature you control, put that many growth
        counters on ~": as many as the triggering event put (122.6)."""
        if self.scope.trigger is None or self.scope.trigger.event not in ("counters", "pay_life"):
            raise TextError("\"that many\" counters are read only after counters were put or life paid",
                            "that many")
        return Verb(act=lambda s, d: [I.PutCounters(what, str(kind), EventAmount("amount"))])

    def vp_remove_counters(self, counters: tuple[int, str], what: Ref) -> Verb:
        n, kind = counters
        return Verb(act=lambda s, d: [I.RemoveCounters(what, kind, Const(n))])

    def vp_move_counters(self, counters: tuple[int, str], source: Ref, dest: Ref) -> Verb:
        """"Move a +1/+1 counter from target creature you control onto another target creature you control"
        (122.5)."""
        n, kind = counters
        return Verb(act=lambda s, d: [I.MoveCounters(source, dest, kind, Const(n))])

    def vp_distribute_counters(self, counters: tuple[int, str], among_tok: Token) -> Verb:
        """"Distribute three +1/+1 counters among one, two, or three target creatures" (601.2d): divided as the
        targets are chosen, at least one on each."""
        n, kind = counters
        among = str(among_tok)
        if "creature" not in among or "planeswalker" in among:
            raise TextError("only distributing counters among target creatures is supported", among)
        hi = {"one or two": 2, "one, two, or three": 3}.get(among.split(" target")[0], n)
        spec = TargetSpec(objects=ObjectFilter(types=("Creature",)), min_count=1, max_count=min(hi, n),
                          label=f"{among} ({kind} counters divided)", divide=True)
        ref = self._named(self.scope.add_target(spec))
        return Verb(act=lambda s, d: [I.PutCountersDivided((ref,), kind, Const(n))])

    def vp_double_counters(self, kind: Token, what: Ref) -> Verb:
        """"Double the number of +1/+1 counters on each of those creatures" (701.9e)."""
        return Verb(act=lambda s, d: [I.DoubleCounters(what, str(kind))])

    def vp_skip_next_untap(self, _poss: Token) -> Verb:
        """"That player skips their next untap step" (614.10)."""
        return Verb(act=lambda s, d: [I.SkipNextUntap(player_of(s))])

    def vp_remove_those_counters(self) -> Verb:
        """"Remove those counters": every counter of the kind a condition before it counted (122.1)."""
        named = self.scope.counters_named
        if named is None:
            raise TextError("\"those counters\" needs counters named before it", "those counters")
        what, kind = named
        return Verb(act=lambda s, d: [I.RemoveCounters(what, kind, CountersOn(what, kind))])

    def vp_fight(self, other: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.Fight(objects_of(s), other)])

    def vp_regenerate(self, what: Ref) -> Verb:
        return Verb(act=lambda s, d: [I.Regenerate(what)])

    def vp_doesnt_untap(self, _poss: Token) -> Verb:
        return Verb(act=lambda s, d: [I.DoesntUntap(objects_of(s))])

    def vp_doesnt_untap_static(self, _poss: Token) -> Verb:
        """"Doesn't untap during its controller's untap step" (502.3): in a static ability, or for an effect's
        duration."""
        return continuous(flag("doesnt_untap"))

    # -- tokens and mana ------------------------------------------------------------------

    def vp_create(self, spec: TokenSpec) -> Verb:
        self.scope.last_token = spec.card
        self.scope.before_created = self.scope.last_obj
        self.scope.created = RememberedRef("created", plural=not (isinstance(spec.amount, Const) and spec.amount.n == 1))
        self.scope.last_obj = self.scope.created   # "it", "those tokens": the ones made (111.1)
        pt = XAmount() if self.scope.token_x else None   # an X/X token: X as the token is created
        self.scope.token_x = False

        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            amount = spec.amount
            if amount is THAT_MANY:   # "..., then creates that many ... tokens"
                if self.scope.that_many is None:
                    raise TextError("\"that many\" needs a number said before it", "that many")
                amount = self.scope.that_many
            return [I.CreateToken(player_of(s), amount, spec.card, pt)]
        return Verb(act=act)

    def vp_create_copy(self, _article: Token, original: Ref, exception: "CopyException | None" = None) -> Verb:
        """"Create a token that's a copy of [permanent]" (111.1, 706.2); "that token" is the one made."""
        if exception is not None and exception.only_if is not None and exception.only_if != original:
            raise TextError("an exception to a copy that depends on another object isn't supported",
                            "is legendary")
        not_legendary = exception is not None and exception.not_legendary
        self.scope.created = RememberedRef("created")
        self.scope.last_obj = self.scope.created
        return Verb(act=lambda s, d: [CreateTokenCopy(player_of(s), Const(1), original, not_legendary)])

    def vp_copy_spell(self, what: Ref) -> Verb:
        """"Copy target instant or sorcery spell" (706.10): the copy is this effect's controller's."""
        return Verb(act=lambda s, d: [CopySpell(what, Const(1))])

    def vp_copy_for_each_cast_before(self, what: Ref, each: ObjectFilter) -> Verb:
        """"Copy it for each other [kind of] spell you've cast before it this turn": counted as the ability
        resolves, among the spells its controller cast this turn before the one that triggered it."""
        trigger = self.scope.trigger
        if trigger is None or trigger.event != "cast":
            raise TextError("\"cast before it\" needs a \"whenever you cast\" trigger", "before it this turn")
        cast = SpellsCastBefore(replace(each, zone="any"))   # matched against each spell as it was cast
        return Verb(act=lambda s, d: [CopySpell(what, cast)])

    def vp_create_copies(self, amount: Amount, original: Ref, exception: CopyException | None = None) -> Verb:
        """"Create two tokens that are copies of [permanent][, except they're not legendary]" (111.1, 706.2)."""
        not_legendary = exception is not None and exception.not_legendary
        self.scope.created = RememberedRef("created", plural=True)
        self.scope.last_obj = self.scope.created
        return Verb(act=lambda s, d: [CreateTokenCopy(player_of(s), amount, original, not_legendary)])

    def copy_not_legendary(self, only_if: Ref | None = None) -> "CopyException":
        """"Except the token isn't legendary [if X is legendary]" (706.9b): taking away legendary changes
        nothing where the original isn't, so the condition only restates it (706.9f)."""
        return CopyException(not_legendary=True, only_if=only_if)

    def vp_gain_half_x(self) -> Verb:
        """"You gain half X life" (107.1a: rounded down, which the text says)."""
        return Verb(act=lambda s, d: [I.GainLife(player_of(s), HalfX())])

    def vp_draw_half_x(self) -> Verb:
        """"Draw half X cards" (107.1a: rounded down, which the text says)."""
        return Verb(act=lambda s, d: [I.Draw(player_of(s), HalfX())])

    def vp_investigate(self) -> Verb:
        """Investigate (701.36): create a Clue token."""
        return Verb(act=lambda s, d: [I.CreateToken(player_of(s), Const(1), self.predefined_token("clue"))])

    def vp_explore(self) -> Verb:
        """"~ explores", "it explores" (701.40): the subject is the permanent that explores."""
        return Verb(act=lambda s, d: [I.Explore(objects_of(s))])

    def vp_transform(self, what: Ref) -> Verb:
        """"Transform ~" (701.28a)."""
        return Verb(act=lambda s, d: [I.Transform(objects_of(what))])

    def vp_remove_from_combat(self, what: Ref) -> Verb:
        """"Remove it from combat" (506.4)."""
        return Verb(act=lambda s, d: [I.RemoveFromCombat(objects_of(what))])

    def vp_add_mana(self, add: I.AddMana) -> Verb:
        return Verb(act=lambda s, d: [add])

    # -- optional actions (608.2d) --------------------------------------------------------

    def vp_may(self, verb: Verb) -> Verb:
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            inner = self.act_of(verb, s, d)
            who = player_of(s) if not isinstance(s, (SelfRef, TargetRef)) else YouRef()
            return [I.MayDo(who, tuple(inner), prompt=PROMPT)]
        return Verb(act=act)

    def vp_may_pay(self, cost_tok: Token) -> Verb:
        """"[player] may pay {2}": asked only of a player who can pay it; "if you do" asks whether they did."""
        cost = mana(cost_tok)
        return Verb(act=lambda s, d: [I.MayPay(player_of(s) if not isinstance(s, (SelfRef, TargetRef)) else YouRef(),
                                               cost)])

    def vp_may_pay_life(self, n: Token) -> Verb:
        """"[player] may pay 3 life": asked only of a player whose life total is at least that (119.4); "if you
        do" asks whether they paid."""
        life = const(n)
        return Verb(act=lambda s, d: [I.MayPay(player_of(s) if not isinstance(s, (SelfRef, TargetRef)) else YouRef(),
                                               None, life=life)])

    def vp_additional_land(self) -> Verb:
        """"You may play an additional land this turn / on each of your turns" (305.2): a permission, not an
        optional action now; a one-shot effect needs its duration."""
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if d is None:
                raise TextError("\"may play an additional land\" needs \"this turn\" here", "additional land")
            return [I.PlayAdditionalLand(player_of(s), d)]
        return Verb(act=act, ops=lambda: [flag("additional_land")])

    def vp_may_cast_flash(self, spells: ObjectFilter) -> Verb:
        """"You may cast historic spells as though they had flash" (702.8, 601.3): a permanent's static ability."""
        permission = CastPermission(zone="hand", cards=as_cast_filter(spells), flash=True)
        return Verb(ops=lambda: [flag(MAY_CAST, permission)])

    def vp_may_cast_linked(self, cards: ObjectFilter) -> Verb:
        """"You may cast nonland cards exiled with ~": the cards this permanent's abilities exiled (607.2a,
        601.3), a static ability."""
        permission = CastPermission(zone="exile", cards=as_cast_filter(cards), linked=True)
        return Verb(ops=lambda: [flag(MAY_CAST, permission)])

    def vp_may_cast_ref(self, verb: Token, what: Ref, *how: str) -> Verb:
        """"You may cast that card this turn", "you may play those cards", "its owner may cast it without paying
        its mana cost": a permission from a resolving spell or ability for the cards it names (601.3, 611.2)."""
        return _permit(what, CastPermission(play=str(verb) == "play", free="free" in how), "while_exiled" in how)

    def vp_cast_now_from_hand(self, _article: Token, cards: ObjectFilter) -> Verb:
        """"You may cast an instant or sorcery card from your hand without paying its mana cost": cast as the
        effect resolves (608.2g, 118.9)."""
        return Verb(act=lambda s, d: [CastNow(player_of(s), as_cast_filter(cards))])

    def vp_cast_now_exiled(self, cards: ObjectFilter) -> Verb:
        """"Then you may cast any number of nonland cards exiled this way without paying their mana costs": as
        the effect resolves, one at a time (608.2g, 118.9)."""
        return Verb(act=lambda s, d: [CastNow(player_of(s), as_cast_filter(cards), RememberedRef("exiled"),
                                              many=True)])

    def vp_may_cast_among(self, cards: ObjectFilter, what: Ref, *how: str) -> Verb:
        """"You may cast nonland cards from among them for as long as they remain exiled" (601.3, 611.2)."""
        return _permit(what, CastPermission(cards=as_cast_filter(cards)), "while_exiled" in how)

    def vp_spend_any_mana(self) -> Verb:
        """"... and you may spend mana as though it were mana of any type to cast that spell": the permission
        given just before lets any mana pay the spell's cost."""
        return Verb(act=lambda s, d: [Amend(_with_any_mana)])

    def permit_free(self) -> str:
        return "free"

    def permit_while(self) -> str:
        return "while_exiled"

    def vp_cant_cast(self, spells: ObjectFilter) -> Verb:
        """"[Players] can't cast [kind of] spells" (101.2, 601.3): while a static ability applies, or for a
        one-shot effect's duration ("this turn")."""
        flt = as_cast_filter(spells)

        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if d is None:
                raise TextError("\"can't cast\" needs a duration here", "can't cast")
            return [I.CantCast(player_of(s), flt, d)]
        return Verb(act=act, ops=lambda: [flag(CANT_CAST, flt)])

    def vp_cant_cast_next_turn(self, spells: ObjectFilter) -> Verb:
        """"Each opponent can't cast [kind of] spells during that player's next turn": each of them, during
        their own next turn (101.2, 601.3, 611.2)."""
        flt = as_cast_filter(spells)

        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if d is not None:
                raise TextError("two durations in one phrase", "during that player's next turn")
            return [I.CantCast(player_of(s), flt, THEIR_NEXT_TURN)]
        return Verb(act=act)

    def vp_exile_from_own_graveyard(self, amount: Amount, _poss: Token) -> Verb:
        """"Target player exiles a card from their graveyard": that player chooses which (701.11)."""
        if str(_poss) not in ("their", "your", "his or her"):
            raise TextError("only a player's own graveyard is supported here", str(_poss))
        return Verb(act=lambda s, d: [I.ExileFromGraveyard(player_of(s), amount)])

    def vp_if(self, verb: Verb, condition: Any) -> Verb:
        """"[That creature] gains trample if it's red": that part of the effect happens only if the condition
        holds as the effect gets there (608.2c); it isn't checked again later."""
        return Verb(act=lambda s, d: [I.Conditional(condition, tuple(self.act_of(verb, s, d)))])

    def vp_may_have(self, other: Ref, verb: Verb) -> Verb:
        """"You may have [subject] [verb]": you choose; the other subject does it. "Target opponent may have
        ~ deal 4 damage to them": that player chooses."""
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if not isinstance(s, YouRef) and not self._is_player_target(s):
                raise TextError("only a player may have something done", "may have")
            return [I.MayDo(s, tuple(self.act_of(verb, other, d)), prompt=PROMPT)]
        return Verb(act=act)

    def _is_player_target(self, ref: Ref) -> bool:
        """Is ``ref`` a target word for a player ("target opponent")?"""
        return (isinstance(ref, TargetRef) and ref.index < len(self.scope.targets)
                and self.scope.targets[ref.index].players is not None and self.scope.targets[ref.index].objects is None)

    # -- continuous changes: characteristics and abilities (613) ----------------------------

    def vp_pump(self, pt: Token) -> Verb:
        p, t = signed_pt(pt)
        op = LayerOp("7c", "add_pt", (p, t))

        def ops() -> list[LayerOp]:
            if not isinstance(p, int) or not isinstance(t, int):
                raise TextError("X in a static ability isn't supported", "x")
            return [op]
        return Verb(act=lambda s, d: [I.ApplyEffect(objects_of(s), (op,), d or "permanent")], ops=ops)

    def vp_pump_each_until_eot(self, pt: Token, each: ObjectFilter) -> Verb:
        """"Gets +1/+1 until end of turn for each ...": the duration written before the count (611.2a); the
        count is taken as the effect begins (608.2h)."""
        act = self.vp_pump_each(pt, each).act
        assert act is not None
        return Verb(act=lambda s, d: act(s, d or "end_of_turn"))

    def vp_pump_each_either(self, pt: Token, each: ObjectFilter, other: ObjectFilter) -> Verb:
        """"Gets +1/+1 for each land you control and each land card in your graveyard": one count of what
        fits either description, in whichever zones they look."""
        return self.vp_pump_each(pt, ObjectFilter(any_of=(each, other), zone="any"))

    def vp_pump_each(self, pt: Token, each: ObjectFilter) -> Verb:
        p, t = signed_pt(pt)

        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            count = CountOf(each)
            pa = Product(p if isinstance(p, Amount) else Const(p), count)
            ta = Product(t if isinstance(t, Amount) else Const(t), count)
            return [I.ApplyEffect(objects_of(s), (LayerOp("7c", "add_pt", (pa, ta)),), d or "permanent")]

        def ops() -> list[LayerOp]:
            if not isinstance(p, int) or not isinstance(t, int):
                raise TextError("X in a static ability isn't supported", "x")
            return [LayerOp("7c", "add_pt_each", (p, t, each))]
        return Verb(act=act, ops=ops)

    def vp_grant(self, abilities: list[Any]) -> Verb:
        return continuous(LayerOp("6", "grant", (tuple(abilities),)))

    def vp_lose_all(self) -> Verb:
        return continuous(LayerOp("6", "remove_all_abilities"))

    def vp_lose_all_other(self) -> Verb:
        """"Loses all other abilities": all but those the same ability gives, which come after it (613.1f,
        613.7). Read in static abilities only: there the ability's changes are ordered as one effect."""
        return Verb(ops=lambda: [LayerOp("6", "remove_all_abilities", ("other",))])

    def vp_add_color_subtypes(self, color: Any, *subtypes: Any) -> Verb:
        """"Is a blue Wall in addition to its other colors and types": a subtype added in layer 4 and a color
        in layer 5 (205.1b, 105.3)."""
        subs = tuple(w.value for w in subtypes)
        return continuous(LayerOp("4", "add_types", ((), subs)), LayerOp("5", "add_colors", ((color.value,),)))

    def vp_lose_keywords(self, abilities: list[Any]) -> Verb:
        return continuous(*(LayerOp("6", "remove_keyword", (k.keyword,)) for k in abilities))

    def vp_become(self, ops: tuple[LayerOp, ...]) -> Verb:
        return continuous(*ops)

    def vp_become_copy(self, original: Ref) -> Verb:
        """"[It] becomes a copy of [object]" (706.2): a copy effect, for the clause's duration."""
        return Verb(act=lambda s, d: [BecomeCopy(objects_of(s), original, d or "permanent")])

    def vp_become_copy_except(self, original: Ref, changes: CopyChanges) -> Verb:
        """"... becomes a copy of [object], except its name is ~, it's legendary in addition to its other types,
        and it has this ability": the copied values with those changes (706.9a, 706.9b)."""
        if changes.this_ability and self.scope.kind not in ("activated", "triggered"):
            raise TextError("\"it has this ability\" needs an activated or triggered ability", "this ability")
        return Verb(act=lambda s, d: [BecomeCopy(objects_of(s), original, d or "permanent", changes)])

    def copy_changes(self, *changes: str) -> CopyChanges:
        return CopyChanges(name=self.card_name if "name" in changes else None,
                           supertypes=("Legendary",) if "legendary" in changes else (),
                           this_ability="this ability" in changes)

    def cc_keeps_name(self) -> str:
        return "name"

    def cc_legendary(self) -> str:
        return "legendary"

    def cc_this_ability(self) -> str:
        return "this ability"

    def vp_base_pt(self, pt: Token) -> Verb:
        return continuous(LayerOp("7b", "set_pt", signed_pt(pt)))

    def vp_base_pt_mv(self) -> Verb:
        return Verb(ops=lambda: [LayerOp("7b", "set_pt", ("mana value", "mana value"))])

    def vp_add_creature_type(self) -> Verb:
        return Verb(ops=lambda: [LayerOp("4", "add_types", (("Creature",), ()))])

    def vp_add_types(self, words: TypeWords) -> Verb:
        types = tuple(w.value for w in words.words if w.kind == "type")
        subtypes = tuple(w.value for w in words.words if w.kind == "subtype")
        return Verb(ops=lambda: [LayerOp("4", "add_types", (types, subtypes))])

    def vp_is_legendary(self) -> Verb:
        """"Enchanted permanent is legendary": the supertype added in the type-changing layer (205.4, 613.1d)."""
        return continuous(LayerOp("4", "add_supertypes", (("Legendary",),)))

    def vp_gain_control(self, what: Ref) -> Verb:
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if not isinstance(player_of(s), YouRef):
                raise TextError("only \"you gain control\" is supported here", "gains control")
            return [I.ApplyEffect(what, (LayerOp("2", "control"),), d or "permanent")]
        return Verb(act=act)

    def vp_gain_control_own(self, flt: ObjectFilter) -> Verb:
        """"Each player gains control of all creatures they own" (613.1b): each of them comes under its
        owner's control, the objects fixed as the effect begins (611.2c)."""
        def act(s: Ref, d: str | None) -> list[I.Instruction]:
            if not (isinstance(s, EachPlayerRef) and s.who == "each"):
                raise TextError("only \"each player gains control of all ... they own\" is supported", "they own")
            return [I.ApplyEffect(AllRef(flt), (LayerOp("2", "control_owner"),), d or "permanent")]
        return Verb(act=act)

    def become_creature_type(self, *parts: Any) -> tuple[LayerOp, ...]:
        """"becomes a [color] [subtype] ... with base power and toughness N/N" (205.1a)."""
        subs = tuple(w.value for w in parts if getattr(w, "kind", None) == "subtype")
        ops = [LayerOp("4", "set_creature_subtypes", (subs,))]
        ops += [LayerOp("5", "set_colors", ((w.value,),)) for w in parts if getattr(w, "kind", None) == "color"]
        ops += [LayerOp("7b", "set_pt", signed_pt(p)) for p in parts if isinstance(p, Token)]
        return tuple(ops)

    def become_pt_type(self, pt: Token, *parts: Any) -> tuple[LayerOp, ...]:
        """"becomes a N/N [color] [subtype] [type] (with [keywords])" and "become N/N [subtype] [types] (with
        [keywords])": types added (205.1b), base power and toughness, and the abilities the effect grants."""
        words = [w for p in parts if isinstance(p, TypeWords) for w in p.words]
        granted = tuple(a for p in parts if isinstance(p, list) for a in p)
        subs = tuple(w.value for w in parts if getattr(w, "kind", None) == "subtype")
        types = tuple(w.value for w in words if w.kind == "type")
        subs += tuple(w.value for w in words if w.kind == "subtype")
        ops = [LayerOp("4", "add_types", (types, subs)), LayerOp("7b", "set_pt", signed_pt(pt))]
        ops[1:1] = [LayerOp("5", "set_colors", ((w.value,),)) for w in parts if getattr(w, "kind", None) == "color"]
        if granted:
            ops.append(LayerOp("6", "grant", (granted,)))
        return tuple(ops)

    def become_types_pt(self, *parts: Any) -> tuple[LayerOp, ...]:
        """"become artifact creatures with base power and toughness 5/5": types added (205.1b) and base power
        and toughness set (613.4b)."""
        words = [w for p in parts if isinstance(p, TypeWords) for w in p.words]
        pt = next(p for p in parts if isinstance(p, Token) and p.type == "PT")
        types = tuple(w.value for w in words if w.kind == "type")
        subtypes = tuple(w.value for w in words if w.kind == "subtype")
        return (LayerOp("4", "add_types", (types, subtypes)), LayerOp("7b", "set_pt", signed_pt(pt)))

    def become_types(self, _article: Token, words: TypeWords) -> tuple[LayerOp, ...]:
        """"becomes an artifact creature": types added (205.1b); a Vehicle so made a creature has its printed
        power and toughness (301.7b)."""
        types = tuple(w.value for w in words.words if w.kind == "type")
        subtypes = tuple(w.value for w in words.words if w.kind == "subtype")
        return (LayerOp("4", "add_types", (types, subtypes)),)

    def become_color(self, color: Any) -> tuple[LayerOp, ...]:
        return (LayerOp("5", "set_colors", ((color.value,),)),)

    # -- rules restrictions and requirements: combat (508.1c-d, 509.1b-c), countering ----------

    def vp_must_attack(self) -> Verb:
        return continuous(flag("must_attack"))

    def vp_must_attack_this_combat(self) -> Verb:
        """"[It] attacks this combat if able": a requirement (508.1d) that lasts until this combat ends (511.3),
        whatever duration the sentence gives its other verbs."""
        return Verb(act=lambda s, d: [I.ApplyEffect(objects_of(s), (flag("must_attack"),), "end_of_combat")])

    def vp_must_block(self) -> Verb:
        """"Blocks each combat if able": a requirement on the declaration of blockers (509.1c)."""
        return continuous(flag("must_block"))

    def vp_must_attack_block(self) -> Verb:
        """"Attacks or blocks each combat if able": both requirements (508.1d, 509.1c)."""
        return continuous(flag("must_attack"), flag("must_block"))

    def vp_must_be_blocked(self) -> Verb:
        """"Must be blocked if able": a requirement on the defending player's blocks (509.1c)."""
        return continuous(flag("must_be_blocked"))

    def vp_must_be_blocked_this_turn(self) -> Verb:
        """"Must be blocked this turn if able" (509.1c): the phrase carries its own duration, this turn."""
        return Verb(act=lambda s, d: [I.ApplyEffect(objects_of(s), (flag("must_be_blocked"),), "end_of_turn")])

    def vp_extra_block(self) -> Verb:
        """"Can block an additional creature each combat" (509.1a lets a creature block one attacker)."""
        return continuous(flag("extra_block"))

    def vp_cant_attack(self) -> Verb:
        return continuous(flag("cant_attack"))

    def vp_assigns_by_toughness(self) -> Verb:
        """"Assigns combat damage equal to its toughness rather than its power" (510.1a changed)."""
        return continuous(flag("damage_by_toughness"))

    def vp_attack_despite_defender(self) -> Verb:
        """"Can attack as though it didn't have defender" (702.3b doesn't stop it)."""
        return continuous(flag("attacks_despite_defender"))

    def vp_cant_block(self) -> Verb:
        return continuous(flag("cant_block"))

    def vp_cant_attack_block(self) -> Verb:
        return continuous(flag("cant_attack"), flag("cant_block"))

    def vp_cant_attack_block_alone(self) -> Verb:
        return continuous(flag("cant_attack_alone"), flag("cant_block_alone"))

    def vp_cant_attack_alone(self) -> Verb:
        return continuous(flag("cant_attack_alone"))

    def vp_cant_block_alone(self) -> Verb:
        return continuous(flag("cant_block_alone"))

    def vp_max_one_blocker(self) -> Verb:
        return continuous(flag("max_one_blocker"))

    def vp_untargetable_opp_abilities(self) -> Verb:
        """"Can't be the target of abilities your opponents control": spells may still target it (601.2c, 602.2b)."""
        return continuous(flag("untargetable", (("abilities",), "opponents")))

    def vp_unblockable(self) -> Verb:
        return continuous(flag("cant_be_blocked"))

    def vp_cant_be_blocked_by(self, blockers: ObjectFilter) -> Verb:
        return continuous(flag("cant_be_blocked_by", blockers))

    def vp_blockable_only_by(self, *parts: Any) -> Verb:
        """"~ can't be blocked this turn except by creatures with defender" (509.1b): a blocker that doesn't fit
        can't block it; "this turn" inside the phrase is its duration."""
        blockers: ObjectFilter = parts[-1]
        ops = (flag("can_be_blocked_only_by", blockers),)
        inner = parts[0] if len(parts) > 1 else None
        return Verb(act=lambda s, d: [I.ApplyEffect(objects_of(s), ops, inner or d or "permanent")],
                    ops=lambda: list(ops))

    def vp_can_block_only(self, attackers: ObjectFilter) -> Verb:
        return continuous(flag("can_block_only", attackers))

    def vp_cant_block_desc(self, _attackers: ObjectFilter) -> Verb:
        return no_reading()

    def vp_menace_like(self) -> Verb:
        return no_reading()

    def vp_attacks_marker(self) -> Verb:
        return no_reading()

    # -- statics only: read by their rule in statics.py ------------------------------------

    def vp_enters_tapped(self) -> Verb:
        return no_reading()

    def vp_enters_tapped_unless(self, _condition: Any) -> Verb:
        return no_reading()

    def vp_enters_with_counters(self, _counters: tuple[int, str]) -> Verb:
        return no_reading()

    def vp_enters_with_counters_if(self, _counters: tuple[int, str], _condition: Any) -> Verb:
        return no_reading()

    def vp_enters_tapped_with_counters(self, _counters: tuple[int, str]) -> Verb:
        return no_reading()

    def vp_enters_with_counters_each(self, _counters: tuple[int, str], _each: ObjectFilter) -> Verb:
        return no_reading()

    def vp_cant_activate_loyalty(self) -> Verb:
        """"Players can't activate planeswalkers' loyalty abilities": a rule for players (statics.py; 606.3)."""
        return no_reading()

    def vp_enters_with_counters_equal(self, _kind: Token, _amount: Amount) -> Verb:
        return no_reading()

    def vp_cant_lose(self) -> Verb:
        return no_reading()

    def vp_lose_game(self) -> Verb:
        """"That player loses the game" (104.3e)."""
        return Verb(act=lambda s, d: [I.LoseGame(s)])

    def vp_extra_turn(self) -> Verb:
        """"Take an extra turn after this one", "target player takes ..." (500.7)."""
        return Verb(act=lambda s, d: [I.ExtraTurn(s)])

    def vp_exchange_life(self) -> Verb:
        """"Two target players exchange life totals" (701.10c)."""
        return Verb(act=lambda s, d: [I.ExchangeLifeTotals(s)])

    def vp_exchange_life_power(self) -> Verb:
        """"Exchange your life total with ~'s power" (701.10g)."""
        return Verb(act=lambda s, d: [I.ExchangeLifeWithPower(player_of(s), SelfRef())])

    def vp_win_game(self) -> Verb:
        """"You win the game" (104.2b)."""
        return Verb(act=lambda s, d: [I.WinGame(s)])

    def vp_cant_win(self) -> Verb:
        return no_reading()

    def vp_control(self, _what: Ref) -> Verb:
        return no_reading()

    def vp_uncounterable(self) -> Verb:
        return no_reading()


def _permit(what: Ref, permission: CastPermission, while_exiled: bool) -> Verb:
    """A one-shot permission to cast (or play) the cards ``what`` names, for the clause's duration or for as
    long as they remain exiled. Casting one now, as the effect resolves, isn't read here."""
    def act(s: Ref, d: str | None) -> list[I.Instruction]:
        if while_exiled:
            d = WHILE_EXILED
        if d is None:
            raise TextError("casting a card as the effect resolves isn't supported yet", "may cast")
        return [I.PermitCast(player_of(s), what, permission, d)]
    return Verb(act=act)


def _with_any_mana(said: list[Any]) -> None:
    for j in range(len(said) - 1, -1, -1):
        if isinstance(said[j], I.PermitCast):
            said[j] = replace(said[j], permission=replace(said[j].permission, any_mana=True))
            return
    raise TextError("\"spend mana as though it were mana of any type\" needs a permission to cast before it",
                    "spend mana")
