"""The computer's table of what compiled rules text does.

One entry per instruction class (``INSTRUCTIONS``), reference class
(``REFS``: whom it names), amount class (``AMOUNTS``: how much, as a guess
when it depends on the game), continuous-effect operation (``LAYER_OPS``),
rule flag (``FLAGS``), replacement effect (``REPLACEMENTS``) and kind of
ability (``ABILITIES``). Each entry
reads the compiled object's fields into ``Notes``: impacts (whom it touches,
what that is worth to them) and the facts the policies use.

Adding an instruction class (or a reference, amount, operation...) to the
engine means adding its entry here; ``tests/test_ai_knowledge.py`` fails for
a class of the engine or the compiler without one, and a
compiled piece without an entry lands in ``Reading.unknown`` (never silently
neutral).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from ..engine import instructions as I
from ..engine.abilities import (ActivatedAbility, AdditionalCost, Affected, AlternativeCost, CastFromZones,
                                CostReduction, CostsMore, DeckAnyNumber, KeywordAbility, LayerOp, ProtectionChoice,
                                SpellAbility, SpellsCostLess, StaticAbility, TriggeredAbility)
from ..engine.cast_now import CastNow
from ..engine.entering import (AsEntersChoose, CounterOrHaste, EntersTapped, EntersTappedUnlessPaid,
                               EntersWithCounters, OthersEnterTapped, OthersEnterWithCounters)
from ..engine.sagas import LoreCounterAsItEnters
from ..engine.copies import BecomeCopy, CopySpell, CreateTokenCopy, EntersAsCopy, SpellsCastBefore
from ..engine.instead import DamageInstead, DrawInstead, TokensInstead, TokensUnderYourControl
from ..engine.keywords import Trait, evasive, gives, keywords_in
from ..engine.prevention import StaticPrevention
from ..engine.rerouting import DiesInstead
from ..engine.refs import (AllRef, AttachedRef, AttackedRef, ChosenRef, Const, ControllerOfRef, CountersOn, CountOf,
                           DefendingPlayerRef, EachPlayerRef, EventAmount, EventRef, ExiledWithRef, FixedRef, MaxStat,
                           DestroyedCount, DiscardedBy, HalfX, NegX, ObjectFilter, OwnerOfRef, PlayerCount, Product,
                           RememberedAmount, RememberedPlayersRef, RememberedRef, SacrificedStat, SelfRef,
                           ShareOfTheirs, StatOf, Sum, SumStat, TargetRef, TargetSpec, TopCardRef, XAmount, YouRef)
from .reading import (ATTACHED, EACH, EVENT, OPPONENTS, OTHER, SELF, TARGET, TARGET_CONTROLLER, YOU, Impact,
                      Reading)

X = -1                 # an amount of X

# Worths, about a point per mana, for the side they touch.
DAMAGE = 1.0           # per point of damage
X_DAMAGE = 3.0         # damage of X, before X is known
DESTROY = -5.0
EXILE = -5.5
BOUNCE = -2.5
TUCK = -3.0            # put into its owner's library
TAP = -1.0
NO_UNTAP = -1.0
UNTAP = 0.5
CARD = 1.9             # a card drawn
DISCARD = -1.5         # a card discarded
LIFE_GAIN = 0.4        # per life
LIFE_LOSS = -0.6       # per life
MILL = -0.3            # per card
SACRIFICE = -3.0       # per permanent
COUNTER_SPELL = -4.0
SOFT_COUNTER = -2.5    # countered unless its controller pays
REGENERATE = 1.5
PREVENT = 0.3          # per point of damage prevented
TRANSFORM = 1.5        # turning over to the other face: the back face is the stronger one
EXPLORE = 1.2          # a land to hand, or a +1/+1 counter and a look at the next draw
FOG = 2.0
SEARCH = 1.5
EXTRA_TURN = 6.0       # another untap, draw and attack: worth a few cards
EMBLEM = 8.0           # a lasting ability nothing removes: an ultimate's reward
LOOK = 0.3             # per card looked at and sorted (scry, surveil)
FIGHT = -3.0           # for the creature its chosen fighter fights
MANA = 0.5
KEYWORD = 1.0          # a keyword ability granted
ABILITY = 1.0          # any other ability granted
LOSE_ABILITIES = -2.0
CONTROL = -4.0         # control taken away (for the object)
SMALL_BODY = -1.5      # "becomes a 1/1"
NEW_BODY = 1.0         # "becomes a 4/4"
COUNTER = 1.0          # a +1/+1 counter (a -1/-1 counter is minus that)


def token_worth(p: int, t: int) -> float:
    """A creature of this size, on the same scale as ``evaluate.creature_value``'s base."""
    return 1.0 + 1.0 * max(0, p) + 0.6 * max(0, t)


# ---------------------------------------------------------------------------
# The collector


@dataclass(frozen=True)
class At:
    """Where an operation of a continuous effect applies: a side, and how long."""

    side: str
    index: int | None = None
    lasting: bool = False              # a static ability, or no "until end of turn"
    filter: ObjectFilter | None = None  # for "creatures you control", "each creature"


class Notes:
    """Collects a ``Reading`` while instructions, operations and abilities are read."""

    def __init__(self, targets: tuple[TargetSpec, ...] = ()) -> None:
        self.targets = targets
        self.facts: dict[str, Any] = {}
        self.impacts: list[Impact] = []
        self.unknown: list[str] = []
        self._flags: dict[tuple[str, int | None], set[str]] = {}

    # -- reading ----------------------------------------------------------------

    def read(self, instructions: tuple[Any, ...]) -> None:
        for ins in instructions:
            reader = INSTRUCTIONS.get(type(ins))
            if reader is None:
                self.unknown.append(f"instruction {type(ins).__name__}")
                continue
            reader(ins, self)

    def read_op(self, op: LayerOp, at: At) -> None:
        reader = LAYER_OPS.get(op.op)
        if reader is None:
            self.unknown.append(f"operation {op.op}")
            return
        reader(op, self, at)

    def read_ability(self, ability: Any) -> None:
        reader = ABILITIES.get(type(ability))
        if reader is None:
            self.unknown.append(f"ability {type(ability).__name__}")
            return
        reader(ability, self)

    def read_replacement(self, rep: Any) -> None:
        reader = REPLACEMENTS.get(type(rep))
        if reader is None:
            self.unknown.append(f"replacement {type(rep).__name__}")
            return
        reader(rep, self)

    # -- what the entries use -------------------------------------------------------

    def fact(self, **facts: Any) -> None:
        """Note facts; the first value noted for each stays (the main effect comes first)."""
        for k, v in facts.items():
            if v and not self.facts.get(k):
                self.facts[k] = v

    def hit(self, where: Any, worth: float, what: str) -> None:
        """Note that ``where`` (a reference or an ``At``) gets something worth ``worth`` to it."""
        side, index = (where.side, where.index) if isinstance(where, At) else self.side(where)
        self.impacts.append(Impact(side, index, worth, what))

    def side(self, ref: Any) -> tuple[str, int | None]:
        reader = REFS.get(type(ref))
        if reader is None:
            self.unknown.append(f"reference {type(ref).__name__}")
            return OTHER, None
        return reader(ref, self)

    def spec(self, ref: Any) -> TargetSpec | None:
        """The target word a reference names, if it names one."""
        if isinstance(ref, TargetRef) and 0 <= ref.index < len(self.targets):
            return self.targets[ref.index]
        return None

    def amount(self, a: Any, x: int = X) -> int:
        """A number, ``x`` for X; amounts that depend on the game are a typical guess."""
        if isinstance(a, int):
            return a
        reader = AMOUNTS.get(type(a))
        if reader is None:
            self.unknown.append(f"amount {type(a).__name__}")
            return 1
        return reader(a, self, x)

    def flag_seen(self, at: At, name: str) -> set[str]:
        seen = self._flags.setdefault((at.side, at.index), set())
        seen.add(name)
        return seen

    def reading(self) -> Reading:
        f = dict(self.facts)
        if f.get("draw") and f.get("discards_own"):
            f["loot"] = True
        f.pop("discards_own", None)
        return Reading(impacts=tuple(self.impacts), unknown=tuple(dict.fromkeys(self.unknown)), **f)


# ---------------------------------------------------------------------------
# References: whom they name


def _all_side(flt: ObjectFilter) -> str:
    if flt.controller == "you":
        return YOU
    if flt.controller in ("opponent", "not_you", "defending"):
        return OPPONENTS
    return EACH


def _of_side(ref: Any, n: Notes) -> tuple[str, int | None]:
    """The controller or owner of what ``ref.of`` names."""
    side, index = n.side(ref.of)
    if side == TARGET:
        return TARGET_CONTROLLER, index
    if side == SELF:
        return YOU, None
    return side, index


REFS: dict[type, Callable[[Any, Notes], tuple[str, int | None]]] = {
    TargetRef: lambda r, n: (TARGET, r.index),
    SelfRef: lambda r, n: (SELF, None),
    YouRef: lambda r, n: (YOU, None),
    EachPlayerRef: lambda r, n: (OPPONENTS if r.who == "opponents" else EACH, None),
    AllRef: lambda r, n: n.side(r.filter.controller_ref) if r.filter.controller_ref is not None
    else (_all_side(r.filter), None),   # "creatures target player controls": that player's side
    ControllerOfRef: _of_side,
    OwnerOfRef: _of_side,
    AttachedRef: lambda r, n: (ATTACHED, None),
    ChosenRef: lambda r, n: (YOU, None),   # "the chosen creature": one of ours, chosen as the source entered
    AttackedRef: lambda r, n: (OPPONENTS, None),
    DefendingPlayerRef: lambda r, n: (OPPONENTS, None),
    EventRef: lambda r, n: (EVENT, None),
    RememberedRef: lambda r, n: (OTHER, None),
    RememberedPlayersRef: lambda r, n: (EACH, None),
    FixedRef: lambda r, n: (OTHER, None),
    ExiledWithRef: lambda r, n: (OTHER, None),
    TopCardRef: lambda r, n: (OTHER, None),
}


# ---------------------------------------------------------------------------
# Amounts: a number, or a typical guess when it depends on the game


AMOUNTS: dict[type, Callable[[Any, Notes, int], int]] = {
    Const: lambda a, n, x: a.n,
    XAmount: lambda a, n, x: x,
    StatOf: lambda a, n, x: 3,              # a creature's power or toughness
    CountOf: lambda a, n, x: 2,             # "the number of ... you control"
    CountersOn: lambda a, n, x: 3,          # "those counters": a condition counted at least a few
    MaxStat: lambda a, n, x: 3,
    SumStat: lambda a, n, x: 5,             # "the total power of creatures you control"
    PlayerCount: lambda a, n, x: 3,
    RememberedAmount: lambda a, n, x: 2,    # "the damage dealt this way"
    EventAmount: lambda a, n, x: 1,         # "that much"
    Product: lambda a, n, x: n.amount(a.a, x) * n.amount(a.b, x),
    Sum: lambda a, n, x: n.amount(a.a, x) + n.amount(a.b, x),
    DestroyedCount: lambda a, n, x: 2,      # "the number of creatures destroyed this way"
    SacrificedStat: lambda a, n, x: 3,      # a creature's power or toughness
    DiscardedBy: lambda a, n, x: 3,         # "each player discards their hand, then creates that many"
    HalfX: lambda a, n, x: x // 2,          # "half X"
    ShareOfTheirs: lambda a, n, x: 6 if a.what == "life" else 15,   # a third of a typical life, half a library
    NegX: lambda a, n, x: X if x == X else -x,   # "-X/-X"
    SpellsCastBefore: lambda a, n, x: 1,  # "for each other instant and sorcery spell you've cast before it"
}


# ---------------------------------------------------------------------------
# Instructions


def _damage_to(n: Notes, refs: tuple[Any, ...]) -> str:
    """How the policies name where damage goes: "any", "creature", "player", "each_creature", ..."""
    if not refs:
        return "other"
    ref = refs[0]
    spec = n.spec(ref)
    if spec is not None:
        if spec.objects is not None and spec.players is not None:
            return "any"
        return "player" if spec.players is not None else "creature"
    if isinstance(ref, AllRef):
        return "each_creature"
    if isinstance(ref, EachPlayerRef):
        return "each_player"
    return "other"


def _deal_damage(i: I.DealDamage, n: Notes) -> None:
    amount = n.amount(i.amount)
    worth = -X_DAMAGE if amount == X else -DAMAGE * amount
    for ref in i.to:
        n.hit(ref, worth, "damage")
        if isinstance(ref, AllRef):
            n.fact(mass_filter=ref.filter)
    for more, ref in i.more:
        n.hit(ref, -DAMAGE * max(0, n.amount(more, 3)), "damage")
    n.fact(damage=amount, damage_to=_damage_to(n, i.to))


def _gain_life(i: I.GainLife, n: Notes) -> None:
    amount = n.amount(i.amount, 3)
    n.hit(i.who, LIFE_GAIN * amount, "gain_life")
    n.fact(gain_life=amount)


def _lose_life(i: I.LoseLife, n: Notes) -> None:
    amount = n.amount(i.amount, 3)
    n.hit(i.who, LIFE_LOSS * amount, "lose_life")
    if n.side(i.who)[0] in (TARGET, OPPONENTS, TARGET_CONTROLLER, EACH):
        n.fact(drain=amount)


def _zone_of(n: Notes, ref: Any) -> str:
    spec = n.spec(ref)
    if spec is not None and spec.objects is not None:
        return spec.objects.zone
    return "battlefield"


def _is_creature_filter(flt: ObjectFilter | None) -> bool:
    if flt is None:
        return False
    if flt.any_of:
        return any(_is_creature_filter(f) for f in flt.any_of)
    return "Creature" in flt.types or "Creature" in flt.types_all


def _removes(ref: Any, n: Notes, worth: float, what: str, **facts: Any) -> None:
    """Destroy or exile: one target, or every object that fits (a sweeper)."""
    n.hit(ref, worth, what)
    if isinstance(ref, AllRef):
        if _is_creature_filter(ref.filter):
            n.fact(wrath=True, mass_filter=ref.filter, destroy="all_creatures" if what == "destroy" else "")
        return
    spec = n.spec(ref)
    if spec is not None:
        n.fact(**facts)


def _destroy(i: I.Destroy, n: Notes) -> None:
    spec = n.spec(i.what)
    kind = "creature" if spec is not None and _is_creature_filter(spec.objects) else "permanent"
    _removes(i.what, n, DESTROY, "destroy", destroy=kind)
    if not i.can_regenerate:
        n.fact(no_regen=True)


def _exile(i: I.Exile | I.ExileUntil, n: Notes) -> None:
    if _zone_of(n, i.what) != "battlefield":
        n.hit(i.what, -0.5, "exile")        # a card out of a graveyard
        return
    _removes(i.what, n, EXILE, "exile", exile=True)


def _return_to_hand(i: I.ReturnToHand, n: Notes) -> None:
    zone = _zone_of(n, i.what)
    spec = n.spec(i.what)
    if zone == "graveyard":
        n.hit(i.what, 2.5, "return")
        if spec is not None and _is_creature_filter(spec.objects):
            n.fact(raise_dead=True)
    elif spec is not None or isinstance(i.what, AllRef):
        n.hit(i.what, BOUNCE, "bounce")
        n.fact(bounce=True)
    else:
        n.hit(i.what, 0.0, "return")        # a card named earlier ("return it to your hand")


def _put_onto_battlefield(i: I.PutOntoBattlefield, n: Notes) -> None:
    zone = _zone_of(n, i.what)
    spec = n.spec(i.what)
    if zone == "graveyard" and spec is not None and _is_creature_filter(spec.objects):
        n.fact(raise_dead=True)
    n.hit(YouRef() if i.under_you else i.what, 2.0 if zone != "battlefield" else 0.5, "put_onto_battlefield")


def _put_into_library(i: I.PutIntoLibrary, n: Notes) -> None:
    zone = _zone_of(n, i.what)
    # a permanent tucked away; a card of one's graveyard to be drawn again
    n.hit(i.what, TUCK if zone == "battlefield" else 0.8 if zone == "graveyard" else -0.3, "put_into_library")


def _counter_kind(n: Notes, ref: Any) -> str:
    spec = n.spec(ref)
    flt = spec.objects if spec is not None else None
    if flt is not None and "Creature" in flt.types:
        return "creature"
    if flt is not None and "Creature" in flt.not_types:
        return "noncreature"
    return "any"


def _counter_it(i: I.CounterIt, n: Notes) -> None:
    n.hit(i.what, COUNTER_SPELL, "counter")
    n.fact(counter=_counter_kind(n, i.what))


def _counter_unless(i: I.CounterUnless, n: Notes) -> None:
    n.hit(i.what, SOFT_COUNTER, "counter")
    n.fact(counter=_counter_kind(n, i.what))


def _draw(i: I.Draw, n: Notes) -> None:
    amount = n.amount(i.amount)
    n.hit(i.who, CARD * (2 if amount == X else amount), "draw")
    side = n.side(i.who)[0]
    if side == YOU:
        n.fact(draw=amount)
    elif side == TARGET:
        n.fact(draw=amount, target_draws=True)


def _mill(i: I.Mill, n: Notes) -> None:
    amount = n.amount(i.amount, 3)
    n.hit(i.who, MILL * amount, "mill")
    n.fact(mill=amount)


def _discard(i: I.Discard, n: Notes) -> None:
    amount = 3 if i.whole_hand else n.amount(i.amount, 2)
    side = n.side(i.who)[0]
    n.hit(i.who, DISCARD * amount * (1.2 if i.specific is not None else 1.0), "discard")
    if side == YOU:
        n.fact(discards_own=True)
    elif side in (TARGET, OPPONENTS, EACH, EVENT, TARGET_CONTROLLER):
        n.fact(discard=amount, duress=i.specific is not None)


def _sacrifice(i: I.Sacrifice, n: Notes) -> None:
    amount = n.amount(i.amount, 1)
    side = n.side(i.who)[0]
    n.hit(i.who, SACRIFICE * amount, "sacrifice")
    if side == YOU:
        n.fact(sacrifices=(i.filter,))
    elif side in (EACH, OPPONENTS, TARGET):
        n.fact(edict=True)


def _sacrifice_all_but(i: I.SacrificeAllBut, n: Notes) -> None:
    """Each player keeps creatures of small total power: a sweeper of the big ones, read like an edict."""
    n.hit(i.who, SACRIFICE, "sacrifice")
    n.fact(edict=True)


def _sacrifice_it(i: I.SacrificeIt, n: Notes) -> None:
    n.hit(i.what, -2.0, "sacrifice")


def _sacrifice_unless(i: I.SacrificeUnless, n: Notes) -> None:
    n.hit(i.what, -0.5, "sacrifice_unless")


def _tap(i: I.Tap, n: Notes) -> None:
    n.hit(i.what, TAP, "tap")
    spec = n.spec(i.what)
    if spec is not None:
        n.fact(tap=max(1, spec.max_count))


def _untap(i: I.Untap, n: Notes) -> None:
    n.hit(i.what, UNTAP, "untap")
    spec = n.spec(i.what)
    if spec is not None and spec.objects is not None and "Land" in spec.objects.types:
        n.fact(untap_lands=max(1, spec.max_count))


def _doesnt_untap(i: I.DoesntUntap, n: Notes) -> None:
    n.hit(i.what, NO_UNTAP, "doesnt_untap")
    n.fact(freeze=True)


def _apply_effect(i: I.ApplyEffect, n: Notes) -> None:
    side, index = n.side(i.what)
    at = At(side, index, i.duration not in ("end_of_turn", "end_of_combat"),
            i.what.filter if isinstance(i.what, AllRef) else None)
    for op in i.ops:
        n.read_op(op, at)


def _create_token(i: I.CreateToken, n: Notes) -> None:
    amount = n.amount(i.amount, 2)
    token = i.token        # the token's compiled definition
    if "Creature" in token.types:
        p = token.power if isinstance(token.power, int) else 1
        tough = token.toughness if isinstance(token.toughness, int) else 1
        flying = evasive(kw.name for kw, _ in keywords_in(token.abilities))
        n.hit(i.who, amount * (token_worth(p, tough) + (0.8 if flying else 0.0)), "token")
        n.fact(tokens=amount, token_pt=(p, tough), token_flying=flying)
    else:
        n.hit(i.who, amount * 1.0, "token")   # Treasure, Clue, ...


def _create_token_copy(i: CreateTokenCopy, n: Notes) -> None:
    """A copy of a permanent is worth what a middling creature is: what it copies is seen only in play."""
    amount = n.amount(i.amount, 1)
    n.hit(i.who, amount * token_worth(3, 3), "token")
    n.fact(tokens=amount, token_pt=(3, 3), token_flying=False)


def _add_mana(i: I.AddMana, n: Notes) -> None:
    n.hit(YouRef(), MANA * max(1, len(i.units)), "mana")
    n.fact(mana=True)


def _counters(sign: float) -> Callable[[Any, Notes], None]:
    def read(i: Any, n: Notes) -> None:
        amount = n.amount(i.amount, 2)
        per = {"+1/+1": COUNTER, "-1/-1": -COUNTER, "loyalty": 0.8}.get(i.kind, 0.3)
        n.hit(i.what, sign * per * amount, "counters")
    return read


def _adapt(i: I.Adapt, n: Notes) -> None:
    n.hit(i.what, COUNTER * n.amount(i.amount, 2), "counters")


def _fight(i: I.Fight, n: Notes) -> None:
    n.hit(i.second, FIGHT, "fight")
    n.fact(fight=True)


def _regenerate(i: I.Regenerate, n: Notes) -> None:
    n.hit(i.what, REGENERATE, "regenerate")
    n.fact(regenerate=True)


def _prevent(i: I.Prevent, n: Notes) -> None:
    if i.to is None:
        n.hit(YouRef(), FOG, "prevent")
        n.fact(fog=i.combat_only)
        return
    amount = 3 if i.amount is None else n.amount(i.amount, 3)
    n.hit(i.to, PREVENT * amount, "prevent")
    n.fact(prevent=amount)


def _attach(i: I.Attach, n: Notes) -> None:
    n.hit(i.to, 1.0, "attach")     # the Aura's or Equipment's own abilities say how much


def _delayed(i: I.Delayed, n: Notes) -> None:
    n.read(i.effect.instructions)


def _reflexive(i: I.Reflexive, n: Notes) -> None:
    """A reflexive triggered ability (603.12): what it will do, read with its own target words, which are
    chosen when it goes on the stack and so are none of the effect's."""
    inner = Notes(i.effect.targets)
    inner.read(i.effect.instructions)
    n.impacts += [replace(m, index=None) if m.side in (TARGET, TARGET_CONTROLLER) else m for m in inner.impacts]
    n.unknown += inner.unknown
    n.fact(**inner.facts)


def _may_do(i: I.MayDo, n: Notes) -> None:
    n.fact(may=True)
    n.read(i.body)


def _if_you_do(i: I.IfYouDo, n: Notes) -> None:
    n.read(i.body)


def _conditional(i: I.Conditional, n: Notes) -> None:
    """What happens unless the condition holds, where the text says; else what happens if it does."""
    n.read(i.otherwise or i.body)


def _repeat(i: I.Repeat, n: Notes) -> None:
    """"For each ..., [instructions]": read as a typical count of the instructions."""
    for _ in range(n.amount(i.times, 2)):
        n.read(i.body)


def _search(i: I.Search, n: Notes) -> None:
    n.hit(i.who, SEARCH, "search")
    if "Land" in i.filter.types:
        n.fact(ramp=True)


def _look(per: float, what: str, fact: str = "") -> Callable[[Any, Notes], None]:
    def read(i: Any, n: Notes) -> None:
        amount = n.amount(i.amount, 2)
        n.hit(i.who, per * amount, what)
        if fact:
            n.fact(**{fact: amount})
    return read


def _hand_to_top(i: I.HandToTop, n: Notes) -> None:
    n.hit(YouRef(), -0.8 * n.amount(i.amount, 2), "hand_to_top")


def _move_counters(i: I.MoveCounters, n: Notes) -> None:
    """A counter taken from one permanent and given to another: what one loses the other gains."""
    n.hit(i.source, -1.0, "move_counters")
    n.hit(i.dest, 1.0, "move_counters")


def _nothing(what: str, worth: float = 0.0, field: str = "what") -> Callable[[Any, Notes], None]:
    """An instruction whose worth is in what comes with it (looking, choosing, revealing)."""
    def read(i: Any, n: Notes) -> None:
        ref = getattr(i, field, None)
        if ref is not None:
            n.hit(ref, worth, what)
    return read


INSTRUCTIONS: dict[type, Callable[[Any, Notes], None]] = {
    I.DealDamage: _deal_damage,
    I.GainLife: _gain_life,
    I.LoseLife: _lose_life,
    I.ExchangeLifeTotals: _nothing("exchange_life", 0.0, "who"),   # worth only when behind: left to the "may"
    I.Destroy: _destroy,
    I.Exile: _exile,
    I.ExileUntil: _exile,
    I.ExileIfDies: _nothing("exile_if_dies", -0.3),
    I.StartReplacement: lambda i, n: n.read_replacement(i.effect),
    I.ReturnToHand: _return_to_hand,
    I.PutOntoBattlefield: _put_onto_battlefield,
    I.PutIntoLibrary: _put_into_library,
    I.PutIntoGraveyard: _nothing("put_into_graveyard", -1.0),
    I.PutNthFromTop: _nothing("put_into_library", TUCK),
    I.CounterIt: _counter_it,
    I.CounterUnless: _counter_unless,
    I.Draw: _draw,
    I.Mill: _mill,
    I.Discard: _discard,
    I.Sacrifice: _sacrifice,
    I.SacrificeAllBut: _sacrifice_all_but,
    I.SacrificeIt: _sacrifice_it,
    I.SacrificeUnless: _sacrifice_unless,
    I.Tap: _tap,
    I.Untap: _untap,
    I.DoesntUntap: _doesnt_untap,
    I.ApplyEffect: _apply_effect,
    I.CreateToken: _create_token,
    I.AddMana: _add_mana,
    I.PutCounters: _counters(1.0),
    I.Adapt: _adapt,
    I.RemoveCounters: _counters(-1.0),
    I.Fight: _fight,
    I.Regenerate: _regenerate,
    I.Prevent: _prevent,
    I.Attach: _attach,
    I.Delayed: _delayed,
    I.Reflexive: _reflexive,
    I.MayDo: _may_do,
    I.IfYouDo: _if_you_do,
    I.Conditional: _conditional,
    I.Search: _search,
    I.Explore: lambda i, n: n.hit(i.what, EXPLORE, "explore"),
    I.PlayAdditionalLand: _nothing("additional_land", 0.3, "who"),
    I.CantCast: _nothing("cant_cast", -1.0, "who"),
    I.ExileFromGraveyard: _nothing("exile_from_graveyard", -0.2, "who"),
    I.Transform: lambda i, n: n.hit(i.what, TRANSFORM, "transform"),
    I.RemoveFromCombat: lambda i, n: n.hit(i.what, -2.0, "remove_from_combat"),
    I.WinGame: lambda i, n: n.hit(i.who, 100.0, "win_game"),   # nothing is worth more
    I.LoseGame: lambda i, n: n.hit(i.who, -100.0, "lose_game"),
    I.ExtraTurn: lambda i, n: n.hit(i.who, EXTRA_TURN, "extra_turn"),
    I.GetEmblem: lambda i, n: n.hit(i.who, EMBLEM, "emblem"),
    CastNow: lambda i, n: n.hit(i.who, CARD, "cast_now"),   # a spell for nothing: worth a card at least
    I.PermitCast: lambda i, n: n.hit(i.who, CARD, "permit_cast"),   # a card to cast from elsewhere: like a card drawn
    I.GraveyardExileInstead: _nothing("exile_instead"),   # where a spell goes after it resolves: little to weigh
    I.Scry: _look(LOOK, "scry", "scry"),
    I.Surveil: _look(LOOK, "surveil", "scry"),
    I.LookTop: _nothing("look", 0.0, "who"),
    I.PutBack: _nothing("put_back"),
    I.DigToHand: lambda i, n: n.hit(YouRef(), SEARCH, "dig"),
    I.RevealFromLooked: lambda i, n: n.hit(YouRef(), SEARCH, "dig"),
    I.PutRestOnBottom: _nothing("put_back"),
    I.SearchLibraryAndGraveyard: lambda i, n: n.hit(i.who, SEARCH, "search"),
    I.ShuffleIfSearched: _nothing("shuffle"),
    I.MayPay: lambda i, n: n.fact(may=True),
    I.HandToTop: _hand_to_top,
    I.Shuffle: _nothing("shuffle", 0.0, "who"),
    I.RevealHand: _nothing("reveal", -0.2, "who"),
    I.RevealObjects: _nothing("reveal"),
    I.ChooseCard: _nothing("choose", 0.0, "owner"),
    I.RevealFromHand: _nothing("reveal", 0.0, "who"),
    I.ChoosePermanents: _nothing("choose"),
    I.Repeat: _repeat,
    I.SetLife: _nothing("set_life", 0.0, "who"),
    I.TapAnyNumber: _nothing("tap_own", 0.0, "who"),   # a choice that costs only what it buys ("for each ... tapped")
    I.ShuffleIntoLibrary: _nothing("shuffle_into_library"),   # cards back to a library: a long way from mattering
    CreateTokenCopy: _create_token_copy,
    CopySpell: lambda i, n: n.hit(YouRef(), 2.0 * n.amount(i.amount, 1), "copy_spell"),   # another of a spell
    BecomeCopy: _nothing("become_copy", 1.0),   # usually a copy of something bigger: seen only in play
    I.DoubleLife: _nothing("double_life", 2.0, "who"),
    I.MoveCounters: _move_counters,
    I.SkipNextUntap: _nothing("skip_untap", -2.0, "who"),   # a whole untap step lost: worse than one permanent
    I.NoteAmount: lambda i, n: None,   # only a number for what comes after
    I.LifeFloor: _nothing("life_floor", 1.0, "who"),
    I.ForEachDestroyed: lambda i, n: n.read(i.body),
    I.PutCountersDivided: lambda i, n: n.hit(i.to[0], COUNTER * n.amount(i.amount, 2), "counters"),
    I.DoubleCounters: lambda i, n: n.hit(i.what, COUNTER * 2, "counters"),
    I.ExchangeLifeWithPower: _nothing("exchange_life", 0.0, "who"),   # worth only when behind: left to the ability's cost
    I.DiscardUnlessExile: lambda i, n: _discard(I.Discard(i.who, i.amount), n),   # at worst, a discard
}


# ---------------------------------------------------------------------------
# Continuous-effect operations (613): what they do to the objects or players they apply to


def _pt_args(op: LayerOp, n: Notes) -> tuple[int, int]:
    p, t = op.args[0], op.args[1]
    return n.amount(p, 2), n.amount(t, 2)


def _add_pt(op: LayerOp, n: Notes, at: At) -> None:
    p, t = _pt_args(op, n)
    n.hit(at, p + 0.5 * t, "add_pt")
    if at.side == TARGET and not at.lasting:
        n.fact(pt=(p, t))
    elif at.side == SELF and not at.lasting:
        n.fact(self_pump=(p, t))
    elif at.side == ATTACHED:
        n.fact(aura_pt=(p, t))
    elif at.side == YOU and _is_creature_filter(at.filter):
        if at.lasting:
            n.fact(anthem=(p, t), anthem_filter=at.filter)
        else:
            n.fact(team_pump=(p, t))
    elif at.side == EACH and (p < 0 or t < 0):
        n.fact(mass_minus=True, mass_filter=at.filter)


def _grant(op: LayerOp, n: Notes, at: At) -> None:
    names: list[str] = []
    worth = 0.0
    for a in op.args[0]:
        if isinstance(a, ProtectionChoice):
            names.append("protection")
            worth += KEYWORD
        elif isinstance(a, KeywordAbility):
            names.append(a.keyword)
            worth += -KEYWORD if gives([a.keyword], Trait.CANT_ATTACK) else KEYWORD
        else:
            worth += ABILITY
    n.hit(at, worth, "grant")
    if at.side == ATTACHED:
        n.fact(aura_keywords=tuple(names))
    elif at.side == YOU and at.lasting and gives(names, Trait.HASTE):
        n.fact(haste_all=True)
    elif at.side == YOU and not at.lasting and gives(names, Trait.TRAMPLE):
        n.fact(team_trample=True)


def _control(op: LayerOp, n: Notes, at: At) -> None:
    n.hit(at, CONTROL, "control")
    if at.side == TARGET and not at.lasting:
        n.fact(steal_temp=True)
    elif at.side in (TARGET, ATTACHED):
        n.fact(steal=True)


def _remove_all_abilities(op: LayerOp, n: Notes, at: At) -> None:
    n.hit(at, LOSE_ABILITIES, "remove_all_abilities")
    if at.side in (TARGET, ATTACHED):
        n.fact(frog=True)


def _set_pt(op: LayerOp, n: Notes, at: At) -> None:
    p, t = op.args[0], op.args[1]
    small = isinstance(p, int) and isinstance(t, int) and p + t <= 2
    n.hit(at, SMALL_BODY if small else NEW_BODY, "set_pt")
    if small and at.side in (TARGET, ATTACHED):
        n.fact(frog=True)


def _flag(op: LayerOp, n: Notes, at: At) -> None:
    name = op.args[0]
    worth = FLAGS.get(name)
    if worth is None:
        n.unknown.append(f"flag {name}")
        return
    n.hit(at, worth, name)
    seen = n.flag_seen(at, name)
    if {"cant_attack", "cant_block"} <= seen and at.side in (TARGET, ATTACHED):
        n.fact(pacify=True)
    if name == "cant_lose" and at.side == YOU:
        n.fact(cant_lose=True)


def _add_types(op: LayerOp, n: Notes, at: At) -> None:
    """Becoming a creature (crew, 702.121a; "becomes an artifact creature") gives a body to fight with; other
    added types change nothing the computer weighs."""
    if "Creature" not in op.args[0]:
        n.hit(at, 0.0, op.op)
        return
    n.hit(at, NEW_BODY, op.op)
    if at.side == SELF and not at.lasting:
        n.fact(animate=True)


def _worth(w: float) -> Callable[[LayerOp, Notes, At], None]:
    def read(op: LayerOp, n: Notes, at: At) -> None:
        n.hit(at, w, op.op)
    return read


LAYER_OPS: dict[str, Callable[[LayerOp, Notes, At], None]] = {
    "add_pt": _add_pt,
    "add_pt_each": _worth(1.5),         # "+1/+1 for each ...": helps, by how much depends on the board
    "set_pt_count": _worth(1.5),        # "power and toughness equal to the number of ..."
    "set_pt_player": _worth(1.5),       # "... equal to the number of cards in your hand"
    "set_pt": _set_pt,
    "grant": _grant,
    "remove_keyword": _worth(-0.5),
    "remove_all_abilities": _remove_all_abilities,
    "control": _control,
    "control_owner": _worth(0.0),       # each back to its owner: who gains depends on who holds whose
    "set_colors": _worth(0.0),
    "add_colors": _worth(0.0),
    "set_creature_subtypes": _worth(0.0),
    "add_types": _add_types,
    "add_supertypes": _worth(0.0),
    "flag": _flag,
    "copy": _worth(1.0),                # becomes a copy of another object: what it copies is seen only in play
}

# Rule effects (flags) on an object or player: their worth for it.
FLAGS: dict[str, float] = {
    "cant_attack": -2.0,
    "cant_block": -1.5,
    "must_attack": -0.3,
    "must_block": -0.3,
    "cant_attack_alone": -0.3,
    "cant_block_alone": -0.3,
    "can_block_only": -0.5,
    "max_one_blocker": 0.5,
    "must_be_blocked": -0.2,            # the opponent chooses which blocker meets it (509.1c)
    "extra_block": 0.4,                 # it can block one more attacker
    "cant_be_blocked": 2.0,
    "cant_be_blocked_by": 0.5,
    "can_be_blocked_only_by": 1.5,
    "cant_activate": -1.0,
    "doesnt_untap": NO_UNTAP,
    "cant_be_countered": 0.5,
    "cant_lose": 3.0,
    "cant_win": -3.0,
    "no_max_hand": 0.2,
    "surveil_more": 0.2,
    "cant_gain_life": 0.0,
    "no_creature_enter_triggers": 0.0,
    "additional_land": 0.3,             # an extra land drop a turn (305.2)
    "damage_by_toughness": 0.3,         # more damage from walls and high-toughness creatures
    "attacks_despite_defender": 0.5,
    "cant_activate_loyalty": 0.0,       # binds both players alike
    "cant_cast": -1.0,                  # a kind of spell the player can't cast (601.3)
    "may_cast": 0.5,                    # spells cast at another time or from another zone (601.3)
    "hexproof": 1.0,                    # a player who can't be targeted by opponents (702.11c)
    "life_floor": 1.0,                  # damage can't take the player below 1 life this turn
    "untargetable": 0.5,                # spells or abilities of some players can't target it (601.2c, 602.2b)
    "assign_as_unblocked": 1.0,         # a blocked creature may deal its damage to the player instead (510.1c)
}


# ---------------------------------------------------------------------------
# Replacement effects of static abilities (614)


def _enters_tapped(rep: EntersTapped, n: Notes) -> None:
    n.hit(SelfRef(), -0.5 if rep.unless is None else -0.2, "enters_tapped")
    if rep.unless is None:
        n.fact(enters_tapped=True)


def _enters_with_counters(rep: EntersWithCounters, n: Notes) -> None:
    per = {"+1/+1": COUNTER, "-1/-1": -COUNTER}.get(rep.kind, 0.3)
    n.hit(SelfRef(), per * n.amount(rep.amount, 2) - (0.5 if rep.tapped else 0.0), "enters_with_counters")
    if rep.tapped:
        n.fact(enters_tapped=True)


def _others_enter_with_counters(rep: OthersEnterWithCounters, n: Notes) -> None:
    per = {"+1/+1": COUNTER, "-1/-1": -COUNTER}.get(rep.kind, 0.3)
    n.hit(YouRef(), 2 * per * rep.amount, "enter_with_counters")


def _damage_instead(rep: DamageInstead, n: Notes) -> None:
    """More damage from this creature, or from every source of ours."""
    worth = 2.0 * (rep.times - 1) + 0.7 * rep.plus
    n.hit(SelfRef() if rep.source is None else YouRef(), worth, "more_damage")


def _dies_instead(rep: DiesInstead, n: Notes) -> None:
    # Exiled instead of dying: nothing comes back from the graveyard, no "dies" trigger.
    n.hit(SelfRef() if rep.subject is None else EachPlayerRef(), -0.2, "exile_instead_of_dying")


def _static_prevention(rep: StaticPrevention, n: Notes) -> None:
    """Damage to this permanent (or to what it equips, or to ours) is prevented."""
    worth = PREVENT * (3 if rep.amount is None and not rep.all_but else rep.amount or 2) * (2 if rep.to else 1)
    n.hit(YouRef() if rep.to is not None else SelfRef(), worth, "prevent")


def _draw_instead(rep: DrawInstead, n: Notes) -> None:
    n.hit(YouRef(), -CARD, "draw_replaced")
    read_effect_into(rep.effect, n)


REPLACEMENTS: dict[type, Callable[[Any, Notes], None]] = {
    EntersTapped: _enters_tapped,
    EntersWithCounters: _enters_with_counters,
    LoreCounterAsItEnters: lambda rep, n: None,   # a Saga's worth is in its chapter abilities
    AsEntersChoose: lambda rep, n: None,
    EntersTappedUnlessPaid: lambda rep, n: n.hit(SelfRef(), -0.1, "enters_tapped_unless_paid"),
    CounterOrHaste: lambda rep, n: n.hit(SelfRef(), COUNTER, "counter_or_haste"),
    OthersEnterWithCounters: _others_enter_with_counters,
    OthersEnterTapped: lambda rep, n: n.hit(YouRef(), 1.0 if rep.whose == "opponents" else -1.0, "others_enter_tapped"),
    DamageInstead: _damage_instead,
    DiesInstead: _dies_instead,
    DrawInstead: _draw_instead,
    StaticPrevention: _static_prevention,
    TokensInstead: lambda rep, n: n.hit(YouRef(), 2.0, "better_tokens"),
    TokensUnderYourControl: lambda rep, n: n.hit(YouRef(), 0.5, "their_tokens_ours"),
    EntersAsCopy: lambda rep, n: n.hit(SelfRef(), 2.0, "enters_as_copy"),   # a copy of the best creature there
}


# ---------------------------------------------------------------------------
# Abilities (112-113): what each kind adds to a reading


def read_effect_into(effect: Any, n: Notes) -> None:
    """An effect's instructions, and every mode's (a modal effect's modes share its target numbers)."""
    n.read(effect.instructions)
    for mode in effect.modes:
        n.read(mode.instructions)


def _activated(a: ActivatedAbility, n: Notes) -> None:
    read_effect_into(a.effect, n)
    if a.is_mana:
        n.fact(mana=True)


def _triggered(a: TriggeredAbility, n: Notes) -> None:
    read_effect_into(a.effect, n)
    t = a.trigger
    if a.optional:
        n.fact(may=True)
    if t.self_only and t.event == "enters":
        n.fact(etb=True)
    if t.self_only and t.event == "dies":
        n.fact(dies=True)
    if (t.self_only and t.event in ("dies", "to_graveyard") and t.from_zone in ("battlefield", "")
            and any(isinstance(i, I.ReturnToHand) and isinstance(i.what, SelfRef) for i in a.effect.instructions)):
        n.fact(comes_back=True)
    if t.event == "step" and any(i.side == SELF and i.what == "sacrifice" for i in n.impacts):
        n.fact(sacrifice_self=True)


def at_of(affected: Affected) -> At | None:
    """Where a static ability's continuous effect applies."""
    if affected.kind == "self":
        return At(SELF, lasting=True)
    if affected.kind == "attached":
        return At(ATTACHED, lasting=True)
    if affected.kind == "filter" and affected.filter is not None:
        return At(_all_side(affected.filter), lasting=True, filter=affected.filter)
    if affected.kind == "players":
        return At({"you": YOU, "opponents": OPPONENTS}.get(affected.who, EACH), lasting=True)
    return None


def _static(a: StaticAbility, n: Notes) -> None:
    for d in a.effects:
        at = at_of(d.affected)
        if at is None:
            n.unknown.append(f"affected {d.affected.kind}")
            continue
        for op in d.ops:
            n.read_op(op, at)
    if a.replacement is not None:
        n.read_replacement(a.replacement)


def _no_effect(a: Any, n: Notes) -> None:
    """Keyword abilities are judged by name (``evaluate.py``); costs change what a spell costs, not what it does."""


ABILITIES: dict[type, Callable[[Any, Notes], None]] = {
    SpellAbility: lambda a, n: read_effect_into(a.effect, n),
    ActivatedAbility: _activated,
    TriggeredAbility: _triggered,
    StaticAbility: _static,
    KeywordAbility: _no_effect,
    ProtectionChoice: _no_effect,
    AdditionalCost: _no_effect,
    CostReduction: _no_effect,
    SpellsCostLess: _no_effect,
    CostsMore: _no_effect,
    DeckAnyNumber: _no_effect,   # works only as a deck is built
    CastFromZones: _no_effect,
    AlternativeCost: _no_effect,
}
