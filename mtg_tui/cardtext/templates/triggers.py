"""Trigger conditions (603.1): "When ~ enters", "Whenever an opponent casts a spell", "At the beginning of ...".

The ``trigger`` rules give a list of ``Trigger``: two where the text joins two
events ("enters or attacks"), and the ability form makes one ability of each.
The subject of a trigger (``ts_*``) gives the Trigger fields that say whose
event it is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Token

from ...engine.refs import ObjectFilter
from ...engine.abilities import Trigger
from ..errors import TextError
from .base import Templates, const_amount, number

Subject = dict[str, Any]
# Whose graveyard a card is put into, as a trigger names it (a card goes to its owner's, 404.1).
_GRAVEYARD_OF = {"a graveyard": "any", "your graveyard": "you", "an opponent's graveyard": "opponent"}


class Triggers(Templates):
    def trigger(self, made: Trigger | list[Trigger]) -> list[Trigger]:
        return made if isinstance(made, list) else [made]

    def trigger_step(self, made: Trigger) -> list[Trigger]:
        return [made]

    # -- whose event -------------------------------------------------------------

    def ts_self(self) -> Subject:
        return {"self_only": True}

    def ts_self_or(self, flt: ObjectFilter) -> Subject:
        return {"or_self": True, "subject": replace(flt, another=True)}

    def ts_another(self, flt: ObjectFilter) -> Subject:
        return {"subject": replace(flt, another=True)}

    def ts_a(self, *parts: Any) -> Subject:
        return {"subject": parts[-1]}

    def ts_one_or_more(self, flt: ObjectFilter) -> Subject:
        """"Whenever one or more creatures you control ...": one event for all of them together (603.2c)."""
        return {"subject": flt, "batch": True}

    def ts_enchanted(self, _noun: Any) -> Subject:
        return {"attached": True}

    def ts_equipped(self, _noun: Any) -> Subject:
        return {"attached": True}

    def ps_you(self) -> str:
        return "you"

    def ps_opponent(self) -> str:
        return "opponent"

    def ps_any(self) -> str:
        return "any"

    # -- events of objects ------------------------------------------------------

    def t_enters(self, subject: Subject) -> Trigger:
        return Trigger("enters", **subject)

    def t_enters_yours(self, subject: Subject) -> Trigger:
        """"Whenever a creature enters the battlefield under your control": only one its controller is you."""
        if subject.get("self_only"):
            return Trigger("enters", **subject)
        return Trigger("enters", player="you", **subject)

    def t_dies(self, subject: Subject) -> Trigger:
        return Trigger("dies", **subject)

    def t_to_graveyard(self, subject: Subject, whose: Token) -> Trigger:
        """"Whenever a creature is put into an opponent's graveyard from the battlefield": into the graveyard
        of the player named, its owner's (404.1)."""
        return Trigger("to_graveyard", from_zone="battlefield", graveyard=_GRAVEYARD_OF[str(whose)], **subject)

    def t_to_graveyard_from_library(self, subject: Subject, whose: Token, _poss: Token) -> Trigger:
        """"When ~ is put into your graveyard from your library": a trigger condition that can't trigger from the
        battlefield, so it works from the graveyard the card is put into (113.6j)."""
        if not subject.get("self_only"):
            raise TextError("only \"when ~ is put into your graveyard from your library\" is supported", "from your library")
        return Trigger("to_graveyard", from_zone="library", graveyard=_GRAVEYARD_OF[str(whose)], **subject)

    def t_to_graveyard_from_anywhere(self, subject: Subject, whose: Token) -> Trigger:
        """"Whenever a card is put into an opponent's graveyard from anywhere" (404.1): from any zone, into the
        graveyard of the player named."""
        if subject.get("self_only") or subject.get("or_self"):
            raise TextError("only \"a card is put into a graveyard from anywhere\" is supported", "from anywhere")
        return Trigger("to_graveyard", from_zone="anywhere", subject=subject.get("subject"),
                       player=_GRAVEYARD_OF[str(whose)])

    def t_leaves(self, subject: Subject) -> Trigger:
        return Trigger("leaves", **subject)

    def t_attacks(self, subject: Subject) -> Trigger:
        return Trigger("attacks", **subject)

    def t_attacks_alone(self, subject: Subject) -> Trigger:
        """"Whenever a creature you control attacks alone": it was the only creature declared as an attacker
        (506.5)."""
        return Trigger("attacks", alone=True, **subject)

    def t_blocks(self, subject: Subject) -> Trigger:
        return Trigger("blocks", **subject)

    def t_blocks_a(self, subject: Subject, _article: Token, flt: ObjectFilter) -> Trigger:
        """"Whenever ~ blocks a creature" (509.1): "that creature" is then the creature it blocks."""
        return Trigger("blocks", recipient=flt, **subject)

    def t_explores(self, subject: Subject) -> Trigger:
        """"Whenever a creature you control explores" (701.40b: it explores even if part of it was impossible)."""
        return Trigger("explores", **subject)

    def t_attack_with(self, n: Token, flt: ObjectFilter) -> Trigger:
        """"When you attack with three or more creatures" (508.1: the creatures declared as attackers)."""
        return Trigger("attack_with", subject=flt, player="you", count=const_amount(number(n)))

    def t_self_and_others_attack(self, n: Token, flt: ObjectFilter) -> Trigger:
        """"Whenever ~ and at least two other creatures attack": this one among the attackers declared (508.1),
        with that many others."""
        return Trigger("attack_with", self_only=True, subject=replace(flt, another=False),
                       count=const_amount(number(n)) + 1)

    def t_becomes_blocked(self, subject: Subject) -> Trigger:
        return Trigger("becomes_blocked", **subject)

    def t_becomes_tapped(self, subject: Subject) -> Trigger:
        """"Whenever ~ becomes tapped" (701.21a): however it is tapped (a cost, attacking, convoke, an effect)."""
        return Trigger("becomes_tapped", **subject)

    def t_becomes_target(self, subject: Subject) -> Trigger:
        return self._becomes_target(subject, "any")

    def t_becomes_target_opponent(self, subject: Subject) -> Trigger:
        return self._becomes_target(subject, "opponent")

    def t_becomes_target_spell(self, subject: Subject) -> Trigger:
        """"Becomes the target of a spell": not of an ability (115.1)."""
        return replace(self._becomes_target(subject, "any"), spell_filter=ObjectFilter(zone="stack"))

    def _becomes_target(self, subject: Subject, player: str) -> Trigger:
        """"Whenever ~ (or a creature you control) becomes the target of a spell or ability [an opponent
        controls]" (603.2, 115.1)."""
        if subject.get("self_only"):
            return Trigger("becomes_target", self_only=True, player=player)
        if set(subject) != {"subject"}:
            raise TextError("only \"~\" or \"a [kind of permanent]\" becoming the target is supported yet",
                            "becomes the target")
        return Trigger("becomes_target", subject=subject["subject"], player=player)

    def t_enters_or_attacks(self, subject: Subject) -> list[Trigger]:
        return [self.t_enters(subject), self.t_attacks(subject)]

    def t_attacks_or_blocks(self, subject: Subject) -> list[Trigger]:
        """"Whenever ~ attacks or blocks": declared as an attacker (508.1) or as a blocker (509.1)."""
        return [self.t_attacks(subject), self.t_blocks(subject)]

    def t_blocks_or_blocked_by(self, subject: Subject, _article: Token, other: ObjectFilter) -> list[Trigger]:
        """"Whenever ~ blocks or becomes blocked by a creature": once for each creature it blocks (509.5b) and
        once for each creature blocking it (509.5d); "that creature" is that other creature."""
        return [Trigger("blocks", recipient=other, **subject), Trigger("blocked_by", recipient=other, **subject)]

    def t_enters_or_dies(self, subject: Subject) -> list[Trigger]:
        return [self.t_enters(subject), self.t_dies(subject)]

    def t_enters_or_to_graveyard(self, subject: Subject, whose: Token) -> list[Trigger]:
        return [self.t_enters(subject), self.t_to_graveyard(subject, whose)]

    def t_counters_put(self, kind: Any, subject: Subject) -> Trigger:
        """"Whenever one or more +1/+1 counters are put on ~" (122.6): once for each time counters are put."""
        return Trigger("counters", counter=str(kind), **subject)

    def t_dies_damaged_by_self(self) -> Trigger:
        return Trigger("dies_damaged_by_self")

    # -- damage (510.2, 120.3) ------------------------------------------------------

    def _damage(self, subject: Subject, combat: bool, to: str, player: str = "any") -> Trigger:
        """Damage dealt by the source itself, the creature it is attached to, or any object that fits the
        subject ("a Merfolk you control"), checked as the damage is dealt (120.2, 510.2)."""
        return Trigger("damage", combat_only=combat, to=to, player=player, **subject)

    def t_combat_damage_player(self, subject: Subject) -> Trigger:
        return self._damage(subject, True, "player")

    def t_damage_player(self, subject: Subject) -> Trigger:
        return self._damage(subject, False, "player")

    def t_combat_damage_opponent(self, subject: Subject) -> Trigger:
        return self._damage(subject, True, "player", "opponent")

    def t_damage_opponent(self, subject: Subject) -> Trigger:
        return self._damage(subject, False, "player", "opponent")

    def t_damage_to(self, subject: Subject, _article: Token, flt: ObjectFilter) -> Trigger:
        """"Whenever ~ deals damage to a Dinosaur": the object dealt the damage fits the description (120.2)."""
        return replace(self._damage(subject, False, "creature"), recipient=flt)

    def t_combat_damage(self, subject: Subject) -> Trigger:
        return self._damage(subject, True, "")

    def t_damage(self, subject: Subject) -> Trigger:
        return self._damage(subject, False, "")

    def t_dealt_damage(self, subject: Subject) -> Trigger:
        """"Whenever ~ / a creature an opponent controls is dealt damage" (120.2)."""
        return Trigger("dealt_damage", **subject)

    # -- events of players --------------------------------------------------------

    def t_gain_life(self, player: str) -> Trigger:
        return Trigger("gain_life", player=player)

    def t_lose_life(self, player: str) -> Trigger:
        return Trigger("lose_life", player=player)

    def t_pay_life(self, player: str) -> Trigger:
        """"Whenever you pay life" (119.4): life paid for a cost or a payment an effect offers, not other
        life lost; "that many" is the life paid."""
        return Trigger("pay_life", player=player)

    def t_activates(self, player: str, _article: Token, flt: ObjectFilter) -> Trigger:
        """"Whenever an opponent activates an ability of an artifact, creature, or land that isn't a mana
        ability" (602.2; mana abilities, 605, aren't activated this way)."""
        return Trigger("activate", player=player, subject=flt)

    def t_cast_self(self) -> Trigger:
        """"When you cast this spell" (601.2i): it triggers, and works, on the stack (113.6j)."""
        return Trigger("cast", self_only=True, player="you")

    def t_draw(self, player: str) -> Trigger:
        return Trigger("draw", player=player)

    def t_sacrifice(self, player: str, _article: Token, flt: ObjectFilter) -> Trigger:
        """"Whenever you sacrifice a Treasure" (701.17a): once for each permanent of that kind sacrificed,
        as it last existed on the battlefield."""
        return Trigger("sacrifice", player=player, subject=replace(flt, zone="battlefield"))

    def t_discard(self, player: str) -> Trigger:
        """"Whenever an opponent discards a card" (701.8): once for each card discarded (603.2c)."""
        return Trigger("discard", player=player)

    def t_surveil(self, player: str) -> Trigger:
        """"Whenever you surveil" (701.42a): each time the player surveils."""
        return Trigger("surveil", player=player)

    def t_surveil_first(self, player: str) -> Trigger:
        """"Whenever you surveil for the first time each turn": only that player's first surveil of the turn."""
        return Trigger("surveil", player=player, count=1)

    def t_cast(self, player: str, flt: ObjectFilter) -> Trigger:
        """"Whenever you cast a [spell]": the spell on the stack."""
        flt = replace(flt, zone="stack", types=tuple(t for t in flt.types if t != "Spell"))
        return Trigger("cast", player=player, spell_filter=flt)

    def t_cast_in_main(self, player: str, flt: ObjectFilter) -> Trigger:
        """"Whenever you cast an instant spell during your main phase": cast by its controller while it was
        their turn's precombat or postcombat main phase (505.1)."""
        if player != "you":
            raise TextError("\"during your main phase\" is read only of spells you cast", "during your main phase")
        return replace(self.t_cast(player, flt), in_main=True)

    def spell_desc(self, _article: Any, flt: ObjectFilter) -> ObjectFilter:
        return flt

    # -- steps and phases (503.1, 513.1) ---------------------------------------------

    def step_trigger(self, owner: tuple[str, bool], step: tuple[str, str]) -> Trigger:
        whose, next_only = owner
        name, own_whose = step
        return Trigger("step", step=name, whose=own_whose or whose, next_only=next_only)

    def so_your(self) -> tuple[str, bool]:
        return "your", False

    def so_opponent(self) -> tuple[str, bool]:
        return "opponent", False

    def so_each(self) -> tuple[str, bool]:
        return "each", False

    def so_next(self) -> tuple[str, bool]:
        return "each", True

    # A step, and whose turn it is when the name says so ("combat on your turn").

    def sn_upkeep(self) -> tuple[str, str]:
        return "upkeep", ""

    def sn_draw(self) -> tuple[str, str]:
        return "draw", ""

    def sn_end(self) -> tuple[str, str]:
        return "end", ""

    def sn_combat(self) -> tuple[str, str]:
        return "beginning_of_combat", ""

    def sn_combat_on_your_turn(self) -> tuple[str, str]:
        return "beginning_of_combat", "your"

    def sn_main1(self) -> tuple[str, str]:
        return "main1", ""

    def sn_main2(self) -> tuple[str, str]:
        return "main2", ""

    def sn_end_of_combat(self) -> tuple[str, str]:
        return "end_of_combat", ""
