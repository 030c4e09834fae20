"""One-shot effects: bodies, sentences and clauses, read top-down (608.2c: in the order written).

A clause puts its subject ("you" when it has none) to each of its verb
phrases in turn; a verb phrase is read, then acts at once, so what it names
("it", "that player") is known to the next one. A sentence may lead with a
duration ("Until end of turn, ...") that covers its clauses.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from lark import Token, Tree

from ...engine import instructions as I
from ...engine.abilities import Effect
from ...engine.copies import CopySpell
from ...engine.cast_permissions import UNTIL_END_OF_YOUR_NEXT_TURN, WHILE_EXILED
from ...engine.control_duration import WHILE_YOU_CONTROL
from ...engine.immutable import rewritten
from ...engine.objects import CardDef
from ...engine.refs import (AllRef, Amount, Const, CountersOn, CountOf, HalfX, ObjectFilter, RememberedAmount,
                            RememberedRef, SelfRef, TargetRef, XAmount, YouRef)
from ...engine.abilities import Trigger
from ..errors import TextError
from .base import Amend, Scope, Templates, Verb, find, number, top_down, words_of

NEXT_END_STEP = "next_end_step"   # "at the beginning of the next end step" as a clause's duration
DURATIONS = ("until_eot", "until_eoc", "until_your_next_turn", "at_next_end", "while_you_control")


class Effects(Templates):
    @top_down
    def body(self, tree: Tree) -> Effect:
        return self.effect_of(tree)

    def effect_of(self, body: Tree, collect_targets: bool = True) -> Effect:
        scope = self.scope
        said: list[Any] = []
        outer, scope.said = scope.said, said
        starts: list[tuple[int, int]] = []    # where each sentence's instructions and target words begin
        # A spell's paragraph may open with an "instead" of the sentence that ended the paragraph before
        # ("Addendum — If you cast this spell during your main phase, instead ...").
        before = scope.last_sentence if scope is self.spell_scope else None
        try:
            for sentence in body.children:
                begun = (len(said), len(scope.targets))
                for made in self.transform(sentence):
                    if isinstance(made, Instead):
                        if starts:
                            said[starts[-1][0]:] = [self._instead(made, said[starts[-1][0]:], starts[-1][1],
                                                                  begun[1])]
                            begun = starts.pop()
                        elif before is not None and not said:
                            said.append(self._instead(made, list(before[0]), before[1], before[2]))
                            scope.replaced, begun = len(before[0]), (0, before[1])
                        else:
                            raise TextError("\"instead\" needs something before it to replace", "instead")
                    else:
                        said.append(made)
                starts.append(begun)
        finally:
            scope.said = outer
        if scope is self.spell_scope and starts:
            scope.last_sentence = (tuple(said[starts[-1][0]:]), starts[-1][1], len(scope.targets))
        ins: list[I.Instruction] = []
        for i in said:
            if isinstance(i, Amend):
                i.change(ins)
            else:
                ins.append(i)
        if collect_targets:
            return Effect(instructions=tuple(ins), targets=tuple(scope.targets))
        return Effect(instructions=tuple(ins))

    # -- sentences ---------------------------------------------------------

    @top_down
    def sentence(self, tree: Tree) -> list[Any]:
        lead = find(tree, "lead_duration")
        duration = self.transform(lead) if lead is not None else None
        out = self._clauses_of(tree, duration)
        if duration in (UNTIL_END_OF_YOUR_NEXT_TURN, WHILE_EXILED) and \
                not all(isinstance(i, (I.PermitCast, Amend)) for i in out):
            raise TextError("only a permission to cast or play is supported with this duration", words_of(lead))
        return out

    def lead_duration(self, duration: str) -> str:
        """"Until end of turn, ..." / "Until your next turn, ..." leading a sentence: its clauses' duration."""
        return duration

    def delayed_lead(self) -> str:
        return NEXT_END_STEP

    @top_down
    def delayed_sentence(self, tree: Tree) -> list[Any]:
        """"At the beginning of the next end step, ...": a delayed triggered ability (603.7)."""
        return [delayed_at_next_end(self._clauses_of(tree, None))]

    @top_down
    def this_turn_trigger_sentence(self, tree: Tree) -> list[Any]:
        """"Until end of turn, whenever [event], [effect]" or "Whenever [event] this turn, [effect]": a triggered
        ability that triggers each time the event happens until the turn ends (603.7b); "it" in it is the
        event's object, as in any trigger."""
        triggers = self.transform(tree.children[0])
        if len(triggers) != 1:
            raise TextError("\"until end of turn, whenever\" with two events isn't supported", "whenever")
        scope = self.scope
        outer, last, targets = scope.trigger, scope.last_obj, len(scope.targets)
        scope.trigger, scope.last_obj = triggers[0], None
        try:
            body = self._clauses_of(tree, None)
        finally:
            scope.trigger, scope.last_obj = outer, last
        if len(scope.targets) != targets:
            raise TextError("a target in an ability made until end of turn isn't supported", "target")
        return [I.Delayed(triggers[0], Effect(instructions=tuple(body)), "Until end of turn, whenever ...",
                          this_turn=True)]

    @top_down
    def that_turn_end_sentence(self, tree: Tree) -> list[Any]:
        """"Take an extra turn after this one. At the beginning of that turn's end step, ...": a delayed
        triggered ability for the end step of the extra turn given just before (603.7, 500.7)."""
        if not any(isinstance(i, I.ExtraTurn) for i in self.scope.said):
            raise TextError("\"that turn\" needs an extra turn before it", "that turn's end step")
        trigger = Trigger("step", step="end", whose="each", next_only=True, that_turn=True)
        body = Effect(instructions=tuple(self._clauses_of(tree, None)))
        return [I.Delayed(trigger, body, "At the beginning of that turn's end step")]

    @top_down
    def if_you_do_sentence(self, tree: Tree) -> list[Any]:
        """"If you do, ...": happens only if the optional action before it was taken (608.2c)."""
        part = self._clauses_of(tree, None)
        if not any(isinstance(i, (I.MayDo, I.MayPay, I.Sacrifice, I.Exile)) for i in self.scope.said):
            raise TextError("\"if you do\" needs a \"you may\", a sacrifice or an exile before it", "if you do")
        return [I.IfYouDo(tuple(part))]

    @top_down
    def if_they_dont_sentence(self, tree: Tree) -> list[Any]:
        """"If that player doesn't, ...": happens only if the player who was offered the optional action just
        before ("that player may pay {2}", "target opponent may have ~ deal 4 damage to them") didn't take it
        (608.2c)."""
        last = self.scope.said[-1] if self.scope.said else None
        if not isinstance(last, (I.MayDo, I.MayPay)):
            raise TextError("\"if that player doesn't\" needs a \"may\" just before it", "doesn't")
        return [I.IfYouDo((), otherwise=tuple(self._clauses_of(tree, None)))]

    @top_down
    def countered_exile_sentence(self, tree: Tree) -> list[Any]:
        """"If that spell is countered this way, exile it instead of putting it into its owner's graveyard": the
        counter just before it sends the spell to exile (701.5, 614.1a)."""
        def change(ins: list[I.Instruction]) -> None:
            for k in range(len(ins) - 1, -1, -1):
                if isinstance(ins[k], (I.CounterIt, I.CounterUnless)):
                    ins[k] = replace(ins[k], exile=True)
                    return
            raise TextError("\"countered this way\" needs a counter before it", "countered this way")
        return [Amend(change)]

    @top_down
    def when_you_do_sentence(self, tree: Tree) -> list[Any]:
        """"When you do, ...": a reflexive triggered ability (603.12), triggered by the action the sentence
        before it took; its own target words are chosen as it goes on the stack. After an optional action
        ("you may ...", a sacrifice) it triggers only if the action was taken."""
        said = self.scope.said
        if not said:
            raise TextError("\"when you do\" needs an action before it", "when you do")
        inner = Scope(self.card_name, "triggered")
        with self.reading(inner):
            part = self._clauses_of(tree, None)
        if any(isinstance(i, Amend) for i in part):
            raise TextError("\"when you do\" with this kind of sentence isn't supported yet", "when you do")
        reflexive = I.Reflexive(Effect(instructions=tuple(part), targets=tuple(inner.targets)))
        if isinstance(said[-1], (I.MayDo, I.MayPay, I.Sacrifice, I.Discard, I.Exile)):
            return [I.IfYouDo((reflexive,))]
        return [reflexive]

    @top_down
    def for_each_sentence(self, tree: Tree) -> list[Any]:
        """"For each land you control, create a Treasure token": the rest of the sentence happens once for
        each object counted as the effect gets there (608.2c)."""
        count = CountOf(self.transform(tree.children[0]))
        return [I.Repeat(count, tuple(self._clauses_of(tree, None)))]

    @top_down
    def for_each_destroyed_sentence(self, tree: Tree) -> list[Any]:
        """"For each permanent destroyed this way, its controller creates a 3/3 ... token": once for each of
        them, as it last existed on the battlefield (608.2h), which "it" names in that round."""
        flt = self.transform(tree.children[0])
        key = self.scope.new_key("each")
        self.scope.last_obj = RememberedRef(key)
        return [I.ForEachDestroyed(replace(flt, zone="battlefield"), key, tuple(self._clauses_of(tree, None)))]

    def shuffle_if_searched(self) -> list[Any]:
        """"If you search your library this way, shuffle it": each player who searched their library (701.19)."""
        if self.scope.searched is None:
            raise TextError("\"this way\" needs a search before it", "if you search your library this way")
        return [I.ShuffleIfSearched(self.scope.searched)]

    def graveyard_exile_instead(self) -> list[Any]:
        """"If that card would be put into a graveyard this turn, exile it instead" (614.1a): the card, wherever
        it goes from, the stack included once it is cast."""
        return [I.GraveyardExileInstead(self.scope.last_obj or SelfRef())]

    @top_down
    def dies_exile_instead(self, tree: Tree) -> list[Any]:
        """"If it would die this turn, exile it instead" (614.1a)."""
        return [I.ExileIfDies(self.scope.last_obj or SelfRef())]

    @top_down
    def if_sentence(self, tree: Tree) -> list[Any]:
        """"If [condition], [effect]": checked as the effect gets there (608.2c). Target words of a part that
        happens only if an optional cost was paid are chosen only then (601.2c, 702.32g)."""
        condition = self._condition_of(tree)
        first = len(self.scope.targets)
        body = self._clauses_of(tree, None)
        self.scope.it_means_self = False
        self._targets_only_if(condition, first, len(self.scope.targets), True)
        return [I.Conditional(condition, tuple(body))]

    @top_down
    def delayed_if_sentence(self, tree: Tree) -> list[Any]:
        """"[Effect] if [condition]": the effect happens only if the condition holds as it gets there (608.2c);
        the condition is read after the effect, so "it" there is what the effect named ("put a +1/+1 counter on
        target creature you control if it's legendary"). "Sacrifice it at the beginning of the next end step if
        it has mana value 3 or less": the delayed triggered ability (603.7) checks it as it resolves."""
        body = self._clauses_of(tree, None)
        condition = self.transform(tree.children[-1])
        if len(body) != 1 or not isinstance(body[0], I.Delayed):
            return [I.Conditional(condition, tuple(body))]
        later = body[0]
        inner = Effect(instructions=(I.Conditional(condition, later.effect.instructions),))
        return [replace(later, effect=inner)]

    @top_down
    def unless_sentence(self, tree: Tree) -> list[Any]:
        """"[Effect] unless [condition]": the effect happens only if the condition doesn't hold as it gets
        there (608.2c)."""
        body = self._clauses_of(tree, None)
        condition = self.transform(tree.children[-1])
        return [I.Conditional(replace(condition, negated=not condition.negated), tuple(body))]

    @top_down
    def if_cant_sentence(self, tree: Tree) -> list[Any]:
        """"Sacrifice another creature. If you can't, ...": happens only if the sacrifice or discard before it
        didn't happen, there being nothing to sacrifice or discard (608.2c)."""
        if not any(isinstance(i, (I.Sacrifice, I.Discard)) for i in self.scope.said):
            raise TextError("\"if you can't\" needs a sacrifice or a discard before it", "can't")
        return [I.IfYouDo((), otherwise=tuple(self._clauses_of(tree, None)))]

    def _condition_of(self, sentence: Tree) -> Any:
        """A sentence's leading "if [condition]". One about how this object was cast ("if this spell was
        kicked") names the object itself: "it" after it means this object."""
        condition = self.transform(sentence.children[0])
        self.scope.it_means_self = getattr(condition, "kind", "") in ("cost_paid", "cast_in_main") or (
            getattr(condition, "kind", "") == "is" and isinstance(getattr(condition, "ref", None), SelfRef))
        return condition

    @top_down
    def if_instead_sentence(self, tree: Tree) -> list[Any]:
        """"If [condition], [effect] instead": takes the place of the sentence before it when the condition
        holds (702.32e, 608.2c); ``effect_of`` puts it together with that sentence."""
        condition = self._condition_of(tree)
        first = len(self.scope.targets)
        body = self._clauses_of(tree, None)
        self.scope.it_means_self = False
        self._targets_only_if(condition, first, len(self.scope.targets), True)
        return [Instead(condition, tuple(body))]

    @top_down
    def do_the_same_sentence(self, tree: Tree) -> list[Any]:
        """"Return a Pirate card from your graveyard to your hand, then do the same for Vampire, Dinosaur, and
        Merfolk": the clauses again for each type named, in that order, that type in place of the first."""
        clauses = find(tree, "clauses")
        first = [t for t in clauses.scan_values(lambda v: isinstance(v, Token) and v.type in ("SUBTYPE", "CARDTYPE"))]
        if len({str(t) for t in first}) != 1:
            raise TextError("\"do the same for\" needs exactly one type in what it repeats", "do the same for")
        out = self._clauses_of(tree, None)
        for word in [c for c in tree.children if isinstance(c, Tree) and c.data == "type_word"]:
            new = word.children[0]
            again = _swap_tokens(clauses, str(first[0]), new)
            out.extend(self.transform(again))
        return out

    @top_down
    def instead_if_sentence(self, tree: Tree) -> list[Any]:
        """"[Effect] instead if [condition]": the same as "if [condition], [effect] instead", the condition
        written last (608.2c)."""
        first = len(self.scope.targets)
        body = self._clauses_of(tree, None)
        condition = self.transform(tree.children[-1])
        self._targets_only_if(condition, first, len(self.scope.targets), True)
        return [Instead(condition, tuple(body))]

    def _instead(self, made: "Instead", before: list[Any], first: int, last: int) -> I.Instruction:
        """The sentence before an "instead", and the instead: one happens, by the condition. The earlier
        sentence's target words that the instead doesn't use are chosen only when it won't happen."""
        if any(isinstance(i, Amend) for i in before):
            raise TextError("\"instead\" after this kind of sentence isn't supported yet", "instead")
        used = target_indices(made.body)
        for i in range(first, last):
            if i not in used:
                self._targets_only_if(made.condition, i, i + 1, False)
        return I.Conditional(made.condition, made.body, tuple(before))

    def _targets_only_if(self, condition: Any, first: int, last: int, holds: bool) -> None:
        """Mark target words [first, last) as chosen only if an optional cost was (``holds``) or wasn't paid."""
        if getattr(condition, "kind", "") != "cost_paid":
            return
        paid = holds != condition.negated
        for i in range(first, last):
            self.scope.targets[i] = replace(self.scope.targets[i], cost_condition=(condition.what, paid))

    @top_down
    def still_types_sentence(self, tree: Tree) -> list[Any]:
        """"It's still a land." / "They're still lands.": the effect before it added types, keeping the
        object's others (205.1b); said only after such an effect, it changes nothing."""
        last = self.scope.said[-1] if self.scope.said else None
        if not isinstance(last, I.ApplyEffect) or not any(op.op == "add_types" for op in last.ops):
            raise TextError("\"still a [type]\" needs an effect adding types just before it", "still")
        return []

    @top_down
    def otherwise_sentence(self, tree: Tree) -> list[Any]:
        """"Otherwise, ...": what happens instead of the "if you do" or "if [condition]" sentence just before
        it, when that one doesn't (608.2c)."""
        last = self.scope.said[-1] if self.scope.said else None
        if not isinstance(last, (I.IfYouDo, I.Conditional)) or last.otherwise:
            raise TextError("\"otherwise\" needs an \"if\" sentence just before it", "otherwise")
        part = tuple(self._clauses_of(tree, None))

        def change(ins: list[I.Instruction]) -> None:
            k = len(ins) - 1 - ins[::-1].index(last)
            ins[k] = replace(last, otherwise=part)
        return [Amend(change)]

    def _clauses_of(self, sentence: Tree, duration: str | None) -> list[Any]:
        clauses = find(sentence, "clauses")
        if clauses is None:
            return []
        outer, self.scope.duration = self.scope.duration, duration
        try:
            return self.transform(clauses)
        finally:
            self.scope.duration = outer

    @top_down
    def clauses(self, tree: Tree) -> list[Any]:
        out: list[Any] = []
        parts = merged_clauses(tree)
        for cl in parts:
            out.extend(self.transform(cl))
        last = parts[-1] if parts else None
        if isinstance(last, Tree) and last.data == "where_x" and len(parts) > 1:
            # "Each opponent loses X life and you gain X life, where X is ...": X of every clause (107.3c)
            amount = self._x_amount(last.children[1])
            out = [replace_x(i, amount) for i in out]
        elif self.scope.where_x is not None and not any(isinstance(p, Tree) and p.data == "where_x" for p in parts):
            # "Create an X/X ... token, where X is half your life total. It deals X damage to you": the same X
            out = [replace_x(i, self.scope.where_x) for i in out]
        return out

    # -- clauses -----------------------------------------------------------

    @top_down
    def subj_clause(self, tree: Tree) -> list[Any]:
        return self._clause(tree, tree.children[0], tree.children[1])

    @top_down
    def imp_clause(self, tree: Tree) -> list[Any]:
        """A clause with no subject: its player is "you" (the ability's controller)."""
        return self._clause(tree, None, tree.children[0])

    def _clause(self, tree: Tree, subject_node: Tree | None, vps: Tree) -> list[Any]:
        """A clause's verbs put to its subject. In "you may A, B, then C" the "may" offers the whole chain:
        a player who declines does none of it (608.2d), so a search declined shuffles nothing."""
        duration = self.scope.duration
        last = tree.children[-1]
        if isinstance(last, Tree) and last.data in DURATIONS:
            own = self.transform(last)
            if own == NEXT_END_STEP:
                return [delayed_at_next_end(self.transform(Tree(tree.data, tree.children[:-1])))]
            duration = own
        subject = self.transform(subject_node) if subject_node is not None else YouRef()
        out: list[Any] = []
        may: int | None = None     # where a "may" verb stands: the verbs after it are part of what it offers
        for vp in vps.children:
            made = self.act_of(self.transform(vp), subject, duration)
            if may is not None:
                out[may] = replace(out[may], body=out[may].body + tuple(made))
                continue
            if len(made) == 1 and isinstance(made[0], I.MayDo):
                may = len(out)
            out.extend(made)
        return out

    def vps(self, *verbs: Verb) -> list[Verb]:
        return list(verbs)

    @top_down
    def where_x(self, tree: Tree) -> list[Any]:
        """"..., where X is ...": X in the clause stands for that amount (107.3c)."""
        inner = self.transform(tree.children[0])
        amount = self._x_amount(tree.children[1])
        return [replace_x(i, amount) for i in inner]

    def _x_amount(self, tree: Tree) -> Amount:
        """The amount a "where X is" names. "Create X tokens, where X is that spell's mana value": X can't
        count the tokens it makes, so "that" there means what was named before them."""
        named = self.scope.last_obj
        if isinstance(named, RememberedRef) and named.key == "created":
            self.scope.last_obj = self.scope.before_created
        try:
            self.scope.where_x = self.transform(tree)
            return self.scope.where_x
        finally:
            self.scope.last_obj = named

    @top_down
    def no_regen(self, tree: Tree) -> list[Any]:
        """"It can't be regenerated." (701.15): changes the destroy said before it."""
        return [Amend(_no_regeneration)]

    @top_down
    def no_activate(self, tree: Tree) -> list[Any]:
        raise TextError("this kind of effect isn't supported yet: no activate", "be activated")

    @top_down
    def no_activate_except_mana(self, tree: Tree) -> list[Any]:
        raise TextError("this kind of effect isn't supported yet: no activate", "be activated")

    def new_targets_for_copy(self) -> list[Any]:
        """"You may choose new targets for the copy" (706.10c): changes the copy said before it."""
        return [Amend(_new_targets)]

    def life_total_becomes(self, n: Token) -> list[Any]:
        """"Your life total becomes 15" (119.5)."""
        return [I.SetLife(YouRef(), number(n))]

    def count_counters(self, kind: Token, flt: ObjectFilter) -> list[Any]:
        """"Count the number of +1/+1 counters on creatures you control": the number is noted now (122.1) for
        "that number" later in the effect."""
        key = self.scope.new_key("count")
        self.scope.last_amount = RememberedAmount(key)
        return [I.NoteAmount(key, CountersOn(AllRef(flt), str(kind)))]

    def round_down_sentence(self) -> list[Any]:
        """"Round down each time": after "half X", which is rounded down (107.1a); nothing else happens."""
        if not any(isinstance(getattr(i, "amount", None), HalfX) for i in self.scope.said):
            raise TextError("\"round down\" needs a \"half X\" before it", "round down")
        return []

    def life_floor(self) -> list[Any]:
        """"Until end of turn, damage that would reduce your life total to less than 1 reduces it to 1 instead"
        (614.1a, 120.3a): needs the sentence's duration."""
        if self.scope.duration is None:
            raise TextError("\"reduces it to 1 instead\" needs \"until end of turn\"", "reduces it to 1")
        return [I.LifeFloor(YouRef(), self.scope.duration)]

    def double_life_total(self) -> list[Any]:
        """"Double your life total" (701.9d): you gain or lose the life that makes it twice what it is."""
        return [I.DoubleLife(YouRef(), Const(0))]

    def prevent_clause(self, prevention: Any) -> list[Any]:
        if not isinstance(prevention, I.Instruction):   # a permanent's prevention (statics.py reads it)
            raise TextError("a spell or ability's prevention needs \"this turn\"", "prevent")
        return [prevention]

    def player_life_total_becomes(self, who: Any, amount: Amount) -> list[Any]:
        """"Target player's life total becomes 1" (119.5)."""
        return [I.SetLife(who, amount)]

    # -- durations (611.2a, 514.2) ---------------------------------------------

    def until_eot(self) -> str:
        return "end_of_turn"

    def until_eoc(self) -> str:
        return "end_of_combat"

    def until_end_of_your_next_turn(self) -> str:
        """Lasts through the cleanup step of its controller's next turn (514.2)."""
        return UNTIL_END_OF_YOUR_NEXT_TURN

    def while_exiled(self) -> str:
        """"For as long as that card remains exiled": while it is that object in exile (400.7)."""
        return WHILE_EXILED

    def while_you_control(self) -> str:
        """"For as long as you control ~": ends once this permanent leaves or changes control (611.2b)."""
        return WHILE_YOU_CONTROL

    def until_your_next_turn(self) -> str:
        """Lasts until the controller of the spell or ability that made it starts their next turn (611.2a)."""
        return "your_next_turn"

    def at_next_end(self) -> str:
        return NEXT_END_STEP

    # -- prevention (615) ----------------------------------------------------

    def prevent_all_combat(self) -> I.Instruction:
        return I.Prevent(None, None, combat_only=True)

    def prevent_all(self) -> I.Instruction:
        return I.Prevent(None, None, combat_only=False)

    def prevent_next(self, amount: Amount, recipients: list[Any]) -> I.Instruction:
        return I.Prevent(recipients[0], amount)

    def prevent_next_chosen_source(self, amount: Amount, recipients: list[Any]) -> I.Instruction:
        """"... this turn by a source of your choice": the source is chosen as the shield is made (609.7a)."""
        return I.Prevent(recipients[0], amount, chosen_source=True)

    def prevent_all_to(self, recipients: list[Any]) -> I.Instruction:
        return I.Prevent(recipients[0], None)

    def prevent_all_combat_by(self, _ref: Any) -> I.Instruction:
        raise TextError("this kind of prevention isn't supported yet", "prevent")


@dataclass(frozen=True)
class Instead:
    """A sentence "if [condition], [body] instead", before ``effect_of`` joins it to the sentence it replaces."""

    condition: Any
    body: tuple[I.Instruction, ...]


def target_indices(thing: Any) -> set[int]:
    """The target words (their numbers) that instructions refer to."""
    if isinstance(thing, TargetRef):
        return {thing.index}
    if isinstance(thing, (tuple, list)):
        return set().union(*(target_indices(t) for t in thing)) if thing else set()
    if is_dataclass(thing) and not isinstance(thing, (type, CardDef)):
        return set().union(*(target_indices(getattr(thing, f.name)) for f in fields(thing)))
    return set()


def merged_clauses(clauses: Tree) -> list[Tree]:
    """Clauses of a sentence, where a clause with no subject after one with a subject shares it.

    Rules text writes "[subject] [verb] and [verb]" ("Creatures you control get
    +3/+3 and gain trample until end of turn"; "Each player loses 1 life,
    discards a card, ..."): the later verbs belong to the same subject, and a
    duration at the end covers them all. A ", where X is ..." after the last
    verb then covers the whole clause.
    """
    out: list[Tree] = []
    for cl in clauses.children:
        if (cl.data == "where_x" and cl.children[0].data == "imp_clause" and out
                and out[-1].data == "subj_clause"):
            # "target creature gains menace and gets +X/+0 ..., where X is ...": X is read on the shared subject
            shared = merged_clauses(Tree("clauses", [out[-1], cl.children[0]]))[0]
            out[-1] = Tree("where_x", [shared, cl.children[1]])
            continue
        if cl.data == "imp_clause" and out and out[-1].data == "subj_clause":
            prev = out[-1]
            prev_dur = [c for c in prev.children[2:] if isinstance(c, Tree)]
            new_vps = Tree("vps", list(prev.children[1].children) + list(cl.children[0].children))
            dur = [c for c in cl.children[1:] if isinstance(c, Tree)] or prev_dur
            out[-1] = Tree("subj_clause", [prev.children[0], new_vps] + dur)
            continue
        out.append(cl)
    return out


def delayed_at_next_end(body: list[I.Instruction]) -> I.Instruction:
    """"... at the beginning of the next end step": a delayed triggered ability (603.7)."""
    trigger = Trigger("step", step="end", whose="each", next_only=True)
    return I.Delayed(trigger, Effect(instructions=tuple(body)), "At the beginning of the next end step")


def replace_x(thing: Any, amount: Amount) -> Any:
    """X in ``thing`` replaced by ``amount``."""
    return rewritten(thing, lambda part: amount if isinstance(part, XAmount) else None, (CardDef,))


def _new_targets(said: list[I.Instruction]) -> None:
    for j in range(len(said) - 1, -1, -1):
        if isinstance(said[j], CopySpell):
            said[j] = replace(said[j], new_targets=True)
            return
        if isinstance(said[j], I.Delayed) and any(isinstance(i, CopySpell) for i in said[j].effect.instructions):
            inner = list(said[j].effect.instructions)   # the copy an ability made for the turn makes
            _new_targets(inner)
            said[j] = replace(said[j], effect=replace(said[j].effect, instructions=tuple(inner)))
            return
    raise TextError("\"choose new targets for the copy\" needs a copy of a spell before it", "new targets")


def _no_regeneration(said: list[I.Instruction]) -> None:
    for j in range(len(said) - 1, -1, -1):
        if isinstance(said[j], I.Destroy):
            said[j] = I.Destroy(said[j].what, can_regenerate=False)
            return
    raise TextError("\"can't be regenerated\" needs a destroy before it", "can't be regenerated")


def _swap_tokens(tree: Tree, old: str, new: Token) -> Tree:
    """A copy of the tree with every type word ``old`` written ``new``."""
    kids = [_swap_tokens(c, old, new) if isinstance(c, Tree)
            else (Token(new.type, str(new)) if isinstance(c, Token) and c.type in ("SUBTYPE", "CARDTYPE")
                  and str(c) == old else c)
            for c in tree.children]
    return Tree(tree.data, kids)
