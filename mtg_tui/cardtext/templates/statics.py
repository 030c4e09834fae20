"""Static abilities (604): a permanent's body read as continuous effects (611.3) or replacements (614.1c-d).

The same clauses that are one-shot effects in a spell are read here as what
is true while the ability applies. The subject is read as the set of objects
affected (``affected``); each verb phrase gives its layer operations
(``Verb.ops``). A few forms are statics only and are read here by their rule:
how the permanent enters (614.1c-d), who can't win or lose, "you control ...",
and "can't be countered".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Tree

from ...engine.abilities import Affected, ContinuousDef, LayerOp, StaticAbility
from ...engine.cast_permissions import MAY_CAST
from ...engine.entering import EntersTapped, EntersWithCounters, OthersEnterTapped
from ...engine.refs import Const, CountOf, Product, Ref, SelfRef
from ...engine.replacement import ReplacementEffect
from ..errors import TextError
from .base import Scope, Templates, Verb, find, words_of
from .effects import merged_clauses

_ENTERS_WITH_COUNTERS = ("vp_enters_with_counters", "vp_enters_tapped_with_counters", "vp_enters_with_counters_if",
                         "vp_enters_with_counters_each", "vp_enters_with_counters_equal")
_PLAYERS = {"pr_you": "you", "pr_each_opponent": "opponents", "pr_each_player": "each"}
# Verb phrases that change the rules for players, and the flag each sets ("you may play an additional land
# on each of your turns": 305.2).
_PLAYER_RULES = {"vp_cant_lose": "cant_lose", "vp_cant_win": "cant_win", "vp_additional_land": "additional_land",
                 "vp_cant_activate_loyalty": "cant_activate_loyalty", "vp_cant_cast": "cant_cast",
                 "vp_may_cast_flash": MAY_CAST,
                 "vp_may_cast_linked": MAY_CAST}
# the verb's own operation carries what the rule is about
_RULES_WITH_PARAM = ("vp_cant_cast",
                     "vp_may_cast_flash",
                     "vp_may_cast_linked")


class Statics(Templates):
    def static_ability(self, body: Tree, condition: Any = None, named: Ref | None = None) -> list[Any]:
        """A static ability's effects; with a condition ("as long as ..."), each applies only while it holds.

        ``named``: what the text named before the body (the condition's "~", which the body calls "it").
        """
        with self.reading(Scope(self.card_name, "static", last_obj=named)):
            defs: list[ContinuousDef] = []
            replacement = None
            for sentence in body.children:
                if sentence.data == "replacement_sentence":
                    replacement = self.static_replacement(sentence)
                    continue
                if sentence.data == "if_sentence":
                    replacement = self._conditional_entering(sentence, replacement)
                    continue
                if sentence.data != "sentence":
                    raise TextError("this static ability isn't supported yet", words_of(sentence))
                if find(sentence, "lead_duration") is not None:
                    raise TextError("a permanent's ability can't last \"until end of turn\"", "until end of turn")
                clauses = find(sentence, "clauses")
                if clauses is None:
                    raise TextError("this static ability isn't supported yet", words_of(sentence))
                for cl in merged_clauses(clauses):
                    if cl.data in ("no_activate", "no_activate_except_mana") and defs:
                        allow = "except_mana" if cl.data == "no_activate_except_mana" else None
                        defs[-1] = ContinuousDef(defs[-1].affected, defs[-1].ops + (
                            LayerOp("rules", "flag", ("cant_activate", allow)),))
                        continue
                    if cl.data == "prevent_clause":
                        replacement = self.static_prevention(cl)
                        continue
                    if cl.data != "subj_clause":
                        raise TextError("this static ability isn't supported yet", words_of(cl))
                    for made in self._static_form(cl.children[0], list(cl.children[1].children)):
                        if isinstance(made, ContinuousDef):
                            defs.append(made)
                        elif replacement is None:
                            replacement = made
                        else:
                            raise TextError("two ways of entering in one ability aren't supported yet",
                                            words_of(cl))
        if condition is not None:
            if replacement is not None:
                raise TextError("a replacement effect \"as long as ...\" isn't supported yet", "as long as")
            defs = [replace(d, condition=condition) for d in defs]
        return [StaticAbility(effects=tuple(defs), replacement=replacement)]

    def _conditional_entering(self, sentence: Tree, replacement: Any) -> Any:
        """"If ~ was kicked, it enters with two +1/+1 counters on it" (614.1c): counters only if it holds."""
        clauses = merged_clauses(find(sentence, "clauses"))
        cl = clauses[0]
        if replacement is not None or len(clauses) != 1 or cl.data != "subj_clause" or \
                cl.children[0].data not in ("or_self", "or_it") or len(cl.children[1].children) != 1 or \
                cl.children[1].children[0].data not in _ENTERS_WITH_COUNTERS:
            raise TextError("a condition on this static ability isn't supported yet", words_of(sentence))
        vp = cl.children[1].children[0]
        condition = self.transform(sentence.children[0])
        n, kind = self._entering_counters(vp)
        return EntersWithCounters(kind, n, vp.data == "vp_enters_tapped_with_counters", condition)

    def _entering_counters(self, vp: Tree) -> tuple[Any, str]:
        """The counters "enters with ... counters on it" puts on the permanent (614.1c): a number, X of the
        spell it was (107.3m), or "for each ..." counted as it enters; and their kind."""
        if vp.data == "vp_enters_with_counters_equal":
            # "with a number of +1/+1 counters on it equal to ...": counted as it enters (614.1c)
            return self.transform(vp.children[-1]), str(vp.children[0])
        counters = find(vp, "counters")
        amount = self.transform(counters.children[0])
        kind = str(counters.children[1])
        if vp.data == "vp_enters_with_counters_each":
            amount = Product(amount, CountOf(self.transform(vp.children[-1])))
        return (amount.n if isinstance(amount, Const) else amount), kind

    def _static_form(self, subject: Tree, vps: list[Tree]) -> list[Any]:
        """One clause of a static ability: ContinuousDefs, and a replacement for how this enters."""
        kinds = [v.data for v in vps]
        if "vp_enters_tapped_unless" in kinds:
            if subject.data != "or_self" or len(vps) != 1:
                raise TextError("only \"this permanent enters tapped unless ...\" is supported", "enters")
            return [EntersTapped(unless=self.transform(vps[0].children[-1]))]
        if "vp_enters_tapped" in kinds and subject.data == "or_all" and len(vps) == 1:
            # "Creatures your opponents control enter tapped": how others enter (614.1c)
            flt = self.transform(subject).filter
            whose = {"you": "you", "opponent": "opponents", None: "any"}.get(flt.controller)
            if whose is None:
                raise TextError("only objects entering under your or your opponents' control are supported here",
                                "enter tapped")
            return [OthersEnterTapped(filter=replace(flt, controller=None, zone="any"), whose=whose)]
        if "vp_enters_tapped" in kinds:
            if subject.data != "or_self":
                raise TextError("only \"this permanent enters tapped\" is supported", "enters tapped")
            rest = [v for v in vps if v.data != "vp_enters_tapped"]   # "... enters tapped and doesn't untap ..."
            return [EntersTapped()] + ([self._continuous(subject, rest)] if rest else [])
        if any(k in _ENTERS_WITH_COUNTERS for k in kinds):
            if subject.data != "or_self" or len(vps) != 1:
                raise TextError("only \"this permanent enters with counters\" is supported", "enters with")
            n, kind = self._entering_counters(vps[0])
            # "... with a +1/+1 counter on it if you attacked this turn": only when the condition holds (614.1c).
            cond = self.transform(vps[0].children[-1]) if vps[0].data == "vp_enters_with_counters_if" else None
            return [EntersWithCounters(kind, n, vps[0].data == "vp_enters_tapped_with_counters", cond)]
        if any(k in _PLAYER_RULES for k in kinds):
            who = _PLAYERS.get(subject.data)
            if who is None:
                raise TextError("can't tell who this applies to", words_of(subject))
            if any(k not in _PLAYER_RULES for k in kinds):
                raise TextError("this static ability isn't supported yet", words_of(subject))
            ops = tuple(op for v in vps for op in (
                self.ops_of(self.transform(v)) if v.data in _RULES_WITH_PARAM
                else [LayerOp("rules", "flag", (_PLAYER_RULES[v.data], None))]))
            return [ContinuousDef(Affected("players", who=who), ops)]
        if kinds == ["vp_control"]:
            if subject.data != "pr_you":
                raise TextError("only \"you control ...\" is supported", "control")
            return [ContinuousDef(self.affected(vps[0].children[0]), (LayerOp("2", "control"),))]
        if kinds[0] == "vp_uncounterable":
            if len(kinds) != 1:
                raise TextError("this static ability isn't supported yet", words_of(subject))
            return [ContinuousDef(Affected("self"), (LayerOp("rules", "flag", ("cant_be_countered", None)),))]
        return [self._continuous(subject, vps)]

    def _continuous(self, subject: Tree, vps: list[Tree]) -> ContinuousDef:
        """What the subject's verb phrases do to the objects it names, while the ability applies (611.3a)."""
        affected = self.affected(subject)
        ops: list[LayerOp] = []
        for v in vps:
            ops.extend(self.ops_of(self.transform(v)))
        # "Has defender, loses all other abilities": the loss comes first, so what the ability gives stays.
        ops.sort(key=lambda op: not (op.op == "remove_all_abilities" and op.args == ("other",)))
        return ContinuousDef(affected, tuple(ops))

    def static_prevention(self, clause: Tree) -> Any:
        """"Prevent all combat damage that would be dealt to ~": a prevention effect (615.10)."""
        made = self.transform(clause.children[0])
        if not isinstance(made, ReplacementEffect):
            raise TextError("a permanent's prevention can't be \"this turn\" or \"the next\"", "prevent")
        return made

    def ops_of(self, verb: Verb) -> list[LayerOp]:
        if verb.ops is None:
            raise TextError(f"this static ability isn't supported yet: {verb.words}", verb.rule)
        return verb.ops()

    def affected(self, node: Tree) -> Affected:
        """The objects a static ability's subject names (611.3a)."""
        d = node.data
        if d == "or_self" or (d == "or_it" and isinstance(self.scope.last_obj, SelfRef)):
            return Affected("self")
        if d in ("or_enchanted", "or_equipped"):
            return Affected("attached")
        if d in ("or_each", "or_all", "or_each_other", "or_all_other"):
            flt = self.transform(node.children[0])
            if d in ("or_each_other", "or_all_other"):
                flt = replace(flt, another=True)
            if flt.zone != "battlefield":
                # "Instant and sorcery spells you control have deathtouch": the layers apply to permanents only.
                raise TextError("a static ability changing spells or cards isn't supported yet", words_of(node))
            return Affected("filter", flt)
        raise TextError("can't tell what this ability applies to", words_of(node))
