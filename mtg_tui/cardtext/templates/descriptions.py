"""Descriptions of objects: "target nonblack creature you control", "artifact cards in your graveyard".

A description is read as an ``ObjectFilter``. Each word before the noun
(``pm_*``), the noun (``noun_*``) and each phrase after it (``post_*``)
gives the filter fields it sets, as a dict; ``desc`` applies them in the
order written. List fields add up, other fields are set, and ``zone`` says
where the objects are (the noun says it, a phrase like "in your graveyard"
may say it again).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from lark import Token

from ...engine.mana import COLOR_BY_NAME
from ...engine.refs import Amount, Compare, ControllerOfRef, ObjectFilter, PlayerFilter, SelfRef, TargetRef, TargetSpec
from ..errors import TextError
from ..parser import singular_of
from .base import CARD_TYPES, CARD_TYPES_PL, SUPERTYPES, Templates, TypeWords, Word, const, const_amount

Mod = dict[str, Any]

_LISTS = ("types", "subtypes", "supertypes", "colors", "not_types", "not_subtypes", "not_supertypes",
          "not_colors", "types_all", "compares")
_DEDUPED = ("types", "subtypes")   # "creature or creature card" names Creature once


def _compare(stat: str, op: str) -> Callable[..., Mod]:
    """A postmod method comparing a characteristic with a number ("with power 2 or less")."""
    def method(self: Templates, n: Token) -> Mod:
        return {"compares": [Compare(stat, op, const(n))]}
    return method


class Descriptions(Templates):
    def desc(self, *parts: Mod | list[Mod]) -> ObjectFilter:
        f: dict[str, Any] = {k: [] for k in _LISTS}
        zone = "battlefield"
        for part in parts:
            for mod in part if isinstance(part, list) else [part]:
                for key, value in mod.items():
                    if key == "zone":
                        zone = value
                    elif key in _LISTS:
                        f[key].extend(value)
                    else:
                        f[key] = value
        narrowed = f.pop("narrowed_types", None)
        if narrowed is not None:
            if f["types"] != ["Permanent"]:
                raise TextError("only \"permanent that's a [card type]\" is supported", "that's")
            f["types"] = narrowed
        lists = {k: tuple(dict.fromkeys(f.pop(k)) if k in _DEDUPED else f.pop(k)) for k in _LISTS}
        either = f.pop("attacking_or_blocking", False)
        kinds = f.pop("type_or_subtype", False)
        either_compares = f.pop("either_compares", ())
        out = ObjectFilter(zone=zone, **lists, **f)
        if either_compares:
            out = ObjectFilter(any_of=tuple(replace(out, compares=out.compares + (c,)) for c in either_compares),
                               zone=zone)
        if kinds:
            out = ObjectFilter(any_of=(replace(out, subtypes=()), replace(out, types=())), zone=zone)
        if either:
            out = ObjectFilter(any_of=(replace(out, attacking=True), replace(out, blocking=True)), zone=zone)
        return out

    def desc_plural(self, *parts: Mod | list[Mod]) -> ObjectFilter:
        return self.desc(*parts)

    def desc_plural_bare(self, *parts: Mod | list[Mod]) -> ObjectFilter:
        return self.desc(*parts)

    def cards_of_kind(self, *parts: Mod | list[Mod]) -> ObjectFilter:
        """"nonland cards": cards of any type but those the words leave out (a permission's cards, 601.3)."""
        return self.desc(*parts)

    def counted_desc(self, count: Amount | Token, flt: ObjectFilter) -> tuple[int, ObjectFilter]:
        """(how many, description): "two creatures", "a creature"."""
        return (const_amount(count) if isinstance(count, Amount) else 1), flt

    def counted_up_to(self, count: Amount, flt: ObjectFilter) -> tuple[int, ObjectFilter]:
        """"up to N ...": N (the instruction allows fewer)."""
        return const_amount(count), flt

    def counted_either(self, _article: Token, first: ObjectFilter, second: ObjectFilter) -> tuple[int, ObjectFilter]:
        """"a basic land card or Gate card": one object that fits either description."""
        return 1, either(first, second)

    def counted_up_to_either(self, count: Amount, first: ObjectFilter,
                             second: ObjectFilter) -> tuple[int, ObjectFilter]:
        """"up to two basic land cards and/or Gate cards": up to N objects, each fitting one description or
        the other."""
        return const_amount(count), either(first, second)

    # -- before the noun ------------------------------------------------------

    def premods(self, *mods: Mod) -> list[Mod]:
        return list(mods)

    def pm_non(self, tok: Token) -> Mod:
        word = str(tok)[3:].lstrip("-")
        if word in COLOR_BY_NAME:
            return {"not_colors": [COLOR_BY_NAME[word]]}
        if word in CARD_TYPES:
            return {"not_types": [CARD_TYPES[word]]}
        if word in SUPERTYPES:
            return {"not_supertypes": [SUPERTYPES[word]]}
        if word == "token":
            return {"token": False}
        if word in singular_of():
            return {"not_subtypes": [singular_of()[word]]}
        raise TextError(f"can't read 'non{word}'", "non" + word)

    def pm_color(self, color: Word) -> Mod:
        return {"colors": [color.value]}

    def pm_color_or(self, *colors: Word) -> Mod:
        return {"colors": [c.value for c in colors]}

    def pm_colorless(self) -> Mod:
        return {"colorless": True}

    def pm_multicolored(self) -> Mod:
        return {"multicolored": True}

    def pm_monocolored(self) -> Mod:
        raise TextError("\"monocolored\" isn't supported yet", "monocolored")

    def pm_tapped(self) -> Mod:
        return {"tapped": True}

    def pm_untapped(self) -> Mod:
        return {"tapped": False}

    def pm_attacking(self) -> Mod:
        return {"attacking": True}

    def pm_blocking(self) -> Mod:
        return {"blocking": True}

    def pm_attacking_or_blocking(self) -> Mod:
        return {"attacking_or_blocking": True}

    def pm_legendary(self) -> Mod:
        return {"supertypes": ["Legendary"]}

    def pm_historic(self) -> Mod:
        """"historic": artifact, legendary or Saga (700.6)."""
        return {"historic": True}

    def pm_basic(self) -> Mod:
        return {"supertypes": ["Basic"]}

    def pm_snow(self) -> Mod:
        return {"supertypes": ["Snow"]}

    def pm_token(self) -> Mod:
        return {"token": True}

    def pm_other(self) -> Mod:
        return {"another": True}

    # -- the noun ---------------------------------------------------------------

    def noun_types(self, words: TypeWords, card_word: Token | None = None) -> Mod:
        if words.all:
            mod: Mod = {"types_all": [w.value for w in words.words]}
        else:
            mod = {"types": [w.value for w in words.words if w.kind == "type"],
                   "subtypes": [w.value for w in words.words if w.kind == "subtype"]}
            if mod["types"] and mod["subtypes"]:
                mod["type_or_subtype"] = True   # "an artifact or Goblin": either one fits
        for key, value in (_card_word(str(card_word)) if card_word is not None else {"zone": "battlefield"}).items():
            mod[key] = mod.get(key, []) + value if key in _LISTS else value
        return mod

    def noun_card(self, card_word: Token) -> Mod:
        return _card_word(str(card_word))

    def noun_spell(self) -> Mod:
        return {"zone": "stack"}

    def noun_ability(self) -> Mod:
        """"Activated or triggered ability": one on the stack (113.1c); a mana ability never is (605.3b)."""
        return {"zone": "stack", "ability_kinds": ("activated", "triggered")}

    def noun_permanent(self) -> Mod:
        return {"types": ["Permanent"], "zone": "battlefield"}

    def noun_permanent_card(self) -> Mod:
        """"permanent card": a card of a permanent type (110.4a), wherever the text says it is."""
        return {"types": ["Permanent"], "zone": ""}

    def noun_token(self) -> Mod:
        return {"token": True, "zone": "battlefield"}

    def type_words(self, *words: Word) -> TypeWords:
        return TypeWords(words)

    def type_words_plural(self, *words: Word) -> TypeWords:
        return TypeWords(words)

    def type_words_either(self, *words: Word) -> TypeWords:
        """"An instant and sorcery card" (a card that is either): "and" joining two card types of one card."""
        return TypeWords(words)

    def type_words_and(self, *words: Word) -> TypeWords:
        return TypeWords(words, all=True)

    def type_word(self, tok: Token) -> Word:
        if tok.type == "CARDTYPE":
            return Word("type", CARD_TYPES[str(tok)])
        return Word("subtype", singular_of()[str(tok)])

    def type_word_plural(self, tok: Token) -> Word:
        if tok.type == "CARDTYPES":
            return Word("type", CARD_TYPES_PL[str(tok)])
        return Word("subtype", singular_of()[str(tok)])

    def subtype_word(self, tok: Token) -> Word:
        return Word("subtype", singular_of()[str(tok)])

    def color_word(self, tok: Token) -> Word:
        return Word("color", COLOR_BY_NAME[str(tok)])

    # -- after the noun -------------------------------------------------------------

    def post_you_control(self) -> Mod:
        return {"controller": "you"}

    def post_not_you_control(self) -> Mod:
        return {"controller": "not_you"}

    def post_opp_controls(self) -> Mod:
        return {"controller": "opponent"}

    def post_defending_controls(self) -> Mod:
        return {"controller": "defending"}

    def post_target_player_controls(self) -> Mod:
        return self._target_controls("any")

    def post_target_opponent_controls(self) -> Mod:
        return self._target_controls("opponent")

    def _target_controls(self, who: str) -> Mod:
        """"... target player controls": the player is a target of the ability (115.1)."""
        ref = self.scope.add_target(TargetSpec(players=PlayerFilter(who),
                                               label=f"target {'opponent' if who == 'opponent' else 'player'}"))
        self.scope.last_player = ref
        return {"controller_ref": ref}

    def post_that_player_controls(self) -> Mod:
        """"... that player controls": the player named before, else the controller of the target named
        before ("target creature an opponent controls ... another target creature that player controls"),
        else the player of the triggering event; a target must fit when chosen and on resolution (115.1,
        608.2b)."""
        last = self.scope.last_obj
        if not isinstance(last, TargetRef):
            # "... target creature ... Then ~ deals 2 damage to each other creature that player controls"
            last = self.scope.last_other
        if self.scope.last_player is None and isinstance(last, TargetRef):
            return {"controller_ref": ControllerOfRef(last)}
        return {"controller_ref": self.pr_that_player()}

    def post_you_own(self) -> Mod:
        return {"owner": "you"}

    def post_your_graveyard(self) -> Mod:
        return {"owner": "you", "zone": "graveyard"}

    def post_a_graveyard(self) -> Mod:
        return {"zone": "graveyard"}

    def post_opp_graveyard(self) -> Mod:
        return {"owner": "opponent", "zone": "graveyard"}

    def post_tapped_this_way(self) -> Mod:
        """"... tapped this way": the permanents the "tap any number of" before it tapped."""
        if self.scope.tapped_key is None:
            raise TextError("\"tapped this way\" needs a \"tap any number of ...\" before it", "tapped this way")
        return {"remembered": self.scope.tapped_key}

    def post_your_hand(self) -> Mod:
        return {"owner": "you", "zone": "hand"}

    def post_with_keyword(self, abilities: list[Any]) -> Mod:
        return {"with_keyword": abilities[0].keyword}

    def post_without_keyword(self, abilities: list[Any]) -> Mod:
        return {"without_keyword": abilities[0].keyword}

    post_power_le = _compare("power", "<=")
    post_power_ge = _compare("power", ">=")
    post_toughness_le = _compare("toughness", "<=")
    post_toughness_ge = _compare("toughness", ">=")
    post_mv_le = _compare("mana value", "<=")
    post_mv_ge = _compare("mana value", ">=")
    post_total_pt_le = _compare("total", "<=")

    def post_power_or_toughness_le(self, n: Token) -> Mod:
        """"With power or toughness 1 or less": either characteristic passing is enough."""
        return {"either_compares": (Compare("power", "<=", const(n)), Compare("toughness", "<=", const(n)))}

    def post_mv_x(self) -> Mod:
        """"With mana value X": X as chosen for the ability (601.2b, 602.2b), known before its targets. Of a
        spell, not yet: X must then be chosen so that a target exists."""
        if self.scope.kind != "activated":
            raise TextError("\"with mana value X\" is read only in an activated ability yet", "mana value x")
        return {"compares": [Compare("mana value", "==", 0, than_x=True)]}

    def post_greatest_power(self) -> Mod:
        """"Target creature you control with the greatest power": none of the others that fit the rest of the
        description has more power (ties all fit)."""
        return {"greatest_power": True}

    def post_mv_equal_amount(self, amount: Any) -> Mod:
        """"with mana value equal to 1 plus the sacrificed creature's mana value": the amount is worked out as
        the effect happens (202.3, 608.2h)."""
        return {"compares": [Compare("mana value", "==", 0, amount=amount)]}

    def post_graveyard_from_battlefield(self) -> Mod:
        """"Creature cards in all graveyards that were put there from the battlefield this turn": cards still in
        the graveyard they were put into from the battlefield this turn (400.7)."""
        return {"zone": "graveyard", "from_battlefield_this_turn": True}

    def post_put_there_this_turn(self) -> Mod:
        """"... in your graveyard that were put there from anywhere this turn": cards that came to the zone
        this turn and are still there (400.7: a card that moved again is a new object)."""
        return {"put_there_this_turn": True}

    def post_greatest_power_theirs(self) -> Mod:
        """"A creature with the greatest power among creatures they control": among its controller's, checked
        as the choice is made; tied creatures all fit."""
        return {"greatest_power_theirs": True}

    def post_power_le_amount(self, amount: Any) -> Mod:
        """"With power less than or equal to that number": the number worked out as the effect happens."""
        return {"compares": [Compare("power", "<=", 0, amount=amount)]}

    def post_nonmana_ability(self) -> Mod:
        """"Target land with an activated ability that isn't a mana ability" (602.1, 605.1a)."""
        return {"nonmana_ability": True}

    def post_power_lt_self(self) -> Mod:
        """"with lesser power": power less than the source's own, as it is or as it last existed (702.133a,
        608.2h)."""
        return {"compares": [Compare("power", "<", 0, than_source=True)]}

    def post_power_ge_life(self) -> Mod:
        """"with power greater than or equal to your life total": your life total as it is when checked (119.1)."""
        return {"compares": [Compare("power", ">=", 0, than_your_life=True)]}

    def post_dealt_damage_by_self(self) -> Mod:
        return {"dealt_damage_by_source": True}

    def post_convoked_self(self) -> Mod:
        """"Each creature that convoked it" (702.50c): the creatures tapped for its convoke as it was cast."""
        return {"convoked_source": True}

    def post_chosen_color(self) -> Mod:
        return {"chosen_color": True}

    def post_chosen_type(self) -> Mod:
        """"Of the chosen type": the creature type chosen as the source entered (614.12)."""
        return {"chosen_type": True}

    def post_no_counters(self) -> Mod:
        return {"no_counters": True}

    def post_with_counter(self, _article: Token, kind: Token) -> Mod:
        return {"with_counter": str(kind)}

    def post_with_counter_them(self, kind: Token) -> Mod:
        """"Creatures you control with +1/+1 counters on them": each has one or more of that kind (122.1)."""
        return {"with_counter": str(kind)}

    def post_controller_hit_by(self, n: Token, word: Word) -> Mod:
        """"Controlled by a player who was dealt combat damage by three or more Pirates this turn": that many
        different sources of the kind dealt that player combat damage this turn (510.2)."""
        return {"controller_hit_by": (const(n), word.kind, word.value)}

    def post_died_this_turn(self) -> Mod:
        """"Each creature that died this turn" (700.4): put into a graveyard from the battlefield this turn, as
        it last existed there."""
        return {"died_this_turn": True}

    def post_dealt_damage_this_turn(self) -> Mod:
        """"That was dealt damage this turn": by any source, since the turn began (120.3)."""
        return {"dealt_damage_this_turn": True}

    def post_attacking(self) -> Mod:
        return {"attacking": True}

    def post_not_type(self, *parts: Any) -> Mod:
        word = parts[-1]
        return {"not_types" if word.kind == "type" else "not_subtypes": [word.value]}

    def post_blocking_self(self) -> Mod:
        """"Each creature blocking it": blocking this object (509.1)."""
        self._it_is_self("blocking")
        return {"in_combat_with": "blocking"}

    def post_blocking_or_blocked_by_self(self) -> Mod:
        """"Target creature blocking or blocked by it" (509.1h)."""
        self._it_is_self("blocking or blocked by")
        return {"in_combat_with": "either"}

    def _it_is_self(self, words: str) -> None:
        if self.scope.last_obj is not None and not isinstance(self.scope.last_obj, SelfRef):
            raise TextError(f"\"{words} it\" about another object than this one isn't supported yet", words)

    def post_same_name_as_exiled(self) -> Mod:
        """"With the same name as the exiled card": a card this object's linked ability exiled (607.2a)."""
        return {"exiled_name": True}

    def post_named_self(self) -> Mod:
        """"cards named ~": cards with this card's name (the text names a name here, not this object)."""
        if not self.card_name:
            # A token's ability naming the card that made it: that name isn't kept in the token's text.
            raise TextError("a card's name in a token's ability isn't supported yet", "named")
        return {"name": self.card_name}

    def post_you_controlled(self) -> Mod:
        """"creatures you controlled": who controlled them as they last existed (608.2h)."""
        return {"controller": "you"}

    def post_attached_to_self(self) -> Mod:
        """"each Aura and Equipment attached to it": attached to this permanent (301.5, 303.4)."""
        self._it_is_self("attached to")
        return {"attached_to_source": True}

    def post_thats_type(self, _article: Token, words: TypeWords) -> Mod:
        """"creature you control that's a Fungus or Saproling": it also has one of those subtypes, or that
        card type."""
        subtypes = [w.value for w in words.words if w.kind == "subtype"]
        types = [w.value for w in words.words if w.kind == "type"]
        if subtypes and not types and not words.all:
            return {"subtypes": subtypes}
        if types and not subtypes and (len(types) == 1 or words.all):
            return {"types_all": types}
        if types and not subtypes:
            # "permanent that's an artifact, creature, or enchantment": the card types narrow "permanent" down
            return {"narrowed_types": types}
        raise TextError("\"that's a [type]\" with these words isn't supported yet", "that's")

    def post_not_legendary(self) -> Mod:
        """"permanents that aren't legendary" (205.4)."""
        return {"not_supertypes": ["Legendary"]}

    def post_named(self, _name: Token) -> Mod:
        raise TextError("\"named\" descriptions aren't supported yet", "named")


def _card_word(word: str) -> Mod:
    """Where "card", "spell", "permanent" or "token" puts the objects described."""
    if word.startswith("card"):
        return {"zone": ""}
    if word.startswith("spell"):
        return {"zone": "stack"}
    if word.startswith("token"):
        return {"token": True, "zone": "battlefield"}
    if word.startswith("permanent"):
        return {"types": ["Permanent"], "zone": "battlefield"}
    return {"zone": "battlefield"}


def either(first: ObjectFilter, second: ObjectFilter) -> ObjectFilter:
    """Objects that fit one description or the other, in the zone the first one names."""
    return ObjectFilter(any_of=(first, second), zone=first.zone)
