"""Replacement effects of card text (614): "if [an event] would happen, [something else happens] instead".

Each form is read into a template of the engine's replacement effects
(engine/instead.py, rerouting.py, entering.py): what event it watches, which
events of that kind it applies to, and what happens instead. A permanent's
static ability is the template itself (the engine gives it its permanent
each time it is read); the same sentence with "this turn" in a spell or an
ability starts the effect for the rest of the turn (``StartReplacement``).

Adding a form: a grammar alternative of ``replacement`` (grammar.lark), a
method here returning ``Made``, and if no template fits, a ReplacementEffect
subclass in the engine with its ``watches``, ``applies`` and ``apply``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from lark import Token, Tree

from ...engine import instructions as I
from ...engine.abilities import Effect, StaticAbility
from ...engine.copies import EntersAsCopy
from ...engine.entering import CounterOrHaste, EntersTappedUnlessPaid, OthersEnterWithCounters
from ...engine.instead import DamageInstead, DrawInstead, TokensInstead, TokensUnderYourControl
from ...engine.prevention import StaticPrevention
from ...engine.refs import AllRef, ObjectFilter, Ref, SelfRef
from ...engine.replacement import ReplacementEffect
from ...engine.rerouting import DiesInstead
from ..errors import TextError
from .base import Scope, Templates, Word, const, find, top_down, words_of


class Made(NamedTuple):
    """A replacement form read: its template, and whether the text gives it "this turn"."""

    effect: ReplacementEffect
    this_turn: bool


class Replacements(Templates):
    @top_down
    def replacement_sentence(self, tree: Tree) -> list[Any]:
        """A replacement effect in a spell or an ability: it lasts this turn (614.3)."""
        made = self.transform(tree.children[0])
        if not made.this_turn:
            raise TextError("a spell or ability's replacement effect needs \"this turn\"", words_of(tree))
        return [I.StartReplacement(made.effect)]

    def static_replacement(self, sentence: Tree) -> ReplacementEffect:
        """A replacement effect as a permanent's static ability (604.1)."""
        made = self.transform(sentence.children[0])
        if made.this_turn:
            raise TextError("a permanent's ability can't last \"this turn\"", "this turn")
        return made.effect

    # -- the forms -----------------------------------------------------------------

    @top_down
    def rp_damage(self, tree: Tree) -> Made:
        """"If a source you control would deal damage to a permanent or player, it deals double that
        damage (that much damage plus N) to that permanent or player instead" (614.1a, 614.2)."""
        source = self.transform(tree.children[0])
        to = self.transform(tree.children[2] if _has_combat(tree) else tree.children[1])
        times, plus = self.transform(find_any(tree, ("rpc_double", "rpc_plus")))
        effect = DamageInstead(source=source, to=to, combat_only=_has_combat(tree), times=times, plus=plus)
        return Made(effect, find(tree, "rp_this_turn") is not None)

    @top_down
    def rp_dies_exile(self, tree: Tree) -> Made:
        """"If ~ would die, instead exile it (with N counters on it)"; "if a creature would die this turn,
        exile it instead" (614.1a)."""
        subject = self.transform(tree.children[0])
        with_counters = find(tree, "rp_with_counters")
        counters = (self.transform(with_counters),) if with_counters is not None else ()
        return Made(DiesInstead(subject=subject, counters=counters), find(tree, "rp_this_turn") is not None)

    @top_down
    def rp_draw(self, tree: Tree) -> Made:
        """"If you would draw a card, instead [do this]" (614.1a, 614.11)."""
        with self.reading(Scope(self.card_name, "triggered")) as scope:
            effect = self.effect_of(Tree("body", [Tree("sentence", [find(tree, "clauses")])]))
        if scope.targets:
            raise TextError("a replacement effect can't target", "target")
        return Made(DrawInstead(effect=Effect(instructions=effect.instructions)), False)

    @top_down
    def rp_enters_additional(self, tree: Tree) -> Made:
        """"(This turn,) each creature you control enters with an additional +1/+1 counter on it" (614.1d)."""
        flt: ObjectFilter = self.transform(find(tree, "desc"))
        kind, n = self.transform(tree.children[-1])
        whose = "you" if flt.controller == "you" else "any"
        if flt.controller not in (None, "you"):
            raise TextError("only objects entering under your control are supported here", words_of(tree))
        effect = OthersEnterWithCounters(filter=replace(flt, controller=None, zone="any"), whose=whose,
                                         kind=kind, amount=n)
        return Made(effect, find(tree, "rp_this_turn_lead") is not None)

    def rp_tokens_instead(self, body: Any, keywords: list[Any] | None = None) -> Made:
        """"If one or more creature tokens would be created under your control, that many 4/4 white Angel
        creature tokens with flying and vigilance are created instead" (614.1a)."""
        return Made(TokensInstead(of_type="Creature", token=body(tuple(keywords or ()))), False)

    def rp_tokens_yours(self, _this_turn: None) -> Made:
        """"Each token that would be created under an opponent's control this turn is created under your
        control instead" (616.1b)."""
        return Made(TokensUnderYourControl(), True)

    @top_down
    def rp_prevent(self, tree: Tree) -> Made:
        """"If a source would deal damage to equipped creature (another Dinosaur you control), prevent 2
        (all but 1) of that damage" (615.10)."""
        to, attached = self.transform(tree.children[0])
        amount, all_but = self.transform(tree.children[1])
        return Made(StaticPrevention(to=to, attached=attached, amount=amount, all_but=all_but), False)

    def prevent_static_to(self, *parts: Token | list[Ref]) -> StaticPrevention:
        """"Prevent all (combat, noncombat) damage that would be dealt to ~ (other creatures you control)":
        a permanent's prevention effect (615.10); a spell's needs "this turn"."""
        kind = next((str(p) for p in parts if isinstance(p, Token)), "")
        refs = next(p for p in parts if isinstance(p, list))
        if len(refs) != 1:
            raise TextError("only one kind of recipient is supported here", "dealt to")
        ref = refs[0]
        if isinstance(ref, SelfRef):
            to = None
        elif isinstance(ref, AllRef):
            to = ref.filter
        else:
            raise TextError("a permanent's prevention can only name itself or the permanents that fit",
                            "dealt to")
        return StaticPrevention(to=to, combat={"combat": True, "noncombat": False}.get(kind))

    def as_enters_pay_life(self, n: Token) -> list[Any]:
        """"As ~ enters, you may pay 2 life. If you don't, it enters tapped" (614.12, 119.4)."""
        return [StaticAbility(replacement=EntersTappedUnlessPaid(life=const(n)))]

    def enters_as_copy(self, *parts: Any) -> list[Any]:
        """"[If condition,] you may have ~ enter as a copy of any creature on the battlefield" (706.5)."""
        condition = parts[0] if len(parts) == 2 else None
        return [StaticAbility(replacement=EntersAsCopy(filter=parts[-1], condition=condition))]

    def counter_or_haste(self, kind: Token) -> list[Any]:
        """Riot's meaning (702.135a): "you may have ~ enter with an additional +1/+1 counter on it. If you
        don't, it gains haste" (614.12)."""
        return [StaticAbility(replacement=CounterOrHaste(kind=str(kind)))]

    # -- their parts ---------------------------------------------------------------

    def rp_this_turn(self) -> None:
        return None

    def rp_this_turn_lead(self) -> None:
        return None

    def rp_that(self) -> None:
        return None

    def rps_self(self) -> ObjectFilter | None:
        return None   # the object whose ability this is

    def rps_yours(self) -> ObjectFilter:
        return ObjectFilter(zone="any", controller="you")

    def rps_yours_color(self, color: Word) -> ObjectFilter:
        return ObjectFilter(zone="any", controller="you", colors=(color.value,))

    def rpt_any(self) -> str:
        return "any"

    def rpt_player(self) -> str:
        return "player"

    def rpc_double(self) -> tuple[int, int]:
        return 2, 0

    def rpc_plus(self, n: Token) -> tuple[int, int]:
        return 1, const(n)

    def rpd_self(self) -> ObjectFilter | None:
        return None

    def rpd_desc(self, _article: Token, flt: ObjectFilter) -> ObjectFilter:
        return flt

    def rp_with_counters(self, counters: tuple[int, str]) -> tuple[str, int]:
        n, kind = counters
        return kind, n

    def rpa_one(self, kind: Token) -> tuple[str, int]:
        return str(kind), 1

    def rpp_attached(self) -> tuple[ObjectFilter | None, bool]:
        return None, True

    def rpp_another(self, flt: ObjectFilter) -> tuple[ObjectFilter | None, bool]:
        return replace(flt, another=True), False

    def rpv_n(self, n: Token) -> tuple[int | None, int]:
        return const(n), 0

    def rpv_all_but(self, n: Token) -> tuple[int | None, int]:
        return None, const(n)


def _has_combat(tree: Tree) -> bool:
    return any(isinstance(c, Token) and c.type == "RP_COMBAT" for c in tree.children)


def find_any(tree: Tree, names: tuple[str, ...]) -> Tree:
    for c in tree.children:
        if isinstance(c, Tree) and c.data in names:
            return c
    raise TextError("internal: a part of this replacement effect is missing", words_of(tree))
