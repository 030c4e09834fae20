"""Priority actions: playing lands (305), casting spells (601), activating abilities (602, 605, 606).

An action is plain data (see decisions.cast/activate/play_land). It may be
complete (mode, X, targets and payment given) or partial; a partial action
is completed by further decisions (mode, X, targets, payment), each of which
can be cancelled. Nothing changes in the game until every choice is made and
checked; then the spell moves to the stack and its costs are paid (601.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generator, Iterator

from . import actions, convoke
from .answers import is_number
from .abilities import (ActivatedAbility, AdditionalCost, AlternativeCost, CastFromZones, Cost, CostReduction,
                        CostsMore, Effect, SpellAbility, SpellsCostLess, StaticAbility)
from .alike import alike_key
from .cast_permissions import FREE, MAY_CAST, Granted, any_type, flash_permission, permission, permitted_cards
from .cast_restrictions import CANT_CAST, cast_prohibited
from .conditions import condition_holds, holds
from .context import Ctx, run_effect
from .costs import (activated_abilities, check_cost_picks, check_other_costs, check_tap_picks, cost_choices,
                    cost_picks_needed, creature_power, execute_payment, find_auto_payment, kept_mana_possible,
                    mana_sources, only_tap_picks, pay_other_costs, payment_units, plan_payment, simple_mana_ability,
                    tap_choices)
from .decisions import (CANCEL, ChooseColor, ChooseCosts, ChooseMode, ChooseX, ConvokeCost, Decision, DiscardCost,
                        Divide, IllegalAnswer, Option, Pay, Priority, RevealCost, SacrificeCost, TapCost, division, CounterCost,
                        MoveCost)
from .events import Event
from .instructions import DealDamage, PutCountersDivided, nested_instructions
from .keywords import Trait, entry, has_trait, keywords_in
from .land_plays import land_play_problem
from .keywords.base import chars_traits
from .mana_ability import spending_on
from .mana import COLOR_BY_NAME, COLOR_NAMES, ManaCost, Symbol, match_payment
from .matching import object_matches
from .objects import GameObject, StackAbility
from .rerouting import exile_when_it_leaves_the_stack
from .refs import Const, ObjectFilter, TargetRef, TargetSpec
from .targets import (candidates, check_choice, has_legal_choice, spread_targets, targeted_events,
                      targets_decision)

if TYPE_CHECKING:
    from .state import GameState

Gen = Generator[Decision, Any, Any]
PICKED = ("sacrifice", "discard", "reveal", "tap")   # the parts of a spell's costs whose objects the caster picks


# ---------------------------------------------------------------------------
# What a card or ability is


class _Traits:
    """What casting needs to know about a card's printed abilities, worked out once per card."""

    __slots__ = ("additional", "or_pay", "optional", "alternative", "flashback", "jump_start", "reductions",
                 "hand_abilities", "flash", "flash_if", "graveyard_abilities", "cast_from", "alt_condition",
                 "own_cost_only")

    def __init__(self, card: Any) -> None:
        abilities = card.abilities
        extra = next((a for a in abilities if isinstance(a, AdditionalCost)), None)
        reveal = extra.or_reveal if extra is not None else None
        self.additional = extra.cost if extra is not None and reveal is None else None
        # "Reveal a [kind of] card from your hand or pay {N}": the mana unless the optional cost REVEAL is chosen.
        self.or_pay = extra.cost.mana if extra is not None and reveal is not None else None
        self.optional = tuple((kw.name, _as_cost(p)) for kw, p in keywords_in(abilities)
                              if Trait.KICKER in kw.traits or Trait.SPECTACLE in kw.traits)
        if extra is not None and reveal is not None:
            n, flt = reveal
            what = f"{'a' if n == 1 else n} {flt.describe()} card{'s' if n != 1 else ''} from your hand"
            self.optional = ((REVEAL, Cost(reveal=(reveal,), text=f"{what} instead of paying {extra.cost.mana.text}")),) \
                + self.optional
        self.alternative = frozenset(kw.name for kw, _ in keywords_in(abilities) if Trait.SPECTACLE in kw.traits)
        alt = next((a for a in abilities if isinstance(a, AlternativeCost)), None)
        self.alt_condition = alt.condition if alt is not None else None
        if alt is not None:   # "you may pay {U} rather than pay this spell's mana cost" (118.9)
            tap = "".join(f" and tap {n} {f.describe()}" for n, f in alt.tap_others)
            self.optional += ((ALTERNATIVE, Cost(mana=alt.mana, tap_others=alt.tap_others, text=alt.mana.text + tap)),)
            self.alternative |= {ALTERNATIVE}
        # "You may cast ~ from your graveyard [or from exile] [if ...]" (601.3)
        self.cast_from = tuple(a for a in abilities if isinstance(a, CastFromZones))
        self.flashback = next((p for kw, p in keywords_in(abilities) if Trait.FLASHBACK in kw.traits), None)
        self.jump_start = any(Trait.JUMP_START in kw.traits for kw, _ in keywords_in(abilities))
        self.reductions = tuple(a for a in abilities if isinstance(a, CostReduction))
        self.hand_abilities = any(isinstance(a, ActivatedAbility) and a.zone == "hand" for a in abilities)
        self.flash = any(Trait.FLASH in kw.traits for kw, _ in keywords_in(abilities))
        # "~ has flash as long as [condition]" (113.6d): the conditions under which it has flash
        self.flash_if = tuple(d.condition for a in abilities if grants_only_flash(a) for d in a.effects)
        self.graveyard_abilities = any(isinstance(a, ActivatedAbility) and a.zone == "graveyard" for a in abilities)
        # Nothing of its own changes the mana it is cast for from a hand: no alternative cost, no additional
        # mana, no reduction (601.2f)
        self.own_cost_only = not self.alternative and self.or_pay is None and not self.reductions


def grants_only_flash(ability: Any) -> bool:
    """A conditional static ability of a card that only gives the card itself flash ("Crashing Tide has
    flash as long as you control a Merfolk"), which works wherever the card may be cast from (113.6d)."""
    effects = getattr(ability, "effects", None)
    if not isinstance(ability, StaticAbility) or not effects or ability.replacement is not None:
        return False
    return all(d.condition is not None and d.affected.kind == "self" and d.ops and
               all(op.layer == "6" and op.op == "grant" and op.args[0] and
                   all(Trait.FLASH in kw.traits for kw, _ in keywords_in(op.args[0])) and
                   len(list(keywords_in(op.args[0]))) == len(op.args[0]) for op in d.ops)
               for d in effects)


def has_flash_now(game: "GameState", card: GameObject, player: int) -> bool:
    """Flash from a conditional ability of the card itself, its condition holding for the caster (113.6d)."""
    return any(holds(game, cond, player, card, card.id, card.card_uid) for cond in traits(card).flash_if)


def traits(card: GameObject) -> _Traits:
    derived = card.card.derived
    found = derived.get("casting")
    if found is None:
        found = derived["casting"] = _Traits(card.card)
    return found


REVEAL = "reveal"   # the optional cost chosen to reveal cards rather than pay an additional cost's mana
ALTERNATIVE = "alternative"   # the name of a card's own alternative cost that has no keyword (118.9)
NOW = "now"   # what lets a card be cast that an effect casts as it resolves (608.2g)
_ZONE_WORDS = {"graveyard": "their graveyard", "library": "the top of their library"}   # "casts X from ..."


def additional_cost(card: GameObject) -> Any:
    """The "As an additional cost to cast this spell, ..." part of a card's costs (601.2f), or None."""
    return traits(card).additional


def _as_cost(param: Any) -> Cost:
    return param if isinstance(param, Cost) else Cost(mana=param, text=param.text)


def optional_costs(card: GameObject) -> tuple[tuple[str, Cost], ...]:
    """The optional costs the card may be cast with, by keyword (601.2b): additional ones (kicker, 702.32a)
    and alternative ones, paid instead of its mana cost (spectacle, 702.136a; 118.9)."""
    return traits(card).optional


def alternative_unavailable(game: "GameState", card: GameObject, name: str, player: int) -> str:
    """Why an alternative cost can't be chosen now ("" if it can): spectacle needs an opponent of the caster
    to have lost life this turn (702.136a); one alternative cost at most, and none when casting it with
    flashback, itself an alternative cost (118.9a)."""
    t = traits(card)
    if name not in t.alternative:
        return ""
    if graveyard_keyword(card) == "flashback":
        return f"{card.name} is cast with flashback, another alternative cost (118.9a)"
    if free_cast(game, card):
        return f"{card.name} is cast without paying its mana cost, another alternative cost (118.9a)"
    if name == ALTERNATIVE:
        if t.alt_condition is not None and not holds(game, t.alt_condition, player, card, card.id, card.card_uid):
            return f"the condition of {card.name}'s alternative cost doesn't hold (118.9)"
        return ""
    if not any(p.life_lost_this_turn for p in game.players if p.index != player):
        return f"no opponent lost life this turn, so {card.name} can't be cast for its {name} cost (702.136a)"
    return ""


_OWN_COST: tuple[tuple[str, ...], ...] = ((),)   # a spell paid for with its own cost only


def _payments(game: "GameState", card: GameObject, player: int) -> tuple[tuple[str, ...], ...]:
    """The ways of paying a spell's mana to weigh whether it can be cast: its own cost, and each alternative
    cost it may be cast for now."""
    t = traits(card)
    if not t.alternative and t.or_pay is None:
        return _OWN_COST
    alt = tuple((n,) for n in sorted(t.alternative) if not alternative_unavailable(game, card, n, player))
    if t.or_pay is not None and not check_other_costs(game, card, dict(t.optional)[REVEAL], player):
        alt += ((REVEAL,),)
    return ((),) + alt


# Jump-start's additional cost (702.132a).
_JUMP_START_COST = Cost(discard=((1, ObjectFilter(zone="hand")),), text="discard a card")


def elsewhere(game: "GameState", card: GameObject, player: int) -> Any:
    """What lets ``player`` cast this card from where it is, outside their hand (601.3): flashback or
    jump-start (the keyword), the card's own "you may cast ~ from ..." (its CastFromZones), or a permission
    of a permanent or a resolved effect (a cast_permissions.Granted); NOW for a card an effect casts as it
    resolves (cast_now.py); None if nothing does."""
    if card.id in game.cast_now:
        return NOW
    if card.zone in ("hand", "battlefield", "stack"):
        return None
    via = graveyard_keyword(card)
    if via is not None:
        return via
    if card.owner == player:
        for a in traits(card).cast_from:
            if card.zone in a.zones and (a.condition is None
                                         or holds(game, a.condition, player, card, card.id, card.card_uid)):
                return a
    return permission(game, card, player)


def free_cast(game: "GameState", card: GameObject) -> bool:
    """May this card be cast from where it is without paying its mana cost (118.9)? Also a card an effect casts
    as it resolves (cast_now.py)."""
    if card.id in game.cast_now:
        return game.cast_now[card.id]
    if card.zone in ("hand", "battlefield", "stack"):
        return False
    return any((g := permission(game, card, p.index)) is not None and g.permission.free for p in game.players)


def _any_mana(game: "GameState", card: GameObject, player: int) -> bool:
    """May mana be spent on this spell as though it were mana of any type?"""
    g = permission(game, card, player) if card.zone not in ("hand", "battlefield", "stack") else None
    return g is not None and g.permission.any_mana


def graveyard_keyword(card: GameObject) -> str | None:
    """The keyword that lets this card be cast from the graveyard it is in: flashback (702.33a) or
    jump-start (702.132a); None for a card elsewhere, or without either. Both only let an instant or a
    sorcery be cast that way."""
    if card.zone != "graveyard":
        return None
    t = traits(card)
    if t.flashback is None and not t.jump_start:
        return None
    if not {"Instant", "Sorcery"} & set(card.card.types):
        return None
    return "flashback" if t.flashback is not None else "jump-start"


def other_costs(card: GameObject, costs: Any = ()) -> Cost | None:
    """The non-mana parts of a spell's costs: its "As an additional cost ...", jump-start's discard when
    it is cast from the graveyard that way (702.132a), and those of the optional costs chosen (``costs``,
    by keyword; 601.2f). None when there are none."""
    parts = [traits(card).additional] + [c for name, c in optional_costs(card) if name in (costs or ())]
    if graveyard_keyword(card) == "jump-start":
        parts.append(_JUMP_START_COST)
    parts = [c for c in parts if c is not None and (c.sacrifice or c.discard or c.pay_life or c.reveal
                                                    or c.tap_others)]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    return Cost(sacrifice=tuple(s for c in parts for s in c.sacrifice), discard=tuple(d for c in parts for d in c.discard),
                pay_life=sum(c.pay_life for c in parts), reveal=tuple(r for c in parts for r in c.reveal),
                tap_others=tuple(t for c in parts for t in c.tap_others),
                text=", ".join(c.text for c in parts if c.text))


def check_costs(card: GameObject, costs: Any) -> list[str]:
    """The optional costs an answer chose (by keyword), checked against the card's (601.2b)."""
    if costs is None:
        return []
    if isinstance(costs, str):
        costs = [costs]
    if not isinstance(costs, (list, tuple)) or not all(isinstance(c, str) for c in costs):
        raise IllegalAnswer("the optional costs are a list of their keywords, such as [\"kicker\"]")
    names = [name for name, _ in optional_costs(card)]
    out = []
    for c in costs:
        word = c.strip().lower()
        if word not in names:
            raise IllegalAnswer(f"{card.name} has no {word} cost" + (f" (it has: {', '.join(names)})" if names else ""))
        if word in out:
            raise IllegalAnswer(f"the {word} cost is chosen twice")
        out.append(word)
    return out


def _check_alternatives(game: "GameState", card: GameObject, costs: list[str], player: int) -> None:
    for word in costs:
        why = alternative_unavailable(game, card, word, player)
        if why:
            raise IllegalAnswer(why)


def base_cost(game: "GameState", card: GameObject) -> ManaCost:
    """The cost a spell is cast for: its mana cost, its flashback cost from a graveyard (702.33a), or nothing
    where a permission lets it be cast without paying its mana cost (118.9)."""
    if graveyard_keyword(card) == "flashback":
        return traits(card).flashback
    if free_cast(game, card):
        return FREE
    return game.chars(card).mana_cost


def total_cost(game: "GameState", card: GameObject, player: int, x: int, costs: Any = (),
               targets: Any = None) -> ManaCost:
    """The total mana cost (601.2f): the cost with X, plus the mana of the optional costs chosen (``costs``,
    by keyword: kicker, 702.32a), less any cost reductions (generic mana only). ``targets``: the targets
    chosen (601.2c), for a reduction "if it targets ..."; None before they are. Where mana may be spent on
    it as though it were mana of any type, any mana pays each symbol."""
    cost = _total_cost(game, card, player, x, costs, targets)
    return any_type(cost) if _any_mana(game, card, player) else cost


def _total_cost(game: "GameState", card: GameObject, player: int, x: int, costs: Any,
                targets: Any) -> ManaCost:
    cost = base_cost(game, card).with_x(x)
    t = traits(card)
    if costs:
        alternative = t.alternative
        for name, extra in t.optional:
            if name in costs and name in alternative:
                cost = extra.mana.with_x(x)   # paid rather than its mana cost (118.9, 601.2f)
        for name, extra in t.optional:
            if name in costs and extra.has_mana and name not in alternative:
                cost = cost.plus(extra.mana)
    or_pay = t.or_pay
    if or_pay is not None and REVEAL not in (costs or ()):
        cost = cost.plus(or_pay)   # the additional cost paid in mana, as no card was revealed (601.2f)
    cost = _plus_generic(cost, costs_more(game, card, player, "spells", targets))
    reductions = t.reductions
    less = _less_from_permanents(game, card, player)
    if not reductions and not less:
        return cost
    for a in reductions:
        if a.condition is not None and a.condition.kind == "targets":
            if _targets_fit(game, card, player, a.condition.filter, targets):
                less += a.amount
        elif a.condition is not None:
            ctx = Ctx(game, player, card, card.id, card.card_uid, card.name)
            if condition_holds(game, a.condition, ctx):
                less += a.amount
        elif a.per is not None:
            less += a.amount * _count_fits(game, a.per, card.id, player)
        elif a.by is not None:   # "where X is ...", as the cost is determined (601.2f)
            less += a.by.value(Ctx(game, player, card, card.id, card.card_uid, card.name))
    return _less_generic(cost, less)


def _count_fits(game: "GameState", flt: Any, source_id: int, player: int) -> int:
    """How many objects fit a cost reduction's "for each ..." (on the battlefield, else in the player's zone)."""
    pool = game.battlefield if flt.zone == "battlefield" else game.zone_list(flt.zone or "graveyard", player)
    return sum(1 for o in pool if object_matches(game, o, flt, source_id, player))


def _less_generic(cost: ManaCost, less: int) -> ManaCost:
    """A cost reduced by ``less`` generic mana; colored mana isn't reduced (601.2f)."""
    if not less:
        return cost
    generic = sum(s.amount for s in cost.symbols if s.kind == "generic")
    rest = tuple(s for s in cost.symbols if s.kind != "generic")
    left = max(0, generic - less)
    syms = ((Symbol("generic", amount=left),) if left or not rest else ()) + rest
    return ManaCost(syms)


def activation_mana(game: "GameState", obj: GameObject, ab: ActivatedAbility, player: int,
                    targets: Any = None) -> ManaCost:
    """An activated ability's mana cost, plus what opponents' permanents add ("abilities your opponents
    activate cost {1} more to activate"), less "this ability costs {1} less to activate for each ..."
    (601.2f, 602.2b). ``targets``: the targets chosen (602.2b, 601.2c); None before they are."""
    cost = _plus_generic(ab.cost.mana, costs_more(game, obj, player, "abilities", targets, ab))
    if ab.cost_less is None:
        return cost
    n, flt = ab.cost_less
    return _less_generic(cost, n * _count_fits(game, flt, obj.id, player))


def pays_mana(cost: ManaCost) -> bool:
    """Is there mana to pay? A cost of {0}, or none, asks for no payment."""
    return bool(cost.symbols) and not cost.is_free


def _plus_generic(cost: ManaCost, more: int) -> ManaCost:
    """A cost raised by ``more`` generic mana (601.2f)."""
    return cost.plus(ManaCost((Symbol("generic", amount=more),))) if more else cost


def costs_more(game: "GameState", obj: GameObject, player: int, what: str, targets: Any,
               ab: ActivatedAbility | None = None) -> int:
    """The generic mana the permanents of ``player``'s opponents add to what they cast ("spells") or
    activate ("abilities"): "... cost {N} more to cast/activate" (601.2f, 602.2b). An increase that asks
    what is targeted counts only once the targets are chosen (601.2c comes before 601.2f)."""
    more = 0
    for oid, c, abilities in game.kept("costs more", _cost_raisers):
        if c.controller == player:
            continue
        for a in abilities:
            if a.what != what or (a.except_mana and ab is not None and ab.is_mana):
                continue
            if a.targets is not None or a.targets_self:
                chosen = [] if targets is None else [game.get(t) for group in targets for t in group]
                if not any(isinstance(o, GameObject) and (
                        o.id == oid if a.targets_self else object_matches(game, o, a.targets, oid, c.controller))
                        for o in chosen):
                    continue
            if a.condition is not None:
                source = game.objects[oid]
                if not condition_holds(game, a.condition,
                                       Ctx(game, c.controller, source, oid, source.card_uid, source.name)):
                    continue
            more += a.amount
    return more


def plain_costs(game: "GameState") -> bool:
    """No permanent makes spells or abilities cost more or spells cost less (601.2f, 602.2b)."""
    return not game.kept("costs more", _cost_raisers) and not game.kept("spells cost less", _cost_reducers)


def _cost_raisers(game: "GameState") -> list[tuple[int, Any, tuple[CostsMore, ...]]]:
    """The permanents whose abilities make their controller's opponents' spells or abilities cost more."""
    out = []
    for oid, c in game.battlefield_chars().items():
        found = tuple(a for a in c.abilities if isinstance(a, CostsMore))
        if found:
            out.append((oid, c, found))
    return out


def _targets_fit(game: "GameState", card: GameObject, player: int, flt: Any, targets: Any) -> bool:
    """Does the spell target an object that fits ("if it targets a Dinosaur you control")? Before its targets
    are chosen: whether such an object is there to be targeted, so the spell is offered at its lower cost."""
    if targets is None:
        chosen: list[Any] = list(game.battlefield)
    else:
        chosen = [game.get(t) for group in targets for t in group]
    return any(isinstance(o, GameObject) and object_matches(game, o, flt, card.id, player) for o in chosen)


def _less_from_permanents(game: "GameState", card: GameObject, player: int) -> int:
    """What the player's permanents take off the cost of this spell ("Dinosaur spells you cast cost {1}
    less to cast", 601.2f)."""
    less = 0
    for oid, c, reducers in game.kept("spells cost less", _cost_reducers):
        if c.controller != player:
            continue
        for a in reducers:
            if object_matches(game, card, a.spells, oid, player):
                less += a.amount
    return less


def _cost_reducers(game: "GameState") -> list[tuple[int, Any, tuple[SpellsCostLess, ...]]]:
    """The permanents whose abilities make spells cost less, with those abilities."""
    out = []
    for oid, c in game.battlefield_chars().items():
        reducers = tuple(a for a in c.abilities if isinstance(a, SpellsCostLess))
        if reducers:
            out.append((oid, c, reducers))
    return out


def divided_damage(effect: Effect, specs: tuple[TargetSpec, ...], x: int) -> tuple[int, int] | None:
    """(index of the target word, total) when the spell divides damage, or counters, among its targets
    (601.2d)."""
    for ins in nested_instructions(effect.instructions):
        if isinstance(ins, (DealDamage, PutCountersDivided)) and ins.divided and ins.to \
                and isinstance(ins.to[0], TargetRef):
            i = ins.to[0].index
            total = ins.amount.n if isinstance(ins.amount, Const) else x
            if i < len(specs) and specs[i].divide:
                return i, total
    return None


def spell_effect(game: "GameState", card: GameObject) -> Effect:
    for a in game.chars(card).abilities:
        if isinstance(a, SpellAbility):
            return a.effect
    return Effect()


def aura_spec(game: "GameState", card: GameObject) -> TargetSpec | None:
    """An Aura spell targets what its enchant ability allows (303.4a, 702.5a)."""
    for kw, what in keywords_in(card.card.abilities):
        if Trait.ENCHANT in kw.traits:
            flt = what if isinstance(what, ObjectFilter) else ObjectFilter(types=("Creature",))
            return TargetSpec(objects=flt, label=f"enchant {flt.describe()}")
    return None


def cast_specs(game: "GameState", card: GameObject, mode: tuple[int, ...],
               costs: Any = (), x: int | None = None) -> tuple[TargetSpec, ...]:
    """The target words of a spell cast in these modes with these optional costs paid (601.2c), X chosen as
    ``x`` (601.2b): "with mana value X" compares with it."""
    c = game.chars(card)
    if "Aura" in c.subtypes:
        spec = aura_spec(game, card)
        return (spec,) if spec else ()
    return spell_effect(game, card).target_specs(mode, tuple(costs or ()), x)


def halves(card: GameObject) -> tuple[int | None, ...]:
    """The ways to choose what to cast (708.3): each half of a split card, else the card itself (None)."""
    return (0, 1) if card.card.layout == "split" and len(card.card.faces) == 2 else (None,)


def as_cast(card: GameObject, half: int | None) -> GameObject:
    """What is evaluated to cast ``card`` (708.3a): the card itself, or for a split card the half chosen,
    as an object with only that half's characteristics (708.3b). The object is a stand-in: the card's
    own id, zone and owner, in no zone's list."""
    if half is None:
        return card
    face = card.card.faces[half]
    view = GameObject(card.id, face, card.owner, card.zone, card.card_uid, card.is_token)
    view.controller = card.controller
    view.whole = card.card
    return view


def cast_half(game: "GameState", card: GameObject, half: Any) -> GameObject:
    """The card or half an answer casts; an IllegalAnswer if it names no half of a split card, or a half
    of another card (708.3)."""
    if card.card.layout != "split":
        if half is not None:
            raise IllegalAnswer(f"{card.name} isn't a split card: it has no halves to choose from")
        return card
    names = " or ".join(f.name for f in card.card.faces)
    if half is None:
        raise IllegalAnswer(f"{card.name} is a split card: choose the half to cast, {names} (708.3)")
    if not is_number(half) or half not in (0, 1):
        raise IllegalAnswer(f"a half of {card.name} is 0 ({card.card.faces[0].name}) or 1 "
                            f"({card.card.faces[1].name})")
    return as_cast(card, half)


def is_sorcery_timing(game: "GameState", player: int) -> bool:
    """Main phase of your own turn with an empty stack (307.1, 117.1a)."""
    return game.active == player and game.step in ("main1", "main2") and not game.stack


def cast_timing_problem(game: "GameState", card: GameObject, player: int) -> str | None:
    c = game.chars(card)
    if "Land" in c.types:
        return f"{card.name} is a land: it is played, not cast (305.9)"
    how = elsewhere(game, card, player) if card.zone != "hand" or card.id in game.cast_now else None
    if card.zone != "hand" and how is None:
        return f"{card.name} isn't in your hand"
    if card.owner != player and not (isinstance(how, Granted) or how == NOW):
        return f"{card.name} isn't yours"
    why = legendary_spell_problem(game, c, player) or cast_prohibited(game, card, player)
    if why:
        return why
    if how == NOW:
        return None   # the effect says when (608.2g)
    if "Instant" in c.types or has_trait(game, card, Trait.FLASH) or traits(card).flash \
            or has_flash_now(game, card, player) or flash_permission(game, card, player):
        return None
    if not is_sorcery_timing(game, player):
        kind = "a sorcery" if "Sorcery" in c.types else f"a {c.types[-1].lower()} spell"
        return (f"{card.name} is {kind}: it can be cast only in your main phase while the stack is empty "
                "(307.1, 117.1a)")
    return None


def legendary_spell_problem(game: "GameState", c: Any, player: int) -> str | None:
    """A legendary instant or sorcery is cast only while its caster controls a legendary creature or
    planeswalker (205.4e)."""
    if "Legendary" not in c.supertypes:
        return None
    kind = next((t for t in ("Instant", "Sorcery") if t in c.types), None)
    if kind is None:
        return None
    for obj in game.permanents(player):
        pc = game.chars(obj)
        if "Legendary" in pc.supertypes and ("Creature" in pc.types or "Planeswalker" in pc.types):
            return None
    return (f"{c.name} is a legendary {kind.lower()}: it can be cast only while you control a legendary "
            "creature or planeswalker (205.4e)")


def land_problem(game: "GameState", card: GameObject, player: int) -> str | None:
    """Playing a land (305.1-305.3)."""
    if (card.zone != "hand" or card.owner != player) and permission(game, card, player, land=True) is None:
        return f"{card.name} isn't in your hand"
    if "Land" not in game.chars(card).types:
        return f"{card.name} isn't a land"
    if game.active != player:
        return "you can play a land only during your own turn (305.3)"
    if game.step not in ("main1", "main2"):
        return "you can play a land only in your main phase (305.1)"
    if game.stack:
        return "you can play a land only while the stack is empty (305.1)"
    why = land_play_problem(game, player)
    if why:
        return why
    return None


# ---------------------------------------------------------------------------
# Affordability


def mana_available(game: "GameState", player: int) -> int:
    """All the mana the player could have now: the pool and every untapped mana source."""
    return game.players[player].pool.total() + sum(len(m) for _, _, m in mana_sources(game, player))


def _max_x(game: "GameState", player: int, cost_with: Callable[[int], ManaCost], avoid: set[int],
           skip: int | None, exclude: set[int] | None = None) -> int:
    """The largest X whose cost (``cost_with(x)``) the player can pay now; -1 if not even X = 0."""
    available = mana_available(game, player)
    best = -1
    for x in range(0, available + 1):
        if find_auto_payment(game, player, cost_with(x), avoid, skip, exclude) is not None:
            best = x
        else:
            break
    return best


def can_afford(game: "GameState", player: int, cost: ManaCost, avoid: set[int], skip: int | None = None,
               exclude: set[int] | None = None) -> bool:
    if cost.has_x:
        return _max_x(game, player, cost.with_x, avoid, skip, exclude) >= 0
    return find_auto_payment(game, player, cost, avoid, skip, exclude) is not None


def _affordable(game: "GameState", player: int, card: GameObject, cost: ManaCost, costs: Any = ()) -> bool:
    """Could the player pay this total cost of the card (with the optional costs ``costs``), with mana, or with
    mana and creatures for a spell with convoke (702.50a)?"""
    with spending_on(game, card, costs):
        if can_afford(game, player, cost, set(), card.id):
            return True
        return convoke.has_convoke(card) and convoke.affordable(game, player, cost.with_x(0), card.id)


def _convoke_max_x(game: "GameState", player: int, card: GameObject, cost_with: Callable[[int], ManaCost]) -> int:
    """The largest X mana and the player's creatures could pay for a spell with convoke; -1 if not even 0."""
    most = mana_available(game, player) + len(convoke.candidates(game, player))
    best = -1
    for x in range(0, most + 1):
        if not convoke.affordable(game, player, cost_with(x), card.id):
            break
        best = x
    return best


def castable(game: "GameState", card: GameObject, player: int) -> bool:
    """Could this card (either half of a split card, 708.3a) be cast now, in some mode, with some targets and
    payment?"""
    if card.card.layout == "split" and card.whole is None:
        return any(castable(game, as_cast(card, h), player) for h in halves(card))
    if cast_timing_problem(game, card, player):
        return False
    c = game.chars(card)
    if not base_cost(game, card).symbols and "Land" not in c.types:
        return False  # no mana cost: can't be cast (118.6, 202.1b)
    if not any(_affordable(game, player, card, total_cost(game, card, player, 0, way), way)
               for way in _payments(game, card, player)):
        return False
    extra = other_costs(card)
    if extra is not None and check_other_costs(game, card, extra, player):
        return False
    effect = spell_effect(game, card)
    if "Aura" in c.subtypes:
        spec = aura_spec(game, card)
        return spec is None or bool(candidates(game, spec, player, card, None))
    if effect.is_modal:
        return any(has_legal_choice(game, effect.target_specs((m,)), player, card, None)
                   for m in range(len(effect.modes)))
    return has_legal_choice(game, effect.target_specs(), player, card, None)


def activation_problem(game: "GameState", obj: GameObject, index: int, player: int,
                       ab: ActivatedAbility | None = None) -> str | None:
    if ab is None:
        abilities = activated_abilities(game, obj)
        if index < 0 or index >= len(abilities):
            return f"{obj.name} has no such ability"
        ab = abilities[index]
    if ab.zone != "battlefield":
        # An ability that works from a hand (cycling) or a graveyard ("return ~ from your graveyard", 113.6k):
        # its owner activates it there (602.2).
        if obj.zone != ab.zone or obj.owner != player:
            return f"{obj.name}'s ability works only from your {ab.zone} (113.6)"
    elif obj.zone != "battlefield":
        return f"{obj.name} isn't on the battlefield"
    elif game.chars(obj).controller != player:
        return f"you don't control {obj.name} (602.2)"
    if ab.sorcery_speed and not is_sorcery_timing(game, player):
        return "this ability can be activated only as a sorcery (602.5d)"
    for allow_mana in game.chars(obj).flags.get("cant_activate", []):
        if not (allow_mana == "except_mana" and ab.is_mana):
            return f"{obj.name}'s activated abilities can't be activated"
    if ab.cost.loyalty is not None:
        if game.player_flags(player)["cant_activate_loyalty"]:
            return "an effect says players can't activate planeswalkers' loyalty abilities (606.3, 101.2)"
        if not is_sorcery_timing(game, player):
            return "loyalty abilities can be activated only as a sorcery (606.3)"
        if obj.chosen.get("loyalty_turn") == game.turn:
            return f"a loyalty ability of {obj.name} has already been activated this turn (606.3)"
    if ab.once_per_turn and obj.chosen.get(f"activated_{index}") == game.turn:
        return "this ability can be activated only once each turn"
    if ab.condition is not None and not holds(game, ab.condition, player, obj, obj.id, obj.card_uid):
        return f"this ability of {obj.name} can be activated only if its condition holds (602.5b)"
    why = check_other_costs(game, obj, ab.cost, player)
    if why:
        return why
    return None


def activatable(game: "GameState", obj: GameObject, index: int, player: int,
                ab: ActivatedAbility | None = None) -> bool:
    if ab is None:
        abilities = activated_abilities(game, obj)
        if not 0 <= index < len(abilities):
            return False
        ab = abilities[index]
    if activation_problem(game, obj, index, player, ab):
        return False
    mana = activation_mana(game, obj, ab, player)
    if pays_mana(mana) and not can_afford(game, player, mana, set(), exclude=_self_cost(ab, obj)):
        return False
    if ab.is_mana:
        return True
    if ab.attach:
        return bool(candidates(game, _equip_spec(ab), player, obj, obj.id, ability=True))
    return has_legal_choice(game, ab.effect.targets, player, obj, obj.id, ability=True) \
        if not ab.effect.is_modal else True


def _only_way(game: "GameState", obj: GameObject, cost: Any, player: int, kind: str) -> list[int] | None:
    """The picks for a sacrifice/discard cost when there is only one way to make them."""
    need = cost_picks_needed(cost, kind)
    picks: list[int] = []
    for n, flt in need:
        fits = [o for o in cost_choices(game, obj, player, kind, flt, cost.tap) if o.id not in picks]
        if len(fits) > n and len({alike_key(game, o) for o in fits}) > 1:
            return None
        picks.extend(o.id for o in fits[:n])
    return picks


# The kinds of cost whose objects are picked as the cost is paid (601.2h, 602.2b), by their key in an action.
COST_PICKS = ("sacrifice", "discard", "tap", "counter", "exile", "return")


def _self_cost(ab: ActivatedAbility, obj: GameObject, action: dict[str, Any] | None = None) -> set[int]:
    """The source itself, when its cost taps or sacrifices it, and the permanents chosen to tap for it: they
    can't also make mana for that cost."""
    out = {obj.id} if ab.cost.tap or ab.cost.sacrifice_self or ab.cost.exile_self or ab.cost.bottom_self else set()
    return out | set((action or {}).get("tap") or ()) | set((action or {}).get("tap_creatures") or ())


def _equip_spec(ab: ActivatedAbility) -> TargetSpec:
    return ab.effect.targets[0]


# ---------------------------------------------------------------------------
# Listing legal actions


def legal_actions(game: "GameState", player: int, mana: bool = True) -> list[Option]:
    """The actions a player with priority could take now (117.1), each an answer template; passing first.
    With ``mana`` False, without the mana abilities (for answerers that leave paying to the automatic
    payment)."""
    opts = [Option({"action": "pass"}, "Pass priority")]
    cache = _acting(game)
    if cache.get((player, mana)) is not False:
        opts.extend(_actions(game, player, mana))
        cache[(player, mana)] = len(opts) > 1
    return opts


def can_act(game: "GameState", player: int, mana: bool = True) -> bool:
    """Could the player do anything but pass now (117.1)? With ``mana`` False, activating a mana ability
    doesn't count (605.3a: mana in the pool does nothing by itself).

    Cached per state version, turn, step and player, so asking again costs nothing: most of the time
    the player holding priority can only pass, and answerers ask this before building the list.
    """
    cache = _acting(game)
    found = cache.get((player, mana))
    if found is None:
        found = cache[(player, mana)] = next(_actions(game, player, mana), None) is not None
    return found


def _acting(game: "GameState") -> dict[Any, Any]:
    """The cache of ``can_act``, emptied whenever the state, the turn or the step is another."""
    cache = game.acting_cache
    key = (game.version, game.turn, game.step)
    if cache.get("at") != key:
        cache.clear()
        cache["at"] = key
    return cache


def _actions(game: "GameState", player: int, mana: bool) -> Iterator[Option]:
    """The actions other than passing, one at a time, in the order the player is shown them."""
    p = game.players[player]
    sorcery_ok = is_sorcery_timing(game, player)
    land_ok = sorcery_ok and land_play_problem(game, player) is None
    units = None
    kept = False
    with_hand_abilities = []
    rows = game.cast_rows
    flags = game.player_flags(player)
    may_cast = not sorcery_ok and flags[MAY_CAST]   # flash_permission finds none without it
    cant_cast = flags[CANT_CAST]   # nor cast_prohibited without this one
    plain: bool | None = None   # whether no permanent changes what spells cost, once a card asks
    outside = _outside_hand(game, p)
    for whole in castable_cards(game, p, outside):
        row = rows.get(whole.id)
        if row is None or row[0] is not whole:
            row = rows[whole.id] = _cast_row(game, whole)
        if row[4] and not (sorcery_ok or may_cast):
            continue   # a land, or neither an instant nor a card with flash: not now (117.1a, 305.1, 307.1)
        _, t, c, ways, _ = row
        if t.hand_abilities and whole.zone == "hand":
            with_hand_abilities.append(whole)
        if "Land" in c.types:
            if land_ok and (whole.zone == "hand" or permission(game, whole, player, land=True)):
                yield Option({"action": "play", "card": whole.id}, f"Play {whole.name}")
            continue
        for half in ways:
            card = whole
            if half is not None:   # a split card's half is weighed on its own (708.3)
                card = as_cast(whole, half)
                t = traits(card)
                c = game.chars(card)
            if not (sorcery_ok or t.flash or "Instant" in c.types or (t.flash_if and has_flash_now(game, card, player))
                    or (may_cast and flash_permission(game, card, player))):
                continue
            from_hand = whole.zone == "hand" and half is None and card.id not in game.cast_now
            if whole.zone != "hand" and elsewhere(game, card, player) is None:
                continue
            if not (c.mana_cost if from_hand else base_cost(game, card)).symbols:
                continue
            # the restrictions cast_timing_problem refuses a cast for: a legendary instant or sorcery (205.4e),
            # an effect that says the player can't cast it (101.2)
            if legendary_spell_problem(game, c, player) or (cant_cast and cast_prohibited(game, card, player)):
                continue
            if units is None:
                units = payment_units(game, player, set())
                kept = kept_mana_possible(game, player)
            if plain is None and from_hand and t.own_cost_only:
                plain = plain_costs(game)
            if from_hand and t.own_cost_only and plain:
                # its total cost is its mana cost, X as 0 (601.2f): as total_cost finds, without the walk
                cost = c.mana_cost.with_x(0)
                if match_payment(cost, units) is None and not (kept and _affordable(game, player, card, cost)) \
                        and not (convoke.has_convoke(card) and convoke.affordable(game, player, cost, card.id)):
                    continue
            elif all((match_payment(total_cost(game, card, player, 0, way), units) is None
                    and not (kept and _affordable(game, player, card, total_cost(game, card, player, 0, way), way)))
                   and not (convoke.has_convoke(card)
                            and convoke.affordable(game, player, total_cost(game, card, player, 0, way), card.id))
                   for way in _payments(game, card, player)):
                continue
            extra = other_costs(card) if t.additional is not None or card.zone == "graveyard" else None
            if extra is not None and check_other_costs(game, card, extra, player):
                continue
            if _has_targets_for(game, card, c, player):
                via = graveyard_keyword(card)
                label = f"Cast {card.name}" + (f" ({via})" if via else "")
                value: dict[str, Any] = {"action": "cast", "card": whole.id}
                if half is not None:
                    value["half"] = half
                yield Option(value, label)
    for card in with_hand_abilities + outside[2]:
        for ci, ab in enumerate(game.chars(card).activated()):
            if ab.zone == card.zone and (mana or not ab.is_mana) and activatable(game, card, ci, player, ab):
                yield Option({"action": "activate", "source": card.id, "ability": ci}, f"{card.name}: {ab.text}")
    for obj, c, other, rows, tap_mana_only in game.kept("activations", _activations).get(player, ()):
        if not (mana or other) or (tap_mana_only and obj.tapped):
            continue
        for i, ab, tap_for_mana, label in rows:
            if ab.is_mana and (not mana or ab.cost.tap and obj.tapped):
                continue
            if tap_for_mana:
                # "{T}: Add ...": legal unless a creature's summoning sickness stops it (302.6).
                if "Creature" in c.types and game.summoning_sick(obj) and Trait.HASTE not in chars_traits(c):
                    continue
                yield Option({"action": "activate", "source": obj.id, "ability": i}, label)
                continue
            if activatable(game, obj, i, player, ab):
                yield Option({"action": "activate", "source": obj.id, "ability": i}, label)


def _cast_row(game: "GameState", whole: GameObject) -> tuple[GameObject, _Traits, Any, tuple[int | None, ...], bool]:
    """A card's casting traits, characteristics and halves, and whether it is played or cast only at sorcery
    speed whatever the state, unless a permission says otherwise (a land; a card of one face that is neither
    an instant nor has flash, and has no ability that works in a hand)."""
    t, c, ways = traits(whole), game.chars(whole), halves(whole)
    slow = ways == (None,) and not t.hand_abilities and (
        "Land" in c.types or not (t.flash or "Instant" in c.types or t.flash_if))
    return whole, t, c, ways, slow


def _activations(game: "GameState") -> dict[int, list[tuple[GameObject, Any, bool, list[tuple[int, Any, bool, str]], bool]]]:
    """The permanents with activated abilities (``activated_sources``) by controller, each ability with
    whether it is a plain "{T}: Add ..." and its label, and whether every ability is a mana ability with {T}
    in its cost (none can be activated while the permanent is tapped)."""
    out: dict[int, list[tuple[GameObject, Any, bool, list[tuple[int, Any, bool, str]], bool]]] = {}
    for obj, c, other in game.activated_sources():
        abilities = c.activated()
        rows = [(i, ab, bool(ab.is_mana and ab.cost.tap and simple_mana_ability(ab) is not None),
                 f"{obj.name}: {ab.text}" if ab.text else f"Activate {obj.name}") for i, ab in enumerate(abilities)]
        tap_mana_only = all(ab.is_mana and ab.cost.tap for ab in abilities)
        out.setdefault(c.controller, []).append((obj, c, other, rows, tap_mana_only))
    return out


def castable_cards(game: "GameState", p: Any, outside: "_Outside | None" = None) -> list[GameObject]:
    """The cards a player might cast or play: their hand, the cards in their graveyard that can be cast
    from there (flashback 702.33a, jump-start 702.132a), and those that say they may be cast from where they
    are or that a permission names (601.3)."""
    keyword, cast_from, _ = outside or _outside_hand(game, p)
    found = p.hand + keyword if keyword else p.hand
    others = cast_from + permitted_cards(game, p.index)
    if not others:
        return found
    seen = {c.id for c in found}
    return found + [c for c in others if c.id not in seen and not seen.add(c.id)]


# A player's cards in their graveyard and exile that casting looks at: those with flashback or jump-start, those
# that say they may be cast from where they are, and those with activated abilities that work in a graveyard.
_Outside = tuple[list[GameObject], list[GameObject], list[GameObject]]
_NOTHING_OUTSIDE: _Outside = ([], [], [])


def _outside_hand(game: "GameState", p: Any) -> _Outside:
    if not p.graveyard and not game.exile:
        return _NOTHING_OUTSIDE
    return game.kept_until_moves(("outside the hand", p.index), _find_outside, p)


def _find_outside(game: "GameState", p: Any) -> _Outside:
    return ([c for c in p.graveyard if graveyard_keyword(c)],
            [c for c in p.graveyard + game.exile if c.owner == p.index and traits(c).cast_from],
            [c for c in p.graveyard if traits(c).graveyard_abilities])


def _has_targets_for(game: "GameState", card: GameObject, c: Any, player: int) -> bool:
    if "Aura" in c.subtypes:
        spec = aura_spec(game, card)
        return spec is None or bool(candidates(game, spec, player, card, None))
    effect = spell_effect(game, card)
    if effect.is_modal:
        return any(has_legal_choice(game, effect.target_specs((m,)), player, card, None)
                   for m in range(len(effect.modes)))
    if not effect.targets:
        return True
    return has_legal_choice(game, effect.target_specs(), player, card, None)


def priority_decision(game: "GameState", player: int) -> Priority:
    return Priority(player=player, prompt=f"{game.players[player].name} has priority",
                    actions=lambda: legal_actions(game, player), acting=lambda mana: can_act(game, player, mana),
                    legal=lambda ans: validate_action(game, player, ans))


# ---------------------------------------------------------------------------
# Validating a priority answer


def _mode_tuple(effect: Effect, mode: Any) -> tuple[int, ...]:
    if not effect.is_modal:
        if mode not in (None, [], ()):
            raise IllegalAnswer("this spell has no modes")
        return ()
    if mode is None:
        raise IllegalAnswer("choose a mode")
    modes = [mode] if is_number(mode) else mode
    if not isinstance(modes, (list, tuple)):
        raise IllegalAnswer("a mode is a number, or a list of numbers")
    if not effect.mode_count <= len(modes) <= effect.most_modes:
        raise IllegalAnswer(f"choose {effect.how_many_modes}")
    out = []
    for m in modes:
        if not is_number(m) or not 1 <= m <= len(effect.modes):
            raise IllegalAnswer(f"mode {m} doesn't exist (1 to {len(effect.modes)})")
        out.append(m - 1)
    if len(set(out)) != len(out):
        raise IllegalAnswer("the same mode can't be chosen twice (700.2d)")
    return tuple(sorted(out))   # the chosen modes are followed in the order they are written


def validate_action(game: "GameState", player: int, ans: Any) -> dict[str, Any]:
    """Check a priority action (a table with an "action", see decisions.Priority). Complete actions are
    checked fully; partial ones as far as they go."""
    kind = ans["action"]
    if kind == "pass":
        return {"action": "pass"}
    if kind == "play":
        card = _card(game, ans.get("card"))
        why = land_problem(game, card, player)
        if why:
            raise IllegalAnswer(why)
        return {"action": "play", "card": card.id}
    if kind == "cast":
        with spending_on(game, _named_card(game, ans), ans.get("costs")):
            return _validate_cast(game, player, ans)
    if kind == "activate":
        return _validate_activate(game, player, ans)
    raise IllegalAnswer(f"unknown action {kind!r}")


def _named_card(game: "GameState", action: dict[str, Any]) -> GameObject | None:
    """The card, or half of a split card, a cast action names; None if it names none."""
    obj = game.get(action.get("card")) if is_number(action.get("card")) else None
    if not isinstance(obj, GameObject):
        return None
    half = action.get("half")
    if obj.card.layout == "split" and half in (0, 1):
        return as_cast(obj, half)
    return obj


def _card(game: "GameState", cid: Any) -> GameObject:
    obj = game.get(cid) if isinstance(cid, int) else None
    if not isinstance(obj, GameObject):
        raise IllegalAnswer(f"there is no card #{cid}")
    return obj


def _validate_cast(game: "GameState", player: int, ans: dict[str, Any]) -> dict[str, Any]:
    card = cast_half(game, _card(game, ans.get("card")), ans.get("half"))
    why = cast_timing_problem(game, card, player)
    if why:
        raise IllegalAnswer(why)
    if not base_cost(game, card).symbols:
        raise IllegalAnswer(f"{card.name} has no mana cost and can't be cast (118.6)")
    effect = spell_effect(game, card)
    out = {"action": "cast", "card": card.id, "mode": ans.get("mode"), "targets": ans.get("targets"),
           "x": ans.get("x"), "pay": ans.get("pay"), "divide": ans.get("divide"), "costs": ans.get("costs")}
    if card.whole is not None:
        out["half"] = ans.get("half")
    if out["costs"] is not None or not optional_costs(card):
        out["costs"] = check_costs(card, out["costs"])
        _check_alternatives(game, card, out["costs"], player)
    extra = other_costs(card, out["costs"])
    if extra is not None:
        why = check_other_costs(game, card, extra, player)
        if why:
            raise IllegalAnswer(f"the additional cost can't be paid: {why}")
        for kind in PICKED:
            if cost_picks_needed(extra, kind):
                if ans.get(kind) is not None:
                    out[kind] = check_cost_picks(game, card, extra, player, kind, ans.get(kind))
                else:
                    auto = _only_way(game, card, extra, player, kind)
                    if auto is not None:
                        out[kind] = auto
    mode: tuple[int, ...] = ()
    if effect.is_modal and out["mode"] is not None:
        mode = _mode_tuple(effect, out["mode"])
    elif not effect.is_modal and out["mode"] not in (None, [], ()):
        raise IllegalAnswer(f"{card.name} isn't modal")
    x = out["x"]
    costs = out["costs"]
    has_x = base_cost(game, card).has_x
    if has_x:
        _check_x(game, player, x, lambda v: total_cost(game, card, player, v, costs),
                 len(convoke.candidates(game, player)) if convoke.has_convoke(card) else 0)
    elif x not in (None, 0):
        raise IllegalAnswer(f"{card.name} has no X in its cost")
    if costs and not _affordable(game, player, card, total_cost(game, card, player, x or 0, costs), costs):
        raise IllegalAnswer(f"you can't pay {card.name}'s {' and '.join(costs)} cost as well: it would cost "
                            f"{total_cost(game, card, player, x or 0, costs).text}")
    if (effect.is_modal and out["mode"] is None) or (has_x and x is None) or costs is None:
        return out
    specs = cast_specs(game, card, mode, costs, (x or 0) if has_x else None)
    if out["targets"] is None:
        if not any(s.max_count for s in specs):
            out["targets"] = [[] for _ in specs]
        else:
            if not has_legal_choice(game, specs, player, card, card.id):
                raise IllegalAnswer(f"{card.name} has no legal targets (601.2c)")
            return out
    out["targets"] = check_choice(game, specs, spread_targets(out["targets"], specs), player, card, card.id)
    _check_division(effect, specs, x or 0, out, ans.get("divide"), card.name)
    if ans.get("convoke") is not None:
        out["convoke"] = convoke.check_choice(game, card, player, ans.get("convoke"))
    elif convoke.has_convoke(card):
        return out   # the creatures that convoke are chosen first (ConvokeCost), then the payment is checked
    if out["pay"] is None and ans.get("convoke") is None:
        return out
    cost = total_cost(game, card, player, x or 0, costs, out["targets"])
    convoke.pay_with(game, player, cost, out.get("convoke") or [], out["pay"] or "auto", _avoid(out["targets"]),
                     card.id, set(out.get("tap") or ()))
    return out


def _check_division(effect: Effect, specs: tuple[TargetSpec, ...], x: int, out: dict[str, Any], answer: Any,
                    name: str) -> None:
    """How damage is divided among the targets, announced with them (601.2d, 602.2b): one target takes it
    all; several need the division."""
    div = divided_damage(effect, specs, x)
    if div is not None:
        picks = out["targets"][div[0]]
        if answer is not None:
            out["divide"] = division(picks, div[1], answer)
        elif len(picks) == 1:
            out["divide"] = {str(picks[0]): div[1]}
    elif answer is not None:
        raise IllegalAnswer(f"{name} doesn't divide damage among its targets")


def _check_x(game: "GameState", player: int, x: Any, cost_with: Any, creatures: int = 0) -> None:
    """X is a whole number (107.3, 601.2b) whose cost the player could produce the mana for:
    ``cost_with(x)`` is the cost with that X; ``creatures`` could pay a mana each (convoke, 702.50a)."""
    if x is None:
        return
    if not is_number(x) or x < 0:
        raise IllegalAnswer("X must be a whole number, 0 or more")
    most = mana_available(game, player) + creatures
    # The least mana the cost takes: generic counts its amount, Phyrexian symbols may be paid with life.
    least = sum(s.amount if s.kind == "generic" else 0 if s.kind == "phyrexian" else 1
                for s in cost_with(x).symbols)
    if least > most:
        raise IllegalAnswer(f"not enough mana for X = {x}: the cost would take {least} mana and you could "
                            f"produce at most {most}")


def _avoid(targets: Any) -> set[int]:
    out: set[int] = set()
    for t in targets or []:
        if isinstance(t, list):
            out.update(x for x in t if isinstance(x, int))
        elif isinstance(t, int):
            out.add(t)
    return out


def _validate_activate(game: "GameState", player: int, ans: dict[str, Any]) -> dict[str, Any]:
    obj = game.get(ans.get("source")) if isinstance(ans.get("source"), int) else None
    if not isinstance(obj, GameObject):
        raise IllegalAnswer(f"there is no permanent #{ans.get('source')}")
    index = ans.get("ability", 0) or 0
    if not is_number(index):
        raise IllegalAnswer("the ability is given by its number")
    why = activation_problem(game, obj, index, player)
    if why:
        raise IllegalAnswer(why)
    ab = activated_abilities(game, obj)[index]
    out = {"action": "activate", "source": obj.id, "ability": index, "mode": ans.get("mode"),
           "targets": ans.get("targets"), "x": ans.get("x"), "pay": ans.get("pay"), "color": ans.get("color"),
           "divide": ans.get("divide")}
    for kind in COST_PICKS:
        if cost_picks_needed(ab.cost, kind):
            if ans.get(kind) is not None:
                out[kind] = check_cost_picks(game, obj, ab.cost, player, kind, ans.get(kind))
            else:
                auto = _only_way(game, obj, ab.cost, player, kind)
                if auto is not None:
                    out[kind] = auto
    if ab.cost.tap_power is not None:
        if ans.get("tap_creatures") is not None:
            out["tap_creatures"] = check_tap_picks(game, ab.cost, player, ans.get("tap_creatures"))
        else:
            auto = only_tap_picks(game, ab.cost, player)
            if auto is not None:
                out["tap_creatures"] = auto
    if ab.cost.mana.has_x:
        _check_x(game, player, out["x"], activation_mana(game, obj, ab, player).with_x)
    elif out["x"] not in (None, 0):
        raise IllegalAnswer(f"{obj.name}'s ability has no X in its cost")
    if ab.is_mana:
        units = simple_mana_ability(ab)
        color = out["color"]
        if color is not None:
            t = COLOR_BY_NAME.get(str(color).lower(), str(color).upper())
            if units and not any(t in u for u in units):
                raise IllegalAnswer(f"{obj.name} can't make {color} mana")
            out["color"] = COLOR_NAMES.get(t, "colorless")
        if ab.cost.has_mana and out["pay"] is not None:
            plan_payment(game, player, activation_mana(game, obj, ab, player), out["pay"], set(),
                         exclude=_self_cost(ab, obj, out))
        return out
    effect = ab.effect
    mode: tuple[int, ...] = ()
    if effect.is_modal and out["mode"] is not None:
        mode = _mode_tuple(effect, out["mode"])
    if effect.is_modal and out["mode"] is None:
        return out
    specs = effect.target_specs(mode, x=out["x"] if ab.cost.mana.has_x else None)
    if out["targets"] is None:
        if not any(s.max_count for s in specs):
            out["targets"] = [[] for _ in specs]
        else:
            if not has_legal_choice(game, specs, player, obj, obj.id, ability=True):
                raise IllegalAnswer(f"{obj.name}'s ability has no legal targets")
            return out
    out["targets"] = check_choice(game, specs, spread_targets(out["targets"], specs), player, obj, obj.id,
                                  ability=True)
    _check_division(effect, specs, out["x"] or 0, out, ans.get("divide"), f"{obj.name}'s ability")
    if out["pay"] is None:
        return out
    mana = activation_mana(game, obj, ab, player, out["targets"]).with_x(out["x"] or 0)
    if pays_mana(mana):
        plan_payment(game, player, mana, out["pay"], _avoid(out["targets"]), exclude=_self_cost(ab, obj, out))
    return out


# ---------------------------------------------------------------------------
# Completing and performing actions


def complete_action(game: "GameState", player: int, action: dict[str, Any]) -> Gen:
    """Ask for whatever the action lacks (mode, X, targets, payment). Returns the action or None if cancelled."""
    while True:
        with spending_on(game, _named_card(game, action) if action["action"] == "cast" else None,
                         action.get("costs")):
            missing = _missing(game, player, action)
        if missing is None:
            return action
        key, d = missing
        d.cancellable = True
        ans = yield d
        if ans == CANCEL:
            return None
        action = {**action, key: ans}


def _missing(game: "GameState", player: int, action: dict[str, Any]) -> tuple[str, Decision] | None:
    """The next part of the action to ask for: (its key in the action, the decision that asks it)."""
    kind = action["action"]
    if kind not in ("cast", "activate"):
        return None
    if kind == "cast":
        card = as_cast(game.objects[action["card"]], action.get("half"))
        effect = spell_effect(game, card)
        if action.get("costs") is None:
            if effect.is_modal and action.get("mode") is None:
                pass   # the mode is announced first (601.2b)
            else:
                d = _costs_decision(game, player, card, action)
                if d is None:
                    action["costs"] = []
                else:
                    return "costs", d
        costs = tuple(action.get("costs") or ())
        cost_with: Callable[[int], ManaCost] = lambda x: total_cost(  # noqa: E731
            game, card, player, x, costs, action.get("targets"))
        has_x = base_cost(game, card).has_x
        source: Any = card
        name = card.name
        specs_of = lambda mode: cast_specs(game, card, mode, costs,  # noqa: E731
                                           (action.get("x") or 0) if has_x else None)
        exclude: set[int] = set()
        skip: int | None = card.id
        extra = other_costs(card, costs) if action.get("costs") is not None else additional_cost(card)
        if extra is not None:
            for kind in PICKED:
                if cost_picks_needed(extra, kind) and action.get(kind) is None:
                    return kind, _cost_pick_decision(game, player, card, extra, kind)
            exclude = set(action.get("tap") or ())   # permanents tapped for the cost can't also make its mana
    else:
        obj = game.objects[action["source"]]
        ab = activated_abilities(game, obj)[action["ability"]]
        for kind in COST_PICKS:
            if cost_picks_needed(ab.cost, kind) and action.get(kind) is None:
                return kind, _cost_pick_decision(game, player, obj, ab.cost, kind)
        if ab.cost.tap_power is not None and action.get("tap_creatures") is None:
            return "tap_creatures", _tap_decision(game, player, obj, ab.cost)
        if ab.is_mana:
            if action.get("color") is None:
                units = simple_mana_ability(ab)
                choices = sorted({t for u in (units or ()) for t in u}, key="WUBRGC".index)
                if len(choices) > 1:
                    return "color", ChooseColor(player=player, prompt=f"{obj.name}: choose a color of mana",
                                                options=[Option(COLOR_NAMES.get(c, "colorless"),
                                                                "{%s} %s" % (c, COLOR_NAMES.get(c, "colorless")))
                                                         for c in choices])
            if ab.cost.has_mana and action.get("pay") is None:
                return "pay", _pay_decision(game, player, activation_mana(game, obj, ab, player), set(), None,
                                            action,
                                            _self_cost(ab, obj, action))
            return None
        effect = ab.effect
        cost_with = lambda x: activation_mana(game, obj, ab, player, action.get("targets")).with_x(x)  # noqa: E731
        has_x = ab.cost.mana.has_x
        source = obj
        name = obj.name
        specs_of = lambda mode: effect.target_specs(  # noqa: E731
            mode, x=action.get("x") if ab.cost.mana.has_x else None)
        exclude = _self_cost(ab, obj, action)
        skip = None
    if effect.is_modal and action.get("mode") is None:
        texts = effect.mode_texts or [f"mode {i + 1}" for i in range(len(effect.modes))]
        # A mode whose targets can't be chosen can't be chosen (700.2a).
        usable = [i for i in range(len(effect.modes))
                  if has_legal_choice(game, specs_of((i,)), player, source, None if kind == "cast" else source.id,
                                      ability=kind != "cast")]
        return "mode", ChooseMode(player=player, prompt=f"{name}: choose {effect.how_many_modes}",
                                  options=[Option(i + 1, texts[i]) for i in usable],
                                  min=min(effect.mode_count, len(usable)), max=min(effect.most_modes, len(usable)),
                                  legal=lambda ans: _validated(game, player, action, "mode", ans))
    if has_x and action.get("x") is None:
        if kind == "cast" and convoke.has_convoke(card):
            mx = max(0, _convoke_max_x(game, player, card, cost_with))
        else:
            mx = max(0, _max_x(game, player, cost_with, set(), skip, exclude))
        return "x", ChooseX(player=player, prompt=f"{name}: choose X (0 to {mx})", min=0, max=mx,
                            legal=lambda ans: _validated(game, player, action, "x", ans))
    mode = tuple(m - 1 for m in (action.get("mode") or []))
    specs = specs_of(mode)
    if action.get("targets") is None and any(s.max_count for s in specs):
        d = targets_decision(game, player, specs, source, source.id, f"{name}: choose targets", effect,
                             ability=kind != "cast")
        d.legal = lambda ans: _validated(game, player, action, "targets", ans)
        return "targets", d
    if action.get("divide") is None:
        div = divided_damage(effect, specs, action.get("x") or 0)
        if div is not None:
            picks = (action.get("targets") or [])[div[0]] if action.get("targets") else []
            if len(picks) > 1:
                return "divide", Divide(player=player, prompt=f"{name}: divide {div[1]} among the targets",
                                        options=[Option(t, game.describe(t)) for t in picks], total=div[1])
    total = cost_with(action.get("x") or 0)
    if kind == "cast" and action.get("convoke") is None and convoke.has_convoke(card):
        d = _convoke_decision(game, player, card, total, action)
        if d is None:
            action["convoke"] = []
        else:
            return "convoke", d
    if action.get("pay") is None:
        if action.get("convoke"):
            total, _, _ = convoke.pay_with(game, player, total, action["convoke"], "auto",
                                           _avoid(action.get("targets")), skip)
            exclude = exclude | set(action["convoke"])
        if not total.symbols or total.is_free:
            action["pay"] = "auto"
            return None
        return "pay", _pay_decision(game, player, total, _avoid(action.get("targets")), skip, action, exclude)
    return None


def _convoke_decision(game: "GameState", player: int, card: GameObject, total: ManaCost,
                      action: dict[str, Any]) -> Decision | None:
    """Which creatures to tap for convoke (702.50a), asked as the cost is paid; None if none could be."""
    creatures = convoke.candidates(game, player)
    if not creatures or total.is_free or not total.symbols:
        return None
    avoid = _avoid(action.get("targets"))
    return ConvokeCost(player=player, prompt=f"{card.name}: tap creatures to convoke it? (each pays {{1}} or one "
                                             f"mana of its color of {total.text}; none to pay with mana)",
                       options=[Option(o.id, o.name) for o in creatures], min=0, max=len(creatures), source=card.id,
                       fewest=convoke.fewest(game, player, total, avoid, card.id),
                       legal=lambda ans: _validated(game, player, action, "convoke", ans))


def _costs_decision(game: "GameState", player: int, card: GameObject, action: dict[str, Any]) -> Decision | None:
    """Which optional costs to pay (601.2b): offered when the player could pay them; None if none could be."""
    payable = []
    for name, extra in optional_costs(card):
        if alternative_unavailable(game, card, name, player):
            continue
        if extra.sacrifice or extra.discard or extra.pay_life or extra.reveal:
            if check_other_costs(game, card, Cost(sacrifice=extra.sacrifice, discard=extra.discard,
                                                  pay_life=extra.pay_life, reveal=extra.reveal), player):
                continue
        if extra.has_mana and not _affordable(game, player, card, total_cost(game, card, player, 0, (name,)),
                                              (name,)):
            continue
        payable.append(Option(name, f"{name.capitalize()} {extra.text}" if extra.has_mana
                              else f"{name.capitalize()}—{extra.text[:1].upper()}{extra.text[1:]}"))
    if not payable:
        return None
    if not _affordable(game, player, card, total_cost(game, card, player, 0)):
        # Only an alternative cost can be paid (118.9), or the additional cost only by revealing: one must be
        # chosen.
        payable = [o for o in payable if o.value in traits(card).alternative or o.value == REVEAL]
        if not payable:
            return None
        return ChooseCosts(player=player, prompt=f"{card.name}: choose the cost to cast it for", options=payable,
                           min=1, max=1, source=card.id, mana_only=tuple(o.value for o in payable),
                           legal=lambda ans: _validated(game, player, action, "costs", ans))
    return ChooseCosts(player=player, prompt=f"{card.name}: pay optional costs? (choose none to cast it without)",
                       options=payable, min=0, max=len(payable), source=card.id,
                       mana_only=tuple(n for n, c in optional_costs(card)
                                       if not (c.sacrifice or c.discard or c.pay_life or c.reveal or c.tap_others)),
                       legal=lambda ans: _validated(game, player, action, "costs", ans))


def _cost_pick_decision(game: "GameState", player: int, obj: GameObject, cost: Any, kind: str) -> Decision:
    need = cost_picks_needed(cost, kind)
    total = sum(n for n, _ in need)
    options: list[GameObject] = []
    for _, flt in need:
        for o in cost_choices(game, obj, player, kind, flt, cost.tap):
            if o not in options:
                options.append(o)
    ask = {"sacrifice": SacrificeCost, "discard": DiscardCost, "tap": TapCost, "counter": CounterCost, "reveal": RevealCost,
           "exile": MoveCost, "return": MoveCost}[kind]
    return ask(player=player, prompt=f"{obj.name}: choose what to {kind} to pay the cost",
               options=[Option(o.id, o.name) for o in options], min=total, max=total,
               legal=lambda picks: check_cost_picks(game, obj, cost, player, kind, picks))


def _tap_decision(game: "GameState", player: int, obj: GameObject, cost: Cost) -> Decision:
    options = tap_choices(game, player)
    return TapCost(player=player, prompt=f"{obj.name}: choose untapped creatures with total power "
                                         f"{cost.tap_power} or more to tap",
                   options=[Option(o.id, f"{o.name} ({creature_power(game, o)})") for o in options],
                   min=1, max=len(options), need=cost.tap_power or 0,
                   legal=lambda picks: check_tap_picks(game, cost, player, picks))


def _validated(game: "GameState", player: int, action: dict[str, Any], key: str, value: Any) -> Any:
    """A part of an action, checked with the rest of the action (its normal form)."""
    trial = {**action, key: value}
    checked = validate_action(game, player, trial)
    return checked[key]


def _pay_decision(game: "GameState", player: int, cost: ManaCost, avoid: set[int], skip: int | None,
                  action: dict[str, Any], exclude: set[int] | None = None) -> Pay:
    plan = find_auto_payment(game, player, cost, avoid, skip, exclude)
    proposal = [u.source for u, _ in plan if u.source is not None] if plan else []
    sources = [o for o, _, _ in mana_sources(game, player, exclude)]

    def legal(pay: Any) -> Any:
        validate_action(game, player, {**action, "pay": pay})
        return pay
    return Pay(player=player, prompt=f"Pay {cost.text}",
               options=[Option("auto", "Pay automatically")] + [Option(o.id, o.name) for o in sources],
               cost=cost.text, auto=proposal, possible=plan is not None, legal=legal)


def perform(game: "GameState", player: int, action: dict[str, Any]) -> Gen:
    """Carry out a priority action. Returns True if something was done (False: cancelled)."""
    kind = action["action"]
    if kind == "play":
        card = game.objects[action["card"]]
        game.players[player].lands_played += 1
        game.touch_status()   # the land drop is used even while its entering asks a question (a shock land's life)
        where = "" if card.zone == "hand" else " from " + _ZONE_WORDS.get(card.zone, card.zone)
        cites = ("305.1", "601.3") if where else ("305.1",)
        game.log_event(f"{game.players[player].name} plays {card.name}{where}.", cites, (card.id,), player=player)
        yield from actions.move_asking(game, card, "battlefield", controller=player, log=False)
        return True
    full = yield from complete_action(game, player, action)
    if full is None:
        return False
    if kind == "cast":
        yield from cast_spell(game, player, full)
    else:
        yield from activate_ability(game, player, full)
    return True


def _note_sacrificed(game: "GameState", on_stack: Any, chosen: dict[str, Any]) -> None:
    """Keep what is about to be sacrificed for the cost, as it is now, for "the sacrificed creature's
    toughness" (608.2h)."""
    gone = [game.lki_of(game.objects[i]) for i in chosen.get("sacrifice", []) if i in game.objects]
    if gone:
        on_stack.chosen["sacrificed"] = gone


def cast_spell(game: "GameState", player: int, action: dict[str, Any]) -> Gen:
    """601.2a-i: the spell goes to the stack, its choices are locked in, its costs paid, and it becomes cast."""
    half = action.get("half")
    card = as_cast(game.objects[action["card"]], half)
    effect = spell_effect(game, card)
    mode = _mode_tuple(effect, action.get("mode")) if effect.is_modal else ()
    x = action.get("x") or 0
    targets = action.get("targets") or []
    costs = tuple(action.get("costs") or ())
    cost = total_cost(game, card, player, x, costs, targets)
    from_zone = card.zone
    via = graveyard_keyword(card)
    free = free_cast(game, card)
    extra = other_costs(card, costs)
    with spending_on(game, card, costs):
        cost, convoked, plan = convoke.pay_with(game, player, cost, action.get("convoke") or [],
                                                action.get("pay") or "auto", _avoid(targets), card.id,
                                                set(action.get("tap") or ()))
    spell = actions.move(game, game.objects[card.id], "stack", controller=player, log=False)
    assert spell is not None
    if half is not None:
        _show_half(game, spell, half)
    spell.targets = [list(t) for t in targets]
    spell.mode = mode
    spell.x = x
    spell.cast_from = via or from_zone
    if via:
        exile_when_it_leaves_the_stack(game, spell, via)
    if action.get("divide"):
        spell.chosen["divide"] = dict(action["divide"])
    if costs:
        spell.chosen["costs"] = costs
    if game.active == player and game.step in ("main1", "main2"):
        spell.chosen["cast_in_main"] = True   # for "if you cast this spell during your main phase"
    convoke.tap_creatures(game, spell, player, convoked)
    with spending_on(game, spell, costs):
        execute_payment(game, player, cost, plan)
    if extra is not None:
        picked = {k: action[k] for k in PICKED if action.get(k)}
        _note_sacrificed(game, spell, picked)
        yield from pay_other_costs(game, None, extra, player, picked)
    text = f"{game.players[player].name} casts {spell.name}"
    if half is not None:
        text += f" (a half of {spell.whole.name})"
    if x or base_cost(game, spell).has_x and from_zone == "hand":
        text += f" with X={x}"
    if mode:
        text += f" (mode {', '.join(str(m + 1) for m in mode)})"
    cites: tuple[str, ...] = ("601.2", "708.3") if half is not None else ("601.2",)
    if via:
        text += f" from their graveyard with {via}"
        cites += (entry(via).cites,)
    elif from_zone != "hand":
        text += " from " + _ZONE_WORDS.get(from_zone, from_zone)
        cites += ("601.3",)
    if free:
        text += " without paying its mana cost"
        cites += ("118.9",)
    for name, extra in optional_costs(card):
        if name == REVEAL and name in costs:
            text += f", revealing {extra.text}"
            cites += ("601.2b", "701.16a")
        elif name in costs:
            instead = name in traits(card).alternative
            text += f", {'for' if instead else 'paying'} its {name} cost ({extra.text})"
            cites += ((entry(name).cites,) if name != ALTERNATIVE else ()) + ("601.2b",)
            cites += ("118.9",) if instead else ()
    flat = [t for row in spell.targets for t in row]
    if flat:
        text += " targeting " + ", ".join(game.describe(t) for t in flat)
    game.log_event(text + ".", cites, (spell.id,) + tuple(flat), player=player, kind="cast")
    game.spells_cast_this_turn[player] = game.spells_cast_this_turn.get(player, 0) + 1
    game.emit([Event("cast", spell_id=spell.id, player=player, costs=costs, spell=game.lki_of(spell))]
              + targeted_events(spell, player))
    return spell


def _show_half(game: "GameState", spell: GameObject, half: int) -> None:
    """A split card on the stack has only the characteristics of the half cast (708.3b)."""
    spell.whole = spell.card
    spell.card = spell.card.faces[half]
    game._other_chars.pop(spell.id, None)


def activate_ability(game: "GameState", player: int, action: dict[str, Any]) -> Gen:
    """602.2 (and 605.3 for mana abilities, which resolve at once)."""
    obj = game.objects[action["source"]]
    index = action["ability"]
    ab = activated_abilities(game, obj)[index]
    targets = action.get("targets") or []
    mode = _mode_tuple(ab.effect, action.get("mode")) if ab.effect.is_modal else ()
    x = action.get("x") or 0
    mana = activation_mana(game, obj, ab, player, targets).with_x(x)   # X as chosen (107.3, 602.2b)
    plan = plan_payment(game, player, mana, action.get("pay") or "auto", _avoid(targets),
                        exclude=_self_cost(ab, obj, action)) if pays_mana(mana) else []
    # A plain "{T}: Add ..." leaves its source where it is, so what it was just before isn't needed (608.2h).
    plain_mana = ab.is_mana and obj.zone == "battlefield" and simple_mana_ability(ab) is not None
    lki = None if plain_mana else game.lki_of(obj)
    if ab.cost.loyalty is not None:
        obj.chosen["loyalty_turn"] = game.turn
    if ab.once_per_turn:
        obj.chosen[f"activated_{index}"] = game.turn
    chosen = {k: action[k] for k in COST_PICKS + ("tap_creatures",) if action.get(k)}
    if ab.is_mana:
        if ab.cost.has_mana:
            execute_payment(game, player, mana, plan)
        yield from pay_other_costs(game, obj, ab.cost, player, chosen)
        game.log_event(f"{game.players[player].name} activates {obj.name}'s mana ability.", ("605.3a",),
                       (obj.id,), player=player, kind="mana")
        ctx = Ctx(game, player, obj if obj.zone == "battlefield" else lki, obj.id, obj.card_uid, obj.name)
        color = action.get("color")
        ctx.chosen_color = COLOR_BY_NAME.get(color, "C") if color else None
        yield from run_effect(ctx, ab.effect)
        return
    sa = StackAbility(game.new_id(), ab, player, obj.id, obj.card_uid, obj.name, lki, "activated")
    sa.targets = [list(t) for t in targets]
    sa.mode = mode
    sa.x = x
    sa.ability_index = index
    if action.get("divide"):
        sa.chosen["divide"] = dict(action["divide"])
    sa.timestamp = game.new_timestamp()
    game.stack.append(sa)
    game.objects[sa.id] = sa
    if pays_mana(mana):
        execute_payment(game, player, mana, plan)
    _note_sacrificed(game, sa, chosen)
    yield from pay_other_costs(game, obj, ab.cost, player, chosen)
    flat = [t for row in sa.targets for t in row]
    text = f"{game.players[player].name} activates {obj.name}'s ability"
    if flat:
        text += " targeting " + ", ".join(game.describe(t) for t in flat)
    cites = ("602.2",) + (("606.4",) if ab.cost.loyalty is not None else ())
    game.log_event(text + ".", cites, (sa.id,) + tuple(flat), player=player, kind="activate")
    game.touch()
    game.emit([Event("activate", source=obj.id, player=player)] + targeted_events(sa, player))
