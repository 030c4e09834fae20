"""Continuous effects and the layer system (611-613).

``compute_battlefield`` builds the characteristics of every permanent from
its printed values, applying continuous effects layer by layer (613.1):
2 control, 4 type, 5 color, 6 abilities, 7a-7c power/toughness, then rule
effects (restrictions such as "can't block"). Within a layer, effects apply
in timestamp order (613.7) unless one depends on another (613.8).

An effect from a static ability applies to whatever fits it now (611.3a);
an effect from a resolved spell applies to the objects it locked in when it
was created (611.2c). Once an effect starts to apply in one layer it keeps
applying to the same objects in later layers, even if its source loses the
ability meanwhile (613.6).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator

from .abilities import Affected, ContinuousDef, LayerOp, StaticAbility
from .conditions import holds
from .mana_ability import intrinsic_mana_ability
from .matching import object_matches, zone_pool, zones_of
from .objects import BASIC_LAND_TYPES, Characteristics, GameObject, base_characteristics, take_values

if TYPE_CHECKING:
    from .state import GameState

LAYERS = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "rules")
_DEPENDENCY_LAYERS = ("2", "3", "4", "5", "6", "7a", "7b")


@dataclass
class _Active:
    """An effect while the layers are being applied."""

    key: tuple[Any, ...]
    ops: tuple[LayerOp, ...]
    timestamp: int
    controller: int
    source_id: int | None
    source_uid: int | None
    definition: ContinuousDef | None = None    # static abilities
    ability: StaticAbility | None = None
    affected: list[int] | None = None           # decided when it first applies (613.6)
    started: bool = False

    def in_layer(self, layer: str) -> bool:
        return any(op.layer == layer for op in self.ops)


def _intrinsic_mana(game: "GameState", c: Characteristics) -> None:
    """Basic land types carry their mana ability (305.6)."""
    extra = [intrinsic_mana_ability(t) for t in c.subtypes if t in BASIC_LAND_TYPES]
    if extra:
        have = set(id(a) for a in c.abilities)
        c.abilities = c.abilities + tuple(a for a in extra if id(a) not in have)


def _counts_off_battlefield(flt: Any) -> bool:
    """Does a count look at cards outside the battlefield ("cards in your graveyard")?"""
    return any(z != "battlefield" for z in zones_of(flt))


def _zone_sensitive(d: ContinuousDef) -> bool:
    """Does this effect count cards in other zones, so that a card moving there must recompute it?"""
    return any(op.op == "set_pt_count" and _counts_off_battlefield(op.args[0])
               or op.op == "add_pt_each" and _counts_off_battlefield(op.args[2]) for op in d.ops)


def _status_filter(flt: Any) -> bool:
    if flt is None:
        return False
    if flt.tapped is not None or flt.attacking is not None or flt.blocking is not None:
        return True
    return any(_status_filter(f) for f in flt.any_of)


@dataclass
class Layered:
    """The characteristics of every permanent, and what a later computation may reuse of them."""

    chars: dict[int, Characteristics]
    sensitive: bool                 # some effect looks at tapped or combat status, other zones' cards, or has
                                    # a condition
    sources: frozenset[int] | None  # the permanents whose static abilities made effects; None unless every
                                    # effect is local (see _local)


def compute_battlefield(game: "GameState", before: Layered | None = None,
                        changed: set[int] | None = None) -> Layered:
    """Characteristics of every permanent, all layers applied.

    Also says whether any effect looked at tapped or combat status, or has a
    condition (so that tapping a permanent, a new turn or a life total
    changing must trigger a recomputation).

    With ``before`` (the last computation) and ``changed`` (the permanents whose layer inputs changed since,
    those that entered included), only the changed permanents are worked out again, with the sources of the
    effects, when that gives the same result: every effect was local and none of the changed or departed
    permanents is a source of one, nor becomes one.
    """
    if before is not None and changed is not None and before.sources is not None:
        again = _recompute_some(game, before, changed)
        if again is not None:
            return again
    chars, actives, crowded = _compute(game, sorted(game.battlefield, key=lambda o: o.timestamp))
    sensitive = False
    local = not crowded and all(_local(a) for a in actives)
    sources = {a.source_id for a in actives if a.source_id is not None}
    for oid, c in chars.items():
        for ab in c.abilities:
            if isinstance(ab, StaticAbility) and ab.effects:
                sources.add(oid)   # whether or not its effects applied ("as long as ...")
                for d in ab.effects:
                    if d.condition is not None or (d.affected.kind == "filter" and _status_filter(d.affected.filter)) \
                            or any(op.op in _PLAYER_OPS for op in d.ops) or _zone_sensitive(d):
                        sensitive = True
                    if d.condition is not None:
                        local = False
    return Layered(chars, sensitive, frozenset(sources) if local else None)


_COUNTING_OPS = ("set_pt_count", "add_pt_each", "set_pt_player")   # they count other permanents or cards
_PLAYER_OPS = ("set_pt_player",)   # they count a player's cards: the layers read hand and graveyard sizes


def _local(a: _Active) -> bool:
    """Does what this effect does to a permanent depend only on that permanent and the effect's source, so
    that a change to other permanents can't change it? No condition, no count of other permanents, a filter
    that reads only the permanent itself."""
    if any(op.op in _COUNTING_OPS or op.op == "grant" and _makes_effects(op.args[0]) for op in a.ops):
        return False
    d = a.definition
    if d is None:
        return True   # a resolved spell's effect: its objects were locked in (611.2c)
    if d.condition is not None:
        return False
    return d.affected.kind in ("self", "attached") or (
        d.affected.kind == "filter" and d.affected.filter is not None and _local_filter(d.affected.filter))


def _makes_effects(abilities: Any) -> bool:
    """Are some of these abilities static abilities that make effects of their own?"""
    return any(isinstance(ab, StaticAbility) and ab.effects for ab in abilities)


def _local_filter(flt: Any) -> bool:
    if flt.chosen_color or flt.controller == "defending" or flt.dealt_damage_by_source or flt.dealt_damage_this_turn or \
            flt.controller_hit_by is not None or \
            any(cmp.than_source for cmp in flt.compares):
        return False
    return all(_local_filter(f) for f in flt.any_of)


def _recompute_some(game: "GameState", before: Layered, changed: set[int]) -> Layered | None:
    """The characteristics with only the changed permanents (and the effects' sources) worked out again, or
    None where that could differ from working out all of them."""
    assert before.sources is not None
    gone = before.chars.keys() - {o.id for o in game.battlefield}
    if changed & before.sources or gone & before.sources:
        return None
    if any(_makes_effects(game.objects[oid].face.abilities) for oid in changed if oid in game.objects):
        return None   # a new source of effects
    some = [o for o in game.battlefield if o.id in changed or o.id in before.sources]
    some.sort(key=lambda o: o.timestamp)
    fresh, actives, crowded = _compute(game, some)
    if crowded or not all(_local(a) for a in actives):
        return None
    if any(_makes_effects(fresh[oid].abilities) for oid in changed if oid in fresh):
        return None   # a new source of effects
    if not {a.source_id for a in actives if a.source_id is not None} <= before.sources:
        return None
    chars = {}
    for o in sorted(game.battlefield, key=lambda o: o.timestamp):
        chars[o.id] = fresh[o.id] if o.id in changed else before.chars[o.id]
    return Layered(chars, before.sensitive, before.sources)


def _compute(game: "GameState", objs: list[GameObject]
             ) -> tuple[dict[int, Characteristics], list[_Active], bool]:
    """The characteristics of these permanents (in timestamp order), the effects that applied, and whether
    some layer had effects that may depend on each other."""
    chars: dict[int, Characteristics] = {o.id: base_characteristics(o) for o in objs}
    by_id = {o.id: o for o in objs}
    actives: list[_Active] = []
    keys: set[tuple[Any, ...]] = set()
    crowded = False

    for eff in game.continuous:
        a = _Active(("r", eff.id), eff.ops, eff.timestamp, eff.controller, None, eff.source_uid)
        a.affected = [i for i in eff.affected if i in chars]
        actives.append(a)
        keys.add(a.key)

    for layer in LAYERS:
        if layer == "7c":
            _apply_counters(objs, chars)   # counters belong to 7c; sums don't depend on the order
        _gather_static(game, objs, chars, actives, keys, layer)
        here = [a for a in actives if a.in_layer(layer)]
        if not here:
            if layer == "4":
                for o in objs:
                    _intrinsic_mana(game, chars[o.id])
            continue
        if len(here) > 1 and layer in _DEPENDENCY_LAYERS:
            crowded = True
            ordered = _order(game, here, layer, objs, chars, by_id)
        else:
            ordered = sorted(here, key=lambda a: a.timestamp)
        if layer in ("2", "3", "4", "5", "6"):
            # Characteristic-defining abilities apply first in layers 2-6, then the others (613.3).
            ordered = [a for a in ordered if _cda(a)] + [a for a in ordered if not _cda(a)]
        for a in ordered:
            if not a.started and a.ability is not None and a.source_id is not None:
                # A static ability removed earlier in this layer doesn't apply (613.8 via dependency).
                src = chars.get(a.source_id)
                if src is None or a.ability not in src.abilities:
                    continue
            if a.affected is None:
                a.affected = _affected(game, a, objs, chars, by_id)
            a.started = True
            for op in a.ops:
                if op.layer == layer:
                    _apply(game, op, a, chars, by_id)
        if layer == "4":
            for o in objs:
                _intrinsic_mana(game, chars[o.id])
    for c in chars.values():
        # A noncreature permanent has no power or toughness, even a Vehicle with them printed (208.3, 301.7a).
        if "Creature" not in c.types:
            c.power = c.toughness = None
    return chars, actives, crowded


def _cda(a: _Active) -> bool:
    return a.definition is not None and a.definition.cda


def _gather_static(game: "GameState", objs: list[GameObject], chars: dict[int, Characteristics],
                   actives: list[_Active], keys: set[tuple[Any, ...]], layer: str) -> None:
    for o in objs:
        for ab in chars[o.id].abilities:
            if not isinstance(ab, StaticAbility) or not ab.effects:
                continue
            for n, d in enumerate(ab.effects):
                key = ("s", o.id, id(ab), n)
                if key in keys or not any(op.layer == layer for op in d.ops):
                    continue
                keys.add(key)
                # "As long as ...": asked as the effect would first apply, on the characteristics so
                # far; if it doesn't hold, the effect applies in no layer (611.3a, 613.6).
                if d.condition is not None and not holds(game, d.condition, chars[o.id].controller, o, o.id,
                                                         o.card_uid, chars):
                    continue
                actives.append(_Active(key, d.ops, o.timestamp, chars[o.id].controller, o.id,
                                       o.card_uid, d, ab))


def _affected(game: "GameState", a: _Active, objs: list[GameObject], chars: dict[int, Characteristics],
              by_id: dict[int, GameObject]) -> list[int]:
    d = a.definition
    if d is None:
        return []
    aff: Affected = d.affected
    if aff.kind == "self":
        return [a.source_id] if a.source_id in chars else []
    if aff.kind == "attached":
        src = by_id.get(a.source_id) if a.source_id is not None else None
        if src is not None and src.attached_to in chars:
            return [src.attached_to]
        return []
    if aff.kind == "filter" and aff.filter is not None:
        you = a.controller
        return [o.id for o in objs if object_matches(
            game, o, aff.filter, a.source_id, you, a.source_uid, chars=chars[o.id])]
    return []


def _order(game: "GameState", here: list[_Active], layer: str, objs: list[GameObject],
           chars: dict[int, Characteristics], by_id: dict[int, GameObject]) -> list[_Active]:
    """Timestamp order, except that an effect waits for the effects it depends on (613.8)."""
    deps: dict[int, set[int]] = {i: set() for i in range(len(here))}
    for i, a in enumerate(here):
        for j, b in enumerate(here):
            if i != j and _depends(game, a, b, layer, objs, chars, by_id):
                deps[i].add(j)
    done: list[int] = []
    remaining = sorted(range(len(here)), key=lambda i: here[i].timestamp)
    while remaining:
        ready = [i for i in remaining if not (deps[i] - set(done))]
        pick = ready[0] if ready else remaining[0]   # a dependency loop: timestamp order (613.8b)
        done.append(pick)
        remaining.remove(pick)
    return [here[i] for i in done]


def _depends(game: "GameState", a: _Active, b: _Active, layer: str, objs: list[GameObject],
             chars: dict[int, Characteristics], by_id: dict[int, GameObject]) -> bool:
    """Would applying b change whether a exists or what a applies to (613.8a)?"""
    if a.started and a.affected is not None:
        return False  # its set is locked and it already exists
    trial = {k: v.copy() for k, v in chars.items()}
    b_aff = b.affected if b.affected is not None else _affected(game, b, objs, chars, by_id)
    saved = b.affected
    b.affected = b_aff
    for op in b.ops:
        if op.layer == layer:
            _apply(game, op, b, trial, by_id)
    b.affected = saved
    if a.ability is not None and a.source_id is not None:
        before = a.ability in chars[a.source_id].abilities if a.source_id in chars else False
        after = a.ability in trial[a.source_id].abilities if a.source_id in trial else False
        if before != after:
            return True
    if a.affected is None:
        if _affected(game, a, objs, chars, by_id) != _affected(game, a, objs, trial, by_id):
            return True
    return False


def _apply(game: "GameState", op: LayerOp, a: _Active, chars: dict[int, Characteristics],
           by_id: dict[int, GameObject]) -> None:
    targets = [chars[i] for i in (a.affected or []) if i in chars]
    name = op.op
    if name == "copy":   # layer 1: the copiable values of another object (613.2a, 706.2)
        (card,) = op.args
        for c in targets:
            take_values(c, card)
    elif name == "control":
        for c in targets:
            c.controller = a.controller
    elif name == "control_owner":   # "each player gains control of all creatures they own"
        for i in a.affected or []:
            if i in chars and i in by_id:
                chars[i].controller = by_id[i].owner
    elif name == "add_types":
        types, subtypes = op.args
        for c in targets:
            c.types = c.types + tuple(t for t in types if t not in c.types)
            c.subtypes = c.subtypes + tuple(s for s in subtypes if s not in c.subtypes)
    elif name == "add_supertypes":
        (supers,) = op.args
        for c in targets:
            c.supertypes = c.supertypes + tuple(s for s in supers if s not in c.supertypes)
    elif name == "set_creature_subtypes":
        (subtypes,) = op.args
        for c in targets:
            keep = tuple(s for s in c.subtypes if not game.is_creature_type(s))
            c.subtypes = keep + tuple(subtypes)
    elif name == "set_colors":
        (colors,) = op.args
        for c in targets:
            c.colors = tuple(colors)
    elif name == "add_colors":
        (colors,) = op.args
        for c in targets:
            c.colors = tuple(x for x in "WUBRG" if x in c.colors or x in colors)
    elif name == "grant":
        (abilities,) = op.args
        for c in targets:
            c.abilities = c.abilities + tuple(abilities)
    elif name == "remove_all_abilities":
        for c in targets:
            c.abilities = ()
    elif name == "remove_keyword":
        (kw,) = op.args
        for c in targets:
            c.abilities = tuple(ab for ab in c.abilities if getattr(ab, "keyword", None) != kw)
    elif name == "set_pt":
        p, t = op.args
        for i in a.affected or []:
            if i in chars:
                c = chars[i]
                c.power = _stat(p, c)
                if t is not None:   # None: only power is set ("exchange ... with ~'s power", 701.10g)
                    c.toughness = _stat(t, c)
                c.pt_changed = True
    elif name == "add_pt":
        p, t = op.args
        for c in targets:
            if c.power is not None:
                c.power += p
                c.toughness = (c.toughness or 0) + t
                c.pt_changed = True
    elif name == "set_pt_count":
        flt, which, *names = op.args
        if _counts_off_battlefield(flt):
            fits = [o for o in zone_pool(game, flt)
                    if object_matches(game, o, flt, a.source_id, a.controller, a.source_uid)]
            n = len({game.chars(o).name for o in fits}) if names and names[0] else len(fits)
        else:
            fitting = [c for oid, c in chars.items() if object_matches(
                game, by_id[oid], flt, a.source_id, a.controller, a.source_uid, chars=c)]
            n = len({c.name for c in fitting}) if names and names[0] else len(fitting)   # "differently named" (201.2)
        _set_counted_pt(targets, which, n)
    elif name == "set_pt_player":
        (what, which) = op.args
        n = len(getattr(game.players[a.controller], what))   # its controller's cards in that zone (604.3)
        _set_counted_pt(targets, which, n)
    elif name == "add_pt_each":
        p, t, flt = op.args
        n = sum(1 for oid, c in chars.items() if object_matches(
            game, by_id[oid], flt, a.source_id, a.controller, a.source_uid, chars=c))
        if _counts_off_battlefield(flt):   # "... and each land card in your graveyard": cards there too
            n += sum(1 for o in zone_pool(game, flt) if o.zone != "battlefield"
                     and object_matches(game, o, flt, a.source_id, a.controller, a.source_uid))
        for c in targets:
            if c.power is not None:
                c.power += p * n
                c.toughness = (c.toughness or 0) + t * n
                c.pt_changed = True
    elif name == "flag":
        flag, arg = op.args
        for c in targets:
            c.add_flag(flag, arg if arg is not None else a.source_uid)
    else:
        raise ValueError(f"unknown layer operation {name}")


def _stat(v: Any, c: Characteristics) -> int:
    if isinstance(v, int):
        return v
    if v == "mana value":
        return c.mana_value
    raise ValueError(f"unknown stat {v!r}")


def _apply_counters(objs: list[GameObject], chars: dict[int, Characteristics]) -> None:
    """Layer 7c: +1/+1 and -1/-1 counters (613.4c, 122.1a)."""
    for o in objs:
        plus = o.counters.get("+1/+1", 0)
        minus = o.counters.get("-1/-1", 0)
        c = chars[o.id]
        if (plus or minus) and c.power is not None:
            c.power += plus - minus
            c.toughness = (c.toughness or 0) + plus - minus
            c.pt_changed = True


THEIR_NEXT_TURN = "their_next_turn"   # the duration "during that player's next turn"


def waiting_for_next_turn(game: "GameState", eff: Any) -> bool:
    """Is this a "during that player's next turn" effect whose turn hasn't begun yet (611.2)?"""
    return eff.duration == THEIR_NEXT_TURN and not (
        game.active in eff.players and game.turn > eff.data.get("from_turn", game.turn))


def next_turn_over(game: "GameState", eff: Any) -> bool:
    """Does this "during that player's next turn" effect end with the turn now ending?"""
    return eff.duration == THEIR_NEXT_TURN and not waiting_for_next_turn(game, eff)


def player_flags(game: "GameState", chars: dict[int, Characteristics]) -> dict[int, Counter[str]]:
    """Rule effects on players ("you can't lose the game") from static abilities and resolved effects, each
    flag counted: some add up ("you may play an additional land", 305.2)."""
    out: dict[int, Counter[str]] = {p.index: Counter() for p in game.players}
    for player, op, _, _, _ in player_rule_ops(game, chars):
        out[player][op.args[0]] += 1
    return out


def player_rule_ops(game: "GameState", chars: dict[int, Characteristics]) \
        -> Iterator[tuple[int, LayerOp, int | None, str, Any]]:
    """Each rules effect on a player, as (the player, the operation, the permanent whose static ability it is or
    None, the source's name, the resolved effect or None): from static abilities (611.3) and resolved effects
    (611.2). A "during that player's next turn" effect is listed before its turn too (the flags are kept with
    the characteristics, not worked out again each turn): ``waiting_for_next_turn`` tells."""
    for o in game.battlefield:
        c = chars.get(o.id)
        if c is None:
            continue
        for ab in c.abilities:
            if not isinstance(ab, StaticAbility):
                continue
            for d in ab.effects:
                if d.affected.kind != "players":
                    continue
                if d.condition is not None and not holds(game, d.condition, c.controller, o, o.id, o.card_uid, chars):
                    continue   # "as long as it's your turn, you ... have hexproof" (611.3a)
                for p in game.players:
                    mine = p.index == c.controller
                    if (d.affected.who == "you" and mine) or (d.affected.who == "opponents" and not mine) \
                            or d.affected.who == "each":
                        for op in d.ops:
                            yield p.index, op, o.id, c.name, None
    for eff in game.continuous:
        for op in eff.ops:
            if op.layer == "rules" and eff.players:
                for p in eff.players:
                    yield p, op, None, eff.source_name, eff


ChooseFn = Callable[[list[Any]], Any]


def _set_counted_pt(targets: Any, which: str, n: int) -> None:
    """A characteristic-defining count sets power, or power and toughness, to n (604.3)."""
    for c in targets:
        if which in ("both", "power"):
            c.power = n
        if which == "both":
            c.toughness = n
