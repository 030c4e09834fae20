"""References to objects and players: "~", "it", "target creature", "each opponent", "that player".

Naming an object makes it what "it" means next (the scope's ``last_obj``);
naming a target adds it to the ability's targets, in the order of the text
(115.1, 601.2c).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token, Tree

from ...engine import instructions as I
from ...engine.refs import (AllRef, Amount, AttachedRef, AttackedRef, ChosenRef, ControllerOfRef, DefendingPlayerRef,
                            EachPlayerRef, EventRef, ExiledWithRef, ObjectFilter, OwnerOfRef, PlayerFilter, Ref, SelfRef,
                            TargetRef, TargetSpec, RememberedPlayersRef, TopCardRef, YouRef)
from ..errors import TextError
from .base import Templates, Word, const, const_amount, find, number, top_down, words_of

MAX_PLAYERS = 8   # "any number of target players": at most every player of a game (a game has two today)

# "any target" (115.4): a creature, player, planeswalker or battle.
_ANY_TARGET_TYPES = ("Creature", "Planeswalker", "Battle")

# The object an event is about, by the event's kind (engine/events.py), for "it" and "that creature".
_EVENT_OBJECT = {"attacks": "attacker", "blocks": "blocker", "damage": "source_id", "dealt_damage": "recipient"}


class Refs(Templates):
    # -- players --------------------------------------------------------------

    def pr_you(self) -> Ref:
        return YouRef()

    def pr_target_player(self) -> Ref:
        return self._target_player("any")

    def pr_n_target_players(self, n: Token) -> Ref:
        """"Two target players": one target word for that many different players (115.1, 115.3)."""
        k = const(n)
        ref = self.scope.add_target(TargetSpec(players=PlayerFilter("any"), min_count=k, max_count=k,
                                               label=f"{k} target players"))
        self.scope.last_player = ref
        return ref

    def pr_any_number_target_players(self) -> Ref:
        """"Any number of target players (each) ...": one target word for as many different players as the
        controller chooses, none included (115.1, 115.3, 601.2c)."""
        ref = self.scope.add_target(TargetSpec(players=PlayerFilter("any"), min_count=0, max_count=MAX_PLAYERS,
                                               label="any number of target players"))
        self.scope.last_player = ref
        return ref

    def pr_target_opponent(self) -> Ref:
        return self._target_player("opponent")

    def _target_player(self, who: str) -> Ref:
        ref = self.scope.add_target(TargetSpec(players=PlayerFilter(who),
                                               label="target opponent" if who == "opponent" else "target player"))
        self.scope.last_player = ref
        return ref

    def pr_each_player(self) -> Ref:
        return EachPlayerRef("each")

    def pr_each_opponent(self) -> Ref:
        return EachPlayerRef("opponents")

    def pr_an_opponent(self) -> Ref:
        return EachPlayerRef("opponents")

    def pr_each_player_who_cant(self) -> Ref:
        """"Each player who can't": the players the sacrifice said just before found nothing to sacrifice
        (101.3: what can't be done isn't done; these players do the other thing instead)."""
        if not self.scope.said or not isinstance(self.scope.said[-1], I.Sacrifice):
            raise TextError("\"each player who can't\" needs a sacrifice just before it", "each player who can't")
        return RememberedPlayersRef(I.UNABLE)

    def pr_that_player(self) -> Ref:
        """The player named before, or the player of the event that triggered the ability."""
        if self.scope.last_player is not None:
            return self.scope.last_player
        if self.scope.trigger is not None:
            return EventRef("player")
        raise TextError("\"that player\" doesn't refer to anything", "that player")

    def pr_its_controller(self, *noun: Token) -> Ref:
        return ControllerOfRef(self._possessor(noun))

    def pr_its_owner(self, *noun: Token) -> Ref:
        return OwnerOfRef(self._possessor(noun))

    def _possessor(self, that_noun: tuple[Token, ...]) -> Ref:
        """Whose power, controller... "its" means the object named before, else this object; "that
        creature's" the object named before, else in a triggered ability the object of the triggering
        event (603.2), like "that creature" itself; so does "its" in an Aura's or Equipment's ability that
        triggers on what happens to the object it is attached to ("when enchanted creature dies, ... its power")."""
        trigger = self.scope.trigger
        if self.scope.last_obj is None and trigger is not None and (that_noun or trigger.attached):
            return self._event_object() or EventRef("obj")
        return self.scope.last_obj or SelfRef()

    def pr_defending(self) -> Ref:
        return DefendingPlayerRef()

    # -- objects --------------------------------------------------------------

    def _named(self, ref: Ref) -> Ref:
        self.scope.last_obj = ref
        if not isinstance(ref, SelfRef):
            self.scope.last_other = ref
        return ref

    def or_self(self) -> Ref:
        return self._named(SelfRef())

    def or_self_from_graveyard(self) -> Ref:
        """"Return ~ from your graveyard to ...": an ability that moves its object out of a zone works only in
        that zone (113.6k): an activated one is activated there by the card's owner (602.2), a triggered one
        triggers there."""
        if self.scope.kind not in ("activated", "triggered"):
            raise TextError("only an activated or triggered ability can work from its card's graveyard",
                            "from your graveyard")
        self.scope.self_from = "graveyard"
        return self._named(SelfRef())

    def or_it(self) -> Ref:
        if self.scope.it_means_self:   # named by the sentence's condition; "that creature" still means the last one
            return SelfRef()
        if self.scope.last_obj is None and self._event_object() is not None:
            return self._named(self._event_object())
        return self._named(self.scope.last_obj or SelfRef())

    def _event_object(self) -> Ref | None:
        """What "it" means first in a triggered ability whose event is about some object other than its
        source ("Whenever a creature you control attacks alone, it gets ..."): that object (603.2)."""
        trigger = self.scope.trigger
        if trigger is not None and trigger.event == "damage" and trigger.recipient is not None:
            return EventRef("recipient")   # "deals damage to a Dinosaur, destroy that creature"
        if trigger is not None and trigger.event == "cast":
            return EventRef("spell_id")    # "whenever you cast an instant spell, copy it": the spell
        if trigger is not None and trigger.event == "blocks" and trigger.recipient is not None:
            return EventRef("attacker")    # "blocks a creature, that creature doesn't untap ..."
        if trigger is None or trigger.self_only or trigger.subject is None or trigger.event not in _EVENT_OBJECT:
            return None
        return EventRef(_EVENT_OBJECT[trigger.event])

    def _event_other(self) -> Ref | None:
        """The other creature of "whenever ~ blocks or becomes blocked by a creature" (509.5b, 509.5d)."""
        trigger = self.scope.trigger
        if trigger is None or trigger.recipient is None or trigger.event not in ("blocks", "blocked_by"):
            return None
        return EventRef("attacker" if trigger.event == "blocks" else "blocker")

    def or_they(self) -> Ref:
        """"Them": the objects named before; where the text has named no object but a player ("target
        opponent may have ~ deal 4 damage to them"; a card is never "them"), that player."""
        if isinstance(self.scope.last_obj, (SelfRef, type(None))) and self.scope.last_player is not None:
            return self.scope.last_player
        return self._named(self.scope.last_obj or SelfRef())

    def or_that(self, _noun: Any) -> Ref:
        """"That creature": the one named before, else the object of the triggering event. "That token" after
        a "create": the token made (111.1)."""
        if isinstance(_noun, dict) and _noun.get("token") and self.scope.created is not None:
            return self._named(self.scope.created)
        if isinstance(self.scope.last_obj, SelfRef) and self.scope.last_other is not None:
            # "choose target creature. ~ gets +X/+0, then ~ fights that creature": not the card itself
            return self._named(self.scope.last_other)
        other = self._event_other()
        if other is not None and isinstance(self.scope.last_obj, (SelfRef, type(None))):
            return self._named(other)
        if self.scope.last_obj is None and self.scope.trigger is not None:
            return self._named(self._event_object() or EventRef("obj"))
        if isinstance(self.scope.last_obj, SelfRef) and self.scope.last_other is not None:
            return self._named(self.scope.last_other)   # "that creature" isn't the "~" just named
        return self._named(self.scope.last_obj or SelfRef())

    def or_top_card(self, poss: Token) -> Ref:
        """"The top card of your / each player's / that player's library" (401.1)."""
        return self._top_cards(poss, 1)

    def or_top_cards(self, n: Token, poss: Token) -> Ref:
        """"The top two cards of your library" (401.1): that many, as they are when first named."""
        return self._top_cards(poss, const_amount(number(n)))

    def or_top_cards_equal(self, amount: Amount, poss: Token) -> Ref:
        """"Cards equal to its power from the top of its owner's library": that many, counted as the effect
        happens (608.2h)."""
        return self._top_cards(poss, amount)

    def _top_cards(self, poss: Token, n: int | Amount) -> Ref:
        whose = {"your": YouRef(), "each player's": EachPlayerRef(), "their": None, "that player's": None,
                 "its owner's": None}
        if str(poss) not in whose:
            raise TextError(f"the top card of {poss} library isn't supported yet", "the top card")
        player = whose[str(poss)] or (self.pr_its_owner() if str(poss) == "its owner's" else self.pr_that_player())
        return self._named(TopCardRef(player, self.scope.new_key("top"), n))

    def or_target(self, ref: Ref) -> Ref:
        return self._named(ref)

    def or_each(self, flt: ObjectFilter) -> Ref:
        return self._named(self._others(flt) if flt.another else AllRef(flt))

    def or_all(self, flt: ObjectFilter) -> Ref:
        return self._named(self._others(flt) if flt.another else AllRef(flt))

    def or_each_other(self, flt: ObjectFilter) -> Ref:
        return self._named(self._others(flt))

    def or_all_other(self, flt: ObjectFilter) -> Ref:
        return self._named(self._others(flt))

    def _others(self, flt: ObjectFilter) -> AllRef:
        """"Each other creature": other than this object; in an instant or sorcery that named a target
        before, other than that target too ("4 damage to target creature ... 2 damage to each other creature
        that player controls")."""
        before = self.scope.last_other
        besides = before if self.is_spell and isinstance(before, TargetRef) else None
        return AllRef(replace(flt, another=True), besides=besides)

    def or_chosen(self, _noun: Any) -> Ref:
        """"The chosen creature": the permanent chosen as this one entered (614.12)."""
        return self._named(ChosenRef())

    def or_enchanted(self, _noun: Any) -> Ref:
        return self._named(AttachedRef("enchanted"))

    def or_equipped(self, _noun: Any) -> Ref:
        return self._named(AttachedRef("equipped"))

    def or_event_source(self) -> Ref:
        """"That spell or ability": the one whose targeting made this ability trigger."""
        if self.scope.trigger is None or self.scope.trigger.event != "becomes_target":
            raise TextError("\"that spell or ability\" needs a \"becomes the target\" trigger", "that spell or ability")
        return self._named(EventRef("by"))

    def or_exiled_with(self, *_card_word: Token) -> Ref:
        return self._named(ExiledWithRef())

    # -- targets (115): read top-down, the label keeps the description's words --------

    @top_down
    def tp_one(self, tree: Tree) -> Ref:
        desc = find(tree, "desc")
        return self.scope.add_target(TargetSpec(objects=self.transform(desc), label="target " + words_of(desc)))

    @top_down
    def tp_another(self, tree: Tree) -> Ref:
        desc = find(tree, "desc")
        return self.scope.add_target(TargetSpec(objects=replace(self.transform(desc), another=True),
                                                label="another target " + words_of(desc)))

    @top_down
    def tp_n(self, tree: Tree) -> Ref:
        return self._counted_target(tree, exact=True, other=False)

    @top_down
    def tp_up_to(self, tree: Tree) -> Ref:
        return self._counted_target(tree, exact=False, other=False)

    @top_down
    def tp_up_to_other(self, tree: Tree) -> Ref:
        return self._counted_target(tree, exact=False, other=True)

    @top_down
    def tp_up_to_one_graveyard(self, tree: Tree) -> Ref:
        """"Up to two target cards from a single graveyard": cards in graveyards, all with one owner (115.1)."""
        return self._counted_target(tree, exact=False, other=False, one_graveyard=True)

    def _counted_target(self, tree: Tree, exact: bool, other: bool, one_graveyard: bool = False) -> Ref:
        desc = find(tree, "desc")
        flt = self.transform(desc)
        n = const(tree.children[0])
        lo = n if exact else 0
        if other:
            flt = replace(flt, another=True)
        label = f"{'up to ' if lo == 0 else ''}{n} target {words_of(desc)}"
        if one_graveyard:
            flt = replace(flt, zone="graveyard")
            label += " from a single graveyard"
        return self.scope.add_target(TargetSpec(objects=flt, min_count=lo, max_count=n, label=label,
                                                one_owner=one_graveyard))

    def tp_any(self) -> Ref:
        return self._any_target(another=False)

    def tp_up_to_any(self, n: Token) -> Ref:
        """"Up to three targets": any targets (115.4), none to three of them, each chosen once (115.3)."""
        count = const(n)
        spec = TargetSpec(objects=ObjectFilter(types=_ANY_TARGET_TYPES), players=PlayerFilter("any"),
                          min_count=0, max_count=count, label=f"up to {count} targets")
        return self.scope.add_target(spec)

    def tp_any_other(self) -> Ref:
        return self._any_target(another=True)

    def _any_target(self, another: bool) -> Ref:
        spec = TargetSpec(objects=ObjectFilter(types=_ANY_TARGET_TYPES, another=another),
                          players=PlayerFilter("any"), label="any target")
        return self.scope.add_target(spec)

    @top_down
    def tp_desc_or_player(self, tree: Tree) -> Ref:
        desc = find(tree, "desc")
        return self.scope.add_target(TargetSpec(objects=self.transform(desc), players=PlayerFilter("any"),
                                                label=f"target {words_of(desc)} or player"))

    @top_down
    def tp_player_or_desc(self, tree: Tree) -> Ref:
        return self._player_or_desc(tree, "any")

    @top_down
    def tp_opponent_or_desc(self, tree: Tree) -> Ref:
        return self._player_or_desc(tree, "opponent")

    def _player_or_desc(self, tree: Tree, who: str) -> Ref:
        desc = find(tree, "desc")
        return self.scope.add_target(TargetSpec(objects=self.transform(desc), players=PlayerFilter(who),
                                                label=f"target {'opponent' if who == 'opponent' else 'player'} "
                                                      f"or {words_of(desc)}"))

    # -- what damage is dealt to (120.1) -------------------------------------------

    def recipients(self, *each: list[Ref]) -> list[Ref]:
        return [r for refs in each for r in refs]

    def rc_attacked(self) -> list[Ref]:
        return [AttackedRef()]

    def rc_event_attacked(self) -> list[Ref]:
        """"The player or planeswalker that creature is attacking": what the triggering attacker attacks (508.1b)."""
        return [AttackedRef(of_event=True)]

    def rc_that_target(self) -> list[Ref]:
        """"That player or planeswalker": the target player or planeswalker named before it (115.1)."""
        if not self.scope.targets or self.scope.targets[-1].players is None:
            raise TextError("\"that player or planeswalker\" needs a target player or planeswalker before it",
                            "that player or planeswalker")
        return [TargetRef(len(self.scope.targets) - 1)]

    def rc_obj(self, ref: Ref) -> list[Ref]:
        return [ref]

    def rc_player(self, ref: Ref) -> list[Ref]:
        return [ref]

    def rc_each_and_players(self, flt: ObjectFilter) -> list[Ref]:
        return [AllRef(flt), EachPlayerRef("each")]

    def rc_opponents_and_theirs(self, first: Word, second: Word) -> list[Ref]:
        """"each opponent and each creature and planeswalker they control"."""
        return [EachPlayerRef("opponents"), AllRef(ObjectFilter(types=(first.value, second.value), controller="opponent"))]

    def rc_target_player_and_theirs(self, first: Word, second: Word) -> list[Ref]:
        """"target player and each creature and planeswalker they control": "they" is the target player."""
        player = self._target_player("any")
        return [player, AllRef(ObjectFilter(types=(first.value, second.value), controller_ref=player))]

    def rc_each_and_opponents(self, flt: ObjectFilter) -> list[Ref]:
        return [AllRef(flt), EachPlayerRef("opponents")]
