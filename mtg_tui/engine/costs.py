"""Paying costs (118, 601.2f-h, 602.2b): mana sources, automatic and manual payment.

The automatic payment looks at the mana already in the pool and the
player's untapped sources with a plain "{T}: Add ..." mana ability, and
finds a way to pay whenever one exists. It spends pool mana first, and
prefers lands to creatures, single-colour sources to flexible ones, and
sources whose colours the rest of the hand doesn't need. It avoids tapping
the object being cast or activated and its targets when it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from . import actions
from .abilities import ActivatedAbility, Cost
from .answers import id_list
from .decisions import Decision, IllegalAnswer
from .keywords import Trait, has_trait
from .keywords.base import chars_traits
from .mana import ManaCost, ManaUnit, match_payment
from .mana_ability import AddMana, SpendOnly, fitting_kinds
from .matching import object_matches
from .objects import GameObject, Player
from .refs import ObjectFilter

if TYPE_CHECKING:
    from .state import GameState


def simple_mana_ability(ab: Any) -> tuple[tuple[str, ...], ...] | None:
    """If this is a "{T}: Add ..." ability with no other cost, the units it makes. Worked out once for each
    ability (abilities never change once built)."""
    found = _SIMPLE.get(id(ab))
    if found is None or found[0] is not ab:
        found = _SIMPLE[id(ab)] = (ab, _simple_mana_units(ab))
    return found[1]


_SIMPLE: dict[int, tuple[Any, Any]] = {}   # by id: (the ability, kept alive so the id stays its own; units)


def _simple_mana_units(ab: Any) -> tuple[tuple[str, ...], ...] | None:
    if not isinstance(ab, ActivatedAbility) or not ab.is_mana:
        return None
    c = ab.cost
    if not c.tap or c.has_mana or c.sacrifice_self or c.exile_self or c.bottom_self or c.sacrifice or c.pay_life or c.discard or \
            c.remove_counters or c.untap or c.loyalty is not None or c.tap_others or c.counter_from or \
            c.exile_cards or c.return_own:
        return None
    ins = ab.effect.instructions
    if len(ins) != 1 or not isinstance(ins[0], AddMana) or ins[0].times is not None:
        return None   # an amount worked out on resolution isn't a fixed set of units to plan a payment with
    return ins[0].units


def can_tap_for_cost(game: "GameState", obj: GameObject) -> bool:
    """{T} in a cost: untapped, and a creature must not be summoning sick (302.6)."""
    if obj.tapped or obj.zone != "battlefield":
        return False
    if game.summoning_sick(obj) and game.is_creature(obj) and not has_trait(game, obj, Trait.HASTE):
        return False
    return True


def mana_ways(game: "GameState", player: int, exclude: set[int] | None = None
              ) -> list[tuple[GameObject, list[tuple[int, tuple[tuple[str, ...], ...]]]]]:
    """Untapped permanents the player controls with a simple mana ability, each with the ways it can make
    mana now: (ability index, units), the way that makes the most mana first (a source is tapped once, so
    its {T} abilities are alternatives: 107.5, 118.3)."""
    out = []
    for o, c, simple, plain in game.kept("simple mana abilities", _simple_mana).get(player, ()):
        if o.tapped or (exclude and o.id in exclude):
            continue
        if "Creature" in c.types and (o.sick or c.controller != o.ctl_mark) and \
                Trait.HASTE not in chars_traits(c):
            continue   # summoning sickness (302.6)
        if plain is not None:
            out.append((o, plain))
            continue
        found: list[tuple[int, tuple[tuple[str, ...], ...]]] = []
        for i, units in simple:
            ins = c.activated()[i].effect.instructions[0]
            if ins.only is not None and not ins.only.made_by(o).allows(game):
                continue   # mana that can't be spent on what is being paid for (106.6)
            if ins.per is not None:   # "Add {C} for each artifact you control ...": as many as there are now
                units = units * sum(1 for x in game.battlefield if object_matches(game, x, ins.per, o.id, player))
                if not units:
                    continue
            if ins.could is not None:   # "one mana of any type that a Gate you control could produce" (106.7),
                # "one mana of any color among legendary creatures ... you control" (105.2)
                special = next(u for u in units if u in (("could",), ("among",)))
                kinds = fitting_kinds(game, player, special, ins.could, o.id)
                if not kinds:
                    continue
                units = tuple(kinds if u == special else u for u in units)
            if any(u == ("chosen",) for u in units):
                color = o.chosen.get("color")
                units = tuple(((color,) if color else ("W", "U", "B", "R", "G")) if u == ("chosen",) else u
                              for u in units)
            found.append((i, units))
        if found:
            out.append((o, _ways(found)))
    return out


def _ways(found: list[tuple[int, tuple[tuple[str, ...], ...]]]) -> list[tuple[int, tuple[tuple[str, ...], ...]]]:
    """A source's ways of making mana, the one that makes the most first."""
    if len(found) > 1 and all(len(units) == 1 for _, units in found):
        # "{T}: Add {B}" and "{T}: Add {R}" (a land with two basic land types, 305.6): one mana of either.
        either = tuple(dict.fromkeys(t for _, units in found for t in units[0]))
        return [(found[0][0], (either,))]
    return sorted(found, key=lambda way: -len(way[1]))


def _plain(ab: Any, units: tuple[tuple[str, ...], ...]) -> bool:
    """Does this mana ability make the same units whatever the state (no spending restriction, no count, no
    choice made as it entered)?"""
    ins = ab.effect.instructions[0]
    return ins.only is None and ins.per is None and ins.could is None and ("chosen",) not in units


def mana_sources(game: "GameState", player: int, exclude: set[int] | None = None,
                 pick: dict[int, int] | None = None) -> list[tuple[GameObject, int, tuple[tuple[str, ...], ...]]]:
    """Untapped permanents the player controls with a simple mana ability: (object, ability index, units).
    A source with several ways takes the one ``pick`` names for it (by its place in ``mana_ways``), else the
    one that makes the most mana."""
    if not pick:
        return [(o, *ways[0]) for o, ways in mana_ways(game, player, exclude)]
    return [(o, *ways[pick.get(o.id, 0)]) for o, ways in mana_ways(game, player, exclude)]


# At most this many combinations of ways are tried for sources with several (a few lands and artifacts).
MAX_PICKS = 32


def other_picks(game: "GameState", player: int, exclude: set[int] | None = None,
                only: set[int] | None = None) -> list[dict[int, int]]:
    """The combinations of ways, other than the default, of the sources (among ``only``) that have several."""
    several = [(o.id, len(ways)) for o, ways in mana_ways(game, player, exclude)
               if len(ways) > 1 and (only is None or o.id in only)]
    picks: list[dict[int, int]] = [{}]
    for oid, n in several:
        picks = [{**p, oid: k} for p in picks for k in range(n)][:MAX_PICKS + 1]
    return picks[1:]


def _simple_mana(game: "GameState") -> dict[int, list[tuple[GameObject, Any, list[tuple[int, Any]], Any]]]:
    """By controller, in battlefield order: the permanents with a simple mana ability ("{T}: Add ..."), each
    with its characteristics, those abilities' indexes and units, and its ways of making mana (``mana_ways``)
    when they don't depend on the state (None when they do)."""
    out: dict[int, list[tuple[GameObject, Any, list[tuple[int, Any]], Any]]] = {}
    bf = game.battlefield_chars()
    for o in game.battlefield:
        c = bf[o.id]
        abilities = c.activated()
        simple = [(i, units) for i, ab in enumerate(abilities) if (units := simple_mana_ability(ab))]
        if simple:
            plain = _ways(simple) if all(_plain(abilities[i], units) for i, units in simple) else None
            out.setdefault(c.controller, []).append((o, c, simple, plain))
    return out


def _made_only(game: "GameState", obj: GameObject, index: int, t: str) -> SpendOnly | None:
    """What mana of type ``t`` that this source made with its ability ``index`` may be spent on (106.6). Where
    the source offered one mana from any of its one-mana abilities (``mana_sources``), the mana is from one
    without a restriction if one makes that type."""
    abilities = game.chars(obj).activated()
    chosen = abilities[index] if index < len(abilities) else None
    units = simple_mana_ability(chosen) if chosen is not None else None
    if units and len(units) > 1:
        only = chosen.effect.instructions[0].only
        return only.made_by(obj) if only is not None else None
    found: SpendOnly | None = None
    for ab in abilities:
        units = simple_mana_ability(ab)
        if not units or len(units) != 1 or not (t in units[0] or units[0] == ("chosen",)):
            continue
        only = ab.effect.instructions[0].only
        if only is None:
            return None
        found = only.made_by(obj)
    return found


def kept_mana_possible(game: "GameState", player: int) -> bool:
    """Could the player have mana that may be spent only on some things (106.6): in the pool, or from an
    untapped source's plain mana ability?"""
    if game.players[player].pool.restricted:
        return True
    return any(ab.effect.instructions[0].only is not None
               for o, c, simple, _ in game.kept("simple mana abilities", _simple_mana).get(player, ())
               if not o.tapped for i, _ in simple for ab in (c.activated()[i],))


def _spendable_kept(game: "GameState", p: Player) -> list[ManaUnit]:
    """The pool's mana that may be spent only on some things (106.6) and may be spent on this payment."""
    return [ManaUnit((t,), None, 0, -2, kept=i) for i, (t, only) in enumerate(p.pool.restricted)
            if only.allows(game)]


def activated_abilities(game: "GameState", obj: GameObject) -> tuple[ActivatedAbility, ...]:
    return game.chars(obj).activated()


def _color_needs(game: "GameState", player: Player, skip: int | None) -> dict[str, int]:
    """The coloured mana symbols of the cards in the player's hand (but ``skip``), counted by colour."""
    return game.kept_until_moves(("colour needs", player.index, skip), _count_color_needs, player, skip)


def _count_color_needs(game: "GameState", player: Player, skip: int | None) -> dict[str, int]:
    need: dict[str, int] = {}
    for card in player.hand:
        if card.id == skip:
            continue
        derived = card.card.derived
        colored = derived.get("colored symbols")
        if colored is None:   # the card's coloured mana symbols, worked out once for each card
            colored = derived["colored symbols"] = tuple(s.value for s in card.card.mana_cost.symbols
                                                         if s.kind == "color")
        for v in colored:
            need[v] = need.get(v, 0) + 1
    return need


def payment_units(game: "GameState", player: int, avoid: set[int], skip_card: int | None = None,
                  allow_avoided: bool = False, exclude: set[int] | None = None,
                  pick: dict[int, int] | None = None) -> list[ManaUnit]:
    """Mana the player could spend, in order of preference (pool first).

    ``exclude`` are permanents that can't be tapped for mana here (a source
    tapped as part of the same cost); ``avoid`` only lowers a source's rank.
    """
    p = game.players[player]
    units = _spendable_kept(game, p) + [ManaUnit((t,), None, 0, -1) for t in p.pool.units()]
    need = _color_needs(game, p, skip_card)
    ranked = []
    for o, idx, made in mana_sources(game, player, exclude, pick):
        if o.id in avoid and not allow_avoided:
            continue
        creature = game.is_creature(o)
        for opts in made:
            rank = (1000 if o.id in avoid else 0) + (100 if creature else 0) + (
                need.get(opts[0], 0) if len(opts) == 1 else 10 * (len(opts) - 1) + sum(need.get(c, 0) for c in opts))
            ranked.append(ManaUnit(tuple(opts), o.id, idx, rank))
    ranked.sort(key=lambda u: (u.cost_rank, u.source or 0))
    return units + ranked


def find_auto_payment(game: "GameState", player: int, cost: ManaCost, avoid: set[int],
                      skip_card: int | None = None, exclude: set[int] | None = None
                      ) -> list[tuple[ManaUnit, str]] | None:
    """A way to pay, or None. Tries without the avoided permanents first; then, if some source could make its
    mana another way, those ways."""
    picks: list[dict[int, int] | None] = [None]
    tried_others = False
    while picks:
        pick = picks.pop(0)
        for allow in (False, True):
            units = payment_units(game, player, avoid, skip_card, allow_avoided=allow, exclude=exclude, pick=pick)
            found = match_payment(cost, units)
            if found is not None:
                return [(units[i], t) for i, t in found]
            if not avoid:
                break
        if not picks and not tried_others:
            tried_others = True
            picks = list(other_picks(game, player, exclude))
    return None


def manual_units(game: "GameState", player: int, sources: list[int], exclude: set[int] | None = None,
                 pick: dict[int, int] | None = None) -> list[ManaUnit]:
    """Pool mana, then the named sources in the order given (each used once)."""
    p = game.players[player]
    units = _spendable_kept(game, p) + [ManaUnit((t,), None, 0, -1) for t in p.pool.units()]
    available = {o.id: (o, idx, made) for o, idx, made in mana_sources(game, player, pick=pick)}
    for sid in sources:
        if exclude and sid in exclude:
            raise IllegalAnswer(f"{game.describe(sid)} is tapped as part of this cost and can't also be tapped "
                                "for mana to pay it")
    seen: set[int] = set()
    for sid in sources:
        if sid in seen:
            raise IllegalAnswer(f"{game.describe(sid)} is named twice as a mana source")
        seen.add(sid)
        if sid not in available:
            obj = game.get(sid)
            if isinstance(obj, GameObject) and obj.tapped:
                raise IllegalAnswer(f"{obj.name} is tapped and can't be tapped for mana")
            raise IllegalAnswer(f"{game.describe(sid)} can't be tapped for mana now")
        o, idx, made = available[sid]
        for opts in made:
            units.append(ManaUnit(tuple(opts), o.id, idx, 0))
    return units


def plan_payment(game: "GameState", player: int, cost: ManaCost, pay: Any, avoid: set[int],
                 skip_card: int | None = None, exclude: set[int] | None = None) -> list[tuple[ManaUnit, str]]:
    """How a mana cost will be paid, or IllegalAnswer. ``pay`` is "auto" or a list of source ids."""
    if pay not in ("auto", None):
        pay = id_list(pay, 'a payment ("auto" or a list of mana sources)')
    if cost.is_free or not cost.symbols:
        if pay not in ("auto", None) and pay:
            units = manual_units(game, player, pay, exclude)
            return [(u, u.options[0]) for u in units if u.source is not None]
        return []
    if pay == "auto" or pay is None:
        plan = find_auto_payment(game, player, cost, avoid, skip_card, exclude)
        if plan is None:
            raise IllegalAnswer(f"not enough mana to pay {cost.text}")
        return plan
    units = manual_units(game, player, list(pay), exclude)
    found = match_payment(cost, units)
    for pick in other_picks(game, player, exclude, only=set(pay)) if found is None else ():
        units = manual_units(game, player, list(pay), exclude, pick)   # a named source's other way (118.3)
        found = match_payment(cost, units)
        if found is not None:
            break
    if found is None:
        raise IllegalAnswer(f"the chosen sources can't pay {cost.text}")
    plan = [(units[i], t) for i, t in found]
    used = {u.source for u, _ in plan}
    # Every named source is tapped; what isn't needed stays in the pool.
    for u in units:
        if u.source is not None and u.source not in used:
            plan.append((u, u.options[0]))
            used.add(u.source)
    return plan


def execute_payment(game: "GameState", player: int, cost: ManaCost, plan: list[tuple[ManaUnit, str]]) -> None:
    """Activate the planned mana abilities (605.3a), then spend the mana (601.2h)."""
    p = game.players[player]
    made: list[str] = []
    for unit, t in plan:
        if unit.source is None:
            continue
        obj = game.objects[unit.source]
        actions.tap(game, obj)
        only = _made_only(game, obj, unit.ability, t)
        p.pool.add(t, only=only)
        made.append(t)
        game.log_event(f"{p.name} taps {obj.name} for {{{t}}}" + (f" ({only.text})" if only else "") + ".",
                       ("605.3a", "106.6") if only else ("605.3a",), (obj.id,), player=player, kind="mana")
    spend: list[str] = []
    kept: list[int] = []
    if cost.symbols:
        # Mana that may be spent only on some things goes first where it may (106.6): it is worth less.
        pool_units = _spendable_kept(game, p) + [ManaUnit((t,)) for t in p.pool.units()]
        found = match_payment(cost, pool_units)
        if found is None:
            raise RuntimeError("payment plan did not cover the cost")
        spend = [t for i, t in found if pool_units[i].kept < 0]
        kept = [pool_units[i].kept for i, _ in found if pool_units[i].kept >= 0]
    for i in kept:
        p.pool.restricted[i][1].spent(game)   # mana with an effect on what it is spent on (106.6)
    p.pool.remove_units(spend)
    p.pool.remove_restricted(kept)
    if kept:
        game.touch()   # what the mana did as it was spent
    else:
        game.touch_status()   # only a mana pool changed


def check_other_costs(game: "GameState", obj: GameObject | None, cost: Cost, player: int) -> str | None:
    """Why the non-mana parts of a cost can't be paid, or None."""
    if cost.tap:
        if obj is None or obj.tapped:
            return f"{obj.name if obj else 'it'} is already tapped"
        if game.summoning_sick(obj) and game.is_creature(obj) and not has_trait(game, obj, Trait.HASTE):
            return (f"{obj.name} has summoning sickness: a creature's {{T}} abilities need it to have been "
                    "under your control since your turn began (302.6)")
    if cost.discard_self and (obj is None or obj.zone != "hand"):
        return "it must be in your hand to be discarded"
    if cost.reveal_self and (obj is None or obj.zone != "hand"):
        return "it must be in your hand to be revealed"
    if cost.untap and (obj is None or not obj.tapped):
        return f"{obj.name if obj else 'it'} isn't tapped"
    if cost.sacrifice_self and (obj is None or obj.zone != "battlefield"):
        return "it isn't on the battlefield to be sacrificed"
    if cost.exile_self and (obj is None or obj.zone != cost.exile_from):
        where = "on the battlefield" if cost.exile_from == "battlefield" else f"in your {cost.exile_from}"
        return f"it isn't {where} to be exiled"
    if cost.bottom_self and (obj is None or obj.zone != "battlefield"):
        return "it isn't on the battlefield to be put into its owner's library"
    if cost.pay_life and game.players[player].life < cost.pay_life:
        return f"you don't have {cost.pay_life} life to pay"
    if cost.loyalty is not None and cost.loyalty < 0 and obj is not None:
        if obj.counters.get("loyalty", 0) < -cost.loyalty:
            return f"{obj.name} doesn't have {-cost.loyalty} loyalty counters to remove (606.4)"
    for n, kind in cost.remove_counters:
        if obj is None or obj.counters.get(kind, 0) < n:
            return f"{obj.name if obj else 'it'} doesn't have {n} {kind} counters"
    for n, flt in cost.discard:
        if len(cost_choices(game, obj, player, "discard", flt)) < n:
            return f"you don't have {n} card{'s' if n != 1 else ''} to discard"
    for n, flt in cost.sacrifice:
        if len(cost_choices(game, obj, player, "sacrifice", flt)) < n:
            return f"you don't control {n} {flt.describe()} to sacrifice"
    for n, flt in cost.tap_others:
        if len(cost_choices(game, obj, player, "tap", flt, cost.tap)) < n:
            return f"you don't control {n} {flt.describe()} to tap"
    for n, flt in cost.reveal:
        if len(cost_choices(game, obj, player, "reveal", flt)) < n:
            many = "" if n == 1 else f" {n}"
            return f"you have no{many} other {flt.describe()} card{'s' if n != 1 else ''} in your hand to reveal"
    if cost.tap_power is not None:
        most = sum(max(0, creature_power(game, o)) for o in tap_choices(game, player))
        if most < cost.tap_power:
            return (f"your untapped creatures have total power {most}; tapping creatures with total power "
                    f"{cost.tap_power} or more is needed (702.121a)")
    for n, flt in cost.counter_from:
        if len(cost_choices(game, obj, player, "counter", flt)) < n:
            return f"you don't control {flt.describe()} with a {flt.with_counter} counter to remove"
    for n, flt in cost.exile_cards:
        if len(cost_choices(game, obj, player, "exile", flt)) < n:
            return f"you don't have {n} {flt.describe()} in your graveyard to exile"
    for n, flt in cost.return_own:
        if len(cost_choices(game, obj, player, "return", flt)) < n:
            return f"you don't control {n} {flt.describe()} to return to their owner's hand"
    return None


_CREATURE = ObjectFilter(types=("Creature",))


def tap_choices(game: "GameState", player: int) -> list[GameObject]:
    """The untapped creatures a player controls: what a cost of tapping creatures can tap (crew, 702.121a).
    Summoning sickness doesn't matter: only a creature's own {T} abilities need it gone (302.6)."""
    return cost_choices(game, None, player, "tap", _CREATURE)


def creature_power(game: "GameState", obj: GameObject) -> int:
    return game.chars(obj).power or 0


def check_tap_picks(game: "GameState", cost: Cost, player: int, picks: Any) -> list[int]:
    """Validate the creatures chosen to tap for a "total power N or more" cost (702.121a)."""
    picks = id_list(picks, "the creatures to tap")
    if len(set(picks)) != len(picks):
        raise IllegalAnswer("the same creature can't be tapped twice")
    fits = {o.id for o in tap_choices(game, player)}
    for p in picks:
        if p not in fits:
            raise IllegalAnswer(f"{game.describe(p)} isn't an untapped creature you control")
    total = sum(creature_power(game, game.objects[p]) for p in picks)
    if cost.tap_power is not None and total < cost.tap_power:
        raise IllegalAnswer(f"those creatures have total power {total}; this cost needs {cost.tap_power} "
                            "or more (702.121a)")
    return picks


def only_tap_picks(game: "GameState", cost: Cost, player: int) -> list[int] | None:
    """The creatures to tap when there is only one way: every untapped creature is needed to reach the
    total (leaving any one out falls short)."""
    fits = tap_choices(game, player)
    total = sum(creature_power(game, o) for o in fits)
    need = cost.tap_power or 0
    if fits and all(total - creature_power(game, o) < need for o in fits):
        return [o.id for o in fits]
    return None


def cost_choices(game: "GameState", obj: GameObject | None, player: int, kind: str, flt: Any,
                 self_tapped: bool = False) -> list[GameObject]:
    """What could be sacrificed, discarded or tapped to pay a cost. A source that the same cost taps ({T})
    can't also be one of the permanents it taps."""
    if kind == "discard":
        return [c for c in game.players[player].hand if object_matches(game, c, flt, None, player)]
    if kind == "exile":    # cards of the player's own graveyard ("Exile a creature card from your graveyard")
        return [c for c in game.players[player].graveyard
                if (obj is None or c.id != obj.id) and object_matches(game, c, flt, None, player)]
    if kind == "reveal":   # the spell being cast is on the stack as its costs are paid (601.2a): not itself
        return [c for c in game.players[player].hand
                if (obj is None or c.id != obj.id) and object_matches(game, c, flt, None, player)]
    return [o for o in game.battlefield if game.chars(o).controller == player
            and not (kind == "tap" and (o.tapped or (self_tapped and obj is not None and o.id == obj.id)))
            and object_matches(game, o, flt, obj.id if obj else None, player,
                               obj.card_uid if obj is not None else None)]


def cost_picks_needed(cost: Cost, kind: str) -> tuple[tuple[int, Any], ...]:
    """The picks a kind of cost needs ("sacrifice", "discard", "tap", "counter": permanents to remove a counter
    from, "exile": cards of the graveyard, "return": permanents to return to the hand): (how many, of what)
    each."""
    return getattr(cost, _PICK_FIELDS[kind])


# Each kind of pick, and the part of a cost that says what it needs.
_PICK_FIELDS = {"sacrifice": "sacrifice", "discard": "discard", "tap": "tap_others", "counter": "counter_from",
                "reveal": "reveal", "exile": "exile_cards", "return": "return_own"}


def check_cost_picks(game: "GameState", obj: GameObject | None, cost: Cost, player: int, kind: str,
                     picks: Any) -> list[int]:
    """Validate the permanents to sacrifice (or cards to discard) chosen for a cost."""
    need = cost_picks_needed(cost, kind)
    if not isinstance(picks, list) or not all(isinstance(p, int) for p in picks):
        raise IllegalAnswer(f"the cards to {kind} are a list of ids")
    if len(set(picks)) != len(picks):
        raise IllegalAnswer(f"the same card can't be used twice to {kind}")
    total = sum(n for n, _ in need)
    if len(picks) != total:
        raise IllegalAnswer(f"this cost needs {total} card{'s' if total != 1 else ''} to {kind}, got {len(picks)}")
    remaining = list(picks)
    for n, flt in need:
        fits = {o.id for o in cost_choices(game, obj, player, kind, flt, cost.tap)}
        mine = [p for p in remaining if p in fits][:n]
        if len(mine) < n:
            raise IllegalAnswer(f"those can't pay \"{kind} {flt.describe()}\"")
        for p in mine:
            remaining.remove(p)
    return list(picks)


def pay_other_costs(game: "GameState", obj: GameObject | None, cost: Cost, player: int,
                    chosen: dict[str, list[int]] | None = None) -> Generator[Decision, Any, None]:
    """Pay the non-mana parts of a cost (601.2h), after the mana. A generator: sacrificing or
    discarding may meet replacement effects that ask (616.1)."""
    p = game.players[player]
    if cost.tap and obj is not None:
        actions.tap(game, obj)
    chosen = chosen or {}
    for oid in chosen.get("tap", []):
        if oid in game.objects:
            actions.tap(game, game.objects[oid], log=True, cites=("118.3", "701.21a"))
    for oid in chosen.get("tap_creatures", []):
        if oid in game.objects:
            actions.tap(game, game.objects[oid], log=True, cites=("702.121a",))
    if cost.untap and obj is not None:
        actions.untap(game, obj)
    if cost.pay_life:
        actions.lose_life(game, p, cost.pay_life, ("119.4",), f"{p.name} pays {cost.pay_life} life.")
    if cost.loyalty is not None and obj is not None:
        if cost.loyalty > 0:
            yield from actions.put_counters_asking(game, obj, "loyalty", cost.loyalty)
        elif cost.loyalty < 0:
            actions.remove_counters(game, obj, "loyalty", -cost.loyalty)
    for n, kind in cost.remove_counters:
        if obj is not None:
            actions.remove_counters(game, obj, kind, n)
    for oid in chosen.get("counter", []):
        kinds = [f.with_counter for _, f in cost.counter_from if f.with_counter]
        if oid in game.objects and kinds:
            actions.remove_counters(game, game.objects[oid], kinds[0], 1)
    if cost.sacrifice:
        picks = [game.objects[i] for i in chosen.get("sacrifice", []) if i in game.objects]
        yield from actions.sacrifice_asking(game, picks)
    if cost.discard:
        picks = [game.objects[i] for i in chosen.get("discard", []) if i in game.objects]
        yield from actions.discard_asking(game, p, picks)
    if cost.reveal:
        shown = [game.objects[i] for i in chosen.get("reveal", []) if i in game.objects]
        game.log_event(f"{p.name} reveals {', '.join(o.name for o in shown)} from their hand.", ("701.16a", "601.2h"),
                       tuple(o.id for o in shown), player=player)
    for oid in chosen.get("exile", []):
        if oid in game.objects and game.objects[oid].zone == "graveyard":
            o = game.objects[oid]
            game.log_event(f"{p.name} exiles {o.name} from their graveyard to pay the cost.", ("118.1", "602.2b"),
                           (o.id,), player=player)
            yield from actions.move_asking(game, o, "exile", log=False)
    returned = [game.objects[i] for i in chosen.get("return", []) if i in game.objects]
    if returned:
        game.log_event(f"{p.name} returns {', '.join(o.name for o in returned)} to their owner's hand to pay the "
                       "cost.", ("118.1", "602.2b"), tuple(o.id for o in returned), player=player)
        yield from actions.move_many_asking(game, returned, "hand", log=False)
    if cost.sacrifice_self and obj is not None:
        yield from actions.sacrifice_asking(game, [obj])
    if cost.exile_self and obj is not None and obj.zone == cost.exile_from:
        game.log_event(f"{p.name} exiles {obj.name} to pay the cost.", ("118.1", "406.2"), (obj.id,), player=player)
        yield from actions.move_asking(game, obj, "exile", log=False)
    if cost.bottom_self and obj is not None and obj.zone == "battlefield":
        game.log_event(f"{p.name} puts {obj.name} on the bottom of its owner's library to pay the cost.",
                       ("118.1", "401.4"), (obj.id,), player=player)
        yield from actions.move_asking(game, obj, "library", position="bottom", log=False)
    if cost.discard_self and obj is not None and obj.zone == "hand":
        yield from actions.discard_asking(game, p, [obj])
    if cost.reveal_self and obj is not None:
        game.log_event(f"{p.name} reveals {obj.name} from their hand.", ("701.16a", "602.2b"), (obj.id,),
                       player=player)
