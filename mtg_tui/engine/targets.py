"""Targets (115): which objects and players a "target" word may choose.

Legal targets fit the description and can be targeted by the spell or
ability: not a player's hexproof object for an opponent's spell (702.11b),
no shroud (702.18a), no protection from a quality of the source (702.16b),
and never the spell itself (115.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from .abilities import Effect
from .answers import is_number
from .decisions import IllegalAnswer, Option, Targets
from .events import Event
from .keywords import targeting_problem
from .matching import object_matches, player_matches
from .objects import GameObject, Player, StackAbility
from .refs import EventRef, TargetRef, TargetSpec, YouRef

if TYPE_CHECKING:
    from .state import GameState


def can_target(game: "GameState", obj: Any, source: Any, controller: int, ability: bool = False) -> bool:
    """May a spell or ability (``ability``) from ``source`` (controlled by ``controller``) target ``obj``?"""
    if isinstance(obj, Player):
        return not obj.lost
    if obj.zone == "battlefield":
        return targeting_problem(game, obj, source, controller) is None \
            and not _untargetable(game, obj, controller, ability)   # shroud, hexproof, protection...
    return True


def _untargetable(game: "GameState", obj: GameObject, controller: int, ability: bool) -> bool:
    """"~ can't be the target of abilities your opponents control": a static ability of the object, checked
    as targets are chosen (601.2c, 602.2b, 603.3d) and again on resolution (608.2b). Each flag names what it
    keeps away ("abilities" or "spells") and whose ("opponents" or "any")."""
    for kinds, whose in game.chars(obj).flags.get("untargetable", ()):
        if ("abilities" if ability else "spells") in kinds and \
                (whose == "any" or controller != game.chars(obj).controller):
            return True
    return False


def candidates(game: "GameState", spec: TargetSpec, controller: int, source: Any,
               source_id: int | None = None, event: Any = None, specs: tuple[TargetSpec, ...] = (),
               ability: bool = False) -> list[int]:
    """Ids of every legal choice for one target word, in a stable order. A description whose controller
    is a player the text names ("... that player controls") keeps the objects that player may control:
    the triggering event's player, or (among ``specs``) anyone another target word could name; the whole
    choice is checked by ``check_choice``."""
    whose = _possible_controllers(game, spec, controller, source, source_id, event, specs, ability)
    out = list(_objects(game, spec, controller, source, source_id, whose, ability))
    out.extend(_players(game, spec, controller))
    return out


def _objects(game: "GameState", spec: TargetSpec, controller: int, source: Any,
             source_id: int | None, whose: set[int] | None = None, ability: bool = False) -> Iterator[int]:
    """The legal objects for one target word, one at a time, in a stable order."""
    if spec.objects is None:
        return
    source_uid = getattr(source, "card_uid", None)
    flt = spec.objects
    zone = flt.zone
    pool: list[Any]
    if zone == "battlefield":
        pool = game.battlefield
    elif zone == "stack" and flt.ability_kinds:
        pool = [o for o in game.stack if isinstance(o, StackAbility)]
    elif zone == "stack":
        pool = [o for o in game.stack if isinstance(o, GameObject)]
    elif zone == "any":
        pool = list(game.all_objects())
    else:
        pool = []
        for p in game.players:
            pool.extend(game.zone_list(zone, p.index))
    for o in pool:
        if source_id is not None and o.id == source_id and zone == "stack":
            continue  # a spell can't target itself (115.5)
        if object_matches(game, o, flt, source_id, controller, source_uid) and \
                can_target(game, o, source, controller, ability) and \
                (whose is None or game.controller_of(o) in whose):
            yield o.id


def _players(game: "GameState", spec: TargetSpec, controller: int) -> list[int]:
    """The legal players for one target word."""
    if spec.players is None:
        return []
    return [p.id for p in game.players if not p.lost and player_matches(spec.players, p, controller)
            and not _hexproof_player(game, p, controller)]


def _hexproof_player(game: "GameState", p: Player, controller: int) -> bool:
    """A player with hexproof can't be the target of spells or abilities their opponents control (702.11c)."""
    return p.index != controller and bool(game.player_flags(p.index).get("hexproof"))


def is_legal(game: "GameState", tid: int, spec: TargetSpec, controller: int, source: Any,
             source_id: int | None = None, ability: bool = False) -> bool:
    """Is this chosen target still legal (608.2b)?"""
    thing = game.get(tid)
    if thing is None:
        return False
    if isinstance(thing, Player):
        return spec.players is not None and not thing.lost and player_matches(spec.players, thing, controller) \
            and not _hexproof_player(game, thing, controller)
    if spec.objects is None:
        return False
    source_uid = getattr(source, "card_uid", None)
    return object_matches(game, thing, spec.objects, source_id, controller, source_uid) and \
        can_target(game, thing, source, controller, ability)


def _named_target(ref: Any) -> TargetRef | None:
    """The target word a reference depends on: "that player" after "target player", or the controller of
    a target object."""
    if isinstance(ref, TargetRef):
        return ref
    of = getattr(ref, "of", None)
    return of if isinstance(of, TargetRef) else None


def _possible_controllers(game: "GameState", spec: TargetSpec, controller: int, source: Any,
                          source_id: int | None, event: Any, specs: tuple[TargetSpec, ...],
                          ability: bool = False) -> set[int] | None:
    ref = spec.objects.controller_ref if spec.objects is not None else None
    if ref is None:
        return None
    named = _named_target(ref)
    if named is None:
        return _players_of(game, ref, controller, [], event)
    if named.index >= len(specs):
        return None     # known only with the other targets (check_choice)
    other = candidates(game, specs[named.index], controller, source, source_id, event, specs, ability)
    return {game.controller_of(t) if isinstance(t, GameObject) else t.index
            for t in (game.get(i) for i in other) if t is not None}


def _players_of(game: "GameState", ref: Any, controller: int, chosen: list[list[int]],
                event: Any) -> set[int] | None:
    """The players "... that player controls" names as targets are chosen: you, the triggering event's player,
    a target player, or a target object's controller; None for a reference known only on resolution."""
    if isinstance(ref, YouRef):
        return {controller}
    if isinstance(ref, EventRef):
        pi = event.get(ref.key) if event is not None else None
        return {pi} if isinstance(pi, int) and not isinstance(pi, bool) else set()
    named = _named_target(ref)
    if named is None:
        return None
    things = [game.get(t) for t in (chosen[named.index] if named.index < len(chosen) else [])]
    if isinstance(ref, TargetRef):
        return {t.index for t in things if isinstance(t, Player)}
    return {game.controller_of(t) for t in things if t is not None and not isinstance(t, Player)}


def _check_controllers(game: "GameState", specs: tuple[TargetSpec, ...], chosen: list[list[int]],
                       controller: int, source: Any, source_id: int | None, event: Any) -> None:
    """Targets described as "... that player controls" must be controlled by that player (115.1)."""
    for spec, picks in zip(specs, chosen):
        ref = spec.objects.controller_ref if spec.objects is not None else None
        if ref is None or not picks:
            continue
        whose = _players_of(game, ref, controller, chosen, event)
        if whose is None:
            continue
        for t in picks:
            if game.controller_of(game.get(t)) not in whose:
                raise IllegalAnswer(f"{game.describe(t)} isn't a legal target for {spec.label}: "
                                    f"its controller isn't the player the text names")


def check_choice(game: "GameState", specs: tuple[TargetSpec, ...], chosen: Any, controller: int, source: Any,
                 source_id: int | None = None, event: Any = None, ability: bool = False) -> list[list[int]]:
    """Validate chosen targets for all target words; return them normalised or raise IllegalAnswer."""
    if chosen is None:
        chosen = []
    if not isinstance(chosen, (list, tuple)):
        raise IllegalAnswer("targets must be a list")
    if len(chosen) != len(specs):
        # Allow a flat list when every target word takes exactly one target.
        if all(s.max_count == 1 for s in specs) and len(chosen) == len(specs) and all(
                is_number(c) for c in chosen):
            chosen = [[c] for c in chosen]
        elif all(is_number(c) for c in chosen) and len(specs) == 1:
            chosen = [list(chosen)]
        elif all(is_number(c) for c in chosen) and all(s.max_count == 1 for s in specs):
            raise IllegalAnswer(f"this needs {len(specs)} target{'s' if len(specs) != 1 else ''}, "
                                f"got {len(chosen)}")
        else:
            raise IllegalAnswer(f"this needs targets for {len(specs)} target word"
                                f"{'s' if len(specs) != 1 else ''}, got {len(chosen)}")
    normal: list[list[int]] = []
    for spec, picks in zip(specs, chosen):
        picks = [picks] if is_number(picks) else picks
        if not isinstance(picks, (list, tuple)) or not all(is_number(t) for t in picks):
            raise IllegalAnswer(f"the targets for {spec.label} must be a list of ids")
        picks = list(picks)
        if len(picks) < spec.min_count or len(picks) > spec.max_count:
            if spec.min_count == spec.max_count:
                raise IllegalAnswer(f"{spec.label} needs exactly {spec.min_count} "
                                    f"target{'s' if spec.min_count != 1 else ''}, got {len(picks)}")
            raise IllegalAnswer(f"{spec.label} needs {spec.min_count} to {spec.max_count} targets, "
                                f"got {len(picks)}")
        if len(set(picks)) != len(picks):
            raise IllegalAnswer("the same object can't be chosen twice for one target word (115.3)")
        legal = candidates(game, spec, controller, source, source_id, event, specs, ability)
        for t in picks:
            if t not in legal:
                raise IllegalAnswer(f"{game.describe(t)} isn't a legal target for {spec.label}")
        if spec.one_owner and len({_owner(game, t) for t in picks}) > 1:
            raise IllegalAnswer(f"the targets for {spec.label} must all be in one graveyard")
        normal.append(picks)
    for i, spec in enumerate(specs):
        for j in spec.distinct_from:
            if set(normal[i]) & set(normal[j]):
                raise IllegalAnswer("the same object can't be chosen for both targets")
    _check_controllers(game, specs, normal, controller, source, source_id, event)
    return normal


def _owner(game: "GameState", oid: int) -> int | None:
    obj = game.get(oid)
    return getattr(obj, "owner", None)


def has_legal_choice(game: "GameState", specs: tuple[TargetSpec, ...], controller: int, source: Any,
                     source_id: int | None = None, event: Any = None, ability: bool = False) -> bool:
    """Could targets be chosen for every target word (601.2c, 603.3d)?"""
    for spec in specs:
        if spec.min_count == 0:
            continue
        # Counted only until there are enough, players first (the cheaper look).
        found = len(_players(game, spec, controller))
        if found < spec.min_count:
            whose = _possible_controllers(game, spec, controller, source, source_id, event, specs, ability)
            for _ in _objects(game, spec, controller, source, source_id, whose, ability):
                found += 1
                if found >= spec.min_count:
                    break
            else:
                return False
    return True


def spread_targets(targets: Any, specs: tuple[TargetSpec, ...]) -> Any:
    """Targets given for the used target words only (modal spells) are spread over all of them."""
    if not isinstance(targets, list):
        return targets
    used = [i for i, s in enumerate(specs) if s.max_count > 0]
    if len(targets) == len(used) and len(used) != len(specs):
        full: list[Any] = [[] for _ in specs]
        for i, t in zip(used, targets):
            full[i] = t
        return full
    return targets


def targets_decision(game: "GameState", player: int, specs: tuple[TargetSpec, ...], source: Any,
                     source_id: int | None, prompt: str, effect: Effect | None = None, event: Any = None,
                     ability: bool = False) -> Targets:
    """Choose targets (601.2c). ``data["effect"]`` is what the spell or ability will do with them,
    so whoever answers can judge each target word (an Aura spell's effect is empty: its
    abilities are the source's)."""
    rows = []
    flat: list[Option] = []
    for s in specs:
        ids = candidates(game, s, player, source, source_id, event, specs, ability) if s.max_count else []
        row = {"label": s.label, "min": s.min_count, "max": s.max_count, "options": ids}
        if s.one_owner:   # the targets must share an owner: who owns each option
            row["owners"] = {i: _owner(game, i) for i in ids}
        rows.append(row)
        for i in ids:
            if all(o.value != i for o in flat):
                flat.append(Option(i, game.describe(i)))
    return Targets(player=player, prompt=prompt, options=flat, min=sum(s.min_count for s in specs),
                   max=sum(s.max_count for s in specs), specs=rows, effect=effect, source=source_id,
                   legal=lambda ans: check_choice(game, specs, spread_targets(ans, specs), player, source, source_id,
                                                  event, ability))


def targeted_events(stack_obj: Any, player: int) -> list[Event]:
    """Each object a spell or ability targets "becomes the target" of it."""
    seen: list[int] = []
    for row in stack_obj.targets:
        for t in row:
            if t not in seen:
                seen.append(t)
    return [Event("targeted", obj=t, by=stack_obj.id, player=player) for t in seen]
