"""Keyword abilities (702): each ``kw_*`` rule gives the abilities a keyword stands for.

This is the one place where a keyword becomes abilities; a keyword the
grammar reads but the engine doesn't carry out is an error naming it.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from ...engine import instructions as I
from ...engine.abilities import (ActivatedAbility, Cost, Effect, KeywordAbility, LayerOp, ProtectionChoice, Quality,
                                 TriggeredAbility)
from ...engine.mana import ManaCost
from ...engine.refs import Const, EventRef, ObjectFilter, RememberedRef, SelfRef, TargetRef, TargetSpec, YouRef
from ...engine.abilities import Trigger
from ..errors import TextError
from ..parser import singular_of
from .base import CARD_TYPES_PL, Templates, Word, mana

# Keywords the grammar reads that the engine doesn't carry out yet.
UNSUPPORTED_KEYWORDS = {"ward", "shadow", "horsemanship", "devoid"}


class Keywords(Templates):
    def keyword_list(self, *items: list[Any] | Token) -> list[Any]:
        """Keywords, and abilities in quotes ("... and "{T}: Add {G}."")."""
        out: list[Any] = []
        for item in items:
            out.extend(self.quoted(str(item)) if isinstance(item, Token) else item)
        return out

    def keywords_and_quoted(self, *items: list[Any] | Token) -> list[Any]:
        return self.keyword_list(*items)

    def keywords_quoted(self, quoted: Token) -> list[Any]:
        return self.keyword_list(quoted)

    def quoted(self, text: str) -> list[Any]:
        """An ability in quotes given to an object: compiled as that object's own ability (113.2)."""
        inner = text.strip().strip('"').replace("~", "this creature")
        return list(self.compile_nested("", inner, ("Creature",), ()))

    def kw_simple(self, tok: Token) -> list[Any]:
        word = str(tok).lower()
        if word in UNSUPPORTED_KEYWORDS:
            raise TextError(f"the keyword {word!r} isn't supported yet", word)
        if word == "prowess":
            return [prowess()]
        return [KeywordAbility(keyword=word, text=word.capitalize())]

    def kw_protection_choice(self) -> list[Any]:
        return [ProtectionChoice()]

    def kw_protection(self, *qualities: list[Quality]) -> list[Any]:
        """Protection from a quality (702.16)."""
        return [KeywordAbility(keyword="protection", param=q, text=f"Protection from {q.text}")
                for each in qualities for q in each]

    def kw_hexproof_from(self, *qualities: list[Quality]) -> list[Any]:
        """Hexproof from a quality (702.11d)."""
        return [KeywordAbility(keyword="hexproof_from", param=q, text=f"Hexproof from {q.text}")
                for each in qualities for q in each]

    def kw_enchant(self, what: ObjectFilter | str) -> list[Any]:
        """Enchant [object] (702.5)."""
        if not isinstance(what, ObjectFilter):
            raise TextError("Auras that enchant players aren't supported yet", "enchant player")
        return [KeywordAbility(keyword="enchant", param=what, text=f"Enchant {what.describe()}")]

    def et_desc(self, flt: ObjectFilter) -> ObjectFilter:
        return flt

    def et_player(self) -> str:
        return "player"

    def et_opponent(self) -> str:
        return "opponent"

    def kw_equip(self, tok: Token) -> list[Any]:
        """Equip (702.6): attach to target creature you control, as a sorcery."""
        cost = mana(tok)
        spec = TargetSpec(objects=ObjectFilter(types=("Creature",), controller="you"),
                          label="target creature you control")
        eff = Effect(instructions=(I.Attach(SelfRef(), TargetRef(0)),), targets=(spec,))
        return [ActivatedAbility(cost=Cost(mana=cost, text=cost.text), effect=eff, sorcery_speed=True,
                                 keyword="equip", attach=True, text=f"Equip {cost.text}")]

    def kw_ward(self, tok: Token) -> list[Any]:
        return [ward(mana(tok))]

    def kw_cycling(self, tok: Token) -> list[Any]:
        """Cycling (702.28a): discard this card from your hand, draw a card."""
        cost = mana(tok)
        return [ActivatedAbility(cost=Cost(mana=cost, discard_self=True, text=f"{cost.text}, Discard this card"),
                                 effect=Effect(instructions=(I.Draw(YouRef(), Const(1)),)), zone="hand",
                                 keyword="cycling", text=f"Cycling {cost.text}")]

    def kw_landcycling(self, kind: Token, tok: Token) -> list[Any]:
        """Typecycling (702.28e): search for a card of that type instead of drawing."""
        word = str(kind)
        cost = mana(tok)
        if word.startswith("basic"):
            flt = ObjectFilter(types=("Land",), supertypes=("Basic",), zone="library")
        else:
            flt = ObjectFilter(subtypes=(word[:-len("cycling")].capitalize(),), zone="library")
        eff = Effect(instructions=(I.Search(YouRef(), flt, Const(1), "found"), I.RevealObjects(RememberedRef("found")),
                                   I.ReturnToHand(RememberedRef("found")), I.Shuffle(YouRef())))
        return [ActivatedAbility(cost=Cost(mana=cost, discard_self=True, text=f"{cost.text}, Discard this card"),
                                 effect=eff, zone="hand", keyword="cycling", text=f"{word.capitalize()} {cost.text}")]

    def kw_flashback(self, tok: Token) -> list[Any]:
        cost = mana(tok)
        return [KeywordAbility(keyword="flashback", param=cost, text=f"Flashback {cost.text}")]

    def kw_landwalk(self, tok: Token) -> list[Any]:
        """Landwalk (702.14)."""
        word = str(tok).lower()
        return [KeywordAbility(keyword="landwalk", param=word[:-4].capitalize(), text=word.capitalize())]

    # -- qualities: what protection and hexproof are from ---------------------------

    def q_color(self, color: Word) -> list[Quality]:
        return [Quality("color", color.value)]

    def q_everything(self) -> list[Quality]:
        return [Quality("everything")]

    def q_multicolored(self) -> list[Quality]:
        return [Quality("multicolored")]

    def q_monocolored(self) -> list[Quality]:
        return [Quality("monocolored")]

    def q_type(self, tok: Token) -> list[Quality]:
        return [Quality("type", CARD_TYPES_PL[str(tok)])]

    def q_subtype(self, tok: Token) -> list[Quality]:
        return [Quality("subtype", singular_of()[str(tok)])]

    def q_all_colors(self) -> list[Quality]:
        return [Quality("color", c) for c in "WUBRG"]


def prowess() -> TriggeredAbility:
    """Prowess (702.107a): whenever you cast a noncreature spell, +1/+1 until end of turn."""
    return TriggeredAbility(
        trigger=Trigger("cast", player="you", spell_filter=ObjectFilter(not_types=("Creature",), zone="stack")),
        effect=Effect(instructions=(I.ApplyEffect(SelfRef(), (LayerOp("7c", "add_pt", (1, 1)),), "end_of_turn"),)),
        text="Prowess", keyword="prowess")


def ward(cost: ManaCost) -> TriggeredAbility:
    """Ward (a keyword newer than the rules text shipped here): a triggered ability that counters an
    opponent's spell or ability targeting this permanent unless its controller pays the cost."""
    return TriggeredAbility(
        trigger=Trigger("becomes_target", self_only=True, player="opponent"),
        effect=Effect(instructions=(I.CounterUnless(EventRef("by"), cost),)),
        text=f"Ward {cost.text}", keyword="ward")
