"""Whether an object or player fits a description: filters (109, 115).

Compiled card text describes objects with ``ObjectFilter``s ("nonblack
creature you control"); these functions say whether a given object fits,
from the point of view of one player, with its current characteristics.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .abilities import ActivatedAbility
from .keywords import Trait, keywords_in
from .objects import LKI, GameObject, Player, StackAbility, mana_value_of
from .refs import ObjectFilter, PlayerFilter

if TYPE_CHECKING:
    from .state import GameState


def _every_creature_type(chars: Any) -> bool:
    """A creature with changeling has every creature type (702.73a)."""
    return "Creature" in chars.types and any(Trait.EVERY_CREATURE_TYPE in kw.traits
                                             for kw, _ in keywords_in(chars.abilities))


def exiled_names(game: "GameState", source_id: int | None) -> set[str]:
    """The names of the cards in exile that the abilities of this object exiled ("the exiled card", 607.2a)."""
    src = game.objects.get(source_id) if source_id is not None else None
    if src is None:
        return set()
    return {o.name for x in game.exiled if x.source_uid == src.card_uid for o in map(game.objects.get, x.card_ids)
            if isinstance(o, GameObject) and o.zone == "exile"}


def object_matches(game: "GameState", obj: GameObject | LKI, flt: ObjectFilter, source_id: int | None,
                   you: int, source_uid: int | None = None, chars: Any = None) -> bool:
    """Does this object fit the description, from the point of view of player ``you``?

    ``chars`` overrides the object's characteristics (the layer system passes
    the values it is building).
    """
    if flt.any_of:
        outer, parts = _alternatives(flt)
        return object_matches(game, obj, outer, source_id, you, source_uid, chars) and \
            any(object_matches(game, obj, f, source_id, you, source_uid, chars) for f in parts)
    zone = obj.zone
    if flt.zone == "battlefield":
        if zone != "battlefield":
            return False
    elif flt.ability_kinds:   # an activated or triggered ability on the stack (113.1c)
        if zone != "stack" or not isinstance(obj, StackAbility) or obj.kind not in flt.ability_kinds:
            return False
    elif flt.zone == "stack":
        if zone != "stack" or not isinstance(obj, GameObject):
            return False
    elif flt.zone not in ("any", "") and zone != flt.zone:
        return False
    if chars is None:
        chars = game.chars(obj) if isinstance(obj, (GameObject, StackAbility)) else obj.chars
    if flt.types and not any(t in chars.types for t in flt.types):
        # "permanent" matches any permanent type; "card" any card.
        if not ("Permanent" in flt.types and chars.is_permanent_type) and "Card" not in flt.types \
                and not ("Spell" in flt.types and zone == "stack"):
            return False
    if flt.types_all and not all(t in chars.types or t in chars.subtypes for t in flt.types_all):
        return False
    if flt.subtypes and not any(s in chars.subtypes for s in flt.subtypes):
        if not _every_creature_type(chars):
            return False
    if flt.chosen_type:
        src = game.objects.get(source_id) if source_id is not None else None
        kind = src.chosen.get("creature_type") if src is not None and hasattr(src, "chosen") else None
        if kind is None or (kind not in chars.subtypes and not _every_creature_type(chars)):
            return False
    if flt.supertypes and not all(s in chars.supertypes for s in flt.supertypes):
        return False
    if flt.historic and not is_historic(chars):
        return False
    if flt.not_types and any(t in chars.types for t in flt.not_types):
        return False
    if flt.not_subtypes and any(s in chars.subtypes for s in flt.not_subtypes):
        return False
    if flt.not_supertypes and any(s in chars.supertypes for s in flt.not_supertypes):
        return False
    if flt.colors and not any(c in chars.colors for c in flt.colors):
        return False
    if flt.chosen_color:
        src = game.objects.get(source_id) if source_id is not None else None
        color = src.chosen.get("color") if src is not None and hasattr(src, "chosen") else None
        if color is None or color not in chars.colors:
            return False
    if flt.not_colors and any(c in chars.colors for c in flt.not_colors):
        return False
    if flt.colorless is not None and (len(chars.colors) == 0) != flt.colorless:
        return False
    if flt.multicolored is not None and (len(chars.colors) > 1) != flt.multicolored:
        return False
    controller = chars.controller if zone in ("battlefield", "stack") else obj.owner
    if flt.controller == "you" and controller != you:
        return False
    if flt.controller == "defending":
        defending = game.combat.defending_player if game.combat is not None else 1 - game.active
        if controller != defending:
            return False
    if flt.controller in ("opponent", "not_you") and controller == you:
        return False
    if flt.owner == "you" and obj.owner != you:
        return False
    if flt.owner == "opponent" and obj.owner == you:
        return False
    if flt.another and source_uid is not None and obj.card_uid == source_uid:
        return False
    if flt.tapped is not None and bool(obj.tapped) != flt.tapped:
        return False
    if flt.token is not None and bool(obj.is_token) != flt.token:
        return False
    if flt.attacking is not None:
        if (game.combat is not None and obj.id in game.combat.attackers) != flt.attacking:
            return False
    if flt.blocking is not None:
        if (game.combat is not None and obj.id in game.combat.blockers) != flt.blocking:
            return False
    if flt.in_combat_with and not _in_combat_with(game, obj.id, source_id, flt.in_combat_with):
        return False
    if flt.name is not None and chars.name.casefold() != flt.name.casefold():
        return False
    if flt.exiled_name and chars.name not in exiled_names(game, source_id):
        return False
    if flt.no_counters and getattr(obj, "counters", None):
        return False
    if flt.with_counter and not getattr(obj, "counters", {}).get(flt.with_counter):
        return False
    for cmp in flt.compares:
        if cmp.stat == "total":
            n = (chars.power or 0) + (chars.toughness or 0) if chars.power is not None else None
        else:
            n = mana_value_of(obj, chars) if cmp.stat == "mana value" else getattr(chars, cmp.stat)
        if cmp.than_x:
            continue   # X not chosen yet: some X fits
        if cmp.amount is not None:
            return False    # compared with an amount of an effect: only once the effect has worked it out
        if cmp.than_source:
            than = _source_stat(game, source_id, cmp.stat)
            if than is None or not cmp.test(n, than):
                return False
        elif cmp.than_your_life:
            if not 0 <= you < len(game.players) or not cmp.test(n, game.players[you].life):
                return False
        elif not cmp.test(n):
            return False
    if flt.greatest_power and not _greatest_power(game, chars, flt, source_id, you):
        return False
    if flt.dealt_damage_by_source and (source_uid is None or source_uid not in obj.damaged_by):
        return False
    if flt.controller_hit_by is not None and not _controller_hit_by(game, obj, flt.controller_hit_by):
        return False
    if flt.dealt_damage_this_turn and not obj.damaged_by and not getattr(obj, "damage", 0):
        return False   # marked damage, too, was dealt this turn (514.2 removes it)
    if flt.convoked_source and not _convoked(game, obj, source_id):
        return False
    if flt.attached_to_source and (source_id is None or getattr(obj, "attached_to", None) != source_id):
        return False
    if flt.greatest_power_theirs and (chars.power or 0) < _greatest_power_of(game, chars.controller):
        return False
    if flt.from_battlefield_this_turn and not any(
            e.kind == "zone" and e.from_zone == "battlefield" and e.new_id == obj.id for e in game.turn_events):
        return False
    if flt.put_there_this_turn and not any(e.kind == "zone" and e.new_id == obj.id for e in game.turn_events):
        return False
    if flt.nonmana_ability and not any(isinstance(a, ActivatedAbility) and not a.is_mana for a in chars.abilities):
        return False
    if flt.with_keyword and not any(getattr(a, "keyword", None) == flt.with_keyword for a in chars.abilities):
        return False
    if flt.without_keyword and any(getattr(a, "keyword", None) == flt.without_keyword for a in chars.abilities):
        return False
    return True


def _controller_hit_by(game: "GameState", obj: Any, need: tuple[int, str, str]) -> bool:
    """Was this object's controller dealt combat damage this turn by N different sources of a kind (as each
    was when it dealt the damage)?"""
    n, kind, value = need
    who = game.controller_of(obj)
    seen = {e.source_uid for e in game.turn_events
            if e.kind == "damage" and e.to_player and e.combat and e.player == who
            and value in (e.get("source_types", ()) if kind == "type" else e.get("source_subtypes", ()))}
    return len(seen) >= n


@lru_cache(maxsize=1024)
def _alternatives(flt: ObjectFilter) -> tuple[ObjectFilter, tuple[ObjectFilter, ...]]:
    """A union of descriptions as what all of them must fit (its own fields: the zone, where it was moved to a
    library or a graveyard, the owner) and the alternatives. Unless its zone is "any", the alternatives are
    looked for in its zone."""
    outer = replace(flt, any_of=())
    if flt.zone in ("any", ""):
        return outer, flt.any_of
    return outer, tuple(replace(f, zone="any") for f in flt.any_of)


def zones_of(flt: ObjectFilter) -> tuple[str, ...]:
    """The zones a description looks in: its own, or each of its alternatives' ("in exile and in your
    graveyard")."""
    if flt.any_of and flt.zone in ("any", ""):
        return tuple(dict.fromkeys(z for f in flt.any_of for z in zones_of(f)))
    return (flt.zone,)


def zone_pool(game: "GameState", flt: ObjectFilter) -> list[Any]:
    """The objects a description could fit, from the zones it looks in (400.1), before it is tested."""
    pool: list[Any] = []
    for zone in zones_of(flt):
        if zone == "battlefield":
            pool.extend(game.battlefield)
        elif zone == "stack":
            pool.extend(o for o in game.stack if isinstance(o, GameObject))
        elif zone == "exile":
            pool.extend(game.exile)
        else:
            for p in game.players:
                pool.extend(game.zone_list(zone, p.index))
    return pool


def _greatest_power(game: "GameState", chars: Any, flt: ObjectFilter, source_id: int | None, you: int) -> bool:
    """"With the greatest power": no other object that fits the rest of the description has more power."""
    rest = replace(flt, greatest_power=False)
    powers = [game.chars(o).power or 0 for o in zone_pool(game, rest)
              if isinstance(o, GameObject) and object_matches(game, o, rest, source_id, you)]
    return not powers or (chars.power or 0) >= max(powers)


def _greatest_power_of(game: "GameState", controller: int) -> int:
    """The greatest power among creatures a player controls (tied creatures all have it)."""
    powers = [game.chars(o).power or 0 for o in game.battlefield
              if game.controller_of(o) == controller and "Creature" in game.chars(o).types]
    return max(powers, default=0)


def _source_stat(game: "GameState", source_id: int | None, stat: str) -> int | None:
    """A characteristic of the source, as it is now or as it last existed (608.2h): "with lesser power"."""
    src = game.find_lki(source_id) if source_id is not None else None
    if src is None:
        return None
    chars = game.chars(src) if isinstance(src, GameObject) else src.chars
    return mana_value_of(src, chars) if stat == "mana value" else getattr(chars, stat)


def is_historic(chars: Any) -> bool:
    """Historic: an artifact, a legendary object or a Saga (700.6)."""
    return "Artifact" in chars.types or "Legendary" in chars.supertypes or "Saga" in chars.subtypes


def player_matches(pf: PlayerFilter, player: Player, you: int) -> bool:
    if pf.who == "any":
        return True
    if pf.who == "you":
        return player.index == you
    if pf.who == "opponent":
        return player.index != you
    return False


def _in_combat_with(game: "GameState", oid: int, source_id: int | None, how: str) -> bool:
    """Is the object blocking the source ("blocking it"), or, with ``how`` "either", blocked by it (509.1h)?"""
    combat = game.combat
    if combat is None or source_id is None:
        return False
    if source_id in combat.blockers.get(oid, ()):
        return True
    return how == "either" and oid in combat.blockers.get(source_id, ())


def _convoked(game: "GameState", obj: Any, source_id: int | None) -> bool:
    """Did this creature convoke the source, the spell or the permanent it became (702.50c)? The same
    object only: a creature that left the battlefield since is a new one (400.7)."""
    src = game.objects.get(source_id) if source_id is not None else None
    return src is not None and obj.id in src.chosen.get("convoked", ())
