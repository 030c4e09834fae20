"""Ability forms: what kind of ability a paragraph is (113.3), and the scope its text is read in.

Each form's method returns a list of abilities (a spell's paragraph gives a
``SpellPart``, joined into the spell's one effect by ``compile_text``). Forms
are read top-down: each opens the scope its parts are read in.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace
from typing import Any

from lark import Token, Tree

from ...engine import instructions as I
from ...engine.abilities import (ActivatedAbility, AdditionalCost, Affected, AlternativeCost, CastFromZones,
                                 ContinuousDef, Cost,
                                 CostReduction, CostsMore, DeckAnyNumber, Effect, LayerOp, SpellsCostLess,
                                 StaticAbility, TriggeredAbility)
from ...engine.casting import grants_only_flash
from ...engine.conditions import Condition
from ...engine.entering import AsEntersChoose
from ...engine.mana import COLORS
from ...engine.refs import CountOf, ObjectFilter, PlayerCount, SelfRef, YouRef
from ..errors import TextError
from ..subtypes import subtypes
from .base import Scope, SpellPart, Templates, const, find, mana, top_down
from .costs import spell_cost


class AbilityForms(Templates):
    @top_down
    def start(self, tree: Tree) -> list[Any]:
        return self.transform(tree.children[0])

    @top_down
    def keywords(self, tree: Tree) -> list[Any]:
        """A line of keyword abilities (702)."""
        with self.reading(Scope(self.card_name, "static")):
            return self.transform(find(tree, "keyword_list"))

    @top_down
    def activated(self, tree: Tree) -> list[Any]:
        """"[Cost]: [Effect.]" (602.1); a mana ability when it only adds mana and has no target (605.1a)."""
        scope = Scope(self.card_name, "activated")
        with self.reading(scope):
            cost = self.transform(tree.children[0])
            effect = self.transform(tree.children[1])
            notes = [self.transform(n) for n in tree.children[2:]]
        is_mana = (not effect.targets and bool(effect.instructions)
                   and all(isinstance(i, I.AddMana) for i in effect.instructions))
        # An ability that attaches its own source (equip) is offered only with somewhere to attach it.
        attach = any(isinstance(i, I.Attach) and isinstance(i.what, SelfRef) for i in effect.instructions)
        # Discarding or revealing the card itself as a cost: the ability works only in its owner's hand;
        # returning it from the graveyard, only in the graveyard (113.6k).
        zone = "hand" if cost.discard_self or cost.reveal_self else scope.self_from or "battlefield"
        condition = next((n for n in notes if isinstance(n, Condition)), None)
        cost_less = next((n for n in notes if isinstance(n, tuple)), None)
        return [ActivatedAbility(cost=cost, effect=effect, is_mana=is_mana, sorcery_speed="sorcery" in notes,
                                 once_per_turn="once" in notes, attach=attach, zone=zone, condition=condition,
                                 cost_less=cost_less)]

    @top_down
    def activated_modal(self, tree: Tree) -> list[Any]:
        """"[Cost]: Choose one — • ... • ..." (602.1): a modal activated ability, its modes chosen as it is
        activated (700.2a, 602.2b)."""
        scope = Scope(self.card_name, "activated")
        with self.reading(scope):
            cost = self.transform(tree.children[0])
            effect = self._modal_effect(tree.children[1], tree.children[2:], scope)
        zone = "hand" if cost.discard_self or cost.reveal_self else "battlefield"
        return [ActivatedAbility(cost=cost, effect=effect, zone=zone)]

    @top_down
    def triggered_modal(self, tree: Tree) -> list[Any]:
        """"When [event], choose one — • ... • ..." (603.1): a modal triggered ability, its mode chosen as it
        is put on the stack (700.2b, 603.3c)."""
        with self.reading(Scope(self.card_name, "triggered")):
            triggers = self.transform(tree.children[0])
        out = []
        for trigger in triggers:
            scope = Scope(self.card_name, "triggered", trigger=trigger)
            with self.reading(scope):
                effect = self._modal_effect(tree.children[1], tree.children[2:], scope)
            out.append(TriggeredAbility(trigger=trigger, effect=effect))
        return out

    @top_down
    def loyalty(self, tree: Tree) -> list[Any]:
        """A loyalty ability (606): its cost adds or removes loyalty counters; sorcery speed (606.3)."""
        raw = str(tree.children[0])
        if "x" in raw:
            raise TextError("loyalty costs with X aren't supported yet", raw)
        n = int(raw)
        with self.reading(Scope(self.card_name, "activated")):
            effect = self.transform(tree.children[1])
        return [ActivatedAbility(cost=Cost(loyalty=n, text=("+" if n > 0 else "") + str(n)), effect=effect,
                                 sorcery_speed=True)]

    @top_down
    def triggered(self, tree: Tree) -> list[Any]:
        """"When/Whenever/At [event], [effect]" (603.1); an intervening "if" clause (603.4).

        Two abilities where the text joins two trigger events ("enters or attacks").
        """
        condition = find(tree, "intervening")
        body = find(tree, "body")
        with self.reading(Scope(self.card_name, "triggered")):
            triggers = self.transform(tree.children[0])
        out = []
        for trigger in triggers:
            scope = Scope(self.card_name, "triggered", trigger=trigger)
            with self.reading(scope):
                cond = self.transform(condition) if condition is not None else None
                effect = self.transform(body)
            optional = any(isinstance(i, I.MayDo) for i in effect.instructions)
            # "return ~ from your graveyard ...": the ability works only while the card is there (113.6k)
            # and one that triggers as the card is put into a graveyard from elsewhere works there (113.6j)
            milled = trigger.event == "to_graveyard" and trigger.from_zone not in ("", "battlefield", "anywhere")
            if trigger.event == "cast" and trigger.self_only:
                scope.self_from = "stack"   # "when you cast this spell" (113.6j)
            out.append(TriggeredAbility(trigger=trigger, effect=effect, condition=cond, optional=optional,
                                        zone=scope.self_from or ("graveyard" if milled else "battlefield")))
        return out

    @top_down
    def modal(self, tree: Tree) -> list[Any]:
        """"Choose one —", "choose one or both —" and the like, and the modes (700.2); each mode keeps the
        targets it names (700.2c)."""
        with self.reading(self.spell_scope):
            return [SpellPart(self._modal_effect(tree.children[0], tree.children[1:], self.spell_scope))]

    def _modal_effect(self, count_tree: Tree, mode_trees: list[Tree], scope: Scope) -> Effect:
        """The modes (read in ``scope``, the ability's) and how many of them are chosen (700.2)."""
        count = self.transform(count_tree)
        modes: list[Effect] = []
        mode_targets = []
        for m in mode_trees:
            before = len(scope.targets)
            modes.append(self.transform(m))
            mode_targets.append(tuple(range(before, len(scope.targets))))
        least, most = {"one": (1, 1), "two": (2, 2), "one or both": (1, 2),
                       "one or more": (1, len(modes)), "up to one": (0, 1)}[count]
        return Effect(modes=tuple(modes), mode_count=least, mode_max=most, targets=tuple(scope.targets),
                      mode_targets=tuple(mode_targets))

    def choose_one(self) -> str:
        return "one"

    def choose_two(self) -> str:
        return "two"

    def choose_one_or_both(self) -> str:
        return "one or both"

    def choose_one_or_more(self) -> str:
        return "one or more"

    def choose_up_to_one(self) -> str:
        """"Choose up to one": none of the modes may be chosen (700.2, 603.3c)."""
        return "up to one"

    @top_down
    def mode(self, tree: Tree) -> Effect:
        """One mode: "it" and "that player" refer only to what this mode names."""
        self.scope.last_obj = None
        self.scope.last_other = None
        self.scope.last_player = None
        return self.effect_of(find(tree, "body"), collect_targets=False)

    @top_down
    def additional_cost(self, tree: Tree) -> list[Any]:
        """"As an additional cost to cast this spell, ..." (601.2f)."""
        with self.reading(Scope(self.card_name, "spell")):
            return [AdditionalCost(cost=spell_cost(self.transform(find(tree, "cost_list"))))]

    @top_down
    def additional_cost_reveal_or_pay(self, tree: Tree) -> list[Any]:
        """"As an additional cost to cast this spell, reveal a [kind of] card from your hand or pay {N}"
        (601.2b, 601.2f): the caster announces which; revealing is offered as the optional cost "reveal"."""
        with self.reading(Scope(self.card_name, "spell")):
            n, flt = self.transform(find(tree, "counted_desc"))
        cost = mana(next(t for t in tree.children if isinstance(t, Token) and t.type == "MANA"))
        return [AdditionalCost(cost=Cost(mana=cost, text=cost.text), or_reveal=(n, replace(flt, zone="hand")))]

    @top_down
    def cda_pt(self, tree: Tree) -> list[Any]:
        """A characteristic-defining ability setting power and toughness (604.3, layer 7a)."""
        return self._defined_pt(tree, "both")

    @top_down
    def cda_power(self, tree: Tree) -> list[Any]:
        return self._defined_pt(tree, "power")

    def _defined_pt(self, tree: Tree, which: str) -> list[Any]:
        with self.reading(Scope(self.card_name, "static")):
            amount = self.transform(tree.children[0])
        if isinstance(amount, PlayerCount) and isinstance(amount.who, YouRef) and amount.what in ("hand", "graveyard"):
            op = LayerOp("7a", "set_pt_player", (amount.what, which))   # "the number of cards in your hand"
        elif isinstance(amount, CountOf):
            op = LayerOp("7a", "set_pt_count", (amount.filter, which, amount.distinct_names))
        else:
            raise TextError("only \"equal to the number of ...\" is supported here", "equal to")
        return [StaticAbility(effects=(ContinuousDef(Affected("self"), (op,)),))]

    def cda_all_colors(self) -> list[Any]:
        """"~ is all colors": a characteristic-defining ability (604.3) setting its colors to the five (105.2),
        wherever the object is (604.3a)."""
        op = LayerOp("5", "set_colors", (COLORS,))
        return [StaticAbility(effects=(ContinuousDef(Affected("self"), (op,), cda=True),))]

    def as_enters_color(self) -> list[Any]:
        """"As this enters, choose a color" (614.12)."""
        return [StaticAbility(replacement=AsEntersChoose(what="color"))]

    def as_enters_creature_type(self) -> list[Any]:
        """"As this enters, choose a creature type" (614.12): any of the creature types (205.3m)."""
        return [StaticAbility(replacement=AsEntersChoose(what="creature_type",
                                                         options=tuple(subtypes()["creature"])))]

    def as_enters_choose_object(self, flt: Any) -> list[Any]:
        """"As this enters, choose another creature you control" (614.12): a permanent chosen before this one
        enters, for "the chosen creature" in its other abilities."""
        return [StaticAbility(replacement=AsEntersChoose(what="object", filter=flt))]

    def players_cant_gain_life(self) -> list[Any]:
        """"Players can't gain life" (119.7): a rule effect on every player."""
        return [StaticAbility(effects=(ContinuousDef(Affected("players", who="each"),
                                                     (LayerOp("rules", "flag", ("cant_gain_life", None)),)),))]

    def no_creature_enter_triggers(self) -> list[Any]:
        """"Creatures entering the battlefield don't cause abilities to trigger" (603.2, 603.6a): a rule of
        the game while the permanent is there, kept as a flag on every player."""
        return [StaticAbility(effects=(ContinuousDef(Affected("players", who="each"),
                                                     (LayerOp("rules", "flag", ("no_creature_enter_triggers", None)),)),))]

    def no_max_hand(self) -> list[Any]:
        """No maximum hand size (402.2)."""
        return [StaticAbility(effects=(ContinuousDef(Affected("players", who="you"),
                                                     (LayerOp("rules", "flag", ("no_max_hand", None)),)),))]

    def surveil_more(self, n: Token) -> list[Any]:
        """"You may look at an additional two cards each time you surveil" (701.42a): one counted player flag
        for each card more."""
        flag = LayerOp("rules", "flag", (I.SURVEIL_MORE, None))
        return [StaticAbility(effects=(ContinuousDef(Affected("players", who="you"), (flag,) * const(n)),))]

    def cast_self_from_graveyard_or_exile(self) -> list[Any]:
        """"You may cast ~ from your graveyard or from exile" (113.6, 601.3)."""
        return [CastFromZones(zones=("graveyard", "exile"))]

    @top_down
    def cast_self_from_if(self, tree: Tree) -> list[Any]:
        """"You may cast ~ from your graveyard if you gained life this turn": only while the condition holds."""
        with self.reading(Scope(self.card_name, "static")):
            return [CastFromZones(zones=("graveyard",), condition=self.transform(tree.children[0]))]

    @top_down
    def alternative_cost(self, tree: Tree) -> list[Any]:
        """"[If ...,] you may pay {U} rather than pay this spell's mana cost": an alternative cost (118.9)."""
        *cond, tok = tree.children
        with self.reading(Scope(self.card_name, "static")):
            condition = self.transform(cond[0]) if cond else None
        return [AlternativeCost(mana=mana(tok), condition=condition)]

    @top_down
    def alternative_cost_and(self, tree: Tree) -> list[Any]:
        """"You may pay {3}{U} and tap an untapped artifact you control rather than pay this spell's mana cost":
        an alternative cost with a part besides mana (118.9), the permanents chosen as it is paid (601.2h)."""
        tok, item = tree.children
        with self.reading(Scope(self.card_name, "static")):
            part = self.transform(item)
        if set(part) != {"tap_others"}:
            raise TextError("only tapping permanents is supported besides mana in an alternative cost", "and")
        return [AlternativeCost(mana=mana(tok), tap_others=part["tap_others"])]

    def deck_any_number(self) -> list[Any]:
        """"A deck can have any number of cards named ~": read by the deck check (100.2a, 101.1)."""
        return [DeckAnyNumber()]

    @top_down
    def cost_less_if(self, tree: Tree) -> list[Any]:
        """"This spell costs {N} less to cast if ..." (601.2f)."""
        n = _generic_reduction(tree.children[0])
        with self.reading(Scope(self.card_name, "static")):
            return [CostReduction(amount=n, condition=self.transform(tree.children[1]))]

    @top_down
    def cost_less_each(self, tree: Tree) -> list[Any]:
        """"This spell costs {1} less to cast for each ..." (601.2f)."""
        n = _generic_reduction(tree.children[0])
        with self.reading(Scope(self.card_name, "static")):
            return [CostReduction(amount=n, per=self.transform(tree.children[1]))]

    @top_down
    def cost_less_x(self, tree: Tree) -> list[Any]:
        """"This spell costs {X} less to cast, where X is ..." (601.2f): generic mana only, X as the total cost
        is determined."""
        if str(tree.children[0]).lower() != "{x}":
            raise TextError("only \"costs {X} less\" is read with \"where X is\"", str(tree.children[0]))
        with self.reading(Scope(self.card_name, "static")):
            return [CostReduction(amount=0, by=self.transform(tree.children[1]))]

    @top_down
    def spells_cost_less(self, tree: Tree) -> list[Any]:
        """"Dinosaur spells you cast cost {1} less to cast" (601.2f): whichever zone the spell is cast from."""
        with self.reading(Scope(self.card_name, "static")):
            spells = self.transform(tree.children[0])
        return [SpellsCostLess(amount=_generic_reduction(tree.children[1]), spells=replace(spells, zone="any"))]

    def spells_desc(self, flt: ObjectFilter) -> ObjectFilter:
        return flt

    @top_down
    def costs_more(self, tree: Tree) -> list[Any]:
        """"[During your turn,] spells your opponents cast [that target ...] cost {N} more to cast [and abilities
        your opponents activate cost {N} more to activate]" (601.2f, 602.2b): one ability for each part."""
        with self.reading(Scope(self.card_name, "static")):
            parts = [self.transform(t) for t in tree.children]
        condition = next((p for p in parts if isinstance(p, Condition)), None)
        return [replace(p, condition=condition) for p in parts if isinstance(p, CostsMore)]

    def cost_more_lead(self) -> Condition:
        return Condition("your_turn")

    def cost_more_spells(self, *parts: Any) -> CostsMore:
        return _costs_more("spells", parts)

    def cost_more_abilities(self, *parts: Any) -> CostsMore:
        made = _costs_more("abilities", parts)
        if not made.except_mana and made.targets is None and not made.targets_self:
            # Mana abilities are activated while paying (605.3): what they would cost more isn't built.
            raise TextError("an increase on mana abilities' costs isn't supported yet", "more to activate")
        return made

    def cost_more_target_self(self) -> tuple[str, Any]:
        return ("self", None)

    def cost_more_target_desc(self, _article: Token, flt: ObjectFilter) -> tuple[str, Any]:
        return ("filter", flt)

    def cost_more_not_mana(self) -> str:
        return "not_mana"

    @top_down
    def as_long_as(self, tree: Tree) -> list[Any]:
        """"As long as [condition], [static ability]": its effects apply only while the condition holds (611.3a)."""
        return self._conditional_static(tree.children[0], tree.children[1])

    @top_down
    def as_long_as_you_and_self(self, tree: Tree) -> list[Any]:
        """"As long as it's your turn, you and ~ have hexproof" (611.3a): the player has hexproof (702.11c), and
        this permanent has the keyword."""
        with self.reading(Scope(self.card_name, "static")):
            cond = self.transform(tree.children[0])
        return self._you_and_others_have([Affected("self")], tree.children[1], cond)

    @top_down
    def you_and_others_have(self, tree: Tree) -> list[Any]:
        """"You, planeswalkers you control, and other creatures you control have hexproof": the player has
        hexproof (702.11c), and each group of permanents named has the keyword (611.3a)."""
        with self.reading(Scope(self.card_name, "static")):
            groups = [self.affected(t) for t in tree.children[:-1]]
        return self._you_and_others_have(groups, tree.children[-1], None)

    def _you_and_others_have(self, groups: list[Affected], keywords: Tree, cond: Any) -> list[Any]:
        with self.reading(Scope(self.card_name, "static")):
            abilities = self.transform(keywords)
        if any(getattr(a, "keyword", None) != "hexproof" for a in abilities):
            raise TextError("only hexproof is supported for a player", "have")
        you = ContinuousDef(Affected("players", who="you"), (LayerOp("rules", "flag", ("hexproof", None)),), cond)
        grant = (LayerOp("6", "grant", (tuple(abilities),)),)
        return [StaticAbility(effects=(you, *(ContinuousDef(g, grant, cond) for g in groups)))]

    @top_down
    def may_assign_as_unblocked(self, tree: Tree) -> list[Any]:
        """"You may have ~ assign its combat damage as though it weren't blocked": a blocked creature's
        controller may choose, as damage is assigned, to assign it all to the player or planeswalker it's
        attacking instead of its blockers (510.1b-c)."""
        with self.reading(Scope(self.card_name, "static")):
            who = self.affected(tree.children[0])
        return [StaticAbility(effects=(ContinuousDef(who, (LayerOp("rules", "flag", ("assign_as_unblocked", None)),)),))]

    @top_down
    def as_long_as_after(self, tree: Tree) -> list[Any]:
        """"[Static ability] as long as [condition]": "it" in the condition is what the ability changes
        ("enchanted creature gets +0/+2 as long as it's a Pirate")."""
        clauses, condition = tree.children
        return self._conditional_static(condition, Tree("body", [Tree("sentence", [clauses])]),
                                        it=_lone_subject(clauses))

    @top_down
    def as_long_as_otherwise(self, tree: Tree) -> list[Any]:
        """"[Static ability] as long as [condition]. Otherwise, [static ability]": the second applies while the
        condition doesn't hold (611.3a); its "it" is what the first one changes."""
        first, condition, second = tree.children
        subject = _lone_subject(first)
        if subject is None:
            raise TextError("\"otherwise\" needs one thing the ability before it changes", "otherwise")
        second = deepcopy(second)
        for t in second.iter_subtrees():
            t.children = [deepcopy(subject) if isinstance(c, Tree) and c.data == "or_it" else c for c in t.children]
        return self._conditional_static(condition, Tree("body", [Tree("sentence", [first])]), it=subject) + \
            self._conditional_static(condition, Tree("body", [Tree("sentence", [second])]), negated=True,
                                     it=subject)

    @top_down
    def unless_after(self, tree: Tree) -> list[Any]:
        """"[Static ability] unless [condition]": it applies only while the condition doesn't hold (611.3a).
        "~ enters tapped unless ..." reads the same words, and is how the permanent enters (614.1c)."""
        clauses, condition = deepcopy(tree.children[0]), tree.children[1]
        entering = [t for t in clauses.iter_subtrees() if t.data == "vp_enters_tapped"]
        for t in entering:
            t.data, t.children = "vp_enters_tapped_unless", [condition]
        if entering:
            return self.static_ability(Tree("body", [Tree("sentence", [clauses])]))
        return self._conditional_static(condition, Tree("body", [Tree("sentence", [clauses])]), negated=True)

    @top_down
    def unblockable_if(self, tree: Tree) -> list[Any]:
        """"~ can't be blocked if [condition]": a static ability that applies while the condition holds
        (611.3a), checked as blockers are declared (509.1b)."""
        subject, condition = tree.children[0], tree.children[-1]
        clause = Tree("subj_clause", [subject, Tree("vps", [Tree("vp_unblockable", [])])])
        return self._conditional_static(condition, Tree("body", [Tree("sentence", [Tree("clauses", [clause])])]))

    def _conditional_static(self, condition: Tree, body: Tree, negated: bool = False,
                            it: Tree | None = None) -> list[Any]:
        if self.is_spell:
            return self._conditional_flash(condition, body, negated)
        with self.reading(Scope(self.card_name, "static")) as scope:
            if it is not None and it.data != "or_self":
                scope.last_obj = self.transform(deepcopy(it))
            cond = self.transform(condition)
        if negated:
            cond = replace(cond, negated=not cond.negated)
        # "As long as ~ is attacking, it gets +2/+0": "it" is the permanent the condition names ("~ has three or
        # more +1/+1 counters on it" names it too: a counters condition without an object of its own).
        names_self = cond.kind.startswith("self_") or isinstance(cond.ref, SelfRef) \
            or (cond.kind == "counters_at_least" and cond.ref is None)
        return self.static_ability(body, cond, SelfRef() if names_self else None)

    def _conditional_flash(self, condition: Tree, body: Tree, negated: bool) -> list[Any]:
        """"This spell has flash as long as you control a Merfolk": an instant's or sorcery's ability that
        changes how it may be cast works from the hand (113.6d); casting.py asks it when the card is cast.
        Any other "as long as" ability of an instant or sorcery isn't read."""
        with self.reading(Scope(self.card_name, "static")):
            cond = self.transform(condition)
        cond = replace(cond, negated=cond.negated != negated)
        made = self.static_ability(body, cond, SelfRef())
        if not all(grants_only_flash(a) for a in made):
            raise TextError("an instant's or sorcery's \"as long as\" ability isn't supported yet", "as long as")
        return made

    @top_down
    def plain(self, tree: Tree) -> list[Any]:
        """A paragraph with no other form: an instant's or sorcery's effect, else a static ability."""
        body = tree.children[0]
        if self.is_spell and not _only_uncounterable(body):
            with self.reading(self.spell_scope) as scope:
                scope.replaced = 0
                effect = self.transform(body)
                return [SpellPart(effect, replaces=scope.replaced)]
        return self.static_ability(body)


def _only_uncounterable(body: Tree) -> bool:
    """Is the paragraph just "This spell can't be countered."? On an instant or sorcery that is a static
    ability working while the spell is on the stack (113.6, 101.2), not a part of its effect."""
    if len(body.children) != 1 or body.children[0].data != "sentence":
        return False
    clauses = find(body.children[0], "clauses")
    if clauses is None or len(clauses.children) != 1:
        return False
    cl = clauses.children[0]
    return (cl.data == "subj_clause" and cl.children[0].data == "or_self"
            and [v.data for v in cl.children[1].children] == ["vp_uncounterable"])


def _costs_more(what: str, parts: tuple[Any, ...]) -> CostsMore:
    """One part of "... cost {N} more to cast/activate": what it raises, and which of them."""
    target = next((p for p in parts if isinstance(p, tuple)), None)
    tok = next(p for p in parts if isinstance(p, Token) and p.type == "MANA")
    return CostsMore(amount=_generic_reduction(tok), what=what,
                     targets=target[1] if target is not None and target[0] == "filter" else None,
                     targets_self=target is not None and target[0] == "self", except_mana="not_mana" in parts)


def _generic_reduction(tok: Token) -> int:
    amount = mana(tok)
    if any(s.kind != "generic" for s in amount.symbols):
        raise TextError("only generic cost reductions are supported", amount.text)
    return amount.mana_value


def _lone_subject(clauses: Tree) -> Tree | None:
    """The subject of a static ability's one clause ("enchanted creature" in "enchanted creature gets
    +0/+2"), if it has one clause with a subject."""
    parts = [c for c in clauses.children if isinstance(c, Tree)]
    if len(parts) == 1 and parts[0].data == "subj_clause" and isinstance(parts[0].children[0], Tree):
        return parts[0].children[0]
    return None

