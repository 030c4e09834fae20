"""Conditions of rules text: intervening "if" clauses (603.4), "unless" and "as long as" tests (611.3a).

A ``Condition`` is data the compiler builds; ``condition_holds`` checks it
against the game from the point of view of a resolving spell or ability
(its controller and source, given by a ``Ctx``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .matching import object_matches
from .objects import GameObject
from .refs import AllRef, AttachedRef, ObjectFilter

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .context import Ctx
    from .objects import Characteristics
    from .state import GameState


@dataclass(frozen=True)
class Condition:
    """A condition of rules text.

    kind: "self_untapped", "self_tapped", "self_attacking", "you_control"
    (filter, at least ``count``), "you_control_at_most", "opponent_controls",
    "any_player_controls", "life_at_most" / "life_at_least" (count), "graveyard_at_least" (count: cards in
    your graveyard),
    "your_turn", "cost_paid" (this spell, or the spell this permanent was, was
    cast paying the optional cost ``what``, e.g. "kicker": 702.32d, 400.7c),
    "event_cost_paid" (the spell whose casting triggered the ability was),
    "attacked_this_turn" (you declared a creature as an attacker this turn: raid, 508.1),
    "cast_in_main" (this spell, or the spell this permanent was, was cast by
    its controller during their own main phase),
    "citys_blessing" (you have the city's blessing, 702.130c),
    "counters_at_least" (the object ``ref`` names, else this object, has at
    least ``count`` counters of the kind ``what``, 122.1), "targets" (a spell
    being cast targets an object that fits ``filter``: only a cost reduction
    asks it, casting.py), "is" (the object ``ref`` names fits ``filter``: "if it's legendary"), "was" (the
    same, or as the object last existed: "if that creature's power is greater than ~'s"),
    "cast_this_turn" (you cast ``count`` or more spells that fit ``filter`` this turn, 601.2i),
    "surveilled_this_turn" (you surveilled this turn, 701.42a),
    "was_cast" (this permanent was a spell cast by its controller, 601.2),
    "lost_life_last_turn" (you lost life during the previous turn, 119.3),
    "gained_life_this_turn" (you gained life this turn, 119.3),
    "opponent_lost_life" (an opponent of yours lost life this turn, 119.3),
    "tapped_attacking" (the triggering event tapped a creature as it was declared as an attacker, 508.1f),
    "name_unlike" (the object ``ref`` names has a name no other object that fits ``filter`` has, 201.2),
    "all" (every condition in ``ref``, a tuple of them, holds: "only during your turn and only if ..."),
    "self_blocked_by_at_least" (this object is blocked by at least ``count`` creatures, 509.1),
    "cards_at_least" (at least ``count`` cards that fit ``filter`` are in its zone: "two or more instant
    and/or sorcery cards in your graveyard").
    ``negated``: the condition is that it doesn't hold ("wasn't kicked").
    """

    kind: str
    filter: ObjectFilter | None = None
    count: int = 1
    what: str = ""
    negated: bool = False
    ref: Any = None


def condition_holds(game: "GameState", cond: Condition, ctx: "Ctx") -> bool:
    """Does the condition hold for a resolving spell or ability, or a replacement as it applies?"""
    if cond.kind == "cost_paid":
        spell = ctx.stack_obj if isinstance(ctx.stack_obj, GameObject) else None
        return (cond.what in costs_paid(spell or ctx.self_object() or ctx.source)) != cond.negated
    if cond.kind == "event_cost_paid":
        return (cond.what in tuple(getattr(ctx.event, "costs", None) or ())) != cond.negated
    if cond.kind == "cast_in_main":
        spell = ctx.stack_obj if isinstance(ctx.stack_obj, GameObject) else None
        chosen = getattr(spell or ctx.self_object() or ctx.source, "chosen", None)
        return bool(isinstance(chosen, dict) and chosen.get("cast_in_main")) != cond.negated
    if cond.kind == "discarded_share_type":
        # "if two cards that share a card type are discarded this way" (205.2a)
        seen: set[str] = set()
        shared = False
        for o in ctx.remembered.get("discarded", []):
            types = set(getattr(o.card, "types", ()))
            shared = shared or bool(types & seen)
            seen |= types
        return shared != cond.negated
    if cond.kind == "tapped_attacking":
        # "if it isn't being declared as an attacker": the triggering tap is that of declaring it (508.1f)
        return bool(ctx.event is not None and ctx.event.get("attacking")) != cond.negated
    if cond.kind == "name_unlike":
        # "if it doesn't have the same name as another creature you control or ...": the others that fit (201.2)
        objs = ctx.object_or_lki(cond.ref)
        if not objs:
            return cond.negated
        me = objs[0]
        name = game.chars(me).name if isinstance(me, GameObject) else me.chars.name
        others = [o for o in ctx.objects(AllRef(cond.filter or ObjectFilter())) if o.id != me.id]
        return (not any(game.chars(o).name == name for o in others)) != cond.negated
    if cond.kind == "exiled_this_way":
        # "if a creature card is exiled this way": what this effect exiled, as it was in exile (406.3)
        objs = [o for o in ctx.remembered.get("exiled", []) if isinstance(o, GameObject)]
        return any(object_matches(game, o, cond.filter or ObjectFilter(), ctx.source_id, ctx.controller)
                   for o in objs) != cond.negated
    if cond.kind == "is":
        # "if it's legendary": the object the text named fits the description now
        objs = [o for o in ctx.objects(cond.ref) if isinstance(o, GameObject)]
        return any(object_matches(game, o, cond.filter or ObjectFilter(), ctx.source_id, ctx.controller)
                   for o in objs) != cond.negated
    if cond.kind == "was":
        # "if it was a creature card": the object as it last existed, if it has left its zone (608.2h)
        objs = ctx.object_or_lki(cond.ref) or ctx.objects(cond.ref)
        return any(object_matches(game, o, cond.filter or ObjectFilter(), ctx.source_id, ctx.controller)
                   for o in objs) != cond.negated
    if cond.kind == "sacrificed":
        # "if a Saproling was sacrificed this way": what paid the cost, as it last existed (608.2h)
        gone = getattr(ctx.stack_obj, "chosen", {}).get("sacrificed", [])
        return any(object_matches(game, lk, cond.filter or ObjectFilter(), ctx.source_id, ctx.controller)
                   for lk in gone) != cond.negated
    if cond.kind == "counters_at_least" and cond.ref is not None:
        # "there are three or more landmark counters on it": the object as it is now
        objs = [o for o in ctx.objects(cond.ref) if isinstance(o, GameObject)]
        return any(o.counters.get(cond.what, 0) >= cond.count for o in objs) != cond.negated
    return holds(game, cond, ctx.controller, ctx.self_object(), ctx.source_id, ctx.source_uid)


def condition_note(cond: Condition, held: bool, name: str) -> tuple[str, tuple[str, ...]] | None:
    """What the log says when an effect checks a condition about how a spell was cast, with the rules it
    cites (the optional cost's keyword: kicker 702.32); None for conditions the log needn't mention."""
    if cond.kind == "cast_in_main":
        return (f"{name} was cast {'during' if held else 'outside'} its controller's main phase.",
                ("505.1", "608.2c"))
    if cond.kind not in ("cost_paid", "event_cost_paid"):
        return None
    from .keywords import entry
    kw = entry(cond.what)
    paid = held != cond.negated
    spell = "the spell that triggered it" if cond.kind == "event_cost_paid" else name
    return (f"{name}: {spell} was cast {'with' if paid else 'without'} its {kw.name} cost paid.",
            (kw.cites, "608.2c"))


def costs_paid(obj: Any) -> tuple[str, ...]:
    """The optional costs (by keyword) paid to cast this spell, or the spell this permanent was (400.7c)."""
    chosen = getattr(obj, "chosen", None)
    return tuple(chosen.get("costs", ())) if isinstance(chosen, dict) else ()


def holds(game: "GameState", cond: Condition, you: int, me: GameObject | None, source_id: int | None,
          source_uid: int | None, chars: "Mapping[int, Characteristics] | None" = None) -> bool:
    """Does the condition hold from the point of view of player ``you`` and the object ``me``?

    ``chars`` are the permanents' characteristics when the layer system is
    building them (an "as long as" static ability asks mid-way, 611.3a).
    """
    return _holds(game, cond, you, me, source_id, source_uid, chars) != cond.negated


def _holds(game: "GameState", cond: Condition, you: int, me: GameObject | None, source_id: int | None,
           source_uid: int | None, chars: "Mapping[int, Characteristics] | None") -> bool:
    """``holds`` before the condition's ``negated`` turns it round."""
    kind = cond.kind
    if kind == "was_cast":
        return me is not None and me.was_cast
    if kind == "lost_life_last_turn":
        return game.players[you].life_lost_last_turn > 0
    if kind == "gained_life_this_turn":
        return game.players[you].life_gained_this_turn > 0
    if kind == "opponent_lost_life":
        return any(p.life_lost_this_turn for p in game.players if p.index != you)
    if kind == "all":
        return all(holds(game, c, you, me, source_id, source_uid, chars) for c in cond.ref)
    if kind == "cast_from":
        # "if you cast it from your hand": where the spell this object was was cast from (400.7c)
        return me is not None and getattr(me, "cast_from", "") == cond.what
    if kind in ("self_untapped", "self_tapped", "self_attacking"):
        if me is None or me.zone != "battlefield":
            return False
        if kind == "self_attacking":
            return game.combat is not None and me.id in game.combat.attackers
        return (not me.tapped) if kind == "self_untapped" else me.tapped
    if kind in ("you_control", "you_control_at_most", "opponent_controls", "any_player_controls"):
        flt = cond.filter or ObjectFilter()
        n = 0
        for o in game.battlefield:
            c = chars[o.id] if chars is not None and o.id in chars else game.chars(o)
            mine = c.controller == you
            if (kind == "opponent_controls" and mine) or (kind.startswith("you_") and not mine):
                continue
            if object_matches(game, o, flt, source_id, you, source_uid, chars=c):
                n += 1
        return n <= cond.count if kind == "you_control_at_most" else n >= cond.count
    if kind == "life_at_most":
        return game.players[you].life <= cond.count
    if kind == "life_at_least":
        return game.players[you].life >= cond.count
    if kind == "graveyard_at_least":
        return len(game.players[you].graveyard) >= cond.count
    if kind == "your_turn":
        return game.active == you
    if kind == "attacked_this_turn":
        return attacked_this_turn(game, you)
    if kind == "counters_at_least":   # "as long as ~ has a +1/+1 counter on it": this object
        return me is not None and me.counters.get(cond.what, 0) >= cond.count
    if kind == "surveilled_this_turn":
        return any(ev.kind == "surveil" and ev.get("player") == you for ev in game.turn_events)
    if kind == "cast_this_turn":
        return sum(1 for ev in game.turn_events if ev.kind == "cast" and ev.get("player") == you
                   and ev.get("spell") is not None and object_matches(
                       game, ev.get("spell"), cond.filter or ObjectFilter(zone="any"), source_id, you,
                       source_uid)) >= cond.count
    if kind == "self_blocked_by_at_least":   # "two or more creatures are blocking it" (509.1)
        if me is None or game.combat is None:
            return False
        return sum(1 for atts in game.combat.blockers.values() if me.id in atts) >= cond.count
    if kind == "cards_at_least":   # "there are N or more ... cards in your graveyard"
        flt = cond.filter or ObjectFilter()
        cards = [c for p in game.players for c in getattr(p, flt.zone, ())]
        return sum(1 for c in cards if object_matches(game, c, flt, source_id, you, source_uid)) >= cond.count
    if kind == "citys_blessing":
        return game.players[you].citys_blessing   # a designation, kept once gained (702.130c)
    if kind == "is":
        # "as long as it's a Pirate": the permanent a static ability names, this one or the one it is attached
        # to, fits the description as the layers have it so far (611.3a)
        obj = me
        if isinstance(cond.ref, AttachedRef):
            obj = game.objects.get(me.attached_to) if me is not None and me.attached_to is not None else None
        if not isinstance(obj, GameObject):
            return False
        c = chars[obj.id] if chars is not None and obj.id in chars else None
        return object_matches(game, obj, cond.filter or ObjectFilter(), source_id, you, source_uid, chars=c)
    raise ValueError(f"unknown condition {kind!r}")


def attacked_this_turn(game: "GameState", player: int) -> bool:
    """Did this player declare a creature as an attacker this turn (508.1)? A creature put onto the
    battlefield attacking was never declared and doesn't count (508.4)."""
    return any(ev.kind == "attacks" and ev.get("player") == player for ev in game.turn_events)
